//! Standard Algebraic Notation (SAN): the move text of PGN files and of
//! people (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
//!
//! [`Board::to_san`] writes SAN the way PGN exports it: the piece letter,
//! the least disambiguation that makes the move unique (the from-file, else
//! the from-rank, else both), `x` for captures (en passant included), the
//! destination, `=Q` for a promotion, `O-O`/`O-O-O` for castling (in
//! Chess960 too), and `+` or `#` when the move gives check or mate.
//!
//! [`Board::parse_san`] reads the same text and the variants met in the
//! wild, and returns only a legal move that the text names unambiguously:
//!
//! * castling as `O-O`/`O-O-O` or with zeros, `0-0`/`0-0-0`;
//! * promotions as `e8=Q`, `e8Q` or `e8q`;
//! * a missing `x` (`ed5`) or one that is not a capture (`Nxf3`);
//! * more disambiguation than needed (`Ngf3`, `Ng1f3`, `e4xd5`);
//! * trailing `+`, `#`, `!`, `?` in any mix (`!?`, `??`, `+!`) and `e.p.`
//!   (with or without a space before it), whether or not they are true;
//! * spaces around the move.
//!
//! * a from-square in full without a piece letter (`g1f3`, `e1g1`): the
//!   move of whatever piece stands there, as UCI text would name it.
//!
//! [`San`] is the text read without a board ([`San::from_ascii`], no
//! allocation), [`San::to_move`] the one legal move it names on a board,
//! found without generating the move list (a PGN reader's hot path).
//!
//! Piece letters are upper case (`N`, `B`, `R`, `Q`, `K`, and an optional
//! `P` for pawns): a lower-case `b` is the b-file. Anything else is a
//! [`SanError`]; no input panics.

use crate::attacks::{
    bishop_rays, castling_squares, king_attacks, knight_attacks, pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::{CastlingSide, back_rank};
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::{File, Rank, Square};
#[cfg(feature = "alloc")]
use alloc::string::String;
use core::fmt;

/// Why SAN text was rejected by [`Board::parse_san`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not SAN: empty, non-ASCII, an unknown character, no
    /// destination square, or characters where none may stand.
    Syntax,
    /// The text is well-formed but no legal move matches it (no such piece
    /// can reach the square, a pawn reaching the last rank without a
    /// promotion piece, castling without the right or through check...).
    Illegal,
    /// More than one legal move matches: the text needs a from-file or
    /// from-rank to choose between them.
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Syntax => "not a move in SAN (expected e.g. e4, Nf3, exd5, e8=Q, O-O)",
            SanError::Illegal => "no legal move in this position matches the SAN",
            SanError::Ambiguous => "the SAN matches more than one legal move",
        })
    }
}

impl core::error::Error for SanError {}

/// Upper-case SAN letter of a piece kind (`to_san`, and [`San`]'s `Display`).
fn san_letter(kind: PieceKind) -> char {
    kind.to_char().to_ascii_uppercase()
}

/// # SAN notation
///
/// Standard Algebraic Notation, the move text of PGN files and of people
/// (`Nf3`, `exd5`, `O-O`, `e8=Q+`); the [`san`](crate::san) module lists
/// the variants the reader accepts.
impl Board {
    /// The SAN of `mv`, which should be legal on this board. A move that is
    /// not legal here (including [`Move::NULL`]) is written `--`, the PGN
    /// null-move token, which [`Board::parse_san`] rejects.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let san = |uci: &str| board.to_san(board.parse_uci(uci).unwrap());
    /// assert_eq!(san("a1d1"), "Rd1");
    /// assert_eq!(san("a1a8"), "Rxa8+");
    /// assert_eq!(san("e1g1"), "O-O");
    /// assert_eq!(san("e1c1"), "O-O-O");
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_san(&self, mv: Move) -> String {
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return String::from("--");
        }
        let mut out = String::with_capacity(8);
        let from = mv.from();
        let to = mv.to();
        if let Some(side) = mv.castling_side() {
            out.push_str(match side {
                CastlingSide::KingSide => "O-O",
                CastlingSide::QueenSide => "O-O-O",
            });
        } else {
            let kind = self.kind_on(from).unwrap_or(PieceKind::Pawn);
            let capture = self.occupied().contains(to)
                || (kind == PieceKind::Pawn && from.file() != to.file());
            if kind == PieceKind::Pawn {
                if capture {
                    out.push(from.file().to_char());
                }
            } else {
                out.push(san_letter(kind));
                if kind != PieceKind::King {
                    self.push_disambiguation(&mut out, mv, kind, &legal);
                }
            }
            if capture {
                out.push('x');
            }
            out.push(to.file().to_char());
            out.push(to.rank().to_char());
            if let Some(promo) = mv.promotion() {
                out.push('=');
                out.push(san_letter(promo));
            }
        }
        let after = self.play_unchecked(mv);
        if after.in_check() {
            out.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        out
    }

    /// Appends the from-file, from-rank or both, whichever is the least
    /// that tells `mv` apart from other moves of the same kind of piece to
    /// the same square.
    #[cfg(feature = "alloc")]
    fn push_disambiguation(&self, out: &mut String, mv: Move, kind: PieceKind, legal: &[Move]) {
        let from = mv.from();
        let mut rivals = false;
        let mut same_file = false;
        let mut same_rank = false;
        for other in legal {
            if other.is_castle()
                || other.to() != mv.to()
                || other.from() == from
                || self.kind_on(other.from()) != Some(kind)
            {
                continue;
            }
            rivals = true;
            same_file |= other.from().file() == from.file();
            same_rank |= other.from().rank() == from.rank();
        }
        if !rivals {
            return;
        }
        if !same_file {
            out.push(from.file().to_char());
        } else if !same_rank {
            out.push(from.rank().to_char());
        } else {
            out.push(from.file().to_char());
            out.push(from.rank().to_char());
        }
    }

