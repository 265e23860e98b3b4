//! The proptest strategies of `magicboard_testkit::strategy`:
//! the crate's own properties checked on their boards and games, a second
//! generator (the `chess` crate) compared move list by move list, as
//! docs/testing.md ("Testing another generator, in depth") shows, and
//! shrinking checked to reach short games.

use magicboard::{Board, Game, Move, PieceKind};
use magicboard_testkit::strategy;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
use std::str::FromStr;

fn cases() -> u32 {
    if cfg!(debug_assertions) { 64 } else { 256 }
}

fn sorted(mut moves: magicboard::MoveList) -> magicboard::MoveList {
    moves.sort_unstable();
    moves
}

/// The `chess` crate's legal moves for `board`, sorted UCI text; `None`
/// where it refuses the FEN.
fn chess_crate_moves(board: &Board) -> Option<Vec<String>> {
    let theirs = chess::Board::from_str(&board.to_fen()).ok()?;
    let mut moves: Vec<String> = chess::MoveGen::new_legal(&theirs)
        .map(|mv| mv.to_string())
        .collect();
    moves.sort();
    Some(moves)
}

/// `board`'s legal moves, sorted UCI text.
fn uci_moves(board: &Board) -> Vec<String> {
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|&mv| board.to_uci(mv).to_string())
        .collect();
    moves.sort();
    moves
}

fn is_capture(board: &Board, mv: Move) -> bool {
    !mv.is_castle() && board.piece_on(mv.to()).is_some()
        || board.kind_on(mv.from()) == Some(PieceKind::Pawn) && board.en_passant() == Some(mv.to())
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// Perft statistics (captures, checks, discovered and double checks,
    /// mates, ...) against the slow make/unmake count, on boards weighted
    /// toward the special moves that the columns single out.
    #[test]
    fn statistics_agree_with_the_slow_count(board in strategy::board(0..=150)) {
        for depth in 1..=2 {
            let fast = magicboard::Perft::new(depth).stats(&board).unwrap();
            prop_assert_eq!(fast, magicboard::perft::PerftStats::by_make_unmake(&board, depth));
        }
    }

    /// The same on Chess960 boards (castling counted however the king and
    /// rook stand).
    #[test]
    fn chess960_statistics_agree_with_the_slow_count(board in strategy::board_960(0..=150)) {
        let fast = magicboard::Perft::new(2).stats(&board).unwrap();
        prop_assert_eq!(fast, magicboard::perft::PerftStats::by_make_unmake(&board, 2));
    }

    #[test]
    fn generated_boards_keep_the_invariants(board in strategy::board(0..=150)) {
        prop_assert!(board.is_consistent());
        prop_assert!(!board.is_chess960());
        prop_assert_eq!(sorted(board.legal_moves()), sorted(board.legal_moves_by_make_unmake()));
        prop_assert_eq!(Board::from_fen(&board.to_fen()).unwrap(), board.clone());
        prop_assert_eq!(board.hash(), board.hash_from_scratch());
    }

    #[test]
    fn generated_chess960_boards_keep_the_invariants(board in strategy::board_960(0..=150)) {
        prop_assert!(board.is_consistent());
        prop_assert!(board.is_chess960());
        prop_assert_eq!(sorted(board.legal_moves()), sorted(board.legal_moves_by_make_unmake()));
        prop_assert_eq!(Board::from_fen_with(&board.to_fen(), magicboard::CastlingMode::Chess960).unwrap(), board.clone());
        prop_assert_eq!(Board::from_fen_with(&board.to_shredder_fen(), magicboard::CastlingMode::Chess960).unwrap(), board);
    }

    #[test]
    fn games_replay_and_undo(mut game in strategy::game(0..=100)) {
        let mut board = game.start().clone();
        for &mv in game.moves() {
            prop_assert!(board.is_legal(mv));
            board = board.play(mv).unwrap();
        }
        prop_assert_eq!(&board, game.board());
        while game.pop().is_some() {}
        prop_assert_eq!(game.board(), &Board::startpos());
    }

    #[test]
    fn legal_moves_make_and_unmake(
        (board, mv) in strategy::board_960(0..=80)
            .prop_filter("a move to play", |b| !b.legal_moves().is_empty())
            .prop_flat_map(|board| {
                let mv = strategy::legal_move(&board);
                (Just(board), mv)
            })
    ) {
        prop_assert!(board.is_legal(mv));
        let mut after = board.clone();
        let undo = after.make_move(mv);
        prop_assert!(after.is_consistent());
        prop_assert!(!after.is_square_attacked(after.king(board.side_to_move()), after.side_to_move()));
        after.unmake_move(mv, undo);
        prop_assert_eq!(after, board);
    }

    /// docs/testing.md's example: another generator's legal moves (here the
    /// `chess` crate's, which has no Chess960) against magicboard's.
    #[test]
    fn the_chess_crate_lists_the_same_moves(board in strategy::board(0..=120)) {
        let theirs = chess_crate_moves(&board).expect("the chess crate reads the FEN");
        prop_assert_eq!(theirs, uci_moves(&board), "on {}", board.to_fen());
    }

    /// Random placements (not reached by play) against the `chess` crate
    /// too, where it reads the position (it has no Chess960, and refuses
    /// some positions magicboard accepts); and against the reference.
    #[test]
    fn placed_boards_agree_with_the_chess_crate_and_the_reference(board in strategy::placed_board()) {
        prop_assert!(board.is_consistent());
        prop_assert_eq!(sorted(board.legal_moves()), sorted(board.legal_moves_by_make_unmake()));
        if !board.is_chess960() {
            if let Some(theirs) = chess_crate_moves(&board) {
                prop_assert_eq!(theirs, uci_moves(&board), "on {}", board.to_fen());
            }
        }
    }
}

