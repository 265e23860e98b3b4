//! WDL and DTZ probes per second on 2,000 random legal positions of every
//! 3- and 4-piece material (both sides to move), over python-chess's tables
//! in tests/data: `cargo bench -p magicboard-syzygy`.
//!
//! The side-by-side figures against shakmaty-syzygy and Fathom come from a
//! scratch crate outside the repository (shakmaty-syzygy is GPL); how they
//! were taken is in docs/performance.md ("Syzygy probing"). Without the
//! 4-piece tables (the published package has only the 3-piece ones) this
//! says "skipped".

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magicboard::{Board, BoardBuilder, Color, Piece, Square};
use magicboard_syzygy::Tablebase;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Every 3- and 4-piece material, both orientations (`KQvK`, `KvKQ`, ...).
fn materials() -> Vec<String> {
    let pieces = ['Q', 'R', 'B', 'N', 'P'];
    let mut names = Vec::new();
    for (i, &a) in pieces.iter().enumerate() {
        names.push(format!("K{a}vK"));
        names.push(format!("KvK{a}"));
        for &b in &pieces[i..] {
            names.push(format!("K{a}{b}vK"));
            names.push(format!("KvK{a}{b}"));
        }
        for &b in &pieces {
            names.push(format!("K{a}vK{b}"));
        }
    }
    names
}

/// A random legal position of `name`'s material, either side to move.
fn random_board(rng: &mut Xoshiro256PlusPlus, name: &str) -> Board {
    let (white, black) = name.split_once('v').unwrap();
    loop {
        let side = if rng.random::<bool>() {
            Color::White
        } else {
            Color::Black
        };
        let mut builder = BoardBuilder::new().side_to_move(side);
        let mut used = 0u64;
        for (color, letters) in [(Color::White, white), (Color::Black, black)] {
            for letter in letters.chars() {
                let sq = loop {
                    let sq = rng.random_range(0..64usize);
                    if used & (1 << sq) == 0 {
                        break sq;
                    }
                };
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

fn probes(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/regular");
    if !dir.join("KRvKP.rtbz").is_file() {
        eprintln!(
            "skipped: the benchmark needs the repository's 4-piece tables in {}",
            dir.display()
        );
        return;
    }
    let tables = Tablebase::open(&dir).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let names = materials();
    let boards: Vec<Board> = (0..2000)
        .map(|i| random_board(&mut rng, &names[i % names.len()]))
        .collect();
    // Every table opened and every page touched once before timing.
    for board in &boards {
        tables.probe_dtz(board).unwrap();
    }
    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("probe_wdl", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(tables.probe_wdl(black_box(board)).unwrap());
            }
        })
    });
    group.bench_function("probe_dtz", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(tables.probe_dtz(black_box(board)).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // Few samples of long iterations: short on a shared 2-core machine.
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .without_plots();
    targets = probes
}
criterion_main!(benches);
