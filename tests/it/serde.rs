//! Serde round-trips (feature `serde`): every legal move of every position
//! of the perft suites, in text (JSON) and compact form, and the boards
//! themselves as FEN.

#![cfg(feature = "serde")]

use magicboard::{Board, Move, PieceKind, Square};
use pretty_assertions::assert_eq;
use serde_test::{Compact, Configure, Token, assert_de_tokens_error, assert_tokens};

/// The positions of the perft suites, each with its Chess960 flag.
fn positions() -> Vec<(Board, &'static str)> {
    let mut out = Vec::new();
    for (suite, text, chess960) in [
        ("standard", include_str!("../data/standard.epd"), false),
        ("fischer", include_str!("../data/fischer.epd"), true),
        ("cpw", include_str!("../data/cpw.epd"), false),
    ] {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap().trim();
            let board = if chess960 {
                Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
            } else {
                Board::from_fen(fen)
            };
            out.push((
                board.unwrap_or_else(|e| panic!("{suite}: {fen}: {e}")),
                suite,
            ));
        }
    }
    out
}

fn json_round_trip<T>(value: &T) -> (String, T)
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(value).unwrap();
    let back = serde_json::from_str(&json).unwrap();
    (json, back)
}

#[test]
fn every_legal_move_round_trips() {
    let (mut castles, mut promotions, mut total) = (0, 0, 0);
    for (board, _) in positions() {
        // The root moves and those one ply deeper.
        let mut boards = vec![board.clone()];
        boards.extend(
            board
                .legal_moves()
                .iter()
                .map(|&mv| board.play_unchecked(mv)),
        );
        for b in &boards {
            for &mv in b.legal_moves().iter() {
                let (json, back) = json_round_trip(&mv);
                assert_eq!(back, mv, "{json} on {}", b.to_fen());
                // The text is UCI, except castling, which is king takes rook + `c`.
                let expected = if mv.is_castle() {
                    format!("\"{}c\"", mv.to_uci(magicboard::CastlingMode::Chess960))
                } else {
                    format!("\"{mv}\"")
                };
                assert_eq!(json, expected);
                assert_tokens(&mv.compact(), &[Token::U16(mv.to_bits())]);
                castles += usize::from(mv.is_castle());
                promotions += usize::from(mv.promotion().is_some());
                total += 1;
            }
        }
    }
    // The suites hold many castling moves and promotions: the test saw them.
    assert!(total > 500_000, "{total} moves");
    assert!(castles > 5_000, "{castles} castling moves");
    assert!(promotions > 1_000, "{promotions} promotions");
    println!("{total} moves, {castles} castling, {promotions} promotions");
}

#[test]
fn move_text_examples() {
    let cases = [
        (Move::new(Square::E2, Square::E4, None), "e2e4"),
        (
            Move::new(Square::E7, Square::E8, Some(PieceKind::Queen)),
            "e7e8q",
        ),
        (
            Move::new(Square::B2, Square::A1, Some(PieceKind::Knight)),
            "b2a1n",
        ),
        (Move::castle(Square::E1, Square::H1), "e1h1c"),
        (Move::castle(Square::E8, Square::A8), "e8a8c"),
        (Move::castle(Square::B1, Square::A1), "b1a1c"),
        // The same squares as the castling move, without the flag: a rook move.
        (Move::new(Square::E1, Square::H1, None), "e1h1"),
        (Move::NULL, "0000"),
    ];
    for (mv, text) in cases {
        assert_tokens(&mv.readable(), &[Token::Str(text)]);
    }
}

/// Every 16-bit value is a `Move`; all but those with promotion bits 6 and
/// 7 (which no constructor makes) have a text that reads back exactly.
#[test]
fn every_bit_pattern_round_trips_or_is_refused() {
    let mut refused = 0;
    for bits in 0..=u16::MAX {
        let mv = Move::from_bits(bits);
        match serde_json::to_string(&mv) {
            Ok(json) => {
                let back: Move = serde_json::from_str(&json).unwrap();
                // `a1a1` and `0000` are the same move, the null move.
                assert_eq!(back.to_bits(), bits, "{json}");
            }
            Err(e) => {
                assert!(matches!((bits >> 12) & 7, 6 | 7), "{bits:#06x}: {e}");
                refused += 1;
            }
        }
        assert_tokens(&mv.compact(), &[Token::U16(bits)]);
    }
    // 2 promotion values x 2 castle flags x 64 x 64 squares.
    assert_eq!(refused, 2 * 2 * 64 * 64);
}

