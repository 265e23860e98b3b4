//! Fuzz target `pgn`: magicboard-pgn's reader on any bytes. No panic, and
//! what it reads holds together: every good game writes and reads back to
//! the same moves, a tree of the same game has the same mainline, and the
//! games copied out one by one (the parallel reader's pieces) read alone
//! give the same games.
#![no_main]

use magicboard_pgn::{GameTree, Games, Reader};

fn mainlines(bytes: &[u8]) -> Vec<Result<Vec<magicboard::Move>, String>> {
    Games::new(bytes)
        .map(|g| g.map(|g| g.moves).map_err(|e| e.to_string()))
        .collect()
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let whole = mainlines(data);
    for game in Games::new(data).flatten() {
        let text = game.to_string();
        let again = Games::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(again.moves, game.moves, "{text}");
    }
    let mut reader = Reader::new(data).max_token(1024);
    let mut n = 0;
    while let Some(tree) = GameTree::read(&mut reader).unwrap() {
        if let Ok(moves) = &whole[n] {
            // The tree also replays the variations, which the plain reader
            // skips: an illegal move there is an error of the tree's (as
            // python-chess records it), and the mainline stays whole.
            assert_eq!(&tree.mainline_moves(), moves);
        }
        let _ = tree.to_string();
        n += 1;
    }
    assert_eq!(n, whole.len());
    let mut reader = Reader::new(data);
    let mut pieces = Vec::new();
    loop {
        let before = (reader.games(), reader.line());
        let mut bytes = Vec::new();
        if reader.copy_game(&mut bytes).unwrap().is_none() {
            break;
        }
        let alone = Reader::new(&bytes[..]).starting_at(before.0, before.1);
        pieces.extend(
            Games::from_reader(alone).map(|g| g.map(|g| g.moves).map_err(|e| e.to_string())),
        );
    }
    assert_eq!(pieces, whole);
});
