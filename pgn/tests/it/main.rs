//! magicboard-pgn's tests: one binary, a module per subject.

mod cli;
mod common;
#[cfg(all(feature = "cli", unix))]
mod console;
mod files;
mod lexer;
mod pages;
mod parallel;
mod robustness;
mod write;
