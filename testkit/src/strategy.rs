//! proptest strategies for positions, games and moves.
//!
//! The boards and games come from legal play: a strategy draws a vector of
//! move choices and replays it from the start position (or a Chess960
//! start), each choice picking one of the position's legal moves with odds
//! weighted toward en passant, castling, promotions, captures and checks.
//! A game ends early where no move is legal (mate or stalemate), so `board`
//! may give positions without legal moves.
//!
//! **Shrinking.** A failing game is first cut at the first ply where the
//! property fails, then whole moves (two plies) are dropped from it while
//! it still fails. A choice picks a move by the move's identity rather
//! than its place in the list (see `playout`), so after a dropped move the
//! later choices still pick the same moves wherever those are legal, and
//! the rest of the game changes little. Chess960 starts shrink toward the
//! standard arrangement (number 518). A failing property is reported with a
//! short
//! game. `Board`'s `Debug` is its FEN; a [`Game`] also lists its moves.
//!
//! ```
//! use magicboard_testkit::strategy;
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! // Every generated board's legal moves agree with the reference filter.
//! let mut runner = TestRunner::default();
//! runner.run(&strategy::board(0..=40), |board| {
//!     let mut fast = board.legal_moves();
//!     let mut reference = board.legal_moves_by_make_unmake();
//!     fast.sort();
//!     reference.sort();
//!     prop_assert_eq!(fast, reference);
//!     Ok(())
//! }).unwrap();
//! ```

use alloc::vec::Vec;
use arbitrary::Arbitrary;
use core::convert::Infallible;
use magicboard::playout;
use magicboard::{Board, Game, Move};
use proptest::collection::{SizeRange, vec};
use proptest::prelude::*;
use proptest::strategy::{NewTree, ValueTree};
use proptest::test_runner::TestRunner;

/// Replays `choices` from `start` (one ply each, until no move is legal).
fn replay(start: Board, choices: &[u32]) -> Game {
    let mut next = choices.iter().copied();
    let game = playout::play(start, choices.len(), || {
        Ok::<_, Infallible>(next.next().unwrap_or(0))
    });
    match game {
        Ok(game) => game,
        Err(never) => match never {},
    }
}

/// The choices of a game of a number of plies in `plies`, with their own
/// shrinking (see [`ChoicesTree`]).
fn choices(plies: impl Into<SizeRange>) -> Choices {
    let (least, most) = plies.into().start_end_incl();
    Choices { least, most }
}

/// Draws `least..=most` random choices.
#[derive(Debug, Clone, Copy)]
struct Choices {
    least: usize,
    most: usize,
}

impl Strategy for Choices {
    type Tree = ChoicesTree;
    type Value = Vec<u32>;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        let drawn = vec(any::<u32>(), self.least..=self.most)
            .new_tree(runner)?
            .current();
        Ok(ChoicesTree {
            least: self.least,
            best: drawn.clone(),
            current: drawn,
            phase: Phase::Prefix(self.least),
            trying: false,
            progress: false,
        })
    }
}

/// Shrinks a game's choices in two phases, repeated while the second makes
/// progress. First the prefixes, shortest first: the game cut at its first
/// ply where the test fails (properties of the final position usually hold
/// somewhere early in the game). Then whole moves are dropped (a White and
/// a Black ply together, so that the later choices stay with their side):
/// the later choices still pick the same moves wherever those are legal
/// (see `playout`), so the rest of the game changes little.
#[derive(Debug, Clone)]
struct ChoicesTree {
    least: usize,
    /// The shortest choices the test is known to fail on.
    best: Vec<u32>,
    /// The choices under test.
    current: Vec<u32>,
    phase: Phase,
    /// `current` is a trial of `phase`, not `best`.
    trying: bool,
    /// Moves were dropped in this pass.
    progress: bool,
}

#[derive(Debug, Clone, Copy)]
enum Phase {
    /// The next prefix length to try.
    Prefix(usize),
    /// The next index to drop `width` plies at (4, then 2: two moves, then
    /// one).
    Drop {
        at: usize,
        width: usize,
    },
    Done,
}

impl ChoicesTree {
    /// Sets `current` to the next trial; false when there is none left.
    fn next_trial(&mut self) -> bool {
        loop {
            match self.phase {
                Phase::Prefix(k) if k < self.best.len() => {
                    self.phase = Phase::Prefix(k + 1);
                    self.current = self.best[..k].to_vec();
                    return true;
                }
                Phase::Prefix(_) => self.phase = Phase::Drop { at: 0, width: 4 },
                Phase::Drop { at, width }
                    if at + width <= self.best.len() && self.best.len() - width >= self.least =>
                {
                    self.phase = Phase::Drop { at: at + 1, width };
                    self.current = self.best.clone();
                    self.current.drain(at..at + width);
                    return true;
                }
                Phase::Drop { width: 4, .. } => self.phase = Phase::Drop { at: 0, width: 2 },
                // A pass that dropped something: again from the prefixes.
                Phase::Drop { .. } if self.progress => {
                    self.progress = false;
                    self.phase = Phase::Prefix(self.least);
                }
                Phase::Drop { .. } | Phase::Done => {
                    self.phase = Phase::Done;
                    self.current = self.best.clone();
                    return false;
                }
            }
        }
    }
}

impl ValueTree for ChoicesTree {
    type Value = Vec<u32>;

    fn current(&self) -> Vec<u32> {
        self.current.clone()
    }

