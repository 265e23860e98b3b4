//! The lexer: bytes from any [`Read`] to a [`Visitor`]'s calls, one game
//! at a time, in constant memory.
//!
//! The reader keeps one buffer (64 KiB, grown only for a tag line or a
//! comment longer than that, up to [`Reader::max_token`]) and hands the
//! visitor slices of it: nothing is allocated per game or per move.
//!
//! What it reads, as python-chess and pgn-reader do:
//!
//! * a UTF-8 byte-order mark at the start, CRLF or LF line ends;
//! * blank lines, `%` escape lines and `;` comment lines before a game;
//! * tag pairs `[Name "value"]` (escapes `\"`, `\\`), one per line (a
//!   line that is not a well-formed tag pair is ignored), with at most one
//!   blank line between two of them;
//! * movetext: move numbers (`12.`, `12...`), SAN tokens, null moves
//!   (`--`, `Z0`, `0000`, `@@@@`), NAGs (`$n` and the glyphs `!`, `?`,
//!   `!!`, `??`, `!?`, `?!`, also stuck to a move), `{comments}` over any
//!   number of lines, `;` comments to the end of the line, `%` lines,
//!   variations in parentheses, result tokens; evaluation symbols made of
//!   `+ - = /` only (`+-`, `=`) and `e.p.` are ignored;
//! * the movetext ends at a blank line or a line that starts with `[`
//!   (outside a comment), or at the end of the input.
//!
//! Anything else in the movetext is a move token the visitor receives and
//! a replay rejects as SAN. Every byte is looked at a bounded number of
//! times: the time is linear in the input, whatever it holds.

use crate::visitor::{
    Control, GameResult, GameStart, Nag, RawComment, RawSan, RawTag, Shape, Visitor,
};
use magicboard::{CastlingSide, File, PieceKind, Rank, San, Square};
use std::io::{self, Read};

/// The buffer's starting size.
const BUFFER: usize = 64 * 1024;
/// Bytes kept ahead of the cursor before a token is read, so that any
/// token shorter than this is whole in the buffer.
const LOOKAHEAD: usize = 256;
/// A move token longer than this is cut (it cannot be SAN anyway).
const MAX_SAN: usize = 64;

/// A streaming PGN reader over any [`Read`]: see the
/// [module documentation](self) for what it accepts.
///
/// ```
/// use magicboard_pgn::{Control, RawSan, Reader, Visitor};
///
/// /// Counts the mainline's moves.
/// struct Plies(usize);
/// impl Visitor for Plies {
///     type Output = usize;
///     fn san(&mut self, _: RawSan<'_>) -> Control {
///         self.0 += 1;
///         Control::Continue
///     }
///     fn end_game(&mut self) -> usize {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// let pgn = b"[Event \"?\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {good} Nc6 *\n\n1. d4 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// assert_eq!(reader.read_game(&mut Plies(0))?, Some(4));
/// assert_eq!(reader.read_game(&mut Plies(0))?, Some(1));
/// assert_eq!(reader.read_game(&mut Plies(0))?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The stream offset of `buf[0]`.
    base: u64,
    /// The line at `buf[pos]`, from 1.
    line: u64,
    /// Games started so far.
    games: u64,
    started: bool,
    /// The offset after a byte-order mark (a line start), if there is one.
    bom: u64,
    max_token: usize,
    /// While set, the bytes a game spans are copied here (the parallel
    /// reader's chunks); `capture_from` is where the uncopied part starts.
    capture: Option<Vec<u8>>,
    capture_from: usize,
}

