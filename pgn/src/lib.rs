//! magicboard-pgn: read chess games in PGN, check every move, write them back.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod game;
pub mod reader;
pub mod replay;
pub mod visitor;

pub use game::{Error, ErrorKind, Game, GameError, Games, Positions, Tags};
pub use reader::Reader;
pub use visitor::{Control, GameResult, GameStart, Nag, RawComment, RawSan, RawTag, Visitor};
