//! One table file: its header read and checked, and the value of one
//! position decompressed.
//!
//! The format (Ronald de Man's, as his generator writes it and Fathom and
//! Stockfish read it): a four-byte magic number, a flags byte, the piece
//! lists of the sub-tables (one, or one per file of the leading pawn, each
//! possibly split by side to move), then for each sub-table the header of
//! its compression (a canonical Huffman code over symbols that expand, by
//! a table of pairs, to runs of values), DTZ tables' value maps, and the
//! sub-tables' block indices, block sizes and 64-byte aligned blocks.
//!
//! Every offset is checked when the table is opened, and every value read
//! from the file while probing (a block number, a symbol, a map entry) is
//! checked before it is used: a corrupt or truncated file gives
//! [`TableProblem::Corrupt`], never a read outside the file.

use crate::encoding::{self, EncInfo, MAX_PIECES, Shape, Squares};
use crate::error::{TableError, TableKind, TableProblem};
use crate::material::{Material, key_of};
use magicboard::{Board, Color, PieceKind};
use memmap2::Mmap;
use std::fs::File;
use std::path::Path;
use std::sync::Arc;

/// A problem found in the file's contents.
type Corrupt = &'static str;

/// A mapped, checked table file.
pub(crate) struct Table {
    path: Arc<Path>,
    data: Mmap,
    kind: TableKind,
    shape: Shape,
    /// The key of the material as the table stores it (its header's white
    /// pieces as White).
    key: u64,
    /// Both sides have the same material.
    symmetric: bool,
    /// `subs[file][side]`: one file for pawnless tables, four with pawns;
    /// side 1 (Black to move, or the other side when colours are
    /// exchanged) only in WDL tables that store both.
    subs: Vec<[Option<Sub>; 2]>,
    /// DTZ tables: per file, the flags and value maps.
    dtz: Vec<DtzInfo>,
}

/// One sub-table: how positions are indexed and how values are stored.
struct Sub {
    ei: EncInfo,
    pairs: Pairs,
}

/// DTZ tables' flags byte and the maps from stored numbers to values.
#[derive(Clone, Copy, Default)]
struct DtzInfo {
    flags: u8,
    /// By `WDL_TO_MAP`: win, loss, cursed win, blessed loss.
    maps: [ValueMap; 4],
}

/// A list of DTZ values in the file: bytes or little-endian u16.
#[derive(Clone, Copy, Default)]
struct ValueMap {
    start: usize,
    len: usize,
    wide: bool,
}

/// How a sub-table's values are stored.
enum Pairs {
    /// Every position has the same value.
    Const(u16),
    /// Huffman-coded blocks.
    Huffman(Box<Huffman>),
}

/// The compression of one sub-table.
struct Huffman {
    /// Positions per index entry: `1 << idx_bits`.
    idx_bits: u32,
    /// Bytes per block: `1 << block_bits`.
    block_bits: u32,
    /// The shortest code, in bits.
    min_len: u32,
    /// Where the index (6 bytes per entry) starts in the file.
    index_table: usize,
    /// Where the block sizes (u16 each) start, and how many blocks they count.
    size_table: usize,
    num_blocks: usize,
    /// Where the blocks start, and how many there are.
    blocks: usize,
    real_num_blocks: usize,
    /// `base[l - min_len]`: the smallest left-aligned code of length `l`;
    /// 0 past the longest (so the search for a code's length stops there,
    /// and indices masked to 0-63 need no bounds check).
    base: [u64; 64],
    /// `offset[l - min_len]`: the first symbol of length `l`.
    offset: [u16; 64],
    /// Where to start the search of `base` for a code whose top byte is
    /// the index: codes that start so cannot be shorter.
    start: [u8; 256],
    /// Per symbol, the values it expands to minus one (0 for a value):
    /// apart from `sym_pair`, so that the decoding loop's reads stay in a
    /// few cache lines.
    sym_len: Vec<u8>,
    /// Per symbol, the pair it expands to, or (its value, 0) for a value
    /// (twelve bits; WDL values use the low eight).
    sym_pair: Vec<[u16; 2]>,
}

/// WDL (-2..=2) to the DTZ map that holds its values.
const WDL_TO_MAP: [usize; 5] = [1, 3, 0, 2, 0];
/// The flag that says a map holds plies rather than moves, by WDL.
const PA_FLAGS: [u8; 5] = [8, 0, 0, 0, 4];

