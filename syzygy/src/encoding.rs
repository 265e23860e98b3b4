//! Where a position sits in a table: the format's index of a set of
//! squares.
//!
//! A table stores one value per arrangement of its pieces, in an order the
//! format fixes. Pawnless tables use the board's eight symmetries: the
//! first pieces are brought into the a1-d1-d4 triangle (the file mirrored,
//! then the rank, then the a1-h8 diagonal), and with only the two kings
//! unique the pair of kings is one of 462 legal placements. Tables with
//! pawns use only the file mirror: the leading pawn is brought onto files
//! a-d, and each of those four files has a table of its own. The remaining
//! pieces, in groups of like pieces, are combinations of the squares left
//! (binomial coefficients), their groups multiplied together in the order
//! the table's header gives.
//!
//! Every map here is computed by a `const fn` from its definition, so the
//! numbers are the format's and no table is typed in by hand.

/// The most pieces a Syzygy table holds (kings included).
pub(crate) const MAX_PIECES: usize = 7;

/// The sign of `rank - file`: 0 on the a1-h8 diagonal, 1 above it
/// (a2, a3, b3, ...), -1 below it (b1, c1, c2, ...).
#[inline]
pub(crate) const fn off_diag(sq: u8) -> i8 {
    let file = sq & 7;
    let rank = sq >> 3;
    if rank > file {
        1
    } else if rank < file {
        -1
    } else {
        0
    }
}

/// The square mirrored in the a1-h8 diagonal (file and rank swapped).
#[inline]
pub(crate) const fn flip_diag(sq: u8) -> u8 {
    ((sq & 7) << 3) | (sq >> 3)
}

/// The a1-d1-d4 triangle's squares in their order: the six below the
/// diagonal (b1, c1, d1, c2, d2, d3: codes 0-5), then the four on it (a1,
/// b2, c3, d4: codes 6-9).
const TRIANGLE_SQUARES: [u8; 10] = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];

/// Each square's triangle code: the code of the triangle square that the
/// board's symmetries take it to.
const TRIANGLE: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut file = sq & 7;
        let mut rank = sq >> 3;
        if file > 3 {
            file = 7 - file;
        }
        if rank > 3 {
            rank = 7 - rank;
        }
        if rank > file {
            let t = rank;
            rank = file;
            file = t;
        }
        let folded = (rank * 8 + file) as u8;
        let mut code = 0;
        while TRIANGLE_SQUARES[code] != folded {
            code += 1;
        }
        table[sq] = code as u8;
        sq += 1;
    }
    table
};

/// The squares below the a1-h8 diagonal numbered 0-27 rank by rank (b1-h1,
/// c2-h2, ...), those above it as their mirror image, and the diagonal's
/// squares 28-35.
const LOWER: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq & 7;
        let rank = sq >> 3;
        table[sq] = if file == rank {
            28 + file as u8
        } else {
            let (high, low) = if file > rank {
                (file, rank)
            } else {
                (rank, file)
            };
            // The squares below the diagonal on the ranks before `low`,
            // then those before `high` on its own rank.
            let mut code = 0;
            let mut r = 0;
            while r < low {
                code += 7 - r;
                r += 1;
            }
            (code + high - low - 1) as u8
        };
        sq += 1;
    }
    table
};

/// The a1-h8 diagonal numbered 0-7 from a1, the h1-a8 diagonal 8-15 from
/// h1; 0 elsewhere (never read there).
const DIAG: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq & 7;
        let rank = sq >> 3;
        if file == rank {
            table[sq] = file as u8;
        } else if file + rank == 7 {
            table[sq] = 8 + rank as u8;
        }
        sq += 1;
    }
    table
};

