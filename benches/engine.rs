//! The engine API's targeted paths against generating everything and
//! filtering (what an engine had to do before them), on the same positions
//! (cpw.epd and every 4th position of standard.epd, plus positions of a
//! fixed pseudo-random game from each):
//!
//! * `captures`, `quiets`, `masked` (the knights' moves): targeted
//!   generation vs `legal_moves` filtered; elements = positions;
//! * `is_legal`: one move decided from its piece vs `legal_moves().contains`
//!   (today's `is_legal` before the engine API), on every legal move of the
//!   positions plus as many stale 16-bit values; elements = moves;
//! * `has_legal_moves` (stops at the first move) vs counting them all;
//! * `gives_check` and `hash_after` (without making the move) vs making it
//!   on a copy; elements = moves.
//!
//! Run: `cargo bench --bench engine`.

mod common;

use common::{Criterion, movegen_fens, quick_config};
use criterion::{Throughput, criterion_group, criterion_main};
use magicboard::{Bitboard, Board, Move, MoveList, PieceKind};
use std::hint::black_box;

/// The suite positions and, from each, the positions of a short fixed game
/// (the middle of a game has more captures than the suites' openings).
fn boards() -> Vec<Board> {
    let mut out = Vec::new();
    let mut state = 0x1234_5678_u64;
    for fen in movegen_fens(4) {
        let mut board = Board::from_fen(&fen).expect("suite FENs are valid");
        out.push(board.clone());
        for _ in 0..12 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            board.make_move(moves[(state >> 33) as usize % moves.len()]);
            out.push(board.clone());
        }
    }
    out
}

fn bench_targeted(c: &mut Criterion) {
    let boards = boards();
    eprintln!("{} positions", boards.len());
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("captures/targeted", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += black_box(board.captures()).len();
            }
            total
        })
    });
    group.bench_function("captures/filtered", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                let mut moves = board.legal_moves();
                moves.retain(|mv| board.is_capture(mv) || mv.is_promotion());
                total += black_box(moves).len();
            }
            total
        })
    });
    group.bench_function("quiets/targeted", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += black_box(board.quiets()).len();
            }
            total
        })
    });
    group.bench_function("quiets/filtered", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                let mut moves = board.legal_moves();
                moves.retain(|mv| !board.is_capture(mv) && !mv.is_promotion());
                total += black_box(moves).len();
            }
            total
        })
    });
    let knights = |board: &Board| board.colored_pieces(board.side_to_move(), PieceKind::Knight);
    group.bench_function("masked/targeted", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += black_box(board.legal_moves_masked(knights(board), Bitboard::FULL)).len();
            }
            total
        })
    });
    group.bench_function("masked/filtered", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                let from = knights(board);
                let mut moves = board.legal_moves();
                moves.retain(|mv| from.contains(mv.from()));
                total += black_box(moves).len();
            }
            total
        })
    });
    group.bench_function("has_legal_moves/first", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += usize::from(board.has_legal_moves());
            }
            total
        })
    });
    group.bench_function("has_legal_moves/count", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += usize::from(board.count_legal_moves() > 0);
            }
            total
        })
    });
    group.finish();
}

fn bench_moves(c: &mut Criterion) {
    let boards = boards();
    // Every legal move, and as many stale values (a hash table's view).
    let mut state = 0x9e37_79b9_u64;
    let candidates: Vec<(Board, Vec<Move>)> = boards
        .iter()
        .map(|board| {
            let mut moves: Vec<Move> = board.legal_moves().to_vec();
            for _ in 0..moves.len() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                moves.push(Move::from_bits((state >> 40) as u16));
            }
            (board.clone(), moves)
        })
        .collect();
    let count: usize = candidates.iter().map(|(_, m)| m.len()).sum();
    let legal: Vec<(Board, MoveList)> = boards
        .iter()
        .map(|b| (b.clone(), b.legal_moves()))
        .collect();
    let legal_count: usize = legal.iter().map(|(_, m)| m.len()).sum();

    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function("is_legal/by_piece", |b| {
        b.iter(|| {
            let mut n = 0;
            for (board, moves) in black_box(&candidates) {
                n += moves.iter().filter(|&&mv| board.is_legal(mv)).count();
            }
            n
        })
    });
    group.bench_function("is_legal/generate_and_search", |b| {
        b.iter(|| {
            let mut n = 0;
            for (board, moves) in black_box(&candidates) {
                n += moves
                    .iter()
                    .filter(|&&mv| {
                        board.colored(board.side_to_move()).contains(mv.from())
                            && board.legal_moves().contains(&mv)
                    })
                    .count();
            }
            n
        })
    });
    group.throughput(Throughput::Elements(legal_count as u64));
    group.bench_function("gives_check/direct", |b| {
        b.iter(|| {
            let mut n = 0;
            for (board, moves) in black_box(&legal) {
                n += moves.iter().filter(|&&mv| board.gives_check(mv)).count();
            }
            n
        })
    });
    group.bench_function("gives_check/copy_make", |b| {
        b.iter(|| {
            let mut n = 0;
            for (board, moves) in black_box(&legal) {
                n += moves
                    .iter()
                    .filter(|&&mv| board.play_unchecked(mv).in_check())
                    .count();
            }
            n
        })
    });
    group.bench_function("hash_after/direct", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (board, moves) in black_box(&legal) {
                for &mv in moves.iter() {
                    acc ^= board.hash_after(mv);
                }
            }
            acc
        })
    });
    group.bench_function("hash_after/copy_make", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (board, moves) in black_box(&legal) {
                for &mv in moves.iter() {
                    acc ^= board.play_unchecked(mv).hash();
                }
            }
            acc
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_targeted, bench_moves
}
criterion_main!(benches);
