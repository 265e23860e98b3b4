//! The whole game: [`GameTree`] keeps the variations, comments and NAGs
//! as well as the mainline, as python-chess's `Game` does; [`Trees`]
//! reads a file's games into it.
//!
//! Like python-chess, a tree keeps what precedes a bad move and lists the
//! problem in [`GameTree::errors`]: the rest of that variation (of the
//! game, in the mainline) is skipped.

use crate::game::{ErrorKind, GameError, Tags};
use crate::reader::Reader;
use crate::replay::{play_san, start_position};
use crate::visitor::{Control, GameResult, GameStart, Nag, RawComment, RawSan, RawTag, Visitor};
use magicboard::{Board, Move};
use std::io::{self, Read};

/// A node's index in its [`GameTree`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);
}

/// One position of the tree: the move that reached it and what the PGN
/// says about it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    /// The move from the parent ([`Move::NULL`] at the root and for a null
    /// move).
    pub mv: Move,
    /// The parent (`None` at the root).
    pub parent: Option<NodeId>,
    /// The continuations: the first is the main one, the others are
    /// variations, in the order written.
    pub children: Vec<NodeId>,
    /// A comment before the move (at the start of a variation).
    pub starting_comment: String,
    /// The comment after the move (at the root: the game's comment, before
    /// the first move).
    pub comment: String,
    /// The move's NAGs, in the order written.
    pub nags: Vec<Nag>,
}

/// A game with its variations, comments and NAGs.
///
/// ```
/// use magicboard_pgn::{GameTree, NodeId};
/// let pgn = b"1. e4 { best by test } e5 (1... c5 $1 2. Nf3) 2. Nf3 *";
/// let tree = GameTree::read(&mut magicboard_pgn::Reader::new(&pgn[..]))?.unwrap();
/// assert_eq!(tree.mainline_moves().len(), 3);
/// let e4 = tree.node(NodeId::ROOT).children[0];
/// assert_eq!(tree.node(e4).comment, "best by test");
/// assert_eq!(tree.node(e4).children.len(), 2); // e5 and c5
/// assert_eq!(tree.to_string(), "1. e4 { best by test } 1... e5 ( 1... c5 $1 2. Nf3 ) 2. Nf3 *");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    /// The game's number in the input, from 1.
    pub number: u64,
    /// The line of its first byte.
    pub line: u64,
    /// Its tags, in the order read.
    pub tags: Tags,
    /// The start position.
    pub start: Board,
    /// The movetext's result token, if it has one.
    pub result: Option<GameResult>,
    /// The problems met (a bad move skips the rest of its variation).
    pub errors: Vec<GameError>,
    nodes: Vec<Node>,
}

impl GameTree {
    /// A tree with only its root at `start`, no tags.
    pub fn new(start: Board) -> GameTree {
        GameTree {
            number: 1,
            line: 0,
            tags: Tags::new(),
            start,
            result: None,
            errors: Vec::new(),
            nodes: vec![Node::default()],
        }
    }

    /// Reads the next game of `reader` into a tree; `None` at the end.
    ///
    /// # Errors
    ///
    /// The input's I/O errors (a bad game is a tree with
    /// [`GameTree::errors`]).
    pub fn read<R: Read>(reader: &mut Reader<R>) -> io::Result<Option<GameTree>> {
        reader.read_game(&mut TreeBuilder::new())
    }

    /// The node `id`.
    ///
    /// # Panics
    ///
    /// When `id` is not a node of this tree.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// The node `id`, to change its comments and NAGs.
    ///
    /// # Panics
    ///
    /// When `id` is not a node of this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0 as usize]
    }

    /// The number of nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the tree has no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Adds `mv` as the last continuation of `parent` (without a check:
    /// see [`GameTree::add_move`]).
    pub fn add_move_unchecked(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            mv,
            parent: Some(parent),
            ..Node::default()
        });
        self.nodes[parent.0 as usize].children.push(id);
        id
    }

    /// Adds `mv` as the last continuation of `parent` if it is legal there
    /// (or a null move, [`Move::NULL`], when not in check).
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// use magicboard_pgn::{GameTree, NodeId};
    /// let mut tree = GameTree::new(Board::startpos());
    /// let e4 = tree.add_move(NodeId::ROOT, Move::new(Square::E2, Square::E4, None)).unwrap();
    /// assert!(tree.add_move(e4, Move::new(Square::E2, Square::E4, None)).is_none());
    /// assert_eq!(tree.to_string(), "1. e4 *");
    /// ```
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Option<NodeId> {
        let mut board = self.board_at(parent);
        let legal = if mv == Move::NULL {
            board.make_null_move().is_some()
        } else {
            board.is_legal(mv)
        };
        legal.then(|| self.add_move_unchecked(parent, mv))
    }

    /// The position at node `id` (replayed from the start).
    pub fn board_at(&self, id: NodeId) -> Board {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(self.node(at).mv);
            at = parent;
        }
        let mut board = self.start.clone();
        for &mv in path.iter().rev() {
            if mv == Move::NULL {
                let _ = board.make_null_move();
            } else {
                board.make_move_unchecked(mv);
            }
        }
        board
    }

    /// The mainline's nodes (each first continuation from the root), the
    /// root excluded.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut at = NodeId::ROOT;
        std::iter::from_fn(move || {
            at = *self.node(at).children.first()?;
            Some(at)
        })
    }

    /// The mainline's moves.
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.mainline().map(|id| self.node(id).mv).collect()
    }
}

