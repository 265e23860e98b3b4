//! Finding where another move generator first disagrees with magicboard.
//!
//! Debugging a generator with perft goes like this by hand: divide both
//! generators at the root (the count below each move), spot a move whose
//! counts differ, play it, divide again one ply shallower, and so on, until
//! the move lists themselves differ, which names the bug: a move one side
//! generates and the other does not. [`find`] does that walk.
//!
//! The other generator is anything that answers "divide this position to
//! this depth" with `(move, count)` pairs in UCI text: a [`Divider`]. A
//! closure taking a [`Query`] is one; the `perft diverge` command of the
//! perft tool (crate `magicboard-perft`) has two more, for a program speaking the
//! [perftree](https://github.com/agausmann/perftree) convention and for a
//! UCI engine with Stockfish's `go perft`.
//!
//! The walk asks the other side **one divide per level**: at the root to the
//! full depth, then one ply shallower below the move it follows, so a run
//! to depth `d` makes at most `d` calls. Where several moves' counts differ
//! it follows the one with the smallest subtree (magicboard's count; ties
//! by UCI text), which keeps the next calls cheap. It stops:
//!
//! * where the move lists differ ([`Kind::Moves`]): moves only magicboard
//!   has, moves only the other has, or moves the other lists twice;
//! * at depth 1, where the lists agree but the other counts a move as
//!   something other than one leaf ([`Kind::LeafCount`]);
//! * where the other contradicts itself ([`Kind::Inconsistent`]): its count
//!   for the move just followed differs from the sum of its own divide below
//!   that move, and that divide agrees with magicboard (a transposition-table
//!   collision, say, or a divide that is not summed the way it is printed).
//!
//! **Notation.** Moves are compared as UCI text, written the board's way
//! ([`Board::uci`]: `e1g1` on standard boards, king takes rook `e1h1` on
//! Chess960 boards). The other side may write castling either way: the
//! other notation is accepted too wherever it names no other legal move (on
//! a Chess960 board with the king on f1 and its rook on h1, `f1g1` is a
//! king step, so castling must be written `f1h1` there). Letters may be
//! upper case (`a7b8Q`). When the walk goes down a move, the other side is
//! sent the move as it wrote it ([`Query::path_text`]).
//!
//! ```
//! use core::convert::Infallible;
//! use magicboard_testkit::diverge::{self, Kind, Query};
//! use magicboard::{Board, Move, PieceKind};
//!
//! // The other generator: magicboard's moves less en-passant captures,
//! // with its own (consistently wrong) perft.
//! fn moves(board: &Board) -> Vec<Move> {
//!     let en_passant = |mv: &Move| {
//!         board.en_passant() == Some(mv.to()) && board.kind_on(mv.from()) == Some(PieceKind::Pawn)
//!     };
//!     board.legal_moves().into_iter().filter(|mv| !en_passant(mv)).collect()
//! }
//! fn perft(board: &Board, depth: u32) -> u64 {
//!     if depth == 0 {
//!         return 1;
//!     }
//!     moves(board).into_iter().map(|mv| perft(&board.play_unchecked(mv), depth - 1)).sum()
//! }
//! let mut other = |q: &Query<'_>| {
//!     let b = q.board;
//!     Ok::<_, Infallible>(moves(b).into_iter()
//!         .map(|mv| (b.to_uci(mv).to_string(), perft(&b.play_unchecked(mv), q.depth - 1)))
//!         .collect())
//! };
//!
//! // Only 1.e4 gives Black an en-passant capture here (f4xe3).
//! let board = Board::from_fen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")?;
//! let report = diverge::find(&board, 3, &mut other).unwrap();
//! let found = report.divergence.expect("the bug is found");
//! assert_eq!(found.kind, Kind::Moves);
//! assert_eq!(found.path_uci(), ["e2e4"]);
//! assert_eq!(found.fen(), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
//! assert_eq!(found.only_magicboard, ["f4e3"]);
//! assert!(found.only_other.is_empty());
//! assert_eq!(report.calls, 2); // one divide per level
//! # Ok::<(), magicboard::FenError>(())
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use magicboard::{Board, CastlingMode, Move, Perft};

