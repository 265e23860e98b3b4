//! magicboard's own hot paths, measured with criterion:
//!
//! * `perft/*`: perft of the start position and Kiwipete, bulk (last ply
//!   counted), full (every leaf made) and stats (every leaf move counted by
//!   kind, `Perft::stats`); elements = leaf nodes;
//! * `legal_moves`, `count_legal_moves`: generation over a fixed set of
//!   positions (cpw.epd and every 4th of standard.epd); elements = positions;
//! * `make_unmake`, `copy_make`: every legal move of those positions made
//!   and taken back (or played on a copy); elements = moves;
//! * `attacks/*`: rook, bishop and queen lookups on pseudo-random squares
//!   and occupancies; elements = lookups.
//!
//! Throughput is reported, so criterion's medians read as elements/s.
//! Run: `cargo bench --bench movegen` (add a filter such as `perft` to run
//! a part).

mod common;

use common::{Criterion, movegen_fens, published_count, quick_config};
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use magicboard::{Bitboard, Board, MoveList, Perft, Square, attacks, perft};
use std::hint::black_box;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (name, FEN, depth): one iteration is tens of milliseconds.
const PERFT: [(&str, &str, u32); 2] = [("startpos", STARTPOS, 5), ("kiwipete", KIWIPETE, 4)];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, fen, depth) in PERFT {
        let expected = published_count(fen, depth);
        let board = Board::from_fen(fen).expect("valid FEN");
        assert_eq!(perft(&board, depth), expected, "{name} bulk");
        let full = Perft::new(depth).full();
        assert_eq!(full.count(&board), expected, "{name} full");
        group.throughput(Throughput::Elements(expected));
        let id = format!("{name}/d{depth}");
        group.bench_function(BenchmarkId::new("bulk", &id), |b| {
            b.iter(|| perft(black_box(&board), depth))
        });
        group.bench_function(BenchmarkId::new("full", &id), |b| {
            b.iter(|| full.count(black_box(&board)))
        });
        let stats = Perft::new(depth);
        let counted = stats.stats(&board).expect("no overflow");
        assert_eq!(counted.nodes, u128::from(expected), "{name} stats");
        group.bench_function(BenchmarkId::new("stats", &id), |b| {
            b.iter(|| stats.stats(black_box(&board)))
        });
    }
    group.finish();
}

fn boards() -> Vec<Board> {
    movegen_fens(4)
        .into_iter()
        .map(|fen| Board::from_fen(&fen).expect("suite FENs are valid"))
        .collect()
}

fn bench_generation(c: &mut Criterion) {
    let boards = boards();
    let mut group = c.benchmark_group("generation");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += black_box(board.legal_moves()).len();
            }
            total
        })
    });
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in black_box(&boards) {
                total += board.count_legal_moves();
            }
            total
        })
    });
    group.finish();
}

fn bench_make(c: &mut Criterion) {
    let positions: Vec<(Board, MoveList)> = boards()
        .into_iter()
        .map(|board| {
            let moves = board.legal_moves();
            (board, moves)
        })
        .collect();
    let moves: usize = positions.iter().map(|(_, m)| m.len()).sum();
    let mut group = c.benchmark_group("make");
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("make_unmake", |b| {
        let mut positions = positions.clone();
        b.iter(|| {
            let mut acc = 0u64;
            for (board, moves) in black_box(&mut positions).iter_mut() {
                for &mv in moves.iter() {
                    let undo = board.make_move(mv);
                    acc ^= board.hash();
                    board.unmake_move(mv, undo);
                }
            }
            acc
        })
    });
    group.bench_function("copy_make", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (board, moves) in black_box(&positions) {
                for &mv in moves.iter() {
                    acc ^= board.play_unchecked(mv).hash();
                }
            }
            acc
        })
    });
    group.finish();
}

/// SplitMix64: a fixed, dependency-free stream of test inputs.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn bench_attacks(c: &mut Criterion) {
    // Random squares; occupancies of about 1/4 density (a middlegame-like
    // board), so every ray length is exercised.
    let mut state = 0x5eed;
    let inputs: Vec<(Square, Bitboard)> = (0..4096)
        .map(|_| {
            let sq = Square::from_index((splitmix(&mut state) % 64) as usize).expect("< 64");
            let occ = splitmix(&mut state) & splitmix(&mut state);
            (sq, Bitboard(occ))
        })
        .collect();
    let mut group = c.benchmark_group("attacks");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    lookup_bench(&mut group, "rook", &inputs, attacks::rook_attacks);
    lookup_bench(&mut group, "bishop", &inputs, attacks::bishop_attacks);
    lookup_bench(&mut group, "queen", &inputs, attacks::queen_attacks);
    group.finish();
}

/// Generic over the lookup so each one is inlined into its own loop.
fn lookup_bench<M: criterion::measurement::Measurement>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    name: &str,
    inputs: &[(Square, Bitboard)],
    lookup: impl Fn(Square, Bitboard) -> Bitboard,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(sq, occ) in black_box(inputs) {
                acc ^= lookup(sq, occ).0;
            }
            acc
        })
    });
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_perft, bench_generation, bench_make, bench_attacks
}
criterion_main!(benches);
