//! Fuzz target `fen`: see `common::fen`.
#![no_main]

#[path = "../../tests/fuzz/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::fen(data));
