//! magicboard-pgn's tests: one binary, a module per subject.

mod cli;
mod common;
mod files;
mod lexer;
mod pages;
mod parallel;
mod robustness;
mod write;
