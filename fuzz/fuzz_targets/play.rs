//! Fuzz target `play`: see `common::play`.
#![no_main]

#[path = "../../tests/fuzz/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::play(data));