impl<R: Read> Reader<R> {
    /// A reader of `inner` (buffered by the reader itself: a
    /// `BufReader` around `inner` adds nothing).
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            inner,
            buf: vec![0; BUFFER],
            pos: 0,
            end: 0,
            eof: false,
            base: 0,
            line: 1,
            games: 0,
            started: false,
            bom: u64::MAX,
            max_token: 1 << 20,
            capture: None,
            capture_from: 0,
        }
    }

    /// Sets the longest tag line or comment the buffer grows to hold
    /// (default 1 MiB, at least 1 KiB): a longer tag line is ignored, a
    /// longer comment reaches the visitor in parts. The memory the reader
    /// uses is at most about this much, whatever the input.
    pub fn max_token(mut self, bytes: usize) -> Reader<R> {
        self.max_token = bytes.max(1024);
        self
    }

    /// Numbers the games and lines as if `games` games and `lines - 1`
    /// lines came before this input (for a piece cut from a larger file).
    pub fn starting_at(mut self, games: u64, line: u64) -> Reader<R> {
        self.games = games;
        self.line = line.max(1);
        self.started = true; // a byte-order mark only opens a whole file
        self
    }

    /// The number of games started so far (the last game's number).
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The line the reader is on, from 1.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The number of input bytes consumed.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// The inner reader back (buffered input not yet read is lost).
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads the next game into `visitor` and returns what its
    /// [`Visitor::end_game`] returns; `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Only the inner reader's I/O errors: PGN that is not well-formed is
    /// the visitor's to judge (a replay rejects a token that is not a legal
    /// move), and the next game is read normally.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        if !self.before_game()? {
            return Ok(None);
        }
        self.games += 1;
        visitor.begin_game(GameStart {
            number: self.games,
            line: self.line,
            offset: self.offset(),
        });
        let mut skip = self.read_tags(visitor)? == Control::Skip;
        if !skip {
            skip = visitor.end_tags() == Control::Skip;
        }
        self.read_movetext(visitor, skip)?;
        Ok(Some(visitor.end_game()))
    }

    /// Skips the next game; false at the end of the input.
    ///
    /// # Errors
    ///
    /// The inner reader's I/O errors.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        struct Skipper;
        impl Visitor for Skipper {
            type Output = ();
            fn end_tags(&mut self) -> Control {
                Control::Skip
            }
            fn end_game(&mut self) {}
        }
        Ok(self.read_game(&mut Skipper)?.is_some())
    }

    /// Skips the next game and appends its bytes to `out`, with the blank
    /// lines and `%` lines before it; returns its [`GameStart`], `None` at
    /// the end of the input. The bytes read alone, numbered from where the
    /// reader stood before the call ([`Reader::starting_at`] with
    /// [`Reader::games`] and [`Reader::line`] as they were), give the same
    /// game.
    ///
    /// # Errors
    ///
    /// The inner reader's I/O errors.
    pub fn copy_game(&mut self, out: &mut Vec<u8>) -> io::Result<Option<GameStart>> {
        struct Start(Option<GameStart>);
        impl Visitor for Start {
            type Output = Option<GameStart>;
            fn begin_game(&mut self, start: GameStart) {
                self.0 = Some(start);
            }
            fn end_tags(&mut self) -> Control {
                Control::Skip
            }
            fn end_game(&mut self) -> Option<GameStart> {
                self.0.take()
            }
        }
        self.skip_bom()?;
        self.capture = Some(std::mem::take(out));
        self.capture_from = self.pos;
        let result = self.read_game(&mut Start(None));
        let mut captured = self.capture.take().unwrap_or_default();
        captured.extend_from_slice(&self.buf[self.capture_from..self.pos]);
        *out = captured;
        Ok(result?.flatten())
    }

    // ----- the buffer ---------------------------------------------------------------

    /// The unread bytes in the buffer.
    #[inline(always)]
    fn data(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// Makes at least `want` bytes available unless the input ends first
    /// (growing the buffer if it is smaller than `want`); returns how many
    /// are available.
    #[inline(always)]
    fn fill(&mut self, want: usize) -> io::Result<usize> {
        if self.end - self.pos >= want || self.eof {
            return Ok(self.end - self.pos);
        }
        self.fill_more(want)
    }

    /// [`Reader::fill`]'s slow path: reads from the inner reader.
    #[inline(never)]
    fn fill_more(&mut self, want: usize) -> io::Result<usize> {
        while self.end - self.pos < want && !self.eof {
            if self.pos > 1 && (self.buf.len() - self.end < want || self.end == self.buf.len()) {
                self.compact();
            }
            if self.end == self.buf.len() {
                let size = (self.buf.len() * 2).max(want);
                self.buf.resize(size, 0);
            }
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(self.end - self.pos)
    }

    /// Moves the unread bytes to the buffer's start, with the byte before
    /// them (to tell a line's start), copying out the bytes of a game
    /// being captured first.
    fn compact(&mut self) {
        let keep = self.pos.min(1);
        if let Some(capture) = &mut self.capture {
            capture.extend_from_slice(&self.buf[self.capture_from..self.pos]);
            self.capture_from = keep;
        }
        let from = self.pos - keep;
        self.buf.copy_within(from..self.end, 0);
        self.base += from as u64;
        self.end -= from;
        self.pos = keep;
    }

    /// The next byte, filling the buffer if needed; `None` at the end.
    #[inline(always)]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.end {
            self.fill(1)?;
        }
        Ok(self.buf[self.pos..self.end].first().copied())
    }

    /// Skips to the end of the line (the `\n` itself is left).
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            if let Some(i) = memchr::memchr(b'\n', self.data()) {
                self.pos += i;
                return Ok(());
            }
            self.pos = self.end;
            if self.fill(1)? == 0 {
                return Ok(());
            }
        }
    }

    /// Consumes a `\n` at the cursor, counting the line.
    #[inline(always)]
    fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
    }

    /// Whether the line at the cursor (at its start) holds only spaces,
    /// tabs and carriage returns; if so it is consumed with its `\n`.
    fn eat_blank_line(&mut self) -> io::Result<bool> {
        let mut i = 0;
        loop {
            if self.pos + i == self.end {
                // Spaces up to the end of the buffer: keep them and look on.
                if self.fill(i + LOOKAHEAD)? <= i {
                    self.pos = self.end;
                    return Ok(true); // blank up to the end of the input
                }
            }
            match self.buf[self.pos + i] {
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => i += 1,
                b'\n' => {
                    self.pos += i;
                    self.newline();
                    return Ok(true);
                }
                _ => return Ok(false),
            }
        }
    }

    // ----- between games ------------------------------------------------------------

    /// Skips what comes before a game: a byte-order mark at the very start,
    /// blank lines and spaces, `%` and `;` lines. False at the end.
    fn before_game(&mut self) -> io::Result<bool> {
        self.skip_bom()?;
        let mut line_start = self.at_line_start();
        loop {
            let Some(b) = self.peek()? else {
                return Ok(false);
            };
            match b {
                b'\n' => {
                    self.newline();
                    line_start = true;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'%' | b';' if line_start => self.skip_line()?,
                _ => return Ok(true),
            }
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start of the input.
    fn skip_bom(&mut self) -> io::Result<()> {
        if !self.started {
            self.started = true;
            if self.fill(3)? >= 3 && self.data().starts_with(b"\xef\xbb\xbf") {
                self.pos += 3;
                self.bom = 3;
            }
        }
        Ok(())
    }

    /// True when the byte before the cursor is a line end (or there is
    /// none in the buffer to look at, at the start of a piece).
    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.buf[self.pos - 1] == b'\n' || self.offset() == self.bom
    }

    // ----- tags ---------------------------------------------------------------------

    /// Reads the tag section (the cursor is at the game's first byte).
    fn read_tags<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Control> {
        let mut control = Control::Continue;
        let mut blank_lines = 0;
        let mut seen_tag = false;
        loop {
            let Some(b) = self.peek()? else {
                return Ok(control);
            };
            match b {
                b'[' => {
                    blank_lines = 0;
                    seen_tag = true;
                    // The usual line read here, any other by `tag_line`.
                    let strict = if self.end - self.pos >= LOOKAHEAD {
                        let start = self.pos;
                        strict_tag(self.data()).map(|(end, name, value)| {
                            let at = |(a, b): (usize, usize)| (start + a, start + b);
                            (start + end, at(name), at(value))
                        })
                    } else {
                        None
                    };
                    let spans = match strict {
                        Some(spans) => Some(spans),
                        None => self.tag_line()?,
                    };
                    if let Some((line_end, name, value)) = spans {
                        if control == Control::Continue {
                            let name = &self.buf[name.0..name.1];
                            let value = RawTag(&self.buf[value.0..value.1]);
                            control = visitor.tag(name, value);
                        }
                        // The line's end is known: its `\n`, or the input's end.
                        self.pos = line_end;
                        if self.pos < self.end {
                            self.newline();
                        }
                    } else {
                        self.finish_line()?;
                    }
                }
                b'%' | b';' => {
                    self.skip_line()?;
                    self.finish_line()?;
                }
                _ if seen_tag && blank_lines == 0 && self.eat_blank_line()? => blank_lines += 1,
                _ => return Ok(control),
            }
        }
    }

    /// Consumes the rest of the line, to and with its `\n`.
    fn finish_line(&mut self) -> io::Result<()> {
        self.skip_line()?;
        if self.peek()? == Some(b'\n') {
            self.newline();
        }
        Ok(())
    }

    /// Parses the tag line at the cursor (`[`): the end of the tag pair and
    /// the name's and value's ranges in the buffer, or `None` when the line
    /// is not a tag pair (or longer than the token limit). Leaves the
    /// cursor where it was (the buffer may have been compacted).
    fn tag_line(&mut self) -> io::Result<Option<TagSpans>> {
        // The usual short line, read in the bytes at hand.
        self.fill(LOOKAHEAD)?;
        let start = self.pos;
        let data = &self.buf[start..self.end];
        if let Some((close, name, value)) = short_tag(data) {
            // The line ends right after the `]`, or a little later.
            let rest = &data[close..];
            let line_end = match rest {
                [b'\n', ..] => Some(close),
                [b'\r', b'\n', ..] => Some(close + 1),
                _ => memchr::memchr(b'\n', rest).map(|i| close + i),
            };
            let line_end = match line_end {
                Some(end) => Some(end),
                None if self.eof => Some(data.len()),
                None => None, // a long line: read it whole below
            };
            if let Some(end) = line_end {
                return Ok(Some((
                    start + end,
                    (start + name.0, start + name.1),
                    (start + value.0, start + value.1),
                )));
            }
        }
        // The whole line in the buffer.
        let mut want = LOOKAHEAD;
        let line_len = loop {
            let available = self.fill(want)?;
            if let Some(i) = memchr::memchr(b'\n', self.data()) {
                break i;
            }
            if available < want {
                break available; // the input ends on this line
            }
            if want >= self.max_token {
                return Ok(None);
            }
            want = (want * 2).min(self.max_token);
        };
        let start = self.pos;
        let line = &self.buf[start..start + line_len];
        let space = |line: &[u8], mut i: usize| {
            while i < line.len() && line[i].is_ascii_whitespace() {
                i += 1;
            }
            i
        };
        let name_start = space(line, 1);
        let mut i = name_start;
        while i < line.len() && TAG_NAME[line[i] as usize] {
            i += 1;
        }
        let name_end = i;
        if name_end == name_start {
            return Ok(None);
        }
        i = space(line, i);
        if line.get(i) != Some(&b'"') {
            return Ok(None);
        }
        i += 1;
        let value_start = i;
        // The closing quote: the first `"` not escaped by a `\`.
        loop {
            match memchr::memchr2(b'"', b'\\', &line[i..]) {
                None => return Ok(None),
                Some(at) if line[i + at] == b'"' => {
                    i += at;
                    break;
                }
                Some(at) => i += at + 2,
            }
            if i >= line.len() {
                return Ok(None);
            }
        }
        let value_end = i;
        i = space(line, i + 1);
        if line.get(i) != Some(&b']') {
            return Ok(None);
        }
        Ok(Some((
            start + line_len,
            (start + name_start, start + name_end),
            (start + value_start, start + value_end),
        )))
    }

    // ----- movetext -----------------------------------------------------------------

    /// Reads the movetext up to the game's end. With `skip`, nothing is
    /// reported.
    ///
    /// One dispatch on a byte's class (a table) per token; words, move
    /// numbers and comments take the spaces after them along.
    fn read_movetext<V: Visitor>(&mut self, visitor: &mut V, skip: bool) -> io::Result<()> {
        // Open variations: `depth` in all, the innermost `skip_from` and
        // deeper being skipped (`skip_from` = 0: the whole game).
        let mut depth: usize = 0;
        let mut skip_from: usize = if skip { 0 } else { usize::MAX };
        // Whether the variation skipped from `skip_from` was refused by
        // `begin_variation` (then its `)` is not reported).
        let mut refused = false;
        // A `Skip` answer to a token skips the rest of what holds it.
        let answer = |control: Control, depth: usize, skip_from: &mut usize, refused: &mut bool| {
            if control == Control::Skip && depth < *skip_from {
                *skip_from = depth;
                *refused = false;
            }
        };
        let mut line_start = self.at_line_start();
        loop {
            if self.end - self.pos < LOOKAHEAD {
                self.fill(LOOKAHEAD)?;
            }
            let Some(&b) = self.buf[self.pos..self.end].first() else {
                return Ok(());
            };
            if line_start {
                line_start = false;
                match b {
                    b'[' => return Ok(()),
                    b'%' => {
                        self.skip_line()?;
                        continue;
                    }
                    _ => {
                        if self.eat_blank_line()? {
                            return Ok(());
                        }
                    }
                }
            }
            let mut skipping = depth >= skip_from;
            let mut class = CLASS[b as usize];
            // One pass but for a move number followed by a move, which goes
            // on to the move without a second dispatch.
            loop {
                match class {
                    LETTER => loop {
                        let control = match quick_san(&self.buf[self.pos..self.end]) {
                            Some((san, len, shape)) => {
                                let (start, end) = (self.pos, self.end);
                                let mut after = start + len;
                                while after < end && self.buf[after] == b' ' {
                                    after += 1;
                                }
                                self.pos = after;
                                if skipping {
                                    Control::Continue
                                } else {
                                    let token = &self.buf[start..start + len];
                                    visitor.san(RawSan::read(token, self.line, san, shape))
                                }
                            }
                            None => self.word(visitor, skipping)?,
                        };
                        answer(control, depth, &mut skip_from, &mut refused);
                        skipping = depth >= skip_from;
                        // What usually follows a move is read here rather
                        // than through the dispatch: a comment (a clock, in
                        // online games), a line end, a move number, the
                        // next move.
                        if self.end - self.pos < LOOKAHEAD {
                            break;
                        }
                        if self.buf[self.pos] == b'{' {
                            self.pos += 1;
                            // A short comment on one line (an online game's
                            // clock) read here; the others by `comment`.
                            let start = self.pos;
                            let control = match short_comment(&self.buf[start..start + 40]) {
                                Some(len) => {
                                    let mut after = start + len + 1;
                                    while after < self.end && self.buf[after] == b' ' {
                                        after += 1;
                                    }
                                    self.pos = after;
                                    if skipping {
                                        Control::Continue
                                    } else {
                                        visitor.comment(RawComment(&self.buf[start..start + len]))
                                    }
                                }
                                None => self.comment(visitor, skipping)?,
                            };
                            answer(control, depth, &mut skip_from, &mut refused);
                            skipping = depth >= skip_from;
                            if self.end - self.pos < LOOKAHEAD {
                                break;
                            }
                        }
                        if self.buf[self.pos] == b'\n' {
                            // A line end before a move or a move number
                            // (not a tag, an escape or a blank line).
                            let next = self.buf[self.pos + 1];
                            if CLASS[next as usize] != LETTER && !next.is_ascii_digit() {
                                break;
                            }
                            self.newline();
                        }
                        if self.buf[self.pos].is_ascii_digit() && !self.move_number() {
                            break;
                        }
                        if CLASS[self.buf[self.pos] as usize] != LETTER {
                            break;
                        }
                    },
                    SPACE => self.pos += 1,
                    NEWLINE => {
                        self.newline();
                        line_start = true;
                    }
                    DIGIT => {
                        let (pos, end) = (self.pos, self.end);
                        let buf = &self.buf[..end];
                        let mut i = pos + 1;
                        while i < end && buf[i].is_ascii_digit() {
                            i += 1;
                        }
                        match buf.get(i) {
                            Some(b'.') => {
                                // A move number, its dots and the spaces after.
                                i += 1;
                                while i < end && matches!(buf[i], b'.' | b' ') {
                                    i += 1;
                                }
                                self.pos = i;
                                if end - i >= LOOKAHEAD && CLASS[buf[i] as usize] == LETTER {
                                    class = LETTER;
                                    continue;
                                }
                            }
                            Some(&next) if is_san_byte(next) => {
                                // `1-0`, `1/2-1/2`, `0-0`, `0000`, a square...
                                let control = self.word(visitor, skipping)?;
                                answer(control, depth, &mut skip_from, &mut refused);
                            }
                            _ if &buf[pos..i] == b"0000" => {
                                let control = self.word(visitor, skipping)?;
                                answer(control, depth, &mut skip_from, &mut refused);
                            }
                            _ => self.pos = i, // a move number without dots
                        }
                    }
                    BRACE => {
                        self.pos += 1;
                        let control = self.comment(visitor, skipping)?;
                        answer(control, depth, &mut skip_from, &mut refused);
                    }
                    OTHER => match b {
                        b';' => self.skip_line()?,
                        b'(' => {
                            self.pos += 1;
                            depth += 1;
                            if !skipping && visitor.begin_variation() == Control::Skip {
                                skip_from = depth;
                                refused = true;
                            }
                        }
                        b')' => {
                            self.pos += 1;
                            if depth > 0 {
                                let report = depth < skip_from || (depth == skip_from && !refused);
                                if depth == skip_from {
                                    skip_from = usize::MAX; // the skipped variation is over
                                    refused = false;
                                }
                                if report && visitor.end_variation() == Control::Skip {
                                    skip_from = skip_from.min(depth - 1);
                                    refused = false;
                                }
                                depth -= 1;
                            }
                        }
                        b'$' => {
                            let len = self.token_len(1, |b| b.is_ascii_digit());
                            let digits = &self.buf[self.pos + 1..self.pos + len];
                            let value = digits
                                .iter()
                                .try_fold(0u8, |n, &d| n.checked_mul(10)?.checked_add(d - b'0'));
                            self.pos += len;
                            if let (Some(value), false) =
                                (value.filter(|_| !digits.is_empty()), skipping)
                            {
                                let control = visitor.nag(Nag(value));
                                answer(control, depth, &mut skip_from, &mut refused);
                            }
                        }
                        b'!' | b'?' => {
                            let len = self.token_len(0, |b| b == b'!' || b == b'?');
                            let glyph = Nag::from_glyph(&self.buf[self.pos..self.pos + len]);
                            self.pos += len;
                            if let (Some(nag), false) = (glyph, skipping) {
                                let control = visitor.nag(nag);
                                answer(control, depth, &mut skip_from, &mut refused);
                            }
                        }
                        b'*' => {
                            self.pos += 1;
                            if !skipping {
                                let control = visitor.result(GameResult::Unknown);
                                answer(control, depth, &mut skip_from, &mut refused);
                            }
                        }
                        b'.' => self.pos += self.token_len(0, |b| b == b'.'),
                        _ if is_word_byte(b) => {
                            // Other bytes of words: `+ # = - : @ /`, non-ASCII.
                            let control = self.word(visitor, skipping)?;
                            answer(control, depth, &mut skip_from, &mut refused);
                        }
                        _ => self.pos += 1, // `}`, `]`, `"`, control characters: ignored
                    },
                    _ => unreachable!("CLASS holds the five classes"),
                }
                break;
            }
        }
    }

    /// At a digit: passes a move number (digits, dots, the spaces after)
    /// when a move follows it within the bytes available (at least
    /// [`LOOKAHEAD`] of them); false, the cursor unmoved, for anything else
    /// (a result, a number without dots, too few bytes), which the
    /// dispatch reads.
    #[inline(always)]
    fn move_number(&mut self) -> bool {
        let (pos, end) = (self.pos, self.end);
        let buf = &self.buf[..end];
        let mut i = pos + 1;
        while i < end && buf[i].is_ascii_digit() {
            i += 1;
        }
        if buf.get(i) != Some(&b'.') {
            return false;
        }
        i += 1;
        while i < end && matches!(buf[i], b'.' | b' ') {
            i += 1;
        }
        if end - i >= LOOKAHEAD && CLASS[buf[i] as usize] == LETTER {
            self.pos = i;
            true
        } else {
            false
        }
    }

    /// The length of the run of bytes that `accept` takes, from `from`
    /// bytes after the cursor, within the bytes available (at most
    /// [`LOOKAHEAD`] are guaranteed).
    #[inline(always)]
    fn token_len(&self, from: usize, accept: impl Fn(u8) -> bool) -> usize {
        let data = self.data();
        let mut i = from.min(data.len());
        while i < data.len() && accept(data[i]) {
            i += 1;
        }
        i
    }

    /// A word at the cursor: a move, a null move, a result, or something
    /// to ignore; reported unless `skipping`. The spaces after it are
    /// consumed too.
    #[inline(always)]
    fn word<V: Visitor>(&mut self, visitor: &mut V, skipping: bool) -> io::Result<Control> {
        let (start, end) = (self.pos, self.end);
        let buf = &self.buf[..end];
        let mut i = start;
        while i < end && WORD[buf[i] as usize] != 0 {
            i += 1;
        }
        // `e.p.` after a capture, stuck to it or alone.
        if i > start && buf[i - 1] == b'e' && buf[i..].starts_with(b".p.") {
            i += 3;
        }
        let len = i - start;
        let line = self.line;
        if len > MAX_SAN {
            // An endless word: report its start, skip the rest.
            self.pos = i;
            let control = if skipping {
                Control::Continue
            } else {
                visitor.san(RawSan::new(&self.buf[start..start + MAX_SAN], line))
            };
            while self.pos == self.end && self.fill(LOOKAHEAD)? > 0 {
                self.pos += self.token_len(0, is_word_byte);
            }
            return Ok(control);
        }
        // The spaces after it, here rather than one dispatch each.
        let mut after = i;
        while after < end && buf[after] == b' ' {
            after += 1;
        }
        self.pos = after;
        if skipping {
            return Ok(Control::Continue);
        }
        let token = &self.buf[start..i];
        if !token[0].is_ascii_alphabetic() {
            if let Some(result) = GameResult::from_token(token) {
                return Ok(visitor.result(result));
            }
            if token != b"--" && token.iter().all(|b| b"+-=/".contains(b)) {
                return Ok(Control::Continue); // evaluation symbols
            }
        } else if token == b"e.p." {
            return Ok(Control::Continue);
        }
        Ok(visitor.san(RawSan::new(token, line)))
    }

    /// A comment, the cursor after its `{`: reported whole, or in parts
    /// when longer than the token limit. Without a `}` it runs to the end
    /// of the input.
    fn comment<V: Visitor>(&mut self, visitor: &mut V, skipping: bool) -> io::Result<Control> {
        let mut control = Control::Continue;
        // Bytes after the cursor searched already (no `}` among them), and
        // the line ends among them, counted in the same search.
        let mut scanned = 0;
        let mut newlines = 0;
        loop {
            let data = &self.buf[self.pos..self.end];
            let mut found = None;
            while let Some(k) = find2(&data[scanned..], b'}', b'\n') {
                let at = scanned + k;
                if data[at] == b'}' {
                    found = Some(at);
                    break;
                }
                newlines += 1;
                scanned = at + 1;
            }
            let available = data.len();
            if found.is_none() {
                scanned = available;
            }
            let len = match found {
                Some(i) => i,
                None if self.eof => available,
                None if available < self.max_token => {
                    self.fill((available * 2).clamp(LOOKAHEAD, self.max_token))?;
                    continue;
                }
                // Longer than the limit: this part, cut at a UTF-8 boundary
                // (before at most three bytes of one character: no `\n`).
                None => utf8_boundary(data),
            };
            self.line += newlines;
            newlines = 0;
            let text = &self.buf[self.pos..self.pos + len];
            if !skipping && control == Control::Continue {
                control = visitor.comment(RawComment(text));
            }
            self.pos += len;
            scanned -= len.min(scanned);
            if found.is_some() || self.eof {
                self.pos += usize::from(found.is_some()); // the `}`
                // The spaces after it, here rather than one dispatch each.
                while self.pos < self.end && self.buf[self.pos] == b' ' {
                    self.pos += 1;
                }
                return Ok(control);
            }
        }
    }
}

/// Where a tag line's parts are in the buffer: the end of the line (its
/// `\n`, or the input's end), the name's range and the value's.
type TagSpans = (usize, (usize, usize), (usize, usize));

/// The usual tag line at the start of `data`, `[Name "value"]` and its
/// `\n`, with one space, no escape and nothing else on the line: where
/// the `\n` is and the ranges of the name and the value, as
/// [`short_tag`] reads them; `None` for any other line.
#[inline(always)]
fn strict_tag(data: &[u8]) -> Option<TagSpans> {
    let mut i = 1;
    while data.get(i).is_some_and(|&b| TAG_NAME[b as usize]) {
        i += 1;
    }
    if i == 1 || data.get(i..i + 2)? != b" \"" {
        return None;
    }
    let value = i + 2;
    let quote = value + find3(&data[value..], b'"', b'\\', b'\n')?;
    match data.get(quote..quote + 3)? {
        [b'"', b']', b'\n'] => Some((quote + 2, (1, i), (value, quote))),
        _ => None,
    }
}

/// A tag pair `[Name "value"]` at the start of `data`, read without
/// crossing a line end: the offset after its `]` and the ranges of the
/// name and the value; `None` when the bytes at hand hold no complete,
/// well-formed one (the reader then reads the whole line).
#[inline]
fn short_tag(data: &[u8]) -> Option<TagSpans> {
    let space = |i: &mut usize| {
        while data
            .get(*i)
            .is_some_and(|&b| b != b'\n' && b.is_ascii_whitespace())
        {
            *i += 1;
        }
    };
    let mut i = 1;
    space(&mut i);
    let name_start = i;
    while data.get(i).is_some_and(|&b| TAG_NAME[b as usize]) {
        i += 1;
    }
    let name = (name_start, i);
    if name.0 == name.1 {
        return None;
    }
    space(&mut i);
    if data.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let value_start = i;
    loop {
        i += find3(&data[i..], b'"', b'\\', b'\n')?;
        match data[i] {
            b'"' => break,
            b'\n' => return None,
            _ => {
                // An escape: the byte after the `\` is part of the value.
                if *data.get(i + 1)? == b'\n' {
                    return None;
                }
                i += 2;
            }
        }
    }
    let value = (value_start, i);
    i += 1;
    space(&mut i);
    (data.get(i) == Some(&b']')).then_some((i + 1, name, value))
}

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The bytes of `word` equal to `needle`: the high bit of each such byte
/// set (and possibly of bytes above the lowest one, never below it).
#[inline(always)]
fn equal_bytes(word: u64, needle: u8) -> u64 {
    let x = word ^ (ONES * u64::from(needle));
    x.wrapping_sub(ONES) & !x & (ONES << 7)
}

/// The index of the first byte of `data` that is `a`, `b` or `c`: eight
/// bytes at a time for the short runs of a tag value or a comment (a
/// search routine's setup costs more than it saves there), `memchr3`
/// beyond 64 bytes.
#[inline(always)]
fn find3(data: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    let mut i = 0;
    while let Some(chunk) = data.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let hits = equal_bytes(word, a) | equal_bytes(word, b) | equal_bytes(word, c);
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
        if i >= 64 {
            return memchr::memchr3(a, b, c, &data[i..]).map(|k| i + k);
        }
    }
    data[i..]
        .iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|k| i + k)
}

