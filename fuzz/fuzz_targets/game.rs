//! Fuzz target `game`: a legal game and a raw move decoded with
//! magicboard's `arbitrary` feature; see `structured::game`.
#![no_main]

#[path = "../../tests/fuzz/common.rs"]
mod common;
#[path = "../../tests/fuzz/structured.rs"]
mod structured;

use magicboard::{Game, Move};

libfuzzer_sys::fuzz_target!(|input: (Game, Move)| structured::game(input.0, input.1));
