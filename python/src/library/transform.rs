//! The library's board and bitboard transforms, and a board rebuilt from
//! transformed piece masks (python-chess's `Board.transform(f)`).

use super::{Board, Color, PieceKind, Square, color};
use magicboard::{Bitboard, BoardBuilder, CastlingMode, CastlingSide, Piece, PositionError};

/// `board` mirrored: flipped vertically with the colours and the side to
/// move swapped (python-chess's `Board.mirror()`).
pub fn mirror(board: &Board) -> Board {
    board.mirror()
}

/// python-chess's `flip_vertical`.
pub fn flip_vertical(bb: u64) -> u64 {
    Bitboard(bb).flip_vertical().0
}

/// python-chess's `flip_horizontal`.
pub fn flip_horizontal(bb: u64) -> u64 {
    Bitboard(bb).flip_horizontal().0
}

/// python-chess's `flip_diagonal`.
pub fn flip_diagonal(bb: u64) -> u64 {
    Bitboard(bb).flip_diagonal().0
}

/// python-chess's `flip_anti_diagonal`.
pub fn flip_anti_diagonal(bb: u64) -> u64 {
    Bitboard(bb).flip_anti_diagonal().0
}

/// A board as the masks python-chess's `apply_transform` maps: the six
/// piece kinds, the two colours, the castling rooks and the en-passant
/// square.
pub struct Masks {
    /// Pawns ... kings, both colours.
    pub kinds: [u64; 6],
    /// White's pieces, Black's pieces.
    pub colors: [u64; 2],
    /// The rooks with castling rights (python-chess's `castling_rights`).
    pub castling: u64,
    /// The en-passant square's mask, or 0.
    pub ep: u64,
}

/// The masks of `board`.
pub fn masks(board: &Board) -> Masks {
    Masks {
        kinds: PieceKind::ALL.map(|k| board.pieces(k).0),
        colors: [board.colored(Color::White).0, board.colored(Color::Black).0],
        castling: super::castling_rooks(board),
        ep: board.en_passant().map_or(0, |sq| sq.bitboard().0),
    }
}

/// The board `masks` describe, with `board`'s side to move, clocks and
/// castling notation: the castling rights that python-chess's
/// `clean_castling_rights` keeps from the rooks in `masks.castling`, and
/// the en-passant square when it is still one. An error names what is
/// wrong: two pieces on a square, a piece without a colour, or why the
/// position cannot exist.
pub fn from_masks(board: &Board, masks: &Masks) -> Result<Board, String> {
    let [white, black] = masks.colors;
    if white & black != 0 {
        return Err("a square holds a white and a black piece".into());
    }
    let mut union = 0;
    for kind in masks.kinds {
        if union & kind != 0 {
            return Err("a square holds two kinds of piece".into());
        }
        union |= kind;
    }
    if union != white | black {
        return Err("the piece masks and the colour masks disagree".into());
    }
    let chess960 = board.is_chess960();
    let mut builder = BoardBuilder::new()
        .side_to_move(board.side_to_move())
        .halfmove_clock(board.halfmove_clock())
        .fullmove_number(board.fullmove_number())
        .castling_mode(CastlingMode::from_chess960(chess960));
    for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
        for sq in Bitboard(masks.kinds[i]) {
            let c = color(white & sq.bitboard().0 != 0);
            builder = builder.piece(sq, Piece::new(c, kind));
        }
    }
    // python-chess's clean_castling_rights.
    for c in Color::ALL {
        let rank = if c == Color::White { 0 } else { 7 };
        let back = 0xffu64 << (8 * rank);
        let ours = if c == Color::White { white } else { black };
        let king = masks.kinds[PieceKind::King.index()] & ours & back;
        let mut rooks = masks.castling & masks.kinds[PieceKind::Rook.index()] & ours & back;
        if !chess960 {
            rooks &= 0x81 << (8 * rank);
            if king & (0x10 << (8 * rank)) == 0 {
                rooks = 0;
            }
        }
        if king == 0 || rooks == 0 {
            continue;
        }
        let king_sq = Bitboard(king).first().unwrap_or(Square::A1);
        let (a_side, h_side) = (Bitboard(rooks).first(), Bitboard(rooks).into_iter().last());
        if let Some(rook) = a_side.filter(|r| r.index() < king_sq.index()) {
            builder = builder.castling(c, CastlingSide::QueenSide, rook.file());
        }
        if let Some(rook) = h_side.filter(|r| r.index() > king_sq.index()) {
            builder = builder.castling(c, CastlingSide::KingSide, rook.file());
        }
    }
    let ep = Bitboard(masks.ep);
    let ep = (ep.count() == 1).then(|| ep.first()).flatten();
    let built = match builder.clone().en_passant(ep).build() {
        Err(PositionError::EnPassantWrongRank(_) | PositionError::EnPassantWithoutPawn(_)) => {
            builder.en_passant(None).build()
        }
        other => other,
    };
    built.map_err(|e| e.to_string())
}
