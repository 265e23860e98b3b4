//! Differential testing against cozy-chess (MIT), an independent move
//! generator, and against our own reference generator.
//!
//! Seeded random games are played from the standard start, from every
//! position of the perft suites and from Chess960 starts (single and double
//! arrangements). The games are biased towards the moves where generators
//! go wrong: captures, en passant, promotions, castling and checks. At every
//! position visited, the two libraries must agree on
//!
//! * the set of legal moves, as UCI text (castling as king takes rook, the
//!   one notation both write; our parser must also read each of cozy-chess's
//!   moves back to the same move);
//! * the checkers (hence check status) and perft(2);
//! * the position after each legal move: placement, side to move, castling
//!   rights, en-passant square (cozy-chess keeps it after every double step,
//!   we keep it only when a pawn can capture, so theirs is filtered by that
//!   rule), clocks;
//!
//! and our fast generator must equal [`Board::legal_moves_by_make_unmake`].
//!
//! `cargo test` runs a few thousand positions (a few hundred in
//! debug builds). `MAGICBOARD_DIFF_POSITIONS=N` sets the count, and
//! `cargo test --all-features --test it -- --ignored --nocapture differential::` runs
//! the long mode (10^6 positions unless the variable says otherwise).
//! `MAGICBOARD_DIFF_SEED` changes the seed; a failure prints the seed, the
//! game, the moves played and the FEN.

use cozy_chess as cozy;
use magicboard::attacks::pawn_attacks;
use magicboard::{Board, CastlingSide, Color, Move, PieceKind, Square, perft};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::time::Instant;

const STANDARD_EPD: &str = include_str!("../data/standard.epd");
const CPW_EPD: &str = include_str!("../data/cpw.epd");
const FISCHER_EPD: &str = include_str!("../data/fischer.epd");

/// Each game is cut after a random number of plies up to this, so that
/// many starts are visited (some end earlier, by mate, stalemate or the
/// fifty-move rule).
const MAX_PLIES: usize = 200;

fn env_u64(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, got {text:?}")),
    )
}

fn seed() -> u64 {
    env_u64("MAGICBOARD_DIFF_SEED").unwrap_or(0x5eed_d1ff)
}

/// The FEN part of an EPD line `<fen> ;D1 20 ;D2 400`.
fn epd_fens(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| line.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty())
        .collect()
}

/// A position in both libraries.
#[derive(Clone)]
struct Pair {
    ours: Board,
    theirs: cozy::Board,
}

impl Pair {
    fn from_fen(fen: &str, chess960: bool) -> Pair {
        let ours = if chess960 {
            Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
        } else {
            Board::from_fen(fen)
        }
        .unwrap_or_else(|e| panic!("we reject {fen:?}: {e}"));
        let theirs = cozy::Board::from_fen(fen, chess960)
            .unwrap_or_else(|e| panic!("cozy-chess rejects {fen:?}: {e:?}"));
        Pair { ours, theirs }
    }
}

/// Where games start. Each game draws one category in turn, then a random
/// position within it.
struct Starts {
    standard: Vec<String>,
    fischer: Vec<String>,
}

impl Starts {
    fn load() -> Starts {
        let standard = epd_fens(STANDARD_EPD)
            .into_iter()
            .chain(epd_fens(CPW_EPD))
            .map(String::from)
            .collect();
        let fischer = epd_fens(FISCHER_EPD)
            .into_iter()
            .map(String::from)
            .collect();
        Starts { standard, fischer }
    }

    fn pick(&self, game: u64, rng: &mut Xoshiro256PlusPlus) -> (String, Pair) {
        match game % 5 {
            0 => (
                "startpos".into(),
                Pair::from_fen(&Board::startpos().to_fen(), false),
            ),
            1 => {
                let fen = &self.standard[rng.random_range(0..self.standard.len())];
                (fen.clone(), Pair::from_fen(fen, false))
            }
            2 => {
                let fen = &self.fischer[rng.random_range(0..self.fischer.len())];
                (fen.clone(), Pair::from_fen(fen, true))
            }
            3 => {
                let n = rng.random_range(0..960);
                let fen = format!("{:#}", cozy::Board::chess960_startpos(n));
                (format!("chess960 #{n}: {fen}"), Pair::from_fen(&fen, true))
            }
            _ => {
                let (w, b) = (rng.random_range(0..960), rng.random_range(0..960));
                let fen = format!("{:#}", cozy::Board::double_chess960_startpos(w, b));
                (
                    format!("double chess960 #{w}/#{b}: {fen}"),
                    Pair::from_fen(&fen, true),
                )
            }
        }
    }
}

