//! `arbitrary::Arbitrary` for [`Board`], [`Game`], [`Square`] and [`Move`]
//! (feature `arbitrary`), for fuzzing with cargo-fuzz and the like.
//!
//! * A **`Game`** starts from the standard position (three times in four)
//!   or from one of the 960 Chess960 starts, and plays legal moves chosen by
//!   the input bytes, with odds weighted toward en passant, castling,
//!   promotions, captures and checks; it stops where no move is legal, when
//!   the input runs out, or after 300 plies. Every input gives a legal game,
//!   and a shorter input gives a shorter game.
//! * A **`Board`** is the last position of such a game.
//! * A **`Square`** is any of the 64.
//! * A **`Move`** is a well-formed move value, legal on some board or not:
//!   a plain move, a promotion to a knight, bishop, rook or queen, or a
//!   castling move (king takes own rook), between any two squares. For
//!   legal moves, take a `Board` and pick among its `legal_moves()`.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use magicboard::{Board, Game};
//!
//! let bytes = [7u8, 200, 13, 99, 42, 1, 0, 250, 31, 64, 128, 5];
//! let game = Game::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! assert!(!game.moves().is_empty());
//! assert!(game.board().is_consistent());
//!
//! // No bytes: the start position.
//! let board = Board::arbitrary(&mut Unstructured::new(&[])).unwrap();
//! assert_eq!(board, Board::startpos());
//! ```

use crate::board::{Board, BoardBuilder};
use crate::castling::back_rank;
use crate::castling::{CastlingMode, CastlingSide};
use crate::color::Color;
use crate::game::Game;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::playout::{self, MAX_PLIES};
use crate::square::{File, Rank, Square};
use arbitrary::{Arbitrary, Result, Unstructured};

