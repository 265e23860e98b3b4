//! The reader on hand-written PGN: each event it reports, where games
//! start and end, and the errors' numbers and lines.

use crate::common::{games, mainlines};
use magicboard_pgn::{
    Control, Error, ErrorKind, GameResult, GameStart, Games, Nag, RawComment, RawSan, RawTag,
    Reader, Visitor,
};
use pretty_assertions::assert_eq;

/// Writes down every call, one string each; variations entered.
#[derive(Default)]
struct Log {
    events: Vec<String>,
    skip_variations: bool,
}

impl Visitor for Log {
    type Output = Vec<String>;
    fn begin_game(&mut self, start: GameStart) {
        self.events
            .push(format!("game {} line {}", start.number, start.line));
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Control {
        self.events.push(format!(
            "tag {}={}",
            String::from_utf8_lossy(name),
            value.decode()
        ));
        Control::Continue
    }
    fn san(&mut self, san: RawSan<'_>) -> Control {
        self.events
            .push(format!("san {}@{}", san.to_str_lossy(), san.line()));
        Control::Continue
    }
    fn nag(&mut self, nag: Nag) -> Control {
        self.events.push(nag.to_string());
        Control::Continue
    }
    fn comment(&mut self, comment: RawComment<'_>) -> Control {
        self.events.push(format!("{{{}}}", comment.to_str_lossy()));
        Control::Continue
    }
    fn begin_variation(&mut self) -> Control {
        self.events.push("(".into());
        if self.skip_variations {
            Control::Skip
        } else {
            Control::Continue
        }
    }
    fn end_variation(&mut self) -> Control {
        self.events.push(")".into());
        Control::Continue
    }
    fn result(&mut self, result: GameResult) -> Control {
        self.events.push(format!("result {result}"));
        Control::Continue
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.events)
    }
}

fn events(pgn: &str) -> Vec<Vec<String>> {
    let mut reader = Reader::new(pgn.as_bytes());
    let mut log = Log::default();
    let mut all = Vec::new();
    while let Some(game) = reader.read_game(&mut log).unwrap() {
        all.push(game);
    }
    all
}

fn flat(pgn: &str) -> String {
    events(pgn)
        .into_iter()
        .map(|g| g.join(" "))
        .collect::<Vec<_>>()
        .join(" | ")
}

#[test]
fn tags_movetext_comments_nags_variations_result() {
    let pgn = "[Event \"F/S Return Match\"]\n[White \"Fischer, Robert J.\"]\n\n\
               1. e4 e5 {a comment\nover two lines} 2. Nf3 $1 Nc6!? (2... d6 3. d4) 3. Bb5 1/2-1/2\n";
    assert_eq!(
        flat(pgn),
        "game 1 line 1 tag Event=F/S Return Match tag White=Fischer, Robert J. \
         san e4@4 san e5@4 {a comment\nover two lines} san Nf3@5 $1 san Nc6@5 $5 ( san d6@5 san d4@5 ) \
         san Bb5@5 result 1/2-1/2"
    );
}

/// Tag lines in the usual form (read in line when enough bytes follow)
/// and in others (extra spaces, escapes, a line end within the value,
/// text after the `]`, CRLF): each tag's name and value as written, and
/// the movetext's lines after them; the same with few bytes after them.
#[test]
fn tag_lines_usual_and_other_forms() {
    let lines = [
        (
            "[Event \"Rated Blitz game\"]",
            Some(("Event", "Rated Blitz game")),
        ),
        ("[A \"\"]", Some(("A", ""))),
        ("[WhiteElo \"1500\"]", Some(("WhiteElo", "1500"))),
        ("[B  \"two spaces\"]", Some(("B", "two spaces"))),
        ("[ C \"space first\" ]", Some(("C", "space first"))),
        (
            "[D \"an \\\"escaped\\\" quote\"]",
            Some(("D", "an \"escaped\" quote")),
        ),
        ("[E \"after\"] ; a comment", Some(("E", "after"))),
        ("[F \"crlf\"]\r", Some(("F", "crlf"))),
        ("[G \"a]b\"]", Some(("G", "a]b"))),
        (
            "[H_1+#=:- \"punctuation\"]",
            Some(("H_1+#=:-", "punctuation")),
        ),
    ];
    for pad in [0, 600] {
        let mut pgn = String::new();
        let mut expected = vec!["game 1 line 1".to_string()];
        for (line, tag) in lines {
            pgn += line;
            pgn += "\n";
            if let Some((name, value)) = tag {
                expected.push(format!("tag {name}={value}"));
            }
        }
        let movetext_line = lines.len() + 2;
        pgn += &format!("\n1. e4 {{{}}} *\n", "x".repeat(pad));
        expected.push(format!("san e4@{movetext_line}"));
        expected.push(format!("{{{}}}", "x".repeat(pad)));
        expected.push("result *".into());
        assert_eq!(flat(&pgn), expected.join(" "), "{pgn:?}");
    }
}

