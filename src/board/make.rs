//! Making and unmaking moves.
//!
//! [`Board::make_move`] plays a move in place and returns an [`Undo`] that
//! [`Board::unmake_move`] uses to restore the board exactly: pieces,
//! castling rights, en-passant square, clocks and hash. The hash is updated
//! incrementally (see [`crate::zobrist`]).
//!
//! This is the unchecked primitive, below move generation: it trusts its
//! move (see [`Board::make_move`] for what it still refuses). The checked
//! form, [`Board::try_make_move`], lives with the legality test in
//! [`crate::movegen`].

use super::{Board, State};
use crate::bitboard::Bitboard;
use crate::castling::{CastlingRights, CastlingSide};
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;
use crate::zobrist;

/// For each square on the fourth or fifth rank, the squares beside it on
/// its rank (where a pawn can take en passant a pawn that just stepped two
/// squares onto it); empty elsewhere.
const EN_PASSANT_TAKERS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 24;
    while sq < 40 {
        let file = sq % 8;
        let mut bits = 0u64;
        if file > 0 {
            bits |= 1 << (sq - 1);
        }
        if file < 7 {
            bits |= 1 << (sq + 1);
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
};

/// Takes from `rights` the castling rights a (non-castling) move of `kind`
/// by `us` from `from` to `to` loses, calling `lost` for each: both of
/// `us`'s when the king moves, and any whose rook's square the move starts
/// or ends on (the rook moved or was captured). The one statement of the
/// rule, for make (in place, hashing as it goes) and
/// [`Board::hash_after`].
#[inline(always)]
pub(crate) fn lose_castling_rights(
    rights: &mut CastlingRights,
    kind: PieceKind,
    us: Color,
    from: Square,
    to: Square,
    mut lost: impl FnMut(Color, CastlingSide),
) {
    if kind == PieceKind::King {
        for side in CastlingSide::ALL {
            if rights.has(us, side) {
                lost(us, side);
                rights.set(us, side, None);
            }
        }
    }
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(rook) = rights.rook_square(color, side) {
                if rook == from || rook == to {
                    lost(color, side);
                    rights.set(color, side, None);
                }
            }
        }
    }
}

/// What [`Board::unmake_move`] needs to take a move back: the state a move
/// cannot be inferred from. Small and `Copy`; its accessors tell what the
/// move recorded (the piece it captured, the state before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    /// The board's state before the move, restored as one block.
    state: State,
    captured: Option<PieceKind>,
    /// The kind of the piece moved (the pawn, for a promotion): unmake
    /// moves it back without reading the mailbox.
    moved: PieceKind,
    /// False when `make_move` refused the move and changed nothing.
    applied: bool,
    /// True when the capture was en passant (the pawn taken stood beside
    /// the destination, not on it).
    en_passant: bool,
}

impl Undo {
    /// The kind of the piece the move captured (the pawn, for en passant),
    /// or `None`.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// let mut board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let undo = board.make_move(board.parse_uci("e5d6").unwrap());
    /// assert_eq!(undo.captured(), Some(PieceKind::Pawn));
    /// assert!(undo.is_en_passant());
    /// ```
    #[inline]
    pub const fn captured(&self) -> Option<PieceKind> {
        self.captured
    }

    /// True when the move was an en-passant capture.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// let undo = board.make_move(board.parse_uci("e2e4").unwrap());
    /// assert!(!undo.is_en_passant());
    /// assert_eq!(undo.captured(), None);
    /// ```
    #[inline]
    pub const fn is_en_passant(&self) -> bool {
        self.en_passant
    }

