//! `magicboard_testkit::diverge::find` against deliberately broken generators (the
//! test doubles of the perft tool's `examples/broken_generator.rs`, linked
//! here as `broken_generator.rs`: en passant dropped,
//! castling through check allowed, underpromotions forgotten, each only at
//! chosen plies) and against the `chess` crate as a real second generator.
//!
//! What a test may expect: where a bug is planted is known by construction
//! (the ply, the kind of move), so the found position must be at that ply
//! and hold exactly the planted moves, and the walk must take one divide
//! call per level. Perft totals compared with a number come from the
//! published suites in `tests/data/`.

use crate::common;

#[path = "broken_generator.rs"]
#[allow(dead_code)]
mod broken;

use broken::{Broken, Bug};
use common::{SuiteEntry, cpw_suite, fischer_suite, standard_suite};
use magicboard::{Board, CastlingMode, Move, PieceKind, Square};
use magicboard_testkit::diverge::{self, Divergence, Kind, Query, Report};
use std::convert::Infallible;
use std::str::FromStr;

/// A broken generator as a [`diverge::Divider`], recording every question.
struct Double {
    broken: Broken,
    /// `(ply, depth)` of each call.
    asked: Vec<(usize, u32)>,
}

impl Double {
    fn new(bug: Bug, plies: Option<&[usize]>) -> Double {
        Double {
            broken: Broken::new(bug, plies),
            asked: Vec::new(),
        }
    }
}

impl diverge::Divider for Double {
    type Error = Infallible;

    fn divide(&mut self, q: &Query<'_>) -> Result<Vec<(String, u64)>, Infallible> {
        // It reads the moves it is sent back in its own notation, as a
        // program would, and must reach the position asked about.
        let mut board = q.root.clone();
        for (ply, text) in q.path_text.iter().enumerate() {
            let mv = self.broken.parse(&board, ply, text).expect("its own move");
            board = board.play_unchecked(mv);
        }
        assert_eq!(&board, q.board);
        assert_eq!(q.path.len(), q.path_text.len());
        let ply = q.path.len();
        self.asked.push((ply, q.depth));
        Ok(self.broken.divide(q.board, q.depth, ply))
    }
}

fn run(board: &Board, depth: u32, double: &mut Double) -> Report {
    let report = diverge::find(board, depth, double).unwrap();
    // One call per level: the root first, one ply deeper each time.
    let levels: Vec<(usize, u32)> = (0..report.calls as usize)
        .map(|ply| (ply, depth - ply as u32))
        .collect();
    assert_eq!(double.asked, levels, "{report}");
    assert!(report.calls <= depth);
    report
}

/// The position a divergence names, replayed from the root: it must be
/// the board the report holds, and every count on the way must differ.
fn check_path(root: &Board, found: &Divergence) -> Board {
    let mut board = root.clone();
    for (ply, &mv) in found.path.iter().enumerate() {
        assert!(board.is_legal(mv), "{mv:?} on {board:?}");
        let step = &found.counts[ply];
        assert_eq!(step.ply, ply);
        assert_eq!(step.uci, board.to_uci(mv).to_string());
        assert_ne!(step.magicboard, step.other);
        board = board.play_unchecked(mv);
    }
    assert_eq!(board, found.board);
    assert_eq!(found.fen(), board.to_fen());
    board
}

fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.kind_on(mv.from()) == Some(PieceKind::Pawn) && board.en_passant() == Some(mv.to())
}

/// The board's legal moves that pass `keep`, as sorted UCI text.
fn moves_where(board: &Board, keep: impl Fn(Move) -> bool) -> Vec<String> {
    let mut v: Vec<String> = board
        .legal_moves()
        .into_iter()
        .filter(|&mv| keep(mv))
        .map(|mv| board.to_uci(mv).to_string())
        .collect();
    v.sort();
    v
}

fn entry<'a>(suite: &'a [SuiteEntry], fen: &str) -> &'a SuiteEntry {
    suite.iter().find(|e| e.fen == fen).expect("in the suite")
}

const CPW3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

#[test]
fn without_a_bug_the_double_agrees_with_one_call() {
    let suites = [standard_suite(), cpw_suite()];
    for e in suites.iter().flatten().step_by(3) {
        let mut double = Double::new(Bug::None, None);
        let report = run(&e.board, 3, &mut double);
        assert!(report.agrees(), "{}: {report}", e.fen);
        if let Some(published) = e.count(3) {
            assert_eq!(u128::from(report.nodes), published, "{}", e.fen);
        }
        assert_eq!(report.other_nodes, report.nodes);
        assert_eq!(report.calls, 1);
    }
}