#[inline]
fn u16_at(data: &[u8], at: usize) -> Result<u16, Corrupt> {
    match data.get(at..at + 2) {
        Some(b) => Ok(u16::from_le_bytes([b[0], b[1]])),
        None => Err("a header field runs past the end of the file"),
    }
}

#[inline]
fn u32_at(data: &[u8], at: usize) -> Result<u32, Corrupt> {
    match data.get(at..at + 4) {
        Some(b) => Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        None => Err("a header field runs past the end of the file"),
    }
}

#[inline]
fn byte_at(data: &[u8], at: usize) -> Result<u8, Corrupt> {
    data.get(at)
        .copied()
        .ok_or("a header field runs past the end of the file")
}

/// `a + b` for offsets read from the file.
#[inline]
fn add(a: usize, b: u64) -> Result<usize, Corrupt> {
    usize::try_from(b)
        .ok()
        .and_then(|b| a.checked_add(b))
        .ok_or("a section is too large")
}

impl Pairs {
    /// Reads a sub-table's compression header at `*pos`, moving `*pos`
    /// past it. Returns the flags byte and the sizes of the three sections
    /// still to be placed (index, block sizes, blocks).
    fn read(
        data: &[u8],
        pos: &mut usize,
        positions: u64,
        kind: TableKind,
    ) -> Result<(Pairs, u8, [u64; 3]), Corrupt> {
        let at = *pos;
        let flags = byte_at(data, at)?;
        if flags & 0x80 != 0 {
            let value = match kind {
                TableKind::Wdl => byte_at(data, at + 1)? as u16,
                TableKind::Dtz => 0,
            };
            *pos = at + 2;
            return Ok((Pairs::Const(value), flags, [0; 3]));
        }
        let block_bits = byte_at(data, at + 1)? as u32;
        let idx_bits = byte_at(data, at + 2)? as u32;
        let extra_blocks = byte_at(data, at + 3)? as u64;
        let real_num_blocks = u32_at(data, at + 4)? as u64;
        let max_len = byte_at(data, at + 8)? as u32;
        let min_len = byte_at(data, at + 9)? as u32;
        if !(1..=40).contains(&idx_bits) {
            return Err("the index spacing is out of range");
        }
        if block_bits > 30 {
            return Err("the block size is out of range");
        }
        if min_len == 0 || min_len > max_len || max_len > 32 {
            return Err("the code lengths are out of range");
        }
        let h = (max_len - min_len + 1) as usize;
        let mut offset = [0u16; 64];
        for (i, o) in offset.iter_mut().take(h).enumerate() {
            *o = u16_at(data, at + 10 + 2 * i)?;
        }
        let num_syms = u16_at(data, at + 10 + 2 * h)? as usize;
        let pat = at + 12 + 2 * h;
        let pat_bytes = data
            .get(pat..pat + 3 * num_syms)
            .ok_or("the symbol table runs past the end of the file")?;
        *pos = pat + 3 * num_syms + (num_syms & 1);

        let (sym_len, sym_pair) = symbols(pat_bytes, num_syms)?;

        // base[i] = (base[i + 1] + offset[i] - offset[i + 1]) / 2, the last 0;
        // then left-aligned in 64 bits.
        let mut base = [0u64; 64];
        for i in (0..h - 1).rev() {
            let b = base[i + 1] as i128 + offset[i] as i128 - offset[i + 1] as i128;
            if b < 0 {
                return Err("the code lengths' symbol offsets decrease");
            }
            base[i] = (b / 2) as u64;
        }
        for (i, b) in base.iter_mut().take(h).enumerate() {
            *b = b.wrapping_shl(64 - (min_len + i as u32));
        }
        // The search from 0 skips every length whose base exceeds the
        // largest code with this top byte: start after them.
        let mut start = [0u8; 256];
        for (top, first) in start.iter_mut().enumerate() {
            let largest = ((top as u64) << 56) | ((1u64 << 56) - 1);
            *first = base.iter().position(|&b| largest >= b).unwrap_or(63) as u8;
        }

        let num_indices = positions.div_ceil(1u64 << idx_bits);
        let num_blocks = real_num_blocks + extra_blocks;
        let sizes = [
            num_indices.checked_mul(6).ok_or("the index is too large")?,
            2 * num_blocks,
            real_num_blocks
                .checked_shl(block_bits)
                .filter(|&n| n >> block_bits == real_num_blocks)
                .ok_or("the blocks are too large")?,
        ];
        let huffman = Huffman {
            idx_bits,
            block_bits,
            min_len,
            index_table: 0,
            size_table: 0,
            num_blocks: num_blocks as usize,
            blocks: 0,
            real_num_blocks: real_num_blocks as usize,
            base,
            offset,
            start,
            sym_len,
            sym_pair,
        };
        Ok((Pairs::Huffman(Box::new(huffman)), flags, sizes))
    }

