//! The settings the modes share: the option groups each command takes
//! (clap), what they amount to ([`Global`]), and the one place that turns
//! them into the library's [`Perft`].

use super::output::Failure;
use clap::Args;
use magicboard::perft::PerftMeter;
use magicboard::{Board, CastlingMode, Perft, PerftTable};

/// The start position, the default root.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The deepest depth run without `--allow-deep`.
pub const MAX_DEPTH: u32 = 12;

/// The parser of a depth option (`--depth`, `--max-depth`, ...): a whole
/// number of plies, 0 or more. Anything else, a negative number included
/// (which the options let through for this), gets one message naming the
/// option.
pub fn plies(
    option: &'static str,
) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    move |text| {
        text.parse()
            .map_err(|_| format!("{option} takes a whole number of plies, 0 or more"))
    }
}

/// `--allow-deep`, for the commands that take a depth.
#[derive(Args, Debug, Clone, Copy)]
pub struct Deep {
    /// Run depths beyond 12 plies, refused without it (perft 13 of the
    /// start position is about 2 * 10^18 nodes: decades at any speed
    /// without a table).
    #[arg(long)]
    pub allow_deep: bool,
}

/// `--chess960`, for the modes that read FENs.
#[derive(Args, Debug, Clone, Copy)]
pub struct Chess960Arg {
    /// Read FENs as Chess960 (castling printed king-takes-rook, `e1h1`).
    #[arg(long)]
    pub chess960: bool,
}

/// `--threads`, `--hash` and `--seed`, for the commands that count.
#[derive(Args, Debug, Clone, Copy)]
pub struct Work {
    /// Worker threads [default: all cores].
    #[arg(long, short = 't', value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB (0: none).
    #[arg(long, value_name = "MB", default_value_t = 0)]
    pub hash: usize,
    /// The seed of the table's keys: a second run with another seed checks
    /// the first independently.
    #[arg(long, value_name = "N", default_value_t = PerftTable::DEFAULT_SEED, requires = "hash")]
    pub seed: u64,
}

impl Work {
    /// The shared settings with these options.
    pub fn global(self) -> Global {
        Global {
            threads: self.threads,
            hash: self.hash,
            seed: self.seed,
            ..Global::default()
        }
    }
}

/// `--progress`, for the modes that count for long.
#[derive(Args, Debug, Clone, Copy)]
pub struct ProgressArg {
    /// Show the progress on stderr (units done, nodes visited, table hits,
    /// time, speed, ETA) even where stderr is not a terminal (a line every
    /// 2 s) or with --json; on a terminal it is shown anyway, from the
    /// first second on, with the time and speed at the end.
    #[arg(long)]
    pub progress: bool,
}

/// `--json`, for the modes with a JSON form.
#[derive(Args, Debug, Clone, Copy)]
pub struct JsonArg {
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The settings the modes share, from whichever of these options the mode
/// takes (the others keep their defaults).
#[derive(Debug, Clone, Default)]
pub struct Global {
    pub chess960: bool,
    pub threads: Option<u16>,
    pub hash: usize,
    pub seed: u64,
    pub json: bool,
    pub allow_deep: bool,
    /// `--stats`: the leaf moves counted by kind too.
    pub stats: bool,
    /// `--progress`: progress shown wherever stderr goes.
    pub progress: bool,
}

impl Global {
    /// The settings from the option groups a command takes; the others
    /// keep their defaults.
    pub fn of(
        work: Option<Work>,
        chess960: Option<Chess960Arg>,
        json: Option<JsonArg>,
        deep: Option<Deep>,
    ) -> Global {
        Global {
            chess960: chess960.is_some_and(|c| c.chess960),
            json: json.is_some_and(|j| j.json),
            allow_deep: deep.is_some_and(|d| d.allow_deep),
            ..work.map_or_else(Global::default, Work::global)
        }
    }

    /// Refuses a depth beyond [`MAX_DEPTH`] unless `--allow-deep` is given.
    pub fn check_depth(&self, depth: u32) -> Result<(), Failure> {
        if depth <= MAX_DEPTH || self.allow_deep {
            return Ok(());
        }
        Err(Failure::input(format!(
            "depth {depth} is beyond {MAX_DEPTH} plies, which from a typical position would run \
             for decades at any speed; pass --allow-deep to run it anyway"
        )))
    }

    /// The `--threads` value, else `default`, else all cores.
    pub fn threads_or(&self, default: Option<usize>) -> usize {
        match (self.threads, default) {
            (Some(n), _) => usize::from(n),
            (None, Some(n)) => n,
            (None, None) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The `--hash` table with the `--seed` keys, if any; a size that
    /// cannot be allocated is bad input.
    pub fn table(&self) -> Result<Option<PerftTable>, Failure> {
        if self.hash == 0 {
            return Ok(None);
        }
        let table = PerftTable::try_new(self.hash).ok_or_else(|| {
            Failure::input(format!(
                "--hash {}: cannot allocate a table of that many MiB",
                self.hash
            ))
        })?;
        Ok(Some(table.with_seed(self.seed)))
    }

    /// The castling notation FENs are read in.
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960)
    }

    /// Reads a FEN in the `--chess960` mode: the one way every mode reads
    /// positions.
    pub fn read_fen(&self, fen: &str) -> Result<Board, Failure> {
        Board::from_fen_with(fen, self.castling_mode())
            .map_err(|e| Failure::input(format!("invalid FEN: {e}")))
    }
}

/// The library's counting options for these settings: the one place that
/// turns `--threads` and `--hash` into a [`Perft`], with the meter that
/// every count reports what it visited to (progress, speed).
pub fn counter<'t>(
    depth: u32,
    bulk: bool,
    threads: usize,
    table: Option<&'t PerftTable>,
    meter: &'t PerftMeter,
) -> Perft<'t> {
    let perft = Perft::new(depth).bulk(bulk).threads(threads).meter(meter);
    match table {
        Some(table) => perft.table(table),
        None => perft,
    }
}
