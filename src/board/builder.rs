//! Setting up a position without FEN: [`BoardBuilder`] places pieces and
//! sets the side to move, castling rights, en passant and clocks, and
//! [`BoardBuilder::build`] checks that the result is a position that can
//! exist, or names the first thing wrong with it in a [`PositionError`].
//!
//! This is the one place where a position is checked: [`Board::from_fen`]
//! reads the text into a builder and builds it, so a FEN and a builder that
//! say the same thing give the same board or the same [`PositionError`]
//! (inside [`FenError::Position`](crate::board::fen::FenError::Position)).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::back_rank;
use crate::castling::{CastlingMode, CastlingSide};
use crate::color::Color;
use crate::piece::{Piece, PieceKind};
use crate::square::{File, Rank, Square};
use core::fmt;

/// Why a position cannot exist (or cannot be reached in a game): what
/// [`BoardBuilder::build`] returns, and what [`Board::from_fen`] wraps in
/// [`FenError::Position`](crate::board::fen::FenError::Position) for a well-formed FEN
/// that describes such a position.
///
/// ```
/// use magicboard::{Board, BoardBuilder, Color, FenError, Piece, PieceKind, PositionError, Square};
///
/// // Well-formed text, impossible position: the side not to move is in check.
/// let err = Board::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Position(PositionError::OppositeCheck));
///
/// // The same position from the builder: the same error.
/// let built = BoardBuilder::new()
///     .piece(Square::E8, Piece::new(Color::Black, PieceKind::King))
///     .piece(Square::E1, Piece::new(Color::White, PieceKind::Rook))
///     .piece(Square::G1, Piece::new(Color::White, PieceKind::King))
///     .build();
/// assert_eq!(built, Err(PositionError::OppositeCheck));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// A side does not have exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces, more than 8 pawns, or more promoted
    /// pieces than missing pawns.
    TooMuchMaterial(Color),
    /// A castling right whose king is not on its first rank, or without a
    /// rook of that colour on that file of the first rank on that side of
    /// the king. `file` is `None` for a FEN's `K`/`Q` that found no rook on
    /// that side.
    BadCastlingRights {
        /// The side the right belongs to.
        color: Color,
        /// King side or queen side.
        side: CastlingSide,
        /// The rook's file the right names.
        file: Option<File>,
    },
    /// The en-passant square is not on the third rank (Black to move) or the
    /// sixth rank (White to move).
    EnPassantWrongRank(Square),
    /// No pawn stands in front of the en-passant square that could just
    /// have advanced two squares over it (or the squares it crossed are not
    /// empty).
    EnPassantWithoutPawn(Square),
    /// The side that is not to move is in check.
    OppositeCheck,
    /// The side to move is attacked by more than two pieces, which no
    /// legal move can produce.
    TooManyCheckers,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::KingCount { color, count } => {
                write!(f, "{color} has {count} kings, expected exactly 1")
            }
            PositionError::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, a first or last rank"),
            PositionError::TooMuchMaterial(color) => write!(
                f,
                "{color} has too much material (over 16 pieces, over 8 pawns, or more \
                 promoted pieces than missing pawns)"
            ),
            PositionError::BadCastlingRights { color, side, file } => {
                let side = match side {
                    CastlingSide::KingSide => "king side",
                    CastlingSide::QueenSide => "queen side",
                };
                match file {
                    Some(file) => write!(
                        f,
                        "{color} cannot castle on the {side} with the {}-file rook: it needs \
                         its king on its first rank and a rook of its own on that file, on \
                         that side of the king",
                        file.to_char()
                    ),
                    None => write!(
                        f,
                        "{color} cannot castle on the {side}: it needs its king on its first \
                         rank and a rook of its own on that side of the king"
                    ),
                }
            }
            PositionError::EnPassantWrongRank(sq) => write!(
                f,
                "en-passant square {sq} is not on the 6th rank (White to move) or 3rd (Black \
                 to move)"
            ),
            PositionError::EnPassantWithoutPawn(sq) => write!(
                f,
                "en-passant square {sq} has no double-stepped pawn in front of it"
            ),
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::TooManyCheckers => {
                f.write_str("the side to move is in check from more than two pieces")
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// A position under construction: pieces placed one by one, then
/// [`build`](BoardBuilder::build) checks it and gives a [`Board`].
///
/// It starts empty, White to move, with no castling rights, no en-passant
/// square, the half-move clock at 0 and the full-move number at 1. Any
/// placement is accepted while building (ten kings, pawns on the back
/// rank); `build` says what is wrong and never panics.
///
/// ```
/// use magicboard::{Board, BoardBuilder, CastlingMode, CastlingSide, Color, File, Piece, PieceKind, PositionError, Square};
///
/// let board: Result<Board, PositionError> = BoardBuilder::new()
///     .piece(Square::E1, Piece::new(Color::White, PieceKind::King))
///     .piece(Square::H1, Piece::new(Color::White, PieceKind::Rook))
///     .piece(Square::E8, Piece::new(Color::Black, PieceKind::King))
///     .side_to_move(Color::Black)
///     .castling(Color::White, CastlingSide::KingSide, File::H) // by rook file: Chess960 too
///     .castling_mode(CastlingMode::Standard)
///     .en_passant(None)
///     .halfmove_clock(0)
///     .fullmove_number(1)
///     .build();
/// let board = board.unwrap();
/// assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
///
/// // Edit an existing position: take the rook away, and with it the right.
/// let edited = BoardBuilder::from_board(&board)
///     .remove(Square::H1)
///     .no_castling(Color::White, CastlingSide::KingSide)
///     .build()
///     .unwrap();
/// assert_eq!(edited.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
/// assert_eq!(BoardBuilder::from_board(&board).build(), Ok(board));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardBuilder {
    pieces: [Option<Piece>; 64],
    side: Color,
    castling: [[Option<File>; 2]; 2],
    mode: CastlingMode,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
}

