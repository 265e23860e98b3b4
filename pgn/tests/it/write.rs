//! Writing PGN: python-chess's layout, wrapping, and read-write-read on
//! trees with variations, comments and NAGs.

use magicboard::{Board, Move, Square};
use magicboard_pgn::{Game, GameTree, NodeId, Reader};
use pretty_assertions::assert_eq;

fn tree(pgn: &str) -> GameTree {
    GameTree::read(&mut Reader::new(pgn.as_bytes()))
        .unwrap()
        .unwrap()
}

#[test]
fn variations_comments_and_nags_as_python_chess_writes_them() {
    // The expected text is python-chess 1.11's str() of the same game.
    let t = tree(
        "[Event \"E\"]\n\n{ start } 1. e4 $1 $2 { a } ( { alt } 1. d4 d5 ) ( 1. c4 ) 1... e5 2. Nf3 ( 2. f4 exf4 ( 2... d5 ) 3. Nf3 ) Nc6 1-0",
    );
    assert!(t.errors.is_empty());
    assert_eq!(
        t.to_pgn(None),
        "[Event \"E\"]\n\n{ start } 1. e4 $1 $2 { a } ( { alt } 1. d4 d5 ) ( 1. c4 ) 1... e5 2. Nf3 ( 2. f4 exf4 ( 2... d5 ) 3. Nf3 ) 2... Nc6 1-0"
    );
    let again = tree(&t.to_string());
    assert_eq!(again.to_pgn(None), t.to_pgn(None));
}

#[test]
fn lines_wrap_at_80_columns() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
    let text = tree(moves).to_string();
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert_eq!(text.lines().count(), 2);
    assert_eq!(text.replace('\n', " "), moves);
}

#[test]
fn trees_built_by_hand() {
    let mut t = GameTree::new(Board::startpos());
    let e4 = t
        .add_move(NodeId::ROOT, Move::new(Square::E2, Square::E4, None))
        .unwrap();
    let d4 = t
        .add_move(NodeId::ROOT, Move::new(Square::D2, Square::D4, None))
        .unwrap();
    t.node_mut(d4).comment = "also good".into();
    t.add_move(e4, Move::NULL).unwrap();
    t.tags.set("Result", "*");
    assert_eq!(
        t.to_string(),
        "[Result \"*\"]\n\n1. e4 ( 1. d4 { also good } ) 1... -- *"
    );
    assert_eq!(
        t.board_at(d4).to_fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn games_from_moves_and_a_fen_start() {
    let start = Board::from_fen("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 30").unwrap();
    let kd7 = start.parse_san("Kd7").unwrap();
    let game = Game::from_moves(start.clone(), &[kd7]).unwrap();
    assert_eq!(game.to_string(), "30... Kd7 *");
    assert!(Game::from_moves(start, &[Move::new(Square::A1, Square::A8, None)]).is_err());
    let mut with_tags = game.clone();
    with_tags
        .tags
        .set("FEN", "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 30");
    let again = magicboard_pgn::Games::new(with_tags.to_string().as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(again.moves, game.moves);
}
