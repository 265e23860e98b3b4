//! FEN parsing and printing, and the validation every parsed position passes.
//!
//! [`Board::from_fen`] accepts the six-field FEN and the four-field EPD form
//! (clocks then default to `0 1`). The castling field may be standard
//! (`KQkq`), X-FEN (`K`/`Q` for the outermost rook on that side, a file
//! letter for an inner one) or Shredder-FEN (`HAha`, rook files). Anything
//! that is not a valid position is rejected with a [`FenError`] naming the
//! problem; no input panics and no half-built board escapes.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::board::builder::{BoardBuilder, PositionError};
use crate::castling::back_rank;
use crate::castling::{CastlingMode, CastlingRights, CastlingSide};
use crate::color::Color;
use crate::piece::{Piece, PieceKind};
use crate::square::{File, Rank, Square};
#[cfg(feature = "alloc")]
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// Why a FEN string was rejected: its text cannot be read (the first
/// variants, each naming the field), or it reads as a position that cannot
/// exist ([`FenError::Position`], the same [`PositionError`] that
/// [`BoardBuilder::build`](crate::board::builder::BoardBuilder::build) returns).
///
/// ```
/// use magicboard::{Board, FenError, PositionError};
/// // A typo: the side-to-move field.
/// assert_eq!(Board::from_fen("8/8/8/8/8/8/8/K1k5 x - - 0 1"), Err(FenError::BadSideToMove));
/// // Well-formed, but the kings touch: the side not to move is in check.
/// let err = Board::from_fen("8/8/8/8/8/8/8/Kk6 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Position(PositionError::OppositeCheck));
/// assert!(matches!(err, FenError::Position(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Not 6 fields (or 4, the EPD form); holds the number found.
    WrongFieldCount(usize),
    /// The placement field does not have 8 ranks; holds the number found.
    WrongRankCount(usize),
    /// A rank of the placement field does not describe exactly 8 squares.
    BadRankLength {
        /// The rank, as written in the FEN (the first one is rank 8).
        rank: Rank,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    UnknownCharacter(char),
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove,
    /// A character in the castling field that is not `K`, `Q`, `k`, `q`,
    /// a file letter `A`-`H`/`a`-`h`, or a lone `-`.
    BadCastlingCharacter(char),
    /// The castling field names one side's right twice (`KK`, `KH`, or two
    /// rooks on one side of the king).
    DuplicateCastlingRight {
        /// The side the right belongs to.
        color: Color,
        /// The offending character of the castling field.
        right: char,
    },
    /// The en-passant field is not `-` or a square.
    BadEnPassant,
    /// The half-move clock is not a number in `0..=4294967295`.
    BadHalfmoveClock,
    /// The full-move number is not a number in `0..=4294967295`.
    BadFullmoveNumber,
    /// The text is well-formed but the position cannot exist.
    Position(PositionError),
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::WrongFieldCount(n) => {
                write!(f, "expected 6 FEN fields (or 4 for EPD), found {n}")
            }
            FenError::WrongRankCount(n) => {
                write!(f, "expected 8 ranks separated by '/', found {n}")
            }
            FenError::BadRankLength { rank } => {
                write!(
                    f,
                    "rank {} does not describe exactly 8 squares",
                    rank.to_char()
                )
            }
            FenError::UnknownCharacter(c) => {
                write!(f, "unknown character {c:?} in piece placement")
            }
            FenError::BadSideToMove => f.write_str("side to move must be 'w' or 'b'"),
            FenError::BadCastlingCharacter(c) => {
                write!(f, "unknown character {c:?} in castling rights")
            }
            FenError::DuplicateCastlingRight { color, right } => write!(
                f,
                "castling right {right:?}: {color} already has a right on that side"
            ),
            FenError::BadEnPassant => f.write_str("en-passant field must be '-' or a square"),
            FenError::BadHalfmoveClock => f.write_str("half-move clock is not a number in range"),
            FenError::BadFullmoveNumber => f.write_str("full-move number is not a number in range"),
            // The position error says what is impossible; no prefix, so a
            // message reads the same from FEN and from the builder.
            FenError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for FenError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            FenError::Position(e) => Some(e),
            _ => None,
        }
    }
}

