//! Garbage in, no panic out: every public function that takes text, a
//! [`Move`] or a number from outside, fed values no caller should send.
//!
//! The checked paths (`parse_uci`, `from_fen`, `is_legal`, `try_make_move`,
//! `Square::from_str`, ...) must answer with an error or a correct value.
//! `make_move` assumes a legal move, but even with any 16-bit value it must
//! not panic in release builds and must leave a consistent board that
//! `unmake_move` restores exactly (checked only in release builds: in debug
//! builds its consistency `debug_assert!` is allowed to fire).

use crate::fuzz_common as common;

use magicboard::reference;
use magicboard::{Board, File, Move, MoveError, Piece, PieceKind, Rank, Square, perft};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::str::FromStr;

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// Scale for random iterations: debug builds are slower.
fn scaled(release: usize) -> usize {
    if cfg!(debug_assertions) {
        release / 10
    } else {
        release
    }
}

/// The fuzz start positions, and positions reached from them by a few
/// random legal moves (so en passant, promotions and lost castling rights
/// turn up).
fn boards() -> Vec<Board> {
    let mut rng = rng(7);
    let mut out = Vec::new();
    for i in 0..common::POSITIONS.len() {
        let start = common::position(i as u8);
        out.push(start.clone());
        for _ in 0..4 {
            let mut board = start.clone();
            for _ in 0..rng.random_range(1..40) {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.make_move(moves[rng.random_range(0..moves.len())]);
            }
            out.push(board);
        }
    }
    out
}

/// Every 16-bit move value in release builds; in debug builds every 11th
/// one, plus the legal moves.
fn move_values(legal: &[Move]) -> impl Iterator<Item = u16> + '_ {
    let step = if cfg!(debug_assertions) { 11 } else { 1 };
    (0..=u16::MAX)
        .step_by(step)
        .chain(legal.iter().map(|m| m.to_bits()))
}

/// Text that is neither random enough to be trivially rejected nor valid:
/// random lengths of characters drawn from `alphabet`, with now and then a
/// multi-byte or control character.
fn garbage_text(rng: &mut Xoshiro256PlusPlus, alphabet: &str, max_len: usize) -> String {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let odd = [
        'é', 'ß', '\u{0}', '\u{7f}', '８', '♔', '\u{feff}', '\n', '\t', ' ',
    ];
    (0..rng.random_range(0..=max_len))
        .map(|_| {
            if rng.random_bool(0.1) {
                odd[rng.random_range(0..odd.len())]
            } else {
                alphabet[rng.random_range(0..alphabet.len())]
            }
        })
        .collect()
}

// ----- Move values --------------------------------------------------------

#[test]
fn every_move_value_is_judged_like_the_legal_move_list() {
    for board in boards() {
        let legal = board.legal_moves();
        for bits in move_values(&legal) {
            let mv = Move::from_bits(bits);
            assert_eq!(
                board.is_legal(mv),
                legal.contains(&mv),
                "{mv:?} on {}",
                board.to_fen()
            );
        }
    }
}

#[test]
fn try_make_move_accepts_exactly_the_legal_moves() {
    for board in boards() {
        let legal = board.legal_moves();
        let mut scratch = board.clone();
        for bits in move_values(&legal) {
            let mv = Move::from_bits(bits);
            match scratch.try_make_move(mv) {
                Ok(undo) => {
                    assert!(legal.contains(&mv), "accepted {mv:?} on {}", board.to_fen());
                    assert!(scratch.is_consistent());
                    scratch.unmake_move(mv, undo);
                }
                Err(e) => {
                    assert_eq!(e, MoveError::Illegal);
                    assert!(!legal.contains(&mv), "refused {mv:?} on {}", board.to_fen());
                }
            }
            assert!(scratch == board, "{mv:?} on {}", board.to_fen());
        }
    }
}

#[test]
fn every_move_value_formats() {
    for bits in 0..=u16::MAX {
        let mv = Move::from_bits(bits);
        assert_eq!(mv.to_bits(), bits);
        for text in [
            mv.to_string(),
            mv.to_uci(magicboard::CastlingMode::Chess960).to_string(),
            mv.to_uci(magicboard::CastlingMode::Standard).to_string(),
        ] {
            assert!(
                text == "0000" || ((4..=5).contains(&text.len()) && text.is_ascii()),
                "{bits:#06x} prints {text:?}"
            );
        }
        let _ = format!("{mv:?}");
        let _ = mv.king_destination();
    }
    for board in boards() {
        for mv in board.legal_moves() {
            assert_eq!(board.parse_uci(&board.to_uci(mv).to_string()), Ok(mv));
        }
    }
}