    /// The value stored for position number `idx`.
    #[inline]
    fn value(&self, data: &[u8], idx: u64) -> Result<u16, Corrupt> {
        match self {
            Pairs::Const(value) => Ok(*value),
            Pairs::Huffman(h) => h.value(data, idx),
        }
    }
}

/// Reads the symbol table (three bytes a symbol: a value, or two
/// symbols), checks that every pair names existing symbols and that no
/// symbol contains itself, and counts each symbol's values (at most 256,
/// as the format's readers store the count in a byte).
fn symbols(pat: &[u8], n: usize) -> Result<(Vec<u8>, Vec<[u16; 2]>), Corrupt> {
    let mut pair = vec![[0u16; 2]; n];
    let mut len = vec![0u32; n];
    let mut leaf = vec![false; n];
    for s in 0..n {
        let w = &pat[3 * s..3 * s + 3];
        let s1 = ((w[1] as u16 & 0x0f) << 8) | w[0] as u16;
        let s2 = ((w[2] as u16) << 4) | (w[1] as u16 >> 4);
        if s2 == 0x0fff {
            leaf[s] = true;
            pair[s] = [s1, 0];
        } else {
            if s1 as usize >= n || s2 as usize >= n {
                return Err("a symbol pair names a symbol that does not exist");
            }
            pair[s] = [s1, s2];
        }
    }
    // Depth-first, without recursion: 0 unseen, 1 in progress, 2 counted.
    let mut state = vec![0u8; n];
    let mut stack = Vec::new();
    for root in 0..n {
        stack.push(root);
        while let Some(&s) = stack.last() {
            if state[s] == 2 {
                stack.pop();
            } else if leaf[s] {
                state[s] = 2;
                stack.pop();
            } else {
                let [l, r] = pair[s].map(usize::from);
                if state[s] == 0 {
                    state[s] = 1;
                    for c in [l, r] {
                        match state[c] {
                            0 => stack.push(c),
                            1 => return Err("a symbol contains itself"),
                            _ => {}
                        }
                    }
                } else if state[l] == 2 && state[r] == 2 {
                    len[s] = len[l] + len[r] + 1;
                    if len[s] > 255 {
                        return Err("a symbol expands to too many values");
                    }
                    state[s] = 2;
                    stack.pop();
                } else {
                    return Err("a symbol contains itself");
                }
            }
        }
    }
    Ok((len.into_iter().map(|n| n as u8).collect(), pair))
}