/// The standard starting position, written out (the test below builds it
/// piece by piece and compares; its hash is Polyglot's published key of
/// the start position).
const START: Board = {
    const BACK: [PieceKind; 8] = [
        PieceKind::Rook,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Rook,
    ];
    let mut mailbox = [None; 64];
    let mut file = 0;
    while file < 8 {
        mailbox[file] = Some(BACK[file]);
        mailbox[8 + file] = Some(PieceKind::Pawn);
        mailbox[48 + file] = Some(PieceKind::Pawn);
        mailbox[56 + file] = Some(BACK[file]);
        file += 1;
    }
    Board {
        // Pawns, knights, bishops, rooks, queens, kings.
        by_kind: [
            Bitboard(0x00ff_0000_0000_ff00),
            Bitboard(0x4200_0000_0000_0042),
            Bitboard(0x2400_0000_0000_0024),
            Bitboard(0x8100_0000_0000_0081),
            Bitboard(0x0800_0000_0000_0008),
            Bitboard(0x1000_0000_0000_0010),
        ],
        by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
        mailbox,
        state: super::State {
            hash: 0x463b_9618_1691_fc9c,
            castling: CastlingRights::STANDARD,
            ..super::State::EMPTY
        },
    }
};

/// # Building positions and FEN
///
/// A `Board` comes from [`Board::startpos`] or from FEN text read by a
/// checked parser ([`Board::from_fen`], also behind `str::parse`); these
/// and the boards legal moves reach from them are legal positions.
/// [`Board::to_fen`] and [`Board::to_shredder_fen`] write a board back.
impl Board {
    /// The standard starting position.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// assert_eq!(start.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(start.occupied().count(), 32);
    /// ```
    pub fn startpos() -> Board {
        // A constant: replaying a file of games starts many boards here.
        START
    }

