//! magicboard-pgn's own throughput (criterion, one thread): the lexer
//! alone (every move token read as SAN), validated replay with a visitor
//! that plays each move, and the `Games` iterator (tags and moves kept), on
//! the lichess sample of tests/data repeated 20 times. The side-by-side
//! comparison with pgn-reader is measured from a scratch crate outside the
//! repository (docs/performance.md, "PGN").
//!
//! `cargo bench -p magicboard-pgn --bench pgn`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magicboard::Board;
use magicboard_pgn::{Control, Games, RawSan, Reader, Visitor, replay};
use std::hint::black_box;

struct Parse(usize);
impl Visitor for Parse {
    type Output = usize;
    fn san(&mut self, san: RawSan<'_>) -> Control {
        self.0 += usize::from(san.san().is_ok());
        Control::Continue
    }
    fn end_game(&mut self) -> usize {
        std::mem::take(&mut self.0)
    }
}

struct Validate(Board, usize);
impl Visitor for Validate {
    type Output = usize;
    fn end_tags(&mut self) -> Control {
        self.0 = Board::startpos();
        Control::Continue
    }
    fn san(&mut self, san: RawSan<'_>) -> Control {
        match replay::play_san(&mut self.0, san) {
            Ok(_) => {
                self.1 += 1;
                Control::Continue
            }
            Err(_) => Control::Skip,
        }
    }
    fn end_game(&mut self) -> usize {
        std::mem::take(&mut self.1)
    }
}

fn input() -> Vec<u8> {
    let one = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_100k.pgn"
    ))
    .expect("tests/data/lichess_db_100k.pgn");
    let mut bytes = Vec::new();
    for _ in 0..20 {
        bytes.extend_from_slice(&one);
        bytes.extend_from_slice(b"\n\n");
    }
    bytes
}

fn bench(c: &mut Criterion) {
    let bytes = input();
    let mut group = c.benchmark_group("lichess");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(&bytes[..]));
            let mut plies = 0;
            while let Some(n) = reader.read_game(&mut Parse(0)).unwrap() {
                plies += n;
            }
            plies
        })
    });
    group.bench_function("validate", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(&bytes[..]));
            let mut visitor = Validate(Board::startpos(), 0);
            let mut plies = 0;
            while let Some(n) = reader.read_game(&mut visitor).unwrap() {
                plies += n;
            }
            plies
        })
    });
    group.bench_function("games", |b| {
        b.iter(|| {
            Games::new(black_box(&bytes[..]))
                .filter(|g| g.is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
