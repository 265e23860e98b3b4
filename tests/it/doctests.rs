//! Every public function has a runnable example.
//!
//! The test parses every `.rs` file under `src/` with `syn` and finds each
//! function a user of the crate can call: a `pub fn` (`const`, `unsafe`
//! and the like included; `pub(crate)` and `pub(super)` are not public)
//! that is either
//!
//! * a free function of a public module: every module from `lib.rs` down
//!   to it is declared `pub mod` (the module tree is read from the `mod`
//!   items of `lib.rs` and the files they name, so `src/board/mod.rs`'s
//!   `pub mod fen` is public and its `mod make` is not), or
//! * a method in an inherent `impl` block of a public type (a `pub struct`,
//!   `pub enum`, ... of the crate), wherever the block stands: `impl Board`
//!   in the private `board/make.rs` still gives `Board::make_move` to
//!   every user.
//!
//! Not counted: anything under `#[cfg(test)]`, inside a function body or a
//! macro, and `#[doc(hidden)]` functions (hooks for the tests, not part of
//! the documented API).
//!
//! Each such function's doc comment must hold an **example**: a fenced
//! code block that rustdoc runs (no `ignore`, `no_run`, `compile_fail` or
//! other-language tag such as `text`), that names the function, and that
//! asserts (`assert!`, `assert_eq!`, `assert_ne!`, `debug_assert...`, or a
//! `should_panic` block). A block that only calls the function does not
//! count.
//!
//! `cargo test --all-features --test it -- doctests:: --nocapture` prints
//! the counts and every function without an example.

use proc_macro2::TokenTree;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use syn::{Attribute, Expr, ImplItem, Item, Lit, Meta, Type, Visibility};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Functions exempt from the rule, as `(file, Type::name or name, why)`:
/// only where an example truly adds nothing. An entry that matches no
/// function missing an example fails the test.
const EXEMPT: &[(&str, &str, &str)] = &[];

// ----- items -----------------------------------------------------------------

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
    /// Its doc comment, one string per line, the space after `///` removed.
    doc: Vec<String>,
}

fn parse(file: &str, text: &str) -> syn::File {
    syn::parse_file(text).unwrap_or_else(|e| panic!("src/{file}: {e}"))
}

/// `pub` alone (not `pub(crate)`, `pub(super)`, `pub(in ...)`): the line
/// of the keyword.
fn pub_line(vis: &Visibility) -> Option<usize> {
    match vis {
        Visibility::Public(token) => Some(token.span.start().line),
        _ => None,
    }
}

/// The attribute `#[name(...)]`'s tokens, for each such attribute.
fn attr_lists<'a>(attrs: &'a [Attribute], name: &'a str) -> impl Iterator<Item = String> + 'a {
    attrs.iter().filter_map(move |attr| match &attr.meta {
        Meta::List(list) if list.path.is_ident(name) => Some(list.tokens.to_string()),
        _ => None,
    })
}

/// `#[cfg(test)]` exactly (`#[cfg(any(test, feature = "x"))]` code is
/// public with the feature).
fn is_test(attrs: &[Attribute]) -> bool {
    attr_lists(attrs, "cfg").any(|tokens| tokens == "test")
}

/// `#[doc(hidden)]`.
fn is_hidden(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| match &attr.meta {
        Meta::List(list) if list.path.is_ident("doc") => list
            .tokens
            .clone()
            .into_iter()
            .any(|t| matches!(t, TokenTree::Ident(i) if i == "hidden")),
        _ => false,
    })
}

/// The doc comment: the `#[doc = "..."]` attributes (`///` and `/** */`
/// comments), one string per line.
fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    let mut doc = Vec::new();
    for attr in attrs {
        if let Meta::NameValue(nv) = &attr.meta {
            if let (true, Expr::Lit(lit)) = (nv.path.is_ident("doc"), &nv.value) {
                if let Lit::Str(text) = &lit.lit {
                    for line in text.value().split('\n') {
                        doc.push(line.strip_prefix(' ').unwrap_or(line).to_string());
                    }
                }
            }
        }
    }
    doc
}