/// The other generator: divides a position to a depth.
///
/// Implemented for closures `FnMut(&Query<'_>) -> Result<Vec<(String,
/// u64)>, E>`; the `perft` tool implements it for external programs.
///
/// ```
/// use magicboard_testkit::diverge::{self, Divider, Query};
/// use magicboard::{Board, Perft};
///
/// /// magicboard again, counting its calls.
/// struct Again { calls: u32 }
///
/// impl Divider for Again {
///     type Error = core::convert::Infallible;
///     fn divide(&mut self, q: &Query<'_>) -> Result<Vec<(String, u64)>, Self::Error> {
///         self.calls += 1;
///         let list = Perft::new(q.depth).divide(q.board);
///         Ok(list.into_iter().map(|(mv, n)| (q.board.to_uci(mv).to_string(), n)).collect())
///     }
/// }
///
/// let mut again = Again { calls: 0 };
/// let report = diverge::find(&Board::startpos(), 3, &mut again).unwrap();
/// assert!(report.agrees());
/// assert_eq!(report.nodes, 8902); // CPW, "Perft Results"
/// assert_eq!(again.calls, 1);
/// ```
pub trait Divider {
    /// Why the other side could not answer.
    type Error;

    /// The other generator's divide of `query.board` to `query.depth`
    /// plies: each legal move as UCI text with the number of leaves
    /// `depth - 1` plies below it, in any order. `query.depth` is at least 1.
    fn divide(&mut self, query: &Query<'_>) -> Result<Vec<(String, u64)>, Self::Error>;
}

impl<F, E> Divider for F
where
    F: FnMut(&Query<'_>) -> Result<Vec<(String, u64)>, E>,
{
    type Error = E;

    fn divide(&mut self, query: &Query<'_>) -> Result<Vec<(String, u64)>, E> {
        self(query)
    }
}

/// One question to the other generator: divide `board`, reached from `root`
/// by `path`, to `depth` plies.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Query<'a> {
    /// The position the walk started from.
    pub root: &'a Board,
    /// The moves from `root` to `board`.
    pub path: &'a [Move],
    /// The same moves as the other side wrote them in its earlier answers
    /// (what a program is given back).
    pub path_text: &'a [String],
    /// The position to divide.
    pub board: &'a Board,
    /// The depth in plies, at least 1.
    pub depth: u32,
}

impl Query<'_> {
    /// The moves from the root as the other side wrote them, separated by
    /// spaces: the perftree convention's third argument (and what follows
    /// `moves` in UCI's `position` command). Empty at the root.
    ///
    /// ```
    /// use magicboard_testkit::diverge::{self, Query};
    /// use magicboard::{Board, Perft};
    ///
    /// // An other generator that forgets 1...e5 after 1.e4 (and so counts
    /// // one leaf less below e2e4 at depth 2).
    /// let mut asked = Vec::new();
    /// let mut other = |q: &Query<'_>| {
    ///     asked.push(q.moves_text());
    ///     let mut list: Vec<(String, u64)> = Perft::new(q.depth).divide(q.board).into_iter()
    ///         .map(|(mv, n)| (q.board.to_uci(mv).to_string(), n))
    ///         .collect();
    ///     match q.moves_text().as_str() {
    ///         "" => list.iter_mut().filter(|(mv, _)| mv == "e2e4").for_each(|e| e.1 -= 1),
    ///         "e2e4" => list.retain(|(mv, _)| mv != "e7e5"),
    ///         _ => {}
    ///     }
    ///     Ok::<_, ()>(list)
    /// };
    /// let report = diverge::find(&Board::startpos(), 2, &mut other).unwrap();
    /// assert_eq!(asked, ["", "e2e4"]);
    /// assert_eq!(report.divergence.unwrap().only_magicboard, ["e7e5"]);
    /// ```
    pub fn moves_text(&self) -> String {
        self.path_text.join(" ")
    }
}

