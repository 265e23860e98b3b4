//! `Serialize` and `Deserialize` for [`Square`], [`Move`] and [`Board`]
//! (feature `serde`).
//!
//! Human-readable formats (JSON, TOML, YAML, ...) get text; compact formats
//! (bincode, postcard, ...) get the raw encoding where one exists. Every
//! value serialises to something that deserialises back to an equal value,
//! and deserialising checks its input: nothing unchecked gets in.
//!
//! | type | human-readable | compact |
//! | --- | --- | --- |
//! | [`Square`] | `"e4"` | `u8` index `0..64` (`a1` = 0) |
//! | [`Move`] | `"e2e4"`, `"e7e8q"`, `"0000"`, castling `"e1h1c"` | `u16`, [`Move::to_bits`] |
//! | [`Board`] | FEN; Shredder-FEN for Chess960 | the same FEN string |
//!
//! The module is private: each `Serialize` impl's documentation, shown on
//! its type's page, is where users read the format (why castling moves
//! carry a `c`, and the one Chess960 case that does not round-trip).

use crate::board::Board;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};
use serde::ser::{self, Serialize, Serializer};

const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", //
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", //
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", //
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", //
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", //
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", //
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", //
    "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", //
];

/// `"e4"` in human-readable formats, the index `0..64` as a `u8` in
/// compact ones.
///
/// ```
/// use magicboard::Square;
/// assert_eq!(serde_json::to_string(&Square::E4).unwrap(), r#""e4""#);
/// assert_eq!(serde_json::from_str::<Square>(r#""h8""#).unwrap(), Square::H8);
/// assert!(serde_json::from_str::<Square>(r#""i9""#).is_err());
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(SQUARE_NAMES[self.index()])
        } else {
            serializer.serialize_u8(self.index() as u8)
        }
    }
}

struct SquareVisitor;

impl Visitor<'_> for SquareVisitor {
    type Value = Square;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square such as \"e4\", or its index 0..64")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Square, E> {
        text.parse()
            .map_err(|_| E::invalid_value(Unexpected::Str(text), &self))
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Square, E> {
        usize::try_from(index)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(index), &self))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(SquareVisitor)
        } else {
            deserializer.deserialize_u8(SquareVisitor)
        }
    }
}

/// The longest move text: from, to, promotion letter, castling mark.
const MOVE_TEXT_MAX: usize = 6;

/// The text of `mv` (see the module documentation) in `buf`, or `None` for
/// the few 16-bit values outside the encoding (promotion bits 6 or 7, only
/// reachable through [`Move::from_bits`]), which no text can give back.
fn move_text(mv: Move, buf: &mut [u8; MOVE_TEXT_MAX]) -> Option<&str> {
    if mv == Move::NULL {
        return Some("0000");
    }
    let promotion = mv.promotion();
    let promo_bits = (mv.to_bits() >> 12) & 7;
    if promotion.map_or(0, |kind| kind as u16) != promo_bits {
        return None;
    }
    let mut len = 0;
    let mut push = |b: u8| {
        buf[len] = b;
        len += 1;
    };
    for sq in [mv.from(), mv.to()] {
        push(sq.file().to_char() as u8);
        push(sq.rank().to_char() as u8);
    }
    if let Some(kind) = promotion {
        push(kind.to_char() as u8);
    }
    if mv.is_castle() {
        push(b'c');
    }
    core::str::from_utf8(&buf[..len]).ok()
}

/// Parses what [`move_text`] writes, and nothing else.
fn parse_move_text(text: &str) -> Option<Move> {
    if text == "0000" {
        return Some(Move::NULL);
    }
    if !text.is_ascii() || !(4..=MOVE_TEXT_MAX).contains(&text.len()) {
        return None;
    }
    let from: Square = text[0..2].parse().ok()?;
    let to: Square = text[2..4].parse().ok()?;
    let mut rest = text[4..].bytes();
    let mut next = rest.next();
    let promotion = match next {
        Some(c @ (b'n' | b'b' | b'r' | b'q' | b'k')) => {
            next = rest.next();
            PieceKind::from_char(c as char)
        }
        _ => None,
    };
    let castle = next == Some(b'c');
    if castle {
        next = rest.next();
    }
    if next.is_some() {
        return None;
    }
    let mv = if castle {
        Move::from_bits(Move::castle(from, to).to_bits() | Move::new(from, to, promotion).to_bits())
    } else {
        Move::new(from, to, promotion)
    };
    Some(mv)
}

