//! The pages a user reads first, held to what they promise: the README's
//! Rust examples compile as they are shown (rustdoc runs them as doctests,
//! `testkit/src/lib.rs`), so none may hide a line from the reader (a line
//! starting with `# ` in a Rust block, which rustdoc compiles and a code
//! host does not show). The pages' shell commands are run by the perft
//! tool's tests (`perft/tests/cli/docs.rs`, docs/testing.md "Commands in
//! the pages").

use std::path::Path;

/// The Rust blocks of a Markdown page: `(first line number, lines)`.
fn rust_blocks(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    for (number, line) in text.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None if info.trim().starts_with("rust") => current = Some((number + 2, Vec::new())),
                None => current = Some((0, Vec::new())),
            }
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
    }
    blocks.into_iter().filter(|(start, _)| *start > 0).collect()
}

/// Lines rustdoc hides: `#` alone or followed by a space (`#[derive]`
/// and `#![...]` are shown).
fn hidden(line: &str) -> bool {
    let line = line.trim_start();
    line == "#" || line.starts_with("# ")
}

#[test]
fn the_readme_hides_no_line_of_its_rust_examples() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: no README.md beside the package's manifest");
        return;
    };
    let blocks = rust_blocks(&text);
    assert!(
        blocks.len() >= 2,
        "the README's Rust examples: {}",
        blocks.len()
    );
    let mut hidden_lines = Vec::new();
    for (start, lines) in &blocks {
        for (i, line) in lines.iter().enumerate() {
            if hidden(line) {
                hidden_lines.push(format!("README.md:{}: {line}", start + i));
            }
        }
    }
    assert!(hidden_lines.is_empty(), "hidden lines: {hidden_lines:#?}");
}

#[test]
fn hidden_lines_are_found() {
    let page =
        "```rust\nlet x = 1;\n# let y = 2;\n#[derive(Debug)]\n```\n```toml\n# a comment\n```\n";
    let blocks = rust_blocks(page);
    assert_eq!(blocks.len(), 1);
    let found: Vec<&&str> = blocks[0].1.iter().filter(|l| hidden(l)).collect();
    assert_eq!(found, [&"# let y = 2;"]);
    assert_eq!(blocks[0].0, 2);
}