#[test]
fn dropped_en_passant_at_the_root() {
    // The only en-passant capture here is exf6 at the root.
    let board =
        Board::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").unwrap();
    let mut double = Double::new(Bug::EnPassant, Some(&[0]));
    let report = run(&board, 3, &mut double);
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.kind, Kind::Moves);
    assert!(found.path.is_empty());
    assert_eq!(found.only_magicboard, ["e5f6"]);
    assert!(found.only_other.is_empty() && found.repeated.is_empty());
    assert_eq!(report.calls, 1);
}

#[test]
fn dropped_en_passant_one_ply_down_has_one_answer() {
    // Only e2e4 gives Black an en-passant capture (f4xe3).
    let board = Board::from_fen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1").unwrap();
    let mut double = Double::new(Bug::EnPassant, Some(&[1]));
    let report = run(&board, 3, &mut double);
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.path_uci(), ["e2e4"]);
    assert_eq!(found.fen(), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
    assert_eq!(found.only_magicboard, ["f4e3"]);
    assert_eq!(found.depth, 2);
    assert_eq!(report.calls, 2);
    check_path(&board, &found);
}

/// Whether some position `ply` plies below `board` has a legal
/// en-passant capture.
fn en_passant_at(board: &Board, ply: usize) -> bool {
    let moves = board.legal_moves();
    if ply == 0 {
        return moves.iter().any(|&mv| is_en_passant(board, mv));
    }
    moves
        .iter()
        .any(|&mv| en_passant_at(&board.play_unchecked(mv), ply - 1))
}

#[test]
fn dropped_en_passant_at_each_ply_of_cpw_position_3() {
    // CPW position 3 is the en-passant trap: most captures there would
    // expose a king along the fourth or fifth rank. The bug bites at one
    // ply only; the walk must report a divergence exactly when some
    // position at that ply has a legal en-passant capture, at that ply,
    // missing exactly those captures.
    let root = Board::from_fen(CPW3).unwrap();
    let mut found_at = Vec::new();
    for ply in 0..=4 {
        let depth = ply as u32 + 1;
        let mut double = Double::new(Bug::EnPassant, Some(&[ply]));
        let report = run(&root, depth, &mut double);
        assert_eq!(
            u128::from(report.nodes),
            entry(&cpw_suite(), CPW3).count(depth).unwrap()
        );
        let Some(found) = report.divergence.clone() else {
            assert!(!en_passant_at(&root, ply), "ply {ply}: agreed");
            continue;
        };
        found_at.push(ply);
        assert_eq!(found.kind, Kind::Moves);
        assert_eq!(found.path.len(), ply, "{report}");
        let board = check_path(&root, &found);
        let expected = moves_where(&board, |mv| is_en_passant(&board, mv));
        assert!(!expected.is_empty());
        assert_eq!(found.only_magicboard, expected, "{report}");
        assert!(found.only_other.is_empty());
        assert_eq!(report.calls as usize, ply + 1);
    }
    // None at ply 0 (no en-passant square) or 1 (f4xe3 and f4xg3 would
    // expose Black's king to the rook on b4).
    assert_eq!(found_at, [2, 3, 4]);
}

#[test]
fn a_bug_that_never_bites_is_not_reported() {
    // No en-passant capture anywhere at ply 0 of CPW position 3, and none
    // at plies beyond the depth.
    let root = Board::from_fen(CPW3).unwrap();
    for (plies, depth) in [(&[0][..], 4), (&[4, 5][..], 4)] {
        let mut double = Double::new(Bug::EnPassant, Some(plies));
        let report = run(&root, depth, &mut double);
        assert!(report.agrees(), "{report}");
        assert_eq!(report.calls, 1);
    }
}

