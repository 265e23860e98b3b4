//! Adding tables, max_pieces, and the errors for what the tables cannot
//! answer.

use crate::common::{have_all_tables, tables, tables_dir};
use magicboard::Board;
use magicboard_syzygy::{Dtz, Material, ProbeError, TableKind, Tablebase, Wdl};
use std::path::Path;

#[test]
fn a_directory_adds_its_tables_and_nothing_else() {
    if !have_all_tables("api::a_directory_adds_its_tables_and_nothing_else") {
        return;
    }
    let mut tables = Tablebase::new();
    // 35 materials, WDL and DTZ each; SOURCE.txt is not a table.
    assert_eq!(tables.add_directory(tables_dir()).unwrap(), 70);
    assert_eq!(tables.max_pieces(), 4);
    assert_eq!(
        format!("{tables:?}"),
        "Tablebase { wdl_tables: 35, dtz_tables: 35, max_pieces: 4 }"
    );
    // Adding it again replaces the same tables.
    assert_eq!(tables.add_directory(tables_dir()).unwrap(), 70);
    assert_eq!(tables.max_pieces(), 4);
}

#[test]
fn three_pieces_are_in_the_package() {
    // The package holds the 3-piece tables: this runs everywhere.
    let tables = tables();
    assert!(tables.max_pieces() >= 3);
    // White wins with the rook (python-chess: wdl 2, dtz 25 for this one).
    let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    assert_eq!(tables.probe_wdl(&board).unwrap(), Wdl::Win);
    assert_eq!(tables.probe_dtz(&board).unwrap(), Dtz(25));
}

#[test]
fn errors_name_the_problem() {
    let tables = tables();
    let castling = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(matches!(
        tables.probe_dtz(&castling),
        Err(ProbeError::CastlingRights)
    ));
    assert!(matches!(
        tables.root_moves(&castling),
        Err(ProbeError::CastlingRights)
    ));

    let nine = Board::from_fen("4k3/pppp4/8/8/8/8/PPP5/4K3 w - - 0 1").unwrap();
    match tables.probe_wdl(&nine) {
        Err(err @ ProbeError::TooManyPieces { pieces: 9, max: 7 }) => {
            assert!(err.to_string().contains("9 pieces"), "{err}")
        }
        other => panic!("{other:?}"),
    }

    // Five pieces: no table here (the test data stops at four).
    let five = Board::from_fen("4k3/8/8/8/8/8/8/RRR1K3 b - - 0 1").unwrap();
    match tables.probe_wdl(&five) {
        Err(
            err @ ProbeError::MissingTable {
                kind: TableKind::Wdl,
                ..
            },
        ) => {
            assert_eq!(err.to_string(), "missing WDL table KRRRvK.rtbw");
        }
        other => panic!("{other:?}"),
    }
    // A material is named as its file is, stronger side first.
    let five = Board::from_fen("4k1rr/7r/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    match tables.probe_wdl(&five) {
        Err(ProbeError::MissingTable { material, .. }) => {
            assert_eq!(material, "KRRRvK".parse::<Material>().unwrap())
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn dtz_needs_its_table() {
    // Only the WDL tables of KRvK: WDL answers, DTZ names the file it needs.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("syzygy-api-wdl-only");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(tables_dir().join("KRvK.rtbw"), dir.join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.join("README"), "not a table").unwrap();
    std::fs::write(dir.join("KRvK.txt"), "not a table").unwrap();
    std::fs::write(dir.join("KXvK.rtbw"), "not a table name").unwrap();
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(&dir).unwrap(), 1);
    let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    assert_eq!(tables.probe_wdl(&board).unwrap(), Wdl::Win);
    match tables.probe_dtz(&board) {
        Err(
            err @ ProbeError::MissingTable {
                kind: TableKind::Dtz,
                ..
            },
        ) => {
            assert_eq!(err.to_string(), "missing DTZ table KRvK.rtbz")
        }
        other => panic!("{other:?}"),
    }
    // The WDL ranking works without DTZ tables.
    let moves = tables.root_moves_wdl(&board).unwrap();
    assert_eq!(moves[0].wdl, Wdl::Win);
}

#[test]
fn a_missing_directory_is_named() {
    let err = Tablebase::open("/no/such/tables").err().unwrap();
    assert_eq!(err.path(), Path::new("/no/such/tables"));
    assert!(
        err.to_string()
            .starts_with("cannot read the table directory /no/such/tables"),
        "{err}"
    );
}

#[test]
fn en_passant_is_searched() {
    if !have_all_tables("api::en_passant_is_searched") {
        return;
    }
    let tables = tables();
    // (FEN, WDL, DTZ) as python-chess 1.11.2 gives them, each with and
    // without the en passant square: taking en passant saves Black in the
    // first, wins for White in the second.
    for (fen, wdl, dtz) in [
        ("8/8/8/8/1pP5/1K6/8/1k6 b - c3 0 1", 0, 0),
        ("8/8/8/8/1pP5/1K6/8/1k6 b - - 0 1", -2, -1),
        ("6K1/8/8/5pP1/8/8/1k6/8 w - f6 0 1", 2, 1),
        ("6K1/8/8/5pP1/8/8/1k6/8 w - - 0 1", 0, 0),
    ] {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(board.en_passant().is_some(), !fen.contains(" - - "));
        assert_eq!(tables.probe_wdl(&board).unwrap().value(), wdl, "{fen}");
        assert_eq!(tables.probe_dtz(&board).unwrap(), Dtz(dtz), "{fen}");
    }
}
