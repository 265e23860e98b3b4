//! Drives the example engine (`engine/src/main.rs`) through a pipe, as a
//! GUI would: the UCI protocol, hand-checked tactics (a mate in two, a
//! hanging queen), the draw rules, time limits, `stop` during a search,
//! legality of every move it plays (standard and Chess960), each checked
//! with magicboard; and Syzygy tables at the root, the games they win
//! checked by the rules.

use magicboard::{Board, Move};
use std::io::Write;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Generous: the test machine may be shared and slow.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The example engine, built by cargo for this test (its binary), its
/// output read by a thread so that a silent engine fails the test instead
/// of hanging it.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_magicboard-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the example engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
        };
        // Ready once it answers.
        engine.send("isready");
        assert_eq!(engine.read_until(|_| true), ["readyok"]);
        engine
    }

    fn send(&mut self, command: &str) {
        writeln!(self.stdin, "{command}").expect("the engine reads its input");
    }

    /// The lines up to and including the first that satisfies `last`.
    fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = last(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no expected line ({e}); got {seen:#?}"),
            }
        }
    }

    /// Sends `go ...` and returns the `info` lines and the bestmove text.
    fn go(&mut self, args: &str) -> (Vec<String>, String) {
        self.send(&format!("go {args}"));
        let mut lines = self.read_until(|l| l.starts_with("bestmove "));
        let best = lines.pop().unwrap();
        let best = best["bestmove ".len()..].split_whitespace().next().unwrap();
        (lines, best.to_string())
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

/// The move `text` names on `board`, which must be legal there and
/// written in the board's notation (king-takes-rook castling in Chess960).
fn legal(board: &Board, text: &str) -> Move {
    let mv = board
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("bestmove {text} on {board:?}: {e}"));
    assert!(board.is_legal(mv), "bestmove {text} on {board:?}");
    assert_eq!(board.to_uci(mv).to_string(), text, "notation on {board:?}");
    mv
}

/// The score of the last `info` line: `cp N` or `mate N`.
fn last_score(info: &[String]) -> String {
    let line = info
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .unwrap_or_else(|| panic!("no score in {info:#?}"));
    let after = line.split(" score ").nth(1).unwrap();
    after
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// True when the side to move, having played `first`, mates in at most
/// one more move whatever the reply: a mate in two, by brute force.
fn forces_mate_in_two(board: &Board, first: Move) -> bool {
    let after = board.play_unchecked(first);
    if after.is_checkmate() {
        return true;
    }
    let replies = after.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&reply| {
            let position = after.play_unchecked(reply);
            position
                .legal_moves()
                .iter()
                .any(|&mate| position.play_unchecked(mate).is_checkmate())
        })
}

#[test]
fn speaks_uci() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.read_until(|l| l == "uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")), "{hello:?}");
    assert!(
        hello.iter().any(|l| l.starts_with("id author ")),
        "{hello:?}"
    );
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Chess960 type check")),
        "{hello:?}"
    );
    engine.send("isready");
    assert_eq!(engine.read_until(|_| true), ["readyok"]);

    // position startpos moves ..., go depth N: one info line per depth.
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    let (info, best) = engine.go("depth 4");
    let board = ["e2e4", "e7e5", "g1f3"]
        .iter()
        .fold(Board::startpos(), |b, m| {
            b.play_unchecked(b.parse_uci(m).unwrap())
        });
    legal(&board, &best);
    for depth in 1..=4 {
        let prefix = format!("info depth {depth} score ");
        assert!(info.iter().any(|l| l.starts_with(&prefix)), "{info:#?}");
    }
    assert!(
        info.iter()
            .all(|l| l.contains(" nodes ") && l.contains(" pv "))
    );

    // position fen ...
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen}"));
    let (_, best) = engine.go("depth 3");
    legal(&Board::from_fen(fen).unwrap(), &best);

    // A bad position is reported and the previous one kept.
    engine.send("position fen 8/8/8 w - - 0 1");
    assert!(engine.read_until(|_| true)[0].starts_with("info string error: bad FEN"));
    let (_, best) = engine.go("depth 1");
    legal(&Board::from_fen(fen).unwrap(), &best);

    // No legal move: bestmove 0000.
    engine.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(engine.go("depth 3").1, "0000");
    engine.quit();
}

#[test]
fn stops_when_told_and_answers_isready_while_searching() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // isready is answered during the search, before any bestmove.
    engine.send("isready");
    let before = engine.read_until(|l| l == "readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:#?}"
    );
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    engine.send("stop");
    let rest = engine.read_until(|l| l.starts_with("bestmove "));
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "stop took {:?}",
        asked.elapsed()
    );
    let best = rest.last().unwrap().split_whitespace().nth(1).unwrap();
    legal(&Board::startpos(), best);

    // quit during a search ends the program.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.quit();
}

