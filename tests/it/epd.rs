//! EPD lines: lines of published test suites read and written back, every
//! operand kind, the errors, and seeded random round trips (positions
//! from random games, moves and variations from their legal moves).
//! python/tests/test_epd.py compares reading and writing with
//! python-chess's `Board.set_epd` and `Board.epd` on random positions and
//! on the EPD files of python-chess's source distribution.

use crate::common::standard_suite;
use magicboard::epd::{Epd, EpdError, Operand};
use magicboard::{Board, CastlingMode, FenError, SanError};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The first lines of Fred Reinfeld's "Win at Chess" (1958) as the
/// engine-testing world distributes them (WAC.epd), and of the ERET suite
/// (Eigenmann Rapid Engine Test, 2017), unchanged.
const SUITE_LINES: [&str; 6] = [
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"WAC.003\";",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id \"WAC.004\";",
    "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm Qc4+; id \"WAC.005\";",
    "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id \"ERET 001 - Relief\";",
];

#[test]
fn suite_lines_read_and_write_back() {
    for line in SUITE_LINES {
        let epd: Epd = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(epd.best_moves().len(), 1, "{line}");
        let bm = epd.best_moves()[0];
        assert!(epd.board().is_legal(bm));
        // The SAN as written, up to the check sign the suites sometimes omit.
        let written = line.split("bm ").nth(1).unwrap().split(';').next().unwrap();
        assert_eq!(
            epd.board().to_san(bm).trim_end_matches('+'),
            written.trim_end_matches('+')
        );
        assert!(epd.id().unwrap().starts_with("WAC.") || epd.id().unwrap().starts_with("ERET"));
        let again: Epd = epd.to_string().parse().unwrap();
        assert_eq!(again, epd, "{line}");
    }
    // WAC.004 writes its check: the line comes back as it was.
    assert_eq!(
        SUITE_LINES[3].parse::<Epd>().unwrap().to_string(),
        SUITE_LINES[3]
    );
}

#[test]
fn every_operand_kind() {
    let line = "4k3/8/8/8/8/8/4P3/R3K3 w Q - bm e4 O-O-O; am Kf1; pv e4 Kd7 e5; ce -12; acd 7; \
                dm 3; c0 \"one \\\"two\\\"\\\\three\\tfour\"; c9 \"last\"; D2 123; x1 some text here; \
                z9; fz 2.5e1; hmvc 3; fmvn 17; -; ok;";
    let epd: Epd = line.parse().unwrap();
    let board = epd.board();
    let uci = |moves: &[magicboard::Move]| -> Vec<String> {
        moves.iter().map(|&m| board.to_uci(m).to_string()).collect()
    };
    assert_eq!(uci(epd.best_moves()), ["e2e4", "e1c1"]);
    assert_eq!(uci(epd.avoid_moves()), ["e1f1"]);
    assert_eq!(epd.pv().len(), 3);
    assert_eq!(epd.centipawns(), Some(-12));
    assert_eq!(epd.depth(), Some(7));
    assert_eq!(epd.mate(), Some(3));
    assert_eq!(epd.comment(0), Some("one \"two\"\\three\tfour"));
    assert_eq!(epd.comment(9), Some("last"));
    assert_eq!(epd.comment(200), None);
    assert_eq!(epd.perft(2), Some(123));
    assert_eq!(epd.get("x1"), Some(&Operand::Text("some text here".into())));
    assert_eq!(epd.get("z9"), Some(&Operand::None));
    assert_eq!(epd.get("fz"), Some(&Operand::Float(25.0)));
    assert_eq!(epd.get("ok"), Some(&Operand::None));
    assert_eq!(board.halfmove_clock(), 3);
    assert_eq!(board.fullmove_number(), 17);
    // The lone `-` is no opcode; the rest come back in order.
    let opcodes: Vec<&str> = epd.operations().map(|(op, _)| op).collect();
    assert_eq!(
        opcodes,
        [
            "bm", "am", "pv", "ce", "acd", "dm", "c0", "c9", "D2", "x1", "z9", "fz", "hmvc",
            "fmvn", "ok"
        ]
    );
    let written = epd.to_string();
    assert!(
        written.contains(" bm e4 O-O-O; am Kf1; pv e4 Kd7 e5; ce -12;"),
        "{written}"
    );
    assert!(
        written.contains(" c0 \"one \\\"two\\\"\\\\three\\tfour\";"),
        "{written}"
    );
    assert!(
        written.contains(" fz 25.0; hmvc 3; fmvn 17; ok;"),
        "{written}"
    );
    assert_eq!(written.parse::<Epd>().unwrap(), epd);
}