/// UCI-like text in human-readable formats, the 16 bits of
/// [`Move::to_bits`] in compact ones.
///
/// A [`Move`] is a value on its own, without a board, so its text must
/// carry everything the move holds. The text is UCI for normal moves and
/// promotions (`"e2e4"`, `"e7e8q"`, `"0000"` for [`Move::NULL`]). Castling
/// is stored as "king takes own rook", and UCI's `e1g1` would lose that
/// flag (a queen can go from e1 to g1 too), so a castling move is written
/// king-takes-rook followed by `c`: `"e1h1c"`, `"e8a8c"`. `c` is no
/// promotion letter, so a UCI reader rejects it instead of misreading it.
/// To show moves to a GUI or a person, use [`Board::uci`] instead.
///
/// Serialising fails only for a `u16` from [`Move::from_bits`] with
/// promotion bits 6 or 7, which is no move at all.
///
/// ```
/// use magicboard::{Move, PieceKind, Square};
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(serde_json::to_string(&castle).unwrap(), r#""e1h1c""#);
/// assert_eq!(serde_json::from_str::<Move>(r#""e1h1c""#).unwrap(), castle);
///
/// let promo = Move::new(Square::B7, Square::A8, Some(PieceKind::Knight));
/// assert_eq!(serde_json::to_string(&promo).unwrap(), r#""b7a8n""#);
/// assert!(serde_json::from_str::<Move>(r#""e2e4x""#).is_err());
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let mut buf = [0; MOVE_TEXT_MAX];
            match move_text(*self, &mut buf) {
                Some(text) => serializer.serialize_str(text),
                None => Err(ser::Error::custom(format_args!(
                    "move bits {:#06x} have no text form (promotion bits out of range)",
                    self.to_bits()
                ))),
            }
        } else {
            serializer.serialize_u16(self.to_bits())
        }
    }
}

struct MoveVisitor;

impl Visitor<'_> for MoveVisitor {
    type Value = Move;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a move such as \"e2e4\", \"e7e8q\", \"e1h1c\" (castling) or \"0000\", or its 16-bit encoding")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Move, E> {
        parse_move_text(text).ok_or_else(|| E::invalid_value(Unexpected::Str(text), &self))
    }

    fn visit_u64<E: de::Error>(self, bits: u64) -> Result<Move, E> {
        u16::try_from(bits)
            .map(Move::from_bits)
            .map_err(|_| E::invalid_value(Unexpected::Unsigned(bits), &self))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(MoveVisitor)
        } else {
            deserializer.deserialize_u16(MoveVisitor)
        }
    }
}

/// FEN for standard boards ([`Board::to_fen`]), Shredder-FEN for Chess960
/// boards ([`Board::to_shredder_fen`], castling rights as rook files such as
/// `HAha`), in every format. Reading goes through the checked parser: a
/// castling field with a file letter gives a Chess960 board
/// ([`Board::from_fen_chess960`]), otherwise [`Board::from_fen`] decides; a
/// bad FEN is a deserialisation error carrying the
/// [`FenError`](crate::board::FenError) message.
///
/// One case cannot round-trip through FEN: a Chess960 board that has lost
/// all its castling rights comes back as a standard board. It plays, hashes
/// and prints exactly the same (only castling differs between the two
/// modes), but [`Board::is_chess960`] and `==` tell them apart.
///
/// ```
/// use magicboard::Board;
/// let json = serde_json::to_string(&Board::startpos()).unwrap();
/// assert_eq!(json, r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#);
/// assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), Board::startpos());
///
/// let err = serde_json::from_str::<Board>(r#""8/8/8 w - - 0 1""#).unwrap_err();
/// assert!(err.to_string().contains("expected 8 ranks"));
///
/// let chess960 = Board::from_fen_with(
///     "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
///     magicboard::CastlingMode::Chess960,
/// )
/// .unwrap();
/// let json = serde_json::to_string(&chess960).unwrap();
/// assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), chess960);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Written on the stack: no allocation (feature `alloc` or not).
        let mut fen = FenBuffer::default();
        self.write_fen(&mut fen, self.is_chess960())
            .map_err(|_| ser::Error::custom("FEN longer than its buffer"))?;
        serializer.serialize_str(fen.as_str())
    }
}

/// A FEN's text on the stack. The longest FEN is under 110 bytes: 71 for
/// the placement, the side, 4 castling letters, an en-passant square, two
/// `u32` clocks (10 digits each) and 5 spaces.
struct FenBuffer {
    bytes: [u8; 128],
    len: usize,
}

impl Default for FenBuffer {
    fn default() -> FenBuffer {
        FenBuffer {
            bytes: [0; 128],
            len: 0,
        }
    }
}

impl FenBuffer {
    fn as_str(&self) -> &str {
        // Only whole `str`s are ever written in.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for FenBuffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

struct BoardVisitor;

impl Visitor<'_> for BoardVisitor {
    type Value = Board;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position as FEN")
    }

    fn visit_str<E: de::Error>(self, fen: &str) -> Result<Board, E> {
        // A castling field naming rook files is Shredder-FEN (or X-FEN with
        // an inner rook): a Chess960 position.
        let chess960 = fen
            .split_ascii_whitespace()
            .nth(2)
            .is_some_and(|castling| castling.bytes().any(|c| !b"KQkq-".contains(&c)));
        let board = if chess960 {
            Board::from_fen_with(fen, crate::castling::CastlingMode::Chess960)
        } else {
            Board::from_fen(fen)
        };
        board.map_err(|err| E::custom(format_args!("invalid FEN: {err}")))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        deserializer.deserialize_str(BoardVisitor)
    }
}
