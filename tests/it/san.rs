//! SAN writing and parsing, and UCI round trips.
//!
//! Hand-written cases give the SAN of hard moves as the notation rules
//! (FIDE Laws, appendix C; the PGN standard, section 8.2.3) prescribe. The
//! random-game tests check properties that follow from the rules: every
//! legal move's SAN parses back to it, SANs are unique in a position, the
//! disambiguation is minimal, and the accepted variants mean the same move.

use magicboard::{Board, Move, MoveError, PieceKind, SanError};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};
use std::collections::HashSet;

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The SAN of the move given in UCI, checked to parse back.
fn san(board: &Board, uci: &str) -> String {
    let mv = board
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} on {board:?}: {e}"));
    let text = board.to_san(mv);
    assert_eq!(board.parse_san(&text), Ok(mv), "{text} on {board:?}");
    text
}

// ----- hand-written cases -----------------------------------------------------

#[test]
fn knights_disambiguated_by_file() {
    let b = board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san(&b, "b1d2"), "Nbd2");
    assert_eq!(san(&b, "f1d2"), "Nfd2");
    // Only one knight reaches c3 or e3.
    assert_eq!(san(&b, "b1c3"), "Nc3");
    assert_eq!(san(&b, "f1e3"), "Ne3");
    assert_eq!(b.parse_san("Nd2"), Err(SanError::Ambiguous));
}

