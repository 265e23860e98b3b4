//! The commands docs/pgn.md and this crate's README show, run as they are
//! shown (feature `cli`; `console.rs`, shared with the perft tool's tests,
//! reads and runs them). They run in a fresh directory per page, where
//! `pgn` is this build's binary and `pgn/tests/data` this package's test
//! files.

#![cfg(all(feature = "cli", unix))]

use super::console::check_pages;
use std::path::{Path, PathBuf};

/// The pages whose commands are checked, from the package's root.
const PAGES: [&str; 2] = ["README.md", "../docs/pgn.md"];

/// A fresh directory for a page's commands: `bin/pgn` is this build's
/// binary, `pgn/tests/data` this package's files.
fn workplace(page: &str, _text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "magicboard-pgn-pages-{}-{}",
        std::process::id(),
        page.replace(['/', '.'], "-")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::create_dir_all(dir.join("pgn/tests")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_pgn"), dir.join("bin/pgn")).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    std::os::unix::fs::symlink(data, dir.join("pgn/tests/data")).unwrap();
    dir
}

#[test]
fn every_command_shown_in_the_pages_prints_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    check_pages(root, &PAGES, workplace, str::to_string);
}