/// What the run covered, printed at the end and checked to be non-trivial.
#[derive(Debug, Default)]
struct Stats {
    positions: u64,
    games: u64,
    chess960_positions: u64,
    moves_compared: u64,
    in_check: u64,
    double_check: u64,
    no_legal_moves: u64,
    en_passant_available: u64,
    castling_available: u64,
    promotion_available: u64,
    captures_played: u64,
    en_passant_played: u64,
    castles_played: u64,
    promotions_played: u64,
    checks_played: u64,
}

fn cozy_color(color: Color) -> cozy::Color {
    match color {
        Color::White => cozy::Color::White,
        Color::Black => cozy::Color::Black,
    }
}

fn cozy_piece(kind: PieceKind) -> cozy::Piece {
    match kind {
        PieceKind::Pawn => cozy::Piece::Pawn,
        PieceKind::Knight => cozy::Piece::Knight,
        PieceKind::Bishop => cozy::Piece::Bishop,
        PieceKind::Rook => cozy::Piece::Rook,
        PieceKind::Queen => cozy::Piece::Queen,
        PieceKind::King => cozy::Piece::King,
    }
}

fn cozy_perft(board: &cozy::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// cozy-chess's en-passant square, kept only when a pawn of the side to
/// move stands beside the double-stepped pawn (our rule).
fn cozy_en_passant(ours: &Board, theirs: &cozy::Board) -> Option<Square> {
    let file = theirs.en_passant()? as usize;
    let side = ours.side_to_move();
    let rank = if side == Color::White { 5 } else { 2 };
    let sq = Square::from_index(rank * 8 + file)?;
    let capturers = pawn_attacks(!side, sq) & ours.colored_pieces(side, PieceKind::Pawn);
    (!capturers.is_empty()).then_some(sq)
}

/// The state both libraries keep, compared field by field; `Err` names the
/// first difference.
fn same_state(ours: &Board, theirs: &cozy::Board) -> Result<(), String> {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let a = ours.colored_pieces(color, kind).0;
            let b = theirs.colored_pieces(cozy_color(color), cozy_piece(kind)).0;
            if a != b {
                return Err(format!("{color} {kind:?}: ours {a:#018x}, cozy {b:#018x}"));
            }
        }
        let rights = theirs.castle_rights(cozy_color(color));
        for (side, theirs_file) in [
            (CastlingSide::KingSide, rights.short),
            (CastlingSide::QueenSide, rights.long),
        ] {
            let a = ours
                .castling_rights()
                .rook_file(color, side)
                .map(|f| f.index());
            let b = theirs_file.map(|f| f as usize);
            if a != b {
                return Err(format!("{color} {side:?} castling: ours {a:?}, cozy {b:?}"));
            }
        }
    }
    if cozy_color(ours.side_to_move()) != theirs.side_to_move() {
        return Err("side to move".into());
    }
    let ep = cozy_en_passant(ours, theirs);
    if ours.en_passant() != ep {
        return Err(format!(
            "en passant: ours {:?}, cozy (filtered) {ep:?}",
            ours.en_passant()
        ));
    }
    // cozy-chess caps the half-move clock at 100.
    if ours.halfmove_clock().min(100) != u32::from(theirs.halfmove_clock()) {
        return Err(format!(
            "half-move clock: ours {}, cozy {}",
            ours.halfmove_clock(),
            theirs.halfmove_clock()
        ));
    }
    if ours.fullmove_number() != u32::from(theirs.fullmove_number()) {
        return Err(format!(
            "full-move number: ours {}, cozy {}",
            ours.fullmove_number(),
            theirs.fullmove_number()
        ));
    }
    if !ours.is_consistent() {
        return Err("our board is not consistent".into());
    }
    Ok(())
}

/// Our FEN against cozy-chess's: the same text but for the en-passant
/// field (filtered as above) and the half-move clock (capped).
fn same_fen(ours: &Board, theirs: &cozy::Board) -> Result<(), String> {
    let (a, b) = if ours.is_chess960() {
        (ours.to_shredder_fen(), format!("{theirs:#}"))
    } else {
        (ours.to_fen(), format!("{theirs}"))
    };
    let a: Vec<&str> = a.split(' ').collect();
    let b: Vec<&str> = b.split(' ').collect();
    let ep = cozy_en_passant(ours, theirs).map_or("-".to_string(), |sq| sq.to_string());
    let halfmove = ours.halfmove_clock().min(100).to_string();
    if a[..3] != b[..3] || a[3] != ep || halfmove != b[4] || a[5] != b[5] {
        return Err(format!("FEN: ours {}, cozy {}", a.join(" "), b.join(" ")));
    }
    Ok(())
}

