//! `Game`: play/undo, repetitions (threefold claimable, fivefold automatic)
//! and the 75-move rule. Expected values are written by hand from FIDE
//! article 9; the random-game tests compare the incremental repetition
//! count with a from-scratch recount over the whole history.

use magicboard::{Board, Color, Game, Move, MoveError, PieceKind, SanError, Square, Status};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn game(fen: &str) -> Game {
    Game::new(Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn play_all(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        game.push_san(san)
            .unwrap_or_else(|e| panic!("{san} on {:?}: {e}", game.board()));
    }
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_and_fivefold_by_knight_shuffles() {
    let mut g = Game::startpos();
    assert_eq!(g.repetitions(), 1);

    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    assert!(!g.is_threefold_repetition());
    assert_eq!(g.status(), Status::Ongoing);

    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 3);
    assert!(g.is_threefold_repetition());
    assert!(!g.is_fivefold_repetition());
    assert_eq!(g.status(), Status::ThreefoldRepetition);
    assert!(g.status().is_claimable_draw());
    assert!(!g.status().is_game_over());

    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.status(), Status::ThreefoldRepetition);

    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 5);
    assert!(g.is_fivefold_repetition());
    assert_eq!(g.status(), Status::FivefoldRepetition);
    assert!(g.status().is_game_over());

    // After one more Nf3, Black to move: that position followed the first
    // move of each of the four cycles, so this is its fifth time; after
    // ...Nc6 the position is new.
    play_all(&mut g, "Nf3");
    assert_eq!(g.repetitions(), 5);
    play_all(&mut g, "Nc6");
    assert_eq!(g.repetitions(), 1);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn positions_in_the_middle_of_a_cycle_repeat_too() {
    let mut g = Game::startpos();
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6");
    // After 1. Nf3 Nf6: the knights on f3 and f6, White to move; twice.
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, "Ng1 Ng8 Nf3 Nf6");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.status(), Status::ThreefoldRepetition);
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    // The rooks go out and back: the pieces stand as at the start, but
    // neither side may castle king-side any more, so the start position
    // does not count (FIDE 9.2.3.2).
    let mut g = Game::startpos();
    play_all(&mut g, "Nf3 Nf6 Rg1 Rg8 Rh1 Rh8 Ng1 Ng8");
    assert_eq!(g.board().to_fen().split(' ').nth(2), Some("Qq"));
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 3);
}

#[test]
fn side_to_move_is_part_of_the_position() {
    // The white king walks a triangle (h1-g1-g2-h1) while the black king
    // goes g8 and back: after five half-moves the pieces stand as at the
    // start but Black is to move, which is a different position.
    let mut g = game("7k/7p/8/8/8/8/7P/7K w - - 0 1");
    play_all(&mut g, "Kg1 Kg8 Kg2 Kh8 Kh1");
    assert_eq!(g.board().side_to_move(), Color::Black);
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn positions_before_an_irreversible_move_are_not_compared() {
    let mut g = Game::startpos();
    play_all(&mut g, SHUFFLE);
    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 3);
    play_all(&mut g, "e4 e5");
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, SHUFFLE);
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn an_illegal_en_passant_square_does_not_make_a_new_position() {
    // After ...d5 the pawn on e5 could take en passant by the rules of
    // movement, but exd6 would expose the king on a5 to the rook on h5.
    // No en-passant capture is possible, so the position after ...d5 is the
    // same as the one after the kings shuffle back (FIDE 9.2.3.1).
    let mut g = game("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1");
    play_all(&mut g, "d5");
    assert_eq!(g.board().en_passant(), Some(Square::D6));
    play_all(&mut g, "Ka4 Ke7 Ka5 Ke8");
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, "Ka4 Ke7 Ka5 Ke8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.status(), Status::ThreefoldRepetition);
}

#[test]
fn a_legal_en_passant_capture_makes_a_new_position() {
    // Here exd6 is legal right after ...d5, so that position differs from
    // the later ones with the same pieces.
    let mut g = game("4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1");
    play_all(&mut g, "d5");
    play_all(&mut g, "Ka2 Ke7 Ka1 Ke8");
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, "Ka2 Ke7 Ka1 Ke8");
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn seventy_five_moves_end_the_game_and_undo_reopens_it() {
    let mut g = game("8/8/4k3/8/8/3K4/8/R7 w - - 148 100");
    assert_eq!(g.status(), Status::FiftyMoves);
    play_all(&mut g, "Ra2");
    assert_eq!(g.board().halfmove_clock(), 149);
    assert_eq!(g.status(), Status::FiftyMoves);
    assert!(!g.is_seventy_five_moves());
    play_all(&mut g, "Ke5");
    assert_eq!(g.board().halfmove_clock(), 150);
    assert!(g.is_seventy_five_moves());
    assert_eq!(g.status(), Status::SeventyFiveMoves);
    assert!(g.status().is_game_over());
    g.pop();
    assert_eq!(g.status(), Status::FiftyMoves);
}

#[test]
fn fifty_moves_reached_by_playing() {
    let mut g = game("8/8/4k3/8/8/3K4/8/R7 w - - 99 100");
    assert_eq!(g.status(), Status::Ongoing);
    play_all(&mut g, "Ra3");
    assert_eq!(g.status(), Status::FiftyMoves);
    assert!(g.status().is_claimable_draw());
}

