//! Root move ranking for engines: every legal move with its WDL and DTZ
//! from the root, ranked so that the best keep the result under the
//! fifty-move rule (Fathom's `tb_probe_root`, Stockfish's root probe).

use crate::probe::{WDL_TO_DTZ, is_zeroing};
use crate::{Dtz, ProbeError, Tablebase, Wdl};
use magicboard::{Board, Move};

/// A legal move at the root with what the tables say of it, for the side
/// to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The result if this move is played, the board's fifty-move counter
    /// taken into account ([`Wdl::from_dtz`] of `dtz` and the counter;
    /// from [`Tablebase::root_moves_wdl`], the WDL after the move as if the
    /// counter were zero).
    pub wdl: Wdl,
    /// DTZ counted from the root, this move included: `1` for a mate or a
    /// winning capture or pawn move, `n + 1` for a move to a position
    /// whose opponent has DTZ `-n`. `None` from
    /// [`Tablebase::root_moves_wdl`].
    pub dtz: Option<Dtz>,
    /// Higher is better. With DTZ: 1000 for a win within the fifty-move
    /// rule, `1000 - (dtz + counter)` for a win the rule endangers, 0 for
    /// a draw, -1000 for a loss, `-1000 + (-dtz + counter)` for a loss the
    /// rule may save. With WDL only: 1000, 899, 0, -899, -1000 for win,
    /// cursed win, draw, blessed loss, loss.
    pub rank: i32,
}

impl Tablebase {
    /// Every legal move with its result and DTZ from the root, best first:
    /// by [`RootMove::rank`], then, among equals, the shortest win or the
    /// longest loss first (the order of generation otherwise). The
    /// board's halfmove clock is the fifty-move counter. Moves ranked as
    /// the first keep the root's result; an engine can search only those.
    ///
    /// Allocates the list (a root call, not one for the search).
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_dtz`], for the positions after each move.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{Tablebase, Wdl};
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    /// let moves = tables.root_moves(&board).unwrap();
    /// assert_eq!(moves.len(), board.legal_moves().len());
    /// assert_eq!(moves[0].rank, 1000);
    /// // The rook move Rd2+ or Rd8 ... keep the win; Ka2 and Kb1?? do not lose it
    /// // either, but they come later; no move loses here.
    /// assert!(moves.iter().all(|m| m.wdl >= Wdl::Draw));
    /// ```
    pub fn root_moves(&self, board: &Board) -> Result<Vec<RootMove>, ProbeError> {
        self.check(board)?;
        let clock = board.halfmove_clock().min(1000) as i32;
        let mut moves = Vec::new();
        for mv in board.legal_moves() {
            let child = board.play_unchecked(mv);
            let mut v = if is_zeroing(board, mv) {
                WDL_TO_DTZ[(2 - self.wdl(&child)?) as usize]
            } else {
                let d = -self.dtz(&child)?;
                d + d.signum()
            };
            if v == 2 && child.is_checkmate() {
                v = 1;
            }
            let rank = if v > 0 {
                if v + clock <= 99 {
                    1000
                } else {
                    1000 - (v + clock)
                }
            } else if v < 0 {
                if -v * 2 + clock < 100 {
                    -1000
                } else {
                    -1000 + (-v + clock)
                }
            } else {
                0
            };
            moves.push(RootMove {
                mv,
                wdl: Wdl::from_dtz(Dtz(v), clock as u32),
                dtz: Some(Dtz(v)),
                rank,
            });
        }
        moves.sort_by_key(|m| (-m.rank, m.dtz.map_or(0, |d| d.0)));
        Ok(moves)
    }

    /// Every legal move ranked by WDL alone, for when DTZ tables are
    /// missing (Fathom's `tb_probe_root_wdl`): best first, the order of
    /// generation among equals. [`RootMove::dtz`] is `None`.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_wdl`], for the positions after each move.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{Tablebase, Wdl};
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// // Black takes the rook or loses.
    /// let board = Board::from_fen("8/8/8/8/8/8/2kR4/K7 b - - 0 1").unwrap();
    /// let moves = tables.root_moves_wdl(&board).unwrap();
    /// assert_eq!(board.to_uci(moves[0].mv).to_string(), "c2d2");
    /// assert_eq!(moves[0].wdl, Wdl::Draw);
    /// assert_eq!(moves.last().unwrap().wdl, Wdl::Loss);
    /// ```
    pub fn root_moves_wdl(&self, board: &Board) -> Result<Vec<RootMove>, ProbeError> {
        self.check(board)?;
        let mut moves = Vec::new();
        for mv in board.legal_moves() {
            let wdl = -Wdl::from_i8(self.wdl(&board.play_unchecked(mv))?);
            let rank = [-1000, -899, 0, 899, 1000][(wdl.value() + 2) as usize];
            moves.push(RootMove {
                mv,
                wdl,
                dtz: None,
                rank,
            });
        }
        moves.sort_by_key(|m| -m.rank);
        Ok(moves)
    }

    /// The move the tables recommend: the first of
    /// [`Tablebase::root_moves`] (the fastest win that the fifty-move
    /// rule allows, the longest resistance, or a move that keeps the
    /// draw). `None` when there is no legal move.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::root_moves`].
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{Dtz, Tablebase, Wdl};
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// let mate_in_one = Board::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
    /// let best = tables.best_move(&mate_in_one).unwrap().unwrap();
    /// assert_eq!(mate_in_one.to_uci(best.mv).to_string(), "h1h8");
    /// assert_eq!((best.wdl, best.dtz), (Wdl::Win, Some(Dtz(1))));
    /// let stalemate = Board::from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(tables.best_move(&stalemate).unwrap(), None);
    /// ```
    pub fn best_move(&self, board: &Board) -> Result<Option<RootMove>, ProbeError> {
        Ok(self.root_moves(board)?.into_iter().next())
    }
}