impl Default for BoardBuilder {
    fn default() -> BoardBuilder {
        BoardBuilder::new()
    }
}

/// # Setting up
impl BoardBuilder {
    /// An empty board, White to move, no castling rights, no en-passant
    /// square, clocks 0 and 1, standard castling notation.
    ///
    /// ```
    /// use magicboard::{BoardBuilder, PositionError, Color};
    /// // No kings yet: not a position.
    /// assert_eq!(
    ///     BoardBuilder::new().build(),
    ///     Err(PositionError::KingCount { color: Color::White, count: 0 }),
    /// );
    /// ```
    pub const fn new() -> BoardBuilder {
        BoardBuilder {
            pieces: [None; 64],
            side: Color::White,
            castling: [[None; 2]; 2],
            mode: CastlingMode::Standard,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Everything `board` holds, to edit: `from_board(&b).build()` gives
    /// back `b` exactly (hash included).
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder};
    /// let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
    /// assert_eq!(BoardBuilder::from_board(&board).build(), Ok(board));
    /// ```
    pub fn from_board(board: &Board) -> BoardBuilder {
        let mut builder = BoardBuilder::new();
        for sq in board.occupied() {
            builder.pieces[sq.index()] = board.piece_on(sq);
        }
        let rights = board.castling_rights();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                builder.castling[color.index()][side.index()] = rights.rook_file(color, side);
            }
        }
        builder.side = board.side_to_move();
        builder.mode = crate::castling::CastlingMode::from_chess960(board.is_chess960());
        builder.en_passant = board.en_passant();
        builder.halfmove = board.halfmove_clock();
        builder.fullmove = board.fullmove_number();
        builder
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    ///
    /// ```
    /// use magicboard::{BoardBuilder, Color, Piece, PieceKind, Square};
    /// let queen = Piece::new(Color::White, PieceKind::Queen);
    /// let builder = BoardBuilder::new().piece(Square::D1, queen);
    /// assert_eq!(builder.piece_on(Square::D1), Some(queen));
    /// ```
    pub fn piece(mut self, sq: Square, piece: Piece) -> BoardBuilder {
        self.pieces[sq.index()] = Some(piece);
        self
    }