#[test]
fn a_capture_resets_the_move_count() {
    let mut g = game("8/8/4k3/8/8/3K4/8/R6n w - - 149 100");
    play_all(&mut g, "Rxh1");
    assert_eq!(g.board().halfmove_clock(), 0);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn checkmate_beats_the_seventy_five_move_rule() {
    let mut g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80");
    play_all(&mut g, "Ra8#");
    assert_eq!(
        g.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
}

#[test]
fn play_refuses_illegal_moves_and_changes_nothing() {
    let mut g = Game::startpos();
    let before = g.clone();
    assert_eq!(
        g.push(Move::new(Square::E2, Square::E5, None)),
        Err(MoveError::Illegal)
    );
    assert_eq!(g.push(Move::NULL), Err(MoveError::Illegal));
    assert_eq!(
        g.push(Move::new(Square::E7, Square::E5, None)),
        Err(MoveError::Illegal)
    );
    assert_eq!(g.push_san("Ke2"), Err(SanError::Illegal));
    assert_eq!(g.push_san("K"), Err(SanError::Syntax));
    assert_eq!(g.push_uci("e2e5"), Err(MoveError::Illegal));
    assert_eq!(g.push_uci("e2"), Err(MoveError::BadUci));
    assert_eq!(g, before);
}

#[test]
fn undo_walks_back_to_the_start() {
    let mut g = Game::startpos();
    assert_eq!(g.pop(), None);
    play_all(
        &mut g,
        "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 c6 Nf3 Bg4 Bf4 e6 h3 Bxf3 Qxf3 Bb4 Be2 Nd7 a3 O-O-O",
    );
    assert_eq!(g.moves().len(), 20);
    assert_eq!(
        g.board().to_fen(),
        "2kr2nr/pp1n1ppp/2p1p3/q7/1b1P1B2/P1N2Q1P/1PP1BPP1/R3K2R w KQ - 1 11"
    );
    let castle = g.pop().unwrap();
    assert!(castle.is_castle());
    assert_eq!(
        g.board().to_fen(),
        "r3k1nr/pp1n1ppp/2p1p3/q7/1b1P1B2/P1N2Q1P/1PP1BPP1/R3K2R b KQkq - 0 10"
    );
    while g.pop().is_some() {}
    assert_eq!(g.board(), &Board::startpos());
    assert_eq!(g.start(), &Board::startpos());
    assert!(g.moves().is_empty());
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn default_and_from_board() {
    assert_eq!(Game::default(), Game::startpos());
    let b = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1").unwrap();
    assert_eq!(Game::from(b.clone()), Game::new(b));
}

// ----- random games -----------------------------------------------------------

/// A position as FIDE 9.2.3 compares it, computed from scratch: the FEN's
/// placement, side and castling fields, plus the legal en-passant captures.
fn fide_key(board: &Board) -> (String, Vec<Move>) {
    let fen = board.to_fen();
    let fields: Vec<&str> = fen.split(' ').take(3).collect();
    let ep: Vec<Move> = board
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            board.kind_on(m.from()) == Some(PieceKind::Pawn) && Some(m.to()) == board.en_passant()
        })
        .collect();
    (fields.join(" "), ep)
}

/// Random games made of mostly reversible moves (so that positions
/// repeat): the repetition count, undo and the board agree with a replay
/// from the start and a recount over the whole history.
#[test]
fn random_games_agree_with_a_recount() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6a3e);
    let games = if cfg!(debug_assertions) { 20 } else { 120 };
    let mut max_repetitions = 0;
    for _ in 0..games {
        let mut g = Game::startpos();
        let mut boards = vec![g.board().clone()];
        let mut keys = vec![fide_key(g.board())];
        for _ in 0..160 {
            let moves = g.board().legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer king, rook and knight moves that capture nothing.
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    !m.is_castle()
                        && g.board().kind_on(m.to()).is_none()
                        && matches!(
                            g.board().kind_on(m.from()),
                            Some(PieceKind::King | PieceKind::Knight | PieceKind::Rook)
                        )
                })
                .collect();
            // Often take back the mover's previous move by moving the piece
            // back, so that positions come round again.
            let back = g
                .moves()
                .len()
                .checked_sub(2)
                .map(|i| g.moves()[i])
                .map(|m| Move::new(m.to(), m.from(), None))
                .filter(|m| quiet.contains(m));
            let mv = if let Some(back) = back.filter(|_| rng.random_range(0..2) == 0) {
                back
            } else if !quiet.is_empty() && rng.random_range(0..10) < 8 {
                quiet[rng.random_range(0..quiet.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            g.push(mv).unwrap();
            boards.push(g.board().clone());
            let key = fide_key(g.board());
            let count = keys.iter().filter(|k| **k == key).count() + 1;
            keys.push(key);
            assert_eq!(g.repetitions(), count, "{:?}", g.moves());
            assert_eq!(g.is_threefold_repetition(), count >= 3);
            assert_eq!(g.is_fivefold_repetition(), count >= 5);
            max_repetitions = max_repetitions.max(count);
        }
        assert_eq!(g.moves().len() + 1, boards.len());
        while let Some(mv) = g.pop() {
            boards.pop();
            keys.pop();
            assert_eq!(Some(g.board()), boards.last(), "after undoing {mv}");
            assert!(g.board().is_legal(mv));
        }
        assert_eq!(g.board(), &Board::startpos());
    }
    assert!(
        max_repetitions >= 5,
        "random games never repeated five times"
    );
}