#[test]
fn bad_move_text_is_refused() {
    for text in [
        "", "e2", "e2e", "e2e4 ", " e2e4", "E2E4", "e2e9", "i2e4", "e7e8Q", "e7e8p", "e7e8x",
        "e1h1cq", "e1h1cc", "e7e8qq", "e1h1c ", "0000c", "00000", "e2e4e5", "é2e4",
    ] {
        let json = serde_json::to_string(text).unwrap();
        let err = serde_json::from_str::<Move>(&json).unwrap_err();
        assert!(err.to_string().contains("invalid value"), "{text:?}: {err}");
    }
    assert!(serde_json::from_str::<Move>("70000").is_err());
    assert_de_tokens_error::<Compact<Move>>(
        &[Token::U32(70_000)],
        "invalid value: integer `70000`, expected a move such as \"e2e4\", \"e7e8q\", \
         \"e1h1c\" (castling) or \"0000\", or its 16-bit encoding",
    );
}

#[test]
fn squares() {
    for index in 0..64 {
        let sq = Square::from_index(index).unwrap();
        let name = sq.to_string();
        assert_tokens(
            &sq.readable(),
            &[Token::Str(Box::leak(name.into_boxed_str()))],
        );
        assert_tokens(&sq.compact(), &[Token::U8(index as u8)]);
    }
    for bad in ["", "e", "e44", "E4", "i1", "a0", "a9"] {
        let json = serde_json::to_string(bad).unwrap();
        assert!(serde_json::from_str::<Square>(&json).is_err(), "{bad:?}");
    }
    assert_de_tokens_error::<Compact<Square>>(
        &[Token::U8(64)],
        "invalid value: integer `64`, expected a square such as \"e4\", or its index 0..64",
    );
}

#[test]
fn boards_round_trip_as_fen() {
    let mut chess960 = 0;
    for (board, suite) in positions() {
        let mut boards = vec![board.clone()];
        boards.extend(
            board
                .legal_moves()
                .iter()
                .map(|&mv| board.play_unchecked(mv)),
        );
        for b in boards {
            let (json, back) = json_round_trip(&b);
            if b.is_chess960() && b.castling_rights() == Default::default() {
                // The documented exception: without castling rights a
                // Chess960 board reads back as a standard board that plays
                // the same.
                assert_eq!(back.to_fen(), b.to_fen());
                assert_eq!(back.hash(), b.hash());
                assert_eq!(back.legal_moves(), b.legal_moves());
                continue;
            }
            assert_eq!(back, b, "{suite}: {json}");
            assert_eq!(back.is_chess960(), b.is_chess960());
            let expected = if b.is_chess960() {
                b.to_shredder_fen()
            } else {
                b.to_fen()
            };
            assert_eq!(json, format!("\"{expected}\""));
            chess960 += usize::from(b.is_chess960());
        }
    }
    assert!(chess960 > 10_000, "{chess960} Chess960 boards");
}

#[test]
fn chess960_start_with_standard_arrangement_stays_chess960() {
    // Position 518 is the standard arrangement; only the flag differs.
    let board = Board::from_fen_with(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        magicboard::CastlingMode::Chess960,
    )
    .unwrap();
    let (json, back) = json_round_trip(&board);
    assert_eq!(
        json,
        r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1""#
    );
    assert!(back.is_chess960());
    assert_eq!(back, board);
    let (_, standard) = json_round_trip(&Board::startpos());
    assert!(!standard.is_chess960());
}

#[test]
fn bad_fen_is_a_deserialisation_error() {
    let cases = [
        (
            "8/8/8 w - - 0 1",
            "expected 8 ranks separated by '/', found 3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move must be 'w' or 'b'",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "white has 0 kings, expected exactly 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w Z - 0 1",
            "unknown character 'Z' in castling rights",
        ),
        ("not a fen", "expected 6 FEN fields (or 4 for EPD), found 3"),
    ];
    for (fen, message) in cases {
        let json = serde_json::to_string(fen).unwrap();
        let err = serde_json::from_str::<Board>(&json).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("invalid FEN: {message} at line 1 column {}", json.len()),
            "{fen}"
        );
    }
    assert!(serde_json::from_str::<Board>("42").is_err());
}
