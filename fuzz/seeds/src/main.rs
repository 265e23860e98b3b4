//! Seed corpora for the cargo-fuzz targets in `fuzz/fuzz_targets/`, built
//! from the repository's perft suites and from legal games played from the
//! targets' own start positions:
//!
//! * `fen`: every FEN of `tests/data/cpw.epd` and `standard.epd` and every
//!   tenth of `fischer.epd` (Shredder-FEN), each as the suite writes it
//!   (four fields) and with its clocks, plus the FEN every few plies of
//!   games played from them (clocks, en-passant squares, lost rights);
//! * `uci_san`: for each start position of `common::POSITIONS` (chosen by
//!   the input's first byte), games written as UCI moves and as SAN;
//! * `play`: the same games as the target reads them, each move's index in
//!   `legal_moves()`, with a raw move value (`0xF0` and its two bytes)
//!   offered now and then: a legal one, or a legal one with its flags
//!   changed;
//! * `game`: byte strings that `(Game, Move)`'s `Arbitrary` impls decode
//!   into long games, from the standard start and Chess960 starts;
//! * `pgn`: games of magicboard-pgn's sample files and hand-made ones;
//! * `syzygy`: the real 3- and 4-piece tables up to 16 KB, each after the
//!   bytes that name it and place its pieces.
//!
//! The games' moves are picked by `magicboard::playout`, which favours en
//! passant, castling, promotions, captures and checks.
//!
//! Run from the repository root (writes `fuzz/corpus/<target>/seed-*`, the
//! directories `cargo fuzz run` reads by default):
//!
//! ```text
//! cargo run --manifest-path fuzz/seeds/Cargo.toml -- [OUT_DIR]
//! ```

#[path = "../../../tests/fuzz/common.rs"]
mod common;

use arbitrary::{Arbitrary, Unstructured};
use magicboard::{Board, CastlingMode, Game, Move, playout};
use std::fs;
use std::path::{Path, PathBuf};

const CPW: &str = include_str!("../../../tests/data/cpw.epd");
const STANDARD: &str = include_str!("../../../tests/data/standard.epd");
const FISCHER: &str = include_str!("../../../tests/data/fischer.epd");

/// A fixed xorshift stream: the same seeds on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The FEN fields of each line of a suite (`<FEN> ;D1 ...`).
fn suite_fens(suite: &str) -> impl Iterator<Item = &str> {
    suite
        .lines()
        .filter_map(|line| line.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty())
}

/// A game of up to `plies` moves from `board`, picked by `playout`.
fn game(board: &Board, plies: usize, rng: &mut Rng) -> Vec<(Board, Move)> {
    let mut board = board.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(mv) = playout::pick(&board, rng.next() as u32) else {
            break;
        };
        let next = board.play_unchecked(mv);
        moves.push((board, mv));
        board = next;
    }
    moves
}

/// Writes the seeds of one target, `seed-<n>` each; returns their number.
fn write(dir: &Path, seeds: &[Vec<u8>]) -> usize {
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for (i, seed) in seeds.iter().enumerate() {
        let path = dir.join(format!("seed-{i:04}"));
        fs::write(&path, seed).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    seeds.len()
}

fn fen_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    let fischer = suite_fens(FISCHER).step_by(10).map(|fen| (fen, true));
    let standard = suite_fens(CPW)
        .chain(suite_fens(STANDARD))
        .map(|fen| (fen, false));
    for (fen, chess960) in standard.chain(fischer) {
        seeds.push(fen.as_bytes().to_vec());
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let board = Board::from_fen_with(fen, mode).expect("the suites' FENs are valid");
        seeds.push(board.to_fen().into_bytes());
        for (i, (position, _)) in game(&board, 24, rng).iter().enumerate() {
            if i % 6 == 5 {
                seeds.push(position.to_fen().into_bytes());
            }
        }
    }
    seeds.sort();
    seeds.dedup();
    seeds
}

fn uci_san_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for index in 0..common::POSITIONS.len() {
        let start = common::position(index as u8);
        for _ in 0..3 {
            let moves = game(&start, 30, rng);
            let uci: Vec<String> = moves
                .iter()
                .map(|(b, mv)| b.to_uci(*mv).to_string())
                .collect();
            let san: Vec<String> = moves.iter().map(|(b, mv)| b.to_san(*mv)).collect();
            for text in [uci.join(" "), san.join(" ")] {
                let mut seed = vec![index as u8];
                seed.extend_from_slice(text.as_bytes());
                seeds.push(seed);
            }
        }
    }
    seeds
}

