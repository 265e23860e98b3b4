//! magicboard-pgn: read chess games in PGN, check every move, write them back.
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod game;
pub mod open;
#[cfg(feature = "parallel")]
#[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
pub mod parallel;
pub mod reader;
pub mod replay;
pub mod tree;
pub mod visitor;
pub mod write;

pub use game::{Error, ErrorKind, Game, GameError, Games, Positions, Tags, TagsIter};
pub use reader::Reader;
pub use tree::{GameTree, Node, NodeId, TreeBuilder, Trees};
pub use visitor::{Control, GameResult, GameStart, Nag, RawComment, RawSan, RawTag, Visitor};