    /// Parses a FEN (six fields) or EPD-style position (four fields).
    ///
    /// The board is in Chess960 mode when its castling rights cannot be
    /// standard (king not on the e-file, or a castling rook not on the a- or
    /// h-file); see [`Board::from_fen_chess960`] to force it.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first problem found (each variant's
    /// documentation says exactly when); no input panics.
    ///
    /// * The text is not FEN: [`WrongFieldCount`](FenError::WrongFieldCount),
    ///   [`WrongRankCount`](FenError::WrongRankCount),
    ///   [`BadRankLength`](FenError::BadRankLength),
    ///   [`UnknownCharacter`](FenError::UnknownCharacter),
    ///   [`BadSideToMove`](FenError::BadSideToMove),
    ///   [`BadCastlingCharacter`](FenError::BadCastlingCharacter),
    ///   [`DuplicateCastlingRight`](FenError::DuplicateCastlingRight),
    ///   [`BadEnPassant`](FenError::BadEnPassant),
    ///   [`BadHalfmoveClock`](FenError::BadHalfmoveClock),
    ///   [`BadFullmoveNumber`](FenError::BadFullmoveNumber).
    /// * The position cannot exist: [`FenError::Position`] with the
    ///   [`PositionError`] that [`BoardBuilder::build`] gives for it
    ///   ([`KingCount`](PositionError::KingCount) (not one king a side),
    ///   [`PawnOnBackRank`](PositionError::PawnOnBackRank),
    ///   [`TooMuchMaterial`](PositionError::TooMuchMaterial),
    ///   [`BadCastlingRights`](PositionError::BadCastlingRights) (a right
    ///   without its king and rook),
    ///   [`EnPassantWrongRank`](PositionError::EnPassantWrongRank),
    ///   [`EnPassantWithoutPawn`](PositionError::EnPassantWithoutPawn),
    ///   [`OppositeCheck`](PositionError::OppositeCheck) (the side not to
    ///   move is in check), [`TooManyCheckers`](PositionError::TooManyCheckers)).
    ///
    /// ```
    /// use magicboard::{Board, FenError};
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let board = Board::from_fen(kiwipete).unwrap();
    /// assert_eq!(board.legal_moves().len(), 48);
    /// assert_eq!(board.to_fen(), kiwipete);
    /// assert_eq!(Board::from_fen("8/8/8 w - - 0 1"), Err(FenError::WrongRankCount(3)));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        parse(fen, false, false)
    }

    /// Parses a FEN as a Chess960 position: like [`Board::from_fen`], but
    /// the board is in Chess960 mode even when its castling rights look
    /// standard (so castling is written king-takes-rook in UCI).
    ///
    /// # Errors
    ///
    /// The same as [`Board::from_fen`]'s: a [`FenError`] naming the first
    /// problem found.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use magicboard::Board;
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// assert!(!Board::from_fen(fen).unwrap().is_chess960());
    /// let board = Board::from_fen_chess960(fen).unwrap();
    /// assert!(board.is_chess960());
    /// assert_eq!(board, Board::from_fen_chess960(&board.to_shredder_fen()).unwrap());
    /// ```
    #[deprecated(
        since = "0.4.0",
        note = "use Board::from_fen_with(fen, CastlingMode::Chess960)"
    )]
    pub fn from_fen_chess960(fen: &str) -> Result<Board, FenError> {
        parse(fen, true, false)
    }

    /// The Chess960 starting position number `n` (Scharnagl's numbering:
    /// 0 is `bbqnnrkr`, 518 the standard arrangement, 959 `rkrnnqbb`), as a
    /// Chess960 board with every castling right; `None` for `n` from 960 up.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::chess960_startpos(0).unwrap();
    /// assert_eq!(board.to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(board.is_chess960());
    /// assert_eq!(Board::chess960_startpos(518).unwrap().legal_moves().len(), 20);
    /// assert_eq!(Board::chess960_startpos(960), None);
    /// ```
    pub fn chess960_startpos(n: u16) -> Option<Board> {
        if n >= 960 {
            return None;
        }
        let mut n = usize::from(n);
        let mut rank: [Option<char>; 8] = [None; 8];
        rank[2 * (n % 4) + 1] = Some('b');
        n /= 4;
        rank[2 * (n % 4)] = Some('b');
        n /= 4;
        let put = |rank: &mut [Option<char>; 8], mut k: usize, piece: char| {
            for square in rank.iter_mut().filter(|s| s.is_none()) {
                if k == 0 {
                    *square = Some(piece);
                    return;
                }
                k -= 1;
            }
        };
        put(&mut rank, n % 6, 'q');
        n /= 6;
        // The knights on two of the five empty squares: the 10 pairs in order.
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (a, b) = KNIGHTS[n];
        put(&mut rank, b, 'n');
        put(&mut rank, a, 'n');
        for piece in ['r', 'k', 'r'] {
            put(&mut rank, 0, piece);
        }
        // The FEN, written into a buffer on the stack (no allocation).
        let mut fen = *b"rrrrrrrr/pppppppp/8/8/8/8/PPPPPPPP/RRRRRRRR w KQkq - 0 1";
        for (i, piece) in rank.iter().enumerate() {
            let piece = piece.unwrap_or('?') as u8;
            fen[i] = piece;
            fen[35 + i] = piece.to_ascii_uppercase();
        }
        let fen = core::str::from_utf8(&fen).ok()?;
        Board::from_fen_with(fen, crate::castling::CastlingMode::Chess960).ok()
    }

    /// Parses a FEN in a given castling mode: [`Board::from_fen`] for
    /// [`CastlingMode::Standard`] (the board is still in Chess960 mode when
    /// its castling rights cannot be standard), and
    /// [`CastlingMode::Chess960`] for a Chess960 board, king-takes-rook
    /// castling. The one function to call when the
    /// mode is a setting (a `--chess960` flag, UCI's `UCI_Chess960`).
    ///
    /// # Errors
    ///
    /// The same as [`Board::from_fen`]'s: a [`FenError`] naming the first
    /// problem found.
    ///
    /// ```
    /// use magicboard::{Board, CastlingMode};
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /// let standard = Board::from_fen_with(fen, CastlingMode::Standard).unwrap();
    /// let chess960 = Board::from_fen_with(fen, CastlingMode::Chess960).unwrap();
    /// assert!(!standard.is_chess960());
    /// assert!(chess960.is_chess960());
    /// // The same castling move, written in each board's notation.
    /// let castle = standard.parse_uci("e1g1").unwrap();
    /// assert_eq!(standard.to_uci(castle).to_string(), "e1g1");
    /// assert_eq!(chess960.to_uci(castle).to_string(), "e1h1");
    /// ```
    pub fn from_fen_with(fen: &str, mode: CastlingMode) -> Result<Board, FenError> {
        parse(fen, mode.is_chess960(), false)
    }

    /// Parses a FEN like [`Board::from_fen_with`], but accepts positions no
    /// game can reach whose moves are still well defined: pawns on the
    /// first or last rank, more material than a game has, three checkers
    /// or more. These are the [lenient](BoardBuilder::lenient) boards (see
    /// there for what exactly is accepted, and how such pawns move); public
    /// perft suites hold such positions, and python-chess plays them.
    ///
    /// # Errors
    ///
    /// A [`FenError`] for text that is not FEN, and
    /// [`FenError::Position`] for a position even a lenient board cannot
    /// be: not one king a side, castling rights without their king and
    /// rook, an impossible en-passant square, the side not to move in
    /// check, or more material than a move list has room for.
    ///
    /// ```
    /// use magicboard::{perft, Board, CastlingMode, FenError, PositionError, Square};
    /// // A pawn on the back rank: refused by the strict parser...
    /// let fen = "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1";
    /// assert_eq!(
    ///     Board::from_fen(fen),
    ///     Err(FenError::Position(PositionError::PawnOnBackRank(Square::D8))),
    /// );
    /// // ...accepted by the lenient one, and counted as python-chess counts it.
    /// let board = Board::from_fen_lenient(fen, CastlingMode::Standard).unwrap();
    /// assert_eq!(perft(&board, 1), 5);
    ///
    /// // The side not to move in check stays refused.
    /// assert_eq!(
    ///     Board::from_fen_lenient("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard),
    ///     Err(FenError::Position(PositionError::OppositeCheck)),
    /// );
    /// ```
    pub fn from_fen_lenient(fen: &str, mode: CastlingMode) -> Result<Board, FenError> {
        parse(fen, mode.is_chess960(), true)
    }

    /// The position as FEN. The castling field is standard `KQkq` on
    /// standard boards and X-FEN on Chess960 boards (`K`/`Q` for the
    /// outermost rook, a file letter for an inner one).
    ///
    /// ```
    /// use magicboard::Board;
    /// assert_eq!(Board::startpos().to_fen(),
    ///            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    #[doc(alias = "fen")]
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// The position as Shredder-FEN: like [`Board::to_fen`] but castling
    /// rights are always rook files (`HAha`).
    ///
    /// ```
    /// use magicboard::Board;
    /// assert_eq!(Board::startpos().to_shredder_fen(),
    ///            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    #[cfg(feature = "alloc")]
    fn fen_with(&self, shredder: bool) -> String {
        let mut out = String::with_capacity(90);
        // Writing into a String cannot fail.
        let _ = self.write_fen(&mut out, shredder);
        out
    }

    /// Writes the FEN ([`Board::to_fen`]'s, or with `shredder` Shredder-FEN)
    /// into `out`, allocating nothing: `Display`, `Debug` and serde use it
    /// without `alloc`.
    pub(crate) fn write_fen(&self, out: &mut impl fmt::Write, shredder: bool) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        out.write_char(p.to_char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.write_char((b'0' + empty) as char)?;
            }
            if *rank != Rank::First {
                out.write_char('/')?;
            }
        }
        out.write_char(' ')?;
        out.write_char(self.state.side.to_char())?;
        out.write_char(' ')?;
        let mut rights = false;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = self.state.castling.rook_file(color, side) {
                    let c = if shredder
                        || (self.state.chess960 && !self.is_outermost_rook(color, side, file))
                    {
                        file.to_char()
                    } else if side == CastlingSide::KingSide {
                        'k'
                    } else {
                        'q'
                    };
                    out.write_char(color.fen_case(c))?;
                    rights = true;
                }
            }
        }
        if !rights {
            out.write_char('-')?;
        }
        match self.state.ep {
            Some(sq) => write!(out, " {sq}")?,
            None => out.write_str(" -")?,
        }
        write!(out, " {} {}", self.state.halfmove, self.state.fullmove)
    }

    /// True when no other rook of `color` stands on its back rank beyond
    /// `file`, on `side` of the king (X-FEN then writes `K`/`Q`).
    fn is_outermost_rook(&self, color: Color, side: CastlingSide, file: File) -> bool {
        let rooks = self.colored_pieces(color, PieceKind::Rook) & Bitboard::rank(back_rank(color));
        rooks.into_iter().all(|sq| match side {
            CastlingSide::KingSide => sq.file() <= file,
            CastlingSide::QueenSide => sq.file() >= file,
        })
    }

    /// True when the castling rights are those standard chess can have:
    /// king on the e-file, castling rooks on the a- and h-files.
    pub(crate) fn castling_is_standard(&self) -> bool {
        Color::ALL.into_iter().all(|color| {
            let rights = [CastlingSide::KingSide, CastlingSide::QueenSide]
                .map(|side| self.state.castling.rook_file(color, side));
            if rights == [None, None] {
                return true;
            }
            self.king(color).file() == File::E
                && matches!(rights[0], None | Some(File::H))
                && matches!(rights[1], None | Some(File::A))
        })
    }
}