    /// Parses a move in SAN and returns the one legal move it names. See
    /// the [module documentation](self) for the variants accepted. The
    /// same as [`San::from_ascii`] followed by [`San::to_move`].
    ///
    /// # Errors
    ///
    /// * [`SanError::Syntax`] when `text` is not SAN (empty, not ASCII, an
    ///   unknown character, no destination square, ...).
    /// * [`SanError::Illegal`] when no legal move matches it.
    /// * [`SanError::Ambiguous`] when more than one legal move matches it:
    ///   it needs a from-file or from-rank.
    ///
    /// ```
    /// use magicboard::{Board, SanError};
    /// let board = Board::startpos();
    /// let nf3 = board.parse_san("Nf3").unwrap();
    /// assert_eq!(nf3.to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Ng1f3"), Ok(nf3));
    /// assert_eq!(board.parse_san("g1f3"), Ok(nf3));
    /// assert_eq!(board.parse_san("Nf3!?"), Ok(nf3));
    /// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
    /// assert_eq!(board.parse_san("Nf"), Err(SanError::Syntax));
    /// assert_eq!(board.parse_san("O-O"), Err(SanError::Illegal));
    ///
    /// let knights = Board::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// assert_eq!(knights.parse_san("Nd2"), Err(SanError::Ambiguous));
    /// assert_eq!(knights.parse_san("Nbd2").unwrap().to_string(), "b1d2");
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        San::from_ascii(text.as_bytes())?.to_move(self)
    }

    /// The legal castling move on `side`, if there is one.
    fn san_castle(&self, side: CastlingSide) -> Result<Move, SanError> {
        let rook = self
            .castling_rights()
            .rook_square(self.side_to_move(), side)
            .ok_or(SanError::Illegal)?;
        let mv = Move::castle(self.king(self.side_to_move()), rook);
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(SanError::Illegal)
        }
    }
}

/// A move in SAN, read without a board: what the text says (the piece,
/// the from-file and from-rank it gives, the destination, the promotion),
/// before [`San::to_move`] finds the one legal move it names on a board.
///
/// Reading and resolving apart lets a PGN reader check a game's text
/// without replaying it, and resolve each move without building the
/// position's move list: [`San::to_move`] looks only at the pieces of the
/// named kind that reach the destination. [`Board::parse_san`] is the two
/// steps in one.
///
/// ```
/// use magicboard::{Board, PieceKind, San, Square};
/// let san: San = "Nbd7".parse().unwrap();
/// assert_eq!(san, San::Normal {
///     piece: Some(PieceKind::Knight),
///     from_file: Some(magicboard::File::B),
///     from_rank: None,
///     capture: false,
///     to: Square::D7,
///     promotion: None,
/// });
/// assert_eq!(san.to_string(), "Nbd7");
/// let board = Board::from_fen("rnbqkbnr/ppp1pppp/3p4/8/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2").unwrap();
/// assert_eq!(san.to_move(&board).unwrap().to_string(), "b8d7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// Castling, `O-O` (king side) or `O-O-O` (queen side), also written
    /// with zeros.
    Castle(CastlingSide),
    /// Any other move.
    Normal {
        /// The piece letter, `None` when the text has none: a pawn move,
        /// or, when the from-square is given in full (`g1f3`, `e1g1`), a
        /// move of whatever piece stands there, as UCI text would name it.
        piece: Option<PieceKind>,
        /// The from-file the text gives (`Nbd7`, `exd5`).
        from_file: Option<File>,
        /// The from-rank the text gives (`R1a3`).
        from_rank: Option<Rank>,
        /// The text marks a capture (`x`, or `:`). Not checked: the board
        /// knows whether the move captures.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece (`e8=Q`, `e8Q`, `e8q`).
        promotion: Option<PieceKind>,
    },
}

