//! Real files no one here wrote (tests/data/README.md): every game's
//! mainline as python-chess reads it, and, with `MAGICBOARD_PGN_DATA` set
//! to a folder of more PGN files (CI fetches the TWIC sample and
//! python-chess's files), every game read without a panic, the same in
//! parallel, and written and read back to the same mainline.

use crate::common::{data, games, mainlines};
use magicboard_pgn::{GameTree, Games, Reader};
use pretty_assertions::assert_eq;

/// Our mainlines against the `.uci` file python-chess wrote for `name`.
fn agrees_with_python_chess(name: &str) {
    let pgn = data(&format!("{name}.pgn"));
    let expected = String::from_utf8(data(&format!("{name}.uci"))).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    let ours = mainlines(&pgn);
    assert!(!expected.is_empty());
    assert_eq!(ours, expected);
}

#[test]
fn lichess_10k_mainlines_are_python_chess_s() {
    agrees_with_python_chess("lichess_db_10k");
}

#[test]
fn lichess_100k_mainlines_are_python_chess_s() {
    agrees_with_python_chess("lichess_db_100k");
}

#[test]
fn lichess_100k_written_as_python_chess_exports_it() {
    // python-chess's StringExporter(columns=80) of each game, joined by a
    // blank line (tests/data/README.md).
    let expected = String::from_utf8(data("lichess_db_100k.exported.pgn")).unwrap();
    let pgn = data("lichess_db_100k.pgn");
    let mut reader = Reader::new(&pgn[..]);
    let mut ours = Vec::new();
    while let Some(tree) = GameTree::read(&mut reader).unwrap() {
        assert!(tree.errors.is_empty(), "{:?}", tree.errors);
        ours.push(tree.to_string());
    }
    assert_eq!(ours.len(), 47);
    assert_eq!(ours.join("\n\n") + "\n", expected);
}

#[test]
fn lichess_100k_headers_results_and_clock_comments() {
    let pgn = data("lichess_db_100k.pgn");
    let all = games(&pgn);
    let first = &all[0];
    assert_eq!(first.tags.get("Site"), Some("https://lichess.org/ENPo6ReH"));
    assert_eq!(first.tags.get("Result"), Some("0-1"));
    assert_eq!(first.result, Some(magicboard_pgn::GameResult::BlackWins));
    assert_eq!(first.number, 1);
    assert_eq!(first.line, 1);
    // Every game's result token agrees with its Result tag.
    for game in &all {
        assert_eq!(
            game.tags.get("Result"),
            game.result.map(|r| r.as_str()),
            "game {}",
            game.number
        );
    }
}

#[test]
fn read_write_read_is_the_identity_on_the_mainline() {
    for name in ["lichess_db_10k.pgn", "lichess_db_100k.pgn"] {
        let pgn = data(name);
        for game in games(&pgn) {
            let text = game.to_string();
            let again = Games::new(text.as_bytes()).next().unwrap().unwrap();
            assert_eq!(again.moves, game.moves, "{text}");
            assert_eq!(again.tags, game.tags);
            assert_eq!(again.start, game.start);
        }
    }
}

/// The PGN files of the folder `MAGICBOARD_PGN_DATA` names (CI fills it
/// from the pgn-reader crate's and python-chess's packages), if set.
fn extra_files() -> Vec<std::path::PathBuf> {
    let Ok(dir) = std::env::var("MAGICBOARD_PGN_DATA") else {
        println!("skipped: MAGICBOARD_PGN_DATA is not set");
        return Vec::new();
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .pgn file in {dir}");
    files
}

#[test]
fn fetched_files_read_written_and_read_back() {
    for path in extra_files() {
        let pgn = std::fs::read(&path).unwrap();
        let mut good = 0;
        for game in Games::new(&pgn[..]) {
            let Ok(game) = game else { continue };
            good += 1;
            let again = Games::new(game.to_string().as_bytes())
                .next()
                .unwrap()
                .unwrap();
            assert_eq!(
                again.moves,
                game.moves,
                "{}: game {}",
                path.display(),
                game.number
            );
        }
        // Trees: written (with variations and comments) and read back.
        let mut reader = Reader::new(&pgn[..]);
        while let Some(tree) = GameTree::read(&mut reader).unwrap() {
            if !tree.errors.is_empty() {
                continue;
            }
            let text = tree.to_string();
            let again = GameTree::read(&mut Reader::new(text.as_bytes()))
                .unwrap()
                .unwrap();
            assert_eq!(again.to_string(), text, "{}", path.display());
            assert_eq!(again.mainline_moves(), tree.mainline_moves());
        }
        println!("{}: {good} good games", path.display());
    }
}

#[cfg(feature = "parallel")]
#[test]
fn fetched_files_the_same_in_parallel() {
    for path in extra_files() {
        let pgn = std::fs::read(&path).unwrap();
        let sequential = mainlines(&pgn);
        let parallel: Vec<String> = magicboard_pgn::parallel::Games::new(&pgn[..])
            .map(|g| crate::common::line(&g))
            .collect();
        assert_eq!(parallel, sequential, "{}", path.display());
    }
}