/// True when the two squares are the same or a king's move apart.
const fn touching(a: usize, b: usize) -> bool {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// The 462 legal placements of two kings, the first on the a1-d1-d4
/// triangle (by its code) and, when the first is on the diagonal, the
/// second not above it. Placements are numbered by the first king's code
/// and then the second's square, except that those with both kings on the
/// diagonal come last. Illegal placements hold -1.
const KK_INDEX: [[i16; 64]; 10] = {
    let mut table = [[-1i16; 64]; 10];
    let mut deferred = [(0usize, 0usize); 64];
    let mut n_deferred = 0;
    let mut code = 0i16;
    let mut t = 0;
    while t < 10 {
        let s1 = TRIANGLE_SQUARES[t] as usize;
        let s1_on_diag = off_diag(s1 as u8) == 0;
        let mut s2 = 0;
        while s2 < 64 {
            if touching(s1, s2) || (s1_on_diag && off_diag(s2 as u8) > 0) {
                // Illegal, or the mirror image of a placement counted.
            } else if s1_on_diag && off_diag(s2 as u8) == 0 {
                deferred[n_deferred] = (t, s2);
                n_deferred += 1;
            } else {
                table[t][s2] = code;
                code += 1;
            }
            s2 += 1;
        }
        t += 1;
    }
    let mut i = 0;
    while i < n_deferred {
        let (t, s2) = deferred[i];
        table[t][s2] = code;
        code += 1;
        i += 1;
    }
    assert!(code == 462);
    table
};

/// `BINOMIAL[k][n]` = n choose k (0 when n < k).
const BINOMIAL: [[u64; 64]; MAX_PIECES] = {
    let mut table = [[0u64; 64]; MAX_PIECES];
    let mut k = 0;
    while k < MAX_PIECES {
        let mut n = 0;
        while n < 64 {
            // n (n-1) ... (n-k+1) / k!, exact at every step.
            let mut value = 1u64;
            let mut i = 0;
            while i < k {
                if n < i {
                    value = 0;
                    break;
                }
                value = value * (n - i) as u64 / (i + 1) as u64;
                i += 1;
            }
            table[k][n] = value;
            n += 1;
        }
        k += 1;
    }
    table
};

/// The file of a square folded onto a-d (a and h are 0, d and e are 3).
#[inline]
const fn folded_file(sq: u8) -> u8 {
    let file = sq & 7;
    if file > 3 { 7 - file } else { file }
}

/// A pawn's square on ranks 2-7 numbered 0-23 by folded file, then rank:
/// the leading pawn's place among the four files' tables.
const FLAP: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 8;
    while sq < 56 {
        table[sq] = folded_file(sq as u8) * 6 + (sq as u8 >> 3) - 1;
        sq += 1;
    }
    table
};

/// The order of the other pawns' squares (ranks 2-7): 0-47, from the
/// centre files outwards and from rank 7 down, the e-h half before the
/// a-d half on each pair of files.
const PAWN_TWIST: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 8;
    while sq < 56 {
        let rank = (sq >> 3) as u8;
        let left = (sq & 7) < 4;
        table[sq] = (3 - folded_file(sq as u8)) * 12 + 12 - 2 * rank + left as u8;
        sq += 1;
    }
    table
};

/// `PAWN_INDEX[k - 1][flap]`: where the placements of `k` leading pawns
/// whose first is on square number `flap` (of [`FLAP`]) start, within its
/// file's table; `PAWN_FACTOR[k - 1][file]`: how many there are on that
/// file.
const PAWN_INDEX_AND_FACTOR: ([[u64; 24]; 6], [[u64; 4]; 6]) = {
    let mut index = [[0u64; 24]; 6];
    let mut factor = [[0u64; 4]; 6];
    let mut i = 0;
    while i < 6 {
        let mut sum = 0u64;
        let mut j = 0;
        while j < 24 {
            index[i][j] = sum;
            // The square numbered j by FLAP: rank 2 + j % 6, file j / 6.
            let sq = (1 + j % 6) * 8 + j / 6;
            sum += BINOMIAL[i][PAWN_TWIST[sq] as usize];
            if (j + 1) % 6 == 0 {
                factor[i][j / 6] = sum;
                sum = 0;
            }
            j += 1;
        }
        i += 1;
    }
    (index, factor)
};
const PAWN_INDEX: [[u64; 24]; 6] = PAWN_INDEX_AND_FACTOR.0;
const PAWN_FACTOR: [[u64; 4]; 6] = PAWN_INDEX_AND_FACTOR.1;

