//! `perft`: count the legal-move tree of a position, split it by root move,
//! run perft suites, or benchmark the generator. Built with `--features cli`.
//!
//! ```text
//! perft --depth 6                       # start position, all cores
//! perft --fen "<FEN>" --depth 5 --divide
//! perft --depth 7 --hash 256            # with a 256 MiB transposition table
//! perft --epd tests/data/standard.epd --max-depth 5
//! perft perftree 3 "<FEN>" "e2e4 e7e5"  # the interface of the perftree tool
//! perft split --depth 9 --split-depth 3 --out work.split
//! perft run-shard work.split --shard 1/4 --out r1.txt
//! perft merge r*.txt
//! perft --bench                         # the five CPW positions, Mnps each
//! ```
//!
//! Exit status: 0 on success, 1 when a check fails (suite mismatch, wrong
//! benchmark count, incomplete merge), 2 on bad input (arguments, FEN,
//! unreadable or malformed files).
//!
//! All chess logic is the library's; this file and its modules only parse
//! arguments and files and print.

#[path = "perft/epd.rs"]
mod epd;
#[path = "perft/shard.rs"]
mod shard;

use clap::parser::ValueSource;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use magicboard::{
    Board, PerftTable, divide_parallel, perft, perft_full, perft_parallel_with_table,
};
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The five positions of the Chess Programming Wiki's "Perft Results" page
/// used for benchmarks, with their published counts at the depth used.
const BENCH: [(&str, &str, u32, u64); 5] = [
    ("startpos", STARTPOS, 6, 119_060_324),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

/// Count the leaves of the legal-move tree (perft).
#[derive(Parser, Debug)]
#[command(name = "perft", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Position as FEN (six fields, or four as in EPD); default: the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long, short, default_value_t = 5)]
    depth: u32,
    /// Print the count below each root move (`e2e4: 20`) before the total.
    #[arg(long)]
    divide: bool,
    /// Make every leaf move instead of counting the last ply in bulk
    /// (single thread, no hash table).
    #[arg(long, conflicts_with = "epd")]
    no_bulk: bool,
    /// Benchmark: the five CPW positions at fixed depths, Mnps each (single thread).
    #[arg(long, conflicts_with = "epd")]
    bench: bool,
    /// Run a perft suite: one position a line, `<FEN> ;D1 20 ;D2 400 ...`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "divide", "depth"])]
    epd: Option<std::path::PathBuf>,
    /// With --epd: skip the depths above D.
    #[arg(long, value_name = "D", requires = "epd")]
    max_depth: Option<u32>,
    /// With --epd: skip the checks whose expected count exceeds N.
    #[arg(long, value_name = "N", requires = "epd")]
    max_nodes: Option<u64>,
    #[command(flatten)]
    global: Global,
}

/// Options every mode accepts.
#[derive(Args, Debug, Clone)]
struct Global {
    /// Read FENs as Chess960 (castling printed king-takes-rook, `e1h1`).
    #[arg(long, global = true)]
    chess960: bool,
    /// Worker threads [default: all cores].
    #[arg(long, short = 't', global = true, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Transposition table size in MiB (0: none).
    #[arg(long, global = true, value_name = "MB", default_value_t = 0)]
    hash: usize,
    /// Print the result as JSON.
    #[arg(long, global = true)]
    json: bool,
}

