//! The test kit's tests, one binary: `diverge` against planted bugs and the
//! `chess` crate, and the proptest strategies.

#[path = "../../../tests/it/common.rs"]
mod common;

mod diverge;
mod strategies;
