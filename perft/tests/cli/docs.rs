//! The pages' commands, run as they are shown (`console.rs` reads and runs
//! them): every ```` ```console ```` block of README.md, perft/README.md
//! and docs/*.md but pgn.md (magicboard-pgn's tests run that one).
//!
//! The commands run in a fresh directory per page, where `perft` is this
//! build's binary (so is `cargo run --release --bin perft --` and
//! `target/release/perft`), `target/release/examples/broken_generator` the
//! perft tool's example, and `tests/data` the repository's published
//! suites.

use super::console::check_pages;
use super::*;

/// The pages whose commands are checked, from the perft package's root.
const PAGES: [&str; 7] = [
    "README.md",
    "../README.md",
    "../docs/deep-perft.md",
    "../docs/testing.md",
    "../docs/design.md",
    "../docs/performance.md",
    "../docs/toolkit.md",
];

/// A fresh directory to run a page's commands in, laid out as the
/// repository is for them.
fn workplace(page: &str, text: &str) -> PathBuf {
    let dir = temp(&format!("docs-{}", page.replace(['/', '.'], "-")));
    let release = dir.join("target/release");
    std::fs::create_dir_all(release.join("examples")).unwrap();
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let perft = env!("CARGO_BIN_EXE_perft");
    std::os::unix::fs::symlink(perft, release.join("perft")).unwrap();
    std::os::unix::fs::symlink(perft, dir.join("bin/perft")).unwrap();
    // The package's `tests/data` is the repository's (a symbolic link
    // there, a copy in the package as downloaded).
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    if tests.join("data").is_dir() {
        std::os::unix::fs::symlink(tests, dir.join("tests")).unwrap();
    }
    if text.contains("broken_generator") {
        let link = release.join("examples/broken_generator");
        std::os::unix::fs::symlink(broken_generator(), link).unwrap();
    }
    dir
}

#[test]
fn every_command_shown_in_the_pages_prints_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let checked = check_pages(root, &PAGES, workplace, |command| {
        command
            .replace("cargo run --release --bin perft --", "perft")
            .replace("target/release/perft ", "perft ")
    });
    assert!(checked > 0, "no command checked");
}