#[test]
fn to_san_and_game_play_take_any_move_value() {
    for board in boards().into_iter().step_by(3) {
        let legal = board.legal_moves();
        let mut game = magicboard::Game::new(board.clone());
        for bits in move_values(&legal) {
            let mv = Move::from_bits(bits);
            let san = board.to_san(mv);
            if legal.contains(&mv) {
                assert_eq!(board.parse_san(&san), Ok(mv), "{san}");
                assert_eq!(game.push(mv), Ok(()));
                assert_eq!(game.pop(), Some(mv));
            } else {
                assert_eq!(san, "--", "{mv:?} on {}", board.to_fen());
                assert_eq!(game.push(mv), Err(MoveError::Illegal));
            }
        }
        assert!(*game.board() == board);
    }
}

/// `make_move` is for legal moves, but any value must leave a consistent
/// board that `unmake_move` restores. Release builds only: in debug builds
/// the consistency `debug_assert!` inside `make_move` may fire first.
#[cfg(not(debug_assertions))]
#[test]
fn make_move_with_any_value_keeps_the_board_consistent() {
    for board in boards() {
        let mut scratch = board.clone();
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            let undo = scratch.make_move(mv);
            assert!(
                scratch.is_consistent(),
                "{mv:?} on {} gives {scratch:?}",
                board.to_fen()
            );
            // Movegen on whatever came out must not panic either.
            let _ = scratch.legal_moves();
            scratch.unmake_move(mv, undo);
            assert!(
                scratch == board,
                "unmake {mv:?} on {} gives {scratch:?}",
                board.to_fen()
            );
        }
    }
}

/// Garbage after garbage: runs of random move values (most starting on a
/// piece of the side to move, so that they are played), each leaving a
/// consistent board, then all taken back. Release builds only, as above.
#[cfg(not(debug_assertions))]
#[test]
fn make_move_sequences_of_any_values_unmake_exactly() {
    let mut rng = rng(17);
    for board in boards() {
        for _ in 0..500 {
            let mut scratch = board.clone();
            let mut history = Vec::new();
            for _ in 0..rng.random_range(1..30) {
                let mut bits: u16 = rng.random();
                if rng.random_bool(0.9) {
                    let ours: Vec<Square> = scratch
                        .colored(scratch.side_to_move())
                        .into_iter()
                        .collect();
                    let from = ours[rng.random_range(0..ours.len())];
                    bits = (bits & !63) | from.index() as u16;
                }
                let mv = Move::from_bits(bits);
                let before = scratch.clone();
                let undo = scratch.make_move(mv);
                assert!(
                    scratch.is_consistent(),
                    "{mv:?} on {before:?} gives {scratch:?}"
                );
                let _ = scratch.legal_moves();
                let _ = scratch.to_fen();
                history.push((mv, undo, before));
            }
            while let Some((mv, undo, before)) = history.pop() {
                scratch.unmake_move(mv, undo);
                assert!(
                    scratch == before,
                    "unmake {mv:?}: {scratch:?} != {before:?}"
                );
            }
        }
    }
}

/// `unmake_move` with a move and undo that do not belong together is a
/// caller error, but must not panic in release builds.
#[cfg(not(debug_assertions))]
#[test]
fn unmake_move_with_a_mismatched_undo_does_not_panic() {
    let mut rng = rng(11);
    for board in boards() {
        let legal = board.legal_moves();
        let Some(&first) = legal.first() else {
            continue;
        };
        let mut scratch = board.clone();
        let undo = scratch.make_move(first);
        for _ in 0..1000 {
            let mut copy = scratch.clone();
            copy.unmake_move(Move::from_bits(rng.random()), undo);
        }
    }
}

#[test]
fn board_play_with_a_legal_move_equals_make_move() {
    for board in boards() {
        for mv in board.legal_moves() {
            let mut made = board.clone();
            made.make_move(mv);
            assert!(board.play_unchecked(mv) == made);
        }
    }
}

// ----- UCI text -----------------------------------------------------------

#[test]
fn uci_promotion_letters_are_only_n_b_r_q() {
    let start = Board::startpos();
    // A pawn or king letter is not a promotion; the text is not UCI.
    assert_eq!(start.parse_uci("e2e4p"), Err(MoveError::BadUci));
    assert_eq!(start.parse_uci("g1f3p"), Err(MoveError::BadUci));
    assert_eq!(start.parse_uci("e2e4k"), Err(MoveError::BadUci));
    let promo = Board::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(promo.parse_uci("a7a8p"), Err(MoveError::BadUci));
    assert_eq!(promo.parse_uci("a7a8k"), Err(MoveError::BadUci));
    assert_eq!(promo.parse_uci("a7a8Q"), Err(MoveError::BadUci));
    assert!(promo.parse_uci("a7a8q").is_ok());
}

