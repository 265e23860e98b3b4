//! Static exchange evaluation (SEE): what a move wins or loses in material
//! once both sides have captured on its destination square for as long as
//! capturing pays, each with its least valuable piece.
//!
//! # The definition
//!
//! The move is made. Then the side to move may capture on the destination
//! square or stop; each capture is made with the least valuable piece that
//! can **legally** capture there (kind order pawn, knight, bishop, rook,
//! queen, king; among pieces of one kind, the lowest square, a1 = 0), a
//! pawn reaching the last rank promoting to a queen. Each side stops when
//! capturing would lose. The result is the material balance for the side
//! that made the move: captured values plus promotion gains, less what it
//! lost.
//!
//! Legality makes the details exact: sliders behind a capturer join in
//! (x-rays) as the pieces in front leave; a piece pinned to its king cannot
//! capture unless the pin has gone; the king captures last, and only onto a
//! square no longer defended. En passant is a capture of a pawn. Castling
//! and non-moves are worth 0. For a move that is not legal the value is
//! unspecified (but there is no panic).
//!
//! The values are [`SEE_VALUES`] (pawn 100, knight and bishop 300, rook
//! 500, queen 900), or any others through [`Board::see_with`].
//!
//! ```
//! use magicboard::Board;
//! // The pawn on d5 is defended by the pawn on e6 and attacked by the
//! // knight on c3 and the rook on d1.
//! let board = Board::from_fen("4k3/8/4p3/3p4/8/2N5/8/3RK3 w - - 0 1").unwrap();
//! let nxd5 = board.parse_uci("c3d5").unwrap();
//! // Nxd5 exd5 Rxd5: won a pawn twice, lost a knight: 100 + 100 - 300.
//! assert_eq!(board.see(nxd5), -100);
//! assert!(board.see_ge(nxd5, -100));
//! assert!(!board.see_ge(nxd5, 0));
//! ```

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::{Rank, Square};

/// The piece values of [`Board::see`], indexed by [`PieceKind::index`]:
/// pawn 100, knight 300, bishop 300, rook 500, queen 900, king 20,000
/// (the king is never captured in a legal exchange; the value only has to
/// be large).
///
/// ```
/// use magicboard::{see::SEE_VALUES, PieceKind};
/// assert_eq!(SEE_VALUES[PieceKind::Rook.index()], 500);
/// ```
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// One exchange on one square, capture by capture.
struct Exchange<'a> {
    board: &'a Board,
    values: &'a [i32; 6],
    target: Square,
    /// Occupancy now: pieces that captured have left their squares.
    occupied: Bitboard,
    /// Original squares of pieces that are no longer there (moved onto the
    /// target, or captured); the board's bitboards still list them there.
    gone: Bitboard,
    /// Each side's king square now.
    kings: [Square; 2],
    /// The side to capture next.
    side: Color,
    /// The value of the piece standing on the target.
    on_target: i32,
}

impl Exchange<'_> {
    /// The next capture on the target, if the side to move has a legal one:
    /// what it gains (the piece taken, plus a promotion's gain).
    fn next_capture(&mut self) -> Option<i32> {
        let side = self.side;
        let board = self.board;
        let attackers =
            board.attackers_to_with(self.target, side, self.occupied) & !self.gone & self.occupied;
        if attackers.is_empty() {
            return None;
        }
        for kind in PieceKind::ALL {
            for from in attackers & board.colored_pieces(side, kind) {
                if self.is_legal_capture(from, kind) {
                    return Some(self.capture(from, kind));
                }
            }
        }
        None
    }

    /// True when `side`'s piece of `kind` on `from` may capture on the
    /// target: its king is not attacked afterwards.
    fn is_legal_capture(&self, from: Square, kind: PieceKind) -> bool {
        let side = self.side;
        let king = if kind == PieceKind::King {
            self.target
        } else {
            self.kings[side.index()]
        };
        let occupied = self.occupied.without(from);
        // The piece on the target is being taken; gone pieces are gone.
        let removed = self.gone.with(self.target);
        (self.board.attackers_to_with(king, !side, occupied) & !removed).is_empty()
    }

    /// Makes the capture by `side`'s `kind` from `from`; returns its gain.
    fn capture(&mut self, from: Square, kind: PieceKind) -> i32 {
        let promotes = kind == PieceKind::Pawn && self.target.rank() == promotion_rank(self.side);
        let gain = self.on_target
            + if promotes {
                self.promotion_gain(PieceKind::Queen)
            } else {
                0
            };
        self.on_target = self.values[if promotes { PieceKind::Queen } else { kind }.index()];
        self.occupied = self.occupied.without(from);
        self.gone = self.gone.with(from);
        if kind == PieceKind::King {
            self.kings[self.side.index()] = self.target;
        }
        self.side = !self.side;
        gain
    }

    fn promotion_gain(&self, to: PieceKind) -> i32 {
        self.values[to.index()] - self.values[PieceKind::Pawn.index()]
    }
}

/// The rank where `color`'s pawns promote.
fn promotion_rank(color: Color) -> Rank {
    Rank::Eighth.relative_to(color)
}

