//! Bad table files: truncated, padded, with a wrong magic number, with
//! bytes changed anywhere. Every probe must answer or return a
//! [`ProbeError::Table`] naming the file; none may panic (a read outside
//! the file would be one: safe Rust checks every index).

use crate::common::{random_board, tables_dir};
use magicboard::Board;
use magicboard_syzygy::{ProbeError, TableProblem, Tablebase};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};

/// A fresh directory under the test target's scratch space.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("syzygy-robustness")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `bytes` as the table `file` (and the material's other tables
/// unchanged) into a fresh directory, and probes `boards` with both kinds
/// of probe. Returns the errors; panics only if a probe panics or an
/// error does not name the file.
fn probe_with(file: &str, bytes: &[u8], boards: &[Board], case: &str) -> Vec<ProbeError> {
    let dir = scratch(case);
    // Every other table unchanged (hard links: no copies), this one as given.
    for entry in std::fs::read_dir(tables_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if name != file && name.contains(".rtb") {
            std::fs::hard_link(&path, dir.join(&name))
                .or_else(|_| std::fs::copy(&path, dir.join(&name)).map(|_| ()))
                .unwrap();
        }
    }
    std::fs::write(dir.join(file), bytes).unwrap();
    let tables = Tablebase::open(&dir).unwrap();
    let mut errors = Vec::new();
    for board in boards {
        for result in [
            tables.probe_wdl(board).map(|_| ()),
            tables.probe_dtz(board).map(|_| ()),
        ] {
            if let Err(err) = result {
                match &err {
                    ProbeError::Table(table) => {
                        assert!(
                            table.path().ends_with(file),
                            "{case}: {err} names another file"
                        );
                        assert!(err.to_string().contains(file), "{case}: {err}");
                    }
                    other => panic!("{case}: {other} for a bad {file}"),
                }
                errors.push(err);
            }
        }
    }
    errors
}

/// Random positions of the material, each side to move.
fn boards(rng: &mut Xoshiro256PlusPlus, material: &str, n: usize) -> Vec<Board> {
    (0..n).map(|_| random_board(rng, material)).collect()
}

/// Tables with each kind of layout: pawnless (3 and 4 pieces, the kings
/// placed as a pair in KNNvK), with pawns (one side, both sides), WDL and
/// DTZ, one-sided DTZ and value maps.
const FILES: [&str; 8] = [
    "KRvK.rtbw",
    "KRvK.rtbz",
    "KBNvK.rtbz",
    "KNNvK.rtbw",
    "KQvKR.rtbw",
    "KPvKP.rtbw",
    "KPvKP.rtbz",
    "KRvKP.rtbz",
];

#[test]
fn truncated_files_give_errors_naming_the_file() {
    if !crate::common::have_all_tables("robustness::truncated_files_give_errors_naming_the_file") {
        return;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(47);
    for file in FILES {
        let material = file.split('.').next().unwrap();
        let boards = boards(&mut rng, material, 60);
        let bytes = std::fs::read(tables_dir().join(file)).unwrap();
        // Every cut that keeps the length a table's (16 more than a
        // multiple of 64), spread over the file, and a few that do not.
        let mut cuts: Vec<usize> = (0..bytes.len()).filter(|n| n % 64 == 16).collect();
        if cuts.len() > 40 {
            let step = cuts.len() / 40;
            cuts = cuts.into_iter().step_by(step).collect();
        }
        cuts.extend([0, 1, 5, 17, bytes.len() - 1, bytes.len() / 2 + 3]);
        for cut in cuts {
            let errors = probe_with(file, &bytes[..cut], &boards, &format!("{file}-cut-{cut}"));
            if cut % 64 != 16 {
                assert!(!errors.is_empty(), "{file} cut at {cut}: no error");
                for err in &errors {
                    let ProbeError::Table(table) = err else {
                        unreachable!()
                    };
                    assert!(
                        matches!(table.problem(), TableProblem::Size { len } if *len == cut as u64),
                        "{file} cut at {cut}: {err}"
                    );
                }
            } else if cut < bytes.len() / 2 {
                // Far too short for its sections: the header check finds it.
                assert!(!errors.is_empty(), "{file} cut at {cut}: no error");
            }
        }
    }
}

#[test]
fn changed_bytes_never_panic() {
    if !crate::common::have_all_tables("robustness::changed_bytes_never_panic") {
        return;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed);
    let mut found = 0;
    let mut problems = std::collections::BTreeSet::new();
    for file in FILES {
        let material = file.split('.').next().unwrap();
        let boards = boards(&mut rng, material, 60);
        let bytes = std::fs::read(tables_dir().join(file)).unwrap();
        for round in 0..60 {
            let mut bad = bytes.clone();
            // Header rounds change the first 256 bytes (the piece lists and
            // compression headers); the others anywhere.
            let span = if round % 2 == 0 {
                bad.len().min(256)
            } else {
                bad.len()
            };
            for _ in 0..rng.random_range(1..8) {
                let at = rng.random_range(4..span);
                bad[at] = rng.random();
            }
            let errors = probe_with(file, &bad, &boards, &format!("{file}-bytes-{round}"));
            if let Some(err) = errors.first() {
                problems.insert(
                    err.to_string()
                        .split(" is ")
                        .nth(1)
                        .unwrap_or("")
                        .to_string(),
                );
            }
            found += errors.len();
        }
    }
    // Some of the changes must have been found (most leave the values
    // wrong but readable, which no format without checksums can catch).
    assert!(found > 0, "no changed table was reported");
    eprintln!(
        "{found} errors; the problems found:\n{}",
        problems.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn a_wrong_magic_number_is_named() {
    let bytes = std::fs::read(tables_dir().join("KRvK.rtbw")).unwrap();
    let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    // A DTZ file where a WDL file belongs.
    let dtz = std::fs::read(tables_dir().join("KRvK.rtbz")).unwrap();
    for (case, bad) in [
        ("zeroed", {
            let mut b = bytes.clone();
            b[..4].fill(0);
            b
        }),
        ("dtz-as-wdl", dtz),
    ] {
        let errors = probe_with("KRvK.rtbw", &bad, std::slice::from_ref(&board), case);
        assert!(!errors.is_empty());
        let ProbeError::Table(table) = &errors[0] else {
            unreachable!()
        };
        assert!(
            matches!(table.problem(), TableProblem::Magic { .. }),
            "{case}: {}",
            errors[0]
        );
        assert!(errors[0].to_string().contains("KRvK.rtbw"), "{}", errors[0]);
    }
}

#[test]
fn a_pawn_table_named_as_a_pawnless_one_is_corrupt() {
    // KPvK's contents under KRvK's name: the header's pieces (and pawn
    // flag) do not match the name.
    let bytes = std::fs::read(tables_dir().join("KPvK.rtbw")).unwrap();
    let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    let errors = probe_with("KRvK.rtbw", &bytes, &[board], "renamed");
    let ProbeError::Table(table) = &errors[0] else {
        unreachable!()
    };
    assert!(
        matches!(table.problem(), TableProblem::Corrupt(_)),
        "{}",
        errors[0]
    );
}
