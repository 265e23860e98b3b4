//! No panic and an end on any bytes: random bytes, and real games cut,
//! spliced and garbled (the fuzz target `pgn` runs the same checks).

use magicboard_pgn::{GameTree, Games, Reader};

/// A small generator (xorshift), seeded.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every way in on `bytes`: games, trees, a tiny buffer limit, parallel.
fn read_all_ways(bytes: &[u8]) {
    let games: Vec<_> = Games::new(bytes).collect();
    for game in games.iter().flatten() {
        // Every good game writes and reads back.
        let text = game.to_string();
        let again = Games::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.moves, game.moves);
    }
    let mut reader = Reader::new(bytes).max_token(1);
    let mut trees = 0;
    while let Some(tree) = GameTree::read(&mut reader).unwrap() {
        let _ = tree.to_string();
        trees += 1;
    }
    assert_eq!(trees, games.len());
    #[cfg(feature = "parallel")]
    {
        let parallel = magicboard_pgn::parallel::Games::new(bytes).count();
        assert_eq!(parallel, games.len());
    }
}

#[test]
fn random_bytes() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let alphabet =
        b"[]{}()\"\\;%$!?*.-/ \n\r\t0123456789abcdefghNBRQKOxX=+#e.p\xef\xbb\xbf\xc3\xa9";
    for round in 0..400 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if round % 2 == 0 {
                    alphabet[rng.below(alphabet.len())]
                } else {
                    rng.next() as u8
                }
            })
            .collect();
        read_all_ways(&bytes);
    }
}

#[test]
fn real_games_cut_spliced_and_garbled() {
    let pgn = crate::common::data("lichess_db_10k.pgn");
    let mut rng = Rng(0x5eed);
    for _ in 0..150 {
        let mut bytes = pgn.clone();
        for _ in 0..rng.below(6) + 1 {
            let at = rng.below(bytes.len());
            match rng.below(4) {
                0 => bytes.truncate(at),
                1 => {
                    let from = rng.below(pgn.len());
                    let len = rng.below(300).min(pgn.len() - from);
                    bytes.splice(at..at, pgn[from..from + len].iter().copied());
                }
                2 => bytes[at] = b"{}()[]\n\"%;$"[rng.below(11)],
                _ => {
                    bytes.remove(at);
                }
            }
            if bytes.is_empty() {
                break;
            }
        }
        read_all_ways(&bytes);
    }
}

#[test]
fn pathological_inputs_end() {
    // Deep nesting, endless words, endless comments and tags, no newline.
    let mut cases: Vec<Vec<u8>> = vec![
        b"(".repeat(100_000),
        b")".repeat(100_000),
        b"1. e4 "
            .iter()
            .copied()
            .chain(b"(e5 ".repeat(50_000))
            .collect(),
        b"N".repeat(300_000),
        b"{".repeat(300_000),
        [b"[Event \"".as_slice(), &b"x".repeat(2_000_000)].concat(),
        b"1".repeat(300_000),
        b"$".repeat(300_000),
        b"\n".repeat(300_000),
        b"[a \"b\"]\n".repeat(30_000),
    ];
    cases.push(b"1. e4 e5 ".repeat(40_000));
    for bytes in &cases {
        let _ = Games::new(&bytes[..]).count();
        let mut reader = Reader::new(&bytes[..]).max_token(4096);
        while GameTree::read(&mut reader).unwrap().is_some() {}
    }
}

/// An illegal move inside a variation (found by the fuzz target): the plain
/// reader, which skips variations, reads the game whole; the tree records
/// the variation's error and keeps the same mainline.
#[test]
fn an_illegal_move_in_a_variation_leaves_the_mainline_whole() {
    let pgn = b"[Event \"x\"]\n\n1. e4 (1. d4 d5 2. Ke3) e5 2. Nf3 *\n";
    let game = Games::new(&pgn[..]).next().unwrap().unwrap();
    assert_eq!(game.moves.len(), 3);
    let tree = GameTree::read(&mut Reader::new(&pgn[..])).unwrap().unwrap();
    assert!(!tree.errors.is_empty(), "Ke3 after 1. d4 d5 is illegal");
    assert_eq!(tree.mainline_moves(), game.moves);
}