#[test]
fn byte_order_mark_crlf_percent_and_semicolon_lines() {
    let pgn = "\u{feff}% escape line\r\n[Event \"A\"]\r\n\r\n1. e4 ; rest of line e5\r\n% skipped\r\n1... c5 *\r\n";
    assert_eq!(
        flat(pgn),
        "game 1 line 2 tag Event=A san e4@4 san c5@6 result *"
    );
}

#[test]
fn games_end_at_a_blank_line_or_a_tag_line() {
    let pgn = "1. e4 *\n\n1. d4 *\n[Event \"C\"]\n1. c4\n   \n1. Nf3";
    assert_eq!(
        events(pgn).iter().map(|g| g.join(" ")).collect::<Vec<_>>(),
        [
            "game 1 line 1 san e4@1 result *",
            "game 2 line 3 san d4@3 result *",
            "game 3 line 4 tag Event=C san c4@5",
            "game 4 line 7 san Nf3@7",
        ]
    );
}

#[test]
fn one_blank_line_may_stand_between_tags() {
    // python-chess's chessbase-empty-line.pgn: a blank line inside the
    // tags. Two blank lines end the tags (and a game with no moves).
    assert_eq!(
        flat("[Event \"A\"]\n\n[Date \"?\"]\n\n1. e4 *"),
        "game 1 line 1 tag Event=A tag Date=? san e4@5 result *"
    );
    assert_eq!(
        flat("[Event \"A\"]\n\n\n1. e4 *"),
        "game 1 line 1 tag Event=A | game 2 line 4 san e4@4 result *"
    );
}

#[test]
fn move_numbers_null_moves_glyphs_and_evaluation_symbols() {
    assert_eq!(
        flat("1.e4 1...e5 2.Nf3?? -- 3. Z0 0000 @@@@ 4.O-O-O+ 0-0 exd6 e.p. exd6e.p. +- = 1-0"),
        "game 1 line 1 san e4@1 san e5@1 san Nf3@1 $4 san --@1 san Z0@1 san 0000@1 san @@@@@1 \
         san O-O-O+@1 san 0-0@1 san exd6@1 san exd6e.p.@1 result 1-0"
    );
}

#[test]
fn skipped_variations_nest_and_report_no_end() {
    let mut reader = Reader::new(&b"1. e4 (1. d4 (1. c4 c5) d5) e5 (1... c6) 2. Nf3 *"[..]);
    let mut log = Log {
        skip_variations: true,
        ..Log::default()
    };
    let game = reader.read_game(&mut log).unwrap().unwrap();
    assert_eq!(
        game.join(" "),
        "game 1 line 1 san e4@1 ( san e5@1 ( san Nf3@1 result *"
    );
}

#[test]
fn unbalanced_parentheses_and_unterminated_comment() {
    assert_eq!(
        flat("1. e4 ) e5 ( d5"),
        "game 1 line 1 san e4@1 san e5@1 ( san d5@1"
    );
    assert_eq!(
        flat("1. e4 {never closed\n\n[Event \"x\"]"),
        "game 1 line 1 san e4@1 {never closed\n\n[Event \"x\"]}"
    );
}

#[test]
fn tag_escapes_and_malformed_tag_lines() {
    assert_eq!(
        flat("[White \"The \\\"Immortal\\\" \\\\o/\"]\n[Broken\n[Black \"B\"] trailing\n\n*"),
        "game 1 line 1 tag White=The \"Immortal\" \\o/ tag Black=B result *"
    );
}