impl Global {
    fn threads(&self) -> usize {
        match self.threads {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The `--hash` table, if any; a size that cannot be allocated is bad
    /// input.
    fn table(&self) -> Result<Option<PerftTable>, Failure> {
        if self.hash == 0 {
            return Ok(None);
        }
        PerftTable::try_new(self.hash).map(Some).ok_or_else(|| {
            Failure::input(format!(
                "--hash {}: cannot allocate a table of that many MiB",
                self.hash
            ))
        })
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The interface of the perftree debugging tool: `perft perftree DEPTH FEN [MOVES]`
    /// prints `e2e4 20` per root move, a blank line, then the total.
    Perftree {
        /// Depth in plies.
        depth: u32,
        /// Position as FEN.
        fen: String,
        /// Moves to play first, UCI, space-separated (one argument or several).
        moves: Vec<String>,
    },
    /// Write the distinct positions SPLIT_DEPTH plies below the root, each
    /// with the number of move sequences reaching it.
    Split {
        /// Root position as FEN; default: the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Total depth of the run in plies.
        #[arg(long, short)]
        depth: u32,
        /// Plies played before splitting.
        #[arg(long, value_name = "K")]
        split_depth: u32,
        /// The split file to write.
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
    },
    /// Count shard i of n of a split file: every n-th position from the i-th
    /// (1-based), times its multiplicity. Prints one result line.
    RunShard {
        /// A file written by `perft split`.
        file: std::path::PathBuf,
        /// Plies to count below each position [default: depth - split-depth].
        #[arg(long, short)]
        depth: Option<u32>,
        /// Which shard: `i/n`, 1 <= i <= n.
        #[arg(long, value_name = "i/n", value_parser = shard::parse_shard)]
        shard: (u32, u32),
        /// Also write the result line to FILE.
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
    },
    /// Add up shard results; checks that every shard of one split is there once.
    Merge {
        /// Result files of `perft run-shard` (several results per file allowed).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
}

/// An error to report on one stderr line, with the exit status.
struct Failure {
    status: u8,
    message: String,
}

impl Failure {
    /// Bad input: exit status 2.
    fn input(message: impl Into<String>) -> Failure {
        Failure {
            status: 2,
            message: message.into(),
        }
    }

    /// A failed check: exit status 1.
    fn check(message: impl Into<String>) -> Failure {
        Failure {
            status: 1,
            message: message.into(),
        }
    }
}

/// Parses a FEN, as Chess960 when asked or when the castling field names
/// rook files (Shredder-FEN, `HAha`).
fn parse_position(fen: &str, chess960: bool) -> Result<Board, Failure> {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    let shredder = castling
        .chars()
        .any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-'));
    let parsed = if chess960 || shredder {
        Board::from_fen_chess960(fen)
    } else {
        Board::from_fen(fen)
    };
    parsed.map_err(|e| Failure::input(format!("invalid FEN: {e}")))
}

fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds.max(1e-9) / 1e6
}

fn print_json(value: &serde_json::Value) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("perft: cannot write JSON: {e}"),
    }
}

fn count(board: &mut Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        perft(board, depth)
    } else {
        perft_full(board, depth)
    }
}

fn run_bench(bulk: bool, json: bool) -> Result<(), Failure> {
    let mode = if bulk {
        "bulk"
    } else {
        "full (every leaf made)"
    };
    if !json {
        println!("perft benchmark, single thread, {mode}");
    }
    let (mut nodes, mut seconds, mut ok) = (0u64, 0f64, true);
    let mut rows = Vec::new();
    for (name, fen, depth, expected) in BENCH {
        let mut board = Board::from_fen(fen).expect("benchmark FENs are valid");
        let start = Instant::now();
        let n = count(&mut board, depth, bulk);
        let s = start.elapsed().as_secs_f64();
        let verdict = if n == expected { "ok" } else { "WRONG" };
        ok &= n == expected;
        if !json {
            println!(
                "{name:<10} depth {depth}  {n:>11} nodes  {s:>7.3} s  {:>7.1} Mnps  {verdict}",
                mnps(n, s)
            );
        }
        rows.push(json!({
            "name": name, "fen": fen, "depth": depth, "nodes": n, "expected": expected,
            "ok": n == expected, "seconds": s, "mnps": mnps(n, s),
        }));
        nodes += n;
        seconds += s;
    }
    if json {
        print_json(&json!({
            "mode": if bulk { "bulk" } else { "full" }, "threads": 1, "positions": rows,
            "nodes": nodes, "seconds": seconds, "mnps": mnps(nodes, seconds), "ok": ok,
        }));
    } else {
        println!(
            "{:<10}          {nodes:>11} nodes  {seconds:>7.3} s  {:>7.1} Mnps",
            "total",
            mnps(nodes, seconds)
        );
    }
    if ok {
        Ok(())
    } else {
        Err(Failure::check(
            "benchmark count differs from the published one",
        ))
    }
}