impl FromStr for Board {
    type Err = FenError;

    /// Same as [`Board::from_fen`].
    fn from_str(s: &str) -> Result<Board, FenError> {
        Board::from_fen(s)
    }
}

fn parse(fen: &str, chess960: bool, lenient: bool) -> Result<Board, FenError> {
    let fields: [&str; 6] = {
        let mut fields = [""; 6];
        let mut n = 0;
        for field in fen.split_ascii_whitespace() {
            if n < 6 {
                fields[n] = field;
            }
            n += 1;
        }
        if n != 6 && n != 4 {
            return Err(FenError::WrongFieldCount(n));
        }
        if n == 4 {
            fields[4] = "0";
            fields[5] = "1";
        }
        fields
    };
    let mut builder = BoardBuilder::new().lenient(lenient);

    // Piece placement.
    let ranks = fields[0].split('/').count();
    if ranks != 8 {
        return Err(FenError::WrongRankCount(ranks));
    }
    for (i, rank_text) in fields[0].split('/').enumerate() {
        let rank = Rank::from_index(7 - i);
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                if file >= 8 {
                    return Err(FenError::BadRankLength { rank });
                }
                builder = builder.piece(Square::new(File::from_index(file), rank), piece);
                file += 1;
            } else {
                return Err(FenError::UnknownCharacter(c));
            }
            if file > 8 {
                return Err(FenError::BadRankLength { rank });
            }
        }
        if file != 8 {
            return Err(FenError::BadRankLength { rank });
        }
    }

    builder = builder.side_to_move(match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(FenError::BadSideToMove),
    });

    // Castling letters name rooks by where they stand (`K`: the outermost
    // rook on the king side), so they are read on the placed pieces, once
    // the material is known to be sound.
    let placed = builder.placed()?;
    builder = parse_castling(builder, &placed, fields[2])?;
    builder = builder.castling_mode(CastlingMode::from_chess960(chess960));

    if fields[3] != "-" {
        let sq: Square = fields[3].parse().map_err(|_| FenError::BadEnPassant)?;
        builder = builder.en_passant(Some(sq));
    }
    builder = builder
        .halfmove_clock(fields[4].parse().map_err(|_| FenError::BadHalfmoveClock)?)
        .fullmove_number(fields[5].parse().map_err(|_| FenError::BadFullmoveNumber)?);

    Ok(builder.build()?)
}

