//! The layer rule, checked: a module uses only modules of its own layer or
//! of the layers listed above it.
//!
//! The layers are read from the numbered list of the "Layers" section of
//! `docs/design.md` (the one place the rule and the list are written
//! down). Two kinds of use are checked in every file under `src/` (comments
//! and doc comments excluded):
//!
//! * paths: `crate::module::...`, `use crate::{...}` groups, and the names
//!   `lib.rs` re-exports at the crate root (`crate::Board` is `board`'s);
//! * methods: `Board` is extended by several layers (`movegen` adds
//!   `legal_moves`), so a call `.name(` or `::name(` of a method defined in
//!   an `impl Board` block of exactly one module counts as a use of that
//!   module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Layer number of each top-level module, from the numbered list of
/// the `## Layers` section of `docs/design.md`.
fn layers() -> BTreeMap<String, usize> {
    let design = fs::read_to_string(Path::new(SRC).join("../docs/design.md")).unwrap();
    let mut layers = BTreeMap::new();
    let mut current = None;
    let mut in_section = false;
    for line in design.lines() {
        let doc = line.trim();
        if doc.starts_with("## ") {
            in_section = doc == "## Layers";
            continue;
        }
        if !in_section {
            continue;
        }
        if let Some((number, _)) = doc.split_once(". ") {
            if let Ok(n) = number.parse::<usize>() {
                current = Some(n);
            }
        }
        let Some(layer) = current else { continue };
        // Module names are the backticked words of the list item.
        for (i, part) in doc.split('`').enumerate() {
            if i % 2 == 1 && part.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                layers.insert(part.to_string(), layer);
            }
        }
    }
    assert!(
        layers.len() >= 10,
        "could not read the layer list of docs/design.md: {layers:?}"
    );
    layers
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`src/board/make.rs` is `board`'s);
/// `None` for `lib.rs`.
fn module_of(path: &Path) -> Option<String> {
    let rel = path.strip_prefix(SRC).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    match first.as_str() {
        "lib.rs" => None,
        name => Some(name.trim_end_matches(".rs").to_string()),
    }
}

/// The code of a file without comments (line comments and doc comments;
/// the crate has no block comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Names re-exported at the crate root by `lib.rs`, with their module.
fn root_exports() -> BTreeMap<String, String> {
    let lib = code(&fs::read_to_string(Path::new(SRC).join("lib.rs")).unwrap());
    let mut exports = BTreeMap::new();
    for item in lib.split(';') {
        let item = item.trim();
        let Some(rest) = item
            .lines()
            .map(str::trim)
            .skip_while(|l| l.starts_with("#["))
            .collect::<Vec<_>>()
            .join(" ")
            .strip_prefix("pub use ")
            .map(str::to_string)
        else {
            continue;
        };
        let (module, names) = rest.split_once("::").unwrap();
        let names = names.trim_matches(|c| c == '{' || c == '}' || c == ' ');
        for name in names.split(',') {
            let name = name.trim().rsplit("::").next().unwrap().trim();
            if !name.is_empty() {
                exports.insert(name.to_string(), module.trim().to_string());
            }
        }
    }
    exports
}

/// The first path segments after `crate::` in `code`, including each
/// member of a `crate::{a, b::c}` group.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // A group: split at top-level commas.
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(first_segment(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.insert(first_segment(&item));
        } else {
            out.insert(first_segment(rest));
        }
    }
    out.remove("");
    out
}

fn first_segment(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Names of the functions defined in `code` (`fn name`).
fn defined_fns(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("fn ") {
        let before = rest[..i].chars().last();
        rest = &rest[i + 3..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name = first_segment(rest);
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// The bodies of the `impl Board { ... }` blocks of `code`: the methods
/// several layers add to `Board`, which calls reach without a path.
fn board_impls(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(i) = rest.find("impl Board {") {
        rest = &rest[i + "impl Board {".len()..];
        let mut depth = 1;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map_or(rest.len(), |(j, _)| j);
        out.push_str(&rest[..end]);
        out.push('\n');
        rest = &rest[end..];
    }
    out
}

#[test]
fn every_module_uses_only_its_own_layer_or_those_above() {
    let layers = layers();
    let exports = root_exports();
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    files.sort();

    // Read every file once: its module and its code.
    let sources: Vec<(PathBuf, String, String)> = files
        .iter()
        .filter_map(|path| {
            let module = module_of(path)?;
            let text = code(&fs::read_to_string(path).unwrap());
            Some((path.clone(), module, text))
        })
        .collect();
    for (path, module, _) in &sources {
        assert!(
            layers.contains_key(module),
            "{}: module `{module}` is not in the layer list of docs/design.md",
            path.display()
        );
    }

    // `Board` methods defined in exactly one module: a call names that
    // module. (Free functions are reached through paths, checked above.)
    // A name some other type's method shares (`CastlingMode::is_chess960`
    // and `Board::is_chess960`) cannot be attributed and is skipped.
    let mut definers: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (_, module, text) in &sources {
        for name in defined_fns(text) {
            definers.entry(name).or_default().insert(module.clone());
        }
    }
    let board_methods: BTreeSet<String> = sources
        .iter()
        .flat_map(|(_, _, text)| defined_fns(&board_impls(text)))
        .collect();
    definers.retain(|name, _| board_methods.contains(name));
    let owner: BTreeMap<&str, &str> = definers
        .iter()
        .filter(|(_, modules)| modules.len() == 1)
        .map(|(name, modules)| (name.as_str(), modules.first().unwrap().as_str()))
        .collect();

    let mut violations = Vec::new();
    for (path, module, text) in &sources {
        let own = layers[module];
        let mut used = BTreeMap::new();
        for segment in crate_paths(text) {
            let target = if layers.contains_key(&segment) {
                segment.clone()
            } else if let Some(m) = exports.get(&segment) {
                m.clone()
            } else {
                continue;
            };
            used.insert(target, format!("crate::{segment}"));
        }
        for (name, definer) in &owner {
            if *definer != module
                && (text.contains(&format!(".{name}(")) || text.contains(&format!("::{name}(")))
            {
                used.entry(definer.to_string())
                    .or_insert_with(|| format!("a call of `{name}`"));
            }
        }
        for (target, how) in used {
            if layers[&target] > own {
                violations.push(format!(
                    "{}: `{module}` (layer {own}) uses `{target}` (layer {}) through {how}",
                    path.strip_prefix(SRC).unwrap().display(),
                    layers[&target]
                ));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "layer rule broken:\n{}",
        violations.join("\n")
    );
}

/// The checker must be able to fail: a planted upward use is found.
#[test]
fn the_checker_sees_paths_groups_and_methods() {
    let paths = crate_paths("use crate::{Board, attacks::{between, line}, movegen::Sink};");
    assert_eq!(
        paths,
        ["Board", "attacks", "movegen"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    assert!(defined_fns("pub fn legal_moves(&self) {}").contains("legal_moves"));
    let impls = board_impls("fn outside() {} impl Board { fn a() { if x {} } } fn b() {}");
    assert_eq!(
        defined_fns(&impls),
        ["a"].map(String::from).into_iter().collect()
    );
    assert!(!defined_fns("let unfn x = 1;").contains("x"));
    let layers = layers();
    assert!(layers["square"] < layers["board"]);
    assert!(layers["board"] < layers["movegen"]);
    assert!(layers["movegen"] < layers["perft"]);
    assert_eq!(
        root_exports().get("Board").map(String::as_str),
        Some("board")
    );
}
