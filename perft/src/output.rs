//! What the tool prints and how it ends: the result on stdout through
//! [`write_out`] (the `out!` and `outln!` macros), JSON, and [`Failure`],
//! the one-line error on stderr with its exit status.

use super::interrupt;
use magicboard::perft::CountOverflow;

/// `print!` to stdout through [`write_out`]: a closed pipe ends the tool
/// quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!($($arg)*))
    };
}

/// `println!` to stdout through [`write_out`].
macro_rules! outln {
    () => {
        $crate::output::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// An error to report on one stderr line, with the exit status.
pub struct Failure {
    pub status: u8,
    pub message: String,
}

impl Failure {
    /// Bad input: exit status 2.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            status: 2,
            message: message.into(),
        }
    }

    /// A failed check: exit status 1.
    pub fn check(message: impl Into<String>) -> Failure {
        Failure {
            status: 1,
            message: message.into(),
        }
    }
}

/// A count past 2^128 - 1 as the tool reports it: bad input (a depth
/// beyond what can be counted).
impl From<CountOverflow> for Failure {
    fn from(error: CountOverflow) -> Failure {
        Failure::input(error.to_string())
    }
}

/// Writes to stdout. When the reader has closed the pipe, the tool ends
/// with status 141 and prints nothing more (see [`interrupt::stdout_closed`]);
/// any other write error ends it with a message and status 1. `println!`
/// would panic in both cases.
pub fn write_out(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            interrupt::stdout_closed();
        }
        eprintln!("perft: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

pub fn print_json(value: &serde_json::Value) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => outln!("{text}"),
        Err(e) => eprintln!("perft: cannot write JSON: {e}"),
    }
}