/// The number of placements of `k` like pieces on `n` squares (n choose k).
const fn subfactor(k: u64, n: u64) -> u64 {
    let mut f = 1u64;
    let mut i = 0;
    while i < k {
        // Exact at every step: a product of i + 1 consecutive numbers is
        // divisible by (i + 1)!.
        f = f * (n - i) / (i + 1);
        i += 1;
    }
    f
}

/// What a table's header says about one of its sub-tables: the pieces in
/// the order their squares are read, how they group, and each group's
/// multiplier.
#[derive(Clone, Debug, Default)]
pub(crate) struct EncInfo {
    /// Piece codes: 1-6 white pawn ... king, 9-14 black.
    pub pieces: [u8; MAX_PIECES],
    /// `norm[i]`: the size of the group that starts at `i` (0 inside a group).
    pub norm: [u8; MAX_PIECES],
    /// `factor[i]`: the multiplier of the group that starts at `i`.
    pub factor: [u64; MAX_PIECES],
    /// The number of positions the sub-table indexes.
    pub size: u64,
}

/// What the encoding needs to know of a table's material.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Pieces in all, kings included.
    pub num: u8,
    /// The table has pawns (file encoding).
    pub has_pawns: bool,
    /// Pawnless with no unique piece but the kings: the kings are placed
    /// as a pair (462 ways).
    pub kk: bool,
    /// Pawn tables: the leading colour's pawns, then the other colour's.
    pub pawns: [u8; 2],
}

/// Why a header's description of the pieces cannot be used.
pub(crate) type HeaderError = &'static str;

impl EncInfo {
    /// Reads the piece list of one sub-table from `header` (its order byte
    /// or bytes, then one byte per piece; the nibble at `shift` is this
    /// sub-table's) and works out the groups and their multipliers. `file`
    /// is the leading pawn's folded file for pawn tables.
    pub(crate) fn new(
        shape: Shape,
        header: &[u8],
        shift: u32,
        file: usize,
    ) -> Result<EncInfo, HeaderError> {
        let num = shape.num as usize;
        let more_pawns = shape.has_pawns && shape.pawns[1] > 0;
        let skip = 1 + more_pawns as usize;
        if header.len() < num + skip {
            return Err("the piece list runs past the end of the file");
        }
        let mut ei = EncInfo::default();
        for i in 0..num {
            ei.pieces[i] = (header[i + skip] >> shift) & 0x0f;
        }
        let order = ((header[0] >> shift) & 0x0f) as usize;
        let order2 = if more_pawns {
            ((header[1] >> shift) & 0x0f) as usize
        } else {
            0x0f
        };

        let mut k = if shape.has_pawns {
            shape.pawns[0] as usize
        } else if shape.kk {
            2
        } else {
            3
        };
        ei.norm[0] = k as u8;
        if more_pawns {
            ei.norm[k] = shape.pawns[1];
            k += shape.pawns[1] as usize;
        }
        let mut i = k;
        while i < num {
            let mut j = i;
            while j < num && ei.pieces[j] == ei.pieces[i] {
                ei.norm[i] += 1;
                j += 1;
            }
            i += ei.norm[i] as usize;
        }

        let mut free = 64 - k as u64;
        let mut f = 1u64;
        let mut i = 0;
        let (mut placed_first, mut placed_second) = (false, !more_pawns);
        while k < num || i == order || i == order2 {
            if i >= 16 {
                return Err("the order of the piece groups is out of range");
            }
            if i == order {
                placed_first = true;
                ei.factor[0] = f;
                f = f
                    .checked_mul(if shape.has_pawns {
                        PAWN_FACTOR[ei.norm[0] as usize - 1][file]
                    } else if shape.kk {
                        462
                    } else {
                        31332
                    })
                    .ok_or("the table's size overflows")?;
            } else if i == order2 {
                placed_second = true;
                let first = ei.norm[0] as usize;
                ei.factor[first] = f;
                f = f
                    .checked_mul(subfactor(ei.norm[first] as u64, 48 - first as u64))
                    .ok_or("the table's size overflows")?;
            } else {
                if k >= num {
                    return Err("the order of the piece groups names a group that does not exist");
                }
                ei.factor[k] = f;
                f = f
                    .checked_mul(subfactor(ei.norm[k] as u64, free))
                    .ok_or("the table's size overflows")?;
                free -= ei.norm[k] as u64;
                k += ei.norm[k] as usize;
            }
            i += 1;
        }
        if !placed_first || !placed_second {
            return Err("the order of the piece groups leaves a group out");
        }
        ei.size = f;
        Ok(ei)
    }
}