/// Comments after a move of every length around the 40 bytes the reader
/// reads in line (the others going through its general path), some with a
/// line end inside or a `} {` (two comments): each reported whole as
/// written, the line numbers of the moves after them counted.
#[test]
fn short_comments_after_moves_whole_with_their_lines() {
    for len in 0..56 {
        for variant in 0..4 {
            let mut text: Vec<u8> = (0..len).map(|i| b"ab [%clk 0:05:00]"[i % 17]).collect();
            match variant {
                1 if len > 0 => text[len / 2] = b'\n',
                2 if len > 0 => text[len - 1] = b'\n',
                3 if len > 4 => text[len / 3..len / 3 + 3].copy_from_slice(b"} {"),
                _ => {}
            }
            let text = String::from_utf8(text).unwrap();
            // Enough after them for the reader to read in line (its
            // lookahead): a long comment at the end.
            let pad = "x".repeat(400);
            let pgn =
                format!("1. e4 {{{text}}} e5 {{{text}}}\n2. Nf3 {{{text}}}  Nf6 {{{pad}}} *\n");
            // The comments as written, and the moves' lines, by hand.
            let comments: Vec<String> = text.split("} {").map(|c| format!("{{{c}}}")).collect();
            let comments = comments.join(" ");
            let lines = text.matches('\n').count();
            let expected = format!(
                "game 1 line 1 san e4@1 {comments} san e5@{} {comments} san Nf3@{} {comments} \
                 san Nf6@{} {{{pad}}} result *",
                1 + lines,
                2 + 2 * lines,
                2 + 3 * lines
            );
            assert_eq!(flat(&pgn), expected, "{pgn:?}");
        }
    }
}

#[test]
fn long_comments_come_whole_or_in_parts() {
    let long = "x".repeat(200_000);
    let pgn = format!("1. e4 {{{long}}} e5 *");
    let whole = flat(&pgn);
    assert!(whole.contains(&format!("{{{long}}}")));
    // With a 64 KiB limit, in parts that add up to the comment.
    let mut reader = Reader::new(pgn.as_bytes()).max_token(64 * 1024);
    let game = reader.read_game(&mut Log::default()).unwrap().unwrap();
    let parts: Vec<&String> = game.iter().filter(|e| e.starts_with('{')).collect();
    assert!(parts.len() >= 2, "{}", parts.len());
    let joined: String = parts.iter().map(|p| p.trim_matches(['{', '}'])).collect();
    assert_eq!(joined, long);
    assert_eq!(game.last().unwrap(), "result *");
}

#[test]
fn bad_games_are_errors_with_number_line_and_san_and_the_next_game_follows() {
    let pgn = "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5\n2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qxd1 *\n\n\
               [Event \"3\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n*\n\n[Variant \"Atomic\"]\n\n1. e4 *\n\n1. d4 Nf6 2. Nf3 Nc6 3. Nxd4 *\n\n1. Nf3 *";
    let games: Vec<_> = Games::new(pgn.as_bytes()).collect();
    assert_eq!(games.len(), 6);
    assert!(games[0].is_ok());
    let Err(Error::Game(e)) = &games[1] else {
        panic!("{:?}", games[1])
    };
    assert_eq!((e.game, e.line), (2, 8));
    assert_eq!(
        e.to_string().split(" (").next().unwrap(),
        "game 2, line 8: 5... Qxd1: no legal move in this position matches the SAN"
    );
    let ErrorKind::Move { ply, san, .. } = &e.kind else {
        panic!()
    };
    assert_eq!((*ply, san.as_str()), (9, "Qxd1"));
    let Err(Error::Game(e)) = &games[2] else {
        panic!()
    };
    assert!(matches!(e.kind, ErrorKind::Fen { .. }), "{e}");
    assert_eq!((e.game, e.line), (3, 10));
    let Err(Error::Game(e)) = &games[3] else {
        panic!()
    };
    assert_eq!(e.kind, ErrorKind::Variant("Atomic".into()));
    let Err(Error::Game(e)) = &games[4] else {
        panic!()
    };
    assert_eq!((e.game, e.line), (5, 19));
    assert!(e.to_string().contains("3. Nxd4"), "{e}");
    assert_eq!(games[5].as_ref().unwrap().number, 6);
}