/// En-passant captures, castles and promotions in `games`.
fn rare_moves(games: &[Game]) -> [usize; 3] {
    let mut counts = [0; 3];
    for game in games {
        let mut board = game.start().clone();
        for &mv in game.moves() {
            let pawn = board.kind_on(mv.from()) == Some(PieceKind::Pawn);
            counts[0] += usize::from(pawn && board.en_passant() == Some(mv.to()));
            counts[1] += usize::from(mv.is_castle());
            counts[2] += usize::from(mv.promotion().is_some());
            board = board.play_unchecked(mv);
        }
    }
    counts
}

#[test]
fn the_odds_favour_what_breaks_generators() {
    // 200 games of 100 plies, against as many uniformly random games.
    let mut runner = TestRunner::deterministic();
    let weighted: Vec<Game> = (0..200)
        .map(|_| {
            strategy::game(100..=100)
                .new_tree(&mut runner)
                .unwrap()
                .current()
        })
        .collect();
    let mut rng = <rand::rngs::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(13);
    let uniform: Vec<Game> = (0..200)
        .map(|_| {
            let mut game = Game::startpos();
            for _ in 0..100 {
                let moves = game.board().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let i = rand::RngExt::random_range(&mut rng, 0..moves.len());
                game.push(moves[i]).unwrap();
            }
            game
        })
        .collect();
    let plies: usize = weighted.iter().map(|g| g.moves().len()).sum();
    assert!(plies > 15_000, "{plies}");
    let (w, u) = (rare_moves(&weighted), rare_moves(&uniform));
    for (k, what) in ["en-passant captures", "castles", "promotions"]
        .iter()
        .enumerate()
    {
        assert!(
            w[k] >= 40 && w[k] >= 2 * u[k],
            "{what}: {} weighted, {} uniform",
            w[k],
            u[k]
        );
    }
}

/// Runs a property that fails, with a fixed seed, and returns the shrunk
/// game.
fn shrunk(seed: u8, strategy: &impl Strategy<Value = Game>, fails: fn(&Game) -> bool) -> Game {
    let mut runner = TestRunner::new_with_rng(
        Config {
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]),
    );
    match runner.run(strategy, |game| {
        prop_assert!(!fails(&game));
        Ok(())
    }) {
        Err(TestError::Fail(_, game)) => {
            assert!(fails(&game));
            game
        }
        other => panic!("the property should fail: {other:?}"),
    }
}

fn has_capture(game: &Game) -> bool {
    let mut board = game.start().clone();
    game.moves().iter().any(|&mv| {
        let capture = is_capture(&board, mv);
        board = board.play_unchecked(mv);
        capture
    })
}

/// The shrunk lengths of `fails` over 20 seeds, sorted.
fn shrunk_lengths(strategy: &impl Strategy<Value = Game>, fails: fn(&Game) -> bool) -> Vec<usize> {
    let mut lengths: Vec<usize> = (0..20)
        .map(|seed| shrunk(seed, strategy, fails).moves().len())
        .collect();
    lengths.sort();
    lengths
}

#[test]
fn failures_shrink_to_short_games() {
    // The games start with 0 to 150 plies (75 on average). The shortest
    // game with a capture, or ending in check, has 3 plies (1.e4 d5
    // 2.exd5; 1.e4 f6 2.Qh5+).
    let games = strategy::game(0..=150);
    let captures = shrunk_lengths(&games, has_capture);
    assert!(captures[10] <= 5 && captures[19] <= 10, "{captures:?}");
    // A final position's property is harder: the game is cut at its first
    // check, then moves are dropped while the check stays.
    let checks = shrunk_lengths(&games, |g| g.board().in_check());
    assert!(checks[10] <= 12 && checks[19] <= 30, "{checks:?}");

    // From Chess960 starts the arrangement shrinks too, toward the
    // standard one (number 518).
    let games = strategy::game_960(0..=150);
    let captures = shrunk_lengths(&games, has_capture);
    assert!(captures[10] <= 5 && captures[19] <= 15, "{captures:?}");
    let standard = (0..20)
        .filter(|&seed| {
            let game = shrunk(seed, &games, has_capture);
            game.start().to_fen().starts_with("rnbqkbnr/")
        })
        .count();
    assert!(
        standard >= 15,
        "{standard} of 20 at the standard arrangement"
    );
}

#[test]
fn legal_move_on_a_board_without_moves_rejects() {
    let mate = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    let mut runner = TestRunner::new(Config {
        max_local_rejects: 100,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy::legal_move(&mate), |_| Ok(()));
    assert!(matches!(result, Err(TestError::Abort(_))), "{result:?}");
}
