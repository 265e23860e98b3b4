//! Hand-checked scenarios: the design card's examples and the classic traps
//! of move generation (castling through check, en passant discovering a
//! rank attack, pins, double check, promotions, mate and stalemate).
//!
//! Every expected move list here was written out from the rules of chess,
//! square by square, not printed from this crate. Each board is also checked
//! against the make/unmake reference generator.

use crate::common::{sorted_strings, sorted_uci};
use magicboard::{Bitboard, Board, Color, Move, PieceKind, Square, attacks, bitboard};
use pretty_assertions::assert_eq;

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"))
}

/// Checks the whole legal move list of `fen` (standard UCI, any order).
fn assert_moves(fen: &str, expected: &[&str]) -> Board {
    let b = board(fen);
    assert_moves_on(&b, expected);
    b
}

fn assert_moves_on(b: &Board, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        sorted_uci(b, &b.legal_moves()),
        expected,
        "legal moves of {b:?}"
    );
    #[cfg(feature = "reference")]
    assert_eq!(
        sorted_uci(b, &b.legal_moves_by_make_unmake()),
        expected,
        "reference legal moves of {b:?}"
    );
    assert_eq!(b.count_legal_moves(), expected.len() as u64);
}

/// Checks the legal moves of the piece on `from` only.
fn assert_moves_from(fen: &str, from: Square, expected: &[&str]) -> Board {
    let b = board(fen);
    let mine: Vec<Move> = b
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from() == from)
        .collect();
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        sorted_uci(&b, &mine),
        expected,
        "moves from {from} on {b:?}"
    );
    #[cfg(feature = "reference")]
    {
        let reference: Vec<Move> = b
            .legal_moves_by_make_unmake()
            .iter()
            .copied()
            .filter(|m| m.from() == from)
            .collect();
        assert_eq!(
            sorted_uci(&b, &reference),
            expected,
            "reference, from {from}"
        );
    }
    b
}

/// The destination squares of the legal moves from `from`.
fn targets(b: &Board, from: Square) -> Bitboard {
    b.legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to())
        .collect()
}

// ----- the design card ------------------------------------------------------

#[test]
fn rook_on_d4_with_friendly_pawn_on_d2_and_enemy_pawn_on_g4() {
    let occupied = Square::D4.bitboard() | Square::D2.bitboard() | Square::G4.bitboard();
    let rook = attacks::rook_attacks(Square::D4, occupied);
    assert_eq!(
        rook,
        bitboard! {
            . . . X . . . .
            . . . X . . . .
            . . . X . . . .
            . . . X . . . .
            X X X . X X X .
            . . . X . . . .
            . . . X . . . .
            . . . . . . . .
        }
    );

    // The same on a real board: the rook may capture g4 but not d2.
    let b = board("7k/8/8/8/3R2p1/8/3P4/7K w - - 0 1");
    assert_eq!(
        attacks::rook_attacks(Square::D4, b.occupied()),
        rook,
        "the kings on h1 and h8 are not on the rook's lines"
    );
    assert_eq!(
        targets(&b, Square::D4),
        bitboard! {
            . . . X . . . .
            . . . X . . . .
            . . . X . . . .
            . . . X . . . .
            X X X . X X X .
            . . . X . . . .
            . . . . . . . .
            . . . . . . . .
        }
    );
    assert_moves_on(
        &b,
        &[
            "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4a4", "d4b4", "d4c4", "d4e4", "d4f4",
            "d4g4", // the rook
            "d2d3", // the pawn: d2d4 is blocked by the rook
            "h1g1", "h1g2", "h1h2",
        ],
    );
}