impl Huffman {
    /// Decompresses the value of position `idx` (less than the sub-table's
    /// size, which the caller checks).
    #[inline]
    fn value(&self, data: &[u8], idx: u64) -> Result<u16, Corrupt> {
        let main = (idx >> self.idx_bits) as usize;
        let mut lit = (idx & ((1u64 << self.idx_bits) - 1)) as i64 - (1i64 << (self.idx_bits - 1));
        let entry = self.index_table + 6 * main;
        let e = data
            .get(entry..entry + 6)
            .ok_or("an index entry is past the index")?;
        let mut block = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
        lit += u16::from_le_bytes([e[4], e[5]]) as i64;

        let sizes = &data[self.size_table..self.size_table + 2 * self.num_blocks];
        let size = |b: usize| -> Result<i64, Corrupt> {
            match sizes.get(2 * b..2 * b + 2) {
                Some(s) => Ok(u16::from_le_bytes([s[0], s[1]]) as i64),
                None => Err("the index points past the last block"),
            }
        };
        if lit < 0 {
            while lit < 0 {
                if block == 0 {
                    return Err("the index points before the first block");
                }
                block -= 1;
                lit += size(block)? + 1;
            }
        } else {
            loop {
                let s = size(block)?;
                if lit <= s {
                    break;
                }
                lit -= s + 1;
                block += 1;
            }
        }
        if block >= self.real_num_blocks {
            return Err("the index points past the last block");
        }
        let start = self.blocks + (block << self.block_bits);
        let bytes = &data[start..start + (1 << self.block_bits)];

        // Canonical Huffman decoding, 64 bits of the stream in `code`.
        let mut next = 8;
        let mut code = read_be(bytes, 0, 8);
        let mut bits = 0u32; // consumed from the low end of the 64 refilled
        let min_len = self.min_len;
        let sym = loop {
            // The code's length: base[63] is 0, so the search stops.
            let mut l = self.start[(code >> 56) as usize] as usize;
            while code < self.base[l & 63] {
                l += 1;
            }
            let l = l & 63;
            let len = l as u32 + min_len;
            let sym = self.offset[l] as usize + ((code - self.base[l]) >> (64 - len)) as usize;
            let n = match self.sym_len.get(sym) {
                Some(&n) => n as i64 + 1,
                None => return Err("a code decodes to a symbol that does not exist"),
            };
            if lit < n {
                break sym;
            }
            lit -= n;
            code <<= len;
            bits += len;
            if bits >= 32 {
                // Every symbol takes a bit or more: bounding the refills
                // bounds the loop, whatever the block holds.
                if next > bytes.len() {
                    return Err("a block's codes run past its end");
                }
                bits -= 32;
                code |= read_be(bytes, next, 4) << bits;
                next += 4;
            }
        };

        // Walk down the pairs to the value.
        let mut sym = sym;
        while self.sym_len[sym] != 0 {
            let [left, right] = self.sym_pair[sym];
            let n = self.sym_len[left as usize] as i64 + 1;
            if lit < n {
                sym = left as usize;
            } else {
                lit -= n;
                sym = right as usize;
            }
        }
        Ok(self.sym_pair[sym][0])
    }
}

/// `n` (4 or 8) bytes at `at`, big-endian, zeros past the end of `bytes`
/// (a block's last codes may be read with a few bytes of lookahead).
#[inline]
fn read_be(bytes: &[u8], at: usize, n: usize) -> u64 {
    if let Some(b) = bytes.get(at..at + n) {
        if n == 8 {
            u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
        } else {
            u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as u64
        }
    } else {
        let mut v = 0u64;
        for i in 0..n {
            v = (v << 8) | bytes.get(at + i).copied().unwrap_or(0) as u64;
        }
        v
    }
}

/// Piece kinds by the format's code (`code & 7`, 1 = pawn ... 6 = king).
const KINDS: [Option<PieceKind>; 8] = [
    None,
    Some(PieceKind::Pawn),
    Some(PieceKind::Knight),
    Some(PieceKind::Bishop),
    Some(PieceKind::Rook),
    Some(PieceKind::Queen),
    Some(PieceKind::King),
    None,
];

/// The material a piece list describes (white = colour bit clear).
fn material_of(pieces: &[u8]) -> Result<[[u8; 6]; 2], Corrupt> {
    let mut counts = [[0u8; 6]; 2];
    for &pc in pieces {
        match KINDS[(pc & 7) as usize] {
            Some(kind) => counts[(pc >> 3) as usize & 1][kind.index()] += 1,
            None => return Err("a piece code in the header is not a piece"),
        }
    }
    Ok(counts)
}