#[test]
fn errors_name_the_problem() {
    let err = |line: &str| line.parse::<Epd>().unwrap_err();
    assert_eq!(
        err("4k3/8/8/8 w - -"),
        EpdError::Fen(FenError::WrongRankCount(4))
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w"),
        EpdError::Fen(FenError::WrongFieldCount(2))
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 9x 1;"),
        EpdError::BadOpcode("9x".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - pv Kd2 Kd7 Kd3 Kd7;"),
        EpdError::Move {
            opcode: "pv".into(),
            san: "Kd7".into(),
            error: SanError::Illegal
        },
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/1N2KN2 w - - bm Nd2;"),
        EpdError::Move {
            opcode: "bm".into(),
            san: "Nd2".into(),
            error: SanError::Ambiguous
        },
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - hmvc -1;"),
        EpdError::BadClock("hmvc".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - fmvn \"x\";"),
        EpdError::BadClock("fmvn".into())
    );
    // Never a panic on garbage after a valid position.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let alphabet: Vec<char> = "abcdeKQRNBx0123456789 ;\"\\-+.=#O".chars().collect();
    for _ in 0..5_000 {
        let tail: String = (0..rng.random_range(0..40))
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let line = format!("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - {tail}");
        if let Ok(epd) = line.parse::<Epd>() {
            let again: Epd = epd
                .to_string()
                .parse()
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(again.to_string(), epd.to_string(), "{line}");
        }
    }
}

/// Random positions with random operations of every kind, written and read
/// back.
#[test]
fn random_round_trips() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(55);
    let mut checked = 0;
    for entry in standard_suite() {
        let mut board = entry.board.clone();
        for _ in 0..rng.random_range(0..20) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.make_move(moves[rng.random_range(0..moves.len())]);
        }
        let mut epd = Epd::new(board.clone());
        let moves = board.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let some: Vec<_> = moves
            .iter()
            .copied()
            .filter(|_| rng.random_bool(0.3))
            .collect();
        epd.set("bm", Operand::Moves(some.clone())).unwrap();
        epd.set("am", Operand::Moves(moves[..1].to_vec())).unwrap();
        let mut line = Vec::new();
        let mut b = board.clone();
        for _ in 0..rng.random_range(0..8) {
            let ms = b.legal_moves();
            if ms.is_empty() {
                break;
            }
            let mv = ms[rng.random_range(0..ms.len())];
            line.push(mv);
            b.make_move(mv);
        }
        epd.set("pv", Operand::Moves(line.clone())).unwrap();
        epd.set("ce", Operand::Integer(rng.random_range(-30000..30000)))
            .unwrap();
        epd.set(
            "c3",
            Operand::String(format!("\"q\"\\ {}\t\n\r", rng.random_range(0..9))),
        )
        .unwrap();
        epd.set(
            "acs",
            Operand::Float(f64::from(rng.random_range(0..1000)) / 8.0),
        )
        .unwrap();
        let text = epd.to_string();
        let again = Epd::parse_with(&text, CastlingMode::Standard).unwrap();
        assert_eq!(again.best_moves(), some.as_slice(), "{text}");
        assert_eq!(again.pv(), line.as_slice(), "{text}");
        assert_eq!(again.to_string(), text);
        // The board comes back up to its clocks (EPD without hmvc/fmvn).
        assert!(again.board().same_position(&board), "{text}");
        checked += 1;
    }
    assert!(checked > 100);
    // An illegal move is refused by `set`, and the line keeps its operand.
    let mut epd = Epd::new(Board::startpos());
    epd.set("bm", Operand::Moves(vec![])).unwrap();
    let e5 = magicboard::Move::new(magicboard::Square::E7, magicboard::Square::E5, None);
    assert!(epd.set("bm", Operand::Moves(vec![e5])).is_err());
    assert_eq!(epd.get("bm"), Some(&Operand::Moves(vec![])));
}
