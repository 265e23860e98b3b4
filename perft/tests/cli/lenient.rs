//! `--lenient`: positions no game reaches, counted as python-chess counts
//! them (`tests/data/lenient.epd`, written by `tests/data/lenient.py`; the
//! first position's counts are also the Grand Chess Tree suite's published
//! consensus, quoted in niklasf/shakmaty#154).

use super::{ok, perft};
use crate::common::data_path;

const TWO_BISHOP_CHECKS: &str = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";

#[test]
fn a_lenient_position_counts_and_is_refused_without_the_flag() {
    let out = ok(&[
        "--lenient",
        "--fen",
        "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1",
        "--depth",
        "4",
    ]);
    assert!(out.contains("Nodes searched: 1156"), "{out}");
    let out = ok(&[
        "--lenient",
        "--fen",
        TWO_BISHOP_CHECKS,
        "--depth",
        "4",
        "--divide",
    ]);
    assert!(out.contains("Nodes searched: 31151"), "{out}");

    let run = perft(&["--fen", "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", "--depth", "2"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("pawn on d8"), "{}", run.stderr);
    assert!(run.stderr.contains("--lenient"), "{}", run.stderr);
    // What even a lenient board cannot be stays bad input, without the hint.
    let run = perft(&[
        "--lenient",
        "--fen",
        "4k3/8/8/8/8/8/8/4QK2 w - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.contains("not to move is in check"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("--lenient"), "{}", run.stderr);
}

#[test]
fn the_lenient_suite_passes_and_needs_the_flag() {
    let path = data_path("lenient.epd");
    let path = path.to_str().unwrap();
    let out = ok(&["--lenient", "--epd", path, "--threads", "2"]);
    assert!(out.contains("Failed:    0"), "{out}");
    let run = perft(&["--epd", path]);
    assert_eq!(run.status, 2, "{}", run.stdout);
    let run = perft(&["--lenient", "--bench"]);
    assert_eq!(run.status, 2);
}
