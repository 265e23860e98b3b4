//! Every public function has a runnable example.
//!
//! The test reads every `.rs` file under `src/` (the binaries in `src/bin/`
//! excepted) and finds each function a user of the crate can call: a
//! `pub fn` (`const`, `unsafe` and the like included; `pub(crate)` and
//! `pub(super)` are not public) that is either
//!
//! * a free function of a public module: every module from `lib.rs` down
//!   to it is declared `pub mod` (the module tree is read from the `mod`
//!   lines of `lib.rs` and the files it names, so `src/board/mod.rs`'s
//!   `pub mod fen` is public and its `mod make` is not), or
//! * a method in an inherent `impl` block of a public type (a `pub struct`,
//!   `pub enum`, ... of the crate), wherever the block stands: `impl Board`
//!   in the private `board/make.rs` still gives `Board::make_move` to
//!   every user.
//!
//! Not counted: anything inside `#[cfg(test)]`, inside a function body or a
//! `macro_rules!` body, and `#[doc(hidden)]` functions (hooks for the tests,
//! not part of the documented API).
//!
//! Each such function's doc comment (the `///` lines directly above it;
//! attributes and plain `//` comments may stand between) must hold an
//! **example**: a fenced code block that rustdoc runs (no `ignore`,
//! `no_run`, `compile_fail` or other-language tag such as `text`), that
//! names the function, and that asserts (`assert!`, `assert_eq!`,
//! `assert_ne!`, `debug_assert...`, or a `should_panic` block). A block that
//! only calls the function does not count.
//!
//! Files other engineers are restructuring are listed in [`PENDING`]: their
//! missing examples are printed but do not fail the test. Run with
//! `cargo test --test doctests -- --nocapture` for the full list and the
//! counts.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Files (relative to `src/`) whose examples are still to be written.
/// Their missing examples are printed, not failed. Empty this list to check
/// the whole crate; entries that are complete (or gone) are printed as
/// ready to leave it.
const PENDING: &[&str] = &[];

/// Functions exempt from the rule, as `(file, Type::name or name, why)`:
/// only where an example truly adds nothing. An entry that matches no
/// function missing an example fails the test.
const EXEMPT: &[(&str, &str, &str)] = &[];

// ----- lexing ----------------------------------------------------------------

/// A token of Rust code: comments dropped, literals reduced to `Lit`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Punct(char),
    Lit,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    /// 1-based line of the token's first character.
    line: usize,
}

impl Token {
    fn is_ident(&self, name: &str) -> bool {
        matches!(&self.tok, Tok::Ident(s) if s == name)
    }
    fn is_punct(&self, c: char) -> bool {
        self.tok == Tok::Punct(c)
    }
    fn ident(&self) -> Option<&str> {
        match &self.tok {
            Tok::Ident(s) => Some(s),
            _ => None,
        }
    }
}

/// Splits Rust source into tokens, skipping comments (line, doc and nested
/// block comments) and the insides of string, raw-string and character
/// literals, so that braces in them do not count.
fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += (chars[i] == '\n') as usize;
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                line += (at(i) == '\n') as usize;
                i += 1;
            }
            i += 1;
            out.push(Token {
                tok: Tok::Lit,
                line: start,
            });
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                // An escaped character literal: '\n', '\'', '\u{7f}'.
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Token {
                    tok: Tok::Lit,
                    line: start,
                });
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push(Token {
                    tok: Tok::Lit,
                    line: start,
                });
            } else {
                // A lifetime or label: the name follows as an identifier.
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let mut word = String::new();
            while at(i).is_alphanumeric() || at(i) == '_' {
                word.push(at(i));
                i += 1;
            }
            let raw_prefix = word == "r" || word == "br" || word == "cr";
            if raw_prefix && (at(i) == '#' || at(i) == '"') {
                let mut hashes = 0;
                while at(i + hashes) == '#' {
                    hashes += 1;
                }
                if at(i + hashes) == '"' {
                    // A raw string: ends at `"` followed by as many `#`.
                    i += hashes + 1;
                    loop {
                        if i >= chars.len() {
                            break;
                        }
                        if chars[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                            i += 1 + hashes;
                            break;
                        }
                        line += (chars[i] == '\n') as usize;
                        i += 1;
                    }
                    out.push(Token {
                        tok: Tok::Lit,
                        line: start,
                    });
                    continue;
                }
                if word == "r" && hashes == 1 {
                    // A raw identifier, `r#type`.
                    i += 1;
                    word.clear();
                    while at(i).is_alphanumeric() || at(i) == '_' {
                        word.push(at(i));
                        i += 1;
                    }
                }
            }
            if (word == "b" || word == "c") && (at(i) == '"' || at(i) == '\'') {
                // A byte string or byte: lex the literal that follows.
                continue;
            }
            out.push(Token {
                tok: Tok::Ident(word),
                line: start,
            });
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Lit,
                line: start,
            });
        } else {
            out.push(Token {
                tok: Tok::Punct(c),
                line: start,
            });
            i += 1;
        }
    }
    out
}

