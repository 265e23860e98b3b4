//! The Rust examples of the repository's README and docs/ pages, run as
//! doctests (`cargo test --all-features`, or `cargo test -p
//! magicboard-pages --doc`). Nothing else: see Cargo.toml.

#![no_std]

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/design.md")]
struct DesignDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/performance.md")]
struct PerformanceDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/testing.md")]
struct TestingDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/deep-perft.md")]
struct DeepPerftDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/syzygy.md")]
struct SyzygyDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/toolkit.md")]
struct ToolkitDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/pgn.md")]
struct PgnDoctests;