#[cfg(feature = "reference")]
fn sorted_text(moves: &[Move]) -> Vec<String> {
    let mut text: Vec<String> = moves
        .iter()
        .map(|m| m.to_uci(magicboard::CastlingMode::Chess960).to_string())
        .collect();
    text.sort();
    text
}

/// Features of one legal move, for the bias and the statistics.
#[derive(Clone, Copy, Default)]
struct Kind {
    capture: bool,
    en_passant: bool,
    castle: bool,
    promotion: bool,
    check: bool,
    pawn_advance: bool,
    /// A double step that leaves an en-passant capture to the opponent.
    allows_en_passant: bool,
}

impl Kind {
    fn weight(self) -> u32 {
        1 + 8 * u32::from(self.capture)
            + 40 * u32::from(self.en_passant)
            + 20 * u32::from(self.castle)
            + 20 * u32::from(self.promotion)
            + 6 * u32::from(self.check)
            + 3 * u32::from(self.pawn_advance)
            + 15 * u32::from(self.allows_en_passant)
    }
}

/// Compares everything at one position; returns the legal moves (ours and
/// cozy-chess's, paired) with their features. Panics with `context` on any
/// difference.
fn check_position(
    pair: &Pair,
    context: &dyn Fn() -> String,
    stats: &mut Stats,
) -> Vec<(Move, cozy::Move, Kind)> {
    let Pair { ours, theirs } = pair;
    let fail = |what: String| -> ! { panic!("{what}\n{}", context()) };

    if let Err(e) = same_fen(ours, theirs) {
        fail(e);
    }
    if let Err(e) = same_state(ours, theirs) {
        fail(e);
    }

    // Check status: the checkers themselves.
    let checkers = ours.checkers();
    assert_eq!(checkers.0, theirs.checkers().0, "checkers\n{}", context());
    assert_eq!(ours.in_check(), !theirs.checkers().is_empty());

    // Legal moves, as text.
    let moves = ours.legal_moves();
    let mut their_moves: Vec<(String, cozy::Move)> = Vec::with_capacity(moves.len());
    theirs.generate_moves(|piece_moves| {
        their_moves.extend(piece_moves.into_iter().map(|m| (m.to_string(), m)));
        false
    });
    their_moves.sort_by(|a, b| a.0.cmp(&b.0));
    let their_text: Vec<String> = their_moves.iter().map(|(t, _)| t.clone()).collect();
    let mut our_moves: Vec<(String, Move)> = moves
        .iter()
        .map(|&m| (m.to_uci(magicboard::CastlingMode::Chess960).to_string(), m))
        .collect();
    our_moves.sort_by(|a, b| a.0.cmp(&b.0));
    let our_text: Vec<String> = our_moves.iter().map(|(t, _)| t.clone()).collect();
    assert_eq!(our_text, their_text, "legal moves\n{}", context());

    // Our fast generator against our reference, and the counting path.
    #[cfg(feature = "reference")]
    assert_eq!(
        sorted_text(&moves),
        sorted_text(&ours.legal_moves_by_make_unmake()),
        "fast generator against make/unmake reference\n{}",
        context()
    );
    assert_eq!(ours.count_legal_moves(), moves.len() as u64);

    // perft(2).
    let scratch = ours.clone();
    assert_eq!(
        perft(&scratch, 2),
        cozy_perft(theirs, 2),
        "perft(2)\n{}",
        context()
    );

    // Each move: parsed back from both texts, made in both libraries.
    let mut out = Vec::with_capacity(moves.len());
    for ((text, m), (_, their_m)) in our_moves.iter().zip(&their_moves) {
        let m = *m;
        // Our parser reads cozy-chess's text (king takes rook) and our own
        // (the king's two-square step on standard boards).
        let own_text = ours.to_uci(m).to_string();
        assert_eq!(ours.parse_uci(text), Ok(m), "parse {text}\n{}", context());
        assert_eq!(
            ours.parse_uci(&own_text),
            Ok(m),
            "parse {own_text}\n{}",
            context()
        );
        if !ours.is_chess960() {
            assert_eq!(own_text, m.to_string());
        }
        assert!(ours.is_legal(m));

        let mut kind = Kind {
            capture: !m.is_castle() && ours.piece_on(m.to()).is_some(),
            en_passant: ours.kind_on(m.from()) == Some(PieceKind::Pawn)
                && Some(m.to()) == ours.en_passant(),
            castle: m.is_castle(),
            promotion: m.promotion().is_some(),
            check: false,
            allows_en_passant: false,
            pawn_advance: ours.kind_on(m.from()) == Some(PieceKind::Pawn) && {
                let rank = m.to().rank().index();
                if ours.side_to_move() == Color::White {
                    rank >= 4
                } else {
                    rank <= 3
                }
            },
        };

        let mut child = ours.clone();
        let undo = child.make_move(m);
        let mut their_child = theirs.clone();
        their_child.play_unchecked(*their_m);
        if let Err(e) = same_state(&child, &their_child) {
            fail(format!("after {text}: {e}"));
        }
        if child.hash() != child.hash_from_scratch() {
            fail(format!("after {text}: incremental hash differs"));
        }
        kind.check = child.in_check();
        kind.allows_en_passant = child.en_passant().is_some();
        child.unmake_move(m, undo);
        if child != *ours || child.hash() != ours.hash() {
            fail(format!("unmake {text} does not restore the board"));
        }
        out.push((m, *their_m, kind));
    }

    stats.positions += 1;
    stats.moves_compared += moves.len() as u64;
    stats.chess960_positions += u64::from(ours.is_chess960());
    stats.in_check += u64::from(!checkers.is_empty());
    stats.double_check += u64::from(checkers.count() == 2);
    stats.no_legal_moves += u64::from(moves.is_empty());
    stats.en_passant_available += u64::from(out.iter().any(|(_, _, k)| k.en_passant));
    stats.castling_available += u64::from(out.iter().any(|(_, _, k)| k.castle));
    stats.promotion_available += u64::from(out.iter().any(|(_, _, k)| k.promotion));
    out
}