impl Table {
    /// Opens, maps and checks the file at `path`, a table of `kind` for
    /// `material` (as its file name says).
    pub(crate) fn open(
        path: Arc<Path>,
        kind: TableKind,
        material: Material,
    ) -> Result<Table, TableError> {
        let fail = |problem| TableError::new(path.clone(), problem);
        let io = |err| fail(TableProblem::Io(Arc::new(err)));
        let file = File::open(&path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len % 64 != 16 {
            return Err(fail(TableProblem::Size { len }));
        }
        // SAFETY: the map is read-only and outlives every slice taken from
        // it (they borrow `self.data`). As with any file mapping, another
        // process truncating or rewriting the file while it is mapped is
        // outside what Rust can guard against; table files are not written
        // once installed.
        #[allow(unsafe_code)]
        let data = unsafe { Mmap::map(&file) }.map_err(io)?;
        #[cfg(unix)]
        {
            // Probes jump around the file: read-ahead only wastes memory.
            let _ = data.advise(memmap2::Advice::Random);
        }
        let magic = [data[0], data[1], data[2], data[3]];
        if magic != kind.magic() {
            return Err(fail(TableProblem::Magic { found: magic }));
        }
        let mut table = Table {
            path: path.clone(),
            data,
            kind,
            shape: Shape {
                num: 0,
                has_pawns: false,
                kk: false,
                pawns: [0; 2],
            },
            key: 0,
            symmetric: false,
            subs: Vec::new(),
            dtz: Vec::new(),
        };
        table
            .read_header(material)
            .map_err(|what| fail(TableProblem::Corrupt(what)))?;
        Ok(table)
    }

    /// Reads and checks everything but the blocks' contents.
    fn read_header(&mut self, material: Material) -> Result<(), Corrupt> {
        let data: &[u8] = &self.data;
        let kind = self.kind;
        let flags = data[4];
        let has_pawns = material.has_pawns();
        if (flags & 2 != 0) != has_pawns {
            return Err("the header's pawn flag does not match the material of the file name");
        }
        let split = kind == TableKind::Wdl && flags & 1 != 0;
        let num = material.pieces() as usize;
        let white_pawns = material.count(Color::White, PieceKind::Pawn) as u8;
        let black_pawns = material.count(Color::Black, PieceKind::Pawn) as u8;
        let mut pawns = [white_pawns, black_pawns];
        if black_pawns > 0 && (white_pawns == 0 || white_pawns > black_pawns) {
            pawns.swap(0, 1);
        }
        let singles = [Color::White, Color::Black]
            .iter()
            .flat_map(|&c| {
                [
                    PieceKind::Knight,
                    PieceKind::Bishop,
                    PieceKind::Rook,
                    PieceKind::Queen,
                    PieceKind::King,
                ]
                .map(|k| material.count(c, k))
            })
            .filter(|&n| n == 1)
            .count();
        let shape = Shape {
            num: num as u8,
            has_pawns,
            kk: !has_pawns && singles == 2,
            pawns,
        };
        let files = if has_pawns { 4 } else { 1 };

        // The piece lists.
        let mut pos = 5;
        let mut encs: Vec<[Option<EncInfo>; 2]> = Vec::with_capacity(files);
        for file in 0..files {
            let header = data
                .get(pos..)
                .ok_or("the piece lists run past the end of the file")?;
            let white = EncInfo::new(shape, header, 0, file)?;
            let black = if split {
                Some(EncInfo::new(shape, header, 4, file)?)
            } else {
                None
            };
            encs.push([Some(white), black]);
            pos += num + 1 + (has_pawns && pawns[1] > 0) as usize;
        }
        pos += pos & 1;

        // Every list must hold the file name's material, in one orientation
        // for all, each kind of piece in one run, the leading group as the
        // encoding expects.
        let first = encs[0][0].as_ref().expect("side 0 is always read");
        let stored = material_of(&first.pieces[..num])?;
        let stored_material = Material::from_counts(stored);
        if stored_material != material && stored_material != material.flipped() {
            return Err("the header's pieces are not the material of the file name");
        }
        let leading = first.pieces;
        for ei in encs.iter().flatten().flatten() {
            if material_of(&ei.pieces[..num])? != stored {
                return Err("the sub-tables' piece lists hold different material");
            }
            let mut seen = [false; 16];
            for i in 0..num {
                let pc = ei.pieces[i] as usize;
                if i > 0 && ei.pieces[i - 1] as usize != pc && seen[pc] {
                    return Err("a kind of piece is split in the header's piece list");
                }
                seen[pc] = true;
            }
            if has_pawns {
                let lead = pawns[0] as usize;
                let leading_color = (leading[0] >> 3) as usize & 1;
                if ei.pieces[..lead] != leading[..lead]
                    || leading[0] & 7 != 1
                    || stored[leading_color][0] != pawns[0]
                {
                    return Err("the leading pawns differ between the sub-tables");
                }
                if pawns[1] > 0 && (ei.pieces[lead] & 7 != 1 || ei.pieces[lead] == leading[0]) {
                    return Err("the second colour's pawns are not where the header needs them");
                }
            } else {
                let lead = if shape.kk { 2 } else { 3 };
                for i in 0..lead {
                    let pc = ei.pieces[i];
                    if stored[(pc >> 3) as usize][(pc & 7) as usize - 1] != 1 {
                        return Err("the leading pieces are not unique pieces");
                    }
                }
            }
        }

        // The compression headers.
        let mut subs: Vec<[Option<Sub>; 2]> = Vec::with_capacity(files);
        let mut sizes: Vec<[[u64; 3]; 2]> = Vec::with_capacity(files);
        let mut dtz = vec![DtzInfo::default(); files];
        for (file, [white, black]) in encs.into_iter().enumerate() {
            let white = white.expect("side 0 is always read");
            let (pairs, flags, size) = Pairs::read(data, &mut pos, white.size, kind)?;
            dtz[file].flags = flags;
            let mut pair = [Some(Sub { ei: white, pairs }), None];
            let mut size_pair = [size, [0; 3]];
            if let Some(black) = black {
                let (pairs, _, size) = Pairs::read(data, &mut pos, black.size, kind)?;
                pair[1] = Some(Sub { ei: black, pairs });
                size_pair[1] = size;
            }
            subs.push(pair);
            sizes.push(size_pair);
        }

        // DTZ value maps.
        if kind == TableKind::Dtz {
            let map_base = pos;
            for info in dtz.iter_mut() {
                if info.flags & 2 == 0 {
                    continue;
                }
                if info.flags & 16 == 0 {
                    for map in info.maps.iter_mut() {
                        let len = byte_at(data, pos)? as usize;
                        *map = ValueMap {
                            start: pos + 1,
                            len,
                            wide: false,
                        };
                        pos += 1 + len;
                    }
                } else {
                    pos += pos & 1;
                    for map in info.maps.iter_mut() {
                        let len = u16_at(data, pos)? as usize;
                        // The entries counted in u16 from the maps' start.
                        let start = map_base + 2 * ((pos + 2 - map_base) / 2);
                        *map = ValueMap {
                            start,
                            len,
                            wide: true,
                        };
                        pos += 2 + 2 * len;
                    }
                }
                for map in info.maps {
                    let bytes = if map.wide { 2 * map.len } else { map.len };
                    if map.start + bytes > data.len() {
                        return Err("a DTZ value map runs past the end of the file");
                    }
                }
            }
            pos += pos & 1;
        }

        // The sections: indices, then block sizes, then blocks (each
        // sub-table's blocks 64-byte aligned).
        for section in 0..3 {
            for (pair, size_pair) in subs.iter_mut().zip(&sizes) {
                for (sub, size) in pair.iter_mut().zip(size_pair) {
                    let Some(Sub {
                        pairs: Pairs::Huffman(h),
                        ..
                    }) = sub
                    else {
                        continue;
                    };
                    if section == 2 {
                        pos = pos
                            .checked_next_multiple_of(64)
                            .ok_or("a section is too large")?;
                    }
                    match section {
                        0 => h.index_table = pos,
                        1 => h.size_table = pos,
                        _ => h.blocks = pos,
                    }
                    pos = add(pos, size[section])?;
                    if pos > data.len() {
                        return Err("the file ends before its last section");
                    }
                }
            }
        }

        self.shape = shape;
        self.key = key_of(&stored);
        self.symmetric = material == material.flipped();
        self.subs = subs;
        self.dtz = dtz;
        Ok(())
    }

    /// The table's stored number for `board` and the sub-table's file;
    /// `None` for a DTZ table that stores the other side to move only.
    /// `key` is the board's material key.
    #[inline]
    fn raw(&self, board: &Board, key: u64) -> Result<Option<(u16, usize)>, Corrupt> {
        let white_to_move = board.side_to_move() == Color::White;
        let (flip, bside) = if self.symmetric {
            (!white_to_move, 0)
        } else {
            let flip = key != self.key;
            (flip, (white_to_move == flip) as usize)
        };
        let num = self.shape.num as usize;
        let mut p: Squares = [0; MAX_PIECES];
        let (sub, file, idx) = if !self.shape.has_pawns {
            if self.kind == TableKind::Dtz
                && !self.symmetric
                && (self.dtz[0].flags & 1) as usize != bside
            {
                return Ok(None);
            }
            let side = if self.kind == TableKind::Wdl {
                bside
            } else {
                0
            };
            let sub = self.subs[0][side]
                .as_ref()
                .ok_or("the table does not store this side to move")?;
            fill(board, &sub.ei.pieces, flip, 0, &mut p, 0, num)?;
            let idx = encoding::encode_piece(&mut p, &sub.ei, self.shape)
                .ok_or("the header's leading pieces are not the kings")?;
            (sub, 0, idx)
        } else {
            let mirror = if flip { 0x38 } else { 0 };
            let leading = self.shape.pawns[0] as usize;
            let first = &self.subs[0][0]
                .as_ref()
                .expect("side 0 is always read")
                .ei
                .pieces;
            let i = fill(board, first, flip, mirror, &mut p, 0, leading)?;
            let file = encoding::leading_pawn_file(&mut p, leading);
            if self.kind == TableKind::Dtz
                && !self.symmetric
                && (self.dtz[file].flags & 1) as usize != bside
            {
                return Ok(None);
            }
            let side = if self.kind == TableKind::Wdl {
                bside
            } else {
                0
            };
            let sub = self.subs[file][side]
                .as_ref()
                .ok_or("the table does not store this side to move")?;
            fill(board, &sub.ei.pieces, flip, mirror, &mut p, i, num)?;
            (
                sub,
                file,
                encoding::encode_pawn(&mut p, &sub.ei, self.shape),
            )
        };
        if idx >= sub.ei.size {
            return Err("a position's index is past the end of its table");
        }
        Ok(Some((sub.pairs.value(&self.data, idx)?, file)))
    }

    /// The WDL value (-2..=2) of `board`, captures not considered.
    #[inline]
    pub(crate) fn probe_wdl(&self, board: &Board, key: u64) -> Result<i8, TableError> {
        match self.raw(board, key) {
            Ok(Some((value, _))) => match value & 0xff {
                v @ 0..=4 => Ok(v as i8 - 2),
                _ => Err(self.corrupt("a WDL value is out of range")),
            },
            Ok(None) => Err(self.corrupt("a WDL table does not store this side to move")),
            Err(what) => Err(self.corrupt(what)),
        }
    }

    /// The stored distance of `board`, whose WDL value is `wdl` (not 0),
    /// in plies; `None` when the table stores the other side to move.
    pub(crate) fn probe_dtz(
        &self,
        board: &Board,
        key: u64,
        wdl: i8,
    ) -> Result<Option<i32>, TableError> {
        let (value, file) = match self.raw(board, key) {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            Err(what) => return Err(self.corrupt(what)),
        };
        let w = (wdl + 2) as usize;
        let info = &self.dtz[file];
        let mut v = value as u32;
        if info.flags & 2 != 0 {
            let map = info.maps[WDL_TO_MAP[w]];
            let i = v as usize;
            if i >= map.len {
                return Err(self.corrupt("a DTZ value is past the end of its map"));
            }
            v = if map.wide {
                let at = map.start + 2 * i;
                u16::from_le_bytes([self.data[at], self.data[at + 1]]) as u32
            } else {
                self.data[map.start + i] as u32
            };
        }
        if info.flags & PA_FLAGS[w] == 0 || wdl & 1 != 0 {
            v *= 2;
        }
        Ok(Some(v as i32))
    }

    fn corrupt(&self, what: &'static str) -> TableError {
        TableError::new(self.path.clone(), TableProblem::Corrupt(what))
    }
}

/// Fills `p[i..end]` with the squares of the pieces `pieces[i..end]` names
/// (colours exchanged when `flip`, ranks mirrored by `mirror`); returns
/// `end`.
#[inline]
fn fill(
    board: &Board,
    pieces: &[u8; MAX_PIECES],
    flip: bool,
    mirror: u8,
    p: &mut Squares,
    mut i: usize,
    end: usize,
) -> Result<usize, Corrupt> {
    while i < end {
        let pc = pieces[i];
        let color = if ((pc >> 3) != 0) != flip {
            Color::Black
        } else {
            Color::White
        };
        let Some(kind) = KINDS[(pc & 7) as usize] else {
            return Err("a piece code in the header is not a piece");
        };
        let mut bb = board.colored_pieces(color, kind).0;
        if bb == 0 {
            return Err("the header's pieces do not match the position's");
        }
        while bb != 0 {
            if i >= end {
                return Err("the header's pieces do not match the position's");
            }
            p[i] = bb.trailing_zeros() as u8 ^ mirror;
            bb &= bb - 1;
            i += 1;
        }
    }
    Ok(i)
}
