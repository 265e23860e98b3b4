//! `perft`: count the legal-move tree of a position, split it by root move,
//! run perft suites, or benchmark the generator (crate `magicboard-perft`).
//!
//! ```text
//! perft --depth 6                       # start position, all cores
//! perft --fen "<FEN>" --depth 5 --divide
//! perft --depth 7 --hash 256            # with a 256 MiB transposition table
//! perft --epd tests/data/standard.epd --max-depth 5
//! perft perftree 3 "<FEN>" "e2e4 e7e5"  # the interface of the perftree tool
//! perft diverge --cmd "./my-perft.sh" --depth 5   # where another generator goes wrong
//! perft split --depth 9 --split-depth 3 --out work.split
//! perft run-shard work.split --shard 1/4 --hash 1024 --out r1.txt   # resumable
//! perft merge r*.txt
//! perft compare run1/r*.txt --with run2/r*.txt   # two runs, position by position
//! perft --bench                         # the five CPW positions, the speed of each
//! ```
//!
//! Exit status: 0 on success, 1 when a check fails (suite mismatch, wrong
//! benchmark count, incomplete merge, another generator that disagrees), 2
//! on bad input (arguments, FEN, unreadable or malformed files, a suite
//! with nothing to check, a program under `diverge` that fails), 128 + the
//! signal when interrupted (130 for SIGINT: see `interrupt`), 141 when
//! stdout is a pipe closed by its reader (`perft --divide | head -3`), as a
//! program killed by SIGPIPE; nothing is printed then.
//!
//! Each command takes only the options that mean something for it (clap
//! refuses the others): `--threads` and `--hash` where something is
//! counted, `--chess960` where FENs are read, `--json` where there is a
//! JSON form, `--allow-deep` where a depth is given (beyond
//! [`settings::MAX_DEPTH`] plies a depth is refused without it).
//!
//! This file holds the command line and hands each command to its file,
//! one per mode: `count` (`--depth`, the default), `divide` (`--divide`,
//! and `rootwise` for both: root move by root move), `bench` (`--bench`),
//! `epd` (`--epd`), `perftree`, `shard` (`split`, `run-shard`, `merge`,
//! `compare`, with the files in `journal` and the scheduler's shard in
//! `scheduler`) and `diverge`. Below them: `progress` (the progress line
//! and the speed figures), `settings` (the option groups, the settings
//! they make and the library's `Perft` they give), `stats` (the
//! statistics' lines), `output` (stdout, JSON, the one-line error and its
//! exit status) and `interrupt` (signals and the programs started). No
//! file imports this one. All chess logic, counting and threading is the
//! library's ([`magicboard::Perft`]); these files parse arguments and
//! files and print.

#[macro_use]
mod output;
mod bench;
mod count;
mod diverge;
mod divide;
mod epd;
mod interrupt;
mod journal;
mod perftree;
mod progress;
mod rootwise;
mod scheduler;
mod settings;
mod shard;
mod stats;

use clap::{Parser, Subcommand};
use magicboard::PerftTable;
use output::Failure;
use settings::{Chess960Arg, Deep, Global, JsonArg, ProgressArg, STARTPOS, Work, plies};
use std::path::PathBuf;
use std::process::ExitCode;

/// What the tool is, in one line: the first line of `perft --help`.
const ABOUT: &str = "Count the legal-move tree of a chess position (perft): count it, divide \
it by root move, run perft suites, benchmark, split a deep count into shards, and find where \
another move generator goes wrong";

/// The end of `perft --help`.
const AFTER_HELP: &str = "Without a command: count (--depth), divide (--divide), run a suite \
(--epd) or benchmark (--bench). Each command takes only its own options: `perft COMMAND --help`. \
On a terminal (or anywhere with --progress), a count, divide, suite or shard that runs over a \
second shows its progress on stderr (units done, leaves visited, table hits, time, Mnps of the \
visited leaves, ETA), and the time and speed when it ends; stdout has only the result, and \
nothing is shown on stderr elsewhere or with --json.

Exit status: 0 on success; 1 when a check fails (a suite mismatch, a wrong benchmark count, an \
incomplete merge, a generator that disagrees); 2 on bad input or a misbehaving program; 128 + \
the signal when interrupted: 130 for SIGINT (Ctrl-C), 143 for SIGTERM, 129 for SIGHUP (a \
divide prints the root moves finished and a `partial:` line; `diverge` kills the programs it \
started first).";