#[test]
fn keeps_to_its_time() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d2d4");
    for (go, limit_ms) in [
        ("movetime 100", 100),
        ("wtime 2000 btime 2000 winc 0 binc 0", 2000 / 3),
        ("wtime 60000 btime 300 winc 0 binc 0", 100),
    ] {
        let asked = Instant::now();
        let (_, best) = engine.go(go);
        let took = asked.elapsed();
        legal(
            &Board::startpos().play_unchecked(Board::startpos().parse_uci("d2d4").unwrap()),
            &best,
        );
        // Its own limit, plus slack for a busy machine and cargo's pipe.
        assert!(
            took < Duration::from_millis(limit_ms + 1500),
            "go {go}: {took:?}"
        );
    }
    engine.quit();
}

#[test]
fn finds_mate_in_two() {
    let mut engine = Engine::start();
    // Hand-checked: 1. Re8+ Rxe8 2. Rxe8# (the back rank is shut by f7,
    // g7, h7). And a quiet key move: 1. Kf7 Kh7 2. Rh1#, where 1. Rg7?
    // is stalemate.
    for fen in [
        "3r2k1/5ppp/8/8/8/8/4R3/4R1K1 w - - 0 1",
        "7k/8/5K2/8/8/8/8/6R1 w - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        engine.send(&format!("position fen {fen}"));
        let (info, best) = engine.go("depth 4");
        let mv = legal(&board, &best);
        assert!(forces_mate_in_two(&board, mv), "{best} in {fen}");
        assert_eq!(last_score(&info), "mate 2", "{info:#?}");
    }
    // The first: its only solution is Re8+ (by brute force).
    let board = Board::from_fen("3r2k1/5ppp/8/8/8/8/4R3/4R1K1 w - - 0 1").unwrap();
    let solutions: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|&&mv| forces_mate_in_two(&board, mv))
        .map(|&mv| board.to_uci(mv).to_string())
        .collect();
    assert_eq!(solutions, ["e2e8"]);
    engine.quit();
}

#[test]
fn wins_a_hanging_queen() {
    let mut engine = Engine::start();
    for (fen, win, at_least) in [
        // The black queen on g5, defended by nothing, faces the c1 bishop:
        // a queen up afterwards.
        (
            "r1b1kbnr/pppp1ppp/2n5/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1",
            "c1g5",
            700,
        ),
        // Black to move, a queen down for a knight: the white queen on d4
        // is the knight's, leaving a knight up.
        ("4k3/8/2n5/8/3Q4/8/8/4K3 b - - 0 1", "c6d4", 250),
    ] {
        engine.send(&format!("position fen {fen}"));
        let (info, best) = engine.go("depth 3");
        assert_eq!(best, win, "{fen}: {info:#?}");
        let score = last_score(&info);
        let cp: i32 = score.strip_prefix("cp ").unwrap().parse().unwrap();
        assert!(cp > at_least, "{fen}: {score}");
    }
    engine.quit();
}

#[test]
fn knows_the_fifty_move_rule_and_repetitions() {
    let mut engine = Engine::start();
    // A queen up, but no mate in one: with 99 half-moves played, every
    // move ends the game drawn.
    engine.send("position fen 7k/8/8/8/8/8/2Q5/K7 w - - 0 1");
    let (info, _) = engine.go("depth 4");
    let cp: i32 = last_score(&info)[3..].parse().unwrap();
    assert!(cp > 500, "{info:#?}");
    engine.send("position fen 7k/8/8/8/8/8/2Q5/K7 w - - 99 80");
    let (info, _) = engine.go("depth 4");
    assert_eq!(last_score(&info), "cp 0", "{info:#?}");
    // But a mate on the hundredth half-move is a mate (Qb8#).
    let fen = "7k/8/6K1/8/8/1Q6/8/8 w - - 99 80";
    engine.send(&format!("position fen {fen}"));
    let (info, best) = engine.go("depth 3");
    assert_eq!(last_score(&info), "mate 1", "{info:#?}");
    let board = Board::from_fen(fen).unwrap();
    assert!(
        board.play_unchecked(legal(&board, &best)).is_checkmate(),
        "{best}"
    );

    // Repetitions across the game: the engine's move X, then a history
    // in which X would repeat a position (X, a black move Y, X and Y
    // taken back): it must now play something else, and still win.
    let fen = "7k/8/8/8/8/8/2Q5/K7 w - - 0 1";
    let start = Board::from_fen(fen).unwrap();
    engine.send(&format!("position fen {fen}"));
    let (_, first) = engine.go("depth 4");
    let x = legal(&start, &first);
    let after_x = start.play_unchecked(x);
    let back = |b: &Board, mv: Move| b.parse_uci(&format!("{}{}", mv.to(), mv.from())).ok();
    let (y, history) = after_x
        .legal_moves()
        .iter()
        .find_map(|&y| {
            let after_y = after_x.play_unchecked(y);
            let x_back = back(&after_y, x)?;
            let after = after_y.play_unchecked(x_back);
            let y_back = back(&after, y)?;
            let moves = [x, y, x_back, y_back].map(|m| m.to_string());
            Some((y, moves.join(" ")))
        })
        .expect("a reversible reply");
    engine.send(&format!("position fen {fen} moves {history}"));
    let (info, again) = engine.go("depth 4");
    assert_ne!(again, first, "repeated after {history} (reply {y})");
    let cp: i32 = last_score(&info)[3..].parse().unwrap();
    assert!(cp > 500, "{info:#?}");
    engine.quit();
}