    /// The castling rights before the move.
    ///
    /// ```
    /// use magicboard::{Board, CastlingRights};
    /// let mut board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let undo = board.make_move(board.parse_uci("e1g1").unwrap());
    /// assert_eq!(undo.castling_rights(), CastlingRights::STANDARD);
    /// assert_ne!(board.castling_rights(), CastlingRights::STANDARD);
    /// ```
    #[inline]
    pub const fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant square before the move.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// let mut board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let undo = board.make_move(board.parse_uci("e1e2").unwrap());
    /// assert_eq!(undo.en_passant(), Some(Square::D6));
    /// assert_eq!(board.en_passant(), None);
    /// ```
    #[inline]
    pub const fn en_passant(&self) -> Option<Square> {
        self.state.ep
    }

    /// The half-move clock before the move.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 7 30").unwrap();
    /// let undo = board.make_move(board.parse_uci("h1h2").unwrap());
    /// assert_eq!((undo.halfmove_clock(), board.halfmove_clock()), (7, 8));
    /// ```
    #[inline]
    pub const fn halfmove_clock(&self) -> u32 {
        self.state.halfmove
    }

    /// The hash before the move.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// let undo = board.make_move(board.parse_uci("g1f3").unwrap());
    /// assert_eq!(undo.hash(), Board::startpos().hash());
    /// ```
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.state.hash
    }

    /// False when [`Board::make_move`] refused the move (a value that would
    /// have broken the board) and changed nothing.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let mut board = Board::startpos();
    /// assert!(board.make_move(board.parse_uci("e2e4").unwrap()).was_applied());
    /// // No piece of the side to move (Black now) on e2: refused.
    /// assert!(!board.make_move(Move::new(Square::E2, Square::E3, None)).was_applied());
    /// ```
    #[inline]
    pub const fn was_applied(&self) -> bool {
        self.applied
    }
}

/// What [`Board::unmake_null_move`] needs to take a null move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NullUndo {
    /// The board's state before the null move, restored as one block.
    state: State,
}