#[derive(Parser, Debug)]
#[command(name = "perft", version, about = ABOUT, after_help = AFTER_HELP,
          args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Position as FEN (six fields, or four as in EPD); default: the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies (at most 12 without --allow-deep).
    #[arg(long, short, default_value_t = 5, value_name = "PLIES",
          allow_negative_numbers = true, value_parser = plies("--depth"))]
    depth: u32,
    /// Print the count below each root move (`e2e4: 20`) as it is counted,
    /// then a blank line and the total, as Stockfish's `go perft` does;
    /// interrupted, a `partial: N of M root moves` line instead of the
    /// total.
    #[arg(long)]
    divide: bool,
    /// Make every leaf move instead of counting the last ply in bulk.
    #[arg(long, conflicts_with = "stats")]
    no_bulk: bool,
    /// Count the leaf moves by kind too: captures, en passant, castles,
    /// promotions, checks, discovered and double checks, checkmates (the
    /// columns of the CPW "Perft Results" tables).
    #[arg(long)]
    stats: bool,
    /// Benchmark: the five CPW positions at fixed depths, the speed of each (one
    /// thread unless --threads says otherwise).
    #[arg(long, conflicts_with_all = ["epd", "fen", "depth", "divide", "chess960", "progress"])]
    bench: bool,
    /// Run a perft suite: one position a line, `<FEN> ;D1 20 ;D2 400 ...`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "divide", "depth"])]
    epd: Option<PathBuf>,
    /// With --epd: skip the depths above D.
    #[arg(long, value_name = "D", requires = "epd", allow_negative_numbers = true,
          value_parser = plies("--max-depth"))]
    max_depth: Option<u32>,
    /// With --epd: skip the checks whose expected count exceeds N.
    #[arg(long, value_name = "N", requires = "epd")]
    max_nodes: Option<u128>,
    #[command(flatten)]
    chess960: Chess960Arg,
    /// Worker threads [default: all cores; 1 for --bench].
    #[arg(long, short = 't', value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Transposition table size in MiB (0: none).
    #[arg(long, value_name = "MB", default_value_t = 0)]
    hash: usize,
    /// The seed of the table's keys: a second run with another seed checks
    /// the first independently.
    #[arg(long, value_name = "N", default_value_t = PerftTable::DEFAULT_SEED, requires = "hash")]
    seed: u64,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    progress: ProgressArg,
    /// Run depths beyond 12 plies, refused without it (perft 13 of the
    /// start position is about 2 * 10^18 nodes: decades at any speed
    /// without a table).
    #[arg(long, conflicts_with = "bench")]
    allow_deep: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The interface of the perftree debugging tool: `perft perftree DEPTH FEN [MOVES]`
    /// prints `e2e4 20` per root move, a blank line, then the total.
    Perftree {
        /// Depth in plies.
        #[arg(allow_negative_numbers = true, value_parser = plies("DEPTH"))]
        depth: u32,
        /// Position as FEN.
        fen: String,
        /// Moves to play first, UCI, space-separated (one argument or several).
        moves: Vec<String>,
        #[command(flatten)]
        chess960: Chess960Arg,
        #[command(flatten)]
        work: Work,
        #[command(flatten)]
        deep: Deep,
    },
    /// Write the distinct positions --split-depth plies below the root,
    /// each with the number of move sequences reaching it, for run-shard.
    Split {
        /// Root position as FEN; default: the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Total depth of the run in plies.
        #[arg(long, short, value_name = "PLIES", allow_negative_numbers = true,
              value_parser = plies("--depth"))]
        depth: u32,
        /// Plies played before splitting.
        #[arg(long, value_name = "K", allow_negative_numbers = true,
              value_parser = plies("--split-depth"))]
        split_depth: u32,
        /// The split file to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        chess960: Chess960Arg,
        #[command(flatten)]
        json: JsonArg,
        #[command(flatten)]
        deep: Deep,
    },
    /// Count shard i of n of a split file (every n-th position from the
    /// i-th). With --out FILE, each position is journaled in FILE.journal
    /// as it is counted (started again with the same arguments, it counts
    /// only what the journal lacks) and the result goes to FILE when the
    /// shard is done; without --out, the whole result is printed on stdout
    /// at the end (`> FILE` saves what merge reads), with no journal: a run
    /// stopped starts over.
    RunShard {
        /// A file written by `perft split` (Chess960 or not as it says).
        file: PathBuf,
        /// Plies to count below each position [default: depth - split-depth].
        #[arg(long, short, value_name = "PLIES", allow_negative_numbers = true,
              value_parser = plies("--depth"))]
        depth: Option<u32>,
        /// Which shard: `i/n` (1 <= i <= n), or `auto` / `auto/n` to read it
        /// from a Slurm job array (SLURM_ARRAY_TASK_ID, numbered from 1) or
        /// a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, from 0; it does
        /// not tell n: give `auto/n`).
        #[arg(long, value_name = "i/n|auto[/n]", value_parser = scheduler::parse_shard_arg,
              required_unless_present = "only", conflicts_with = "only")]
        shard: Option<scheduler::ShardArg>,
        /// Count only these positions (0-based indices, comma-separated), as
        /// `perft compare` suggests; merge lets such a recount replace the
        /// positions' other counts.
        #[arg(long, value_name = "LIST", value_parser = journal::parse_index_list)]
        only: Option<journal::IndexList>,
        /// The result file, written whole when the shard is done; meanwhile
        /// the journal is FILE.journal, from which a run started again
        /// resumes [default: the result on stdout, no journal].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Count each position's leaf moves by kind too (captures, checks,
        /// ...); merge then adds up every column.
        #[arg(long)]
        stats: bool,
        #[command(flatten)]
        work: Work,
        #[command(flatten)]
        json: JsonArg,
        #[command(flatten)]
        progress: ProgressArg,
        #[command(flatten)]
        deep: Deep,
    },
    /// Add up shard results, checking that every position of the split was
    /// counted exactly once; with --partial, show how far a run is.
    Merge {
        /// Result files of `perft run-shard` (and, with --partial, journals).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// A run in progress: take journals too, and print the positions
        /// counted, the nodes so far and an estimate of the time left.
        #[arg(long)]
        partial: bool,
        #[command(flatten)]
        json: JsonArg,
    },
    /// Compare two runs of one split (say with different --seed) position by
    /// position: name the positions whose counts differ (exit status 1), so
    /// that only those are counted again.
    Compare {
        /// The first run's results (or journals).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The second run's results (or journals).
        #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
        with: Vec<PathBuf>,
        /// The split file, to print the positions' FENs.
        #[arg(long, value_name = "FILE")]
        split: Option<PathBuf>,
        #[command(flatten)]
        json: JsonArg,
    },
    /// Find where another move generator first disagrees with magicboard:
    /// divide both, follow a move whose counts differ, until the move lists
    /// differ. Exit status 0 when they agree, 1 on a divergence, 2 when the
    /// program fails.
    ///
    /// Each program runs in a process group of its own, killed whole (the
    /// program and whatever it started) when the program has answered, times
    /// out, prints garbage, when the walk ends (a UCI engine is sent `quit`
    /// and given two seconds first), and when perft is interrupted: exit
    /// status 130 on SIGINT (Ctrl-C), 143 on SIGTERM, 129 on SIGHUP.
    Diverge(diverge::Args),
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Some(command) => run_command(command),
        None => run_default(&cli),
    }
}