/// The visitor that builds a [`GameTree`], as python-chess's `GameBuilder`
/// does (comments joined by a space, one space inside the braces
/// trimmed).
#[derive(Debug, Clone)]
pub struct TreeBuilder {
    tree: GameTree,
    start: GameStart,
    fen: Option<String>,
    variant: Option<String>,
    /// The current node of each open variation, the mainline's first.
    stack: Vec<NodeId>,
    /// The position at each node.
    boards: Vec<Board>,
    starting_comment: String,
    in_variation: bool,
}

impl TreeBuilder {
    /// A builder for [`Reader::read_game`].
    pub fn new() -> TreeBuilder {
        TreeBuilder {
            tree: GameTree::new(Board::startpos()),
            start: GameStart {
                number: 0,
                line: 0,
                offset: 0,
            },
            fen: None,
            variant: None,
            stack: vec![NodeId::ROOT],
            boards: Vec::new(),
            starting_comment: String::new(),
            in_variation: false,
        }
    }

    fn top(&self) -> NodeId {
        *self.stack.last().unwrap_or(&NodeId::ROOT)
    }
}

impl Default for TreeBuilder {
    fn default() -> TreeBuilder {
        TreeBuilder::new()
    }
}

/// Joins a comment to what a node has, with a space.
fn join(to: &mut String, comment: &str) {
    if comment.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(comment);
}

impl Visitor for TreeBuilder {
    type Output = GameTree;

    fn begin_game(&mut self, start: GameStart) {
        self.start = start;
        self.tree = GameTree::new(Board::startpos());
        self.tree.number = start.number;
        self.tree.line = start.line;
        self.fen = None;
        self.variant = None;
        self.stack.clear();
        self.stack.push(NodeId::ROOT);
        self.boards.clear();
        self.starting_comment.clear();
        self.in_variation = false;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Control {
        match name {
            b"FEN" => self.fen = Some(value.decode().into_owned()),
            b"Variant" => self.variant = Some(value.decode().into_owned()),
            _ => {}
        }
        self.tree.tags.push_raw(name, value);
        Control::Continue
    }

    fn end_tags(&mut self) -> Control {
        match start_position(self.fen.as_deref(), self.variant.as_deref()) {
            Ok(board) => {
                self.tree.start = board.clone();
                self.boards.push(board);
                Control::Continue
            }
            Err(kind) => {
                self.tree.errors.push(GameError {
                    game: self.start.number,
                    line: self.start.line,
                    kind,
                });
                Control::Skip
            }
        }
    }

    fn san(&mut self, san: RawSan<'_>) -> Control {
        let top = self.top();
        let mut board = self.boards[top.0 as usize].clone();
        match play_san(&mut board, san) {
            Ok(mv) => {
                let id = self.tree.add_move_unchecked(top, mv);
                self.boards.push(board);
                self.tree.node_mut(id).starting_comment =
                    std::mem::take(&mut self.starting_comment);
                if let Some(last) = self.stack.last_mut() {
                    *last = id;
                }
                self.in_variation = true;
                Control::Continue
            }
            Err(error) => {
                let mut ply = 0;
                let mut at = top;
                while let Some(parent) = self.tree.node(at).parent {
                    ply += 1;
                    at = parent;
                }
                self.tree.errors.push(GameError {
                    game: self.start.number,
                    line: san.line(),
                    kind: ErrorKind::Move {
                        ply,
                        san: san.to_str_lossy().into_owned(),
                        error,
                        fen: self.boards[top.0 as usize].to_fen(),
                    },
                });
                Control::Skip
            }
        }
    }

    fn nag(&mut self, nag: Nag) -> Control {
        let top = self.top();
        self.tree.node_mut(top).nags.push(nag);
        Control::Continue
    }

    fn comment(&mut self, comment: RawComment<'_>) -> Control {
        let text = comment.to_str_lossy();
        let text = text.strip_prefix(' ').unwrap_or(&text);
        let text = text.strip_suffix(' ').unwrap_or(text);
        let top = self.top();
        let node = self.tree.node(top);
        if self.in_variation || (node.parent.is_none() && node.children.is_empty()) {
            join(&mut self.tree.node_mut(top).comment, text);
        } else {
            join(&mut self.starting_comment, text);
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        match self.tree.node(self.top()).parent {
            Some(parent) => {
                self.stack.push(parent);
                self.in_variation = false;
                Control::Continue
            }
            None => Control::Skip, // no move yet to be an alternative to
        }
    }

    fn end_variation(&mut self) -> Control {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
        Control::Continue
    }

    fn result(&mut self, result: GameResult) -> Control {
        if self.stack.len() == 1 {
            self.tree.result = Some(result);
        }
        Control::Continue
    }

    fn end_game(&mut self) -> GameTree {
        std::mem::replace(&mut self.tree, GameTree::new(Board::startpos()))
    }
}

/// The games of a PGN input as [`GameTree`]s: an iterator of
/// `io::Result<GameTree>`.
#[derive(Debug)]
pub struct Trees<R> {
    reader: Reader<R>,
    builder: TreeBuilder,
    done: bool,
}

impl<R: Read> Trees<R> {
    /// The games of `input`.
    pub fn new(input: R) -> Trees<R> {
        Trees {
            reader: Reader::new(input),
            builder: TreeBuilder::new(),
            done: false,
        }
    }
}

impl<R: Read> Iterator for Trees<R> {
    type Item = io::Result<GameTree>;

    fn next(&mut self) -> Option<io::Result<GameTree>> {
        if self.done {
            return None;
        }
        let item = self.reader.read_game(&mut self.builder).transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}
