//! Perft statistics (`Perft::stats`): every column of the Chess Programming
//! Wiki's published tables (`tests/data/cpw-stats.epd`), and the slow
//! make/unmake count (`PerftStats::by_make_unmake`, feature `reference`) on
//! every position of the repository's suites.
//!
//! Some tests count on two threads: the module needs the feature
//! `parallel`.

#![cfg(feature = "parallel")]

use crate::common::{cpw_stats_suite, cpw_suite, fischer_suite, standard_suite};
use magicboard::perft::PerftStats;
use magicboard::{Board, Perft, PerftTable};
use pretty_assertions::assert_eq;

/// Published figures that are wrong, with the correct figure, the reason and
/// the evidence: (FEN, depth, column, published, correct).
///
/// Kiwipete at depth 5 has 2645 double checks, not 2637: reported by several
/// authors of move generators (talkchess.com, "Perft statistics -
/// chessprogrammingwiki", 2021; chess.stackexchange.com question 26415,
/// 2019), and the slow make/unmake count below finds 2645 too.
const ERRATA: [(&str, u32, usize, u128, u128); 1] = [(
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    5,
    7,
    2637,
    2645,
)];

/// Every depth of the published tables up to this many nodes (a few seconds
/// each on one core).
const PUBLISHED_LIMIT: u128 = 200_000_000;

#[test]
fn every_published_column_up_to_200_million_nodes() {
    let mut checked = 0;
    for entry in cpw_stats_suite() {
        for &(depth, published) in &entry.stats {
            let nodes = published[0].expect("every row gives nodes");
            if nodes > PUBLISHED_LIMIT {
                continue;
            }
            let got = Perft::new(depth).threads(2).stats(&entry.board).unwrap();
            for (column, (&expected, got)) in published.iter().zip(got.columns()).enumerate() {
                let Some(mut expected) = expected else {
                    continue;
                };
                if let Some(&(_, _, _, wrong, right)) = ERRATA
                    .iter()
                    .find(|e| (e.0, e.1, e.2) == (entry.fen.as_str(), depth, column))
                {
                    assert_eq!(expected, wrong, "the erratum is of the published figure");
                    expected = right;
                }
                assert_eq!(
                    got,
                    expected,
                    "{} depth {depth}: {}",
                    entry.fen,
                    PerftStats::NAMES[column]
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 240, "{checked} figures checked");
}

#[test]
fn the_tables_node_counts_are_those_of_cpw_epd() {
    let plain = cpw_suite();
    for (stats, counts) in cpw_stats_suite().iter().zip(&plain) {
        assert_eq!(stats.board, counts.board);
        for &(depth, nodes) in &counts.counts {
            assert_eq!(
                stats.count(depth),
                Some(nodes),
                "{} depth {depth}",
                stats.fen
            );
        }
    }
}

#[test]
fn the_erratum_is_confirmed_by_the_slow_count() {
    for (fen, depth, column, _, right) in ERRATA {
        let board = Board::from_fen(fen).unwrap();
        let slow = PerftStats::by_make_unmake(&board, depth);
        assert_eq!(slow.columns()[column], right, "{fen} depth {depth}");
    }
}

/// The fast count against the slow make/unmake one on every position of
/// the suites (Chess960 included), at the depths where the slow one is
/// quick.
#[test]
fn the_slow_count_agrees_on_every_suite_position() {
    let suites = [standard_suite(), cpw_suite(), fischer_suite()];
    let mut compared = 0;
    for entry in suites.iter().flatten() {
        for depth in 1..=3 {
            if entry.count(depth).is_some_and(|n| n > 150_000) {
                break;
            }
            let fast = Perft::new(depth).stats(&entry.board).unwrap();
            let slow = PerftStats::by_make_unmake(&entry.board, depth);
            assert_eq!(fast, slow, "{} depth {depth}", entry.fen);
            compared += 1;
        }
    }
    assert!(compared > 2500, "{compared} comparisons");
}

/// Threads and a table (statistics entries beside count entries in one
/// table, several seeds) change nothing.
#[test]
fn threads_and_tables_give_the_same_statistics() {
    for entry in &cpw_suite()[..4] {
        let board = &entry.board;
        let plain = Perft::new(4).stats(board).unwrap();
        for seed in [0, 1, 9] {
            let table = PerftTable::new(4).with_seed(seed);
            for threads in [1, 2] {
                let hashed = Perft::new(4).threads(threads).table(&table);
                assert_eq!(hashed.stats(board), Ok(plain), "{}", entry.fen);
                // Counts from the same table are not confused with statistics.
                assert_eq!(hashed.count_u128(board), Ok(plain.nodes));
                assert_eq!(hashed.stats(board), Ok(plain));
            }
        }
        let split = Perft::new(4).threads(2).divide_stats(board).unwrap();
        assert_eq!(split.iter().map(|&(_, s)| s).sum::<PerftStats>(), plain);
        let tiny = PerftTable::with_buckets(4);
        assert_eq!(Perft::new(4).table(&tiny).stats(board), Ok(plain));
    }
}

/// The corner cases the definitions decide, each on a position built for it.
#[test]
fn corner_cases() {
    let one = |fen: &str, uci: &str| {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci).unwrap();
        let (fast, slow) = (
            Perft::new(1).stats(&board).unwrap(),
            PerftStats::by_make_unmake(&board, 1),
        );
        assert_eq!(fast, slow, "{fen}");
        // The move's own row: the divide's entry for it at depth 1.
        let split = Perft::new(1).divide_stats(&board).unwrap();
        assert_eq!(split.iter().map(|&(_, s)| s).sum::<PerftStats>(), fast);
        split.iter().find(|&&(m, _)| m == mv).unwrap().1
    };
    // Castling whose rook gives check: a check, not a discovered one.
    let row = one("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
    assert_eq!((row.castles, row.checks, row.discovered_checks), (1, 1, 0));
    // En passant uncovering a rook along the rank: discovered.
    let row = one("8/8/8/R2pP2k/8/8/8/6K1 w - d6 0 1", "e5d6");
    assert_eq!(
        (
            row.en_passant,
            row.captures,
            row.checks,
            row.discovered_checks
        ),
        (1, 1, 1, 1)
    );
    // En passant uncovering a bishop along a diagonal.
    let row = one("6k1/8/8/3pP3/8/8/B7/6K1 w - d6 0 1", "e5d6");
    assert_eq!(
        (row.checks, row.discovered_checks, row.double_checks),
        (1, 1, 0)
    );
    // A promotion that checks with the promoted piece: direct.
    let row = one("3k4/6P1/8/8/8/8/8/4K3 w - - 0 1", "g7g8q");
    assert_eq!(
        (row.promotions, row.checks, row.discovered_checks),
        (1, 1, 0)
    );
    // A promotion that checks and uncovers a rook along the seventh rank:
    // double.
    let row = one("8/R2Pk3/8/8/8/8/8/7K w - - 0 1", "d7d8q");
    assert_eq!((row.checks, row.double_checks, row.checkmates), (1, 1, 0));
}
