//! Fuzz target `syzygy`: magicboard-syzygy probing a table file of any
//! bytes. The input names one of the real tables of
//! `syzygy/tests/data/regular` (its first byte), places that table's pieces
//! (the next eight), and gives the file's bytes (the rest). The file is
//! written under its table's name and added over the real directory, then
//! positions of its material are probed for WDL, DTZ and the root moves.
//! No panic, whatever the bytes; and when they are the real file's, every
//! answer is the real tables' answer.
#![no_main]

use magicboard::Board;
use magicboard_syzygy::Tablebase;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../syzygy/tests/data/regular");

/// The real tables, sorted by name (the seeds index the same list), each
/// with its bytes; the tables opened once; a scratch directory.
struct Setup {
    files: Vec<(String, Vec<u8>)>,
    real: Tablebase,
    scratch: PathBuf,
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Setup> = OnceLock::new();
    SETUP.get_or_init(|| {
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(DATA)
            .expect("syzygy/tests/data/regular")
            .map(|entry| entry.unwrap().path())
            .filter(|p| {
                matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("rtbw" | "rtbz")
                )
            })
            .map(|p| {
                let name = p.file_name().unwrap().to_str().unwrap().to_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        files.sort();
        let scratch =
            std::env::temp_dir().join(format!("magicboard-fuzz-syzygy-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).unwrap();
        Setup {
            files,
            real: Tablebase::open(DATA).unwrap(),
            scratch,
        }
    })
}

/// A FEN with `material`'s pieces ("KRvKP": white's before the `v`) on
/// squares drawn from `seed`, or `None` where two pieces meet or a pawn
/// stands on a back rank.
fn placement(material: &str, seed: &mut u64, white_to_move: bool) -> Option<String> {
    let mut board = ['.'; 64];
    let (white, black) = material.split_once('v')?;
    let pieces = white
        .chars()
        .chain(black.chars().map(|c| c.to_ascii_lowercase()));
    for piece in pieces {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let square = (*seed % 64) as usize;
        if board[square] != '.' || (piece.eq_ignore_ascii_case(&'p') && !(8..56).contains(&square))
        {
            return None;
        }
        board[square] = piece;
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if white_to_move {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    Some(fen)
}

/// Everything a user asks of the tables about `board`, as text.
fn answers(tables: &Tablebase, board: &Board) -> String {
    format!(
        "{:?} {:?} {:?}",
        tables.probe_wdl(board),
        tables.probe_dtz(board),
        tables
            .root_moves(board)
            .map(|moves| moves.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>())
    )
}

fn file_for(scratch: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = scratch.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let setup = setup();
    let Some((&index, rest)) = data.split_first() else {
        return;
    };
    let Some((seed, bytes)) = rest.split_first_chunk::<8>() else {
        return;
    };
    let (name, real_bytes) = &setup.files[usize::from(index) % setup.files.len()];
    let mut tables = Tablebase::open(DATA).unwrap();
    assert!(tables.add_file(file_for(&setup.scratch, name, bytes)));
    let material = name.split('.').next().unwrap();
    let mut seed = u64::from_le_bytes(*seed) | 1;
    let mut probed = 0;
    for attempt in 0..32 {
        let Some(fen) = placement(material, &mut seed, attempt % 2 == 0) else {
            continue;
        };
        let Ok(board) = Board::from_fen(&fen) else {
            continue;
        };
        let answer = answers(&tables, &board);
        if bytes == real_bytes.as_slice() {
            assert_eq!(answer, answers(&setup.real, &board), "{fen}");
        }
        probed += 1;
        if probed == 4 {
            break;
        }
    }
});
