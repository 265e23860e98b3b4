//! The probing search: captures resolved before a table is read, en
//! passant handled apart (the tables hold positions without en passant
//! rights), DTZ completed by a one-ply search where a table stores only
//! the other side to move.
//!
//! Values are python-chess's (`chess.syzygy`), which follows the format's
//! author: WDL -2 (loss) to 2 (win), 1 and -1 for wins and losses that the
//! fifty-move rule turns into draws; DTZ in plies to the next capture or
//! pawn move with the same sign, beyond 100 in magnitude when the
//! fifty-move rule draws the game.

use crate::Tablebase;
use crate::error::{ProbeError, TableKind};
use crate::material::{KVK_KEY, Material, board_keys};
use magicboard::{Board, Move, PieceKind};

/// DTZ of a position whose best move zeroes the fifty-move counter, by
/// WDL + 2.
pub(crate) const WDL_TO_DTZ: [i32; 5] = [-1, -101, 0, 101, 1];

/// `WDL_TO_DTZ` for a WDL value.
#[inline]
pub(crate) fn dtz_before_zeroing(wdl: i8) -> i32 {
    WDL_TO_DTZ[(wdl + 2) as usize]
}

/// True when the move captures or moves a pawn.
#[inline]
pub(crate) fn is_zeroing(board: &Board, mv: Move) -> bool {
    board.is_capture(mv) || board.moved(mv) == Some(PieceKind::Pawn)
}

impl Tablebase {
    /// The WDL table's value for `board`, captures not considered.
    #[inline]
    fn probe_wdl_table(&self, board: &Board) -> Result<i8, ProbeError> {
        let (key, _) = board_keys(board);
        if key == KVK_KEY {
            return Ok(0);
        }
        let entry = self
            .entry(key)
            .ok_or_else(|| missing(board, TableKind::Wdl))?;
        let table = entry
            .wdl
            .table(TableKind::Wdl)
            .ok_or_else(|| missing(board, TableKind::Wdl))??;
        Ok(table.probe_wdl(board, key)?)
    }

    /// The DTZ table's value for `board` (whose WDL is `wdl`), or `None`
    /// when the table stores the other side to move.
    fn probe_dtz_table(&self, board: &Board, wdl: i8) -> Result<Option<i32>, ProbeError> {
        let (key, _) = board_keys(board);
        let entry = self
            .entry(key)
            .ok_or_else(|| missing(board, TableKind::Dtz))?;
        let table = entry
            .dtz
            .table(TableKind::Dtz)
            .ok_or_else(|| missing(board, TableKind::Dtz))??;
        Ok(table.probe_dtz(board, key, wdl)?)
    }

    /// Alpha-beta over captures (en passant excluded) and then the table:
    /// the value in `alpha..=beta` terms, and whether a capture decides it
    /// (a capture wins, or gains at least what the table gives, above 0).
    pub(crate) fn probe_ab(
        &self,
        board: &Board,
        mut alpha: i8,
        beta: i8,
    ) -> Result<(i8, bool), ProbeError> {
        let them = board.colored(!board.side_to_move());
        let mut failed = None;
        let mut cut = None;
        board.for_each_capture(|mv| {
            if !them.contains(mv.to()) {
                return true; // a promotion without capture, or en passant
            }
            let child = board.play_unchecked(mv);
            match self.probe_ab(&child, -beta, -alpha) {
                Ok((v, _)) => {
                    let v = -v;
                    if v > alpha {
                        if v >= beta {
                            cut = Some(v);
                            return false;
                        }
                        alpha = v;
                    }
                    true
                }
                Err(err) => {
                    failed = Some(err);
                    false
                }
            }
        });
        if let Some(err) = failed {
            return Err(err);
        }
        if let Some(v) = cut {
            return Ok((v, true));
        }
        let v = self.probe_wdl_table(board)?;
        if alpha >= v {
            Ok((alpha, alpha > 0))
        } else {
            Ok((v, false))
        }
    }

    /// The best value the legal en passant captures give (-3 with none).
    fn best_en_passant(&self, board: &Board) -> Result<i8, ProbeError> {
        if board.en_passant().is_none() {
            return Ok(-3);
        }
        let mut moves = [Move::default(); 2];
        let mut n = 0;
        board.for_each_capture(|mv| {
            if board.is_en_passant(mv) && n < 2 {
                moves[n] = mv;
                n += 1;
            }
            true
        });
        let mut best = -3;
        for &mv in &moves[..n] {
            let (v, _) = self.probe_ab(&board.play_unchecked(mv), -2, 2)?;
            best = best.max(-v);
        }
        Ok(best)
    }

    /// True when every legal move is an en passant capture (without en
    /// passant the position would be stalemate).
    fn only_en_passant(board: &Board) -> bool {
        board.for_each_legal(|mv| board.is_en_passant(mv))
    }

    /// WDL of `board` (-2..=2), en passant included.
    pub(crate) fn wdl(&self, board: &Board) -> Result<i8, ProbeError> {
        let (mut v, _) = self.probe_ab(board, -2, 2)?;
        let v1 = self.best_en_passant(board)?;
        if v1 > -3 && (v1 >= v || (v == 0 && Self::only_en_passant(board))) {
            v = v1;
        }
        Ok(v)
    }

    /// DTZ of `board` as if it had no en passant rights.
    fn dtz_no_ep(&self, board: &Board) -> Result<i32, ProbeError> {
        let (wdl, by_capture) = self.probe_ab(board, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if by_capture {
            return Ok(dtz_before_zeroing(wdl));
        }
        let us = board.colored(board.side_to_move());
        let empty = !board.occupied();
        if wdl > 0 {
            // A pawn move that keeps the win zeroes the counter at once.
            let pawns = us & board.pieces(PieceKind::Pawn);
            for mv in board.legal_moves_masked(pawns, empty) {
                if board.is_en_passant(mv) {
                    continue;
                }
                if -self.wdl(&board.play_unchecked(mv))? == wdl {
                    return Ok(if wdl == 2 { 1 } else { 101 });
                }
            }
        }
        if let Some(dtz) = self.probe_dtz_table(board, wdl)? {
            return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { dtz } else { -dtz });
        }
        // The table stores the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            let pieces = us & !board.pieces(PieceKind::Pawn);
            for mv in board.legal_moves_masked(pieces, empty) {
                let child = board.play_unchecked(mv);
                let v = -self.dtz(&child)?;
                if v == 1 && child.is_checkmate() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for mv in board.legal_moves() {
                let child = board.play_unchecked(mv);
                let v = if is_zeroing(board, mv) {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.probe_ab(&child, 1, 2)?;
                        if v == 2 { 0 } else { -101 }
                    }
                } else {
                    -self.dtz(&child)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// DTZ of `board`, en passant included.
    pub(crate) fn dtz(&self, board: &Board) -> Result<i32, ProbeError> {
        let mut v = self.dtz_no_ep(board)?;
        let v1 = self.best_en_passant(board)?;
        if v1 > -3 {
            let v1 = dtz_before_zeroing(v1);
            let replace = if v < -100 {
                v1 >= 0
            } else if v < 0 {
                !(-100..0).contains(&v1)
            } else if v > 100 {
                v1 > 0
            } else if v > 0 {
                v1 == 1
            } else {
                v1 >= 0 || Self::only_en_passant(board)
            };
            if replace {
                v = v1;
            }
        }
        Ok(v)
    }
}

/// The missing-table error for the material on `board`.
#[cold]
fn missing(board: &Board, kind: TableKind) -> ProbeError {
    ProbeError::MissingTable {
        material: Material::from_board(board).normalized(),
        kind,
    }
}