impl San {
    /// Reads SAN from ASCII bytes: the forms of the
    /// [module documentation](self), with check marks, annotation glyphs
    /// (`!`, `?`) and `e.p.` at the end ignored, and spaces around it
    /// trimmed. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] when the bytes are not SAN.
    ///
    /// ```
    /// use magicboard::{CastlingSide, San, SanError};
    /// assert_eq!(San::from_ascii(b"0-0-0+"), Ok(San::Castle(CastlingSide::QueenSide)));
    /// assert_eq!(San::from_ascii(b"exd6 e.p."), San::from_ascii(b"exd6"));
    /// assert_eq!(San::from_ascii(b"Nf"), Err(SanError::Syntax));
    /// ```
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<San, SanError> {
        // The common case (a PGN reader's tokens): no spaces, no `e.p.`,
        // only check marks and glyphs after the move.
        let mut end = text.len();
        while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
            end -= 1;
        }
        if let Some(san) = parse_plain(&text[..end]) {
            return Ok(san);
        }
        San::from_ascii_general(text)
    }

    /// [`San::from_ascii`] for the rarer spellings: spaces, `e.p.`,
    /// castling with zeros, annotations between the move and its check
    /// mark.
    #[inline(never)]
    fn from_ascii_general(text: &[u8]) -> Result<San, SanError> {
        let body = strip_annotations(text);
        match body {
            b"O-O" | b"0-0" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        parse_normal(body).ok_or(SanError::Syntax)
    }

    /// The one legal move on `board` that this SAN names.
    ///
    /// Resolved without a move list: the candidates are the pieces of the
    /// named kind (on the given file or rank) that reach the destination
    /// (for a pawn: the squares it can push or capture from), and
    /// [`Board::is_legal`] decides each.
    ///
    /// # Errors
    ///
    /// * [`SanError::Illegal`] when no legal move matches.
    /// * [`SanError::Ambiguous`] when more than one does.
    ///
    /// ```
    /// use magicboard::{Board, San, SanError};
    /// let board = Board::startpos();
    /// let e4: San = "e4".parse().unwrap();
    /// assert_eq!(e4.to_move(&board).unwrap().to_string(), "e2e4");
    /// let nd2: San = "Nd2".parse().unwrap();
    /// assert_eq!(nd2.to_move(&board), Err(SanError::Illegal));
    /// ```
    #[inline]
    pub fn to_move(&self, board: &Board) -> Result<Move, SanError> {
        // The shapes of most moves, each resolved by code of its own (a
        // pawn's push or capture, a piece named by its letter, with or
        // without a from-file or from-rank, castling); the rest by the
        // general path, which gives the same answers for these too (tested
        // against it).
        match *self {
            San::Normal {
                piece: None,
                from_file,
                from_rank: None,
                to,
                promotion,
                ..
            } => pawn_move(board, from_file, to, promotion),
            San::Normal {
                piece: Some(kind),
                from_file,
                from_rank,
                to,
                promotion: None,
                ..
            } if kind != PieceKind::Pawn => {
                piece_move(board, kind, to, from_squares(from_file, from_rank))
            }
            San::Castle(side) => castle_move(board, side),
            _ => self.resolve_general(board),
        }
    }

    /// [`San::to_move`] and [`Board::make_move_unchecked`] in one: the move
    /// this SAN names on `board`, made, and returned; on an error the
    /// board is left as it was. Each shape's code makes the move with the
    /// piece it moved already known (a replay's commonest step: reading a
    /// game's moves).
    ///
    /// # Errors
    ///
    /// As [`San::to_move`]: [`SanError::Illegal`] or
    /// [`SanError::Ambiguous`].
    ///
    /// ```
    /// use magicboard::{Board, San};
    /// let mut board = Board::startpos();
    /// for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"] {
    ///     let san: San = text.parse().unwrap();
    ///     san.make(&mut board).unwrap();
    /// }
    /// assert_eq!(
    ///     board.to_fen(),
    ///     "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    /// );
    /// let nd2: San = "Nd2".parse().unwrap();
    /// assert!(nd2.make(&mut board).is_err());
    /// ```
    #[inline(always)]
    pub fn make(&self, board: &mut Board) -> Result<Move, SanError> {
        match *self {
            San::Normal {
                piece: None,
                from_file,
                from_rank: None,
                to,
                promotion,
                ..
            } => pawn_make(board, from_file, to, promotion),
            San::Normal {
                piece: Some(kind),
                from_file,
                from_rank,
                to,
                promotion: None,
                ..
            } if kind != PieceKind::Pawn => {
                piece_make(board, kind, to, from_squares(from_file, from_rank))
            }
            _ => self.make_other(board),
        }
    }

    /// [`San::make`] for the other shapes (castling, promotions, a pawn's
    /// move with a from-rank): resolved, then made.
    #[inline(never)]
    fn make_other(&self, board: &mut Board) -> Result<Move, SanError> {
        let mv = self.to_move(board)?;
        board.make_move_unchecked(mv);
        Ok(mv)
    }

    /// [`San::to_move`] for any shape: the reference the shapes' own paths
    /// agree with.
    #[inline(never)]
    pub(crate) fn resolve_general(&self, board: &Board) -> Result<Move, SanError> {
        let (piece, from_file, from_rank, to, promotion) = match *self {
            San::Castle(side) => return board.san_castle(side),
            San::Normal {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
                ..
            } => (piece, from_file, from_rank, to, promotion),
        };
        let us = board.side_to_move();
        let occupied = board.occupied();
        let kind = match (piece, from_file, from_rank) {
            (Some(kind), _, _) => kind,
            (None, Some(file), Some(rank)) => {
                // The from-square in full and no letter: whatever piece
                // stands there, as UCI would name the move.
                let from = Square::new(file, rank);
                match board.kind_on(from) {
                    Some(PieceKind::Pawn) => PieceKind::Pawn,
                    Some(_) if board.colored(us).contains(from) => {
                        return resolve_uci_like(board, from, to, promotion);
                    }
                    _ => return Err(SanError::Illegal),
                }
            }
            (None, _, _) => PieceKind::Pawn,
        };
        let ours = board.colored(us);
        if ours.contains(to) {
            return Err(SanError::Illegal);
        }
        if kind == PieceKind::Pawn {
            // A pawn reaching the last rank promotes, and no other does.
            if (to.rank() == Rank::Eighth.relative_to(us)) != promotion.is_some() {
                return Err(SanError::Illegal);
            }
        } else if promotion.is_some() {
            return Err(SanError::Illegal);
        }
        // The pieces of the kind (on the given file and rank) that reach
        // `to` by their movement rules: the pseudo-legal candidates.
        let mut candidates = board.colored_pieces(us, kind);
        if let Some(file) = from_file {
            candidates &= Bitboard::file(file);
        }
        if let Some(rank) = from_rank {
            candidates &= Bitboard::rank(rank);
        }
        if candidates.is_empty() {
            return Err(SanError::Illegal);
        }
        candidates &= match kind {
            PieceKind::Pawn => pawn_sources(board, us, to, occupied),
            PieceKind::Knight => knight_attacks(to),
            PieceKind::King => king_attacks(to),
            // Sliders by the line table, where the slider attack tables
            // are large and cold in a replay.
            PieceKind::Bishop => bishop_reach(to, occupied),
            PieceKind::Rook => rook_reach(to, occupied),
            _ => bishop_reach(to, occupied) | rook_reach(to, occupied),
        };
        let mut found = None;
        for from in candidates {
            let mv = Move::new(from, to, promotion);
            if legal_candidate(board, us, kind, mv) {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(mv);
            }
        }
        found.ok_or(SanError::Illegal)
    }
}

/// The squares a SAN's from-file and from-rank allow (all when it gives
/// neither).
#[inline(always)]
fn from_squares(file: Option<File>, rank: Option<Rank>) -> Bitboard {
    let mut from = Bitboard::FULL;
    if let Some(file) = file {
        from &= Bitboard::file(file);
    }
    if let Some(rank) = rank {
        from &= Bitboard::rank(rank);
    }
    from
}

