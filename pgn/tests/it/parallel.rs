//! Parallel replay: the same items as the sequential reader, in order;
//! compressed input.

#[cfg(any(feature = "parallel", feature = "zstd", feature = "gzip"))]
use crate::common::{data, line, mainlines};

/// The lichess samples many times over, with bad games among them.
#[cfg(feature = "parallel")]
fn big_input() -> Vec<u8> {
    let mut pgn = Vec::new();
    for i in 0..40 {
        pgn.extend_from_slice(&data("lichess_db_100k.pgn"));
        pgn.extend_from_slice(b"\n\n");
        if i % 7 == 0 {
            pgn.extend_from_slice(b"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n");
        }
    }
    pgn
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_gives_the_sequential_games_in_order() {
    let pgn = big_input();
    let sequential = mainlines(&pgn);
    assert!(sequential.len() > 1800);
    assert_eq!(sequential.iter().filter(|l| l.starts_with('-')).count(), 6);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let parallel: Vec<String> = pool.install(|| {
        magicboard_pgn::parallel::Games::new(&pgn[..])
            .map(|g| line(&g))
            .collect()
    });
    if let Some(i) =
        (0..parallel.len().min(sequential.len())).find(|&i| parallel[i] != sequential[i])
    {
        panic!(
            "game {}: {:.100} / {:.100}",
            i + 1,
            parallel[i],
            sequential[i]
        );
    }
    assert_eq!(parallel.len(), sequential.len());
    // Numbers and tags as the sequential reader gives them.
    let numbers: Vec<u64> = magicboard_pgn::parallel::Games::new(&pgn[..])
        .filter_map(|g| g.ok())
        .map(|g| g.number)
        .collect();
    let expected: Vec<u64> = magicboard_pgn::Games::new(&pgn[..])
        .filter_map(|g| g.ok())
        .map(|g| g.number)
        .collect();
    assert_eq!(numbers, expected);
}

#[cfg(feature = "zstd")]
#[test]
fn zstd_input() {
    let pgn = data("lichess_db_100k.pgn");
    let packed = zstd::encode_all(&pgn[..], 3).unwrap();
    let dir = std::env::temp_dir().join(format!("magicboard-pgn-{}.pgn.zst", std::process::id()));
    std::fs::write(&dir, &packed).unwrap();
    let input = magicboard_pgn::open::open(&dir).unwrap();
    let games: Vec<String> = magicboard_pgn::Games::new(input)
        .map(|g| line(&g))
        .collect();
    std::fs::remove_file(&dir).unwrap();
    assert_eq!(games, mainlines(&pgn));
}

#[cfg(feature = "gzip")]
#[test]
fn gzip_input() {
    use std::io::Write;
    let pgn = data("lichess_db_10k.pgn");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&pgn).unwrap();
    let packed = encoder.finish().unwrap();
    let input = magicboard_pgn::open::decompress(Box::new(std::io::Cursor::new(packed))).unwrap();
    let games: Vec<String> = magicboard_pgn::Games::new(input)
        .map(|g| line(&g))
        .collect();
    assert_eq!(games, mainlines(&pgn));
}

#[cfg(not(feature = "zstd"))]
#[test]
fn zstd_without_the_feature_is_a_clear_error() {
    let packed = b"\x28\xb5\x2f\xfd\x00\x00".to_vec();
    let err = magicboard_pgn::open::decompress(Box::new(std::io::Cursor::new(packed)))
        .err()
        .unwrap();
    assert_eq!(err.kind(), std::io::ErrorKind::Unsupported);
    assert!(err.to_string().contains("`zstd` feature"));
}
