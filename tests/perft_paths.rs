//! perft is compiled twice on x86-64 (plain, and with the `popcnt`
//! instruction, chosen at run time). Both walks must give the published
//! counts: this checks the portable one directly, and the dispatched one
//! through the public functions.

mod common;

use magicboard::Board;
use magicboard::perft::perft_portable;

#[test]
fn both_walks_give_the_published_counts() {
    let budget = if cfg!(debug_assertions) {
        20_000
    } else {
        2_000_000
    };
    let mut checked = 0;
    for entry in common::load_suite("cpw.epd") {
        let mut board = Board::from_fen(&entry.fen).unwrap();
        for &(depth, expected) in &entry.counts {
            if expected > budget {
                continue;
            }
            for bulk in [true, false] {
                let portable = perft_portable(&mut board, depth, bulk);
                let dispatched = if bulk {
                    magicboard::perft(&mut board, depth)
                } else {
                    magicboard::perft_full(&mut board, depth)
                };
                assert_eq!(
                    portable, expected,
                    "portable, bulk={bulk}: {} depth {depth}",
                    entry.fen
                );
                assert_eq!(
                    dispatched, expected,
                    "dispatched, bulk={bulk}: {} depth {depth}",
                    entry.fen
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "only {checked} checks");
}
