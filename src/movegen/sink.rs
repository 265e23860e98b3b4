//! Where generated moves go. The generator hands moves over in bulk (a
//! piece and its destination set, a set of pawn destinations); a sink
//! counts them (perft's last ply), expands them into single moves (move
//! lists, callbacks, perft's children), or only notes that one exists.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::square::Square;

/// Receives generated moves in bulk: a counting sink adds up popcounts, a
/// list sink expands them into [`Move`]s.
pub(crate) trait Sink {
    /// Moves of the (non-pawn) piece on `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Non-promoting pawn moves to each square of `targets`, each from the
    /// square `delta` indices behind it.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each square of `targets` (four moves each), each from
    /// the square `delta` indices behind it.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One special move (en passant, castling).
    fn single(&mut self, mv: Move);
    /// True when the sink wants no more moves: the generator then returns
    /// at its next check. Constant `false` for the sinks perft uses, so
    /// the checks compile away there.
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

/// Counts moves without building them.
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += 4 * u64::from(targets.count());
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Notes whether any move exists, and stops the generator at the first.
pub(crate) struct Any(pub(crate) bool);

impl Sink for Any {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= !targets.is_empty();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32) {
        self.0 |= !targets.is_empty();
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i32) {
        self.0 |= !targets.is_empty();
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.0
    }
}

/// The square `delta` indices behind `to`: where a pawn move came from.
#[inline(always)]
pub(crate) fn behind(to: Square, delta: i32) -> Square {
    Square::from_index_masked((to.index() as i32 - delta) as u32)
}

/// A sink that takes moves one at a time: the bulk calls of [`Sink`]
/// expanded into single moves (promotions into all four pieces).
pub(crate) trait EachMove {
    /// One generated move.
    fn each(&mut self, mv: Move);
    /// True when no more moves are wanted (see [`Sink::stopped`]).
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

impl<T: EachMove> Sink for T {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.each(Move::new(from, to, None));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.each(Move::new(behind(to, delta), to, None));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = behind(to, delta);
            for kind in PieceKind::PROMOTIONS {
                self.each(Move::new(from, to, Some(kind)));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.each(mv);
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        EachMove::stopped(self)
    }
}

impl EachMove for MoveList {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Calls `f` on each move until it returns `false`.
pub(crate) struct ForEach<F> {
    pub(crate) f: F,
    pub(crate) stopped: bool,
}

impl<F: FnMut(Move) -> bool> EachMove for ForEach<F> {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        if !self.stopped && !(self.f)(mv) {
            self.stopped = true;
        }
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.stopped
    }
}
