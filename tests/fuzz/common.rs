//! The logic of the fuzz targets, as plain functions of the input bytes.
//!
//! The cargo-fuzz targets (`fuzz/fuzz_targets/`) call these functions, and
//! so does the stable test `tests/it/fuzz_drivers.rs`, which feeds them
//! `rand`-generated inputs so that CI runs the same checks without a nightly
//! toolchain. Both include this file with `#[path]`; it lives under `tests/`
//! so that the library's published package, whose tests need it, holds it
//! (the fuzz crate is a package of its own, left out of the library's). Each function panics when a property fails; any panic
//! inside the library is a bug as well.

// Each fuzz target uses one of these functions.
#![allow(dead_code)]

use magicboard::{Board, Move, MoveError, MoveList, SanError, Undo};

/// Positions that `uci_san` and `play` start from, chosen by the first
/// input byte: `(FEN, parse as Chess960)`.
pub const POSITIONS: &[(&str, bool)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
    ),
    // Kiwipete: castling both ways, pins, captures.
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    ),
    // Chess Programming Wiki position 3: en passant along the king's rank.
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
    // CPW position 4: promotions, checks, castling rights half gone.
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        false,
    ),
    // CPW position 5.
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        false,
    ),
    // An en-passant capture available at once.
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        false,
    ),
    // Promotions for both sides, with captures.
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false),
    // Castling into, out of and through check.
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false),
    // Chess960 positions (Shredder-FEN).
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        true,
    ),
    (
        "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1",
        true,
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        true,
    ),
];

/// The start position chosen by `byte`.
pub fn position(byte: u8) -> Board {
    let (fen, chess960) = POSITIONS[usize::from(byte) % POSITIONS.len()];
    let parsed = if chess960 {
        Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
    } else {
        Board::from_fen(fen)
    };
    parsed.expect("the fuzz start positions are valid")
}

fn sorted(mut moves: MoveList) -> MoveList {
    moves.sort_unstable();
    moves
}

/// Parses FEN text the way `board` was parsed (Chess960 or not).
fn reparse(board: &Board, fen: &str) -> Board {
    let parsed = if board.is_chess960() {
        Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
    } else {
        Board::from_fen(fen)
    };
    match parsed {
        Ok(again) => again,
        Err(e) => panic!("our own FEN {fen:?} does not parse: {e}"),
    }
}

/// The properties every board must have: consistent, FEN and Shredder-FEN
/// that parse back to the same board, formatting that works, and legal moves
/// that agree with the reference, whose UCI and SAN text parse back to them,
/// and that can be made and unmade.
pub fn check_board(board: &Board) {
    assert!(board.is_consistent(), "inconsistent board {board:?}");
    let fen = board.to_fen();
    let again = reparse(board, &fen);
    assert!(
        again == *board,
        "{fen:?} parses to {again:?}, not {board:?}"
    );
    assert_eq!(again.to_fen(), fen);
    let shredder = board.to_shredder_fen();
    assert!(reparse(board, &shredder) == *board, "{shredder:?}");
    let _ = format!("{board}{board:?}");

    let moves = board.legal_moves();
    assert_eq!(
        sorted(moves.clone()),
        sorted(board.legal_moves_by_make_unmake()),
        "fast generator against the reference on {fen}"
    );
    assert_eq!(board.count_legal_moves(), moves.len() as u64);
    let mut scratch = board.clone();
    for &mv in &moves {
        assert_eq!(board.parse_uci(&board.to_uci(mv).to_string()), Ok(mv));
        let san = board.to_san(mv);
        assert_eq!(board.parse_san(&san), Ok(mv), "SAN {san:?} on {fen}");
        let undo = scratch.make_move(mv);
        assert!(scratch.is_consistent(), "{fen} after {mv:?}");
        assert!(
            !scratch.is_square_attacked(scratch.king(board.side_to_move()), scratch.side_to_move())
        );
        scratch.unmake_move(mv, undo);
        assert!(scratch == *board, "{fen}: unmake {mv:?}");
    }
}

