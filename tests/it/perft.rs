//! Perft's options ([`Perft`]): counts with threads, a transposition
//! table, every leaf made, divide and split all equal the published counts
//! of `tests/data/` and each other.
//!
//! The thread tests need the feature `parallel`.

#![cfg(feature = "parallel")]

use crate::common::{cpw_suite, fischer_suite};
use magicboard::perft::split::split_positions;
use magicboard::perft::suite::SuiteEntry;
use magicboard::{Perft, PerftTable, perft};
use pretty_assertions::assert_eq;

/// The published count of `entry` at `depth`.
fn published(entry: &SuiteEntry, depth: u32) -> u64 {
    let count = entry.count(depth).expect("the suite lists that depth");
    u64::try_from(count).expect("published counts so far fit in u64")
}

#[test]
fn parallel_counts_equal_single_thread_counts() {
    // All CPW positions: the start position, Kiwipete, position 3 (few
    // pieces), position 4 (six root moves: the split goes deeper) and its
    // mirror, position 5.
    for line in cpw_suite() {
        let board = &line.board;
        for depth in 0..=4 {
            let expected = perft(board, depth);
            if let Some(n) = line.count(depth) {
                assert_eq!(u128::from(expected), n, "{} depth {depth}", line.fen);
            }
            for threads in [0, 1, 2, 3, 8] {
                for bulk in [true, false] {
                    assert_eq!(
                        Perft::new(depth).bulk(bulk).threads(threads).count(board),
                        expected,
                        "{} depth {depth}, {threads} threads, bulk {bulk}",
                        line.fen
                    );
                }
            }
        }
    }
}

#[test]
fn parallel_counts_at_depth_five() {
    for line in &cpw_suite()[..2] {
        for threads in [2, 4] {
            let count = Perft::new(5).threads(threads).count(&line.board);
            assert_eq!(count, published(line, 5));
        }
    }
    let line = &cpw_suite()[1];
    assert_eq!(
        Perft::new(4).full().threads(2).count(&line.board),
        published(line, 4)
    );
}

#[test]
fn parallel_divide_equals_divide() {
    for line in cpw_suite() {
        let board = &line.board;
        let plain3 = Perft::new(3).divide(board);
        let plain4 = Perft::new(4).divide(board);
        assert_eq!(
            plain3.iter().map(|&(_, n)| n).sum::<u64>(),
            published(&line, 3)
        );
        assert_eq!(Perft::new(3).full().divide(board), plain3);
        for threads in [1, 2, 4] {
            assert_eq!(Perft::new(3).threads(threads).divide(board), plain3);
            let table = PerftTable::new(1);
            assert_eq!(
                Perft::new(4).threads(threads).table(&table).divide(board),
                plain4
            );
        }
        assert!(Perft::new(0).threads(2).divide(board).is_empty());
    }
}

#[test]
fn hashed_counts_equal_plain_counts() {
    for line in cpw_suite() {
        let board = &line.board;
        let depth = 4;
        let expected = published(&line, depth);
        assert_eq!(perft(board, depth), expected);
        // A 1 MiB table (heavy replacement at these depths) and a normal one.
        for mb in [1, 64] {
            let table = PerftTable::new(mb);
            for bulk in [true, false] {
                let hashed = Perft::new(depth).bulk(bulk).table(&table);
                assert_eq!(hashed.count(board), expected, "{}", line.fen);
            }
            for threads in [1, 2, 4] {
                let table = PerftTable::new(mb);
                assert_eq!(
                    Perft::new(depth)
                        .threads(threads)
                        .table(&table)
                        .count(board),
                    expected,
                    "{}: {mb} MiB, {threads} threads",
                    line.fen
                );
            }
        }
    }
}

#[test]
fn hashed_counts_at_depth_five_with_tiny_and_normal_tables() {
    for line in &cpw_suite()[..2] {
        for mb in [1, 32] {
            let table = PerftTable::new(mb);
            assert_eq!(
                Perft::new(5).threads(2).table(&table).count(&line.board),
                published(line, 5),
                "{}: {mb} MiB",
                line.fen
            );
        }
    }
}