#[test]
fn castling_through_check_two_plies_down() {
    // R3K2R against r3k2r: Black's rooks can open an attack on f1 or d1
    // (and White's on f8, d8), so castling through check becomes possible
    // two plies in; the bug lets White castle there (ply 2 only).
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let root = Board::from_fen(fen).unwrap();
    let mut double = Double::new(Bug::CastlingThroughCheck, Some(&[2]));
    let report = run(&root, 4, &mut double);
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.kind, Kind::Moves);
    assert_eq!(found.path.len(), 2, "{report}");
    let board = check_path(&root, &found);
    assert!(found.only_magicboard.is_empty());
    assert!(!found.only_other.is_empty());
    // Each extra move is a castle the rules forbid because the king passes
    // an attacked square (d1 or f1): written the standard way, e1g1/e1c1.
    for text in &found.only_other {
        let (rook, passed) = match text.as_str() {
            "e1g1" => (Square::H1, Square::F1),
            "e1c1" => (Square::A1, Square::D1),
            other => panic!("not a castle: {other} ({report})"),
        };
        assert!(!board.is_legal(Move::castle(Square::E1, rook)));
        assert!(board.is_square_attacked(passed, !board.side_to_move()));
    }
    assert_eq!(
        u128::from(report.nodes),
        entry(&standard_suite(), fen).count(4).unwrap()
    );
}

#[test]
fn castling_through_check_on_chess960_boards() {
    // The first five Chess960 suite positions where the bug bites within
    // three plies: the extra castles are written king takes rook.
    let mut found_some = 0;
    for e in fischer_suite().iter() {
        if found_some == 5 {
            break;
        }
        let mut double = Double::new(Bug::CastlingThroughCheck, None);
        let report = run(&e.board, 3, &mut double);
        let Some(found) = report.divergence.clone() else {
            assert_eq!(u128::from(report.nodes), e.count(3).unwrap());
            continue;
        };
        found_some += 1;
        let board = check_path(&e.board, &found);
        assert!(found.only_magicboard.is_empty(), "{report}");
        let king = board.king(board.side_to_move());
        for text in &found.only_other {
            let mv = Move::castle(king, text[2..4].parse().unwrap());
            assert_eq!(board.to_uci(mv).to_string(), *text);
            assert!(!board.is_legal(mv), "{text} is legal on {board:?}");
        }
    }
    assert_eq!(found_some, 5, "only {found_some} positions with the bug");
}

#[test]
fn forgotten_underpromotions() {
    // Promotions for both sides (Ethereal's suite): White's at ply 1.
    let fen = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    let root = Board::from_fen(fen).unwrap();
    let mut double = Double::new(Bug::Underpromotion, Some(&[1]));
    let report = run(&root, 3, &mut double);
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.path.len(), 1, "{report}");
    let board = check_path(&root, &found);
    let under = |mv: Move| matches!(mv.promotion(), Some(k) if k != PieceKind::Queen);
    let expected = moves_where(&board, under);
    assert!(!expected.is_empty());
    assert_eq!(found.only_magicboard, expected);
    assert_eq!(
        u128::from(report.nodes),
        entry(&standard_suite(), fen).count(3).unwrap()
    );
}

#[test]
fn a_bug_deep_in_the_tree_takes_one_call_per_level() {
    // Kiwipete: underpromotions forgotten at ply 3 only, depth 4.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let root = Board::from_fen(fen).unwrap();
    let mut double = Double::new(Bug::Underpromotion, Some(&[3]));
    let report = run(&root, 4, &mut double);
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.path.len(), 3, "{report}");
    assert_eq!(report.calls, 4);
    let board = check_path(&root, &found);
    let under = |mv: Move| matches!(mv.promotion(), Some(k) if k != PieceKind::Queen);
    assert_eq!(found.only_magicboard, moves_where(&board, under));
    assert_eq!(
        u128::from(report.nodes),
        entry(&cpw_suite(), fen).count(4).unwrap()
    );
    assert!(report.other_nodes < report.nodes);
}