// ----- items -----------------------------------------------------------------

/// The tokens of an item's head (from the end of the previous item to its
/// `{` or `;`), split into its attributes and the rest.
struct Head<'a> {
    attrs: Vec<&'a [Token]>,
    rest: Vec<&'a Token>,
}

impl<'a> Head<'a> {
    fn new(tokens: &'a [Token]) -> Head<'a> {
        let mut attrs = Vec::new();
        let mut rest = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let bang = usize::from(tokens.get(i + 1).is_some_and(|t| t.is_punct('!')));
            if tokens[i].is_punct('#') && tokens.get(i + 1 + bang).is_some_and(|t| t.is_punct('['))
            {
                let open = i + 1 + bang;
                let mut depth = 0;
                let mut j = open;
                while j < tokens.len() {
                    if tokens[j].is_punct('[') {
                        depth += 1;
                    } else if tokens[j].is_punct(']') {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    j += 1;
                }
                attrs.push(&tokens[open + 1..j.min(tokens.len())]);
                i = j + 1;
            } else {
                rest.push(&tokens[i]);
                i += 1;
            }
        }
        Head { attrs, rest }
    }

    /// An attribute `#[outer(... inner ...)]`, e.g. `cfg(test)` or
    /// `doc(hidden)`.
    fn has_attr(&self, outer: &str, inner: &str) -> bool {
        self.attrs.iter().any(|attr| {
            attr.first().is_some_and(|t| t.is_ident(outer))
                && attr.iter().any(|t| t.is_ident(inner))
        })
    }

    /// `#[cfg(test)]` exactly (`#[cfg(any(test, feature = "x"))]` code is
    /// public with the feature).
    fn is_test(&self) -> bool {
        self.attrs.iter().any(|attr| {
            attr.len() == 4
                && attr[0].is_ident("cfg")
                && attr[1].is_punct('(')
                && attr[2].is_ident("test")
                && attr[3].is_punct(')')
        })
    }

    /// `pub` alone (not `pub(crate)`, `pub(super)`, `pub(in ...)`).
    fn is_pub(&self) -> bool {
        self.rest.first().is_some_and(|t| t.is_ident("pub"))
            && !self.rest.get(1).is_some_and(|t| t.is_punct('('))
    }

    /// The lines of the head's attributes.
    fn attr_lines(&self) -> BTreeSet<usize> {
        let mut lines = BTreeSet::new();
        for attr in &self.attrs {
            if let (Some(first), Some(last)) = (attr.first(), attr.last()) {
                lines.extend(first.line..=last.line);
            }
        }
        lines
    }
}

/// What a `{` opened.
#[derive(Debug, Clone)]
enum Block {
    /// An inline `mod name { ... }`.
    Module {
        name: String,
        public: bool,
        test: bool,
    },
    /// An `impl` block: inherent or of a trait, and for which type.
    Impl {
        inherent: bool,
        self_type: String,
        test: bool,
    },
    /// Anything else: a function body, a struct, a trait, a macro...
    Other,
}

/// A public function found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PubFn {
    /// The line of its `pub` keyword.
    line: usize,
    /// `Type::name` for methods, `module::name` for functions of inline
    /// modules, else `name` (the file tells the module).
    path: String,
    /// Its bare name.
    name: String,
    /// Its doc comment, `///` stripped, one string per line.
    doc: Vec<String>,
}