#[test]
fn a_pawn_promotion_move_is_never_legal() {
    // Move::new documents that a promotion to anything but N, B, R, Q makes
    // a move no board accepts.
    let start = Board::startpos();
    for kind in [PieceKind::Pawn, PieceKind::King] {
        let mv = Move::new(Square::E2, Square::E4, Some(kind));
        assert!(!start.is_legal(mv), "{kind:?}");
        assert!(start.clone().try_make_move(mv).is_err(), "{kind:?}");
    }
    let promo = Board::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    for kind in [PieceKind::Pawn, PieceKind::King] {
        assert!(!promo.is_legal(Move::new(Square::A7, Square::A8, Some(kind))));
    }
}

#[test]
fn parse_uci_never_panics_and_returns_only_legal_moves() {
    let mut rng = rng(3);
    let boards = boards();
    for i in 0..scaled(200_000) {
        let board = &boards[i % boards.len()];
        let text = garbage_text(&mut rng, "abcdefghi0123456789qrbnkpQRBNKP-", 6);
        let _ = common::check_uci(board, &text);
    }
    // Byte soup through the lossy conversion, and long strings.
    for i in 0..scaled(20_000) {
        let board = &boards[i % boards.len()];
        let len = rng.random_range(0..12);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let _ = common::check_uci(board, &String::from_utf8_lossy(&bytes));
    }
    let start = Board::startpos();
    for text in [
        "", "e", "e2", "e2e", "e2e4e2e4", "e2é4", "ée4", "é2e4", "e2e44", "0000", "a0a1",
    ] {
        assert!(start.parse_uci(text).is_err(), "{text:?}");
    }
}

#[test]
fn parse_san_never_panics_and_returns_only_legal_moves() {
    let mut rng = rng(4);
    let boards = boards();
    for i in 0..scaled(200_000) {
        let board = &boards[i % boards.len()];
        let text = garbage_text(&mut rng, "abcdefgh12345678NBRQKPxO0-=+#!?e.p ", 8);
        let _ = common::check_san(board, &text);
    }
    let start = Board::startpos();
    for text in [
        "", "-", "--", "O-", "O-O-O-O", "Nf", "N", "=Q", "é4", "e4é", "Pe4é", "e9", "xx",
    ] {
        assert!(start.parse_san(text).is_err(), "{text:?}");
    }
}

// ----- FEN text -----------------------------------------------------------

#[test]
fn from_fen_never_panics_on_garbage() {
    let mut rng = rng(5);
    let alphabet = "KQRBNPkqrbnp0123456789/ -wbABCDEFGHabcdefgh";
    for _ in 0..scaled(50_000) {
        let text = garbage_text(&mut rng, alphabet, 80);
        common::fen(text.as_bytes());
        assert_eq!(Board::from_str(&text), Board::from_fen(&text));
    }
    let cases = [
        "",
        " ",
        "\u{0}",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 0 1 extra",
        "k7/8/8/8/8/8/8/7K w - - 99999999999 1",
        "k7/8/8/8/8/8/8/7K w - - 0 -1",
        "k7/8/8/8/8/8/8/7K w - - +0 1",
        "k7/8/8/8/8/8/8/7K é - - 0 1",
        "k7/8/8/8/8/8/8/7é w - - 0 1",
        "k7/8/8/8/8/8/8/7K w é - 0 1",
        "k7/8/8/8/8/8/8/7K w - é 0 1",
        "k7/8/8/8/8/8/8/7K w - e3é 0 1",
        "k7/8/8/8/8/8/8/7K w - e9 0 1",
        "k7/8/8/8/8/8/8/7K w KQkqKQkq - 0 1",
        "k7/8/8/8/8/8/8/7K w - a1 0 1",
        "9/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K/8 w - - 0 1",
        "k00000007/8/8/8/8/8/8/7K w - - 0 1",
        "kkkkkkkk/8/8/8/8/8/8/7K w - - 0 1",
        "k7/pppppppp/pppppppp/8/8/8/8/7K w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\u{0}",
    ];
    for text in cases {
        common::fen(text.as_bytes());
    }
}

// ----- squares, files, ranks, pieces -------------------------------------