#[test]
fn both_castling_notations_are_accepted() {
    // Standard boards: king takes rook (e1h1) is read as castling too.
    let kiwipete = &cpw_suite()[1];
    let mut double = Double::new(Bug::None, None);
    double.broken.castling = Some(CastlingMode::Chess960);
    let report = run(&kiwipete.board, 3, &mut double);
    assert!(report.agrees(), "{report}");
    assert_eq!(u128::from(report.nodes), kiwipete.count(3).unwrap());

    // Chess960 boards: the king's destination square (as on standard
    // boards) is read as castling wherever it names no other legal move.
    // Where it does (say the king on f1 and its rook on h1, where f1g1 is
    // also a king step) the text is taken as the king step, and the
    // castle is reported as missing and its text as listed twice.
    let mut ambiguous = 0;
    for e in fischer_suite().iter().step_by(8) {
        let mut double = Double::new(Bug::None, None);
        double.broken.castling = Some(CastlingMode::Standard);
        let report = run(&e.board, 3, &mut double);
        let Some(found) = report.divergence.clone() else {
            assert_eq!(u128::from(report.nodes), e.count(3).unwrap());
            continue;
        };
        ambiguous += 1;
        assert_eq!(found.kind, Kind::Moves);
        let board = check_path(&e.board, &found);
        assert!(found.only_other.is_empty(), "{report}");
        assert_eq!(
            found.only_magicboard.len(),
            found.repeated.len(),
            "{report}"
        );
        for text in &found.repeated {
            let castle = board
                .legal_moves()
                .into_iter()
                .find(|mv| mv.is_castle() && mv.to_uci(CastlingMode::Standard).to_string() == *text)
                .expect("a castle written by its king's square");
            assert!(
                found
                    .only_magicboard
                    .contains(&board.to_uci(castle).to_string())
            );
            assert!(
                board
                    .legal_moves()
                    .into_iter()
                    .any(|mv| !mv.is_castle() && board.to_uci(mv).to_string() == *text),
                "{text} names no other move: {report}"
            );
        }
    }
    // Both branches are exercised: a few positions have such a castle.
    assert!(
        (1..60).contains(&ambiguous),
        "{ambiguous} ambiguous positions"
    );
}

#[test]
fn leaf_counts_and_self_contradictions() {
    let start = Board::startpos();
    // Depth 1, the same moves, one counted as two leaves.
    let mut two = |q: &Query<'_>| {
        let list = magicboard::Perft::new(q.depth).divide(q.board);
        Ok::<_, Infallible>(
            list.into_iter()
                .map(|(mv, n)| {
                    (
                        q.board.to_uci(mv).to_string(),
                        n + u64::from(mv.to_string() == "g1f3"),
                    )
                })
                .collect(),
        )
    };
    let report = diverge::find(&start, 1, &mut two).unwrap();
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.kind, Kind::LeafCount);
    assert_eq!(found.counts.len(), 1);
    assert_eq!(
        (found.counts[0].uci.as_str(), found.counts[0].other),
        ("g1f3", 2)
    );

    // A root count that its own divide below does not add up to.
    let mut liar = |q: &Query<'_>| {
        let list = magicboard::Perft::new(q.depth).divide(q.board);
        Ok::<_, Infallible>(
            list.into_iter()
                .map(|(mv, n)| {
                    let lie = q.path.is_empty() && mv.to_string() == "a2a3";
                    (q.board.to_uci(mv).to_string(), n + 7 * u64::from(lie))
                })
                .collect(),
        )
    };
    let report = diverge::find(&start, 3, &mut liar).unwrap();
    let found = report.divergence.clone().unwrap();
    assert_eq!(found.kind, Kind::Inconsistent);
    assert_eq!(found.path_uci(), ["a2a3"]);
    assert_eq!(found.counts[0].other, found.counts[0].magicboard + 7);
    assert_eq!(report.calls, 2);
}

#[test]
fn garbage_moves_and_repeats_are_reported_as_written() {
    let start = Board::startpos();
    let mut odd = |q: &Query<'_>| {
        let mut list: Vec<(String, u64)> = magicboard::Perft::new(q.depth)
            .divide(q.board)
            .into_iter()
            .map(|(mv, n)| (q.board.to_uci(mv).to_string(), n))
            .collect();
        list.push(("E2E4".into(), 1)); // e2e4 again, in capitals
        list.push(("e2e5".into(), 1)); // not legal
        list.push(("zz".into(), 1)); // not a move at all
        Ok::<_, Infallible>(list)
    };
    let found = diverge::find(&start, 1, &mut odd)
        .unwrap()
        .divergence
        .unwrap();
    assert_eq!(found.repeated, ["E2E4"]);
    assert_eq!(found.only_other, ["e2e5", "zz"]);
    assert!(found.only_magicboard.is_empty());
}