/// [`pawn_move`], the move made.
#[inline(never)]
fn pawn_make(
    board: &mut Board,
    from_file: Option<File>,
    to: Square,
    promotion: Option<PieceKind>,
) -> Result<Move, SanError> {
    let mv = pawn_resolve(board, from_file, to, promotion)?;
    board.make_legal_of(mv, PieceKind::Pawn);
    Ok(mv)
}

/// [`San::to_move`] for a pawn's move without a from-rank (`e4`, `exd5`,
/// `e8=Q`).
#[inline(never)]
fn pawn_move(
    board: &Board,
    from_file: Option<File>,
    to: Square,
    promotion: Option<PieceKind>,
) -> Result<Move, SanError> {
    pawn_resolve(board, from_file, to, promotion)
}

/// [`pawn_move`]'s body: the pawn that pushes to `to`, or the pawns that
/// capture on it (on `from_file` when given).
#[inline(always)]
fn pawn_resolve(
    board: &Board,
    from_file: Option<File>,
    to: Square,
    promotion: Option<PieceKind>,
) -> Result<Move, SanError> {
    let us = board.side_to_move();
    let (ours, theirs) = (board.colored(us), board.colored(!us));
    // A pawn reaching the last rank promotes, and no other does.
    if ours.contains(to) || (to.rank() == Rank::Eighth.relative_to(us)) != promotion.is_some() {
        return Err(SanError::Illegal);
    }
    let pawns = board.colored_pieces(us, PieceKind::Pawn);
    let mut candidates = if theirs.contains(to) || board.en_passant() == Some(to) {
        pawns & pawn_attacks(!us, to)
    } else {
        // One square back, or two from a double step's square over an
        // empty square.
        let back = |b: Bitboard| match us {
            Color::White => Bitboard(b.0 >> 8),
            Color::Black => Bitboard(b.0 << 8),
        };
        let one = back(to.bitboard());
        let mut sources = one & pawns;
        if sources.is_empty() && (one & (ours | theirs)).is_empty() && double_step_target(us, to) {
            sources = back(one) & pawns;
        }
        sources
    };
    if let Some(file) = from_file {
        candidates &= Bitboard::file(file);
    }
    pick(board, us, PieceKind::Pawn, candidates, to, promotion)
}

/// [`San::to_move`] for a piece's move (`Nf3`, `Qxd8`, `Nbd7`, `R1a3`):
/// the pieces of `kind` (not a pawn) on the squares of `from` (the file
/// and rank the SAN gives: all squares when it gives none) that reach
/// `to`, by code of each kind's own (a caller that knows the kind chooses
/// no more).
#[inline(always)]
fn piece_move(
    board: &Board,
    kind: PieceKind,
    to: Square,
    from: Bitboard,
) -> Result<Move, SanError> {
    match kind {
        PieceKind::Knight => piece_move_of::<1>(board, to, from),
        PieceKind::Bishop => piece_move_of::<2>(board, to, from),
        PieceKind::Rook => piece_move_of::<3>(board, to, from),
        PieceKind::Queen => piece_move_of::<4>(board, to, from),
        _ => piece_move_of::<5>(board, to, from),
    }
}

/// [`piece_move`], the move made.
#[inline(always)]
fn piece_make(
    board: &mut Board,
    kind: PieceKind,
    to: Square,
    from: Bitboard,
) -> Result<Move, SanError> {
    match kind {
        PieceKind::Knight => piece_make_of::<1>(board, to, from),
        PieceKind::Bishop => piece_make_of::<2>(board, to, from),
        PieceKind::Rook => piece_make_of::<3>(board, to, from),
        PieceKind::Queen => piece_make_of::<4>(board, to, from),
        _ => piece_make_of::<5>(board, to, from),
    }
}

/// [`piece_make`] for the kind of index `KIND`: the make knows the kind.
#[inline(never)]
fn piece_make_of<const KIND: usize>(
    board: &mut Board,
    to: Square,
    from: Bitboard,
) -> Result<Move, SanError> {
    let mv = piece_resolve::<KIND>(board, to, from)?;
    board.make_legal_of(mv, PieceKind::ALL[KIND]);
    Ok(mv)
}

/// [`piece_move`] for the kind of index `KIND` (not a pawn).
#[inline(never)]
fn piece_move_of<const KIND: usize>(
    board: &Board,
    to: Square,
    from: Bitboard,
) -> Result<Move, SanError> {
    piece_resolve::<KIND>(board, to, from)
}

/// [`piece_move_of`]'s body.
#[inline(always)]
fn piece_resolve<const KIND: usize>(
    board: &Board,
    to: Square,
    from: Bitboard,
) -> Result<Move, SanError> {
    let kind = PieceKind::ALL[KIND];
    let us = board.side_to_move();
    if board.colored(us).contains(to) {
        return Err(SanError::Illegal);
    }
    let pieces = board.colored_pieces(us, kind) & from;
    let occupied = board.occupied();
    let candidates = pieces
        & match kind {
            PieceKind::Knight => knight_attacks(to),
            PieceKind::King => king_attacks(to),
            PieceKind::Bishop => bishop_reach(to, occupied),
            PieceKind::Rook => rook_reach(to, occupied),
            _ => bishop_reach(to, occupied) | rook_reach(to, occupied),
        };
    pick(board, us, kind, candidates, to, None)
}