/// What [`find`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The depth of the walk.
    pub depth: u32,
    /// magicboard's count at the root.
    pub nodes: u64,
    /// The other's count at the root: the sum of its divide there (`u64::MAX`
    /// if that overflows).
    pub other_nodes: u64,
    /// How many times the other side was asked (one per level visited).
    pub calls: u32,
    /// Where the two part, if they do.
    pub divergence: Option<Divergence>,
}

impl Report {
    /// True when the other generator agrees with magicboard: the same moves
    /// at the root, each with the same count.
    ///
    /// ```
    /// use magicboard_testkit::diverge::{self, Query};
    /// use magicboard::{Board, Perft};
    ///
    /// // An other generator that counts one leaf too many below every move.
    /// let mut off_by_one = |q: &Query<'_>| {
    ///     Ok::<_, ()>(Perft::new(q.depth).divide(q.board).into_iter()
    ///         .map(|(mv, n)| (q.board.to_uci(mv).to_string(), n + 1))
    ///         .collect())
    /// };
    /// let report = diverge::find(&Board::startpos(), 1, &mut off_by_one).unwrap();
    /// assert!(!report.agrees());
    /// assert_eq!((report.nodes, report.other_nodes), (20, 40));
    /// ```
    pub fn agrees(&self) -> bool {
        self.divergence.is_none()
    }
}

/// The position where the two generators part, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Divergence {
    /// What differs there.
    pub kind: Kind,
    /// The moves from the root to the position.
    pub path: Vec<Move>,
    /// The position.
    pub board: Board,
    /// The depth it was divided to.
    pub depth: u32,
    /// Legal moves the other did not list (UCI, the board's notation),
    /// sorted.
    pub only_magicboard: Vec<String>,
    /// Moves the other listed that are not legal here (as it wrote them),
    /// sorted.
    pub only_other: Vec<String>,
    /// Legal moves the other listed more than once (as it wrote the second),
    /// sorted.
    pub repeated: Vec<String>,
    /// The counts that differed: the move followed at each level, root
    /// first, then those of the moves both list at the position itself.
    pub counts: Vec<CountDiff>,
}

impl Divergence {
    /// The position as FEN ([`Board::to_fen`]).
    ///
    /// ```
    /// use magicboard_testkit::diverge::{self, Query};
    /// use magicboard::Board;
    ///
    /// // The other generator knows no moves at all.
    /// let mut none = |_: &Query<'_>| Ok::<_, ()>(Vec::new());
    /// let report = diverge::find(&Board::startpos(), 2, &mut none).unwrap();
    /// let found = report.divergence.unwrap();
    /// assert_eq!(found.fen(), Board::startpos().to_fen());
    /// assert_eq!(found.only_magicboard.len(), 20);
    /// ```
    pub fn fen(&self) -> String {
        self.board.to_fen()
    }

    /// The moves from the root in UCI text, the board's notation.
    ///
    /// ```
    /// use magicboard_testkit::diverge::{self, Query};
    /// use magicboard::{Board, Perft};
    ///
    /// // An other generator that forgets 1...e5 after 1.e4.
    /// let mut other = |q: &Query<'_>| {
    ///     let mut list: Vec<(String, u64)> = Perft::new(q.depth).divide(q.board).into_iter()
    ///         .map(|(mv, n)| (q.board.to_uci(mv).to_string(), n))
    ///         .collect();
    ///     match q.moves_text().as_str() {
    ///         "" => list.iter_mut().filter(|(mv, _)| mv == "e2e4").for_each(|e| e.1 -= 1),
    ///         "e2e4" => list.retain(|(mv, _)| mv != "e7e5"),
    ///         _ => {}
    ///     }
    ///     Ok::<_, ()>(list)
    /// };
    /// let found = diverge::find(&Board::startpos(), 2, &mut other).unwrap().divergence.unwrap();
    /// assert_eq!(found.path_uci(), ["e2e4"]);
    /// assert_eq!(found.counts[0].uci, "e2e4");
    /// assert_eq!((found.counts[0].magicboard, found.counts[0].other), (20, 19));
    /// ```
    pub fn path_uci(&self) -> Vec<String> {
        let mode = magicboard::CastlingMode::from_chess960(self.board.is_chess960());
        self.path
            .iter()
            .map(|mv| mv.to_uci(mode).to_string())
            .collect()
    }
}