/// The type an `impl` head is for, and whether it is inherent (no trait).
fn impl_target(rest: &[&Token]) -> (bool, String) {
    // Skip `unsafe`, `impl` and the impl's generic parameters.
    let mut i = rest.iter().position(|t| t.is_ident("impl")).unwrap_or(0) + 1;
    if rest.get(i).is_some_and(|t| t.is_punct('<')) {
        let mut depth = 0;
        while i < rest.len() {
            let arrow = i > 0 && rest[i - 1].is_punct('-');
            if rest[i].is_punct('<') {
                depth += 1;
            } else if rest[i].is_punct('>') && !arrow {
                depth -= 1;
                if depth == 0 {
                    i += 1;
                    break;
                }
            }
            i += 1;
        }
    }
    let mut tail = &rest[i.min(rest.len())..];
    let mut inherent = true;
    if let Some(f) = tail
        .iter()
        .enumerate()
        .position(|(k, t)| t.is_ident("for") && !tail.get(k + 1).is_some_and(|n| n.is_punct('<')))
    {
        inherent = false;
        tail = &tail[f + 1..];
    }
    // The type path: the last identifier before generics, `where` or `{`.
    let mut name = String::new();
    for t in tail {
        match t.ident() {
            Some("where") => break,
            Some("dyn" | "mut") => {}
            Some(id) => name = id.to_string(),
            None if t.is_punct(':') || t.is_punct('&') => {}
            None => break,
        }
    }
    (inherent, name)
}

/// The names of the types a file declares `pub` (`struct`, `enum`,
/// `union`, `trait`, `type`).
fn pub_types(tokens: &[Token]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for w in tokens.windows(3) {
        if w[0].is_ident("pub")
            && ["struct", "enum", "union", "trait", "type"]
                .iter()
                .any(|k| w[1].is_ident(k))
        {
            if let Some(name) = w[2].ident() {
                out.insert(name.to_string());
            }
        }
    }
    out
}

/// The `mod name;` declarations at the top level of a file: `(name, pub)`.
fn declared_modules(tokens: &[Token]) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                start = i + 1;
            }
            Tok::Punct(';') if depth == 0 => {
                let head = Head::new(&tokens[start..i]);
                if let Some(m) = head.rest.iter().position(|t| t.is_ident("mod")) {
                    if let Some(name) = head.rest.get(m + 1).and_then(|t| t.ident()) {
                        // A `#[cfg(test)]` module is part of the tree but
                        // never public.
                        if m + 2 == head.rest.len() {
                            out.push((name.to_string(), head.is_pub() && !head.is_test()));
                        }
                    }
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// The public functions of one file (see the crate docs for which count).
/// `file_public`: the file's module and all its parents are `pub mod`.
/// `types`: the crate's public types, whose inherent methods are public
/// wherever their `impl` stands.
fn public_fns(src: &str, file_public: bool, types: &BTreeSet<String>) -> Vec<PubFn> {
    let lines: Vec<&str> = src.lines().collect();
    let tokens = lex(src);
    let mut stack: Vec<Block> = Vec::new();
    let mut start = 0;
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::Punct('{') => {
                let head = Head::new(&tokens[start..i]);
                let first = head
                    .rest
                    .iter()
                    .position(|t| !t.is_ident("pub") && !t.is_ident("unsafe"));
                let keyword = |k: &str| head.rest.iter().any(|t| t.is_ident(k));
                let block = if keyword("fn") || keyword("macro_rules") {
                    Block::Other
                } else if head.rest.len() >= 2 && head.rest[head.rest.len() - 2].is_ident("mod") {
                    Block::Module {
                        name: head.rest[head.rest.len() - 1]
                            .ident()
                            .unwrap_or("")
                            .to_string(),
                        public: head.is_pub(),
                        test: head.is_test(),
                    }
                } else if first.is_some_and(|f| head.rest[f].is_ident("impl")) {
                    let (inherent, self_type) = impl_target(&head.rest);
                    Block::Impl {
                        inherent,
                        self_type,
                        test: head.is_test(),
                    }
                } else {
                    Block::Other
                };
                stack.push(block);
                start = i + 1;
            }
            Tok::Punct('}') => {
                stack.pop();
                start = i + 1;
            }
            Tok::Punct(';') => start = i + 1,
            Tok::Ident(ref word) if word == "fn" => {
                let head = Head::new(&tokens[start..i]);
                let qualifiers_only = head.rest.iter().skip(1).all(|t| {
                    t.tok == Tok::Lit
                        || ["const", "unsafe", "async", "extern", "safe"]
                            .iter()
                            .any(|k| t.is_ident(k))
                });
                if !head.is_pub() || !qualifiers_only || head.is_test() {
                    continue;
                }
                if head.has_attr("doc", "hidden") {
                    continue;
                }
                let Some(name) = tokens.get(i + 1).and_then(|t| t.ident()) else {
                    continue;
                };
                let Some(path) = reachable_path(&stack, file_public, types, name) else {
                    continue;
                };
                let pub_line = head.rest[0].line;
                out.push(PubFn {
                    line: pub_line,
                    path,
                    name: name.to_string(),
                    doc: doc_above(&lines, pub_line, &head.attr_lines()),
                });
            }
            _ => {}
        }
    }
    out
}