/// [`San::to_move`] for castling: the king's move with the rook of the
/// side's right, when every square king and rook cross or land on is
/// empty (but for themselves) and none of the king's squares, from its
/// own to its destination, is attacked once both have left: the rules of
/// [`Board::is_legal`] for castling, without its other checks, and with
/// the line table for sliders, looked at only when one stands on a
/// square's lines.
#[inline(never)]
fn castle_move(board: &Board, side: CastlingSide) -> Result<Move, SanError> {
    let us = board.side_to_move();
    let rook_file = board
        .castling_rights()
        .rook_file(us, side)
        .ok_or(SanError::Illegal)?;
    let king = board.king(us);
    let rook = Square::new(rook_file, back_rank(us));
    let occupied = board.occupied();
    let (must_be_empty, king_squares) = castling_squares(us, king.file(), rook_file);
    if !(must_be_empty & occupied).is_empty() {
        return Err(SanError::Illegal);
    }
    let without = occupied.without(king).without(rook);
    let theirs = board.colored(!us);
    let (straight, diagonal) = (board.straight_sliders(!us), board.diagonal_sliders(!us));
    for sq in king_squares {
        let steppers = (knight_attacks(sq) & board.pieces(PieceKind::Knight))
            | (pawn_attacks(us, sq) & board.pieces(PieceKind::Pawn))
            | (king_attacks(sq) & board.pieces(PieceKind::King));
        // The sliders' reach only when one stands on the square's lines.
        let sliders = (rook_rays(sq) & straight) | (bishop_rays(sq) & diagonal);
        let seeing = if (sliders & theirs).is_empty() {
            Bitboard::EMPTY
        } else {
            (rook_reach(sq, without) & straight) | (bishop_reach(sq, without) & diagonal)
        };
        if !((steppers | seeing) & theirs).is_empty() {
            return Err(SanError::Illegal);
        }
    }
    Ok(Move::castle(king, rook))
}

/// The one legal move among `candidates` (pseudo-legal sources of a move
/// of `kind` to `to`).
#[inline(always)]
fn pick(
    board: &Board,
    us: Color,
    kind: PieceKind,
    candidates: Bitboard,
    to: Square,
    promotion: Option<PieceKind>,
) -> Result<Move, SanError> {
    let mut found = None;
    for from in candidates {
        let mv = Move::new(from, to, promotion);
        if legal_candidate(board, us, kind, mv) {
            if found.is_some() {
                return Err(SanError::Ambiguous);
            }
            found = Some(mv);
        }
    }
    found.ok_or(SanError::Illegal)
}

/// Whether `mv`, a pseudo-legal move of a piece of `kind` (not castling),
/// leaves `us`'s king safe. A king must not step onto an attacked square;
/// en passant (two pawns leave one rank) goes through
/// [`Board::is_legal`]; any other move is legal when, once made, no enemy
/// piece attacks the king: a knight or pawn (unless it is the piece
/// captured), or a slider on one of the king's lines that sees it (looked
/// for only when such a slider stands on those lines).
#[inline(always)]
fn legal_candidate(board: &Board, us: Color, kind: PieceKind, mv: Move) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let them = !us;
    let king = board.king(us);
    if kind == PieceKind::King {
        return !attacked_after(board, us, to, board.occupied().without(king));
    }
    if kind == PieceKind::Pawn && board.en_passant() == Some(to) && from.file() != to.file() {
        return board.is_legal(mv);
    }
    // A piece captured on `to` attacks nothing any more.
    let theirs = board.colored(them).without(to);
    let steppers = (knight_attacks(king) & board.pieces(PieceKind::Knight))
        | (pawn_attacks(us, king) & board.pieces(PieceKind::Pawn));
    if !(steppers & theirs).is_empty() {
        return false;
    }
    let sliders = ((board.straight_sliders(them) & rook_rays(king))
        | (board.diagonal_sliders(them) & bishop_rays(king)))
        & theirs;
    if sliders.is_empty() {
        return true;
    }
    // Those that see the king once `from` is empty and `to` taken.
    let occupied = board.occupied().without(from).with(to);
    let seeing = (rook_reach(king, occupied) & board.straight_sliders(them))
        | (bishop_reach(king, occupied) & board.diagonal_sliders(them));
    (seeing & sliders).is_empty()
}

