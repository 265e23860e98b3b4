//! The generator's castling cases (`fast::Castling`, chosen at compile
//! time by perft's walk) against the general one, on every position of
//! the published suites and every position two plies below.

use super::fast::{ANY_CASTLING, Castling, NO_CASTLING, STANDARD_CASTLES, STANDARD_CASTLING};
use crate::attacks::{Native, castling_squares};
use crate::board::Board;
use crate::castling::back_rank;
use crate::castling::{CastlingMode, CastlingSide};
use crate::color::Color;
use crate::moves::MoveList;
use crate::square::{File, Square};

/// Standard chess's constant castling squares are those the tables give
/// for a king on the e-file and rooks on the a- and h-files.
#[test]
fn standard_castles_are_the_tables_squares() {
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            let rook_file = match side {
                CastlingSide::KingSide => File::H,
                CastlingSide::QueenSide => File::A,
            };
            let (empty, king) = castling_squares(color, File::E, rook_file);
            let rook = Square::new(rook_file, back_rank(color));
            let expected = (empty, king, rook);
            assert_eq!(STANDARD_CASTLES[color.index()][side.index()], expected);
        }
    }
}

fn moves<const C: Castling>(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    board.generate_legal_with::<Native, _, C>(&mut list);
    list
}

/// Checks `board` and the positions `depth` plies below it; counts the
/// boards with standard rights, and those with none.
fn check(board: &Board, depth: u32, counts: &mut [u64; 2]) {
    let any = moves::<ANY_CASTLING>(board);
    if board.castling_is_standard() {
        assert_eq!(moves::<STANDARD_CASTLING>(board), any, "{board:?}");
        counts[usize::from(board.castling_rights().is_empty())] += 1;
    }
    if board.castling_rights().is_empty() {
        assert_eq!(moves::<NO_CASTLING>(board), any, "{board:?}");
    }
    if depth > 0 {
        for &mv in &any {
            let mut child = board.clone();
            child.make_move(mv);
            check(&child, depth - 1, counts);
        }
    }
}

/// The special cases give the general case's moves, in the same order,
/// wherever they apply: standard chess's rights (or none), and no rights.
#[test]
fn each_castling_case_gives_the_general_moves() {
    let suites = [
        (include_str!("../../tests/data/standard.epd"), false),
        (include_str!("../../tests/data/cpw.epd"), false),
        (include_str!("../../tests/data/fischer.epd"), true),
    ];
    let mut counts = [0; 2];
    for (text, chess960) in suites {
        let mode = CastlingMode::from_chess960(chess960);
        let lines = text.lines().map(str::trim);
        // Every standard position, and enough Chess960 ones for the
        // standard arrangement's neighbours.
        for line in lines.take(if chess960 { 40 } else { usize::MAX }) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fen = line.split(';').next().unwrap_or("").trim();
            let board = Board::from_fen_with(fen, mode).unwrap();
            check(&board, 2, &mut counts);
        }
    }
    assert!(counts[0] > 10_000 && counts[1] > 10_000, "{counts:?}");
}