/// The name of the type an inherent `impl` is for: the last segment of its
/// path (`impl super::Public` is `Public`'s).
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Group(g) => type_name(&g.elem),
        Type::Paren(p) => type_name(&p.elem),
        _ => None,
    }
}

/// The names of the types declared `pub` (`struct`, `enum`, `union`,
/// `trait`, `type`) among `items` and the inline modules they hold.
fn pub_types(items: &[Item], out: &mut BTreeSet<String>) {
    for item in items {
        let (vis, ident) = match item {
            Item::Struct(i) => (&i.vis, &i.ident),
            Item::Enum(i) => (&i.vis, &i.ident),
            Item::Union(i) => (&i.vis, &i.ident),
            Item::Trait(i) => (&i.vis, &i.ident),
            Item::Type(i) => (&i.vis, &i.ident),
            Item::Mod(m) => {
                if let Some((_, content)) = &m.content {
                    pub_types(content, out);
                }
                continue;
            }
            _ => continue,
        };
        if pub_line(vis).is_some() {
            out.insert(ident.to_string());
        }
    }
}

/// The `mod name;` items of a file (not inline modules): `(name, pub)`.
/// A `#[cfg(test)]` module is part of the tree but never public.
fn declared_modules(file: &syn::File) -> Vec<(String, bool)> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(m) if m.content.is_none() => Some((
                m.ident.to_string(),
                pub_line(&m.vis).is_some() && !is_test(&m.attrs),
            )),
            _ => None,
        })
        .collect()
}