/// The path a user reaches a function `name` by, given the blocks it stands
/// in; `None` when no user can call it.
fn reachable_path(
    stack: &[Block],
    file_public: bool,
    types: &BTreeSet<String>,
    name: &str,
) -> Option<String> {
    let mut modules = Vec::new();
    let mut all_public = file_public;
    for (depth, block) in stack.iter().enumerate() {
        match block {
            Block::Other => return None,
            Block::Module { test: true, .. } | Block::Impl { test: true, .. } => return None,
            Block::Module { name, public, .. } => {
                all_public &= public;
                modules.push(name.as_str());
            }
            Block::Impl {
                inherent,
                self_type,
                ..
            } => {
                // Only the innermost block can be an impl (impls hold no
                // items that hold functions).
                if depth + 1 != stack.len() || !inherent || !types.contains(self_type) {
                    return None;
                }
                return Some(format!("{self_type}::{name}"));
            }
        }
    }
    if !all_public {
        return None;
    }
    modules.push(name);
    Some(modules.join("::"))
}

/// The doc comment directly above line `line` (1-based): `///` lines,
/// skipping attribute lines and plain comments between them.
fn doc_above(lines: &[&str], line: usize, attr_lines: &BTreeSet<usize>) -> Vec<String> {
    let mut doc = Vec::new();
    let mut n = line - 1; // the line above, 1-based
    while n >= 1 {
        let text = lines[n - 1].trim_start();
        if let Some(d) = text.strip_prefix("///") {
            doc.push(d.strip_prefix(' ').unwrap_or(d).to_string());
        } else if !(attr_lines.contains(&n) || text.starts_with("//") && !text.starts_with("//!")) {
            break;
        }
        n -= 1;
    }
    doc.reverse();
    doc
}

// ----- examples --------------------------------------------------------------

/// True when `doc` holds an example of `name`: a fenced block rustdoc runs,
/// naming `name` as a whole word, with an assertion (or `should_panic`).
fn has_example(doc: &[String], name: &str) -> bool {
    let mut block: Option<(String, String)> = None; // (info, body)
    for line in doc {
        let trimmed = line.trim_start();
        let fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        match (&mut block, fence) {
            (None, true) => block = Some((trimmed[3..].trim().to_string(), String::new())),
            (Some((info, body)), true) => {
                if runs(info) && asserts(info, body) && names(body, name) {
                    return true;
                }
                block = None;
            }
            (Some((_, body)), false) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, false) => {}
        }
    }
    false
}

/// True for a code block rustdoc compiles and runs as a test.
fn runs(info: &str) -> bool {
    info.split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .all(|t| t == "rust" || t == "should_panic" || t.starts_with("edition"))
}

fn asserts(info: &str, body: &str) -> bool {
    info.contains("should_panic") || body.contains("assert")
}

/// True when `name` appears in `body` as a whole identifier.
fn names(body: &str, name: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    body.match_indices(name).any(|(i, _)| {
        !body[..i].chars().next_back().is_some_and(is_word)
            && !body[i + name.len()..].chars().next().is_some_and(is_word)
    })
}

// ----- the crate -------------------------------------------------------------