    /// Empties `sq`.
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder, Square};
    /// let builder = BoardBuilder::from_board(&Board::startpos()).remove(Square::D1);
    /// assert_eq!(builder.piece_on(Square::D1), None);
    /// assert_eq!(builder.build().unwrap().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    /// ```
    pub fn remove(mut self, sq: Square) -> BoardBuilder {
        self.pieces[sq.index()] = None;
        self
    }

    /// Sets whose turn it is.
    ///
    /// ```
    /// use magicboard::{BoardBuilder, Board, Color};
    /// let board = BoardBuilder::from_board(&Board::startpos()).side_to_move(Color::Black).build().unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// ```
    pub fn side_to_move(mut self, color: Color) -> BoardBuilder {
        self.side = color;
        self
    }

    /// Gives `color` the right to castle on `side` with the rook on `file`
    /// of its first rank (any file: Chess960 too). `build` checks that the
    /// king and that rook are there.
    ///
    /// ```
    /// use magicboard::{BoardBuilder, CastlingSide, Color, File, Piece, PieceKind, Square};
    /// let board = BoardBuilder::new()
    ///     .piece(Square::B1, Piece::new(Color::White, PieceKind::King))
    ///     .piece(Square::A1, Piece::new(Color::White, PieceKind::Rook))
    ///     .piece(Square::G8, Piece::new(Color::Black, PieceKind::King))
    ///     .castling(Color::White, CastlingSide::QueenSide, File::A)
    ///     .build()
    ///     .unwrap();
    /// assert!(board.castling_rights().has(Color::White, CastlingSide::QueenSide));
    /// assert!(board.is_chess960()); // a king on b1 with a right: Chess960
    /// ```
    pub fn castling(mut self, color: Color, side: CastlingSide, file: File) -> BoardBuilder {
        self.castling[color.index()][side.index()] = Some(file);
        self
    }

    /// Takes away `color`'s right to castle on `side`.
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder, CastlingSide, Color};
    /// let board = BoardBuilder::from_board(&Board::startpos())
    ///     .no_castling(Color::Black, CastlingSide::QueenSide)
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
    /// ```
    pub fn no_castling(mut self, color: Color, side: CastlingSide) -> BoardBuilder {
        self.castling[color.index()][side.index()] = None;
        self
    }

    /// How castling is written in UCI and FEN text. A position whose rights
    /// standard chess cannot have (a king off the e-file, a rook off the a-
    /// or h-file) is a Chess960 board whatever this says.
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder, CastlingMode};
    /// let board = BoardBuilder::from_board(&Board::startpos())
    ///     .castling_mode(CastlingMode::Chess960)
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(board.to_shredder_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// assert!(board.is_chess960());
    /// ```
    pub fn castling_mode(mut self, mode: CastlingMode) -> BoardBuilder {
        self.mode = mode;
        self
    }

    /// The square a pawn just skipped with a double step, if any. `build`
    /// checks it, and keeps it only when a pawn of the side to move stands
    /// beside that pawn (as FEN reading does).
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder, PositionError, Square};
    /// let after_e4 = Board::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
    /// // No black pawn beside e4: the square is valid but not kept.
    /// let board = BoardBuilder::from_board(&after_e4).en_passant(Some(Square::E3)).build().unwrap();
    /// assert_eq!(board.en_passant(), None);
    /// // On the wrong rank: an error.
    /// assert_eq!(
    ///     BoardBuilder::from_board(&after_e4).en_passant(Some(Square::E4)).build(),
    ///     Err(PositionError::EnPassantWrongRank(Square::E4)),
    /// );
    /// ```
    pub fn en_passant(mut self, sq: Option<Square>) -> BoardBuilder {
        self.en_passant = sq;
        self
    }

    /// Sets the half-move clock (plies since the last capture or pawn move).
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder};
    /// let board = BoardBuilder::from_board(&Board::startpos()).halfmove_clock(12).build().unwrap();
    /// assert_eq!(board.halfmove_clock(), 12);
    /// ```
    pub fn halfmove_clock(mut self, plies: u32) -> BoardBuilder {
        self.halfmove = plies;
        self
    }

    /// Sets the full-move number (0 is read as 1, as FEN reading does).
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder};
    /// let board = BoardBuilder::from_board(&Board::startpos()).fullmove_number(40).build().unwrap();
    /// assert_eq!(board.fullmove_number(), 40);
    /// ```
    pub fn fullmove_number(mut self, number: u32) -> BoardBuilder {
        self.fullmove = number;
        self
    }

    /// The piece placed on `sq`, if any.
    ///
    /// ```
    /// use magicboard::{Board, BoardBuilder, Color, Piece, PieceKind, Square};
    /// let builder = BoardBuilder::from_board(&Board::startpos());
    /// assert_eq!(builder.piece_on(Square::E8), Some(Piece::new(Color::Black, PieceKind::King)));
    /// ```
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }
}

