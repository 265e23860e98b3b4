//! Fuzz target `uci_san`: see `common::uci_san`.
#![no_main]

#[path = "../../tests/fuzz/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::uci_san(data));