/// What differs at a [`Divergence`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// The move lists differ.
    Moves,
    /// The same moves at depth 1, but the other counts some move as other
    /// than one leaf.
    LeafCount,
    /// The other contradicts itself: it counted the last move of the path
    /// differently from the sum of its own divide below it, which agrees
    /// with magicboard move by move.
    Inconsistent,
}

impl Kind {
    /// A short name: `moves`, `leaf-count` or `inconsistent` (as `perft
    /// diverge --json` writes it).
    ///
    /// ```
    /// use magicboard_testkit::diverge::Kind;
    /// assert_eq!(Kind::LeafCount.name(), "leaf-count");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Moves => "moves",
            Kind::LeafCount => "leaf-count",
            Kind::Inconsistent => "inconsistent",
        }
    }
}

/// A move whose counts differ.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CountDiff {
    /// The ply of the position the move is played from (0: the root).
    pub ply: usize,
    /// The move, UCI in the board's notation.
    pub uci: String,
    /// The plies counted below the move.
    pub depth: u32,
    /// magicboard's count.
    pub magicboard: u64,
    /// The other's count.
    pub other: u64,
}

/// Why [`find`] could not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error<E> {
    /// Depth 0: a position has no divide at depth 0.
    ZeroDepth,
    /// The other side could not answer.
    Other(E),
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ZeroDepth => f.write_str("the depth must be at least 1"),
            Error::Other(e) => write!(f, "the other generator failed: {e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

/// Walks down from `board` to `depth` plies, asking `other` for one divide
/// per level, to the first position where it and magicboard disagree (see
/// the [module documentation](self) for the walk and the notation).
///
/// Errors: [`Error::ZeroDepth`] for depth 0, [`Error::Other`] when `other`
/// fails (the walk stops at once).
///
/// ```
/// use magicboard_testkit::diverge::{self, Error, Query};
/// use magicboard::{Board, Perft};
///
/// // magicboard against itself agrees, with one call.
/// let mut same = |q: &Query<'_>| {
///     Ok::<_, String>(Perft::new(q.depth).divide(q.board).into_iter()
///         .map(|(mv, n)| (q.board.to_uci(mv).to_string(), n))
///         .collect())
/// };
/// let kiwipete = Board::from_fen(
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
/// ).unwrap();
/// let report = diverge::find(&kiwipete, 2, &mut same).unwrap();
/// assert!(report.agrees());
/// assert_eq!((report.nodes, report.calls), (2039, 1)); // CPW, "Perft Results"
///
/// assert_eq!(diverge::find(&kiwipete, 0, &mut same), Err(Error::ZeroDepth));
/// let mut broken = |_: &Query<'_>| Err::<Vec<(String, u64)>, _>("crashed");
/// assert_eq!(diverge::find(&kiwipete, 2, &mut broken), Err(Error::Other("crashed")));
/// ```
pub fn find<D: Divider + ?Sized>(
    board: &Board,
    depth: u32,
    other: &mut D,
) -> Result<Report, Error<D::Error>> {
    if depth == 0 {
        return Err(Error::ZeroDepth);
    }
    let mut walk = Walk {
        board: board.clone(),
        path: Vec::new(),
        path_text: Vec::new(),
        counts: Vec::new(),
        depth,
    };
    let mut report = Report {
        depth,
        nodes: 0,
        other_nodes: 0,
        calls: 0,
        divergence: None,
    };
    loop {
        // One level: both sides divide the position, and their lists are
        // compared move by move.
        let ours = Perft::new(walk.depth).divide(&walk.board);
        let theirs = other.divide(&walk.query(board)).map_err(Error::Other)?;
        report.calls += 1;
        let cmp = Comparison::new(&walk.board, &ours, &theirs);
        if walk.path.is_empty() {
            report.nodes = ours.iter().map(|&(_, n)| n).sum();
            report.other_nodes = theirs
                .iter()
                .fold(0u64, |sum, &(_, n)| sum.saturating_add(n));
        }
        let (depth, plies) = (walk.depth, walk.path.len());
        let differing = cmp.differing(&walk.board, &ours, &theirs, plies, depth);
        match walk.verdict(&cmp, &differing) {
            Some(kind) => {
                report.divergence = Some(walk.divergence(kind, cmp, differing));
                return Ok(report);
            }
            None if differing.is_empty() => return Ok(report),
            None => walk.follow(differing, &ours, &theirs, &cmp),
        }
    }
}

/// Where [`find`] has got to: the position, the moves from the root (ours
/// and as the other side wrote them), the counts that differed on the way,
/// and the depth left.
struct Walk {
    board: Board,
    path: Vec<Move>,
    path_text: Vec<String>,
    counts: Vec<CountDiff>,
    depth: u32,
}

impl Walk {
    /// The question for the other side at this position.
    fn query<'a>(&'a self, root: &'a Board) -> Query<'a> {
        Query {
            root,
            path: &self.path,
            path_text: &self.path_text,
            board: &self.board,
            depth: self.depth,
        }
    }

    /// What differs here, if the walk ends here: the move lists, counts
    /// that differ at the last ply, or nothing differing below a count that
    /// differed above (the other side is inconsistent); `None` to go on,
    /// or when everything agrees.
    fn verdict(&self, cmp: &Comparison, differing: &[(usize, CountDiff)]) -> Option<Kind> {
        if !cmp.lists_agree() {
            Some(Kind::Moves)
        } else if differing.is_empty() {
            (!self.path.is_empty()).then_some(Kind::Inconsistent)
        } else if self.depth == 1 {
            Some(Kind::LeafCount)
        } else {
            None
        }
    }

    /// The walk's end: the divergence found here.
    fn divergence(
        mut self,
        kind: Kind,
        cmp: Comparison,
        differing: Vec<(usize, CountDiff)>,
    ) -> Divergence {
        self.counts
            .extend(differing.into_iter().map(|(_, diff)| diff));
        Divergence {
            kind,
            path: self.path,
            board: self.board,
            depth: self.depth,
            only_magicboard: cmp.only_magicboard,
            only_other: cmp.only_other,
            repeated: cmp.repeated,
            counts: self.counts,
        }
    }

    /// One ply down, along the differing move with the smallest subtree.
    fn follow(
        &mut self,
        differing: Vec<(usize, CountDiff)>,
        ours: &[(Move, u64)],
        theirs: &[(String, u64)],
        cmp: &Comparison,
    ) {
        let (i, diff) = differing
            .into_iter()
            .min_by(|(_, a), (_, b)| (a.magicboard, &a.uci).cmp(&(b.magicboard, &b.uci)))
            .expect("some count differs");
        let mv = ours[i].0;
        let j = cmp.matched[i].expect("a move both list");
        self.path_text.push(theirs[j].0.clone());
        self.path.push(mv);
        self.counts.push(diff);
        self.board = self.board.play_unchecked(mv);
        self.depth -= 1;
    }
}

/// The two move lists of one position, matched move by move.
struct Comparison {
    /// For each of magicboard's moves, the index of the other's entry for it.
    matched: Vec<Option<usize>>,
    only_magicboard: Vec<String>,
    only_other: Vec<String>,
    repeated: Vec<String>,
}

impl Comparison {
    /// The moves both list whose counts differ (index into `ours`, and the
    /// difference), by UCI text, for a position `ply` plies down with
    /// `depth` plies left.
    fn differing(
        &self,
        board: &Board,
        ours: &[(Move, u64)],
        theirs: &[(String, u64)],
        ply: usize,
        depth: u32,
    ) -> Vec<(usize, CountDiff)> {
        let mut differing: Vec<(usize, CountDiff)> = Vec::new();
        for (i, matched) in self.matched.iter().enumerate() {
            if let Some(j) = *matched {
                let (mv, n) = ours[i];
                if theirs[j].1 != n {
                    let diff = CountDiff {
                        ply,
                        uci: board.to_uci(mv).to_string(),
                        depth: depth - 1,
                        magicboard: n,
                        other: theirs[j].1,
                    };
                    differing.push((i, diff));
                }
            }
        }
        differing.sort_by(|(_, a), (_, b)| a.uci.cmp(&b.uci));
        differing
    }

    fn new(board: &Board, ours: &[(Move, u64)], theirs: &[(String, u64)]) -> Comparison {
        let mode = magicboard::CastlingMode::from_chess960(board.is_chess960());
        let other_mode = match mode {
            CastlingMode::Standard => CastlingMode::Chess960,
            CastlingMode::Chess960 => CastlingMode::Standard,
        };
        let texts: Vec<String> = ours
            .iter()
            .map(|&(mv, _)| mv.to_uci(mode).to_string())
            .collect();
        let primary: BTreeMap<&str, usize> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| (t.as_str(), i))
            .collect();
        // Castling in the other notation, where that names no other move.
        let alternative: BTreeMap<String, usize> = ours
            .iter()
            .enumerate()
            .filter(|(_, (mv, _))| mv.is_castle())
            .map(|(i, &(mv, _))| (mv.to_uci(other_mode).to_string(), i))
            .filter(|(text, _)| !primary.contains_key(text.as_str()))
            .collect();
        let mut matched = alloc::vec![None; ours.len()];
        let mut only_other = Vec::new();
        let mut repeated = Vec::new();
        for (j, (text, _)) in theirs.iter().enumerate() {
            let key = text.trim().to_ascii_lowercase();
            let found = primary
                .get(key.as_str())
                .or_else(|| alternative.get(&key))
                .copied();
            match found {
                Some(i) if matched[i].is_none() => matched[i] = Some(j),
                Some(_) => repeated.push(text.clone()),
                None => only_other.push(text.clone()),
            }
        }
        let mut only_magicboard: Vec<String> = texts
            .into_iter()
            .zip(&matched)
            .filter(|(_, m)| m.is_none())
            .map(|(t, _)| t)
            .collect();
        only_magicboard.sort();
        only_other.sort();
        repeated.sort();
        Comparison {
            matched,
            only_magicboard,
            only_other,
            repeated,
        }
    }

    fn lists_agree(&self) -> bool {
        self.only_magicboard.is_empty() && self.only_other.is_empty() && self.repeated.is_empty()
    }
}

