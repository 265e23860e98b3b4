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
//! Piece letters are upper case (`N`, `B`, `R`, `Q`, `K`, and an optional
//! `P` for pawns): a lower-case `b` is the b-file. Anything else is a
//! [`SanError`]; no input panics.

use crate::bitboard::Bitboard;
use crate::board::Board;
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

/// Upper-case SAN letter of a piece kind (for `to_san`, which needs `alloc`).
#[cfg(feature = "alloc")]
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
                crate::castling::CastlingSide::KingSide => "O-O",
                crate::castling::CastlingSide::QueenSide => "O-O-O",
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
    /// the [module documentation](self) for the variants accepted.
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
        let body = strip_annotations(text);
        if body.is_empty() || !body.is_ascii() {
            return Err(SanError::Syntax);
        }
        match body {
            "O-O" | "0-0" => return self.san_castle(crate::castling::CastlingSide::KingSide),
            "O-O-O" | "0-0-0" => return self.san_castle(crate::castling::CastlingSide::QueenSide),
            _ => {}
        }
        let pattern = SanPattern::parse(body.as_bytes()).ok_or(SanError::Syntax)?;
        let mut found = None;
        for mv in self.legal_moves() {
            if pattern.matches(self, mv) {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(mv);
            }
        }
        found.ok_or(SanError::Illegal)
    }

    /// The legal castling move on `side`, if there is one.
    fn san_castle(&self, side: crate::castling::CastlingSide) -> Result<Move, SanError> {
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

/// `text` without surrounding spaces, check/mate marks, annotation glyphs
/// and an `e.p.` suffix, in any order at the end.
fn strip_annotations(text: &str) -> &str {
    let mut body = text.trim();
    loop {
        let before = body.len();
        body = body.trim_end_matches(['+', '#', '!', '?']).trim_end();
        if let Some(rest) = body.strip_suffix("e.p.") {
            body = rest.trim_end();
        }
        if body.len() == before {
            return body;
        }
    }
}

/// What a non-castling SAN says about its move.
struct SanPattern {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<PieceKind>,
}

impl SanPattern {
    /// Reads `[NBRQKP]? [a-h]? [1-8]? [x-]? <square> (=? [NBRQnbrq])?` from
    /// ASCII bytes; `None` for anything else.
    fn parse(bytes: &[u8]) -> Option<SanPattern> {
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

        // A capture mark (ignored: captures are known from the board).
        if let [head @ .., b'x' | b'-' | b':'] = rest {
            rest = head;
        }

        // The piece letter, then an optional from-file and from-rank.
        let mut kind = PieceKind::Pawn;
        if let [
            letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P'),
            tail @ ..,
        ] = rest
        {
            kind = PieceKind::from_char(*letter as char)?;
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
        let last_rank = Bitboard::BACK_RANKS.contains(to);
        if !rest.is_empty() || (promotion.is_some() && (kind != PieceKind::Pawn || !last_rank)) {
            return None;
        }
        Some(SanPattern {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    /// True when the legal move `mv` fits this pattern on `board`.
    fn matches(&self, board: &Board, mv: Move) -> bool {
        let from = mv.from();
        !mv.is_castle()
            && mv.to() == self.to
            && mv.promotion() == self.promotion
            && board.kind_on(from) == Some(self.kind)
            && self.from_file.is_none_or(|f| f == from.file())
            && self.from_rank.is_none_or(|r| r == from.rank())
    }
}
