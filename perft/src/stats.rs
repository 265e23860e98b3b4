//! `--stats`: the leaf moves counted by kind, as the Chess Programming
//! Wiki's "Perft Results" tables give them (the library's `PerftStats`),
//! printed as lines or JSON.

use magicboard::perft::PerftStats;
use serde_json::json;

/// The columns' labels in text output, in `PerftStats::columns` order.
pub const LABELS: [&str; 9] = [
    "Nodes searched",
    "Captures",
    "En passant",
    "Castles",
    "Promotions",
    "Checks",
    "Discovered checks",
    "Double checks",
    "Checkmates",
];

/// One `Label: value` line per column (`Nodes searched: N` first).
pub fn print_lines(stats: &PerftStats) {
    for (label, value) in LABELS.iter().zip(stats.columns()) {
        outln!("{label}: {value}");
    }
}

/// A divide line: `e2e4: N captures=... checkmates=...`.
pub fn divide_line(mv: &str, stats: &PerftStats) -> String {
    let mut line = format!("{mv}: {}", stats.nodes);
    for (name, value) in PerftStats::NAMES.iter().zip(stats.columns()).skip(1) {
        line.push_str(&format!(" {name}={value}"));
    }
    line
}

/// The columns as a JSON object (`{"nodes": ..., "captures": ..., ...}`).
pub fn json(stats: &PerftStats) -> serde_json::Value {
    let mut object = serde_json::Map::new();
    for (name, value) in PerftStats::NAMES.iter().zip(stats.columns()) {
        object.insert((*name).to_string(), json!(value));
    }
    serde_json::Value::Object(object)
}
