//! Where the test data is, and the visible skip when it is not there.

use magicboard_syzygy::Tablebase;
use std::path::{Path, PathBuf};

/// The directory of python-chess's 3- and 4-piece tables.
pub fn tables_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/regular")
}

/// A file under tests/data.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// True when the full 3- and 4-piece set is present (the repository has
/// it; the published package holds the 3-piece tables only). Prints why a
/// test is skipped otherwise.
pub fn have_all_tables(test: &str) -> bool {
    let present = tables_dir().join("KRvKP.rtbz").is_file() && data("endgame.epd").is_file();
    if !present {
        eprintln!(
            "skipped: {test} needs the 4-piece tables and endgame.epd of the repository's syzygy/tests/data"
        );
    }
    present
}

/// The tables of the test data.
pub fn tables() -> Tablebase {
    Tablebase::open(tables_dir()).expect("the test tables' directory can be listed")
}

use magicboard::{Board, BoardBuilder, Color, Piece, Square};
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

/// A random legal position with the material `name` (`KRvKP`: White's
/// pieces, then Black's), either side to move, no castling or en passant.
pub fn random_board(rng: &mut Xoshiro256PlusPlus, name: &str) -> Board {
    let (white, black) = name.split_once('v').expect("a table name");
    loop {
        let mut builder = BoardBuilder::new().side_to_move(if rng.random::<bool>() {
            Color::White
        } else {
            Color::Black
        });
        let mut used = 0u64;
        for (color, side) in [(Color::White, white), (Color::Black, black)] {
            for letter in side.chars() {
                let mut sq;
                loop {
                    sq = rng.random_range(0..64usize);
                    if used & (1 << sq) == 0 {
                        break;
                    }
                }
                used |= 1 << sq;
                let symbol = if color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                builder = builder.piece(
                    Square::from_index(sq).unwrap(),
                    Piece::from_char(symbol).unwrap(),
                );
            }
        }
        if let Ok(board) = builder.build() {
            return board;
        }
    }
}