#[test]
fn ambiguous_and_not_san_tokens_are_errors() {
    let lines = mainlines(b"1. Nf3 d5 2. Nc3 d4 3. Nd5 e5 4. Nxe5 ?? Nxe5 *\n\n1. e4 xyz *\n\n1. e4 e5 2. Ne2 Nc6 3. Nbc3 Nf6 4. Ng3 d5 5. Nce2 *\n\n1. e4 e5 2. Ne2 Nc6 3. Nbc3 Nf6 4. Ng3 d5 5. Nge2 *");
    assert!(
        lines[0].starts_with("- game 1, line 1: 4... Nxe5: no legal move"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("1... xyz: not a move in SAN"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "e2e4 e7e5 g1e2 b8c6 b1c3 g8f6 e2g3 d7d5 c3e2");
    assert_eq!(lines[3], "e2e4 e7e5 g1e2 b8c6 b1c3 g8f6 e2g3 d7d5 g3e2");
    let lines = mainlines(b"1. e4 e5 2. Ne2 Nc6 3. Nbc3 Nf6 4. Ng3 d5 5. Ne2 *");
    assert!(
        lines[0].contains("5. Ne2: the SAN matches more than one legal move"),
        "{}",
        lines[0]
    );
}

#[test]
fn check_marks_are_not_checked_and_null_moves_replay() {
    let game = &games(b"1. e4+ e5# 2. -- Nc6 3. Nf3 *")[0];
    assert_eq!(game.moves.len(), 5);
    assert_eq!(game.moves[2], magicboard::Move::NULL);
    assert_eq!(
        game.end().to_fen(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3"
    );
    // A null move while in check is illegal.
    let lines = mainlines(b"1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *");
    assert!(lines[0].contains("3... --: no legal move"), "{}", lines[0]);
}

#[test]
fn fen_and_chess960_start_positions() {
    let game =
        &games(b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-O-O Kf7 *")[0];
    assert_eq!(game.moves[0].to_string(), "e1c1");
    // X-FEN rights of a Chess960 start (python-chess: cutechess-fischerrandom.pgn).
    let pgn = b"[Variant \"fischerandom\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. g4 g5 2. Ng3 Ng6 3. O-O O-O *";
    let game = &games(pgn)[0];
    assert!(game.start.is_chess960());
    assert_eq!(game.start.to_uci(game.moves[4]).to_string(), "e1g1");
    let pgn = b"[Variant \"Chess960\"]\n\n1. e4 *";
    assert!(games(pgn)[0].start.is_chess960());
}

#[test]
fn tags_can_be_left_out_and_reader_positions() {
    let pgn = b"[Event \"A\"]\n[White \"B\"]\n\n1. e4 *\n";
    let game = Games::new(&pgn[..]).tags(false).next().unwrap().unwrap();
    assert!(game.tags.is_empty());
    let mut reader = Reader::new(&pgn[..]);
    assert!(reader.skip_game().unwrap());
    assert_eq!((reader.games(), reader.offset()), (1, pgn.len() as u64));
    assert!(!reader.skip_game().unwrap());
}

#[test]
fn copied_games_read_alone_give_the_same_games() {
    let pgn = crate::common::data("lichess_db_100k.pgn");
    let mut reader = Reader::new(&pgn[..]);
    let mut bytes = Vec::new();
    let mut n = 0;
    let whole = mainlines(&pgn);
    loop {
        let before = (reader.games(), reader.line());
        let Some(start) = reader.copy_game(&mut bytes).unwrap() else {
            break;
        };
        let alone = Reader::new(&bytes[..]).starting_at(before.0, before.1);
        let game = Games::from_reader(alone).next().unwrap();
        assert_eq!(crate::common::line(&game), whole[n]);
        let game = game.unwrap();
        assert_eq!((game.number, game.line), (start.number, start.line));
        bytes.clear();
        n += 1;
    }
    assert_eq!(n, whole.len());
}
