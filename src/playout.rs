//! Games played from a sequence of choices: what the `Arbitrary` impls
//! (feature `arbitrary`) and the proptest strategies (feature `proptest`)
//! generate. Every choice names a legal move, so any sequence of choices is
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

use crate::{Board, Game, Move, PieceKind};

/// The most plies an `Arbitrary` game plays, however long its input.
#[cfg(feature = "arbitrary")]
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
pub(crate) fn pick(board: &Board, choice: u32) -> Option<Move> {
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
/// legal.
pub(crate) fn play<E>(
    start: Board,
    plies: usize,
    mut choose: impl FnMut() -> Result<u32, E>,
) -> Result<Game, E> {
    let mut game = Game::new(start);
    for _ in 0..plies {
        let Some(mv) = pick(game.board(), choose()?) else {
            break;
        };
        if game.play(mv).is_err() {
            break; // never: `pick` returns legal moves
        }
    }
    Ok(game)
}

/// The Chess960 start position number `n` (0 to 959, Scharnagl's
/// numbering; 518 is the standard arrangement), as a Chess960 board.
/// Numbers from 960 up wrap around.
pub(crate) fn chess960_start(n: u16) -> Board {
    let mut n = usize::from(n % 960);
    let mut rank: [Option<char>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some('b');
    n /= 4;
    rank[2 * (n % 4)] = Some('b');
    n /= 4;
    let put = |rank: &mut [Option<char>; 8], mut k: usize, piece: char| {
        for square in rank.iter_mut().filter(|s| s.is_none()) {
            if k == 0 {
                *square = Some(piece);
                return;
            }
            k -= 1;
        }
    };
    put(&mut rank, n % 6, 'q');
    n /= 6;
    // The knights on two of the five empty squares: the 10 pairs in order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    put(&mut rank, b, 'n');
    put(&mut rank, a, 'n');
    for piece in ['r', 'k', 'r'] {
        put(&mut rank, 0, piece);
    }
    let black: alloc::string::String = rank.iter().map(|p| p.unwrap_or('?')).collect();
    let fen = alloc::format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        black.to_ascii_uppercase()
    );
    Board::from_fen_chess960(&fen).unwrap_or_else(|_| Board::startpos())
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
        assert_eq!(back_rank(&chess960_start(0)), "bbqnnrkr");
        assert_eq!(back_rank(&chess960_start(518)), "rnbqkbnr");
        assert_eq!(back_rank(&chess960_start(959)), "rkrnnqbb");
        let all: BTreeSet<String> = (0..960).map(|n| back_rank(&chess960_start(n))).collect();
        assert_eq!(all.len(), 960);
        assert!((0..960).all(|n| chess960_start(n).is_chess960()));
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