impl fmt::Display for Report {
    /// A text report: agreement with the count, or the divergence with its
    /// path, position, moves and counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let calls = match self.calls {
            1 => "1 divide call".to_string(),
            n => alloc::format!("{n} divide calls"),
        };
        let Some(d) = &self.divergence else {
            return writeln!(
                f,
                "agree: {} nodes at depth {} ({calls})",
                self.nodes, self.depth
            );
        };
        let what = match d.kind {
            Kind::Moves => "the move lists differ",
            Kind::LeafCount => "a move's count at depth 1 differs",
            Kind::Inconsistent => {
                "the other's count for the last move is not the sum of its divide below it"
            }
        };
        writeln!(f, "diverge: {what}")?;
        let path = d.path_uci();
        let path = if path.is_empty() {
            "(the root)".to_string()
        } else {
            path.join(" ")
        };
        writeln!(f, "path:     {path}")?;
        writeln!(f, "position: {}", d.fen())?;
        writeln!(f, "depth:    {}", d.depth)?;
        let list = |moves: &[String]| {
            if moves.is_empty() {
                "-".to_string()
            } else {
                moves.join(" ")
            }
        };
        writeln!(f, "only magicboard: {}", list(&d.only_magicboard))?;
        writeln!(f, "only the other:  {}", list(&d.only_other))?;
        if !d.repeated.is_empty() {
            writeln!(f, "listed twice by the other: {}", list(&d.repeated))?;
        }
        if !d.counts.is_empty() {
            writeln!(f, "counts that differ (ply, move, plies below):")?;
            for c in &d.counts {
                writeln!(
                    f,
                    "  {:>3}  {:<6} {:>3}  magicboard {:>12}  other {:>12}",
                    c.ply, c.uci, c.depth, c.magicboard, c.other
                )?;
            }
        }
        writeln!(
            f,
            "root: magicboard {} nodes, other {} at depth {} ({calls})",
            self.nodes, self.other_nodes, self.depth
        )
    }
}
