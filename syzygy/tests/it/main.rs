//! The integration tests of magicboard-syzygy: one binary, a module per
//! subject. Tables and expected values are python-chess's (see
//! tests/data/README.md); tests that need the 4-piece tables or
//! endgame.epd, which the published package leaves out, print "skipped"
//! and pass without them.

mod common;
mod epd;
mod robustness;
mod api;
mod cli;
mod root;
mod threads;