/// The length of a comment whose `}` is among the first 40 bytes of
/// `data` (the bytes after its `{`) with no line end before it, `None`
/// otherwise: words of eight bytes, for the clock comments of online
/// games (`{ [%clk 0:05:00] }`, 16 bytes, checked first) that follow every
/// move, and the evaluations beside them (`{ [%eval 0.17] [%clk 0:05:00] }`).
#[inline(always)]
fn short_comment(data: &[u8]) -> Option<usize> {
    let data: &[u8; 40] = data.try_into().ok()?;
    let word = |k: usize| {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&data[8 * k..8 * k + 8]);
        u64::from_le_bytes(bytes)
    };
    let hits = |w: u64| equal_bytes(w, b'}') | equal_bytes(w, b'\n');
    // A clock's 16 bytes (` [%clk 0:05:00] `) with one compare.
    if data[16] == b'}' && hits(word(0)) | hits(word(1)) == 0 {
        return Some(16);
    }
    for k in 0..5 {
        let hits = hits(word(k));
        if hits != 0 {
            let at = 8 * k + (hits.trailing_zeros() / 8) as usize;
            return (data[at] == b'}').then_some(at);
        }
    }
    None
}

/// The index of the first byte of `data` that is `a` or `b`, as [`find3`].
#[inline(always)]
fn find2(data: &[u8], a: u8, b: u8) -> Option<usize> {
    let mut i = 0;
    while let Some(chunk) = data.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let hits = equal_bytes(word, a) | equal_bytes(word, b);
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
        if i >= 64 {
            return memchr::memchr2(a, b, &data[i..]).map(|k| i + k);
        }
    }
    data[i..]
        .iter()
        .position(|&x| x == a || x == b)
        .map(|k| i + k)
}

