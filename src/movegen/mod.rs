//! Move generation.
//!
//! Two generators live here:
//!
//! * the **reference** (`reference.rs`): [`Board::pseudo_legal_moves`]
//!   lists every move the pieces can make by their movement rules, and
//!   [`Board::legal_moves_by_make_unmake`] keeps those that, once made, do
//!   not leave the mover's king attacked. This is the definition of
//!   legality, written to be obviously right rather than fast;
//! * the **fast path** (`fast.rs`): [`Board::legal_moves`] and its targeted
//!   forms produce legal moves directly from a check mask, pin lines and the
//!   squares the opponent attacks (see that file).
//!
//! What an engine asks for, each generated directly (not generated in full
//! and filtered):
//!
//! * [`Board::captures`]: captures, en passant included, and every
//!   promotion: the "noisy" moves of quiescence search;
//!   [`Board::quiets`]: every other legal move;
//! * [`Board::legal_moves_masked`]: moves from some squares to some squares;
//! * [`Board::for_each_legal`], [`Board::for_each_capture`],
//!   [`Board::for_each_quiet`]: the same as callbacks, stopping when asked
//!   (no list to fill and return);
//! * [`Board::is_legal`] and [`Board::is_pseudo_legal`] (`legality.rs`):
//!   one move from a transposition table or killer slot, decided without a
//!   move list.
//!
//! The tests compare the fast paths with the reference on every position of
//! the perft suites and on many random positions. Everything generates into
//! a fixed-capacity [`MoveList`] on the stack or a callback; nothing
//! allocates.

mod fast;
mod legality;
#[cfg(any(test, feature = "reference"))]
mod reference;
mod sink;

pub(crate) use sink::{Counter, EachMove};

use crate::{Bitboard, Board, Move, MoveList};
use fast::{ALL, NOISY, QUIET};
use sink::{Any, ForEach};

