//! A whole position flipped or turned: [`Board::mirror`] (the same
//! position with the colours swapped), [`Board::flip_horizontal`], and
//! [`Board::transform`] for the flips and turns that may not give a
//! position at all.
//!
//! The square maps are [`crate::transform`]'s. What else a transform must
//! carry along, and how:
//!
//! * the **castling rights** are kept by their rook: mirrored, White's
//!   right with the h-file rook becomes Black's with the h-file rook;
//!   flipped horizontally, a king-side right becomes a queen-side one (so
//!   a standard board with rights becomes a Chess960 board, since the king
//!   now stands on the d-file);
//! * the **en-passant square** moves with the pawns;
//! * the **Zobrist key** is computed anew for the new position (a key does
//!   not transform), so it is what any other board of that position has.

use super::builder::{BoardBuilder, PositionError};
use super::{Board, State};
use crate::castling::{CastlingRights, CastlingSide};
use crate::color::Color;
use crate::piece::PieceKind;
use crate::square::{File, Square};
use crate::transform::Transform;

/// # Mirroring and other symmetries
///
/// The position seen from the other side ([`Board::mirror`]), or flipped
/// and turned ([`Board::flip_horizontal`], [`Board::transform`]); see
/// [`crate::transform`] for the maps themselves.
impl Board {
    /// The same position with the colours swapped: the board flipped
    /// vertically (rank 1 <-> rank 8), White's pieces made Black's and
    /// Black's White's, and the other side to move, with the castling
    /// rights, the en-passant square and the clocks carried over. What one
    /// side can do in `self` the other can do in the mirror, move for move,
    /// so the two have the same perft counts; `mirror().mirror()` is
    /// `self`. python-chess's `Board.mirror()`; for machine learning, a way
    /// to see every position from White's side.
    ///
    /// ```
    /// use magicboard::{perft, Board, Color};
    /// let board = Board::from_fen("r3k2r/8/8/8/4Pp2/8/8/R3K2R b Kq e3 0 1").unwrap();
    /// let mirrored = board.mirror();
    /// assert_eq!(mirrored.to_fen(), "r3k2r/8/8/4pP2/8/8/8/R3K2R w Qk e6 0 1");
    /// assert_eq!(mirrored.side_to_move(), Color::White);
    /// assert_eq!(mirrored.mirror(), board);
    /// assert_eq!(perft(&mirrored, 3), perft(&board, 3));
    /// // The key is the mirrored position's own.
    /// assert_eq!(mirrored.hash(), Board::from_fen(&mirrored.to_fen()).unwrap().hash());
    /// ```
    pub fn mirror(&self) -> Board {
        let mut board = Board::empty();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in self.colored_pieces(color, kind) {
                    board.put_piece_unhashed(!color, kind, sq.flip_vertical());
                }
            }
        }
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                castling.set(!color, side, self.state.castling.rook_file(color, side));
            }
        }
        board.state = State {
            hash: 0,
            castling,
            ep: self.state.ep.map(Square::flip_vertical),
            side: !self.state.side,
            ..self.state
        };
        board.state.hash = board.hash_from_scratch();
        board
    }

    /// The position flipped horizontally: the a-file <-> the h-file, the
    /// same side to move. Pawns still move the same way and every attack
    /// mirrors, so this is always a position; castling rights follow their
    /// rooks to the other wing (king side <-> queen side), which makes a
    /// standard board with rights a Chess960 one (the king now stands on
    /// the d-file, and castling still ends on the g- or c-file, so the
    /// moves are not the mirror image of the original's). Without castling
    /// rights the two boards have the same perft counts. Flipped twice, a
    /// board is itself again (in Chess960 mode if it had castling
    /// rights).
    ///
    /// ```
    /// use magicboard::{perft, Board};
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1").unwrap();
    /// let flipped = board.flip_horizontal();
    /// assert_eq!(flipped.to_fen(), "3k4/8/8/3Pp3/8/8/8/3K3R w K e6 0 1");
    /// assert!(flipped.is_chess960());
    /// assert_eq!(flipped.flip_horizontal().to_fen(), board.to_fen());
    ///
    /// let no_rights = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 1").unwrap();
    /// assert_eq!(perft(&no_rights.flip_horizontal(), 3), perft(&no_rights, 3));
    /// ```
    pub fn flip_horizontal(&self) -> Board {
        let mut board = Board::empty();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in self.colored_pieces(color, kind) {
                    board.put_piece_unhashed(color, kind, sq.flip_horizontal());
                }
            }
        }
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for (side, other) in [
                (CastlingSide::KingSide, CastlingSide::QueenSide),
                (CastlingSide::QueenSide, CastlingSide::KingSide),
            ] {
                let file = self.state.castling.rook_file(color, side);
                castling.set(color, other, file.map(|f| File::from_index(7 - f.index())));
            }
        }
        board.state = State {
            hash: 0,
            castling,
            ep: self.state.ep.map(Square::flip_horizontal),
            ..self.state
        };
        board.state.chess960 = self.state.chess960 || !board.castling_is_standard();
        board.state.hash = board.hash_from_scratch();
        board
    }

    /// The position with each piece moved by `transform`, the same side to
    /// move, if that is a position: a flip about another axis or a half
    /// turn puts White's pawns where they move the other way, on a back
    /// rank, or giving a check no pawn could give, which
    /// [`BoardBuilder::build`] refuses. Castling rights are dropped (no
    /// king stays on its first rank), and so is an en-passant square that
    /// is no longer one. A [lenient](BoardBuilder::lenient) board gives a
    /// lenient one.
    ///
    /// [`Transform::FlipHorizontal`] gives [`Board::flip_horizontal`]'s
    /// board (its rights kept); for the colour-swapping vertical flip, see
    /// [`Board::mirror`].
    ///
    /// # Errors
    ///
    /// The [`PositionError`] of the transformed position, when it is not
    /// one.
    ///
    /// ```
    /// use magicboard::{Board, PositionError, Square, Transform};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1").unwrap();
    /// let turned = board.transform(Transform::Rotate180).unwrap();
    /// assert_eq!(turned.to_fen(), "3K4/6B1/8/8/8/8/8/3k4 w - - 0 1");
    /// assert_eq!(board.flip_vertical().unwrap().to_fen(), "4K3/1B6/8/8/8/8/8/4k3 w - - 0 1");
    ///
    /// // The pawn on a2 lands on b1, a back rank.
    /// let pawn = Board::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
    /// assert_eq!(pawn.transform(Transform::FlipDiagonal), Err(PositionError::PawnOnBackRank(Square::B1)));
    /// ```
    pub fn transform(&self, transform: Transform) -> Result<Board, PositionError> {
        if transform == Transform::FlipHorizontal {
            return Ok(self.flip_horizontal());
        }
        // A board only a lenient build accepts gives a lenient builder.
        let mut builder = BoardBuilder::from_board(self);
        for sq in self.occupied() {
            builder = builder.remove(sq);
        }
        for sq in self.occupied() {
            if let Some(piece) = self.piece_on(sq) {
                builder = builder.piece(transform.square(sq), piece);
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                builder = builder.no_castling(color, side);
            }
        }
        let moved_ep = self.state.ep.map(|sq| transform.square(sq));
        match builder.clone().en_passant(moved_ep).build() {
            Err(PositionError::EnPassantWrongRank(_) | PositionError::EnPassantWithoutPawn(_)) => {
                builder.en_passant(None).build()
            }
            result => result,
        }
    }

    /// The position flipped vertically (rank 1 <-> rank 8) without
    /// swapping the colours: [`Board::transform`] with
    /// [`Transform::FlipVertical`]. White's pawns then stand where they
    /// move off the board; see [`Board::mirror`] for the flip that keeps
    /// the position.
    ///
    /// # Errors
    ///
    /// As [`Board::transform`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.flip_vertical().unwrap().to_fen(), "R3K3/8/8/8/8/8/8/4k3 w - - 0 1");
    /// ```
    pub fn flip_vertical(&self) -> Result<Board, PositionError> {
        self.transform(Transform::FlipVertical)
    }

    /// The position flipped about the a1-h8 diagonal: [`Board::transform`]
    /// with [`Transform::FlipDiagonal`].
    ///
    /// # Errors
    ///
    /// As [`Board::transform`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.flip_diagonal().unwrap().to_fen(), "8/8/8/K6k/8/8/8/R7 w - - 0 1");
    /// ```
    pub fn flip_diagonal(&self) -> Result<Board, PositionError> {
        self.transform(Transform::FlipDiagonal)
    }

    /// The position flipped about the a8-h1 diagonal: [`Board::transform`]
    /// with [`Transform::FlipAntiDiagonal`].
    ///
    /// # Errors
    ///
    /// As [`Board::transform`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.flip_anti_diagonal().unwrap().to_fen(), "7R/8/8/8/k6K/8/8/8 w - - 0 1");
    /// ```
    pub fn flip_anti_diagonal(&self) -> Result<Board, PositionError> {
        self.transform(Transform::FlipAntiDiagonal)
    }

    /// The position turned by half a turn (`a1` <-> `h8`) without swapping
    /// the colours: [`Board::transform`] with [`Transform::Rotate180`].
    ///
    /// # Errors
    ///
    /// As [`Board::transform`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.rotate_180().unwrap().to_fen(), "3K3R/8/8/8/8/8/8/3k4 w - - 0 1");
    /// ```
    pub fn rotate_180(&self) -> Result<Board, PositionError> {
        self.transform(Transform::Rotate180)
    }
}