/// Every position of the repository's suites, with tables of several
/// seeds (each table reused across all the positions): the published counts
/// hold whatever the keys.
#[test]
fn suites_hold_with_every_seed() {
    let suites = [
        crate::common::standard_suite(),
        cpw_suite(),
        fischer_suite()[..100].to_vec(),
    ];
    for seed in [PerftTable::DEFAULT_SEED, 1, 2, 0x5eed, u64::MAX] {
        let table = PerftTable::new(8).with_seed(seed);
        for line in suites.iter().flatten() {
            for &(depth, expected) in &line.counts {
                if expected > 200_000 {
                    continue;
                }
                assert_eq!(
                    Perft::new(depth).table(&table).count_u128(&line.board),
                    Ok(expected),
                    "{} depth {depth}, seed {seed}",
                    line.fen
                );
            }
        }
    }
}

#[test]
fn contended_tiny_table_stays_exact() {
    // Sixteen buckets shared by four threads: entries are overwritten while
    // being read all the time; torn entries must be rejected, not used.
    let line = &cpw_suite()[1];
    for buckets in [1, 16] {
        let table = PerftTable::with_buckets(buckets);
        for _ in 0..2 {
            assert_eq!(
                Perft::new(4).threads(4).table(&table).count(&line.board),
                published(line, 4)
            );
        }
    }
}

#[test]
fn one_table_serves_many_chess960_roots() {
    // The Polyglot hash ignores which rook a Chess960 right belongs to; the
    // table key does not. Reuse one table across twenty different starts.
    let table = PerftTable::new(8);
    for line in fischer_suite().iter().take(20) {
        let board = &line.board;
        assert!(board.is_chess960(), "{}", line.fen);
        for depth in 1..=3 {
            assert_eq!(
                Perft::new(depth).table(&table).count(board),
                published(line, depth),
                "{} depth {depth}",
                line.fen
            );
        }
        assert_eq!(
            Perft::new(4).threads(2).table(&table).count(board),
            published(line, 4)
        );
    }
}

#[test]
fn split_positions_recombine_to_the_count() {
    for line in &cpw_suite()[..4] {
        let root = &line.board;
        for plies in 0..=3 {
            let split = split_positions(root, plies);
            let total: u64 = split
                .iter()
                .map(|(board, m)| m * perft(board, 4 - plies))
                .sum();
            assert_eq!(total, published(line, 4), "{} split {plies}", line.fen);
            for threads in [1, 2] {
                assert_eq!(
                    Perft::new(4 - plies).threads(threads).count_split(&split),
                    Ok(u128::from(published(line, 4))),
                    "{} split {plies}, {threads} threads",
                    line.fen
                );
            }
            let sequences: u64 = split.iter().map(|(_, m)| m).sum();
            assert_eq!(
                sequences,
                perft(root, plies),
                "multiplicities add up to the number of move sequences"
            );
        }
    }
}

/// Totals past `u64::MAX` are exact; past `u128::MAX` they are an error.
#[test]
fn count_split_is_exact_past_u64_and_reports_overflow() {
    let start = magicboard::Board::startpos();
    let huge = [(start.clone(), u64::MAX / 2), (start, u64::MAX / 2)];
    // perft(start, 1) = 20 (published).
    let expected = 2 * u128::from(u64::MAX / 2) * 20;
    assert!(expected > u128::from(u64::MAX));
    assert_eq!(Perft::new(1).count_split(&huge), Ok(expected));
    assert_eq!(Perft::new(1).threads(2).count_split(&huge), Ok(expected));
    assert_eq!(
        Perft::new(0).count_split(&huge[..1]),
        Ok(u128::from(u64::MAX / 2))
    );
    // A deep endgame (its count past 2^64 at depth 20, found in seconds with
    // a table) reached by 2^64 - 1 move sequences twice: past 2^128 - 1.
    let kqk = magicboard::Board::from_fen("3k4/8/8/8/8/8/8/2Q1K3 w - - 0 1").unwrap();
    let table = PerftTable::new(64);
    let past = [(kqk.clone(), u64::MAX), (kqk, u64::MAX)];
    for threads in [1, 2] {
        let error = Perft::new(20)
            .threads(threads)
            .table(&table)
            .count_split(&past)
            .unwrap_err();
        assert!(error.to_string().contains("exceeds 2^128 - 1"), "{error}");
    }
}
