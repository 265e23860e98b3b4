//! The Polyglot Zobrist test vectors (from the Polyglot book format
//! documentation), reached by playing the moves and by parsing the FEN of
//! each position: both must give the published key.

use magicboard::Board;
use pretty_assertions::assert_eq;

/// `(moves from the start position, FEN as published, key)`.
const VECTORS: [(&str, &str, u64); 9] = [
    (
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0x463b96181691fc9c,
    ),
    (
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        0x823c9b50fd114196,
    ),
    (
        "e2e4 d7d5",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        0x0756b94461c50fb0,
    ),
    (
        "e2e4 d7d5 e4e5",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        0x662fafb965db29d4,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        0x22a48b5a8e47ff78,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
        0x652a607ca3f242c1,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
        "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
        0x00fdd303c946bdd9,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4",
        "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
        0x3c8123ea7b067637,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
        "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
        0x5c3f9b829b279560,
    ),
];

fn play(moves: &str) -> Board {
    let mut b = Board::startpos();
    for text in moves.split_whitespace() {
        let mv = b
            .parse_uci(text)
            .unwrap_or_else(|e| panic!("{text} on {b:?}: {e}"));
        b.make_move(mv);
        assert_eq!(b.hash(), b.hash_from_scratch(), "after {text}");
    }
    b
}

#[test]
fn polyglot_vectors_by_playing_the_moves() {
    for (moves, _, key) in VECTORS {
        let b = play(moves);
        assert_eq!(
            format!("{:016x}", b.hash()),
            format!("{key:016x}"),
            "after {moves:?}"
        );
    }
}

#[test]
fn polyglot_vectors_by_parsing_the_fen() {
    for (moves, fen, key) in VECTORS {
        let parsed = Board::from_fen(fen).unwrap();
        assert_eq!(
            format!("{:016x}", parsed.hash()),
            format!("{key:016x}"),
            "{fen}"
        );
        assert_eq!(parsed.hash(), parsed.hash_from_scratch());
        // The played and the parsed boards are the same position: same
        // pieces, side, castling rights and en-passant square. (The
        // published FENs do not follow the clocks exactly.)
        let played = play(moves);
        let position = |b: &Board| {
            let fen = b.to_fen();
            fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(position(&played), position(&parsed), "{moves:?}");
        assert_eq!(played.hash(), parsed.hash());
    }
}

/// The en-passant key is included only when a pawn of the side to move
/// can capture (Polyglot's rule): after 1. e4 it is not, after 1. e4 d5
/// 2. e5 f5 it is (the e5 pawn stands beside f5).
#[test]
fn en_passant_key_follows_polyglots_rule() {
    assert_eq!(play("e2e4").en_passant(), None);
    assert_eq!(play("e2e4 d7d5").en_passant(), None);
    assert_eq!(
        play("e2e4 d7d5 e4e5 f7f5").en_passant(),
        Some(magicboard::Square::F6)
    );
    assert_eq!(
        play("a2a4 b7b5 h2h4 b5b4 c2c4").en_passant(),
        Some(magicboard::Square::C3)
    );
}

/// Transpositions reach the same key; different side to move does not.
#[test]
fn transpositions_share_a_key() {
    let a = play("g1f3 g8f6 b1c3 b8c6");
    let b = play("b1c3 b8c6 g1f3 g8f6");
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a, b);
    let c = play("g1f3 g8f6 f3g1 f6g8");
    assert_eq!(c.hash(), Board::startpos().hash());
    // The start position with Black to move differs from it only by the
    // turn key, Polyglot's Random64[780].
    let d = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(d.hash() ^ Board::startpos().hash(), 0xf8d626aaaf278509);
}