/// Counts with the global options: divide on the pool when asked, else the
/// plain parallel (and maybe hashed) count.
fn run_count(cli: &Cli) -> Result<(), Failure> {
    let fen = cli.fen.as_deref().unwrap_or(STARTPOS);
    let parsed = if cli.global.chess960 {
        Board::from_fen_chess960(fen)
    } else {
        Board::from_fen(fen)
    };
    let mut board = parsed.map_err(|e| Failure::input(format!("invalid FEN: {e}")))?;
    let (depth, bulk, threads) = (cli.depth, !cli.no_bulk, cli.global.threads());
    if cli.no_bulk && cli.global.hash > 0 {
        return Err(Failure::input("--no-bulk cannot be combined with --hash"));
    }
    let table = cli.global.table()?;
    let start = Instant::now();
    let mut split = Vec::new();
    let nodes = if cli.divide {
        split = if bulk || depth == 0 {
            divide_parallel(&board, depth, threads, table.as_ref())
        } else {
            board
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let undo = board.make_move(mv);
                    let n = perft_full(&mut board, depth - 1);
                    board.unmake_move(mv, undo);
                    (mv, n)
                })
                .collect()
        };
        if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else if !bulk {
        perft_full(&mut board, depth)
    } else {
        match &table {
            Some(table) => perft_parallel_with_table(&board, depth, threads, table),
            None => magicboard::perft_parallel(&board, depth, threads),
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if cli.global.json {
        let mut value = json!({
            "fen": board.to_fen(), "depth": depth, "nodes": nodes, "seconds": seconds,
            "mnps": mnps(nodes, seconds), "threads": if bulk { threads } else { 1 },
            "hash_mb": cli.global.hash, "bulk": bulk,
        });
        if cli.divide {
            value["divide"] = split
                .iter()
                .map(|(mv, n)| json!({"move": board.uci(*mv).to_string(), "nodes": n}))
                .collect();
        }
        print_json(&value);
        return Ok(());
    }
    if cli.divide {
        for (mv, n) in &split {
            println!("{}: {n}", board.uci(*mv));
        }
        println!();
    }
    println!("Nodes searched: {nodes}");
    println!("Time: {seconds:.3} s ({:.1} Mnps)", mnps(nodes, seconds));
    Ok(())
}

/// `perft perftree DEPTH FEN [MOVES]`: the output perftree parses.
fn run_perftree(depth: u32, fen: &str, moves: &[String], global: &Global) -> Result<(), Failure> {
    if global.json {
        return Err(Failure::input(
            "perftree prints its own format; --json is not supported",
        ));
    }
    let mut board = parse_position(fen, global.chess960)?;
    for text in moves.iter().flat_map(|m| m.split_whitespace()) {
        let mv = board
            .parse_uci(text)
            .map_err(|e| Failure::input(format!("invalid move '{text}': {e}")))?;
        board.make_move(mv);
    }
    let table = global.table()?;
    let split = divide_parallel(&board, depth, global.threads(), table.as_ref());
    for (mv, n) in &split {
        println!("{} {n}", board.uci(*mv));
    }
    println!();
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    println!("{total}");
    Ok(())
}

fn run(cli: Cli) -> Result<(), Failure> {
    let global = cli.global.clone();
    match cli.command {
        Some(Command::Perftree { depth, fen, moves }) => run_perftree(depth, &fen, &moves, &global),
        Some(Command::Split {
            fen,
            depth,
            split_depth,
            out,
        }) => shard::split(
            fen.as_deref().unwrap_or(STARTPOS),
            depth,
            split_depth,
            &out,
            &global,
        ),
        Some(Command::RunShard {
            file,
            depth,
            shard,
            out,
        }) => shard::run_shard(&file, depth, shard, out.as_deref(), &global),
        Some(Command::Merge { files }) => shard::merge(&files, &global),
        None if cli.bench => run_bench(!cli.no_bulk, global.json),
        None => match &cli.epd {
            Some(path) => epd::run_suite(path, cli.max_depth, cli.max_nodes, &global),
            None => run_count(&cli),
        },
    }
}

/// Parses the command line. The options of the counting modes (`--fen`,
/// `--depth`, ...) are refused together with a subcommand; the global ones
/// (`--threads`, `--hash`, `--json`, `--chess960`) go before or after it.
fn parse_cli() -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    let matches = command.try_get_matches_from_mut(std::env::args_os())?;
    let cli = Cli::from_arg_matches(&matches)?;
    if let Some((name, _)) = matches.subcommand() {
        let local = [
            "fen",
            "depth",
            "divide",
            "no_bulk",
            "bench",
            "epd",
            "max_depth",
            "max_nodes",
        ];
        if let Some(id) = local
            .into_iter()
            .find(|id| matches.value_source(id) == Some(ValueSource::CommandLine))
        {
            return Err(command.error(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "the option '--{}' cannot be used with the subcommand '{name}'",
                    id.replace('_', "-")
                ),
            ));
        }
    }
    Ok(cli)
}

fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line: the message up to clap's usage block, joined.
            let text = e.to_string();
            let message = text.split("\n\n").next().unwrap_or("invalid arguments");
            let line: Vec<&str> = message.lines().map(str::trim).collect();
            eprintln!("perft: {}", line.join(" ").trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("perft: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