/// Target `fen`: any bytes (as UTF-8, lossily) given to the FEN parsers.
/// Each either returns an error (which must format) or a board that passes
/// [`check_board`].
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for chess960 in [false, true] {
        let parsed = if chess960 {
            Board::from_fen_with(&text, magicboard::CastlingMode::Chess960)
        } else {
            Board::from_fen(&text)
        };
        match parsed {
            Ok(board) => {
                assert!(board.is_chess960() || !chess960);
                check_board(&board);
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    assert_eq!(text.parse::<Board>(), Board::from_fen(&text));
}

/// Parses `text` as a UCI move on `board` and checks the answer: a parsed
/// move is legal and written this way; a rejected text names no legal move.
pub fn check_uci(board: &Board, text: &str) -> Result<Move, MoveError> {
    let result = board.parse_uci(text);
    // On standard boards both castling notations are read; Chess960 boards
    // read only king takes rook, which is what `Board::uci` writes there.
    let names = |mv: Move| {
        board.to_uci(mv).to_string() == text
            || (!board.is_chess960()
                && mv.to_uci(magicboard::CastlingMode::Chess960).to_string() == text)
    };
    match &result {
        Ok(mv) => {
            assert!(board.is_legal(*mv), "{text:?} parsed to an illegal {mv:?}");
            assert!(names(*mv), "{text:?} parsed to {mv:?}");
        }
        Err(e) => {
            let _ = e.to_string();
            if let Some(mv) = board.legal_moves().into_iter().find(|&mv| names(mv)) {
                panic!("{text:?} rejected ({e:?}) but names the legal {mv:?}");
            }
        }
    }
    result
}

/// Parses `text` as SAN on `board` and checks the answer: a parsed move is
/// legal, and its SAN as we write it parses back to it.
pub fn check_san(board: &Board, text: &str) -> Result<Move, SanError> {
    let result = board.parse_san(text);
    match &result {
        Ok(mv) => {
            assert!(
                board.is_legal(*mv),
                "SAN {text:?} parsed to an illegal {mv:?}"
            );
            let ours = board.to_san(*mv);
            assert_eq!(board.parse_san(&ours), Ok(*mv), "{text:?} -> {ours:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    result
}

/// Target `uci_san`: the first byte picks a start position, the rest is
/// text. The whole text, then each whitespace-separated token, is parsed
/// as a UCI move and as SAN; a token that parses is played (UCI first), so
/// the input can walk a game.
pub fn uci_san(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut board = position(first);
    let text = String::from_utf8_lossy(rest);
    let _ = check_uci(&board, &text);
    let _ = check_san(&board, &text);
    for token in text.split_whitespace() {
        let uci = check_uci(&board, token);
        let san = check_san(&board, token);
        if let Ok(mv) = uci.or(san.map_err(|_| MoveError::Illegal)) {
            board.make_move(mv);
            assert!(board.is_consistent());
        }
    }
}

/// Target `play`: the first byte picks a start position; each next byte
/// below 0xF0 plays the legal move with that index (modulo their number),
/// and a byte from 0xF0 up offers the next two bytes as a raw
/// [`Move::from_bits`] to [`Board::try_make_move`]. Every position reached
/// is consistent, its fast generator agrees with the reference and its FEN
/// parses back to it; the last one passes [`check_board`]. Then all moves
/// are unmade and the board (hash included) must come back exactly, step by
/// step.
pub fn play(data: &[u8]) {
    let Some((&first, mut rest)) = data.split_first() else {
        return;
    };
    let start = position(first);
    let mut board = start.clone();
    let mut history: Vec<(Move, Undo, Board)> = Vec::new();
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        let before = board.clone();
        let moves = board.legal_moves();
        if byte >= 0xF0 {
            let [lo, hi, ..] = *rest else {
                break;
            };
            rest = &rest[2..];
            let mv = Move::from_bits(u16::from_le_bytes([lo, hi]));
            match board.try_make_move(mv) {
                Ok(undo) => {
                    assert!(moves.contains(&mv), "try_make_move accepted {mv:?}");
                    history.push((mv, undo, before));
                }
                Err(e) => {
                    assert_eq!(e, MoveError::Illegal);
                    assert!(!moves.contains(&mv), "try_make_move refused {mv:?}");
                    assert!(board == before, "a refused move changed the board");
                }
            }
        } else {
            if moves.is_empty() {
                break;
            }
            let mv = moves[usize::from(byte) % moves.len()];
            let undo = board.make_move(mv);
            history.push((mv, undo, before));
        }
        assert!(board.is_consistent(), "{board:?}");
        assert_eq!(
            sorted(board.legal_moves()),
            sorted(board.legal_moves_by_make_unmake()),
            "fast generator against the reference on {}",
            board.to_fen()
        );
        assert!(reparse(&board, &board.to_fen()) == board, "{board:?}");
    }
    check_board(&board);
    while let Some((mv, undo, before)) = history.pop() {
        board.unmake_move(mv, undo);
        assert!(board == before, "unmake {mv:?}: {board:?} != {before:?}");
        assert_eq!(board.hash(), before.hash());
    }
    assert!(board == start);
}
