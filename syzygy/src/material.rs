//! Material: how many pieces of each kind each side has, as a table's file
//! name spells it (`KQvKR`: white king and queen against king and rook).

use magicboard::{Board, Color, PieceKind};
use std::fmt;
use std::str::FromStr;

/// Piece letters in a table name's order, strongest first, with their
/// kind's index (pawn = 0 ... king = 5).
const LETTERS: [(char, usize); 6] = [('K', 5), ('Q', 4), ('R', 3), ('B', 2), ('N', 1), ('P', 0)];

/// The pieces of each side (kings included): the name of the table that
/// holds a position (`KQvKR`), read from a position or parsed from a name.
///
/// ```
/// use magicboard::Board;
/// use magicboard_syzygy::Material;
/// let board = Board::from_fen("8/8/8/8/3k4/8/1r6/K1Q5 w - - 0 1").unwrap();
/// let material = Material::from_board(&board);
/// assert_eq!(material.to_string(), "KQvKR");
/// assert_eq!(material.pieces(), 4);
/// assert_eq!("KRvKQ".parse::<Material>().unwrap().normalized(), material);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Material {
    /// `counts[colour][kind]`.
    counts: [[u8; 6]; 2],
}

impl Material {
    /// The material on `board`, White's pieces first.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::Material;
    /// let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 b - - 0 1").unwrap();
    /// assert_eq!(Material::from_board(&board).to_string(), "KRvK");
    /// ```
    pub fn from_board(board: &Board) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for (k, kind) in PIECE_KINDS.into_iter().enumerate() {
                counts[c][k] = board.colored_pieces(color, kind).count() as u8;
            }
        }
        Material { counts }
    }

    pub(crate) const fn from_counts(counts: [[u8; 6]; 2]) -> Material {
        Material { counts }
    }

    /// The number of pieces, kings included.
    ///
    /// ```
    /// use magicboard_syzygy::Material;
    /// assert_eq!("KBNvK".parse::<Material>().unwrap().pieces(), 4);
    /// ```
    pub fn pieces(&self) -> u32 {
        self.counts.iter().flatten().map(|&n| n as u32).sum()
    }

    /// How many pieces of `kind` `color` has.
    ///
    /// ```
    /// use magicboard::{Color, PieceKind};
    /// use magicboard_syzygy::Material;
    /// let m: Material = "KRPvKR".parse().unwrap();
    /// assert_eq!(m.count(Color::White, PieceKind::Pawn), 1);
    /// assert_eq!(m.count(Color::Black, PieceKind::Rook), 1);
    /// ```
    pub fn count(&self, color: Color, kind: PieceKind) -> u32 {
        self.counts[color.index()][kind.index()] as u32
    }

    /// The same material with the colours exchanged.
    ///
    /// ```
    /// use magicboard_syzygy::Material;
    /// assert_eq!("KQvKR".parse::<Material>().unwrap().flipped().to_string(), "KRvKQ");
    /// ```
    pub fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// The orientation Syzygy names its files by: the side with more
    /// pieces first, and with as many, the side with the stronger pieces
    /// (`KQvKR`, never `KRvKQ`).
    ///
    /// ```
    /// use magicboard_syzygy::Material;
    /// assert_eq!("KvKBN".parse::<Material>().unwrap().normalized().to_string(), "KBNvK");
    /// ```
    pub fn normalized(&self) -> Material {
        // Compare the sides as their names read, K Q R B N P.
        let letters = |side: &[u8; 6]| -> Vec<usize> {
            LETTERS
                .iter()
                .enumerate()
                .flat_map(|(rank, &(_, kind))| std::iter::repeat_n(rank, side[kind] as usize))
                .collect()
        };
        let (w, b) = (letters(&self.counts[0]), letters(&self.counts[1]));
        if (w.len(), &b) < (b.len(), &w) {
            self.flipped()
        } else {
            *self
        }
    }

    /// Pawns of either colour.
    pub(crate) fn has_pawns(&self) -> bool {
        self.counts[0][0] + self.counts[1][0] > 0
    }

    /// A key for a hash map: four bits per count.
    pub(crate) fn key(&self) -> u64 {
        key_of(&self.counts)
    }
}