/// The bytes of a tag's name: letters, digits and `_ + # = : -`.
static TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] =
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        b += 1;
    }
    table
};

/// A move in one of the commonest shapes at the start of `data` (a pawn's
/// push or capture, a piece's move with or without a capture and a
/// from-file or from-rank, castling), with its check marks: its SAN and
/// its length, when the next byte ends the token. One pass over the
/// bytes finds the token's end and reads it; `None` hands the token to
/// the general path ([`Reader::word`], then [`San::from_ascii`]), which
/// gives the same SAN for these shapes.
#[inline(always)]
fn quick_san(data: &[u8]) -> Option<(San, usize, u32)> {
    let file = |i: usize| {
        let f = data.get(i)?.wrapping_sub(b'a');
        (f < 8).then(|| File::from_index(usize::from(f)))
    };
    let rank = |i: usize| {
        let r = data.get(i)?.wrapping_sub(b'1');
        (r < 8).then(|| Rank::from_index(usize::from(r)))
    };
    // A destination on neither back rank (no promotion to look for).
    let middle = |i: usize| {
        let r = data.get(i + 1)?.wrapping_sub(b'1');
        let to = Square::new(file(i)?, Rank::from_index(usize::from(r)));
        (r.wrapping_sub(1) < 6).then_some(to)
    };
    let normal = |piece, from_file, from_rank, capture, to| San::Normal {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion: None,
    };
    let (san, mut len, shape) = match *data.first()? {
        b'a'..=b'h' => match data.get(1)? {
            b'x' => {
                let (from, to) = (file(0)?, middle(2)?);
                let shape = Shape::pawn_capture(from, to);
                (normal(None, Some(from), None, true, to), 4, shape)
            }
            _ => {
                let to = middle(0)?;
                (normal(None, None, None, false, to), 2, Shape::push(to))
            }
        },
        b @ (b'N' | b'B' | b'R' | b'Q' | b'K') => {
            let kind = match b {
                b'N' => PieceKind::Knight,
                b'B' => PieceKind::Bishop,
                b'R' => PieceKind::Rook,
                b'Q' => PieceKind::Queen,
                _ => PieceKind::King,
            };
            let piece = Some(kind);
            let to = |i: usize| Some(Square::new(file(i)?, rank(i + 1)?));
            match data.get(1)? {
                b'x' => {
                    let to = to(2)?;
                    let shape = Shape::piece(kind, true, to);
                    (normal(piece, None, None, true, to), 4, shape)
                }
                _ => match (to(1), data.get(2)?) {
                    (Some(square), _)
                        if WORD[usize::from(*data.get(3)?)] == 0
                            || data[3] == b'+'
                            || data[3] == b'#' =>
                    {
                        let shape = Shape::piece(kind, false, square);
                        (normal(piece, None, None, false, square), 3, shape)
                    }
                    (_, &next) => {
                        // A from-file or from-rank first.
                        let (f, r) = (file(1), rank(1));
                        if f.is_none() && r.is_none() {
                            return None;
                        }
                        match next {
                            b'x' => (normal(piece, f, r, true, to(3)?), 5, 0),
                            _ => (normal(piece, f, r, false, to(2)?), 4, 0),
                        }
                    }
                },
            }
        }
        b'O' if data.starts_with(b"O-O-O") => (San::Castle(CastlingSide::QueenSide), 5, 0),
        b'O' if data.starts_with(b"O-O") => (San::Castle(CastlingSide::KingSide), 3, 0),
        _ => return None,
    };
    while matches!(data.get(len), Some(b'+' | b'#')) {
        len += 1;
    }
    (WORD[usize::from(*data.get(len)?)] == 0).then_some((san, len, shape))
}

