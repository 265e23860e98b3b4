//! The library's integration tests, one binary with a module per subject
//! (one link instead of one per file). Run one subject with a filter:
//! `cargo test --all-features --test it -- fen::`.
//!
//! Expected perft counts come from the published suites in `tests/data/`
//! (their sources are in `tests/data/README.md`), never from magicboard.

mod common;
/// The fuzz targets' checks (`fuzz/fuzz_targets/common.rs`), run by
/// `fuzz_drivers` and `robustness` without libFuzzer.
#[path = "../../fuzz/fuzz_targets/common.rs"]
mod fuzz_common;

mod attacks;
#[cfg(feature = "arbitrary")]
mod builder;
mod chess960;
mod deep;
mod differential;
mod doctests;
mod engine_api;
mod fen;
mod fuzz_drivers;
mod game;
mod layers;
mod msrv;
mod outcome;
mod pages;
mod perft;
mod perft_suites;
mod properties;
mod robustness;
mod san;
mod scenarios;
mod see;
mod serde;
mod stats;
mod uci_engine;
mod zobrist;