/// Reads the castling field into `builder`'s rights, resolving each letter
/// on `placed` (the pieces; kings checked): `K`/`Q` the outermost rook on
/// that side of the king, a file letter the rook on that file.
fn parse_castling(
    mut builder: BoardBuilder,
    placed: &Board,
    field: &str,
) -> Result<BoardBuilder, FenError> {
    if field == "-" {
        return Ok(builder);
    }
    let mut given = [[false; 2]; 2];
    for c in field.chars() {
        let color = Color::of_fen_case(c);
        let rank = back_rank(color);
        let king = placed.king(color);
        let rooks = placed.colored_pieces(color, PieceKind::Rook) & Bitboard::rank(rank);
        let (side, rook_file) = match c.to_ascii_lowercase() {
            'k' => (
                CastlingSide::KingSide,
                rooks
                    .into_iter()
                    .filter(|r| r.file() > king.file())
                    .last()
                    .map(Square::file),
            ),
            'q' => (
                CastlingSide::QueenSide,
                rooks
                    .into_iter()
                    .find(|r| r.file() < king.file())
                    .map(Square::file),
            ),
            'a'..='h' => {
                let Some(file) = File::from_char(c.to_ascii_lowercase()) else {
                    return Err(FenError::BadCastlingCharacter(c));
                };
                (CastlingSide::of(king, Square::new(file, rank)), Some(file))
            }
            _ => return Err(FenError::BadCastlingCharacter(c)),
        };
        let bad = PositionError::BadCastlingRights {
            color,
            side,
            file: rook_file,
        };
        let Some(file) = rook_file else {
            return Err(bad.into());
        };
        if king.rank() != rank || !rooks.contains(Square::new(file, rank)) || file == king.file() {
            return Err(bad.into());
        }
        if given[color.index()][side.index()] {
            // The same right twice (`KK`, `KH`), or two rooks on one side.
            return Err(FenError::DuplicateCastlingRight { color, right: c });
        }
        given[color.index()][side.index()] = true;
        builder = builder.castling(color, side, file);
    }
    Ok(builder)
}

#[cfg(test)]
mod start_tests {
    use super::*;

    /// [`START`] is the start position built piece by piece.
    #[test]
    fn start_is_the_start_position_built_piece_by_piece() {
        let mut board = Board::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (file, kind) in File::ALL.into_iter().zip(back) {
            board.put_piece(Color::White, kind, Square::new(file, Rank::First));
            board.put_piece(
                Color::White,
                PieceKind::Pawn,
                Square::new(file, Rank::Second),
            );
            board.put_piece(
                Color::Black,
                PieceKind::Pawn,
                Square::new(file, Rank::Seventh),
            );
            board.put_piece(Color::Black, kind, Square::new(file, Rank::Eighth));
        }
        board.state.castling = CastlingRights::STANDARD;
        board.state.hash = board.hash_from_scratch();
        assert_eq!(Board::startpos(), board);
        assert!(Board::startpos().is_consistent());
        assert_eq!(Board::startpos().hash(), board.hash_from_scratch());
    }
}
