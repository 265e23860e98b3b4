//! python-chess's data/endgame.epd: 200 positions of 3 and 4 pieces with
//! their WDL and DTZ, as python-chess's own test suite checks them.

use crate::common::{data, have_all_tables, tables};
use magicboard::Board;

/// (FEN, WDL, DTZ) for each line: `<4 FEN fields> wdl_table N; wdl N; dtz N;`.
fn positions() -> Vec<(String, i32, i32)> {
    let text = std::fs::read_to_string(data("endgame.epd")).expect("endgame.epd is readable");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = format!(
                "{} {} {} {} 0 1",
                fields[0], fields[1], fields[2], fields[3]
            );
            let value = |name: &str| -> i32 {
                let rest = &line[line.find(&format!(" {name} ")).expect(name) + name.len() + 2..];
                rest[..rest.find(';').unwrap()].trim().parse().unwrap()
            };
            (fen, value("wdl"), value("dtz"))
        })
        .collect()
}

#[test]
fn every_position_agrees_with_python_chess() {
    if !have_all_tables("epd::every_position_agrees_with_python_chess") {
        return;
    }
    let tables = tables();
    let positions = positions();
    assert_eq!(positions.len(), 200);
    let mut wrong = Vec::new();
    for (fen, wdl, dtz) in &positions {
        let board = Board::from_fen(fen).unwrap();
        let got_wdl = tables.probe_wdl(&board).map(|w| w.value());
        let got_dtz = tables.probe_dtz(&board).map(|d| d.0);
        if got_wdl.as_ref().ok() != Some(wdl) || got_dtz.as_ref().ok() != Some(dtz) {
            wrong.push(format!(
                "{fen}: wdl {got_wdl:?} dtz {got_dtz:?}, expected {wdl} {dtz}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 200 disagree:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