/// Every file of the module tree under `lib.rs`, relative to `src/`, with
/// whether it and all its parents are `pub mod`.
fn module_tree() -> BTreeMap<String, bool> {
    let mut tree = BTreeMap::new();
    let mut todo = vec![(PathBuf::from("lib.rs"), true)];
    while let Some((rel, public)) = todo.pop() {
        let text = fs::read_to_string(Path::new(SRC).join(&rel))
            .unwrap_or_else(|e| panic!("src/{}: {e}", rel.display()));
        // Children of lib.rs and mod.rs sit beside them; of x.rs, in x/.
        let dir = match rel.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => rel.parent().unwrap().to_path_buf(),
            _ => rel.with_extension(""),
        };
        for (name, is_pub) in declared_modules(&lex(&text)) {
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(&name).join("mod.rs");
            let child = if Path::new(SRC).join(&flat).exists() {
                flat
            } else {
                nested
            };
            todo.push((child, public && is_pub));
        }
        tree.insert(rel.to_string_lossy().replace('\\', "/"), public);
    }
    tree
}

/// Every `.rs` file under `dir`, relative to `src/`.
fn rust_files(dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(SRC).unwrap();
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Every public function of the crate: `(file relative to src/, function)`.
fn crate_fns() -> Vec<(String, PubFn)> {
    let tree = module_tree();
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    files.retain(|f| !f.starts_with("bin/"));
    files.sort();
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            (
                f.clone(),
                fs::read_to_string(Path::new(SRC).join(f)).unwrap(),
            )
        })
        .collect();
    let types: BTreeSet<String> = sources
        .iter()
        .flat_map(|(_, s)| pub_types(&lex(s)))
        .collect();
    let mut out = Vec::new();
    for (file, text) in &sources {
        let Some(&public) = tree.get(file) else {
            panic!("src/{file} is not a module of the crate (no `mod` line reaches it)");
        };
        for f in public_fns(text, public, &types) {
            out.push((file.clone(), f));
        }
    }
    out
}

#[test]
fn every_public_function_has_an_example() {
    let fns = crate_fns();
    let missing: Vec<&(String, PubFn)> = fns
        .iter()
        .filter(|(_, f)| !has_example(&f.doc, &f.name))
        .collect();
    let exempt = |file: &str, f: &PubFn| {
        EXEMPT
            .iter()
            .any(|(ef, ep, _)| *ef == file && (*ep == f.path || *ep == f.name))
    };

    println!(
        "{} public functions, {} with an example, {} without:",
        fns.len(),
        fns.len() - missing.len(),
        missing.len()
    );
    let mut failures = Vec::new();
    for (file, f) in &missing {
        let note = if PENDING.contains(&file.as_str()) {
            " (pending)"
        } else if exempt(file, f) {
            " (exempt)"
        } else {
            failures.push(format!("src/{file}:{}: {}", f.line, f.path));
            ""
        };
        println!("  src/{file}:{}: {}{note}", f.line, f.path);
    }

    for pending in PENDING {
        if !Path::new(SRC).join(pending).exists() {
            println!("PENDING names src/{pending}, which does not exist: remove it");
        } else if !missing.iter().any(|(file, _)| file == pending) {
            println!(
                "src/{pending} has no public function without an example: remove it from PENDING"
            );
        }
    }
    for (file, path, _) in EXEMPT {
        assert!(
            missing
                .iter()
                .any(|(f, pf)| f == file && (pf.path == *path || pf.name == *path)),
            "EXEMPT lists {path} in src/{file}, which is no public function without an example"
        );
    }
    assert!(
        failures.is_empty(),
        "public functions without a runnable, asserting example naming them:\n{}",
        failures.join("\n")
    );
}

/// The checker must be able to fail: a planted file with every kind of
/// function is read as it should be.
#[test]
fn the_checker_finds_public_functions_and_their_examples() {
    const PLANTED: &str = r####"
pub struct Public;
struct Private;

/// Has one.
///
/// ```
/// assert_eq!(documented(), 1);
/// ```
#[inline]
pub fn documented() -> u32 { let s = "}{"; let r = r#"}"#; let c = '{'; let l: &'static str = s; 1 }

/// No example.
pub const fn bare() {}

/// Calls it, asserts nothing.
///
/// ```
/// only_called();
/// ```
pub unsafe fn only_called() {}

/// ```text
/// assert!(in_text());
/// ```
pub fn in_text() {}

/// ```no_run
/// assert!(not_run());
/// ```
pub fn not_run() {}

/// Asserts, but never names it.
/// ```
/// assert!(true);
/// ```
pub fn unnamed() {}

/// ```
/// assert!(attrs_between());
/// ```
#[inline]
// a plain comment
#[allow(
    clippy::all
)]
pub fn attrs_between() -> bool { true }