fn play_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for index in 0..common::POSITIONS.len() {
        let start = common::position(index as u8);
        for _ in 0..3 {
            let mut seed = vec![index as u8];
            for (ply, (board, mv)) in game(&start, 40, rng).into_iter().enumerate() {
                let legal = board.legal_moves();
                if ply % 7 == 3 {
                    // A raw move value: this legal move, or with its
                    // castling bit or its promotion bits changed.
                    let mut bits = match rng.next() % 3 {
                        0 => mv.to_bits(),
                        1 => mv.to_bits() ^ 0x8000,
                        _ => mv.to_bits() ^ 0x4000,
                    };
                    if legal.contains(&Move::from_bits(bits)) {
                        // Another legal move would change the game.
                        bits = mv.to_bits();
                    }
                    seed.push(0xF0);
                    seed.extend_from_slice(&bits.to_le_bytes());
                    if Move::from_bits(bits) == mv {
                        continue; // played as the raw move
                    }
                }
                let i = legal.iter().position(|&m| m == mv).expect("a legal move");
                seed.push(u8::try_from(i).expect("fewer than 240 legal moves"));
            }
            seeds.push(seed);
        }
    }
    seeds
}

fn game_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let (mut standard, mut chess960) = (Vec::new(), Vec::new());
    for len in [64usize, 128, 256, 512, 1024].into_iter().cycle().take(400) {
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        // The game's length is read from the input's end: ask for the most.
        let n = bytes.len();
        bytes[n - 2..].fill(0xFF);
        let Ok((game, _)) = <(Game, Move)>::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            continue;
        };
        if game.moves().len() < 20 {
            continue;
        }
        if game.start().is_chess960() {
            chess960.push(bytes);
        } else {
            standard.push(bytes);
        }
    }
    standard.truncate(20);
    chess960.truncate(20);
    standard.extend(chess960);
    standard
}

/// Seeds of the target `pgn`: the games of magicboard-pgn's sample files
/// (pgn/tests/data), one a seed, and a few hand-made games with variations,
/// comments, NAGs, a FEN start, null moves and errors.
fn pgn_seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../pgn/tests/data"));
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for name in ["lichess_db_10k.pgn", "lichess_db_100k.pgn"] {
        let text = std::fs::read_to_string(dir.join(name)).expect("pgn/tests/data");
        for game in text.split("\n\n[").take(12) {
            seeds.push(format!("[{}\n", game.trim_start_matches('[')).into_bytes());
        }
    }
    for text in [
        "[Event \"x\"]\n\n{ start } 1. e4 $1 (1. d4 d5 (1... Nf6)) e5!? 2. Nf3 -- 3. Bc4 *\n",
        "[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-O-O+ Kf7 2. Rd7+ 1-0\n",
        "[Variant \"Chess960\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. g4 g5 2. Ng3 Ng6 3. O-O O-O *\n",
        "1. e4 e5 2. Ke3 *\n\n1. d4 ; comment\n% escape\n1... d5 { multi\nline } 1/2-1/2\n",
    ] {
        seeds.push(text.as_bytes().to_vec());
    }
    seeds
}

/// Seeds of the target `syzygy`: each real table of
/// syzygy/tests/data/regular up to 16 KB, whole, after its index in the
/// sorted list of tables (the target's first byte) and eight bytes that
/// place its pieces.
fn syzygy_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../syzygy/tests/data/regular"
    ));
    let mut names: Vec<PathBuf> = fs::read_dir(dir)
        .expect("syzygy/tests/data/regular")
        .map(|entry| entry.expect("a table").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("rtbw" | "rtbz")
            )
        })
        .collect();
    names.sort();
    let mut seeds = Vec::new();
    for (index, path) in names.iter().enumerate() {
        let bytes = fs::read(path).expect("a table");
        if bytes.len() > 16 * 1024 {
            continue;
        }
        let mut seed = vec![index as u8];
        seed.extend_from_slice(&rng.next().to_le_bytes());
        seed.extend_from_slice(&bytes);
        seeds.push(seed);
    }
    seeds
}

fn main() {
    let out = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("corpus"));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let corpora = [
        ("fen", fen_seeds(&mut rng)),
        ("uci_san", uci_san_seeds(&mut rng)),
        ("play", play_seeds(&mut rng)),
        ("game", game_seeds(&mut rng)),
        ("pgn", pgn_seeds()),
        ("syzygy", syzygy_seeds(&mut rng)),
    ];
    for (target, seeds) in &corpora {
        let dir = out.join(target);
        let n = write(&dir, seeds);
        println!("{n:5} seeds in {}", dir.display());
    }
}
