//! Games played from a sequence of choices (feature `arbitrary`): what the
//! `Arbitrary` impls and the proptest strategies of the test kit crate
//! (`magicboard-testkit`) generate. Every choice names a legal move, so any sequence of choices is
//! a legal game, and a shorter sequence is a shorter game.
//!
//! A choice is a point on a ring of `u32` values; each legal move owns a
//! few points of its own, fixed by the move alone (from, to, promotion),
//! and the choice picks the move owning the next point round the ring. So
//! the odds are weighted by the number of points, which favours what breaks
//! generators (en passant and the double steps that allow it, castling,
//! promotions, captures, checks), and, since a move's points do not depend
//! on the position, a choice keeps picking the same move wherever that move
//! is still legal. Dropping one choice of a game (as shrinking and fuzzers'
//! mutations do) then changes little of the rest of the game, which lets a
//! failing game shrink far.

use crate::board::Board;
use crate::game::Game;
use crate::moves::Move;
use crate::piece::PieceKind;

/// The most plies an `Arbitrary` game plays, however long its input.
pub(crate) const MAX_PLIES: usize = 300;

/// How many slots a move gets when a choice picks among the legal moves.
fn weight(board: &Board, mv: Move) -> u32 {
    let after = board.play_unchecked(mv);
    let pawn = board.kind_on(mv.from()) == Some(PieceKind::Pawn);
    let en_passant = pawn && board.en_passant() == Some(mv.to());
    let capture = !mv.is_castle() && board.piece_on(mv.to()).is_some();
    1 + 16 * u32::from(en_passant)
        + 4 * u32::from(capture)
        + 16 * u32::from(mv.is_castle())
        + 8 * u32::from(mv.promotion().is_some())
        + 4 * u32::from(after.in_check())
        // Pawns marching on, toward promotions.
        + 2 * u32::from(pawn && !capture)
        // A double step next to an enemy pawn (the board keeps an
        // en-passant square only then).
        + 8 * u32::from(after.en_passant().is_some())
}

/// The `i`-th point of `mv` on the ring (a SplitMix64 mix of the move's
/// bits).
fn point(mv: Move, i: u32) -> u32 {
    let mut z = (u64::from(mv.to_bits()) << 8 | u64::from(i)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as u32
}

/// The legal move `choice` picks on `board` (see the module docs); `None`
/// when there is no legal move.
///
/// ```
/// use magicboard::{playout, Board};
/// let board = Board::startpos();
/// let mv = playout::pick(&board, 12345).unwrap();
/// assert!(board.legal_moves().contains(&mv));
/// // The same choice, the same move.
/// assert_eq!(playout::pick(&board, 12345), Some(mv));
/// ```
pub fn pick(board: &Board, choice: u32) -> Option<Move> {
    let mut best: Option<(u32, Move)> = None;
    for mv in board.legal_moves() {
        for i in 0..weight(board, mv) {
            let distance = point(mv, i).wrapping_sub(choice);
            if best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, mv));
            }
        }
    }
    best.map(|(_, mv)| mv)
}

/// A game of at most `plies` moves from `start`, each picked (see
/// [`pick`]) by the choice `choose` returns; it ends early where no move is
/// legal. An error from `choose` ends the game and is returned.
///
/// ```
/// use magicboard::{playout, Board};
/// use std::convert::Infallible;
/// let mut choices = [7u32, 99, 3_000_000_000, 42].into_iter().cycle();
/// let game = playout::play(Board::startpos(), 10, || Ok::<_, Infallible>(choices.next().unwrap()))
///     .unwrap();
/// assert_eq!(game.moves().len(), 10);
/// assert!(game.board().is_consistent());
/// ```
pub fn play<E>(
    start: Board,
    plies: usize,
    mut choose: impl FnMut() -> Result<u32, E>,
) -> Result<Game, E> {
    let mut game = Game::new(start);
    for _ in 0..plies {
        let Some(mv) = pick(game.board(), choose()?) else {
            break;
        };
        if game.push(mv).is_err() {
            break; // never: `pick` returns legal moves
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeSet;
    use alloc::string::{String, ToString};

    fn back_rank(board: &Board) -> String {
        board.to_fen().split('/').next().unwrap().into()
    }

    #[test]
    fn chess960_numbering() {
        // Scharnagl's numbering, as published: 0 is BBQNNRKR, 518 the
        // standard arrangement, 959 RKRNNQBB.
        assert_eq!(back_rank(&Board::chess960_startpos(0).unwrap()), "bbqnnrkr");
        assert_eq!(
            back_rank(&Board::chess960_startpos(518).unwrap()),
            "rnbqkbnr"
        );
        assert_eq!(
            back_rank(&Board::chess960_startpos(959).unwrap()),
            "rkrnnqbb"
        );
        let all: BTreeSet<String> = (0..960)
            .map(|n| back_rank(&Board::chess960_startpos(n).unwrap()))
            .collect();
        assert_eq!(all.len(), 960);
        assert!((0..960).all(|n| Board::chess960_startpos(n).unwrap().is_chess960()));
    }

    #[test]
    fn every_choice_is_a_legal_move_and_the_odds_favour_tactics() {
        // After 1.e4 d5 White has exd5 among 31 moves: it owns 5 points of
        // the ring, of about 70 (a pawn push 3, a piece move 1, Bb5+ 5).
        let board = Board::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            .unwrap();
        let moves = board.legal_moves();
        let mut captures = 0;
        let n = 20_000u32;
        for k in 0..n {
            let mv = pick(&board, k.wrapping_mul(0x9e37_79b9)).unwrap();
            assert!(moves.contains(&mv));
            captures += u32::from(mv.to_string() == "e4d5");
        }
        let share = f64::from(captures) / f64::from(n);
        assert!((0.03..0.2).contains(&share), "{share}");
    }

    #[test]
    fn a_choice_keeps_its_move_where_that_move_is_legal() {
        // Nf3 is legal from the start and after 1.e4 e5: the choices that
        // pick it in one position pick it in the other.
        let start = Board::startpos();
        let later = Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            .unwrap();
        let nf3 = start.parse_uci("g1f3").unwrap();
        let (mut picked, mut kept) = (0, 0);
        for k in 0..20_000u32 {
            let choice = k.wrapping_mul(0x9e37_79b9);
            if pick(&start, choice) == Some(nf3) {
                picked += 1;
                // Lost only to a move with a point between: one legal only
                // later, or one with more points there.
                kept += u32::from(pick(&later, choice) == Some(nf3));
            }
        }
        assert!(picked > 50, "{picked}");
        assert!(kept * 10 >= picked * 6, "{kept} of {picked}");
    }
}