impl Board {
    /// The legal moves of the side to move.
    ///
    /// ```
    /// use magicboard::Board;
    /// // A king in check from a rook on the e-file; the knight can only block on e2.
    /// let board = Board::from_fen("4r1k1/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
    /// let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    /// moves.sort();
    /// assert_eq!(moves, ["c1e2", "e1d1", "e1d2", "e1f1", "e1f2"]);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// The number of legal moves, counted without building them.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::startpos();
    /// assert_eq!(board.count_legal_moves(), 20);
    /// assert_eq!(board.count_legal_moves(), board.legal_moves().len() as u64);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_legal(&mut counter);
        counter.0
    }

    /// The legal moves whose from-square is in `from` and whose to-square
    /// is in `to` ([`Move::to`]: for castling, the rook's square, as
    /// castling is encoded king-takes-rook). Generated directly: pieces
    /// outside `from` are not looked at, destinations outside `to` not
    /// produced.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// let start = Board::startpos();
    /// // The knight on g1's moves, and the moves onto e4.
    /// let knight = start.legal_moves_masked(Square::G1.bitboard(), magicboard::Bitboard::FULL);
    /// assert_eq!(knight.len(), 2);
    /// let onto_e4 = start.legal_moves_masked(magicboard::Bitboard::FULL, Square::E4.bitboard());
    /// assert_eq!(onto_e4.len(), 1);
    /// ```
    pub fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, ALL>(&mut list, from, to);
        list
    }

    /// Every legal capture (en passant included; castling, encoded
    /// king-takes-rook, is not one) and every promotion, capturing or not:
    /// the "noisy" moves of quiescence search. With [`Board::quiets`] they
    /// make up [`Board::legal_moves`], with no move in both.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// // White: Nc3 can take on d5, e4xd5, e4xf5, and b7 promotes 4 ways on b8.
    /// let board = Board::from_fen("4k3/1P6/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1").unwrap();
    /// let noisy = board.captures();
    /// assert_eq!(noisy.len(), 3 + 4);
    /// assert!(noisy.iter().all(|&mv| board.is_capture(mv) || mv.is_promotion()));
    /// assert_eq!(noisy.len() + board.quiets().len(), board.legal_moves().len());
    /// ```
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, NOISY>(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// Every legal move that is neither a capture nor a promotion: quiet
    /// piece and pawn moves and castling. See [`Board::captures`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// assert_eq!(start.quiets().len(), 20);
    /// assert!(start.captures().is_empty());
    /// // Kiwipete: 48 legal moves, 8 of them captures (CPW "Perft Results").
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// ).unwrap();
    /// assert_eq!(kiwipete.captures().len(), 8);
    /// assert_eq!(kiwipete.quiets().len(), 40);
    /// ```
    pub fn quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, QUIET>(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// Calls `f` on each legal move, in generation order, until `f` returns
    /// `false`. Returns `false` when `f` stopped it, `true` when every move
    /// was visited. Nothing is allocated, and generation itself stops soon
    /// after `f` does.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let mut seen = 0;
    /// assert!(start.for_each_legal(|_| { seen += 1; true }));
    /// assert_eq!(seen, 20);
    /// // Stop at the first knight move.
    /// let mut first = None;
    /// let finished = start.for_each_legal(|mv| {
    ///     if start.moved(mv) == Some(magicboard::PieceKind::Knight) {
    ///         first = Some(mv);
    ///         return false;
    ///     }
    ///     true
    /// });
    /// assert!(!finished && first.is_some());
    /// ```
    pub fn for_each_legal(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate_legal(&mut each);
        !each.stopped
    }

    /// [`Board::captures`] as a callback: calls `f` on each legal capture
    /// and promotion, in the order `captures` lists them, until `f`
    /// returns `false`; returns `false` when `f` stopped it. No list is
    /// built (a [`MoveList`] is 512 bytes to initialise and to return), so
    /// a search that scores moves into buffers of its own loses nothing:
    /// in `benches/search.rs` the list forms cost 16% of the instructions.
    ///
    /// ```
    /// use magicboard::Board;
    /// // Nc3xd5, e4xd5, e4xf5, and b7-b8 promoting four ways.
    /// let board = Board::from_fen("4k3/1P6/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1").unwrap();
    /// let mut noisy = Vec::new();
    /// assert!(board.for_each_capture(|mv| {
    ///     noisy.push(mv);
    ///     true
    /// }));
    /// assert_eq!(noisy, board.captures().as_slice());
    /// assert_eq!(noisy.len(), 7);
    /// // Stop at the first promotion.
    /// assert!(!board.for_each_capture(|mv| !mv.is_promotion()));
    /// ```
    #[inline]
    pub fn for_each_capture(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate::<_, NOISY>(&mut each, Bitboard::FULL, Bitboard::FULL);
        !each.stopped
    }

    /// [`Board::quiets`] as a callback, like [`Board::for_each_capture`]:
    /// each legal move that neither captures nor promotes (castling
    /// included), in the order `quiets` lists them, until `f` returns
    /// `false`.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let mut quiet = Vec::new();
    /// assert!(start.for_each_quiet(|mv| {
    ///     quiet.push(mv);
    ///     true
    /// }));
    /// assert_eq!(quiet, start.quiets().as_slice());
    /// assert_eq!(quiet.len(), 20);
    /// let mut calls = 0;
    /// assert!(!start.for_each_quiet(|_| {
    ///     calls += 1;
    ///     calls < 3
    /// }));
    /// assert_eq!(calls, 3);
    /// ```
    #[inline]
    pub fn for_each_quiet(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate::<_, QUIET>(&mut each, Bitboard::FULL, Bitboard::FULL);
        !each.stopped
    }

    /// True when the side to move has a legal move; stops at the first.
    ///
    /// ```
    /// use magicboard::Board;
    /// assert!(Board::startpos().has_legal_moves());
    /// // Stalemate: the black king on a8 has no move.
    /// let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
    /// assert!(!stalemate.has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate_legal(&mut any);
        any.0
    }
}