#[test]
fn square_from_str_never_panics() {
    let mut rng = rng(9);
    for _ in 0..scaled(100_000) {
        let text = garbage_text(&mut rng, "abcdefghijAH0123456789", 4);
        match Square::from_str(&text) {
            Ok(sq) => assert_eq!(sq.to_string(), text),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    for index in 0..64 {
        let sq = Square::from_index(index).unwrap();
        assert_eq!(Square::from_str(&sq.to_string()), Ok(sq));
    }
}

#[test]
fn char_and_index_conversions_are_total() {
    for c in (0..0x3_0000u32).filter_map(char::from_u32) {
        let _ = (File::from_char(c), Rank::from_char(c));
        if let Some(kind) = PieceKind::from_char(c) {
            assert_eq!(kind.to_char(), c.to_ascii_lowercase());
        }
        if let Some(piece) = Piece::from_char(c) {
            assert_eq!(piece.to_char(), c);
        }
    }
    for i in (0..200).chain([usize::MAX - 1, usize::MAX]) {
        assert_eq!(Square::from_index(i).is_some(), i < 64);
        assert_eq!(PieceKind::from_index(i).is_some(), i < 6);
        assert_eq!(File::from_index(i).index(), i & 7);
        assert_eq!(Rank::from_index(i).index(), i & 7);
    }
}

#[test]
fn square_offset_is_total() {
    for index in 0..64 {
        let sq = Square::from_index(index).unwrap();
        for df in i8::MIN..=i8::MAX {
            for dr in i8::MIN..=i8::MAX {
                let file = sq.file().index() as i32 + i32::from(df);
                let rank = sq.rank().index() as i32 + i32::from(dr);
                let expected = ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| {
                    Square::new(
                        File::from_index(file as usize),
                        Rank::from_index(rank as usize),
                    )
                });
                assert_eq!(sq.offset(df, dr), expected, "{sq} {df} {dr}");
            }
        }
    }
}

#[test]
fn geometry_is_total_on_any_index() {
    let mut rng = rng(13);
    let indices: Vec<usize> = (0..130)
        .chain([usize::MAX, usize::MAX / 2, 1 << 40])
        .collect();
    for &a in &indices {
        for _ in 0..20 {
            let (df, dr): (i8, i8) = (rng.random(), rng.random());
            let offset = reference::offset(a, df, dr);
            if a >= 64 {
                assert_eq!(offset, None, "{a} {df} {dr}");
            }
        }
        let occupied: u64 = rng.random();
        let _ = reference::rook_attacks(a, occupied);
        let _ = reference::bishop_attacks(a, occupied);
        let _ = reference::knight_attacks(a);
        let _ = reference::king_attacks(a);
        let _ = reference::pawn_attacks(rng.random(), a);
        for &b in &indices {
            let _ = reference::between(a, b);
            let _ = reference::line(a, b);
        }
    }
}

// ----- move lists and perft -----------------------------------------------

/// A full list ignores further moves (release builds; debug builds assert,
/// since move generation never fills it).
#[cfg(not(debug_assertions))]
#[test]
fn a_full_move_list_ignores_further_moves() {
    use magicboard::{MAX_MOVES, MoveList};
    let mut list = MoveList::new();
    for bits in 0..(MAX_MOVES as u16 + 10) {
        list.push(Move::from_bits(bits));
    }
    assert_eq!(list.len(), MAX_MOVES);
}

#[test]
fn perft_of_depth_zero_and_one() {
    for board in boards() {
        assert_eq!(perft(&board, 0), 1);
        assert_eq!(perft(&board, 1), board.legal_moves().len() as u64);
    }
}

// ----- numbers from the command line --------------------------------------

/// A transposition table larger than memory is an error, not a panic or an
/// abort.
#[cfg(target_has_atomic = "64")]
#[test]
fn perft_table_of_impossible_size_is_refused() {
    use magicboard::PerftTable;
    assert!(PerftTable::try_new(usize::MAX).is_none());
    assert!(PerftTable::try_new(1 << 40).is_none());
    let small = PerftTable::try_new(1).expect("1 MiB is available");
    assert_eq!(small.size_bytes(), 1 << 20);
}

/// The engine API's move questions take any 16-bit move value without a
/// panic: the facts, `gives_check`, `hash_after`, SEE, the piece delta and
/// `make_move_delta` (which, like `make_move`, leaves a consistent board
/// that `unmake_move` restores).
#[test]
fn engine_queries_take_any_move_value() {
    for board in boards() {
        let legal = board.legal_moves();
        for bits in move_values(&legal) {
            let mv = Move::from_bits(bits);
            let _ = (board.is_capture(mv), board.captured(mv), board.moved(mv));
            let _ = (
                board.is_en_passant(mv),
                board.gives_check(mv),
                board.hash_after(mv),
            );
            let _ = (board.see(mv), board.see_ge(mv, 0), board.piece_delta(mv));
            let mut after = board.clone();
            let (undo, delta) = after.make_move_delta(mv);
            assert!(after.is_consistent(), "{mv:?} on {board:?}");
            assert!(delta.removed().len() <= 2 && delta.added().len() <= 2);
            after.unmake_move(mv, undo);
            assert_eq!(after, board, "{mv:?} on {board:?}");
        }
    }
}