/// The `chess` crate (3.2.0) as the other generator: it replays the moves
/// it is sent on its own board and counts with its own perft.
fn chess_crate(q: &Query<'_>) -> Result<Vec<(String, u64)>, String> {
    let mut board = chess::Board::from_str(&q.root.to_fen()).map_err(|e| e.to_string())?;
    for text in q.path_text {
        let mv = chess::ChessMove::from_str(text).map_err(|e| e.to_string())?;
        if !board.legal(mv) {
            return Err(format!("{text} is illegal"));
        }
        board = board.make_move_new(mv);
    }
    Ok(chess::MoveGen::new_legal(&board)
        .map(|mv| {
            let after = board.make_move_new(mv);
            let n = match q.depth - 1 {
                0 => 1,
                d => chess::MoveGen::movegen_perft_test(&after, d as usize) as u64,
            };
            (mv.to_string(), n)
        })
        .collect())
}

#[test]
fn the_chess_crate_agrees_on_the_published_suites() {
    // The chess crate has no Chess960: standard positions only. Depth 3
    // (4 in release builds) on every CPW position and every fourth
    // position of Ethereal's suite.
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    let cpw = cpw_suite();
    let standard = standard_suite();
    let mut checked = 0;
    for e in cpw.iter().chain(standard.iter().step_by(4)) {
        let mut other = chess_crate;
        let report = diverge::find(&e.board, depth, &mut other).unwrap();
        assert!(report.agrees(), "{}: {report}", e.fen);
        assert_eq!(
            u128::from(report.nodes),
            e.count(depth).unwrap(),
            "{}",
            e.fen
        );
        assert_eq!(report.calls, 1);
        checked += 1;
    }
    assert!(checked >= 35);
}

#[test]
fn the_chess_crate_double_finds_a_planted_bug() {
    // The same adapter, with en passant filtered out of the chess crate's
    // answers at the root: the lists differ there, and only there.
    let board =
        Board::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").unwrap();
    let mut other = |q: &Query<'_>| {
        let mut list = chess_crate(q)?;
        list.retain(|(mv, _)| mv != "e5f6");
        Ok::<_, String>(list)
    };
    let found = diverge::find(&board, 2, &mut other)
        .unwrap()
        .divergence
        .unwrap();
    assert_eq!(found.only_magicboard, ["e5f6"]);
}

#[test]
fn errors_are_typed() {
    let start = Board::startpos();
    let mut never = |_: &Query<'_>| -> Result<Vec<(String, u64)>, &str> { panic!("not asked") };
    assert_eq!(
        diverge::find(&start, 0, &mut never),
        Err(diverge::Error::ZeroDepth)
    );
    let mut fails = |_: &Query<'_>| Err::<Vec<(String, u64)>, _>("no such program");
    let err = diverge::find(&start, 2, &mut fails).unwrap_err();
    assert_eq!(err, diverge::Error::Other("no such program"));
    assert_eq!(
        err.to_string(),
        "the other generator failed: no such program"
    );
}

#[test]
fn the_text_report_says_what_was_found() {
    let root = Board::from_fen(CPW3).unwrap();
    let mut double = Double::new(Bug::EnPassant, Some(&[2]));
    let report = run(&root, 4, &mut double);
    let text = report.to_string();
    let found = report.divergence.as_ref().unwrap();
    assert!(
        text.starts_with("diverge: the move lists differ\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!("position: {}\n", found.fen())),
        "{text}"
    );
    assert!(text.contains(&format!(
        "only magicboard: {}\n",
        found.only_magicboard.join(" ")
    )));
    assert!(text.contains("only the other:  -\n"), "{text}");
    assert!(text.contains(&format!("path:     {}\n", found.path_uci().join(" "))));
    assert!(text.contains("(3 divide calls)"), "{text}");

    let mut agree = Double::new(Bug::None, None);
    let text = run(&root, 3, &mut agree).to_string();
    assert_eq!(text, "agree: 2812 nodes at depth 3 (1 divide call)\n");
}

/// `broken_generator --help` names every bug, by the name `--bug` reads.
#[test]
fn the_broken_generators_help_lists_every_bug() {
    let help = broken::help();
    assert_eq!(broken::Bug::ALL.len(), 4);
    for (bug, name, what) in broken::Bug::ALL {
        assert_eq!(broken::Bug::from_name(name), Some(bug));
        assert!(
            help.contains(name) && help.contains(what),
            "--help lacks {name}:\n{help}"
        );
    }
    assert_eq!(broken::Bug::from_name("castling"), None);
    for option in [
        "--bug",
        "--plies",
        "--castling",
        "--chess960",
        "--uci",
        "--help",
    ] {
        assert!(help.contains(option), "--help lacks {option}:\n{help}");
    }
}
