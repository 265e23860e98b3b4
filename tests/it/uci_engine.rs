//! Drives `examples/uci_engine.rs` through a pipe, as a GUI would.

use crate::common;

use magicboard::Board;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

/// Builds (with the cargo that runs this test, in the same profile, so
/// usually built already) and starts the example.
fn start_engine() -> std::process::Child {
    std::process::Command::new(common::example_binary("uci_engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the example uci_engine starts")
}

#[test]
fn answers_uci_isready_position_go() {
    let mut engine = start_engine();
    let mut stdin = engine.stdin.take().unwrap();
    let mut lines = BufReader::new(engine.stdout.take().unwrap()).lines();
    let mut next_line = || lines.next().expect("engine closed stdout").unwrap();

    writeln!(stdin, "uci").unwrap();
    let mut ids = Vec::new();
    loop {
        let line = next_line();
        if line == "uciok" {
            break;
        }
        ids.push(line);
    }
    assert!(ids.iter().any(|l| l.starts_with("id name ")), "{ids:?}");
    assert!(ids.iter().any(|l| l.starts_with("id author ")), "{ids:?}");

    writeln!(stdin, "isready").unwrap();
    assert_eq!(next_line(), "readyok");

    let after_e4 = Board::startpos().play_unchecked(Board::startpos().parse_uci("e2e4").unwrap());
    for _ in 0..20 {
        writeln!(stdin, "ucinewgame\nposition startpos moves e2e4\ngo").unwrap();
        let line = next_line();
        let best = line
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("{line}"));
        // A legal move for Black after 1. e4 (parse_uci checks legality).
        let mv = after_e4
            .parse_uci(best)
            .unwrap_or_else(|e| panic!("{best}: {e}"));
        assert_eq!(after_e4.to_uci(mv).to_string(), best);
    }

    // Checkmate: no legal move.
    writeln!(stdin, "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo").unwrap();
    assert_eq!(next_line(), "bestmove 0000");

    // A bad position is reported and the previous one kept.
    writeln!(stdin, "position fen 8/8/8 w - - 0 1\nisready").unwrap();
    assert!(next_line().starts_with("info string error: bad FEN"));
    assert_eq!(next_line(), "readyok");

    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let status = engine.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn plays_chess960_castling_king_takes_rook() {
    let mut engine = start_engine();
    let mut stdin = engine.stdin.take().unwrap();
    let mut lines = BufReader::new(engine.stdout.take().unwrap()).lines();
    // Only king moves, castling among them: the rook is boxed in.
    let fen = "1r4k1/8/8/8/8/8/PPP5/1KR5 w C - 0 1";
    let board = Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap();
    writeln!(stdin, "setoption name UCI_Chess960 value true").unwrap();
    let mut seen_castle = false;
    // About 13 legal moves: 200 random picks miss castling with
    // probability (12/13)^200, under 1e-6.
    for _ in 0..200 {
        writeln!(stdin, "position fen {fen}\ngo").unwrap();
        let line = lines.next().unwrap().unwrap();
        let best = line.strip_prefix("bestmove ").unwrap();
        let mv = board
            .parse_uci(best)
            .unwrap_or_else(|e| panic!("{best}: {e}"));
        seen_castle |= mv.is_castle();
        if mv.is_castle() {
            assert_eq!(best, "b1c1");
        }
    }
    assert!(seen_castle, "no castling among 200 random picks");
    writeln!(stdin, "quit").unwrap();
    assert!(engine.wait().unwrap().success());
}
