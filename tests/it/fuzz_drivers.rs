//! The fuzz targets' checks (`tests/fuzz/common.rs`) driven on stable
//! Rust with `rand`-generated inputs, so that CI runs them without cargo-fuzz.
//! Inputs mix raw random bytes with near-valid text (FENs and UCI moves with
//! a few random edits), which reaches deeper than bytes alone.
//!
//! The structured target `game` (inputs decoded by the crate's `arbitrary`
//! feature) runs when that feature is on, as in `cargo test
//! --all-features`.
//!
//! `MAGICBOARD_FUZZ_ITERS=N` sets the number of inputs per target.

use crate::fuzz_common as common;
#[cfg(feature = "arbitrary")]
#[path = "../fuzz/structured.rs"]
mod structured;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const STANDARD_EPD: &str = include_str!("../data/standard.epd");
const FISCHER_EPD: &str = include_str!("../data/fischer.epd");

fn iterations() -> usize {
    match std::env::var("MAGICBOARD_FUZZ_ITERS") {
        Ok(n) => n
            .trim()
            .parse()
            .expect("MAGICBOARD_FUZZ_ITERS must be a number"),
        Err(_) if cfg!(debug_assertions) => 1_000,
        Err(_) => 10_000,
    }
}

fn rng(name: &str) -> Xoshiro256PlusPlus {
    let seed = name
        .bytes()
        .fold(0xf022_u64, |h, b| h.wrapping_mul(31) ^ u64::from(b));
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn random_bytes(rng: &mut Xoshiro256PlusPlus, max_len: usize) -> Vec<u8> {
    let len = rng.random_range(0..=max_len);
    (0..len).map(|_| rng.random()).collect()
}

/// `text` with a few random edits: a byte replaced by one from `alphabet`,
/// deleted, inserted or duplicated, or two whitespace-separated fields
/// swapped.
fn mutate(rng: &mut Xoshiro256PlusPlus, text: &str, alphabet: &[u8]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(0..4) {
        let at = rng.random_range(0..=bytes.len());
        let c = alphabet[rng.random_range(0..alphabet.len())];
        match rng.random_range(0..5) {
            0 if at < bytes.len() => bytes[at] = c,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, c),
            3 if at < bytes.len() => bytes.insert(at, bytes[at]),
            _ => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut fields: Vec<&str> = text.split(' ').collect();
                let (i, j) = (
                    rng.random_range(0..fields.len()),
                    rng.random_range(0..fields.len()),
                );
                fields.swap(i, j);
                bytes = fields.join(" ").into_bytes();
            }
        }
    }
    bytes
}

const FEN_ALPHABET: &[u8] = b"KQRBNPkqrbnp012345678/ -wbABCDEFGHabcdefgh9";

#[test]
fn fuzz_fen_on_stable() {
    let fens: Vec<&str> = STANDARD_EPD
        .lines()
        .chain(FISCHER_EPD.lines())
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .collect();
    let mut rng = rng("fen");
    for _ in 0..iterations() {
        let fen = fens[rng.random_range(0..fens.len())];
        let input = match rng.random_range(0..4) {
            0 => random_bytes(&mut rng, 100),
            1 => fen.as_bytes().to_vec(),
            _ => mutate(&mut rng, fen, FEN_ALPHABET),
        };
        common::fen(&input);
    }
}

#[test]
fn fuzz_uci_on_stable() {
    let mut rng = rng("uci_san");
    for _ in 0..iterations() {
        let first: u8 = rng.random();
        let board = common::position(first);
        let mut input = vec![first];
        match rng.random_range(0..4) {
            0 => input.extend(random_bytes(&mut rng, 12)),
            1 => {
                // Random near-moves from the UCI alphabet.
                for _ in 0..rng.random_range(0..8) {
                    let len = rng.random_range(0..7);
                    for _ in 0..len {
                        const ALPHABET: &[u8] = b"abcdefgh12345678qrbnkpQ0NBRKxO-=+#";
                        input.push(ALPHABET[rng.random_range(0..ALPHABET.len())]);
                    }
                    input.push(b' ');
                }
            }
            _ => {
                // Legal moves in both UCI castling notations and in SAN, some
                // edited; the parsed ones are played, so later tokens meet
                // new positions.
                let moves = board.legal_moves();
                let mut text = String::new();
                for _ in 0..rng.random_range(1..6) {
                    let mv = moves[rng.random_range(0..moves.len())];
                    let written = match rng.random_range(0..3) {
                        0 => board.to_uci(mv).to_string(),
                        1 => mv.to_uci(magicboard::CastlingMode::Chess960).to_string(),
                        _ => board.to_san(mv),
                    };
                    text.push_str(&written);
                    text.push(' ');
                }
                input.extend(mutate(&mut rng, &text, b"abcdefgh12345678qrbnkNBRQKxO-=+#"));
            }
        }
        common::uci_san(&input);
    }
}

#[test]
fn fuzz_play_on_stable() {
    let mut rng = rng("play");
    // Each input plays up to 60 plies with a full check at each, so fewer.
    for _ in 0..iterations() / 10 {
        let mut input = random_bytes(&mut rng, 60);
        // A raw move through try_make_move: half the time the first move,
        // with the bits of a legal move, else random bits anywhere.
        if input.len() >= 2 {
            let (at, bits) = if rng.random_bool(0.5) {
                let moves = common::position(input[0]).legal_moves();
                (1, moves[rng.random_range(0..moves.len())].to_bits())
            } else {
                (rng.random_range(1..input.len()), rng.random())
            };
            input[at] = 0xF0;
            input.splice(at + 1..at + 1, bits.to_le_bytes());
        }
        common::play(&input);
    }
}

#[test]
#[cfg(feature = "arbitrary")]
fn fuzz_game_on_stable() {
    let mut rng = rng("game");
    // Each input is a game of up to a few hundred plies with a full check
    // at every position: fewer inputs.
    let inputs = iterations() / 20;
    let mut plies = 0;
    for _ in 0..inputs {
        let input = random_bytes(&mut rng, 300);
        plies += structured::from_bytes(&input);
    }
    // The inputs make real games (two bytes a ply, of the part the length
    // taken from the end of the input gives them).
    assert!(plies > inputs * 20, "{plies} plies in {inputs} games");
}