/// Piece kinds by index.
const PIECE_KINDS: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::King,
];

/// [`Material::key`] of the counts.
pub(crate) const fn key_of(counts: &[[u8; 6]; 2]) -> u64 {
    let mut key = 0u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            key |= (counts[c][k] as u64 & 0x0f) << (4 * (c * 6 + k));
            k += 1;
        }
        c += 1;
    }
    key
}

/// The key of the position's material, and of its colours exchanged.
#[inline]
pub(crate) fn board_keys(board: &Board) -> (u64, u64) {
    let mut key = 0u64;
    let mut mirrored = 0u64;
    let white = board.colored(Color::White).0;
    for (k, kind) in PIECE_KINDS.into_iter().enumerate() {
        let of_kind = board.pieces(kind).0;
        let w = (of_kind & white).count_ones() as u64;
        let b = (of_kind & !white).count_ones() as u64;
        key |= (w << (4 * k)) | (b << (4 * (6 + k)));
        mirrored |= (b << (4 * k)) | (w << (4 * (6 + k)));
    }
    (key, mirrored)
}

/// The key of two bare kings.
pub(crate) const KVK_KEY: u64 = key_of(&[[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]]);

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, side) in self.counts.iter().enumerate() {
            if c == 1 {
                f.write_str("v")?;
            }
            for &(letter, kind) in &LETTERS {
                for _ in 0..side[kind] {
                    write!(f, "{letter}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Material({self})")
    }
}

/// A name that is not a table name: [`Material::from_str`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMaterialError;

impl fmt::Display for ParseMaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a Syzygy table name: one king a side, letters KQRBNP, sides split by 'v', at most 7 pieces")
    }
}

impl std::error::Error for ParseMaterialError {}

impl FromStr for Material {
    type Err = ParseMaterialError;

    /// Reads a table name such as `KQvKR` or `KRPvKR`: each side one king
    /// and letters from `KQRBNP` in any order, at most seven pieces in
    /// all, two bare kings (`KvK`, which has no table) excluded.
    fn from_str(name: &str) -> Result<Material, ParseMaterialError> {
        let (white, black) = name.split_once('v').ok_or(ParseMaterialError)?;
        let mut counts = [[0u8; 6]; 2];
        for (c, side) in [white, black].into_iter().enumerate() {
            for letter in side.chars() {
                let &(_, kind) = LETTERS
                    .iter()
                    .find(|&&(l, _)| l == letter)
                    .ok_or(ParseMaterialError)?;
                counts[c][kind] += 1;
                if counts[c][kind] > 7 {
                    return Err(ParseMaterialError);
                }
            }
            if counts[c][5] != 1 {
                return Err(ParseMaterialError);
            }
        }
        let material = Material { counts };
        if !(3..=7).contains(&material.pieces()) {
            return Err(ParseMaterialError);
        }
        Ok(material)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_normalize() {
        for name in ["KQvK", "KQvKR", "KRPvKR", "KBNvK", "KPvKP", "KQQvKQ"] {
            let m: Material = name.parse().unwrap();
            assert_eq!(m.to_string(), name);
            assert_eq!(m.normalized(), m, "{name}");
        }
        assert_eq!(
            "KvKQ".parse::<Material>().unwrap().normalized().to_string(),
            "KQvK"
        );
        assert_eq!(
            "KNvKB"
                .parse::<Material>()
                .unwrap()
                .normalized()
                .to_string(),
            "KBvKN"
        );
        assert_eq!(
            "KPvKRR"
                .parse::<Material>()
                .unwrap()
                .normalized()
                .to_string(),
            "KRRvKP"
        );
        for bad in ["KvK", "KQK", "QvK", "KQvKK", "KxvK", "KQQQQQQvK", ""] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
    }

    #[test]
    fn board_keys_agree_with_material() {
        let board = Board::from_fen("8/8/8/8/3k4/8/1r6/K1Q5 w - - 0 1").unwrap();
        let (key, mirrored) = board_keys(&board);
        let m = Material::from_board(&board);
        assert_eq!(key, m.key());
        assert_eq!(mirrored, m.flipped().key());
        let kings = Board::from_fen("8/8/8/8/3k4/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(board_keys(&kings).0, KVK_KEY);
    }
}