/// Squares of the pieces being indexed, in the order of their sub-table's
/// piece list.
pub(crate) type Squares = [u8; MAX_PIECES];

/// Sorts `p` ascending (a few elements: insertion sort).
#[inline]
fn sort_ascending(p: &mut [u8]) {
    for i in 1..p.len() {
        let mut j = i;
        while j > 0 && p[j - 1] > p[j] {
            p.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The combinations index of the groups from `k` on, each group's squares
/// counted among those the earlier groups leave free.
#[inline]
fn encode_groups(p: &mut Squares, ei: &EncInfo, mut k: usize, num: usize, mut idx: u64) -> u64 {
    while k < num {
        let t = k + ei.norm[k] as usize;
        sort_ascending(&mut p[k..t]);
        let mut s = 0u64;
        for i in k..t {
            let sq = p[i];
            let skips = p[..k].iter().filter(|&&q| sq > q).count();
            s += BINOMIAL[i - k + 1][sq as usize - skips];
        }
        idx += s * ei.factor[k];
        k = t;
    }
    idx
}

/// The index of a pawnless position; `None` for a placement the table
/// does not hold (two kings touching: a corrupt header).
#[inline]
pub(crate) fn encode_piece(p: &mut Squares, ei: &EncInfo, shape: Shape) -> Option<u64> {
    let num = shape.num as usize;
    let p = &mut *p;
    if p[0] & 0x04 != 0 {
        p[..num].iter_mut().for_each(|sq| *sq ^= 0x07);
    }
    if p[0] & 0x20 != 0 {
        p[..num].iter_mut().for_each(|sq| *sq ^= 0x38);
    }
    let leading = if shape.kk { 2 } else { 3 };
    for i in 0..num {
        let d = off_diag(p[i]);
        if d != 0 {
            if d > 0 && i < leading {
                p[..num].iter_mut().for_each(|sq| *sq = flip_diag(*sq));
            }
            break;
        }
    }

    let (idx, k) = if shape.kk {
        let code = KK_INDEX[TRIANGLE[p[0] as usize] as usize][p[1] as usize];
        if code < 0 {
            return None;
        }
        (code as u64, 2)
    } else {
        let (p0, p1, p2) = (p[0] as usize, p[1] as usize, p[2] as usize);
        let s1 = (p1 > p0) as usize;
        let s2 = (p2 > p0) as usize + (p2 > p1) as usize;
        let idx = if off_diag(p[0]) != 0 {
            TRIANGLE[p0] as usize * 63 * 62 + (p1 - s1) * 62 + (p2 - s2)
        } else if off_diag(p[1]) != 0 {
            6 * 63 * 62 + DIAG[p0] as usize * 28 * 62 + LOWER[p1] as usize * 62 + p2 - s2
        } else if off_diag(p[2]) != 0 {
            6 * 63 * 62
                + 4 * 28 * 62
                + DIAG[p0] as usize * 7 * 28
                + (DIAG[p1] as usize - s1) * 28
                + LOWER[p2] as usize
        } else {
            6 * 63 * 62
                + 4 * 28 * 62
                + 4 * 7 * 28
                + DIAG[p0] as usize * 7 * 6
                + (DIAG[p1] as usize - s1) * 6
                + (DIAG[p2] as usize - s2)
        };
        (idx as u64, 3)
    };
    Some(encode_groups(p, ei, k, num, idx * ei.factor[0]))
}

/// Brings the leading pawn (the first of the `leading` pawns in `p`) to
/// the front and returns its folded file: which of the four sub-tables
/// holds the position.
#[inline]
pub(crate) fn leading_pawn_file(p: &mut Squares, leading: usize) -> usize {
    for i in 1..leading {
        if FLAP[p[0] as usize] > FLAP[p[i] as usize] {
            p.swap(0, i);
        }
    }
    folded_file(p[0]) as usize
}

/// The index of a position with pawns (after [`leading_pawn_file`]).
#[inline]
pub(crate) fn encode_pawn(p: &mut Squares, ei: &EncInfo, shape: Shape) -> u64 {
    let num = shape.num as usize;
    if p[0] & 0x04 != 0 {
        p[..num].iter_mut().for_each(|sq| *sq ^= 0x07);
    }
    let leading = shape.pawns[0] as usize;
    // The other leading pawns, by PAWN_TWIST descending.
    for i in 1..leading {
        for j in i + 1..leading {
            if PAWN_TWIST[p[i] as usize] < PAWN_TWIST[p[j] as usize] {
                p.swap(i, j);
            }
        }
    }
    let mut idx = PAWN_INDEX[leading - 1][FLAP[p[0] as usize] as usize];
    for i in 1..leading {
        idx += BINOMIAL[leading - i][PAWN_TWIST[p[i] as usize] as usize];
    }
    idx *= ei.factor[0];

    let mut k = leading;
    if shape.pawns[1] > 0 {
        // The other colour's pawns, on the 48 pawn squares.
        let t = k + shape.pawns[1] as usize;
        sort_ascending(&mut p[k..t]);
        let mut s = 0u64;
        for i in k..t {
            let sq = p[i];
            let skips = p[..k].iter().filter(|&&q| sq > q).count();
            s += BINOMIAL[i - k + 1][sq as usize - skips - 8];
        }
        idx += s * ei.factor[k];
        k = t;
    }
    encode_groups(p, ei, k, num, idx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_the_formats() {
        // Spot checks against the published definition (the a1-d1-d4
        // triangle, its codes and symmetric copies).
        assert_eq!(TRIANGLE[0], 6); // a1
        assert_eq!(TRIANGLE[1], 0); // b1
        assert_eq!(TRIANGLE[8], 0); // a2, b1's mirror image
        assert_eq!(TRIANGLE[63], 6); // h8
        assert_eq!(TRIANGLE[27], 9); // d4
        assert_eq!(TRIANGLE[36], 9); // e5
        assert_eq!(LOWER[0], 28);
        assert_eq!(LOWER[1], 0);
        assert_eq!(LOWER[8], 0);
        assert_eq!(LOWER[7], 6);
        assert_eq!(LOWER[55], 27); // h7
        assert_eq!(DIAG[7], 8); // h1
        assert_eq!(DIAG[56], 15); // a8
        // The kings: 462 placements, b1-d1 first, both on the diagonal last.
        assert_eq!(KK_INDEX[0][3], 0); // Kb1, Kd1
        assert_eq!(KK_INDEX[1][0], 58); // Kc1, Ka1
        assert_eq!(KK_INDEX[6][2], 339); // Ka1, Kc1
        assert_eq!(KK_INDEX[6][18], 441); // Ka1, Kc3
        assert_eq!(KK_INDEX[9][63], 461); // Kd4, Kh8
        assert_eq!(KK_INDEX[6][8], -1); // Ka1, Ka2: above the diagonal
        assert_eq!(PAWN_TWIST[8], 47); // a2
        assert_eq!(PAWN_TWIST[52], 0); // e7
        assert_eq!(PAWN_TWIST[51], 1); // d7
        assert_eq!(FLAP[8], 0);
        assert_eq!(FLAP[55], 5); // h7
        assert_eq!(BINOMIAL[3][10], 120);
        assert_eq!(subfactor(2, 62), 1891);
        // One leading pawn: 6 squares on each file.
        assert_eq!(PAWN_FACTOR[0], [6, 6, 6, 6]);
    }

    #[test]
    fn every_triangle_code_has_one_square() {
        for (code, &sq) in TRIANGLE_SQUARES.iter().enumerate() {
            assert_eq!(TRIANGLE[sq as usize] as usize, code);
        }
    }
}
