//! Polyglot books: books built here from the format's definition (the keys
//! are Polyglot's published ones for the start position and after 1. e4,
//! the move encoding is the format's), malformed files, and, when the
//! environment names a directory of real books (`MAGICBOARD_POLYGLOT_DIR`,
//! set by CI to python-chess's `data/polyglot/`), a walk through every
//! position of those books. python/tests/test_polyglot.py compares the
//! lookups with `chess.polyglot` entry for entry on those books.

use magicboard::polyglot::{Book, BookError, BookMove, Entry};
use magicboard::{Board, Move, Square};
use std::path::PathBuf;

/// Polyglot's published keys.
const START: u64 = 0x463b_9618_1691_fc9c;
const AFTER_E4: u64 = 0x823c_9b50_fd11_4196;

/// A move as Polyglot packs it: to-square, from-square, promotion (1
/// knight ... 4 queen).
fn raw(from: Square, to: Square, promotion: u16) -> u16 {
    to.index() as u16 | (from.index() as u16) << 6 | promotion << 12
}

fn book(entries: &[(u64, u16, u16, u32)]) -> Vec<u8> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|e| e.0); // stable: file order within a key
    let mut bytes = Vec::new();
    for (key, mv, weight, learn) in sorted {
        bytes.extend(key.to_be_bytes());
        bytes.extend(mv.to_be_bytes());
        bytes.extend(weight.to_be_bytes());
        bytes.extend(learn.to_be_bytes());
    }
    bytes
}

#[test]
fn moves_are_decoded_checked_and_sorted_by_weight() {
    let bytes = book(&[
        (START, raw(Square::D2, Square::D4, 0), 5, 0),
        (START, raw(Square::E2, Square::E4, 0), 9, 1),
        (START, raw(Square::G1, Square::F3, 0), 5, 2),
        (START, raw(Square::E2, Square::E5, 0), 50, 0), // illegal: skipped
        (START, raw(Square::C2, Square::C4, 0), 0, 0),  // weight 0: deleted
        (AFTER_E4, raw(Square::E7, Square::E5, 0), 1, 0),
        (AFTER_E4 + 1, raw(Square::A2, Square::A4, 0), 1, 0),
    ]);
    let book = Book::from_bytes(bytes).unwrap();
    assert_eq!(book.len(), 7);
    let start = Board::startpos();
    let uci: Vec<(String, u16, u32)> = book
        .moves(&start)
        .iter()
        .map(|m| (m.mv.to_string(), m.weight, m.learn))
        .collect();
    assert_eq!(
        uci,
        [
            ("e2e4".into(), 9, 1),
            ("d2d4".into(), 5, 0),
            ("g1f3".into(), 5, 2)
        ]
    );
    // The raw entries keep everything, in file order.
    assert_eq!(book.entries(START).count(), 5);
    assert_eq!(book.entries(START).nth(3).unwrap().weight, 50);
    let after_e4 = start.play(start.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(book.moves(&after_e4)[0].mv.to_string(), "e7e5");
    assert!(
        book.moves(&Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap())
            .is_empty()
    );

    // Weighted choice: the running sum in file order passes the number.
    let pick = |r: u64| {
        book.weighted_choice(&start, |total| {
            assert_eq!(total, 19);
            r
        })
        .unwrap()
        .mv
        .to_string()
    };
    assert_eq!((0..5).map(pick).collect::<Vec<_>>(), ["d2d4"; 5]);
    assert_eq!((5..14).map(pick).collect::<Vec<_>>(), ["e2e4"; 9]);
    assert_eq!((14..19).map(pick).collect::<Vec<_>>(), ["g1f3"; 5]);
    assert_eq!(pick(19 + 3), "d2d4"); // taken modulo the total
}

#[test]
fn castling_and_promotions_decode() {
    let board = Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let key = board.hash();
    let entries = [
        (key, raw(Square::E1, Square::H1, 0), 4, 0), // castling, king takes rook
        (key, raw(Square::E1, Square::C1, 0), 3, 0), // the king's step, read too
        (key, raw(Square::B7, Square::A8, 4), 2, 0), // bxa8=Q
        (key, raw(Square::B7, Square::B8, 1), 1, 0), // b8=N
        (key, raw(Square::B7, Square::B8, 5), 1, 0), // no such promotion
        (key, raw(Square::E1, Square::E1, 0), 1, 0), // no move at all
    ];
    let book = Book::from_bytes(book(&entries)).unwrap();
    let moves: Vec<Move> = book.moves(&board).iter().map(|m| m.mv).collect();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[0], Move::castle(Square::E1, Square::H1));
    assert_eq!(moves[1], Move::castle(Square::E1, Square::A1));
    assert_eq!(board.to_san(moves[2]), "bxa8=Q+");
    assert_eq!(board.to_san(moves[3]), "b8=N");
    let entry = Entry {
        key,
        raw_move: raw(Square::E1, Square::H1, 0),
        weight: 1,
        learn: 0,
    };
    assert_eq!(
        entry.move_on(&board),
        Some(Move::castle(Square::E1, Square::H1))
    );
}