/// For each square, the squares of its rank, file, diagonal and
/// anti-diagonal below it (`.0`) and above it (`.1`), as masks.
const LINES: [[(u64, u64); 4]; 64] = {
    // (file step, rank step) towards the higher squares of each line.
    const UP: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let mut lines = [[(0u64, 0u64); 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut line = 0;
        while line < 4 {
            let (df, dr) = UP[line];
            let mut sign = -1;
            while sign <= 1 {
                let (mut f, mut r) = ((sq % 8) as i32 + sign * df, (sq / 8) as i32 + sign * dr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    let bit = 1u64 << (r * 8 + f);
                    if sign < 0 {
                        lines[sq][line].0 |= bit;
                    } else {
                        lines[sq][line].1 |= bit;
                    }
                    f += sign * df;
                    r += sign * dr;
                }
                sign += 2;
            }
            line += 1;
        }
        sq += 1;
    }
    lines
};

/// The squares a slider on one line attacks given the line's squares
/// below and above it: up to and including the nearest occupied square
/// each way ("obstruction difference": no branch, a 4 KiB table, where
/// a replay finds the slider attack tables cold).
#[inline(always)]
fn line_reach((below, above): (u64, u64), occupied: Bitboard) -> u64 {
    let (low, high) = (occupied.0 & below, occupied.0 & above);
    // Every square from the nearest blocker below (or from a1) upward.
    let from_low = u64::MAX << (63 - (low | 1).leading_zeros());
    // Plus two times the nearest blocker above: the squares up to it.
    let nearest_high = high & high.wrapping_neg();
    (below | above) & nearest_high.wrapping_mul(2).wrapping_add(from_low)
}

/// The squares a rook on `sq` attacks when `occupied` are taken.
#[inline(always)]
fn rook_reach(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &LINES[sq.index()];
    let reach = line_reach(lines[0], occupied) | line_reach(lines[1], occupied);
    debug_assert_eq!(reach, crate::attacks::rook_attacks(sq, occupied).0);
    Bitboard(reach)
}

/// The squares a bishop on `sq` attacks when `occupied` are taken.
#[inline(always)]
fn bishop_reach(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &LINES[sq.index()];
    let reach = line_reach(lines[2], occupied) | line_reach(lines[3], occupied);
    debug_assert_eq!(reach, crate::attacks::bishop_attacks(sq, occupied).0);
    Bitboard(reach)
}

/// Whether a piece of `!us` attacks `sq` once the occupied squares are
/// `occupied` (a piece on `sq` itself attacks nothing): steppers by their
/// tables, sliders by [`rook_reach`] and [`bishop_reach`] from `sq`.
#[inline]
fn attacked_after(board: &Board, us: Color, sq: Square, occupied: Bitboard) -> bool {
    let them = !us;
    let theirs = board.colored(them);
    let attackers = (knight_attacks(sq) & board.pieces(PieceKind::Knight))
        | (pawn_attacks(us, sq) & board.pieces(PieceKind::Pawn))
        | (king_attacks(sq) & board.pieces(PieceKind::King))
        | (rook_reach(sq, occupied) & board.straight_sliders(them))
        | (bishop_reach(sq, occupied) & board.diagonal_sliders(them));
    !(attackers & theirs).is_empty()
}

/// A move named by its from-square in full without a piece letter, for a
/// piece that is not a pawn: the move as UCI text would read it (castling
/// as the king's two-square step on standard boards, or king takes rook).
fn resolve_uci_like(
    board: &Board,
    from: Square,
    to: Square,
    promotion: Option<PieceKind>,
) -> Result<Move, SanError> {
    let mut uci = [0u8; 5];
    uci[..2].copy_from_slice(&square_name(from));
    uci[2..4].copy_from_slice(&square_name(to));
    let len = match promotion {
        Some(kind) => {
            uci[4] = kind.to_char() as u8;
            5
        }
        None => 4,
    };
    let text = core::str::from_utf8(&uci[..len]).map_err(|_| SanError::Syntax)?;
    board.parse_uci(text).map_err(|_| SanError::Illegal)
}

/// A square's name as two ASCII bytes.
fn square_name(sq: Square) -> [u8; 2] {
    [sq.file().to_char() as u8, sq.rank().to_char() as u8]
}

/// Whether a pawn of `us` can reach `to` by a double step: the fourth
/// rank, from the second, and (on a lenient board, as python-chess and the
/// move generator count it) the third, from a pawn on the first rank.
#[inline(always)]
fn double_step_target(us: Color, to: Square) -> bool {
    let rank = to.rank();
    rank == Rank::Fourth.relative_to(us) || rank == Rank::Third.relative_to(us)
}

/// The squares from which a pawn of `us` may reach `to`: a capture's two
/// diagonal squares when `to` holds an enemy piece or is the en-passant
/// square, else the squares of a one- or two-square push.
fn pawn_sources(board: &Board, us: Color, to: Square, occupied: Bitboard) -> Bitboard {
    let enemy = board.colored(!us);
    if enemy.contains(to) || board.en_passant() == Some(to) {
        return pawn_attacks(!us, to);
    }
    if occupied.contains(to) {
        return Bitboard::EMPTY;
    }
    let back = -us.forward();
    let Some(one) = to.offset(0, back) else {
        return Bitboard::EMPTY;
    };
    let mut sources = one.bitboard();
    if !occupied.contains(one) && double_step_target(us, to) {
        if let Some(two) = one.offset(0, back) {
            sources = sources.with(two);
        }
    }
    sources
}

impl fmt::Display for San {
    /// The SAN as read, in the standard form: piece letter, the given
    /// from-file and from-rank, `x` when marked, destination, `=` and the
    /// promotion piece; castling as `O-O`/`O-O-O`. Check marks are not
    /// part of a [`San`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Normal {
                piece,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => {
                if let Some(kind) = piece.filter(|&k| k != PieceKind::Pawn) {
                    write!(f, "{}", san_letter(kind))?;
                }
                if let Some(file) = from_file {
                    write!(f, "{}", file.to_char())?;
                }
                if let Some(rank) = from_rank {
                    write!(f, "{}", rank.to_char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(kind) = promotion {
                    write!(f, "={}", san_letter(kind))?;
                }
                Ok(())
            }
        }
    }
}

impl core::str::FromStr for San {
    type Err = SanError;

    /// [`San::from_ascii`] on the text's bytes.
    fn from_str(text: &str) -> Result<San, SanError> {
        San::from_ascii(text.as_bytes())
    }
}

/// The file of a byte `a`..`h`.
#[inline(always)]
fn file_of(b: u8) -> Option<File> {
    let i = b.wrapping_sub(b'a');
    (i < 8).then(|| File::from_index(i as usize))
}

/// The rank of a byte `1`..`8`.
#[inline(always)]
fn rank_of(b: u8) -> Option<Rank> {
    let i = b.wrapping_sub(b'1');
    (i < 8).then(|| Rank::from_index(i as usize))
}

/// The square of a file byte `a`..`h` and a rank byte `1`..`8`.
#[inline(always)]
fn square_of(file: u8, rank: u8) -> Option<Square> {
    let (f, r) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (f < 8 && r < 8).then(|| Square::from_index_masked(u32::from(r) * 8 + u32::from(f)))
}

/// The piece of an upper-case SAN letter (`P` included).
#[inline(always)]
fn piece_of(b: u8) -> Option<PieceKind> {
    Some(match b {
        b'N' => PieceKind::Knight,
        b'B' => PieceKind::Bishop,
        b'R' => PieceKind::Rook,
        b'Q' => PieceKind::Queen,
        b'K' => PieceKind::King,
        b'P' => PieceKind::Pawn,
        _ => return None,
    })
}

/// The usual SAN forms read front to back, without a loop over the text:
/// `e4`, `exd5`, `Nf3`, `Nbd7`, `R1a3`, `Qh4e1`, `Nxe5`, `e8=Q`, `e8Q`,
/// `O-O`, `O-O-O`. `None` for anything else (which the general reader
/// then reads, or rejects).
#[inline]
fn parse_plain(b: &[u8]) -> Option<San> {
    // The commonest shapes first: a pawn's push (`e4`), a piece's move
    // (`Nf3`), a capture (`exd5`, `Nxe5`).
    let quiet = |piece, file, rank| {
        Some(San::Normal {
            piece,
            from_file: None,
            from_rank: None,
            capture: false,
            to: square_of(file, rank)?,
            promotion: None,
        })
    };
    match *b {
        [file, rank] => return quiet(None, file, rank),
        [p @ (b'N' | b'B' | b'R' | b'Q' | b'K'), file, rank] => {
            return quiet(piece_of(p), file, rank);
        }
        [p @ (b'N' | b'B' | b'R' | b'Q' | b'K'), b'x', file, rank] => {
            return Some(San::Normal {
                piece: piece_of(p),
                from_file: None,
                from_rank: None,
                capture: true,
                to: square_of(file, rank)?,
                promotion: None,
            });
        }
        [from @ b'a'..=b'h', b'x', file, rank] => {
            return Some(San::Normal {
                piece: None,
                from_file: file_of(from),
                from_rank: None,
                capture: true,
                to: square_of(file, rank)?,
                promotion: None,
            });
        }
        _ => {}
    }
    let (piece, rest) = match b.first() {
        Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P')) => (piece_of(c), &b[1..]),
        Some(b'O') => {
            return match b {
                b"O-O" => Some(San::Castle(CastlingSide::KingSide)),
                b"O-O-O" => Some(San::Castle(CastlingSide::QueenSide)),
                _ => None,
            };
        }
        Some(_) => (None, b),
        None => return None,
    };
    let pawn = matches!(piece, None | Some(PieceKind::Pawn));
    // The promotion at the end: `=Q`, or a bare letter after a rank.
    let (rest, promotion) = match rest {
        [head @ .., b'=', p] if pawn => (head, Some(promotion_of(*p)?)),
        [
            ..,
            b'1'..=b'8',
            p @ (b'N' | b'B' | b'R' | b'Q' | b'n' | b'b' | b'r' | b'q'),
        ] if pawn => (&rest[..rest.len() - 1], Some(promotion_of(*p)?)),
        _ => (rest, None),
    };
    let (head, to) = match rest {
        [head @ .., f, r] => (head, Square::new(file_of(*f)?, rank_of(*r)?)),
        _ => return None,
    };
    if promotion.is_some() && !Bitboard::BACK_RANKS.contains(to) {
        return None;
    }
    let (head, capture) = match head {
        [h @ .., b'x' | b':'] => (h, true),
        [h @ .., b'-'] => (h, false),
        _ => (head, false),
    };
    let (from_file, from_rank) = match *head {
        [] => (None, None),
        [c] => match (file_of(c), rank_of(c)) {
            (Some(f), _) => (Some(f), None),
            (None, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    Some(San::Normal {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// A promotion piece's letter, either case.
#[inline(always)]
fn promotion_of(b: u8) -> Option<PieceKind> {
    match b {
        b'N' | b'n' => Some(PieceKind::Knight),
        b'B' | b'b' => Some(PieceKind::Bishop),
        b'R' | b'r' => Some(PieceKind::Rook),
        b'Q' | b'q' => Some(PieceKind::Queen),
        _ => None,
    }
}

/// `text` without surrounding spaces, check/mate marks, annotation glyphs
/// and an `e.p.` suffix, in any order at the end.
fn strip_annotations(text: &[u8]) -> &[u8] {
    let mut body = text.trim_ascii();
    loop {
        let before = body.len();
        while let [head @ .., b'+' | b'#' | b'!' | b'?'] = body {
            body = head;
        }
        body = body.trim_ascii_end();
        if let Some(rest) = body.strip_suffix(b"e.p.") {
            body = rest.trim_ascii_end();
        }
        if body.len() == before {
            return body;
        }
    }
}

/// Reads `[NBRQKP]? [a-h]? [1-8]? [x:-]? <square> (=? [NBRQnbrq])?` from
/// ASCII bytes; `None` for anything else.
fn parse_normal(bytes: &[u8]) -> Option<San> {
    let mut rest = bytes;

    // The promotion piece, at the end after the destination's rank.
    let mut promotion = None;
    if let [head @ .., last] = rest {
        if matches!(last, b'N' | b'B' | b'R' | b'Q' | b'n' | b'b' | b'r' | b'q') {
            let head = head.strip_suffix(b"=").unwrap_or(head);
            if matches!(head.last(), Some(b'1'..=b'8')) {
                promotion = PieceKind::from_char(*last as char);
                rest = head;
            }
        }
    }

    // The destination square.
    let [head @ .., file, rank] = rest else {
        return None;
    };
    let to = Square::new(
        File::from_char(*file as char)?,
        Rank::from_char(*rank as char)?,
    );
    rest = head;

    // A capture mark (checked against nothing: the board knows).
    let mut capture = false;
    if let [head @ .., mark @ (b'x' | b'-' | b':')] = rest {
        capture = *mark != b'-';
        rest = head;
    }

    // The piece letter, then an optional from-file and from-rank.
    let mut piece = None;
    if let [
        letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P'),
        tail @ ..,
    ] = rest
    {
        piece = PieceKind::from_char(*letter as char);
        rest = tail;
    }
    let mut from_file = None;
    if let [c @ b'a'..=b'h', tail @ ..] = rest {
        from_file = File::from_char(*c as char);
        rest = tail;
    }
    let mut from_rank = None;
    if let [c @ b'1'..=b'8', tail @ ..] = rest {
        from_rank = Rank::from_char(*c as char);
        rest = tail;
    }
    let pawn = matches!(piece, None | Some(PieceKind::Pawn));
    let last_rank = Bitboard::BACK_RANKS.contains(to);
    if !rest.is_empty() || (promotion.is_some() && (!pawn || !last_rank)) {
        return None;
    }
    Some(San::Normal {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

#[cfg(test)]
mod shape_tests {
    //! The shapes resolved by code of their own ([`San::to_move`]: a
    //! pawn's push or capture, a piece named by its letter alone) against
    //! the general path and against the legal move list, on every SAN of
    //! those shapes in the positions of the published suites
    //! (`tests/data`: pins, checks, en passant, promotions, Chess960) and
    //! one ply below the CPW positions.

    use super::*;
    use crate::castling::CastlingMode;
    use alloc::vec::Vec;

    /// Every SAN of the shapes: pushes and captures (a promotion piece or
    /// none) to every square, moves of each piece kind with and without
    /// `x`.
    fn shaped_sans() -> Vec<San> {
        let mut sans = Vec::new();
        for to in (0..64).filter_map(Square::from_index) {
            for promotion in [None, Some(PieceKind::Queen), Some(PieceKind::Knight)] {
                let pawn = |from_file, capture| San::Normal {
                    piece: None,
                    from_file,
                    from_rank: None,
                    capture,
                    to,
                    promotion,
                };
                sans.push(pawn(None, false));
                for file in File::ALL {
                    sans.push(pawn(Some(file), true));
                }
            }
            for kind in PieceKind::ALL.into_iter().skip(1) {
                for capture in [false, true] {
                    // The letter alone, with a from-file, a from-rank, or
                    // both (a few of each).
                    let froms = [None, Some(File::A), Some(File::D), Some(File::G)]
                        .into_iter()
                        .flat_map(|f| {
                            [None, Some(Rank::First), Some(Rank::Fourth)].map(|r| (f, r))
                        });
                    for (from_file, from_rank) in froms {
                        sans.push(San::Normal {
                            piece: Some(kind),
                            from_file,
                            from_rank,
                            capture,
                            to,
                            promotion: None,
                        });
                    }
                }
            }
        }
        sans.extend(CastlingSide::ALL.map(San::Castle));
        sans
    }

    fn positions() -> Vec<Board> {
        let suites = [
            (include_str!("../tests/data/standard.epd"), false, false),
            (include_str!("../tests/data/cpw.epd"), false, true),
            (include_str!("../tests/data/fischer.epd"), true, false),
        ];
        let mut boards = Vec::new();
        for (text, chess960, children) in suites {
            let mode = CastlingMode::from_chess960(chess960);
            let lines = text.lines().map(str::trim);
            for line in lines
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .take(150)
            {
                let fen = line.split(';').next().unwrap_or("").trim();
                let board = Board::from_fen_with(fen, mode).unwrap();
                if children {
                    for mv in board.legal_moves() {
                        let mut child = board.clone();
                        child.make_move(mv);
                        boards.push(child);
                    }
                }
                boards.push(board);
            }
        }
        boards
    }

    /// The move a SAN of these shapes names, found in the legal move list
    /// (the generator, an independent path): the moves of a piece of the
    /// kind (from the file) to the square with the promotion.
    fn by_move_list(board: &Board, san: &San) -> Result<Move, SanError> {
        let found: Vec<Move> = match *san {
            San::Castle(side) => board
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_castle() && CastlingSide::of(m.from(), m.to()) == side)
                .collect(),
            San::Normal {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
                ..
            } => {
                let kind = piece.unwrap_or(PieceKind::Pawn);
                board
                    .legal_moves()
                    .into_iter()
                    .filter(|m| !m.is_castle() && m.to() == to && m.promotion() == promotion)
                    .filter(|m| board.kind_on(m.from()) == Some(kind))
                    .filter(|m| from_file.is_none_or(|f| m.from().file() == f))
                    .filter(|m| from_rank.is_none_or(|r| m.from().rank() == r))
                    .collect()
            }
        };
        match found[..] {
            [] => Err(SanError::Illegal),
            [mv] => Ok(mv),
            _ => Err(SanError::Ambiguous),
        }
    }

    #[test]
    fn line_reach_is_the_slider_attack_tables() {
        // Every square, with occupancies from a xorshift generator (dense,
        // sparse and mixed) and the suites' positions.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut occupancies: Vec<Bitboard> = positions().iter().map(Board::occupied).collect();
        for _ in 0..3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let other = state.rotate_left(17) ^ state.wrapping_mul(0x2545_f491_4f6c_dd1d);
            occupancies.extend([
                Bitboard(state),
                Bitboard(state & other),
                Bitboard(state | other),
            ]);
        }
        for sq in (0..64).filter_map(Square::from_index) {
            for &occupied in &occupancies {
                assert_eq!(
                    rook_reach(sq, occupied),
                    crate::attacks::rook_attacks(sq, occupied)
                );
                assert_eq!(
                    bishop_reach(sq, occupied),
                    crate::attacks::bishop_attacks(sq, occupied)
                );
            }
        }
    }

    #[test]
    fn shapes_resolve_as_the_general_path() {
        let sans = shaped_sans();
        let boards = positions();
        assert!(boards.len() > 400, "{}", boards.len());
        let (mut resolved, mut ambiguous, mut castles, mut narrowed) = (0, 0, 0, 0);
        for board in &boards {
            for san in &sans {
                let ours = san.to_move(board);
                assert_eq!(ours, san.resolve_general(board), "{san} on {board:?}");
                assert_eq!(ours, by_move_list(board, san), "{san} on {board:?}");
                // `make`: the same move, made as `make_move` makes it (the
                // board untouched on an error).
                let (mut made, mut expected) = (board.clone(), board.clone());
                assert_eq!(san.make(&mut made), ours, "{san} on {board:?}");
                if let Ok(mv) = ours {
                    expected.make_move(mv);
                }
                assert!(made == expected, "{san} on {board:?}: {made:?}");
                resolved += usize::from(ours.is_ok());
                ambiguous += usize::from(ours == Err(SanError::Ambiguous));
                if let (Ok(_), San::Castle(_)) = (ours, san) {
                    castles += 1;
                }
                if let (
                    Ok(_),
                    San::Normal {
                        piece: Some(_),
                        from_file: Some(_),
                        ..
                    },
                ) = (ours, san)
                {
                    narrowed += 1;
                }
            }
        }
        // The comparison covers moves, not only refusals.
        assert!(resolved > 5_000 && ambiguous > 50, "{resolved} {ambiguous}");
        assert!(castles > 100 && narrowed > 200, "{castles} {narrowed}");
    }
}