#[test]
fn bishop_on_d4_with_friendly_piece_on_b2_and_enemy_on_f6() {
    let occupied = Square::D4.bitboard() | Square::B2.bitboard() | Square::F6.bitboard();
    let bishop = attacks::bishop_attacks(Square::D4, occupied);
    assert_eq!(
        bishop,
        bitboard! {
            . . . . . . . .
            X . . . . . . .
            . X . . . X . .
            . . X . X . . .
            . . . . . . . .
            . . X . X . . .
            . X . . . X . .
            . . . . . . X .
        }
    );

    // A white knight on b2, a black knight on f6.
    let b = board("7k/8/5n2/8/3B4/8/1N6/7K w - - 0 1");
    assert_eq!(attacks::bishop_attacks(Square::D4, b.occupied()), bishop);
    assert_eq!(
        targets(&b, Square::D4),
        bitboard! {
            . . . . . . . .
            X . . . . . . .
            . X . . . X . .
            . . X . X . . .
            . . . . . . . .
            . . X . X . . .
            . . . . . X . .
            . . . . . . X .
        }
    );
    assert_moves_on(
        &b,
        &[
            "d4a7", "d4b6", "d4c5", "d4e5", "d4f6", "d4c3", "d4e3", "d4f2", "d4g1", // bishop
            "b2a4", "b2c4", "b2d3", "b2d1", // knight
            "h1g1", "h1g2", "h1h2",
        ],
    );
}

