//! magicboard side by side with cozy-chess 0.3.4 and chess 3.2.0 (both MIT,
//! dev-dependencies only) on the five CPW positions, single
//! thread, in two modes:
//!
//! * `bulk`: the last ply is counted, not made: each crate's fastest
//!   idiomatic perft (magicboard [`perft`], cozy-chess `moves.len()` of each
//!   `PieceMoves` at depth 1, chess `MoveGen::new_legal(&board).len()`);
//! * `full`: every leaf move is made (magicboard [`Perft::full`] with
//!   make/unmake, cozy-chess `clone` + `play_unchecked`, chess
//!   `make_move_new`).
//!
//! Depths (in `common::CPW5`) are the same for every crate and chosen so one
//! iteration takes about 5-200 ms. Before anything is timed, each crate's
//! count is checked against the published count in `tests/data/cpw.epd`.
//! Elements = leaf nodes, so criterion's throughput reads as nodes/s. Times
//! are the thread's CPU time on Linux (see `common::Clock`).
//!
//! Run: `cargo bench --bench peers` (filter e.g. `-- bulk/kiwipete`);
//! `benches/compare.sh` runs it and prints the Mnps/ratio table.
//!
//! shakmaty (GPL-3.0) is never a dependency of this repository; it is
//! measured from a scratch crate outside it.

mod common;

use common::{BenchPosition, CPW5, Criterion, published_count, quick_config};
use criterion::{BenchmarkId, SamplingMode, Throughput, criterion_group, criterion_main};
use magicboard::{Perft, perft};
use std::hint::black_box;
use std::str::FromStr;

mod cozy {
    use cozy_chess::Board;

    pub fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("valid FEN for cozy-chess")
    }

    pub fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => nodes = 1,
            1 => {
                board.generate_moves(|moves| {
                    nodes += moves.len() as u64;
                    false
                });
            }
            _ => {
                board.generate_moves(|moves| {
                    for mv in moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        nodes += bulk(&child, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += full(&child, depth - 1);
            }
            false
        });
        nodes
    }
}

mod jordan {
    //! The `chess` crate (its author's name keeps it apart from the word).
    use chess::{Board, MoveGen};

    pub fn board(fen: &str) -> Board {
        super::FromStr::from_str(fen).expect("valid FEN for chess")
    }

    pub fn bulk(board: &Board, depth: u32) -> u64 {
        let moves = MoveGen::new_legal(board);
        match depth {
            0 => 1,
            1 => moves.len() as u64,
            _ => moves
                .map(|mv| bulk(&board.make_move_new(mv), depth - 1))
                .sum(),
        }
    }

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        MoveGen::new_legal(board)
            .map(|mv| full(&board.make_move_new(mv), depth - 1))
            .sum()
    }
}

fn bench_mode(c: &mut Criterion, mode: &str) {
    for BenchPosition {
        name,
        fen,
        bulk_depth,
        full_depth,
    } in CPW5
    {
        let bulk = mode == "bulk";
        let depth = if bulk { bulk_depth } else { full_depth };
        let expected = published_count(fen, depth);

        let ours = magicboard::Board::from_str(fen).expect("valid FEN");
        let cozy_board = cozy::board(fen);
        let chess_board = jordan::board(fen);

        let count_ours = |b: &magicboard::Board| {
            if bulk {
                perft(b, depth)
            } else {
                Perft::new(depth).full().count(b)
            }
        };
        let count_cozy = |b: &cozy_chess::Board| {
            if bulk {
                cozy::bulk(b, depth)
            } else {
                cozy::full(b, depth)
            }
        };
        let count_chess = |b: &chess::Board| {
            if bulk {
                jordan::bulk(b, depth)
            } else {
                jordan::full(b, depth)
            }
        };
        let what = format!("{mode} {name} depth {depth}");
        assert_eq!(count_ours(&ours), expected, "magicboard {what}");
        assert_eq!(count_cozy(&cozy_board), expected, "cozy-chess {what}");
        assert_eq!(count_chess(&chess_board), expected, "chess {what}");

        let mut group = c.benchmark_group(format!("{mode}/{name}"));
        group.throughput(Throughput::Elements(expected));
        // Iterations of milliseconds: the same count in every sample.
        group.sampling_mode(SamplingMode::Flat);
        let d = format!("d{depth}");
        group.bench_function(BenchmarkId::new("magicboard", &d), |b| {
            b.iter(|| count_ours(black_box(&ours)))
        });
        group.bench_function(BenchmarkId::new("cozy-chess", &d), |b| {
            b.iter(|| count_cozy(black_box(&cozy_board)))
        });
        group.bench_function(BenchmarkId::new("chess", &d), |b| {
            b.iter(|| count_chess(black_box(&chess_board)))
        });
        group.finish();
    }
}

fn bench_bulk(c: &mut Criterion) {
    bench_mode(c, "bulk");
}

fn bench_full(c: &mut Criterion) {
    bench_mode(c, "full");
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_bulk, bench_full
}
criterion_main!(benches);
