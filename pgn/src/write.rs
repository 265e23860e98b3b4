//! Writing PGN: a [`GameTree`] or a [`Game`] as text, in the layout
//! python-chess exports (tags one per line, a blank line, the movetext
//! wrapped at 80 columns, `{ comments }`, `$n` NAGs, `( variations )`,
//! move numbers repeated after a comment or variation, the result last).
//!
//! Reading what is written gives the same game back: read, write, read is
//! the identity on the mainline (and on variations, comments and NAGs).

use crate::game::{Game, Tags};
use crate::tree::{GameTree, NodeId};
use core::fmt::{self, Write};
use magicboard::{Board, Color, Move};

/// Collects tokens into lines of at most `columns` characters.
struct Lines<'a, W: Write> {
    out: &'a mut W,
    columns: Option<usize>,
    line: String,
    first: bool,
}

impl<'a, W: Write> Lines<'a, W> {
    fn new(out: &'a mut W, columns: Option<usize>) -> Lines<'a, W> {
        Lines {
            out,
            columns,
            line: String::new(),
            first: true,
        }
    }

    /// Ends the current line (trailing spaces trimmed).
    fn flush(&mut self) -> fmt::Result {
        if !self.line.is_empty() {
            if !self.first {
                self.out.write_char('\n')?;
            }
            self.first = false;
            self.out.write_str(self.line.trim_end())?;
            self.line.clear();
        }
        Ok(())
    }

    /// A line of its own (a tag pair, or an empty line).
    fn whole_line(&mut self, text: &str) -> fmt::Result {
        self.flush()?;
        if !self.first {
            self.out.write_char('\n')?;
        }
        self.first = false;
        self.out.write_str(text.trim_end())
    }

    /// A token and the space after it, on a new line if it does not fit.
    fn token(&mut self, text: &str) -> fmt::Result {
        let room = self
            .columns
            .map_or(usize::MAX, |c| c.saturating_sub(self.line.len()));
        if room < text.len() + 1 {
            self.flush()?;
        }
        self.line.push_str(text);
        self.line.push(' ');
        Ok(())
    }

    fn comment(&mut self, text: &str) -> fmt::Result {
        let text = text.replace('}', "");
        self.token(&format!("{{ {} }}", text.trim()))
    }
}

/// Writes the tags, one `[Name "value"]` a line, and the blank line after
/// them (nothing without tags).
fn write_tags<W: Write>(lines: &mut Lines<'_, W>, tags: &Tags) -> fmt::Result {
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        lines.whole_line(&format!("[{name} \"{value}\"]"))?;
    }
    if !tags.is_empty() {
        lines.whole_line("")?;
    }
    Ok(())
}

/// Writes one move: its number when White moves or when `force` is set,
/// then its SAN (`--` for a null move).
fn write_move<W: Write>(
    lines: &mut Lines<'_, W>,
    board: &Board,
    mv: Move,
    force: bool,
) -> fmt::Result {
    if board.side_to_move() == Color::White {
        lines.token(&format!("{}.", board.fullmove_number()))?;
    } else if force {
        lines.token(&format!("{}...", board.fullmove_number()))?;
    }
    lines.token(&board.to_san(mv))
}

/// Plays a move (a null move too) on `board`.
fn play(board: &mut Board, mv: Move) {
    if mv == Move::NULL {
        let _ = board.make_null_move();
    } else {
        board.make_move_unchecked(mv);
    }
}

/// The result to write: the `Result` tag's (when it is a result), else
/// the movetext's, else `*`.
fn result_token(tags: &Tags, result: Option<crate::GameResult>) -> &'static str {
    tags.get("Result")
        .and_then(|value| crate::GameResult::from_token(value.as_bytes()))
        .or(result)
        .map_or("*", |r| r.as_str())
}

impl fmt::Display for GameTree {
    /// The game in PGN (see the [module documentation](self)), lines
    /// wrapped at 80 columns; no line end after the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn(Some(80)))
    }
}

