//! One tablebase shared by threads that open tables lazily at the same
//! time: every answer equals a single thread's.

use crate::common::{have_all_tables, random_board, tables};
use magicboard_syzygy::Tablebase;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::sync::Arc;

#[test]
fn threads_share_a_tablebase() {
    if !have_all_tables("threads::threads_share_a_tablebase") {
        return;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let materials = [
        "KQvKR", "KPvKP", "KBNvK", "KRvKP", "KNvKP", "KRPvK", "KQvKQ", "KBvKB",
    ];
    let boards: Vec<_> = (0..800)
        .map(|i| random_board(&mut rng, materials[i % materials.len()]))
        .collect();
    let expected: Vec<_> = {
        let one = tables();
        boards
            .iter()
            .map(|b| (one.probe_wdl(b).unwrap(), one.probe_dtz(b).unwrap()))
            .collect()
    };
    let shared: Arc<Tablebase> = Arc::new(tables());
    std::thread::scope(|s| {
        for t in 0..4 {
            let (shared, boards, expected) = (&shared, &boards, &expected);
            s.spawn(move || {
                // Each thread starts elsewhere: they open tables at once.
                for i in (0..boards.len()).map(|i| (i + t * 200) % boards.len()) {
                    let got = (
                        shared.probe_wdl(&boards[i]).unwrap(),
                        shared.probe_dtz(&boards[i]).unwrap(),
                    );
                    assert_eq!(got, expected[i], "{}", boards[i].to_fen());
                }
            });
        }
    });
}