    /// The test failed on `current`: keep it, and try a shorter one.
    fn simplify(&mut self) -> bool {
        if self.trying {
            self.best = self.current.clone();
            match self.phase {
                // The shortest failing prefix: on to dropping moves.
                Phase::Prefix(_) => self.phase = Phase::Drop { at: 0, width: 4 },
                // Dropped at `at`: try there again, on the new choices.
                Phase::Drop { at, width } => {
                    self.phase = Phase::Drop { at: at - 1, width };
                    self.progress = true;
                }
                Phase::Done => {}
            }
        }
        self.trying = self.next_trial();
        self.trying
    }

    /// The test passed on `current`: back to the last failing choices, and
    /// the next trial.
    fn complicate(&mut self) -> bool {
        self.current = self.best.clone();
        self.trying = self.next_trial();
        self.trying
    }
}

/// Games from the standard start position, with a number of plies in
/// `plies` (fewer when the game ends first).
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// for _ in 0..20 {
///     let game = strategy::game(10..=20).new_tree(&mut runner).unwrap().current();
///     assert!(game.moves().len() <= 20);
///     assert_eq!(game.start(), &magicboard::Board::startpos());
/// }
/// ```
pub fn game(plies: impl Into<SizeRange>) -> impl Strategy<Value = Game> {
    choices(plies).prop_map(|choices| replay(Board::startpos(), &choices))
}

/// Games from the 960 Chess960 start positions (Chess960 boards: castling
/// is king takes rook), with a number of plies in `plies`.
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// let game = strategy::game_960(5..=5).new_tree(&mut runner).unwrap().current();
/// assert!(game.start().is_chess960());
/// assert_eq!(game.moves().len(), 5);
/// ```
pub fn game_960(plies: impl Into<SizeRange>) -> impl Strategy<Value = Game> {
    (0u16..960, choices(plies)).prop_map(|(n, choices)| {
        // 0 (where shrinking heads) is the standard arrangement, 518.
        replay(
            Board::chess960_startpos((n + 518) % 960).unwrap_or_else(Board::startpos),
            &choices,
        )
    })
}

/// Positions `plies` plies (or fewer, if the game ends) from the standard
/// start position.
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
///
/// TestRunner::default().run(&strategy::board(0..=60), |board| {
///     // FEN round trip.
///     prop_assert_eq!(magicboard::Board::from_fen(&board.to_fen()).unwrap(), board);
///     Ok(())
/// }).unwrap();
/// ```
pub fn board(plies: impl Into<SizeRange>) -> impl Strategy<Value = Board> {
    game(plies).prop_map(|game| game.board().clone())
}

/// Positions `plies` plies (or fewer) from a Chess960 start position.
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
///
/// TestRunner::default().run(&strategy::board_960(0..=60), |board| {
///     prop_assert!(board.is_chess960());
///     prop_assert_eq!(magicboard::Board::from_fen_with(&board.to_fen(), magicboard::CastlingMode::Chess960).unwrap(), board);
///     Ok(())
/// }).unwrap();
/// ```
pub fn board_960(plies: impl Into<SizeRange>) -> impl Strategy<Value = Board> {
    game_960(plies).prop_map(|game| game.board().clone())
}

/// One of `board`'s legal moves, shrinking toward the first in generation
/// order. A board without legal moves (mate, stalemate) has none to give:
/// the strategy then rejects every case, so draw from boards that have
/// moves, as below.
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
///
/// let boards_and_moves = strategy::board(0..=40)
///     .prop_filter("a move to play", |b| !b.legal_moves().is_empty())
///     .prop_flat_map(|board| {
///         let mv = strategy::legal_move(&board);
///         (Just(board), mv)
///     });
/// TestRunner::default().run(&boards_and_moves, |(board, mv)| {
///     prop_assert!(board.is_legal(mv));
///     let mut after = board.clone();
///     let undo = after.make_move(mv);
///     after.unmake_move(mv, undo);
///     prop_assert_eq!(after, board);
///     Ok(())
/// }).unwrap();
/// ```
pub fn legal_move(board: &Board) -> impl Strategy<Value = Move> + use<> {
    let moves = board.legal_moves().to_vec();
    if moves.is_empty() {
        Just(Move::NULL)
            .prop_filter("the board has no legal move", |_| false)
            .boxed()
    } else {
        proptest::sample::select(moves).boxed()
    }
}

/// Boards with pieces placed at random rather than reached by play: a king
/// of each colour and up to 30 other pieces anywhere (pawns never on a back
/// rank), either side to move, castling rights where king and rook allow
/// them, sometimes an en-passant square; only what
/// [`BoardBuilder::build`](magicboard::BoardBuilder::build) accepts. These
/// are positions no game in a test's budget reaches: odd material, kings in
/// the middle, pawns on open files, many checks. The placement is
/// magicboard's `Arbitrary` impl for `BoardBuilder` (feature `arbitrary`),
/// driven by bytes that shrink toward fewer pieces.
///
/// ```
/// use magicboard_testkit::strategy;
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
///
/// TestRunner::default().run(&strategy::placed_board(), |board| {
///     let mut fast = board.legal_moves();
///     let mut reference = board.legal_moves_by_make_unmake();
///     fast.sort();
///     reference.sort();
///     prop_assert_eq!(fast, reference);
///     Ok(())
/// }).unwrap();
/// ```
pub fn placed_board() -> impl Strategy<Value = Board> {
    vec(any::<u8>(), 64..256).prop_filter_map("a position build() accepts", |bytes| {
        let builder =
            magicboard::BoardBuilder::arbitrary(&mut arbitrary::Unstructured::new(&bytes)).ok()?;
        builder.build().ok()
    })
}