impl GameTree {
    /// The game in PGN, the movetext's lines wrapped at `columns`
    /// characters (`None`: one line, as python-chess's `str(game)`).
    pub fn to_pgn(&self, columns: Option<usize>) -> String {
        let mut text = String::new();
        let _ = self.write_pgn(&mut text, columns);
        text
    }

    /// Writes the game in PGN to `out`, wrapped at `columns` (see
    /// [`GameTree::to_pgn`]).
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write_pgn<W: Write>(&self, out: &mut W, columns: Option<usize>) -> fmt::Result {
        let mut lines = Lines::new(out, columns);
        write_tags(&mut lines, &self.tags)?;
        let root = self.node(NodeId::ROOT);
        let mut force = true;
        if !root.comment.is_empty() {
            lines.comment(&root.comment)?;
        }
        if let Some(&first) = root.children.first() {
            write_line(
                self,
                &mut lines,
                first,
                self.start.clone(),
                true,
                &mut force,
            )?;
        }
        lines.token(result_token(&self.tags, self.result))?;
        lines.flush()
    }
}

/// Writes the line that starts at `id` (played from `board`): each node,
/// the variations beside it (`sidelines`: the node's later siblings),
/// then its first continuation, as python-chess's exporter walks it.
fn write_line<W: Write>(
    tree: &GameTree,
    lines: &mut Lines<'_, W>,
    id: NodeId,
    board: Board,
    sidelines: bool,
    force: &mut bool,
) -> fmt::Result {
    let mut id = id;
    let mut board = board;
    let mut sidelines = sidelines;
    loop {
        let node = tree.node(id);
        if !node.starting_comment.is_empty() {
            lines.comment(&node.starting_comment)?;
            *force = true;
        }
        write_move(lines, &board, node.mv, *force)?;
        *force = false;
        let mut nags = node.nags.clone();
        nags.sort();
        nags.dedup();
        for nag in nags {
            lines.token(&nag.to_string())?;
        }
        if !node.comment.is_empty() {
            lines.comment(&node.comment)?;
            *force = true;
        }
        if sidelines {
            if let Some(parent) = node.parent {
                for &sibling in tree.node(parent).children.iter().skip(1) {
                    lines.token("(")?;
                    *force = true;
                    write_line(tree, lines, sibling, board.clone(), false, force)?;
                    lines.token(")")?;
                    *force = true;
                }
            }
        }
        let Some(&next) = node.children.first() else {
            return Ok(());
        };
        play(&mut board, node.mv);
        id = next;
        sidelines = true;
    }
}

impl fmt::Display for Game {
    /// The game in PGN: its tags, then the mainline and the result
    /// (python-chess's layout, as [`GameTree`]'s); no line end after the
    /// result.
    ///
    /// ```
    /// use magicboard_pgn::Games;
    /// let game = Games::new(&b"[White \"A\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0"[..]).next().unwrap()?;
    /// let text = game.to_string();
    /// assert_eq!(text, "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    /// let again = Games::new(text.as_bytes()).next().unwrap()?;
    /// assert_eq!(again.moves, game.moves);
    /// # Ok::<(), magicboard_pgn::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        let mut lines = Lines::new(&mut text, Some(80));
        write_tags(&mut lines, &self.tags)?;
        let mut board = self.start.clone();
        let mut force = true;
        for &mv in &self.moves {
            write_move(&mut lines, &board, mv, force)?;
            force = false;
            play(&mut board, mv);
        }
        lines.token(result_token(&self.tags, self.result))?;
        lines.flush()?;
        f.write_str(&text)
    }
}

impl From<&Game> for GameTree {
    /// The tree of a game's mainline (no comments, NAGs or variations).
    fn from(game: &Game) -> GameTree {
        let mut tree = GameTree::new(game.start.clone());
        tree.number = game.number;
        tree.line = game.line;
        tree.tags = game.tags.clone();
        tree.result = game.result;
        let mut at = NodeId::ROOT;
        for &mv in &game.moves {
            at = tree.add_move_unchecked(at, mv);
        }
        tree
    }
}