/// # Making and unmaking moves
///
/// The unchecked primitive of search and perft: [`Board::make_move`] plays
/// a move in place and returns an [`Undo`], which [`Board::unmake_move`]
/// uses to restore the board exactly. For moves from outside (a GUI, a
/// file, a user), the checked [`Board::try_make_move`] and [`Board::play`]
/// are under *Deciding and playing one move* below.
impl Board {
    /// Plays `mv`, which must be legal on this board (a move from
    /// [`Board::legal_moves`], [`Board::is_legal`] or a checked parser), and
    /// returns what [`Board::unmake_move`] needs to take it back.
    ///
    /// This is the fast path for engines and perft: it does not check
    /// legality (use [`Board::try_make_move`] for moves from outside). It
    /// never panics, and never breaks the board's invariants: a move that
    /// could (no piece of the side to move on the from-square, a capture of
    /// one's own piece or of a king, a promotion of a piece other than a
    /// pawn or to a pawn or king, a castling move without king and rook or
    /// with its destination squares taken) is refused and the board left
    /// unchanged; any other illegal move gives a consistent but meaningless
    /// position that [`Board::unmake_move`] takes back (en passant takes
    /// only a pawn that is there).
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let mut board = Board::startpos();
    /// let mv = Move::new(Square::E2, Square::E4, None);
    /// let undo = board.make_move(mv);
    /// assert_eq!(board.hash(), 0x823c9b50fd114196);
    /// board.unmake_move(mv, undo);
    /// assert_eq!(board, Board::startpos());
    /// ```
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let undo = self.undo_record();
        let from = mv.from();
        let to = mv.to();
        let Some(kind) = self.mailbox[from.index()] else {
            return undo;
        };
        if !self.can_apply(mv, from, to, kind) {
            return undo;
        }
        let undo = self.apply::<true>(mv, kind, undo);
        debug_assert!(self.is_consistent(), "inconsistent after {mv:?}: {self:?}");
        undo
    }

    /// [`Board::make_move`] without its guards, for a move known to be
    /// legal here: one from this board's generator ([`Board::legal_moves`],
    /// [`Board::for_each_capture`], ...), or one that [`Board::is_legal`]
    /// accepted. An engine's search plays such moves only, and skipping the
    /// guards is a measurable part of a whole search's instructions
    /// (docs/performance.md, "Decisions that shaped the code").
    ///
    /// The result on a legal move is exactly [`Board::make_move`]'s, and
    /// [`Board::unmake_move`] takes it back. Any other move leaves the
    /// board in an unspecified state (later answers may be wrong, or
    /// panic), never undefined behaviour; debug builds assert that the move
    /// is one `make_move` would play (see its refusals) and that the board
    /// is consistent after it. Untrusted moves go through
    /// [`Board::make_move`] or the checked [`Board::try_make_move`].
    ///
    /// ```
    /// use magicboard::Board;
    /// fn search(board: &mut Board, depth: u32) -> u64 {
    ///     if depth == 0 {
    ///         return 1;
    ///     }
    ///     let mut nodes = 0;
    ///     for mv in board.legal_moves() {
    ///         let undo = board.make_move_unchecked(mv);
    ///         nodes += search(board, depth - 1);
    ///         board.unmake_move(mv, undo);
    ///     }
    ///     nodes
    /// }
    /// // Published count (CPW "Perft Results"): start position, depth 3.
    /// assert_eq!(search(&mut Board::startpos(), 3), 8902);
    /// ```
    #[inline(always)]
    pub fn make_move_unchecked(&mut self, mv: Move) -> Undo {
        let undo = self.undo_record();
        let Some(kind) = self.mailbox[mv.from().index()] else {
            return undo;
        };
        debug_assert!(
            self.can_apply(mv, mv.from(), mv.to(), kind),
            "make_move would refuse {mv:?} on {self:?}"
        );
        let undo = self.apply::<true>(mv, kind, undo);
        debug_assert!(self.is_consistent(), "inconsistent after {mv:?}: {self:?}");
        undo
    }

    /// [`Board::make_move_unchecked`] for a legal `mv` of a piece of
    /// `kind` (the piece on its from-square), without reading the kind
    /// back: the SAN resolver knows it, and with a constant `kind` the
    /// make keeps only that kind's steps.
    #[inline(always)]
    pub(crate) fn make_legal_of(&mut self, mv: Move, kind: PieceKind) {
        debug_assert_eq!(self.mailbox[mv.from().index()], Some(kind), "{mv:?}");
        debug_assert!(
            self.can_apply(mv, mv.from(), mv.to(), kind),
            "make_move would refuse {mv:?} on {self:?}"
        );
        self.apply::<true>(mv, kind, self.undo_record());
        debug_assert!(self.is_consistent(), "inconsistent after {mv:?}: {self:?}");
    }

    /// Perft's make: `mv` comes from the legal generator, so no guard is
    /// needed, and neither the hash nor the clocks are kept (counting needs
    /// neither: they are stale afterwards, so such boards never leave the
    /// perft module). Perft makes it on a copy of the board, which it then
    /// drops: nothing takes it back.
    #[cfg(feature = "perft")]
    #[inline(always)]
    pub(crate) fn make_move_unhashed(&mut self, mv: Move) -> Undo {
        let kind = self.mailbox[mv.from().index()].unwrap_or(PieceKind::Pawn);
        self.apply::<false>(mv, kind, self.undo_record())
    }

    /// The state a move cannot be inferred from, with `applied` false.
    #[inline(always)]
    fn undo_record(&self) -> Undo {
        Undo {
            state: self.state,
            captured: None,
            moved: PieceKind::Pawn,
            applied: false,
            en_passant: false,
        }
    }

    #[inline(always)]
    fn put<const HASH: bool>(&mut self, color: Color, kind: PieceKind, sq: Square) {
        self.put_piece_unhashed(color, kind, sq);
        if HASH {
            self.state.hash ^= zobrist::piece_key(color, kind, sq);
        }
    }

    #[inline(always)]
    fn remove<const HASH: bool>(&mut self, color: Color, kind: PieceKind, sq: Square) {
        self.remove_piece_unhashed(color, kind, sq);
        if HASH {
            self.state.hash ^= zobrist::piece_key(color, kind, sq);
        }
    }

    #[inline(always)]
    fn shift<const HASH: bool>(&mut self, color: Color, kind: PieceKind, from: Square, to: Square) {
        self.move_piece_unhashed(color, kind, from, to);
        if HASH {
            self.state.hash ^=
                zobrist::piece_key(color, kind, from) ^ zobrist::piece_key(color, kind, to);
        }
    }

    #[inline(always)]
    fn clear_castling<const HASH: bool>(&mut self, color: Color, side: CastlingSide) {
        if HASH && self.state.castling.has(color, side) {
            self.state.hash ^= zobrist::castling_key(color, side);
        }
        self.state.castling.set(color, side, None);
    }

    /// Plays `mv`, moving `kind` (the piece on its from-square): the body
    /// of [`Board::make_move`], with the hash and the clocks kept only when
    /// `HASH`. One step per kind of change: the en-passant square goes,
    /// the pieces move (castling, or a piece with what it takes, en
    /// passant, a double push's new en-passant square and promotion), the
    /// castling rights a move touches go, and the turn passes. Each step is
    /// inlined: the steps cost nothing over one body (`perft --bench`,
    /// docs/performance.md).
    #[inline(always)]
    fn apply<const HASH: bool>(&mut self, mv: Move, kind: PieceKind, mut undo: Undo) -> Undo {
        undo.applied = true;
        undo.moved = kind;
        let ep_before = self.take_en_passant::<HASH>();
        if mv.is_castle() {
            self.apply_castle::<HASH>(mv);
        } else {
            self.apply_piece_move::<HASH>(mv, kind, ep_before, &mut undo);
            self.lose_rights_moved::<HASH>(kind, mv.from(), mv.to());
        }
        self.pass_turn::<HASH>();
        undo
    }

    /// Clears the en-passant square (a move always does), returning it.
    #[inline(always)]
    fn take_en_passant<const HASH: bool>(&mut self) -> Option<Square> {
        let ep_before = self.state.ep;
        if !HASH {
            self.state.ep = None;
        } else if let Some(ep) = ep_before {
            // Usually there is none, and nothing is written. Perft's make,
            // without the hash, runs fewer instructions with the store alone.
            self.state.ep = None;
            self.state.hash ^= zobrist::en_passant_key(ep.file());
        }
        ep_before
    }

    /// Castling (`mv` is king-takes-own-rook): king and rook to their
    /// squares, the mover's rights gone.
    #[inline(always)]
    fn apply_castle<const HASH: bool>(&mut self, mv: Move) {
        let us = self.state.side;
        if HASH {
            self.state.halfmove = self.state.halfmove.saturating_add(1);
        }
        let (king_to, rook_to) = mv.castle_destinations();
        self.remove::<HASH>(us, PieceKind::King, mv.from());
        self.remove::<HASH>(us, PieceKind::Rook, mv.to());
        self.put::<HASH>(us, PieceKind::King, king_to);
        self.put::<HASH>(us, PieceKind::Rook, rook_to);
        self.clear_castling::<HASH>(us, CastlingSide::KingSide);
        self.clear_castling::<HASH>(us, CastlingSide::QueenSide);
    }

    /// Any move but castling: `kind` from `from` to `to`, taking what
    /// stands there (the halfmove clock reset by a capture or a pawn move),
    /// then a pawn's en passant, double push or promotion. `ep_before` is
    /// the en-passant square the move was made with.
    #[inline(always)]
    fn apply_piece_move<const HASH: bool>(
        &mut self,
        mv: Move,
        kind: PieceKind,
        ep_before: Option<Square>,
        undo: &mut Undo,
    ) {
        let (us, them) = (self.state.side, !self.state.side);
        let (from, to) = (mv.from(), mv.to());
        let target = self.mailbox[to.index()];
        if HASH {
            // Captures and pawn moves reset the clock.
            self.state.halfmove = if target.is_some() || kind == PieceKind::Pawn {
                0
            } else {
                self.state.halfmove.saturating_add(1)
            };
        }
        if let Some(captured) = target {
            self.remove::<HASH>(them, captured, to);
            undo.captured = Some(captured);
        }
        self.shift::<HASH>(us, kind, from, to);
        if kind != PieceKind::Pawn {
            return;
        }
        let victim = Square::new(to.file(), from.rank());
        // En passant takes the pawn beside the mover, and only when it is
        // there (any move value must keep the board consistent).
        if Some(to) == ep_before
            && target.is_none()
            && self.colored_pieces(them, PieceKind::Pawn).contains(victim)
        {
            self.remove::<HASH>(them, PieceKind::Pawn, victim);
            undo.captured = Some(PieceKind::Pawn);
            undo.en_passant = true;
        } else if mv.is_double_push(PieceKind::Pawn) {
            if let Some(skipped) = self.en_passant_after_double(us, from, to) {
                self.state.ep = Some(skipped);
                if HASH {
                    self.state.hash ^= zobrist::en_passant_key(skipped.file());
                }
            }
        } else if let Some(promo) = mv.promotion() {
            self.remove::<HASH>(us, PieceKind::Pawn, to);
            self.put::<HASH>(us, promo, to);
        }
    }

    /// The castling rights a move of `kind` from `from` to `to` takes away
    /// (not castling's: [`Board::apply_castle`] clears those). Only king
    /// moves and moves touching a first rank (where the castling rooks
    /// stand) can change them.
    #[inline(always)]
    fn lose_rights_moved<const HASH: bool>(&mut self, kind: PieceKind, from: Square, to: Square) {
        if self.state.castling.is_empty()
            || (kind != PieceKind::King
                && ((from.bitboard() | to.bitboard()) & Bitboard::BACK_RANKS).is_empty())
        {
            return;
        }
        let hash = &mut self.state.hash;
        lose_castling_rights(
            &mut self.state.castling,
            kind,
            self.state.side,
            from,
            to,
            |color, side| {
                if HASH {
                    *hash ^= zobrist::castling_key(color, side);
                }
            },
        );
    }

    /// The other side to move (and with the hash, the next move number
    /// after Black's).
    #[inline(always)]
    fn pass_turn<const HASH: bool>(&mut self) {
        let us = self.state.side;
        self.state.side = !us;
        if HASH {
            self.state.hash ^= zobrist::WHITE_TO_MOVE_KEY;
            // The move number advances after Black's move, added without a
            // branch on the side (which alternates ply by ply, so a branch
            // would be mispredicted half the time).
            let black = u32::from(us == Color::Black);
            self.state.fullmove = self.state.fullmove.saturating_add(black);
        }
    }

    /// False for the moves [`Board::make_move`] refuses because they would
    /// corrupt the board (`kind` stands on `from`): no piece of the side to
    /// move on `from`, a capture of one's own piece (other than castling's
    /// king-takes-rook) or of a king, or a malformed promotion or castling
    /// move (see [`Board::can_apply_special`]).
    #[inline(always)]
    fn can_apply(&self, mv: Move, from: Square, to: Square, kind: PieceKind) -> bool {
        let ours = self.colored(self.state.side);
        ours.contains(from)
            && ours.contains(to) == mv.is_castle()
            && self.mailbox[to.index()] != Some(PieceKind::King)
            && self.can_apply_special(mv, kind)
    }

    /// False for the moves `make_move` refuses because they would corrupt
    /// the board: promotions of non-pawns or to a pawn or king, castling moves that are not
    /// a king taking its own rook on one rank with free destination squares.
    #[inline(always)]
    fn can_apply_special(&self, mv: Move, kind: PieceKind) -> bool {
        if let Some(promo) = mv.promotion() {
            if kind != PieceKind::Pawn || matches!(promo, PieceKind::Pawn | PieceKind::King) {
                return false;
            }
        }
        if !mv.is_castle() {
            return true;
        }
        let (from, to) = (mv.from(), mv.to());
        let (king_to, rook_to) = mv.castle_destinations();
        let movers = from.bitboard() | to.bitboard();
        let landing = king_to.bitboard() | rook_to.bitboard();
        kind == PieceKind::King
            && self.mailbox[to.index()] == Some(PieceKind::Rook)
            && to.rank() == from.rank()
            && (self.occupied() & !movers & landing).is_empty()
    }

    /// The en-passant square after `us`'s pawn double-steps from `from` to
    /// `to`: the skipped square, kept only when an enemy pawn can capture
    /// onto it (Polyglot's rule, see [`Board::en_passant`]). Shared by make
    /// and [`Board::hash_after`].
    ///
    /// The takers stand beside `to`, which is on the fourth rank (from the
    /// mover's side) for a double step from the second: a pawn stepping two
    /// squares from its first rank (on a lenient board) makes no
    /// en-passant square, as in python-chess. One table lookup either way.
    #[inline(always)]
    pub(crate) fn en_passant_after_double(
        &self,
        us: Color,
        from: Square,
        to: Square,
    ) -> Option<Square> {
        let skipped = Square::from_index_masked((from.index() + to.index()) as u32 / 2);
        let takers = EN_PASSANT_TAKERS[to.index()] & self.colored_pieces(!us, PieceKind::Pawn);
        (!takers.is_empty()).then_some(skipped)
    }

    /// Takes back `mv`, which must be the last move made on this board with
    /// the `undo` it returned. The board is restored exactly (`==`, hash
    /// included).
    ///
    /// Taking back an en-passant capture puts the captured pawn back beside
    /// the destination square, where it stood:
    ///
    /// ```
    /// use magicboard::{Board, Color, Move, Piece, PieceKind, Square};
    /// // Black has just played d7-d5; White takes en passant, e5xd6.
    /// let mut board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    /// let before = board.clone();
    /// let exd6 = Move::new(Square::E5, Square::D6, None);
    /// let undo = board.make_move(exd6);
    /// assert_eq!(board.piece_on(Square::D5), None);
    /// assert_eq!(board.piece_on(Square::D6), Some(Piece::new(Color::White, PieceKind::Pawn)));
    ///
    /// board.unmake_move(exd6, undo);
    /// assert_eq!(board.piece_on(Square::D5), Some(Piece::new(Color::Black, PieceKind::Pawn)));
    /// assert_eq!(board.piece_on(Square::D6), None);
    /// assert_eq!(board.en_passant(), Some(Square::D6));
    /// assert_eq!(board, before);
    /// ```
    ///
    /// Make and unmake walk a move tree on one board, without copies. Two
    /// plies from Kiwipete make 2039 positions, the count published on the
    /// Chess Programming Wiki (`tests/data/cpw.epd`):
    ///
    /// ```
    /// use magicboard::Board;
    /// fn count(board: &mut Board, depth: u32) -> u64 {
    ///     if depth == 0 {
    ///         return 1;
    ///     }
    ///     let mut nodes = 0;
    ///     for mv in board.legal_moves() {
    ///         let undo = board.make_move(mv);
    ///         nodes += count(board, depth - 1);
    ///         board.unmake_move(mv, undo);
    ///     }
    ///     nodes
    /// }
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let mut board = Board::from_fen(kiwipete).unwrap();
    /// assert_eq!(count(&mut board, 2), 2039);
    /// // Every move was taken back: the board is where it started.
    /// assert_eq!(board, Board::from_fen(kiwipete).unwrap());
    /// ```
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        self.restore(mv, undo);
        debug_assert!(
            self.is_consistent(),
            "inconsistent after unmaking {mv:?}: {self:?}"
        );
    }

    /// The body of [`Board::unmake_move`].
    #[inline(always)]
    pub(crate) fn restore(&mut self, mv: Move, undo: Undo) {
        self.restore_pieces(mv, undo);
        self.state = undo.state;
    }

    /// The pieces of a takeback (the side to move is still the opponent's).
    #[inline(always)]
    fn restore_pieces(&mut self, mv: Move, undo: Undo) {
        if undo.applied {
            let them = self.state.side;
            let us = !them;
            let from = mv.from();
            let to = mv.to();
            if mv.is_castle() {
                let (king_to, rook_to) = mv.castle_destinations();
                self.remove_piece_unhashed(us, PieceKind::King, king_to);
                self.remove_piece_unhashed(us, PieceKind::Rook, rook_to);
                self.put_piece_unhashed(us, PieceKind::King, from);
                self.put_piece_unhashed(us, PieceKind::Rook, to);
            } else {
                // Only a pawn promotes (`Move::placed_kind`); most moves are
                // not pawns', and skip decoding the promotion field.
                if undo.moved == PieceKind::Pawn && mv.promotion().is_some() {
                    // What stands on `to` (a pawn that did not promote, for
                    // a double step or en passant with a promotion field).
                    let placed = self.mailbox[to.index()].unwrap_or(PieceKind::Pawn);
                    self.remove_piece_unhashed(us, placed, to);
                    self.put_piece_unhashed(us, PieceKind::Pawn, from);
                } else {
                    self.move_piece_unhashed(us, undo.moved, to, from);
                }
                if let Some(captured) = undo.captured {
                    let at = if undo.en_passant {
                        Square::new(to.file(), from.rank())
                    } else {
                        to
                    };
                    self.put_piece_unhashed(them, captured, at);
                }
            }
        }
    }
}