/// # Checking and building
impl BoardBuilder {
    /// The board, if the position can exist.
    ///
    /// # Errors
    ///
    /// The first problem found, in this order: a side without exactly one
    /// king ([`PositionError::KingCount`]), a pawn on a back rank
    /// ([`PositionError::PawnOnBackRank`]), impossible material
    /// ([`PositionError::TooMuchMaterial`]), a castling right without its
    /// king and rook ([`PositionError::BadCastlingRights`]), an impossible
    /// en-passant square ([`PositionError::EnPassantWrongRank`],
    /// [`PositionError::EnPassantWithoutPawn`]), the side not to move in
    /// check ([`PositionError::OppositeCheck`]) or more than two checkers
    /// ([`PositionError::TooManyCheckers`]).
    ///
    /// ```
    /// use magicboard::{BoardBuilder, Color, Piece, PieceKind, PositionError, Square};
    /// let white_king = Piece::new(Color::White, PieceKind::King);
    /// let mut builder = BoardBuilder::new();
    /// for sq in [Square::A1, Square::B1, Square::C1] {
    ///     builder = builder.piece(sq, white_king);
    /// }
    /// assert_eq!(builder.build(), Err(PositionError::KingCount { color: Color::White, count: 3 }));
    /// ```
    pub fn build(&self) -> Result<Board, PositionError> {
        let mut board = self.placed()?;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(file) = self.castling[color.index()][side.index()] else {
                    continue;
                };
                if !castling_right_fits(&board, color, side, file) {
                    return Err(PositionError::BadCastlingRights {
                        color,
                        side,
                        file: Some(file),
                    });
                }
                board.state.castling.set(color, side, Some(file));
            }
        }
        board.state.side = self.side;
        board.state.chess960 = self.mode == CastlingMode::Chess960 || !board.castling_is_standard();

        // En passant: checked, then kept only when a pawn of the side to move
        // stands beside the double-stepped pawn.
        if let Some(sq) = self.en_passant {
            let us = board.state.side;
            if sq.rank() != Rank::Sixth.relative_to(us) {
                return Err(PositionError::EnPassantWrongRank(sq));
            }
            let forward = us.forward();
            // The pawn stands one rank nearer the side to move; the square it
            // came from (one rank further) and the skipped square are empty.
            let (Some(pawn_sq), Some(origin)) = (sq.offset(0, -forward), sq.offset(0, forward))
            else {
                return Err(PositionError::EnPassantWithoutPawn(sq));
            };
            if !board.colored_pieces(!us, PieceKind::Pawn).contains(pawn_sq)
                || board.occupied().contains(sq)
                || board.occupied().contains(origin)
            {
                return Err(PositionError::EnPassantWithoutPawn(sq));
            }
            if !(attacks::pawn_attacks(!us, sq) & board.colored_pieces(us, PieceKind::Pawn))
                .is_empty()
            {
                board.state.ep = Some(sq);
            }
        }

        board.state.halfmove = self.halfmove;
        // Some tools write move number 0; like python-chess, read it as 1.
        board.state.fullmove = self.fullmove.max(1);

        if board.is_square_attacked(board.king(!board.state.side), board.state.side) {
            return Err(PositionError::OppositeCheck);
        }
        if board.checkers().count() > 2 {
            return Err(PositionError::TooManyCheckers);
        }
        board.state.hash = board.hash_from_scratch();
        Ok(board)
    }

    /// The pieces on an empty board after the checks of material (kings,
    /// pawns on back ranks, piece counts), for [`build`](Self::build) and
    /// for FEN reading, which resolves `K`/`Q` castling letters on it.
    pub(crate) fn placed(&self) -> Result<Board, PositionError> {
        let mut board = Board::empty();
        for (i, piece) in self.pieces.iter().enumerate() {
            if let (Some(piece), Some(sq)) = (piece, Square::from_index(i)) {
                board.put_piece(piece.color, piece.kind, sq);
            }
        }
        for color in Color::ALL {
            let count = board.colored_pieces(color, PieceKind::King).count();
            if count != 1 {
                return Err(PositionError::KingCount { color, count });
            }
        }
        if let Some(sq) = (board.pieces(PieceKind::Pawn) & Bitboard::BACK_RANKS).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            let count = |kind| board.colored_pieces(color, kind).count();
            let pawns = count(PieceKind::Pawn);
            let promoted = count(PieceKind::Queen).saturating_sub(1)
                + count(PieceKind::Rook).saturating_sub(2)
                + count(PieceKind::Bishop).saturating_sub(2)
                + count(PieceKind::Knight).saturating_sub(2);
            if board.colored(color).count() > 16 || pawns > 8 || promoted > 8 - pawns {
                return Err(PositionError::TooMuchMaterial(color));
            }
        }
        Ok(board)
    }
}

/// True when `color`'s king stands on its first rank with a rook of its
/// colour on `file` of that rank, on `side` of the king.
fn castling_right_fits(board: &Board, color: Color, side: CastlingSide, file: File) -> bool {
    let rank = back_rank(color);
    let king = board.king(color);
    let rook_there = board
        .colored_pieces(color, PieceKind::Rook)
        .contains(Square::new(file, rank));
    let rook = Square::new(file, rank);
    king.rank() == rank && rook_there && rook != king && CastlingSide::of(king, rook) == side
}
