//! Replaying SAN on a [`Board`]: the start position a game's tags give,
//! and one move token played, checked. The building blocks of
//! [`Games`](crate::Games) and [`GameTree`](crate::GameTree), for visitors
//! of one's own.

use crate::game::ErrorKind;
use crate::visitor::RawSan;
use magicboard::{Board, CastlingMode, Move, SanError};

/// The `[Variant]` names of standard chess (python-chess's, compared
/// without case).
const STANDARD: [&str; 8] = [
    "",
    "standard",
    "chess",
    "classical",
    "normal",
    "illegal",
    "from position",
    "fromposition",
];

/// The `[Variant]` names of Chess960 (python-chess's, and Cute Chess's
/// `fischerandom`).
const CHESS960: [&str; 5] = [
    "chess960",
    "chess 960",
    "fischerandom",
    "fischerrandom",
    "fischer random",
];

/// The start position of a game with these `[FEN]` and `[Variant]` tags:
/// the standard start without a FEN; Chess960 castling when the variant
/// says so or the FEN's castling rights can only be Chess960's
/// (Shredder-FEN or X-FEN files), as python-chess reads them.
///
/// # Errors
///
/// [`ErrorKind::Fen`] for a FEN that is not a position, and
/// [`ErrorKind::Variant`] for a variant other than standard chess and
/// Chess960.
///
/// ```
/// use magicboard_pgn::replay::start_position;
/// assert_eq!(start_position(None, None).unwrap(), magicboard::Board::startpos());
/// let fen = "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1";
/// assert!(start_position(Some(fen), Some("fischerandom")).unwrap().is_chess960());
/// assert!(start_position(None, Some("Atomic")).is_err());
/// ```
pub fn start_position(fen: Option<&str>, variant: Option<&str>) -> Result<Board, ErrorKind> {
    let name = variant.unwrap_or("").trim().to_ascii_lowercase();
    let chess960 = CHESS960.contains(&name.as_str());
    if !chess960 && !STANDARD.contains(&name.as_str()) {
        return Err(ErrorKind::Variant(variant.unwrap_or("").to_string()));
    }
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    match fen {
        None if chess960 => Ok(Board::from_fen_with(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            mode,
        )
        .expect("the start position")),
        None => {
            // Built once: a file's games mostly start there.
            static START: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
            Ok(START.get_or_init(Board::startpos).clone())
        }
        Some(text) => {
            let text = text.trim();
            let parsed = if chess960 {
                Board::from_fen_with(text, mode)
            } else {
                Board::from_fen(text)
            };
            parsed.map_err(|error| ErrorKind::Fen {
                fen: text.to_string(),
                error,
            })
        }
    }
}

/// Plays the move token `san` on `board` and returns it: SAN resolved by
/// [`magicboard::San::to_move`] (check marks and annotations not checked,
/// as PGN readers do), or a null move ([`Move::NULL`]). The board is
/// unchanged on an error.
///
/// # Errors
///
/// The [`SanError`]: not SAN, illegal or ambiguous; a null move while in
/// check is [`SanError::Illegal`].
///
/// ```
/// use magicboard::Board;
/// use magicboard_pgn::{RawSan, replay::play_san};
/// let mut board = Board::startpos();
/// let mv = play_san(&mut board, RawSan::new(b"Nf3", 1)).unwrap();
/// assert_eq!(mv.to_string(), "g1f3");
/// assert!(play_san(&mut board, RawSan::new(b"Nf3", 1)).is_err()); // Black to move
/// ```
#[inline]
pub fn play_san(board: &mut Board, san: RawSan<'_>) -> Result<Move, SanError> {
    match san.shaped_make(board) {
        Some(played) => played,
        None => play_parsed(board, san),
    }
}

/// [`play_san`] for a token of another shape than the commonest.
#[inline(never)]
fn play_parsed(board: &mut Board, san: RawSan<'_>) -> Result<Move, SanError> {
    match san.san() {
        Ok(parsed) => parsed.make(board),
        Err(_) if san.is_null() => match board.make_null_move() {
            Some(_) => Ok(Move::NULL),
            None => Err(SanError::Illegal),
        },
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    //! The one-word shapes the reader gives the commonest moves
    //! ([`RawSan::shaped_move`], and [`play_san`] with its make) against
    //! the token's bytes read again as
    //! SAN and resolved ([`magicboard::San::from_ascii`],
    //! [`magicboard::San::to_move`]), at every move of real files: the
    //! lichess samples of `tests/data`, and the files of the folder
    //! `MAGICBOARD_PGN_DATA` names when set (CI: TWIC, python-chess's).

    use super::*;
    use crate::{Control, GameStart, RawTag, Reader, Visitor};
    use magicboard::San;

    #[derive(Default)]
    struct Check {
        board: Option<Board>,
        fen: Option<String>,
        variant: Option<String>,
        moves: usize,
        shaped: usize,
    }

    impl Visitor for Check {
        type Output = ();

        fn begin_game(&mut self, _: GameStart) {
            (self.fen, self.variant) = (None, None);
        }

        fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Control {
            match name {
                b"FEN" => self.fen = Some(value.decode().into_owned()),
                b"Variant" => self.variant = Some(value.decode().into_owned()),
                _ => {}
            }
            Control::Continue
        }

        fn end_tags(&mut self) -> Control {
            self.board = start_position(self.fen.as_deref(), self.variant.as_deref()).ok();
            if self.board.is_some() {
                Control::Continue
            } else {
                Control::Skip
            }
        }

        fn san(&mut self, san: RawSan<'_>) -> Control {
            let Some(board) = &mut self.board else {
                return Control::Skip;
            };
            let general = San::from_ascii(san.as_bytes()).and_then(|s| s.to_move(board));
            if let Some(shaped) = san.shaped_move(board) {
                assert_eq!(shaped, general, "{san:?} on {board:?}");
                self.shaped += 1;
            }
            // What `play_san` does: the shape's make, or the general path.
            let mut played = board.clone();
            assert_eq!(play_san(&mut played, san), general, "{san:?} on {board:?}");
            let mut expected = board.clone();
            if let Ok(mv) = general {
                expected.make_move(mv);
            }
            assert!(played == expected, "{san:?} on {board:?}: {played:?}");
            match general {
                Ok(mv) => {
                    board.make_move_unchecked(mv);
                    self.moves += 1;
                    Control::Continue
                }
                Err(_) => Control::Skip,
            }
        }

        fn end_game(&mut self) {}
    }

    #[test]
    fn shaped_moves_are_the_san_s() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut files = vec![
            format!("{dir}/lichess_db_10k.pgn"),
            format!("{dir}/lichess_db_100k.pgn"),
        ];
        if let Ok(extra) = std::env::var("MAGICBOARD_PGN_DATA") {
            for entry in std::fs::read_dir(&extra).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|x| x == "pgn") {
                    files.push(path.to_string_lossy().into_owned());
                }
            }
        }
        let mut check = Check::default();
        for file in files {
            let bytes = std::fs::read(&file).unwrap();
            let mut reader = Reader::new(&bytes[..]);
            while reader.read_game(&mut check).unwrap().is_some() {}
        }
        // Most moves have one of the shapes.
        assert!(
            check.moves > 2_000 && check.shaped * 10 > check.moves * 8,
            "{} of {}",
            check.shaped,
            check.moves
        );
    }
}
