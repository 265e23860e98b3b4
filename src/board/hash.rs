//! The Zobrist hash: computed from scratch, and kept in step by piece
//! placement (the keys themselves are [`crate::zobrist`]).

use super::Board;
use crate::castling::CastlingSide;
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;
use crate::zobrist;

/// # Hashing
///
/// [`Board::hash`] is kept up to date by every move made and unmade; these
/// compute a hash anew: from scratch (to check the incremental one), or
/// after a move without making it (to prefetch a transposition-table
/// entry).
impl Board {
    /// The Polyglot Zobrist hash computed from scratch: every piece, the
    /// castling rights, the en-passant file and the side to move, looked up
    /// and combined anew (see [`crate::zobrist`]).
    ///
    /// [`Board::hash`] returns the same value without the work: it is kept
    /// up to date incrementally by every move made and unmade. The two are
    /// always equal ([`Board::is_consistent`] checks it); compare them to
    /// test incremental hashing, yours or this crate's, for instance after
    /// each move of a game or a search, or to get a position's key when the
    /// cost does not matter.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// assert_eq!(board.hash_from_scratch(), 0x463b96181691fc9c);
    ///
    /// // Polyglot's test game: 1. e4 d5 2. e5 f5 (en passant on f6 is now
    /// // possible, so its key is in the hash).
    /// let mut played = Vec::new();
    /// for uci in ["e2e4", "d7d5", "e4e5", "f7f5"] {
    ///     let mv = board.parse_uci(uci).unwrap();
    ///     played.push((mv, board.make_move(mv)));
    ///     assert_eq!(board.hash(), board.hash_from_scratch(), "after {uci}");
    /// }
    /// assert_eq!(board.hash_from_scratch(), 0x22a48b5a8e47ff78);
    ///
    /// // Taking the moves back restores the hash too.
    /// while let Some((mv, undo)) = played.pop() {
    ///     board.unmake_move(mv, undo);
    ///     assert_eq!(board.hash(), board.hash_from_scratch());
    /// }
    /// assert_eq!(board.hash(), 0x463b96181691fc9c);
    /// ```
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_on(sq) {
                hash ^= zobrist::piece_key(p.color, p.kind, sq);
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.state.castling.has(color, side) {
                    hash ^= zobrist::castling_key(color, side);
                }
            }
        }
        if let Some(ep) = self.state.ep {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        if self.state.side == Color::White {
            hash ^= zobrist::WHITE_TO_MOVE_KEY;
        }
        hash
    }

    /// The hash the board will have after `mv`, computed without making
    /// it: an engine can prefetch its transposition-table entry before it
    /// makes the move. Equal to [`Board::make_move`] then [`Board::hash`]
    /// for every legal move; for other values it is some number (no panic).
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// let e4 = board.parse_uci("e2e4").unwrap();
    /// // Polyglot's published key after 1. e4.
    /// assert_eq!(board.hash_after(e4), 0x823c9b50fd114196);
    /// for mv in board.legal_moves() {
    ///     let expected = board.play_unchecked(mv).hash();
    ///     assert_eq!(board.hash_after(mv), expected);
    /// }
    /// ```
    pub fn hash_after(&self, mv: Move) -> u64 {
        let mut hash = self.state.hash ^ zobrist::WHITE_TO_MOVE_KEY;
        if let Some(ep) = self.state.ep {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        let Some(effect) = self.effect(mv) else {
            return hash;
        };
        for &(piece, sq) in effect.removed.iter().chain(&effect.added).flatten() {
            hash ^= zobrist::piece_key(piece.color, piece.kind, sq);
        }
        if let Some(ep) = effect.en_passant {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.state.castling.has(color, side) && !effect.rights.has(color, side) {
                    hash ^= zobrist::castling_key(color, side);
                }
            }
        }
        hash
    }

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, color: Color, kind: PieceKind, sq: Square) {
        self.put_piece_unhashed(color, kind, sq);
        self.state.hash ^= zobrist::piece_key(color, kind, sq);
    }

    // The `_unhashed` forms leave the hash alone: unmake restores it whole,
    // and perft's make does not keep it.

    #[inline(always)]
    pub(crate) fn put_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] |= bb;
        self.by_color[color.index()] |= bb;
        self.mailbox[sq.index()] = Some(kind);
    }

    #[inline(always)]
    pub(crate) fn remove_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] &= !bb;
        self.by_color[color.index()] &= !bb;
        self.mailbox[sq.index()] = None;
    }

    #[inline(always)]
    pub(crate) fn move_piece_unhashed(
        &mut self,
        color: Color,
        kind: PieceKind,
        from: Square,
        to: Square,
    ) {
        let bb = from.bitboard() | to.bitboard();
        self.by_kind[kind.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(kind);
    }
}