pub(crate) fn internal() {}
pub(super) fn internal_too() {}
fn private() {}

impl Public {
    /// ```
    /// # use x::Public;
    /// assert!(Public::method());
    /// ```
    pub fn method() -> bool { true }
    pub fn undocumented_method() {}
    fn private_method() {}
    #[doc(hidden)]
    pub fn hidden_method() {}
}

impl Private { pub fn on_private_type() {} }

impl<'a, F: FnMut(&Public) -> u64> core::fmt::Display for Public {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { Ok(()) }
}

#[cfg(test)]
mod tests {
    pub fn in_tests() {}
    impl super::Public { pub fn test_helper() {} }
}

mod private_mod {
    pub fn unreachable() {}
    impl super::Public { pub fn reachable_method() {} }
}

pub mod inline { pub fn nested() {} }

#[doc(hidden)]
pub fn hidden_hook() {}

macro_rules! m { () => { pub fn from_macro() {} } }

pub fn outer() { pub fn inner() {} }
"####;
    let types = pub_types(&lex(PLANTED));
    assert_eq!(types, BTreeSet::from(["Public".to_string()]));
    let found = |public| -> Vec<(String, bool)> {
        public_fns(PLANTED, public, &types)
            .into_iter()
            .map(|f| {
                let ok = has_example(&f.doc, &f.name);
                (f.path, ok)
            })
            .collect()
    };
    let expect = |list: &[(&str, bool)]| -> Vec<(String, bool)> {
        list.iter().map(|(p, ok)| (p.to_string(), *ok)).collect()
    };
    assert_eq!(
        found(true),
        expect(&[
            ("documented", true),
            ("bare", false),
            ("only_called", false),
            ("in_text", false),
            ("not_run", false),
            ("unnamed", false),
            ("attrs_between", true),
            ("Public::method", true),
            ("Public::undocumented_method", false),
            ("Public::reachable_method", false),
            ("inline::nested", false),
            ("outer", false),
        ])
    );
    // In a private module only the methods of public types are reachable.
    assert_eq!(
        found(false),
        expect(&[
            ("Public::method", true),
            ("Public::undocumented_method", false),
            ("Public::reachable_method", false),
        ])
    );
    // The line is the `pub` keyword's.
    let fns = public_fns(PLANTED, true, &types);
    let line_of = |name: &str| fns.iter().find(|f| f.name == name).unwrap().line;
    let planted_line = |needle: &str| PLANTED.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert_eq!(line_of("bare"), planted_line("pub const fn bare"));
    assert_eq!(
        line_of("attrs_between"),
        planted_line("pub fn attrs_between")
    );

    let modules = declared_modules(&lex(
        "pub mod a;\nmod b;\n#[cfg(feature = \"x\")]\npub mod c;\n#[cfg(test)]\npub mod tests;\npub(crate) mod d;\nmod inline { mod e; }",
    ));
    assert_eq!(
        modules,
        // `#[cfg(test)] pub mod` would still be private: only tests see it.
        [
            ("a", true),
            ("b", false),
            ("c", true),
            ("tests", false),
            ("d", false),
        ]
        .map(|(n, p)| (n.to_string(), p))
    );
}

/// The real crate is read as expected: a method in a private module's
/// `impl Board` counts, crate-internal helpers do not.
#[test]
fn the_checker_reads_the_crate() {
    let tree = module_tree();
    assert_eq!(tree.get("board/fen.rs"), Some(&true));
    assert_eq!(tree.get("board/make.rs"), Some(&false));
    let fns = crate_fns();
    let has = |file: &str, path: &str| fns.iter().any(|(f, pf)| f == file && pf.path == path);
    assert!(has("board/make.rs", "Board::make_move"));
    assert!(has("moves.rs", "MoveList::push"));
    assert!(has("attacks.rs", "rook_attacks"));
    assert!(!has("board/hash.rs", "Board::put_piece"));
    assert!(!fns.iter().any(|(_, f)| f.name == "perft_portable"));
    assert!(fns.len() > 150, "only {} public functions found", fns.len());
}
