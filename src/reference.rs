//! The reference oracles (feature `reference`): slow, obviously correct
//! statements of the rules that the fast paths are tested against.
//!
//! - **Legality by make/unmake.** [`Board::pseudo_legal_moves`] lists the
//!   moves each piece can make by its movement rules, and
//!   [`Board::legal_moves_by_make_unmake`] keeps those that, once made, do
//!   not leave the mover's king attacked: the definition of a legal move.
//!   [`Board::legal_moves`] must agree with it on every position, and the
//!   tests check that it does (the perft suites, random games, fuzzing).
//! - **Attacks by walking rays.** The functions below compute attack sets
//!   square by square on plain indices (`a1` = 0 ... `h8` = 63) and `u64`
//!   sets. `build.rs` checks every entry of the magic tables against them
//!   before writing the tables, and the tests check [`crate::attacks`]
//!   against them again. They are far too slow for move generation.
//!
//! ```
//! use magicboard::{attacks, reference, Board, Square};
//!
//! let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
//! let mut fast = board.legal_moves();
//! let mut slow = board.legal_moves_by_make_unmake();
//! fast.sort();
//! slow.sort();
//! assert_eq!(fast, slow);
//!
//! let occupied = board.occupied();
//! assert_eq!(
//!     reference::rook_attacks(Square::E7.index(), occupied.0),
//!     attacks::rook_attacks(Square::E7, occupied).0,
//! );
//! ```
//!
//! [`Board::pseudo_legal_moves`]: crate::Board::pseudo_legal_moves
//! [`Board::legal_moves_by_make_unmake`]: crate::Board::legal_moves_by_make_unmake
//! [`Board::legal_moves`]: crate::Board::legal_moves

pub use crate::geometry::{
    BISHOP_DIRECTIONS, CASTLING_DESTINATION_FILES, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS,
    between, bishop_attacks, castling_destinations, castling_paths, king_attacks, knight_attacks,
    line, offset, pawn_attacks, relevant_mask, rook_attacks, sliding_attacks, step_attacks,
};

use crate::perft::PerftStats;
use crate::{Bitboard, Board};

/// Perft statistics by the rules' definitions, slowly: every move from
/// [`Board::legal_moves_by_make_unmake`] made and taken back, every leaf
/// made and asked who checks ([`Board::checkers`]) and whether the
/// opponent has a legal move (again by make/unmake). The fast count,
/// [`Perft::stats`](crate::Perft::stats), answers the same questions
/// without making its leaves, and the tests check that the two agree.
///
/// ```
/// use magicboard::{reference, Board, Perft};
/// let kiwipete = Board::from_fen(
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
/// )?;
/// assert_eq!(reference::perft_stats(&kiwipete, 2), Perft::new(2).stats(&kiwipete)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_stats(board: &Board, depth: u32) -> PerftStats {
    let mut board = board.clone();
    let mut stats = PerftStats::default();
    if depth == 0 {
        stats.nodes = 1;
    } else {
        reference_walk(&mut board, depth, &mut stats);
    }
    stats
}

fn reference_walk(board: &mut Board, depth: u32, stats: &mut PerftStats) {
    for mv in board.legal_moves_by_make_unmake() {
        let capture = board.is_capture(mv);
        let en_passant = board.is_en_passant(mv);
        let undo = board.make_move(mv);
        if depth > 1 {
            reference_walk(board, depth - 1, stats);
        } else {
            stats.nodes += 1;
            stats.captures += u128::from(capture);
            stats.en_passant += u128::from(en_passant);
            stats.castles += u128::from(mv.is_castle());
            stats.promotions += u128::from(mv.is_promotion());
            let checkers = board.checkers();
            if !checkers.is_empty() {
                // The squares the move put its pieces on.
                let placed = if mv.is_castle() {
                    let (king, rook) = mv.castle_destinations();
                    Bitboard::EMPTY.with(king).with(rook)
                } else {
                    Bitboard::EMPTY.with(mv.to())
                };
                stats.checks += 1;
                if checkers.count() > 1 {
                    stats.double_checks += 1;
                } else if (checkers & placed).is_empty() {
                    stats.discovered_checks += 1;
                }
                if board.legal_moves_by_make_unmake().is_empty() {
                    stats.checkmates += 1;
                }
            }
        }
        board.unmake_move(mv, undo);
    }
}