/// Plays random games until `positions` positions have been compared.
fn run(positions: u64, seed: u64) -> Stats {
    let starts = Starts::load();
    let mut stats = Stats::default();
    let mut game = 0u64;
    while stats.positions < positions {
        let mut rng =
            Xoshiro256PlusPlus::seed_from_u64(seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let (start, mut pair) = starts.pick(game, &mut rng);
        let mut played: Vec<String> = Vec::new();
        let plies = rng.random_range(1..=MAX_PLIES);
        for _ in 0..plies {
            if stats.positions >= positions {
                break;
            }
            let context = || {
                format!(
                    "seed {seed:#x}, game {game}, start {start}\nmoves: {}\nposition: {}",
                    played.join(" "),
                    pair.ours.to_fen()
                )
            };
            let moves = check_position(&pair, &context, &mut stats);
            if moves.is_empty() || pair.ours.halfmove_clock() >= 100 {
                break;
            }
            let total: u32 = moves.iter().map(|(_, _, k)| k.weight()).sum();
            let mut pick = rng.random_range(0..total);
            let &(m, their_m, kind) = moves
                .iter()
                .find(|(_, _, k)| {
                    let w = k.weight();
                    if pick < w {
                        true
                    } else {
                        pick -= w;
                        false
                    }
                })
                .expect("the pick falls within the total weight");
            stats.captures_played += u64::from(kind.capture);
            stats.en_passant_played += u64::from(kind.en_passant);
            stats.castles_played += u64::from(kind.castle);
            stats.promotions_played += u64::from(kind.promotion);
            stats.checks_played += u64::from(kind.check);
            played.push(pair.ours.to_uci(m).to_string());
            pair.ours.make_move(m);
            pair.theirs.play_unchecked(their_m);
        }
        game += 1;
    }
    stats.games = game;
    stats
}

fn run_and_report(positions: u64) -> Stats {
    let start = Instant::now();
    let stats = run(positions, seed());
    let elapsed = start.elapsed();
    println!(
        "differential: {} positions ({} games, {} moves compared) in {:.1?}, seed {:#x}",
        stats.positions,
        stats.games,
        stats.moves_compared,
        elapsed,
        seed()
    );
    println!("{stats:#?}");
    assert_eq!(stats.positions, positions);
    stats
}

#[test]
fn differential_against_cozy_chess() {
    let default = if cfg!(debug_assertions) {
        2_000
    } else {
        20_000
    };
    let stats = run_and_report(env_u64("MAGICBOARD_DIFF_POSITIONS").unwrap_or(default));
    // The bias must actually reach the rare cases, or the test proves little.
    assert!(stats.chess960_positions > 0, "{stats:?}");
    assert!(stats.in_check > 0, "{stats:?}");
    assert!(stats.captures_played > 0, "{stats:?}");
    assert!(stats.castles_played > 0, "{stats:?}");
    if stats.positions >= 5_000 {
        assert!(stats.en_passant_played > 0, "{stats:?}");
        assert!(stats.promotions_played > 0, "{stats:?}");
        assert!(stats.double_check > 0, "{stats:?}");
        assert!(stats.no_legal_moves > 0, "{stats:?}");
    }
}

/// Positions placed at random rather than reached by play (the `Arbitrary`
/// impl of `BoardBuilder`, kept where `build()` accepts them: odd material,
/// kings in the middle, many checks), each compared with cozy-chess and
/// then played on for a few plies.
#[cfg(feature = "arbitrary")]
#[test]
fn differential_on_random_placements() {
    use arbitrary::{Arbitrary, Unstructured};
    use magicboard::BoardBuilder;
    let placements = if cfg!(debug_assertions) { 300 } else { 3_000 };
    let seed = seed();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x91ace);
    let mut stats = Stats::default();
    let (mut compared, mut refused_by_cozy) = (0u64, 0u64);
    for placement in 0..placements {
        let bytes: Vec<u8> = (0..rng.random_range(32..300))
            .map(|_| rng.random::<u8>())
            .collect();
        let builder = BoardBuilder::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        let Ok(ours) = builder.build() else {
            continue;
        };
        let chess960 = ours.is_chess960();
        let fen = if chess960 {
            ours.to_shredder_fen()
        } else {
            ours.to_fen()
        };
        let Ok(theirs) = cozy::Board::from_fen(&fen, chess960) else {
            refused_by_cozy += 1;
            continue;
        };
        let mut pair = Pair { ours, theirs };
        compared += 1;
        let mut played: Vec<String> = Vec::new();
        for _ in 0..8 {
            let context = || {
                format!(
                    "seed {seed:#x}, placement {placement}: {fen}\nmoves: {}\nposition: {}",
                    played.join(" "),
                    pair.ours.to_fen()
                )
            };
            let moves = check_position(&pair, &context, &mut stats);
            if moves.is_empty() {
                break;
            }
            let (m, their_m, _) = moves[rng.random_range(0..moves.len())];
            played.push(pair.ours.to_uci(m).to_string());
            pair.ours.make_move(m);
            pair.theirs.play_unchecked(their_m);
        }
    }
    // cozy-chess reads what we build (both refuse impossible positions),
    // and the placements reach what play rarely does.
    assert!(
        compared > placements / 5,
        "{compared} compared, {refused_by_cozy} refused by cozy-chess"
    );
    assert!(
        refused_by_cozy * 20 < compared,
        "{refused_by_cozy} refused by cozy-chess"
    );
    assert!(stats.double_check > 0, "{stats:?}");
    assert!(stats.promotion_available > 0, "{stats:?}");
}

/// The long mode: `cargo test --all-features --test it -- --ignored
/// --nocapture differential::` (10^6 positions, or `MAGICBOARD_DIFF_POSITIONS`).
#[test]
#[ignore = "long run: 10^6 positions; use --ignored --nocapture"]
fn differential_long() {
    run_and_report(env_u64("MAGICBOARD_DIFF_POSITIONS").unwrap_or(1_000_000));
}

/// The comparison can fail: a move missing from our list, or a board that
/// differs, is reported.
#[test]
fn differential_detects_differences() {
    let pair = Pair::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    );
    let mut stats = Stats::default();
    let moves = check_position(&pair, &|| String::new(), &mut stats);
    assert_eq!(moves.len(), 48);

    // A different position on one side.
    let mut other = pair.clone();
    let m = other.ours.parse_uci("e2a6").unwrap();
    other.ours.make_move(m);
    assert!(same_state(&other.ours, &pair.theirs).is_err());
    let result = std::panic::catch_unwind(|| {
        check_position(&other, &|| String::new(), &mut Stats::default());
    });
    assert!(result.is_err());
}