/// The public functions among `items` (see the module docs for which
/// count). `modules`: the inline modules around them; `public`: whether
/// the file and those modules are all `pub mod`; `types`: the crate's
/// public types, whose inherent methods are public wherever their `impl`
/// stands.
fn collect_fns(
    items: &[Item],
    modules: &mut Vec<String>,
    public: bool,
    types: &BTreeSet<String>,
    out: &mut Vec<PubFn>,
) {
    for item in items {
        match item {
            Item::Fn(f) if public && !is_test(&f.attrs) && !is_hidden(&f.attrs) => {
                if let Some(line) = pub_line(&f.vis) {
                    let name = f.sig.ident.to_string();
                    let path = modules
                        .iter()
                        .cloned()
                        .chain([name.clone()])
                        .collect::<Vec<_>>()
                        .join("::");
                    out.push(PubFn {
                        line,
                        path,
                        name,
                        doc: doc_lines(&f.attrs),
                    });
                }
            }
            Item::Mod(m) if !is_test(&m.attrs) => {
                if let Some((_, content)) = &m.content {
                    modules.push(m.ident.to_string());
                    let inner = public && pub_line(&m.vis).is_some();
                    collect_fns(content, modules, inner, types, out);
                    modules.pop();
                }
            }
            Item::Impl(block) if block.trait_.is_none() && !is_test(&block.attrs) => {
                let Some(ty) = type_name(&block.self_ty).filter(|t| types.contains(t)) else {
                    continue;
                };
                for member in &block.items {
                    let ImplItem::Fn(f) = member else { continue };
                    if is_test(&f.attrs) || is_hidden(&f.attrs) {
                        continue;
                    }
                    if let Some(line) = pub_line(&f.vis) {
                        let name = f.sig.ident.to_string();
                        out.push(PubFn {
                            line,
                            path: format!("{ty}::{name}"),
                            name,
                            doc: doc_lines(&f.attrs),
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// The public functions of one parsed file. `file_public`: the file's
/// module and all its parents are `pub mod`.
fn public_fns(file: &syn::File, file_public: bool, types: &BTreeSet<String>) -> Vec<PubFn> {
    let mut out = Vec::new();
    collect_fns(&file.items, &mut Vec::new(), file_public, types, &mut out);
    out
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
/// whether it and all its parents are `pub mod`, and its parsed syntax.
fn module_tree() -> BTreeMap<String, (bool, syn::File)> {
    let mut tree = BTreeMap::new();
    let mut todo = vec![(PathBuf::from("lib.rs"), true)];
    while let Some((rel, public)) = todo.pop() {
        let name = rel.to_string_lossy().replace('\\', "/");
        let text = fs::read_to_string(Path::new(SRC).join(&rel))
            .unwrap_or_else(|e| panic!("src/{name}: {e}"));
        let file = parse(&name, &text);
        // Children of lib.rs and mod.rs sit beside them; of x.rs, in x/.
        let dir = match rel.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => rel.parent().unwrap().to_path_buf(),
            _ => rel.with_extension(""),
        };
        for (module, is_pub) in declared_modules(&file) {
            let flat = dir.join(format!("{module}.rs"));
            let nested = dir.join(&module).join("mod.rs");
            let child = if Path::new(SRC).join(&flat).exists() {
                flat
            } else {
                nested
            };
            todo.push((child, public && is_pub));
        }
        tree.insert(name, (public, file));
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
    for file in &files {
        assert!(
            tree.contains_key(file),
            "src/{file} is not a module of the crate (no `mod` item reaches it)"
        );
    }
    let mut types = BTreeSet::new();
    for (_, file) in tree.values() {
        pub_types(&file.items, &mut types);
    }
    let mut out = Vec::new();
    for (name, (public, file)) in &tree {
        for f in public_fns(file, *public, &types) {
            out.push((name.clone(), f));
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
        let note = if exempt(file, f) {
            " (exempt)"
        } else {
            failures.push(format!("src/{file}:{}: {}", f.line, f.path));
            ""
        };
        println!("  src/{file}:{}: {}{note}", f.line, f.path);
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

/** A block doc comment.
```
assert!(block_doc());
```
*/
pub fn block_doc() -> bool { true }

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
    #[cfg(test)]
    pub fn test_method() {}
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

#[cfg(any(test, feature = "x"))]
pub fn with_a_feature() {}

macro_rules! m { () => { pub fn from_macro() {} } }

pub fn outer() { pub fn inner() {} }
"####;
    let planted = syn::parse_file(PLANTED).unwrap();
    let mut types = BTreeSet::new();
    pub_types(&planted.items, &mut types);
    assert_eq!(types, BTreeSet::from(["Public".to_string()]));
    let found = |public| -> Vec<(String, bool)> {
        public_fns(&planted, public, &types)
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
            ("block_doc", true),
            ("Public::method", true),
            ("Public::undocumented_method", false),
            ("Public::reachable_method", false),
            ("inline::nested", false),
            ("with_a_feature", false),
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
    let fns = public_fns(&planted, true, &types);
    let line_of = |name: &str| fns.iter().find(|f| f.name == name).unwrap().line;
    let planted_line = |needle: &str| PLANTED.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert_eq!(line_of("bare"), planted_line("pub const fn bare"));
    assert_eq!(
        line_of("attrs_between"),
        planted_line("pub fn attrs_between")
    );

    let modules = declared_modules(
        &syn::parse_file(
            "pub mod a;\nmod b;\n#[cfg(feature = \"x\")]\npub mod c;\n#[cfg(test)]\npub mod tests;\npub(crate) mod d;\nmod inline { mod e; }",
        )
        .unwrap(),
    );
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
    assert!(tree["board/fen.rs"].0);
    assert!(!tree["board/make.rs"].0);
    let fns = crate_fns();
    let has = |file: &str, path: &str| fns.iter().any(|(f, pf)| f == file && pf.path == path);
    assert!(has("board/make.rs", "Board::make_move"));
    assert!(has("moves.rs", "MoveList::push"));
    assert!(has("attacks.rs", "rook_attacks"));
    assert!(!has("board/hash.rs", "Board::put_piece"));
    assert!(!fns.iter().any(|(_, f)| f.name == "perft_portable"));
    assert!(fns.len() > 150, "only {} public functions found", fns.len());
}
