//! Opening a PGN file, plain or compressed: the lichess database's `.zst`
//! (feature `zstd`) and gzip's `.gz` (feature `gzip`), told apart by their
//! first bytes, not their names.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

/// The input's compression, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compression {
    /// Plain text.
    None,
    /// Zstandard (magic `28 b5 2f fd`).
    Zstd,
    /// gzip (magic `1f 8b`).
    Gzip,
}

impl Compression {
    /// The compression that `head`, an input's first bytes, shows.
    ///
    /// ```
    /// use magicboard_pgn::open::Compression;
    /// assert_eq!(Compression::detect(b"\x28\xb5\x2f\xfd..."), Compression::Zstd);
    /// assert_eq!(Compression::detect(b"\x1f\x8b\x08"), Compression::Gzip);
    /// assert_eq!(Compression::detect(b"[Event"), Compression::None);
    /// ```
    pub fn detect(head: &[u8]) -> Compression {
        if head.starts_with(b"\x28\xb5\x2f\xfd") {
            Compression::Zstd
        } else if head.starts_with(b"\x1f\x8b") {
            Compression::Gzip
        } else {
            Compression::None
        }
    }
}

/// The file at `path` as a stream of PGN text, decompressed if it is
/// zstd or gzip (`-` is standard input).
///
/// # Errors
///
/// The file's I/O errors, and [`io::ErrorKind::Unsupported`] for a
/// compressed file whose feature (`zstd`, `gzip`) is off.
pub fn open(path: impl AsRef<Path>) -> io::Result<Box<dyn Read + Send>> {
    let path = path.as_ref();
    if path == Path::new("-") {
        return decompress(Box::new(io::stdin()));
    }
    decompress(Box::new(File::open(path)?))
}

/// `input` decompressed if its first bytes are zstd's or gzip's.
///
/// # Errors
///
/// The input's I/O errors, and [`io::ErrorKind::Unsupported`] for a
/// compression whose feature is off.
///
/// ```
/// use std::io::Read;
/// let mut text = String::new();
/// magicboard_pgn::open::decompress(Box::new(&b"1. e4 *"[..]))?.read_to_string(&mut text)?;
/// assert_eq!(text, "1. e4 *");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decompress(input: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let head = io::BufRead::fill_buf(&mut input)?;
    match Compression::detect(head) {
        Compression::None => Ok(Box::new(input)),
        Compression::Zstd => zstd_reader(input),
        Compression::Gzip => gzip_reader(input),
    }
}

#[cfg(feature = "zstd")]
fn zstd_reader(input: BufReader<Box<dyn Read + Send>>) -> io::Result<Box<dyn Read + Send>> {
    Ok(Box::new(zstd::stream::read::Decoder::with_buffer(input)?))
}

#[cfg(not(feature = "zstd"))]
fn zstd_reader(_: BufReader<Box<dyn Read + Send>>) -> io::Result<Box<dyn Read + Send>> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "the input is zstd-compressed: build magicboard-pgn with the `zstd` feature",
    ))
}

#[cfg(feature = "gzip")]
fn gzip_reader(input: BufReader<Box<dyn Read + Send>>) -> io::Result<Box<dyn Read + Send>> {
    Ok(Box::new(flate2::bufread::MultiGzDecoder::new(input)))
}

#[cfg(not(feature = "gzip"))]
fn gzip_reader(_: BufReader<Box<dyn Read + Send>>) -> io::Result<Box<dyn Read + Send>> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "the input is gzip-compressed: build magicboard-pgn with the `gzip` feature",
    ))
}