#[test]
fn malformed_books_are_refused() {
    assert_eq!(
        Book::from_bytes(vec![0u8; 15]).unwrap_err(),
        BookError::Length(15)
    );
    let unsorted = [book(&[(2, 0, 1, 0)]), book(&[(1, 0, 1, 0)])].concat();
    assert_eq!(
        Book::from_bytes(unsorted).unwrap_err(),
        BookError::Unsorted { index: 1 }
    );
    let dir = std::env::temp_dir().join(format!("magicboard-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.bin");
    std::fs::write(&path, [0u8; 20]).unwrap();
    let err = Book::open(&path).unwrap_err();
    assert_eq!(err, BookError::Length(20));
    assert!(err.to_string().contains("20 bytes"), "{err}");
    std::fs::write(
        &path,
        book(&[(START, raw(Square::E2, Square::E4, 0), 1, 0)]),
    )
    .unwrap();
    let opened = Book::open(&path).unwrap();
    assert_eq!(opened.moves(&Board::startpos()).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
    let missing = Book::open(dir.join("none.bin")).unwrap_err();
    assert!(matches!(missing, BookError::Io { .. }));
    assert!(std::error::Error::source(&missing).is_some());
}

/// The books of `MAGICBOARD_POLYGLOT_DIR` (python-chess's `data/polyglot/`
/// in CI): each opens, and following the heaviest move from the start
/// position and from every position a book move reaches (breadth first, up
/// to 2,000 positions) finds only legal moves whose keys the book holds.
/// Skipped (passing) when the variable is unset.
#[test]
fn real_books_when_given() {
    let Some(dir) = std::env::var_os("MAGICBOARD_POLYGLOT_DIR").map(PathBuf::from) else {
        eprintln!("skipped: MAGICBOARD_POLYGLOT_DIR is not set");
        return;
    };
    let mut books = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "bin") {
            continue;
        }
        let book = Book::open(&path).unwrap_or_else(|e| panic!("{e}"));
        books += 1;
        let mut queue = std::collections::VecDeque::from([Board::startpos()]);
        let mut seen = std::collections::HashSet::new();
        while let Some(board) = queue.pop_front() {
            if !seen.insert(board.hash()) || seen.len() > 2_000 {
                continue;
            }
            let moves: Vec<BookMove> = book.moves(&board);
            let raw = book.entries(board.hash()).filter(|e| e.weight > 0).count();
            assert!(moves.len() <= raw);
            assert!(moves.windows(2).all(|w| w[0].weight >= w[1].weight));
            for m in moves {
                assert!(board.is_legal(m.mv), "{} in {}", m.mv, board.to_fen());
                queue.push_back(board.play(m.mv).unwrap());
            }
        }
    }
    assert!(books > 0, "no .bin file in {}", dir.display());
}

/// Any bytes: a book or an error, never a panic; a book's look-ups give
/// only legal moves, sorted by weight, whatever its entries hold.
#[test]
fn any_bytes_never_panic() {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(876);
    let boards = [
        Board::startpos(),
        Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
    ];
    for _ in 0..2_000 {
        let entries = rng.random_range(0..20);
        let mut bytes: Vec<u8> = (0..entries * 16
            + rng.random_range(0..2) * rng.random_range(0..16))
            .map(|_| rng.random())
            .collect();
        // Keys of the test boards now and then, so that look-ups hit.
        for chunk in bytes.chunks_exact_mut(16) {
            if rng.random_bool(0.5) {
                let board = &boards[rng.random_range(0..boards.len())];
                chunk[..8].copy_from_slice(&board.hash().to_be_bytes());
            }
        }
        let mut sorted: Vec<[u8; 16]> = bytes
            .chunks_exact(16)
            .map(|c| c.try_into().unwrap())
            .collect();
        if rng.random_bool(0.8) {
            sorted.sort_by_key(|e| u64::from_be_bytes(e[..8].try_into().unwrap()));
            let tail = bytes.len() % 16;
            let rest = bytes[bytes.len() - tail..].to_vec();
            bytes = sorted.concat();
            bytes.extend(rest);
        }
        let Ok(book) = Book::from_bytes(bytes.as_slice()) else {
            continue;
        };
        for board in &boards {
            let moves = book.moves(board);
            assert!(moves.iter().all(|m| board.is_legal(m.mv)));
            assert!(moves.windows(2).all(|w| w[0].weight >= w[1].weight));
            if let Some(m) = book.weighted_choice(board, |total| rng.random_range(0..total)) {
                assert!(moves.contains(&m));
            }
        }
        assert_eq!(book.iter().count(), book.len());
    }
}
