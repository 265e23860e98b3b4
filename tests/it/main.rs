//! The library's integration tests, one binary with a module per subject
//! (one link instead of one per file). Run one subject with a filter:
//! `cargo test --all-features --test it -- fen::`.
//!
//! Expected perft counts come from the published suites in `tests/data/`
//! (their sources are in `tests/data/README.md`), never from magicboard.

mod common;
/// The fuzz targets' checks (`tests/fuzz/common.rs`), run by
/// `fuzz_drivers` and `robustness` without libFuzzer.
#[cfg(feature = "reference")]
#[path = "../fuzz/common.rs"]
mod fuzz_common;

// The subjects that check the library against its reference oracles need
// the `reference` feature, the threaded ones `parallel`, and so on: the
// README's test command, `cargo test --all-features`, runs them all. A
// build without one of these features leaves its subjects out, and says so
// with an ignored test (below) in every run's output.
#[cfg(feature = "reference")]
mod attacks;
#[cfg(all(feature = "arbitrary", feature = "reference"))]
mod builder;
mod chess960;
mod deep;
mod differential;
mod doctests;
mod engine_api;
mod fen;
#[cfg(feature = "reference")]
mod fuzz_drivers;
mod game;
mod layers;
mod msrv;
mod outcome;
mod pages;
mod perft;
mod perft_suites;
#[cfg(feature = "reference")]
mod properties;
#[cfg(feature = "reference")]
mod robustness;
mod san;
mod scenarios;
mod see;
mod serde;
#[cfg(feature = "reference")]
mod stats;
mod uci_engine;
mod zobrist;

#[cfg(not(feature = "reference"))]
#[test]
#[ignore = "left out without the `reference` feature (`cargo test --all-features` runs them): \
            attacks, builder, fuzz_drivers, properties, robustness, stats and the \
            reference checks of differential, engine_api, fen, perft_suites, scenarios"]
fn left_out_without_feature_reference() {}

#[cfg(not(feature = "parallel"))]
#[test]
#[ignore = "left out without the `parallel` feature (`cargo test --all-features` runs them): \
            deep, perft, stats"]
fn left_out_without_feature_parallel() {}

#[cfg(not(feature = "serde"))]
#[test]
#[ignore = "left out without the `serde` feature (`cargo test --all-features` runs it): serde"]
fn left_out_without_feature_serde() {}

#[cfg(not(feature = "arbitrary"))]
#[test]
#[ignore = "left out without the `arbitrary` feature (`cargo test --all-features` runs them): \
            builder, the structured fuzz target's driver, the arbitrary games of differential"]
fn left_out_without_feature_arbitrary() {}