/// # Static exchange evaluation
///
/// What a move wins or loses in material once both sides have captured on
/// its destination square for as long as capturing pays; the [`see`
/// module](crate::see) gives the exact definition.
impl Board {
    /// The exchange after `mv`, which is made, and what `mv` itself gains;
    /// `None` for castling and non-moves (worth 0).
    fn exchange<'a>(&'a self, mv: Move, values: &'a [i32; 6]) -> Option<(Exchange<'a>, i32)> {
        let kind = self.moved(mv).filter(|_| !mv.is_castle())?;
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let captured = self.captured(mv).map_or(0, |k| values[k.index()]);
        let mut exchange = Exchange {
            board: self,
            values,
            target: to,
            occupied: self.occupied().without(from).with(to),
            gone: from.bitboard(),
            kings: [self.king(Color::White), self.king(Color::Black)],
            side: !us,
            on_target: values[mv.placed_kind(kind).index()],
        };
        if let Some(victim) = self.capture_square(mv).filter(|&sq| sq != to) {
            exchange.occupied = exchange.occupied.without(victim);
            exchange.gone = exchange.gone.with(victim);
        }
        if kind == PieceKind::King {
            exchange.kings[us.index()] = to;
        }
        let promotion = (mv.placed_kind(kind) != kind).then(|| mv.placed_kind(kind));
        let gain = captured + promotion.map_or(0, |p| exchange.promotion_gain(p));
        Some((exchange, gain))
    }

    /// The static exchange evaluation of `mv` with [`SEE_VALUES`]: see the
    /// [module documentation](crate::see) for the exact definition.
    ///
    /// ```
    /// use magicboard::Board;
    /// // Rxe5 takes a pawn defended by the d6 pawn: 100 - 500.
    /// let board = Board::from_fen("4k3/8/3p4/4p3/8/8/8/K3R3 w - - 0 1").unwrap();
    /// assert_eq!(board.see(board.parse_uci("e1e5").unwrap()), -400);
    /// // With the d6 pawn pinned to its king on a6 by the rook on h6, it
    /// // cannot recapture: Rxe5 wins the pawn.
    /// let pinned = Board::from_fen("8/8/k2p3R/4p3/8/8/8/K3R3 w - - 0 1").unwrap();
    /// assert_eq!(pinned.see(pinned.parse_uci("e1e5").unwrap()), 100);
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        self.see_with(mv, &SEE_VALUES)
    }

    /// [`Board::see`] with other piece values (indexed by
    /// [`PieceKind::index`]).
    ///
    /// # Panics
    ///
    /// Only with values far beyond any engine's, and only in builds with
    /// overflow checks (debug builds): when the exchange's running balance
    /// overflows an `i32`, which values within ±20,000,000 never make it
    /// do. Other builds then return an unspecified number.
    ///
    /// ```
    /// use magicboard::Board;
    /// // Nxd5 exd5: with a knight worth 320 the trade loses 220.
    /// let board = Board::from_fen("4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
    /// let nxd5 = board.parse_uci("c3d5").unwrap();
    /// assert_eq!(board.see_with(nxd5, &[100, 320, 330, 500, 900, 20_000]), -220);
    /// ```
    pub fn see_with(&self, mv: Move, values: &[i32; 6]) -> i32 {
        let Some((mut exchange, first)) = self.exchange(mv, values) else {
            return 0;
        };
        // The swap list: gains[d] is the balance for the side capturing at
        // step d if the exchange stopped right after it.
        let mut gains = [0i32; 34];
        gains[0] = first;
        let mut depth = 0;
        while depth + 1 < gains.len() {
            let Some(gain) = exchange.next_capture() else {
                break;
            };
            depth += 1;
            gains[depth] = gain - gains[depth - 1];
        }
        // Each side stops when capturing would lose.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// True when [`Board::see`] of `mv` is at least `threshold`, decided
    /// with as few captures as the bounds allow (a capture of a queen by a
    /// pawn is `see_ge(mv, 0)` without looking further). Search uses it to
    /// prune: `see_ge(mv, 0)` for "does not lose material".
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/4p3/3p4/8/2N5/8/3RK3 w - - 0 1").unwrap();
    /// let nxd5 = board.parse_uci("c3d5").unwrap();
    /// let rxd5 = board.parse_uci("d1d5").unwrap();
    /// assert_eq!((board.see(nxd5), board.see(rxd5)), (-100, -300));
    /// assert!(board.see_ge(nxd5, -100) && !board.see_ge(nxd5, -99));
    /// assert!(!board.see_ge(rxd5, -299));
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        let Some((mut exchange, first)) = self.exchange(mv, &SEE_VALUES) else {
            return 0 >= threshold;
        };
        // see = first - R(1), where R(d) = max(0, gain(d) - R(d + 1)) is
        // what the side capturing at step d can make of the exchange
        // (0 when it has no capture). Each step turns the question "R(d) <=
        // bound?" into one about R(d + 1) and back, until a bound decides.
        let mut bound = first.saturating_sub(threshold);
        if bound < 0 {
            return false; // R(1) >= 0
        }
        let mut at_most = true; // asking "R(d) <= bound?" (else ">= bound")
        loop {
            let Some(gain) = exchange.next_capture() else {
                // R(d) = 0.
                return if at_most { true } else { bound <= 0 };
            };
            let rest = gain - bound;
            if at_most {
                // R(d) <= bound  <=>  R(d + 1) >= gain - bound.
                if rest <= 0 {
                    return true;
                }
            } else if rest < 0 {
                // R(d) >= bound > 0  <=>  R(d + 1) <= gain - bound.
                return false;
            }
            bound = rest;
            at_most = !at_most;
        }
    }
}