#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
impl<'a> Arbitrary<'a> for Game {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Game> {
        // (With no bytes left, `ratio` says yes: the standard start.)
        let start = if u.ratio(3u8, 4)? {
            Board::startpos()
        } else {
            Board::chess960_startpos(u.int_in_range(0..=959)?).unwrap_or_else(Board::startpos)
        };
        // Two bytes a ply: a choice on the ring of `playout`.
        let plies = u.arbitrary_len::<u16>()?.min(MAX_PLIES);
        playout::play(start, plies, || {
            Ok(u32::from(u16::arbitrary(u)?).wrapping_mul(0x0001_0001))
        })
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
impl<'a> Arbitrary<'a> for Board {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Board> {
        Ok(Game::arbitrary(u)?.board().clone())
    }
}

/// Random placements, not reached by play: a king of each colour and up to
/// 30 other pieces on random squares (pawns never on a back rank), the
/// side to move, castling rights where a king and rook stand for them, and
/// sometimes an en-passant square. Odd material, kings in the middle and
/// pawns on open files come up that no game in a fuzzer's budget reaches.
/// [`BoardBuilder::build`] accepts most of them (it refuses, say, the side
/// not to move in check); keep what it accepts.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use magicboard::BoardBuilder;
///
/// let mut accepted = 0;
/// for seed in 0..100u32 {
///     let bytes: Vec<u8> = (0..200u32).map(|i| (i.wrapping_mul(2654435761) ^ seed.wrapping_mul(40503)) as u8).collect();
///     let builder = BoardBuilder::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
///     if let Ok(board) = builder.build() {
///         assert!(board.is_consistent());
///         accepted += 1;
///     }
/// }
/// assert!(accepted > 10, "{accepted}");
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
impl<'a> Arbitrary<'a> for BoardBuilder {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<BoardBuilder> {
        let mut builder = BoardBuilder::new();
        let mut taken = [false; 64];
        for color in Color::ALL {
            let sq = Square::arbitrary(u)?;
            if taken[sq.index()] {
                // Both kings drawn on one square: the other is moved on.
                let next = Square::from_index((sq.index() + 1) % 64).unwrap_or(sq);
                builder = builder.piece(next, Piece::new(color, PieceKind::King));
                taken[next.index()] = true;
            } else {
                builder = builder.piece(sq, Piece::new(color, PieceKind::King));
                taken[sq.index()] = true;
            }
        }
        let others = u.int_in_range(0..=30u8)?;
        for _ in 0..others {
            let sq = Square::arbitrary(u)?;
            let color = if u.arbitrary::<bool>()? {
                Color::White
            } else {
                Color::Black
            };
            let mut kind = PieceKind::ALL[usize::from(u.int_in_range(0..=4u8)?)];
            if kind == PieceKind::Pawn && crate::bitboard::Bitboard::BACK_RANKS.contains(sq) {
                kind = PieceKind::Knight;
            }
            if !taken[sq.index()] {
                builder = builder.piece(sq, Piece::new(color, kind));
                taken[sq.index()] = true;
            }
        }
        let side = if u.arbitrary::<bool>()? {
            Color::White
        } else {
            Color::Black
        };
        builder = builder.side_to_move(side);
        // A castling right wherever a king on its first rank has a rook of
        // its colour on that rank on that side (most often the outermost).
        for color in Color::ALL {
            let rank = back_rank(color);
            let king = Piece::new(color, PieceKind::King);
            let rook = Piece::new(color, PieceKind::Rook);
            let Some(king_file) = File::ALL
                .into_iter()
                .find(|&f| builder.piece_on(Square::new(f, rank)) == Some(king))
            else {
                continue;
            };
            for side in CastlingSide::ALL {
                let files = File::ALL.into_iter().filter(|&f| match side {
                    CastlingSide::KingSide => f > king_file,
                    CastlingSide::QueenSide => f < king_file,
                });
                let mut rooks =
                    files.filter(|&f| builder.piece_on(Square::new(f, rank)) == Some(rook));
                let file = match side {
                    CastlingSide::KingSide => rooks.next_back(),
                    CastlingSide::QueenSide => rooks.next(),
                };
                if let Some(file) = file {
                    if u.ratio(2u8, 3)? {
                        builder = builder.castling(color, side, file);
                    }
                }
            }
        }
        if u.ratio(1u8, 4)? {
            builder = builder.castling_mode(CastlingMode::Chess960);
        }
        if u.ratio(1u8, 6)? {
            let file = File::from_index(usize::from(u.int_in_range(0..=7u8)?));
            builder = builder.en_passant(Some(Square::new(file, Rank::Sixth.relative_to(side))));
        }
        Ok(builder
            .halfmove_clock(u.int_in_range(0..=99)?)
            .fullmove_number(u.int_in_range(1..=200)?))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
impl<'a> Arbitrary<'a> for Square {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Square> {
        Square::from_index(u.int_in_range(0..=63)?).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Move> {
        let from = Square::arbitrary(u)?;
        let to = Square::arbitrary(u)?;
        Ok(match u.int_in_range(0u8..=15)? {
            k @ 11..=14 => Move::new(from, to, Some(PieceKind::PROMOTIONS[usize::from(k - 11)])),
            15 => Move::castle(from, to),
            _ => Move::new(from, to, None),
        })
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (3, Some(3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// A few kilobytes of varied bytes (a fixed xorshift stream).
    fn bytes(seed: u64, len: usize) -> Vec<u8> {
        let mut x = seed | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect()
    }

    #[test]
    fn games_are_legal_and_varied() {
        let mut chess960 = 0;
        let mut longest = 0;
        let mut en_passant = 0;
        let mut castles = 0;
        let mut promotions = 0;
        for seed in 0..200 {
            let data = bytes(seed, 600);
            let game = Game::arbitrary(&mut Unstructured::new(&data)).unwrap();
            let mut board = game.start().clone();
            chess960 += usize::from(board.is_chess960());
            longest = longest.max(game.moves().len());
            for &mv in game.moves() {
                assert!(board.is_legal(mv), "{mv:?} on {board:?}");
                let pawn = board.kind_on(mv.from()) == Some(PieceKind::Pawn);
                en_passant += usize::from(pawn && board.en_passant() == Some(mv.to()));
                castles += usize::from(mv.is_castle());
                promotions += usize::from(mv.promotion().is_some());
                board = board.play_unchecked(mv);
            }
            assert_eq!(&board, game.board());
        }
        assert!((20..=80).contains(&chess960), "{chess960} Chess960 starts");
        assert!(longest >= 150, "{longest}");
        assert!(en_passant >= 10 && castles >= 20 && promotions >= 10);
    }

    #[test]
    fn shorter_input_shorter_game() {
        let data = bytes(7, 400);
        let long = Game::arbitrary(&mut Unstructured::new(&data)).unwrap();
        let short = Game::arbitrary(&mut Unstructured::new(&data[..40])).unwrap();
        assert!(short.moves().len() < long.moves().len());
        assert!(short.moves().len() <= 40);
    }

    #[test]
    fn squares_and_moves() {
        let data = bytes(3, 3000);
        let mut u = Unstructured::new(&data);
        let mut castles = 0;
        let mut promotions = 0;
        while !u.is_empty() {
            let mv = Move::arbitrary(&mut u).unwrap();
            castles += usize::from(mv.is_castle());
            promotions += usize::from(mv.promotion().is_some());
            assert_eq!(Move::from_bits(mv.to_bits()), mv);
        }
        assert!(castles > 20 && promotions > 100, "{castles} {promotions}");
        assert_eq!(
            Square::arbitrary(&mut Unstructured::new(&[63])),
            Ok(Square::H8)
        );
    }
}