/// The byte classes of the movetext's dispatch ([`CLASS`]).
const OTHER: u8 = 0;
const LETTER: u8 = 1;
const SPACE: u8 = 2;
const NEWLINE: u8 = 3;
const DIGIT: u8 = 4;
const BRACE: u8 = 5;

/// Each byte's class: letters start words (moves), spaces and line ends,
/// digits (move numbers, results), `{`; the rest is told apart by a match.
static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphabetic() {
            LETTER
        } else if c.is_ascii_digit() {
            DIGIT
        } else if matches!(c, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') {
            SPACE
        } else if c == b'\n' {
            NEWLINE
        } else if c == b'{' {
            BRACE
        } else {
            OTHER
        };
        b += 1;
    }
    table
};

/// The bytes that start a word: letters, digits, and `+ # = - : @ /`
/// (check marks, promotion, castling with dashes, drops, results).
#[inline(always)]
fn is_san_byte(b: u8) -> bool {
    WORD[b as usize] == 1
}

/// The bytes of a word: those of [`is_san_byte`] and any non-ASCII byte
/// (a word in another script is one bad token, not many).
#[inline(always)]
fn is_word_byte(b: u8) -> bool {
    WORD[b as usize] != 0
}

/// 1 for [`is_san_byte`]'s bytes, 2 for the other bytes of a word
/// (non-ASCII), 0 for the rest: one load per byte in the lexer's loops.
static WORD: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric()
            || matches!(c, b'+' | b'#' | b'=' | b'-' | b':' | b'@' | b'/')
        {
            1
        } else if c >= 0x80 {
            2
        } else {
            0
        };
        b += 1;
    }
    table
};