/// A subcommand, with the settings from the option groups it takes.
fn run_command(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perftree {
            depth,
            fen,
            moves,
            chess960,
            work,
            deep,
        } => {
            let global = Global::of(Some(work), Some(chess960), None, Some(deep));
            perftree::run(depth, &fen, &moves, &global)
        }
        Command::Split {
            fen,
            depth,
            split_depth,
            out,
            chess960,
            json,
            deep,
        } => {
            let global = Global::of(None, Some(chess960), Some(json), Some(deep));
            let fen = fen.as_deref().unwrap_or(STARTPOS);
            shard::split(fen, depth, split_depth, &out, &global)
        }
        Command::RunShard {
            file,
            depth,
            shard,
            only,
            out,
            stats,
            work,
            json,
            progress,
            deep,
        } => {
            let global = Global {
                stats,
                progress: progress.progress,
                ..Global::of(Some(work), None, Some(json), Some(deep))
            };
            if global.json && out.is_none() {
                return Err(Failure::input(
                    "run-shard --json prints a summary, not the result: give --out FILE to keep \
                     the result",
                ));
            }
            let part = match (shard, only) {
                (_, Some(list)) => journal::Part::Only(list.0),
                (Some(shard), None) => shard::resolve_shard(shard)?,
                (None, None) => return Err(Failure::input("give --shard or --only")),
            };
            shard::run_shard(&file, depth, part, out.as_deref(), &global)
        }
        Command::Merge {
            files,
            partial,
            json,
        } => shard::merge(&files, partial, &Global::of(None, None, Some(json), None)),
        Command::Compare {
            files,
            with,
            split,
            json,
        } => {
            let global = Global::of(None, None, Some(json), None);
            shard::compare(&files, &with, split.as_deref(), &global)
        }
        Command::Diverge(args) => diverge::run(&args),
    }
}

/// No subcommand: a count, a divide, a suite or the benchmark.
fn run_default(cli: &Cli) -> Result<(), Failure> {
    let global = &Global {
        chess960: cli.chess960.chess960,
        threads: cli.threads,
        hash: cli.hash,
        seed: cli.seed,
        json: cli.json.json,
        allow_deep: cli.allow_deep,
        stats: cli.stats,
        progress: cli.progress.progress,
    };
    let bulk = !cli.no_bulk;
    if cli.bench {
        return bench::run(bulk, global);
    }
    if let Some(path) = &cli.epd {
        return epd::run(path, cli.max_depth, cli.max_nodes, bulk, global);
    }
    global.check_depth(cli.depth)?;
    let board = global.read_fen(cli.fen.as_deref().unwrap_or(STARTPOS))?;
    if cli.divide {
        divide::run(&board, cli.depth, bulk, global)
    } else {
        count::run(&board, cli.depth, bulk, global)
    }
}

fn main() -> ExitCode {
    // First: the signal watcher, before anything is counted or started.
    interrupt::install();
    let cli = match Cli::try_parse() {
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