/// # Null moves
///
/// Passing the turn, for null-move pruning.
impl Board {
    /// Passes the turn (a "null move", for null-move pruning): the other
    /// side moves next, the en-passant square is cleared (and its key taken
    /// out of the hash), the half-move clock counts as after a move, and
    /// the move number advances after Black. `None`, and nothing changed,
    /// when the side to move is in check (passing would leave the king in
    /// check, which no position allows).
    ///
    /// ```
    /// use magicboard::{Board, Color};
    /// let mut board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let before = board.clone();
    /// let undo = board.make_null_move().unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// assert_eq!(board.en_passant(), None);
    /// assert_eq!(board.hash(), board.hash_from_scratch());
    /// board.unmake_null_move(undo);
    /// assert_eq!(board, before);
    ///
    /// let mut in_check = Board::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    /// assert_eq!(in_check.make_null_move(), None);
    /// ```
    pub fn make_null_move(&mut self) -> Option<NullUndo> {
        if self.in_check() {
            return None;
        }
        let undo = NullUndo { state: self.state };
        if let Some(ep) = self.state.ep.take() {
            self.state.hash ^= zobrist::en_passant_key(ep.file());
        }
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        if self.state.side == Color::Black {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.state.side = !self.state.side;
        self.state.hash ^= zobrist::WHITE_TO_MOVE_KEY;
        debug_assert!(
            self.is_consistent(),
            "inconsistent after a null move: {self:?}"
        );
        Some(undo)
    }

    /// Takes back the null move that returned `undo` (the last change made
    /// to this board): restores it exactly, hash included.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// let undo = board.make_null_move().unwrap();
    /// assert_ne!(board.hash(), Board::startpos().hash());
    /// board.unmake_null_move(undo);
    /// assert_eq!(board, Board::startpos());
    /// ```
    pub fn unmake_null_move(&mut self, undo: NullUndo) {
        // A null move changes the state alone (side to move included).
        self.state = undo.state;
    }
}