#[test]
fn rook_pinned_on_a_file_moves_only_along_the_pin() {
    // White: Ke1, Re4. Black: Ka8, Re8.
    let b = assert_moves(
        "k3r3/8/8/8/4R3/8/8/4K3 w - - 0 1",
        &[
            "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", // along the e-file only
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    );
    assert_eq!(b.pinned(), Square::E4.bitboard());
    assert_eq!(
        targets(&b, Square::E4),
        bitboard! {
            . . . . X . . .
            . . . . X . . .
            . . . . X . . .
            . . . . X . . .
            . . . . . . . .
            . . . . X . . .
            . . . . X . . .
            . . . . . . . .
        }
    );
}

#[test]
fn rook_pinned_on_a_diagonal_cannot_move() {
    // White: Kc1, Rd2. Black: Kh8, Bg5 (g5-f4-e3-d2-c1).
    let b = assert_moves(
        "7k/8/8/6b1/8/8/3R4/2K5 w - - 0 1",
        &["c1b1", "c1b2", "c1c2", "c1d1"],
    );
    assert_eq!(b.pinned(), Square::D2.bitboard());
    assert!(targets(&b, Square::D2).is_empty());
}

#[test]
fn bishop_pinned_on_a_diagonal_moves_along_it() {
    // White: Kc1, Bd2. Black: Kh8, Bg5.
    assert_moves(
        "7k/8/8/6b1/8/8/3B4/2K5 w - - 0 1",
        &["d2e3", "d2f4", "d2g5", "c1b1", "c1b2", "c1c2", "c1d1"],
    );
}

#[test]
fn check_on_the_e_file_a_knight_can_only_block_on_e2() {
    // White: Ke1, Nc1. Black: Kg8, Re8. Nc1 reaches a2, b3, d3, e2.
    let b = assert_moves(
        "4r1k1/8/8/8/8/8/8/2N1K3 w - - 0 1",
        &["c1e2", "e1d1", "e1d2", "e1f1", "e1f2"],
    );
    assert_eq!(b.checkers(), Square::E8.bitboard());
    assert!(b.in_check());
    // The same with the knight on g1 (reaching e2, f3, h3).
    assert_moves(
        "4r1k1/8/8/8/8/8/8/4K1N1 w - - 0 1",
        &["g1e2", "e1d1", "e1d2", "e1f1", "e1f2"],
    );
}

#[test]
fn king_cannot_step_back_along_the_checking_ray() {
    // White: Ke1. Black: Ke8, Ra1 checking along the first rank; f1 stays
    // attacked once the king leaves e1.
    assert_moves("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &["e1d2", "e1e2", "e1f2"]);
}

// ----- castling -------------------------------------------------------------

#[test]
fn castling_out_of_check_is_illegal() {
    // White: Ke1, Ra1, Rh1 with both rights; Black: Kb8, Re8 giving check.
    // No rook can interpose on the e-file.
    assert_moves(
        "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        &["e1d1", "e1d2", "e1f1", "e1f2"],
    );
}

#[test]
fn castling_through_check_is_illegal() {
    // Black Rf8 attacks f1 and f2: no O-O; O-O-O is fine.
    assert_moves_from(
        "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        Square::E1,
        &["e1c1", "e1d1", "e1d2", "e1e2"],
    );
    // The same for Black: White's Rd1 covers d8 and d7.
    assert_moves_from(
        "r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1",
        Square::E8,
        &["e8e7", "e8f7", "e8f8", "e8g8"],
    );
}

#[test]
fn castling_into_check_is_illegal() {
    // Black Rg8 attacks g1: no O-O.
    assert_moves_from(
        "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        Square::E1,
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
}

#[test]
fn queen_side_castling_with_b1_attacked_is_legal() {
    // Black Rb8 attacks b1, which the king never crosses.
    let b = assert_moves_from(
        "1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        Square::E1,
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
    );
    // The castle is encoded king-takes-rook and lands king c1, rook d1.
    let castle = b.parse_uci("e1c1").unwrap();
    assert_eq!(castle, Move::castle(Square::E1, Square::A1));
    let after = b.play_unchecked(castle);
    assert_eq!(after.to_fen(), "1r4k1/8/8/8/8/8/8/2KR3R b - - 1 1");
}

#[test]
fn castling_with_the_rook_attacked_is_legal() {
    // Black Rh8 attacks the h1 rook; only the king's squares matter.
    assert_moves_from(
        "1k5r/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        Square::E1,
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
    );
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    // A knight on b1 blocks O-O-O although the king never crosses b1.
    assert_moves_from(
        "1k6/8/8/8/8/8/8/RN2K2R w KQ - 0 1",
        Square::E1,
        &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
    );
}

#[test]
fn chess960_castling_where_the_king_stays_on_its_square() {
    // King g1, rook h1: O-O leaves the king on g1 and puts the rook on f1.
    let b = Board::from_fen_with(
        "1k6/8/8/8/8/8/8/6KR w H - 0 1",
        magicboard::CastlingMode::Chess960,
    )
    .unwrap();
    let castle = Move::castle(Square::G1, Square::H1);
    assert_eq!(
        sorted_uci(&b, &b.legal_moves()),
        [
            "g1f1", "g1f2", "g1g2", "g1h1", "g1h2", // g1h1 is the castle
            "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
        ]
    );
    assert!(b.is_legal(castle));
    let after = b.play_unchecked(castle);
    assert_eq!(
        after.piece_on(Square::G1).map(|p| p.kind),
        Some(PieceKind::King)
    );
    assert_eq!(
        after.piece_on(Square::F1).map(|p| p.kind),
        Some(PieceKind::Rook)
    );
    assert!(after.piece_on(Square::H1).is_none());
    assert!(after.castling_rights().is_empty());
}

// ----- en passant -----------------------------------------------------------

#[test]
fn en_passant_exposing_the_king_along_the_rank_is_illegal() {
    // White: Ka5, Pb5. Black: Ke1, Pc5 (just played c7-c5), Rh5.
    // bxc6 would take both pawns off the fifth rank.
    let b = assert_moves(
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
        &["a5a4", "a5a6", "a5b6", "b5b6"],
    );
    assert_eq!(b.en_passant(), Some(Square::C6));
    assert!(!b.is_legal(Move::new(Square::B5, Square::C6, None)));
}

#[test]
fn en_passant_capturing_the_checking_pawn_is_legal() {
    // White: Ke4, Pe5. Black: Ka1, Pd5 (just played d7-d5), checking e4.
    let b = assert_moves(
        "8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1",
        &[
            "e5d6", // en passant removes the checker
            "e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5",
        ],
    );
    assert_eq!(b.checkers(), Square::D5.bitboard());
    let after = b.play_unchecked(Move::new(Square::E5, Square::D6, None));
    assert!(
        after.piece_on(Square::D5).is_none(),
        "the d5 pawn is captured"
    );
    assert_eq!(
        after.piece_on(Square::D6).map(|p| (p.color, p.kind)),
        Some((Color::White, PieceKind::Pawn))
    );
}

#[test]
fn en_passant_does_not_answer_a_check_from_another_piece() {
    // White: Kg1, Pe5. Black: Kh8, Ra1 checking on the first rank, Pd5.
    assert_moves(
        "7k/8/8/3pP3/8/8/8/r5K1 w - d6 0 1",
        &["g1f2", "g1g2", "g1h2"],
    );
}

#[test]
fn en_passant_with_a_pawn_pinned_on_a_file_is_illegal() {
    // White: Ke1, Pe5 pinned by Black's Re8; Black: Ka8, Pd5.
    assert_moves(
        "k3r3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        &["e5e6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
}

#[test]
fn en_passant_along_a_diagonal_pin_is_legal() {
    // White: Kb2, Pe5 pinned by Black's Bh8 (b2-c3-d4-e5-f6-g7-h8); Black:
    // Ka8, Pf5. exf6 stays on the pin line, e6 would leave it.
    let b = assert_moves(
        "k6b/8/8/4Pp2/8/8/1K6/8 w - f6 0 1",
        &[
            "e5f6", "b2a1", "b2a2", "b2a3", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3",
        ],
    );
    assert_eq!(b.pinned(), Square::E5.bitboard());
}

// ----- promotions -----------------------------------------------------------

#[test]
fn promotions_with_and_without_capture() {
    // White: Ka1, Pg7. Black: Ka8, Nh8.
    let b = assert_moves(
        "k6n/6P1/8/8/8/8/8/K7 w - - 0 1",
        &[
            "g7g8q", "g7g8r", "g7g8b", "g7g8n", "g7h8q", "g7h8r", "g7h8b", "g7h8n", "a1a2", "a1b1",
            "a1b2",
        ],
    );
    for kind in PieceKind::PROMOTIONS {
        let mv = Move::new(Square::G7, Square::H8, Some(kind));
        let mut after = b.clone();
        let undo = after.make_move(mv);
        assert_eq!(
            after.piece_on(Square::H8).map(|p| (p.color, p.kind)),
            Some((Color::White, kind))
        );
        assert!(after.piece_on(Square::G7).is_none());
        assert_eq!(after.halfmove_clock(), 0);
        after.unmake_move(mv, undo);
        assert_eq!(after, b);
    }
    // Black promotes on the first rank: b1 by pushing, a1 by capturing.
    assert_moves(
        "7k/8/8/8/8/8/1p6/R3K3 b - - 0 1",
        &[
            "b2b1q", "b2b1r", "b2b1b", "b2b1n", "b2a1q", "b2a1r", "b2a1b", "b2a1n", "h8g7", "h8g8",
            "h8h7",
        ],
    );
}

// ----- double check, mate, stalemate ------------------------------------------

#[test]
fn double_check_allows_only_king_moves() {
    // White: Ke1, Ra8, Pc2. Black: Kh8, Re8 and Nd3 both checking. Rxe8 and
    // cxd3 would each remove one checker only. The knight covers f2.
    let b = assert_moves(
        "R3r2k/8/8/8/8/3n4/2P5/4K3 w - - 0 1",
        &["e1d1", "e1d2", "e1f1"],
    );
    assert_eq!(b.checkers(), Square::E8.bitboard() | Square::D3.bitboard());
}

#[test]
fn stalemate_has_no_moves_and_no_check() {
    // Black: Kh8. White: Kg6, Qf7 covering g8, g7 and h7.
    let b = assert_moves("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert!(!b.in_check());
    assert!(b.checkers().is_empty());
}

#[test]
fn checkmate_has_no_moves_and_check() {
    // Back-rank mate: Black Kg8 behind f7, g7, h7; White Ra8.
    let b = assert_moves("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &[]);
    assert!(b.in_check());
    assert_eq!(b.checkers(), Square::A8.bitboard());

    // Fool's mate, played move by move.
    let mut b = Board::startpos();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = b.parse_uci(uci).unwrap();
        b.make_move(mv);
    }
    assert!(b.in_check());
    assert_eq!(b.checkers(), Square::H4.bitboard());
    assert_eq!(sorted_strings(&b.legal_moves()), Vec::<String>::new());
    assert_eq!(b.count_legal_moves(), 0);
}
