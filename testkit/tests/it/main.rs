//! The test kit's tests, one binary: `diverge` against planted bugs and the
//! `chess` crate, and the proptest strategies.

// `common.rs` and `../data` are symbolic links to the library's
// `tests/it/common.rs` and `tests/data` (the published package holds
// copies of them).
mod common;

mod diverge;
mod strategies;