/// The length of the longest prefix of `data` that does not end inside a
/// UTF-8 sequence (all of it, if it ends on a boundary; at least one byte).
fn utf8_boundary(data: &[u8]) -> usize {
    let len = data.len();
    for back in 1..=3.min(len) {
        let b = data[len - back];
        if b & 0xc0 == 0x80 {
            continue; // a continuation byte
        }
        if b >= 0xc0 {
            let width = if b >= 0xf0 {
                4
            } else if b >= 0xe0 {
                3
            } else {
                2
            };
            if width > back {
                return (len - back).max(1);
            }
        }
        return len;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::{Shape, quick_san};
    use magicboard::San;

    /// `quick_san` reads what `San::from_ascii` reads, on every short
    /// token over SAN's alphabet (and some others) it accepts, and finds
    /// the token's end.
    #[test]
    fn quick_san_agrees_with_from_ascii() {
        let alphabet = b"abcdefgh12345678NBRQKOxX-+#=e.P!?{ ";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut accepted = 0;
        for _ in 0..400_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = 1 + (state % 7) as usize;
            let mut token: Vec<u8> = (0..len)
                .map(|i| alphabet[((state >> (8 + 5 * i)) % alphabet.len() as u64) as usize])
                .collect();
            token.extend_from_slice(b" ...");
            if let Some((san, n, shape)) = quick_san(&token) {
                accepted += 1;
                // The one-word shape, when given, is the same SAN.
                assert!(shape == 0 || Shape::san(shape) == Some(san), "{san:?}");
                assert_eq!(
                    San::from_ascii(&token[..n]),
                    Ok(san),
                    "{:?}",
                    String::from_utf8_lossy(&token)
                );
                assert!(super::WORD[usize::from(token[n])] == 0);
                assert!(token[..n].iter().all(|&b| super::WORD[usize::from(b)] != 0));
            }
        }
        for text in [
            "e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1a3", "Rdxd8+", "Q1xa3#", "O-O", "O-O-O+", "Kf1",
        ] {
            let token = format!("{text} ");
            let (san, n, shape) = quick_san(token.as_bytes()).unwrap_or_else(|| panic!("{text}"));
            assert_eq!((San::from_ascii(text.as_bytes()), n), (Ok(san), text.len()));
            let common = ["e4", "exd5", "Nf3", "Nxe5", "Kf1"].contains(&text);
            assert_eq!(Shape::san(shape), common.then_some(san), "{text}");
        }
        for text in [
            "e8=Q", "e8", "exd1=N", "Qh4e1", "Pe4", "e4e5", "Nf3x", "O-O-",
        ] {
            assert_eq!(quick_san(format!("{text} ").as_bytes()), None, "{text}");
        }
        assert!(accepted > 1000, "{accepted}");
    }
}