#[test]
fn castles_king_takes_rook_in_chess960() {
    // Hand-checked: castling long (king b1 takes rook a1: king to c1, rook
    // to d1) mates the d8 king, whose neighbours are its own rooks and
    // pawns or on the d-file. The a1 rook cannot reach d1 by itself: the
    // king stands in the way. So it is the only mate in one.
    let fen = "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1";
    let board = Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap();
    let mates: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|&&mv| board.play_unchecked(mv).is_checkmate())
        .map(|&mv| board.to_uci(mv).to_string())
        .collect();
    assert_eq!(mates, ["b1a1"]);
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {fen}"));
    let (info, best) = engine.go("depth 2");
    assert!(legal(&board, &best).is_castle(), "{best}");
    assert_eq!(best, "b1a1");
    assert_eq!(last_score(&info), "mate 1", "{info:#?}");
    engine.quit();
}

#[test]
fn plays_only_legal_moves() {
    // Two games against itself, standard and Chess960: every bestmove is
    // checked on magicboard's board before it is played.
    let starts = [
        (
            false,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            true,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ),
        // Castling king-takes-rook is among the few moves here.
        (true, "1r4k1/8/8/8/8/8/PPP5/1KR5 w C - 0 1"),
    ];
    for (chess960, fen) in starts {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name UCI_Chess960 value {chess960}"));
        engine.send("ucinewgame");
        let mut board = if chess960 {
            Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap()
        } else {
            Board::from_fen(fen).unwrap()
        };
        let mut played: Vec<String> = Vec::new();
        for _ in 0..40 {
            if board.legal_moves().is_empty() {
                break;
            }
            engine.send(&format!("position fen {fen} moves {}", played.join(" ")));
            let (_, best) = engine.go("movetime 20");
            let mv = legal(&board, &best);
            board.make_move(mv);
            played.push(best);
        }
        engine.quit();
    }
}

/// python-chess's 3- and 4-piece tables in the repository
/// (syzygy/tests/data/regular); `None`, with a visible skip, without them.
fn syzygy_dir(test: &str) -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../syzygy/tests/data/regular");
    if dir.join("KBNvK.rtbz").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: {test} needs the repository's syzygy/tests/data/regular");
        None
    }
}

#[test]
fn plays_the_tables_move_at_the_root() {
    let Some(dir) = syzygy_dir("plays_the_tables_move_at_the_root") else {
        return;
    };
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name SyzygyPath type string default <empty>"),
        "{lines:#?}"
    );
    engine.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    // The rook on d1 is attacked: the fastest win is Rd8 (DTZ 25, as
    // python-chess gives it; the search alone need not find it).
    engine.send("position fen 8/8/8/8/8/8/2k5/K2R4 w - - 0 1");
    let (info, best) = engine.go("depth 3");
    assert_eq!(best, "d1d8", "{info:#?}");
    assert!(
        info.iter().any(|l| l == "info string syzygy: win, DTZ 25"),
        "{info:#?}"
    );
    // Outside the tables (castling rights) it searches as before.
    engine.send("position fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let (info, _) = engine.go("depth 3");
    assert!(info.iter().all(|l| !l.contains("syzygy")), "{info:#?}");
    // `<empty>` turns the tables off.
    engine.send("setoption name SyzygyPath value <empty>");
    engine.send("position fen 8/8/8/8/8/8/2k5/K2R4 w - - 0 1");
    let (info, _) = engine.go("depth 2");
    assert!(info.iter().all(|l| !l.contains("syzygy")), "{info:#?}");
    engine.quit();
}

#[test]
fn mates_with_bishop_and_knight_in_time() {
    let Some(dir) = syzygy_dir("mates_with_bishop_and_knight_in_time") else {
        return;
    };
    // King, bishop and knight against king: 53 plies to mate with perfect
    // play (python-chess's DTZ for Black to move here), beyond what a
    // short search finds. The engine plays both sides through UCI; the
    // rules, not the tables, say who won and whether the fifty-move rule
    // came first.
    let fen = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1";
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let mut board = Board::from_fen(fen).unwrap();
    let mut moves = Vec::new();
    while !board.is_checkmate() {
        assert!(
            board.halfmove_clock() < 100,
            "fifty moves without mate: {}",
            board.to_fen()
        );
        assert!(moves.len() < 200, "no mate after {} plies", moves.len());
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let (_, best) = engine.go("movetime 50");
        let mv = legal(&board, &best);
        board.make_move(mv);
        moves.push(best);
    }
    assert_eq!(
        board.side_to_move(),
        magicboard::Color::Black,
        "White mates"
    );
    // DTZ may be rounded down by one ply (the format allows it where the
    // result cannot change): 53 or 54.
    assert!(
        moves.len() <= 54,
        "{} plies: {}",
        moves.len(),
        moves.join(" ")
    );
    engine.quit();
}