#[test]
fn knights_disambiguated_by_rank() {
    let b = board("4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(san(&b, "g1f3"), "N1f3");
    assert_eq!(san(&b, "g5f3"), "N5f3");
    assert_eq!(b.parse_san("Nf3"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("Ngf3"), Err(SanError::Ambiguous));
}

#[test]
fn three_knights_need_file_rank_and_both() {
    // Knights c2, c6 and e6 all reach d4. c6 shares its file with c2 and its
    // rank with e6, so it needs both; c2 shares its file, so it gives its
    // rank; e6 has a file of its own.
    let b = board("7k/8/2N1N3/8/8/8/K1N5/8 w - - 0 1");
    assert_eq!(san(&b, "c6d4"), "Nc6d4");
    assert_eq!(san(&b, "c2d4"), "N2d4");
    assert_eq!(san(&b, "e6d4"), "Ned4");
    assert_eq!(b.parse_san("Nd4"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("Ncd4"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("N6d4"), Err(SanError::Ambiguous));
}

#[test]
fn three_queens_need_file_rank_and_both() {
    // Queens e4, h4 and h1 all reach e1: h4 shares its file with h1 and its
    // rank with e4.
    let b = board("1k6/8/8/8/4Q2Q/8/K7/7Q w - - 0 1");
    assert_eq!(san(&b, "h4e1"), "Qh4e1");
    assert_eq!(san(&b, "h1e1"), "Q1e1");
    assert_eq!(san(&b, "e4e1"), "Qee1");
    assert_eq!(b.parse_san("Qe1"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("Qhe1"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("Q4e1"), Err(SanError::Ambiguous));
}

#[test]
fn rooks_disambiguated_by_file_and_rank() {
    let b = board("4k3/8/8/R7/8/8/4K3/R6R w - - 0 1");
    assert_eq!(san(&b, "a1d1"), "Rad1");
    assert_eq!(san(&b, "h1d1"), "Rhd1");
    assert_eq!(san(&b, "a1a3"), "R1a3");
    assert_eq!(san(&b, "a5a3"), "R5a3");
    // The a5 rook alone reaches a6: no disambiguation.
    assert_eq!(san(&b, "a5a6"), "Ra6");
}

#[test]
fn a_pinned_piece_does_not_need_disambiguating() {
    // Knights c3 and g3 both move like they reach e2... but the c3 knight
    // is pinned by the bishop a5 against the king e1, so Ne2 is unique.
    let b = board("4k3/8/8/b7/8/2N3N1/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "g3e2"), "Ne2");
    assert_eq!(b.parse_san("Nce2"), Err(SanError::Illegal));
}

#[test]
fn promotions_with_capture_and_check() {
    // Pawn b7, black rook a8, black king c7. A knight on a8 checks c7; a
    // queen or bishop on b8 checks it along the diagonal.
    let b = board("r7/1Pk5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "b7a8n"), "bxa8=N+");
    assert_eq!(san(&b, "b7a8q"), "bxa8=Q");
    assert_eq!(san(&b, "b7b8q"), "b8=Q+");
    assert_eq!(san(&b, "b7b8b"), "b8=B+");
    assert_eq!(san(&b, "b7b8r"), "b8=R");
    let knight = b.parse_uci("b7a8n").unwrap();
    for text in [
        "bxa8=N+", "bxa8=N", "bxa8N", "bxa8n", "ba8=N", "ba8n", "b7xa8=N", "bxa8=N+!",
    ] {
        assert_eq!(b.parse_san(text), Ok(knight), "{text}");
    }
    // A pawn reaching the last rank must name its piece; a king is no
    // promotion piece; a piece move cannot promote.
    assert_eq!(b.parse_san("bxa8"), Err(SanError::Illegal));
    assert_eq!(b.parse_san("b8"), Err(SanError::Illegal));
    assert_eq!(b.parse_san("b8=K"), Err(SanError::Syntax));
    assert_eq!(b.parse_san("b8="), Err(SanError::Syntax));
    assert_eq!(b.parse_san("Kd2=Q"), Err(SanError::Syntax));
}

#[test]
fn castling_that_gives_mate() {
    // The rook lands on f1 and checks the king f8, whose neighbours are its
    // own rooks and pawns (e8, g8, e7, g7) or on the f-file (f7).
    let b = board("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san(&b, "e1g1"), "O-O#");
    let castle = b.parse_uci("e1g1").unwrap();
    for text in ["O-O", "0-0", "O-O#", "0-0+", "O-O!"] {
        assert_eq!(b.parse_san(text), Ok(castle), "{text}");
    }
    assert_eq!(b.parse_san("O-O-O"), Err(SanError::Illegal));
    assert_eq!(b.parse_san("Kg1"), Err(SanError::Illegal));
}

#[test]
fn castling_when_illegal_is_an_error() {
    // The f1 square is attacked by the bishop on c4: no O-O. The queen side
    // has no right at all. The start position has pieces in the way.
    let b = board("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
    assert_eq!(b.parse_san("O-O"), Err(SanError::Illegal));
    assert_eq!(b.parse_san("O-O-O"), Err(SanError::Illegal));
    assert_eq!(Board::startpos().parse_san("0-0"), Err(SanError::Illegal));
    assert_eq!(Board::startpos().parse_san("0-0-0"), Err(SanError::Illegal));
}

#[test]
fn en_passant() {
    let b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(san(&b, "e5d6"), "exd6");
    assert_eq!(san(&b, "e5e6"), "e6");
    let ep = b.parse_uci("e5d6").unwrap();
    for text in [
        "exd6",
        "ed6",
        "exd6e.p.",
        "exd6 e.p.",
        "exd6 e.p.+",
        "e5xd6",
        "e5d6",
    ] {
        assert_eq!(b.parse_san(text), Ok(ep), "{text}");
    }
}

#[test]
fn checks_and_mates() {
    // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    let b = board("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san(&b, "d8h4"), "Qh4#");
    // Scholar's mate threat: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#.
    let b = board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    assert_eq!(san(&b, "h5f7"), "Qxf7#");
    assert_eq!(san(&b, "c4f7"), "Bxf7+");
    assert_eq!(san(&b, "h5e5"), "Qxe5+");
    assert_eq!(san(&b, "h5h7"), "Qxh7");
}

#[test]
fn piece_and_pawn_captures() {
    // 1. e4 d5: exd5 and the queen's Qe2, a bishop capture after 2... Nf6.
    let b = board("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(san(&b, "e4d5"), "exd5");
    assert_eq!(san(&b, "e4e5"), "e5");
    assert_eq!(san(&b, "f1b5"), "Bb5+");
    assert_eq!(san(&b, "g1e2"), "Ne2");
    assert_eq!(san(&b, "d1e2"), "Qe2");
    assert_eq!(san(&b, "e1e2"), "Ke2");
}

#[test]
fn accepted_variants_in_the_start_position() {
    let b = Board::startpos();
    let nf3 = b.parse_uci("g1f3").unwrap();
    let e4 = b.parse_uci("e2e4").unwrap();
    for text in [
        "Nf3", "Ngf3", "N1f3", "Ng1f3", "Nxf3", "Ng1xf3", "Ng1-f3", "Nf3+", "Nf3#", "Nf3!", "Nf3?",
        "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", " Nf3 ", "Nf3\n",
    ] {
        assert_eq!(b.parse_san(text), Ok(nf3), "{text:?}");
    }
    for text in ["e4", "Pe4", "e2e4", "e2-e4", "ee4", "e4!"] {
        assert_eq!(b.parse_san(text), Ok(e4), "{text:?}");
    }
}

#[test]
fn rejected_text() {
    let b = Board::startpos();
    let cases = [
        ("", SanError::Syntax),
        ("   ", SanError::Syntax),
        ("+", SanError::Syntax),
        ("!?", SanError::Syntax),
        ("N", SanError::Syntax),
        ("Nf", SanError::Syntax),
        ("f3N", SanError::Syntax),
        ("e4=Q", SanError::Syntax),
        ("Zf3", SanError::Syntax),
        ("nf3", SanError::Syntax),
        ("Ni1f3", SanError::Syntax),
        ("e9", SanError::Syntax),
        ("i4", SanError::Syntax),
        ("e4e5e6", SanError::Syntax),
        ("NNf3", SanError::Syntax),
        ("Ngg1f3", SanError::Syntax),
        ("o-o", SanError::Syntax),
        ("O-O-O-O", SanError::Syntax),
        ("--", SanError::Syntax),
        ("g1g3", SanError::Illegal),
        ("0000", SanError::Syntax),
        ("é4", SanError::Syntax),
        ("Ｎf3", SanError::Syntax),
        ("Nf3\u{301}", SanError::Syntax),
        ("e4\u{0}", SanError::Syntax),
        ("Nf4", SanError::Illegal),
        ("Nhf3", SanError::Illegal),
        ("N2f3", SanError::Illegal),
        ("e5", SanError::Illegal),
        ("exd3", SanError::Illegal),
        ("Ke2", SanError::Illegal),
        ("Bb5", SanError::Illegal),
        ("O-O", SanError::Illegal),
        ("Qd8", SanError::Illegal),
    ];
    for (text, want) in cases {
        assert_eq!(b.parse_san(text), Err(want), "{text:?}");
    }
    assert!(!SanError::Ambiguous.to_string().is_empty());
}

#[test]
fn illegal_moves_are_written_as_the_null_move_token() {
    let b = Board::startpos();
    assert_eq!(b.to_san(Move::NULL), "--");
    let e2e5 = Move::new(magicboard::Square::E2, magicboard::Square::E5, None);
    assert_eq!(b.to_san(e2e5), "--");
    assert_eq!(b.parse_san("--"), Err(SanError::Syntax));
}

#[test]
fn random_text_never_panics() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5a11);
    let alphabet: Vec<char> = "NBRQKPnbrqkpabcdefgh12345678xX=+#!?-O0o .epé♞\u{0}\u{301}Ｎ"
        .chars()
        .collect();
    let boards = [
        Board::startpos(),
        board("r7/1Pk5/8/8/8/8/8/4K3 w - - 0 1"),
        board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    ];
    let tries = if cfg!(debug_assertions) {
        20_000
    } else {
        200_000
    };
    let mut accepted = 0;
    for i in 0..tries {
        let len = rng.random_range(0..9);
        let text: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let b = &boards[i % boards.len()];
        if let Ok(mv) = b.parse_san(&text) {
            accepted += 1;
            assert!(b.is_legal(mv), "{text:?} gave illegal {mv:?}");
            assert_eq!(b.parse_san(&b.to_san(mv)), Ok(mv));
        }
        let _ = b.parse_uci(&text);
    }
    assert!(accepted > 0);
    // Random bytes, lossily decoded.
    for _ in 0..tries / 10 {
        let bytes: Vec<u8> = (0..rng.random_range(0..12))
            .map(|_| rng.next_u32() as u8)
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = boards[0].parse_san(&text);
        let _ = boards[0].parse_uci(&text);
    }
}

// ----- random games -------------------------------------------------------------

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    promotion_captures: usize,
    checks: usize,
    mates: usize,
    by_file: usize,
    by_rank: usize,
    by_both: usize,
}

/// The disambiguation part of a piece move's SAN: what stands between the
/// piece letter and the capture mark or destination.
fn disambiguation(san: &str) -> &str {
    let body = san.trim_end_matches(['+', '#']);
    let body = body
        .strip_suffix(|c: char| c.is_ascii_uppercase())
        .map_or(body, |b| b.trim_end_matches('='));
    let without_dest = &body[1..body.len() - 2];
    without_dest.trim_end_matches('x')
}

/// Every property of one position: round trips, uniqueness, minimal
/// disambiguation, variants.
fn check_position(board: &Board, seen: &mut Seen) {
    seen.positions += 1;
    let moves = board.legal_moves();
    let mut sans = HashSet::new();
    for &mv in moves.iter() {
        seen.moves += 1;
        let san = board.to_san(mv);
        assert_eq!(board.parse_san(&san), Ok(mv), "{san} on {board:?}");
        assert!(sans.insert(san.clone()), "{san} twice on {board:?}");

        // UCI, in the board's own notation, and Display on standard boards.
        let uci = board.to_uci(mv).to_string();
        assert_eq!(board.parse_uci(&uci), Ok(mv), "{uci} on {board:?}");
        if !board.is_chess960() {
            assert_eq!(board.parse_uci(&mv.to_string()), Ok(mv));
        }

        let after = board.play_unchecked(mv);
        let check = after.in_check();
        let mate = check && !after.has_legal_moves();
        assert_eq!(san.ends_with('#'), mate, "{san} on {board:?}");
        assert_eq!(san.ends_with('+'), check && !mate, "{san} on {board:?}");
        seen.checks += usize::from(check);
        seen.mates += usize::from(mate);

        // Annotations and a missing check mark do not matter.
        let bare = san.trim_end_matches(['+', '#']);
        for variant in [bare.to_string(), format!("{bare}!?"), format!("{san}??")] {
            assert_eq!(board.parse_san(&variant), Ok(mv), "{variant} on {board:?}");
        }

        if mv.is_castle() {
            seen.castles += 1;
            assert!(bare == "O-O" || bare == "O-O-O", "{san}");
            assert_eq!(board.parse_san(&bare.replace('O', "0")), Ok(mv));
            continue;
        }
        let kind = board.kind_on(mv.from()).unwrap();
        let capture = bare.contains('x');
        assert_eq!(
            capture,
            board.kind_on(mv.to()).is_some()
                || (kind == PieceKind::Pawn && mv.from().file() != mv.to().file()),
            "{san} on {board:?}"
        );
        if kind == PieceKind::Pawn && capture && board.kind_on(mv.to()).is_none() {
            seen.en_passant += 1;
        }
        // A missing or superfluous capture mark.
        let toggled = if capture {
            bare.replacen('x', "", 1)
        } else if kind == PieceKind::Pawn {
            // e4 -> e2xe4 style would be a capture claim on a push: a
            // long-form pawn move with a mark is accepted too.
            format!("{}x{bare}", mv.from())
        } else {
            format!("{}x{}", &bare[..bare.len() - 2], &bare[bare.len() - 2..])
        };
        assert_eq!(board.parse_san(&toggled), Ok(mv), "{toggled} on {board:?}");

        if let Some(promo) = mv.promotion() {
            seen.promotions += 1;
            seen.promotion_captures += usize::from(capture);
            let letter = promo.to_char().to_ascii_uppercase();
            assert!(bare.ends_with(&format!("={letter}")), "{san}");
            let no_eq = bare.replace('=', "");
            let lower = format!("{}{}", &no_eq[..no_eq.len() - 1], promo.to_char());
            for variant in [no_eq, lower] {
                assert_eq!(board.parse_san(&variant), Ok(mv), "{variant} on {board:?}");
            }
            continue;
        }
        if kind == PieceKind::Pawn {
            continue;
        }

        // Over-disambiguation with the full from-square.
        let dest = &bare[bare.len() - 2..];
        let mark = if capture { "x" } else { "" };
        let full = format!(
            "{}{}{mark}{dest}",
            kind.to_char().to_ascii_uppercase(),
            mv.from()
        );
        assert_eq!(board.parse_san(&full), Ok(mv), "{full} on {board:?}");

        // Minimal disambiguation: each shorter form is ambiguous.
        let letter = kind.to_char().to_ascii_uppercase();
        let file = mv.from().file().to_char().to_string();
        let rank = mv.from().rank().to_char().to_string();
        let with = |d: &str| format!("{letter}{d}{mark}{dest}");
        match disambiguation(bare) {
            "" => {}
            d if d == file => {
                seen.by_file += 1;
                assert_eq!(
                    board.parse_san(&with("")),
                    Err(SanError::Ambiguous),
                    "{san}"
                );
            }
            d if d == rank => {
                seen.by_rank += 1;
                assert_eq!(
                    board.parse_san(&with("")),
                    Err(SanError::Ambiguous),
                    "{san}"
                );
                assert_eq!(
                    board.parse_san(&with(&file)),
                    Err(SanError::Ambiguous),
                    "{san}"
                );
            }
            d => {
                seen.by_both += 1;
                assert_eq!(d, mv.from().to_string(), "{san}");
                assert_eq!(
                    board.parse_san(&with(&file)),
                    Err(SanError::Ambiguous),
                    "{san}"
                );
                assert_eq!(
                    board.parse_san(&with(&rank)),
                    Err(SanError::Ambiguous),
                    "{san}"
                );
            }
        }
    }
    assert_eq!(sans.len(), moves.len());
}

/// Plays a random game from `start`, checking every position on the way.
fn random_game(start: Board, rng: &mut Xoshiro256PlusPlus, plies: usize, seen: &mut Seen) {
    let mut board = start;
    for _ in 0..plies {
        check_position(&board, seen);
        let moves = board.legal_moves();
        if moves.is_empty() || board.is_insufficient_material() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        board.make_move(mv);
    }
}

#[test]
fn round_trips_in_random_standard_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5a4e);
    let games = if cfg!(debug_assertions) { 10 } else { 150 };
    let mut seen = Seen::default();
    let starts: Vec<Board> = include_str!("../data/standard.epd")
        .lines()
        .filter_map(|l| l.split(" ;").next())
        .filter(|f| !f.trim().is_empty())
        .map(board)
        .collect();
    for i in 0..games {
        let start = if i % 2 == 0 {
            Board::startpos()
        } else {
            starts[rng.random_range(0..starts.len())].clone()
        };
        random_game(start, &mut rng, 300, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.castles > 0, "{seen:?}");
    assert!(seen.en_passant > 0, "{seen:?}");
    assert!(seen.promotion_captures > 0, "{seen:?}");
    assert!(seen.mates > 0, "{seen:?}");
    assert!(seen.by_file > 0 && seen.by_rank > 0, "{seen:?}");
}

#[test]
fn round_trips_in_random_chess960_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x960);
    let fens: Vec<&str> = include_str!("../data/fischer.epd")
        .lines()
        .filter_map(|l| l.split(" ;").next())
        .filter(|f| !f.trim().is_empty())
        .collect();
    let step = if cfg!(debug_assertions) { 80 } else { 8 };
    let mut seen = Seen::default();
    for fen in fens.iter().step_by(step) {
        let start = Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap();
        random_game(start, &mut rng, 200, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.castles > 0, "{seen:?}");
    assert!(seen.promotions > 0, "{seen:?}");
}

#[test]
fn round_trips_in_the_cpw_positions() {
    let mut seen = Seen::default();
    for line in include_str!("../data/cpw.epd").lines() {
        let Some(fen) = line.split(" ;").next().filter(|f| !f.trim().is_empty()) else {
            continue;
        };
        let b = board(fen);
        check_position(&b, &mut seen);
        // And one ply deeper.
        for mv in b.legal_moves() {
            check_position(&b.play_unchecked(mv), &mut seen);
        }
    }
    assert!(seen.positions > 100);
}

#[test]
fn uci_errors() {
    let b = Board::startpos();
    assert_eq!(b.parse_uci("e2e5"), Err(MoveError::Illegal));
    assert_eq!(b.parse_uci("e7e5"), Err(MoveError::Illegal));
    assert_eq!(b.parse_uci("e2e4q"), Err(MoveError::Illegal));
    assert_eq!(b.parse_uci("e2e4Q"), Err(MoveError::BadUci));
    assert_eq!(b.parse_uci("e2"), Err(MoveError::BadUci));
    assert_eq!(b.parse_uci("é2e4"), Err(MoveError::BadUci));
    assert_eq!(b.parse_uci("0000"), Err(MoveError::BadUci));
}

// ----- the resolver against the move-list filter ------------------------------------

/// The SAN reader as it was before `San::to_move`: every legal move
/// filtered by the pattern the text describes (plus the rule for a
/// from-square in full without a piece letter, which reads it as UCI). The
/// oracle of `resolver_agrees_with_the_move_list_filter`.
mod filter {
    use magicboard::{
        Bitboard, Board, CastlingSide, File, Move, PieceKind, Rank, SanError, Square,
    };

    pub fn parse_san(board: &Board, text: &str) -> Result<Move, SanError> {
        let mut body = text.trim();
        loop {
            let before = body.len();
            body = body.trim_end_matches(['+', '#', '!', '?']).trim_end();
            if let Some(rest) = body.strip_suffix("e.p.") {
                body = rest.trim_end();
            }
            if body.len() == before {
                break;
            }
        }
        if body.is_empty() || !body.is_ascii() {
            return Err(SanError::Syntax);
        }
        let castle = |side| {
            let us = board.side_to_move();
            let rook = board
                .castling_rights()
                .rook_square(us, side)
                .ok_or(SanError::Illegal)?;
            let mv = Move::castle(board.king(us), rook);
            if board.legal_moves().contains(&mv) {
                Ok(mv)
            } else {
                Err(SanError::Illegal)
            }
        };
        match body {
            "O-O" | "0-0" => return castle(CastlingSide::KingSide),
            "O-O-O" | "0-0-0" => return castle(CastlingSide::QueenSide),
            _ => {}
        }
        let bytes = body.as_bytes();
        let mut rest = bytes;
        let mut promotion = None;
        if let [head @ .., last] = rest {
            if matches!(last, b'N' | b'B' | b'R' | b'Q' | b'n' | b'b' | b'r' | b'q') {
                let head = head.strip_suffix(b"=").unwrap_or(head);
                if matches!(head.last(), Some(b'1'..=b'8')) {
                    promotion = PieceKind::from_char(*last as char);
                    rest = head;
                }
            }
        }
        let [head @ .., file, rank] = rest else {
            return Err(SanError::Syntax);
        };
        let (Some(file), Some(rank)) = (
            File::from_char(*file as char),
            Rank::from_char(*rank as char),
        ) else {
            return Err(SanError::Syntax);
        };
        let to = Square::new(file, rank);
        rest = head;
        if let [head @ .., b'x' | b'-' | b':'] = rest {
            rest = head;
        }
        let mut letter = None;
        if let [c @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P'), tail @ ..] = rest {
            letter = PieceKind::from_char(*c as char);
            rest = tail;
        }
        let mut from_file = None;
        if let [c @ b'a'..=b'h', tail @ ..] = rest {
            from_file = File::from_char(*c as char);
            rest = tail;
        }
        let mut from_rank = None;
        if let [c @ b'1'..=b'8', tail @ ..] = rest {
            from_rank = Rank::from_char(*c as char);
            rest = tail;
        }
        let pawn = matches!(letter, None | Some(PieceKind::Pawn));
        if !rest.is_empty()
            || (promotion.is_some() && (!pawn || !Bitboard::BACK_RANKS.contains(to)))
        {
            return Err(SanError::Syntax);
        }
        if let (None, Some(f), Some(r)) = (letter, from_file, from_rank) {
            let from = Square::new(f, r);
            if board.kind_on(from).is_some_and(|k| k != PieceKind::Pawn) {
                let promo = promotion
                    .map(|p| p.to_char().to_string())
                    .unwrap_or_default();
                return board
                    .parse_uci(&format!("{from}{to}{promo}"))
                    .map_err(|_| SanError::Illegal);
            }
        }
        let kind = letter.unwrap_or(PieceKind::Pawn);
        let mut found = None;
        for mv in board.legal_moves() {
            let from = mv.from();
            let fits = !mv.is_castle()
                && mv.to() == to
                && mv.promotion() == promotion
                && board.kind_on(from) == Some(kind)
                && from_file.is_none_or(|f| f == from.file())
                && from_rank.is_none_or(|r| r == from.rank());
            if fits {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(mv);
            }
        }
        found.ok_or(SanError::Illegal)
    }
}

/// Texts to try on a position: every legal move's SAN, its long and bare
/// forms, the same with other pieces' letters and neighbouring squares,
/// UCI-like forms, and random strings over SAN's alphabet.
fn texts_for(board: &Board, rng: &mut Xoshiro256PlusPlus) -> Vec<String> {
    let mut texts = Vec::new();
    for mv in board.legal_moves() {
        let san = board.to_san(mv);
        let uci = board.to_uci(mv).to_string();
        texts.push(uci.clone());
        texts.push(uci[..4].to_string());
        texts.push(format!("{}{}", &uci[..2], &uci[2..]));
        let bare = san.trim_end_matches(['+', '#']).to_string();
        texts.push(bare.clone());
        for letter in ["", "N", "B", "R", "Q", "K", "P"] {
            let tail = &bare[bare.len().saturating_sub(2)..];
            texts.push(format!("{letter}{tail}"));
            texts.push(format!("{letter}{}{tail}", &uci[..1]));
            texts.push(format!("{letter}{}{tail}", &uci[1..2]));
            texts.push(format!("{letter}{}x{}", &uci[..2], &uci[2..4]));
        }
        texts.push(san);
    }
    let alphabet: Vec<char> = "NBRQKPabcdefgh12345678x=+#-O0 ".chars().collect();
    for _ in 0..40 {
        let len = rng.random_range(1..7);
        texts.push(
            (0..len)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect(),
        );
    }
    texts
}

#[test]
fn resolver_agrees_with_the_move_list_filter() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5a5);
    let games = if cfg!(debug_assertions) { 3 } else { 16 };
    let mut compared = 0usize;
    let mut accepted = 0usize;
    let mut outcomes = HashSet::new();
    let starts: Vec<Board> = include_str!("../data/cpw.epd")
        .lines()
        .filter_map(|l| l.split(" ;").next())
        .filter(|f| !f.trim().is_empty())
        .map(board)
        .chain([Board::startpos(), board("r7/1Pk5/8/8/8/8/8/4K3 w - - 0 1")])
        .collect();
    let fischer: Vec<Board> = include_str!("../data/fischer.epd")
        .lines()
        .filter_map(|l| l.split(" ;").next())
        .filter(|f| !f.trim().is_empty())
        .step_by(40)
        .map(|f| Board::from_fen_with(f, magicboard::CastlingMode::Chess960).unwrap())
        .collect();
    for i in 0..games {
        let mut b = if i % 3 == 2 {
            fischer[rng.random_range(0..fischer.len())].clone()
        } else {
            starts[rng.random_range(0..starts.len())].clone()
        };
        for _ in 0..120 {
            for text in texts_for(&b, &mut rng) {
                let want = filter::parse_san(&b, &text);
                let got = b.parse_san(&text);
                assert_eq!(got, want, "{text:?} on {}", b.to_fen());
                let parsed = text.parse::<magicboard::San>();
                assert_eq!(parsed.and_then(|san| san.to_move(&b)), want, "{text:?}");
                outcomes.insert(format!("{want:?}").chars().take(8).collect::<String>());
                compared += 1;
                accepted += usize::from(want.is_ok());
            }
            let moves = b.legal_moves();
            if moves.is_empty() {
                break;
            }
            b.make_move(moves[rng.random_range(0..moves.len())]);
        }
    }
    println!("{compared} texts, {accepted} accepted, {outcomes:?}");
    assert!(
        accepted > 1000 && compared > accepted * 2,
        "{compared} {accepted}"
    );
}

#[test]
fn san_display_round_trips() {
    for text in [
        "Nbd7", "exd5", "e8=Q", "R1a3", "Qh4e1", "O-O", "O-O-O", "e4", "Kxe2",
    ] {
        let san: magicboard::San = text.parse().unwrap();
        assert_eq!(san.to_string(), text);
    }
    let san: magicboard::San = "0-0-0+".parse().unwrap();
    assert_eq!(san.to_string(), "O-O-O");
}
