//! A `#![no_std]` user of magicboard. `magicboard_no_std_check` returns 0
//! when every check passes, otherwise the number of the first that failed.
//! The expected counts are the Chess Programming Wiki's published perft
//! results (see `tests/data/cpw.epd`).
//!
//! With the feature `alloc` (the default) the library's `alloc` feature is
//! on and a bump allocator below serves it; without it there is no
//! allocator, and the library must not need one.

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
use core::alloc::{GlobalAlloc, Layout};
#[cfg(feature = "alloc")]
use core::cell::UnsafeCell;
use core::fmt::Write;
#[cfg(feature = "alloc")]
use core::sync::atomic::{AtomicUsize, Ordering};
use magicboard::{perft, Board, Move, Perft, Square};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs the checks; 0 means all passed.
#[no_mangle]
pub extern "C" fn magicboard_no_std_check() -> u32 {
    let board = Board::startpos();
    if perft(&board, 3) != 8_902 {
        return 1;
    }
    let Ok(kiwipete) = Board::from_fen(KIWIPETE) else {
        return 2;
    };
    if kiwipete.legal_moves().len() != 48 {
        return 3;
    }
    // The FEN through `Display` (a diagram, then the FEN), into a buffer
    // on the stack.
    let mut text = Buffer::default();
    if write!(text, "{kiwipete}").is_err() || !text.as_str().ends_with(KIWIPETE) {
        return 4;
    }
    let mv = Move::new(Square::E2, Square::E4, None);
    if !board.is_legal(mv) || board.play_unchecked(mv).side_to_move() == board.side_to_move() {
        return 5;
    }
    if Board::from_fen("8/8/8 w - - 0 1").is_ok() {
        return 6;
    }
    // Make and unmake, UCI and SAN parsing, full perft and statistics.
    let mut played = kiwipete.clone();
    let Ok(castle) = played.parse_uci("e1g1") else {
        return 7;
    };
    let undo = played.make_move(castle);
    played.unmake_move(castle, undo);
    if played != kiwipete || kiwipete.parse_san("O-O-O").is_err() {
        return 8;
    }
    if Perft::new(2).full().count(&kiwipete) != 2_039 {
        return 9;
    }
    // Published (CPW "Perft Results"): Kiwipete, depth 2, 351 captures.
    match Perft::new(2).stats(&kiwipete) {
        Ok(stats) if stats.nodes == 2_039 && stats.captures == 351 => {}
        _ => return 10,
    }
    with_alloc(&kiwipete)
}

/// The checks that allocate: `to_fen` and `divide` (String, Vec).
#[cfg(feature = "alloc")]
fn with_alloc(kiwipete: &Board) -> u32 {
    if kiwipete.to_fen() != KIWIPETE {
        return 11;
    }
    let split = Perft::new(2).divide(kiwipete);
    if split.len() != 48 || split.iter().map(|&(_, n)| n).sum::<u64>() != 2_039 {
        return 12;
    }
    0
}

#[cfg(not(feature = "alloc"))]
fn with_alloc(_: &Board) -> u32 {
    0
}

/// Text written on the stack.
struct Buffer {
    bytes: [u8; 512],
    len: usize,
}

impl Default for Buffer {
    fn default() -> Buffer {
        Buffer { bytes: [0; 512], len: 0 }
    }
}

impl Buffer {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl Write for Buffer {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(core::fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// A bump allocator over a static buffer: enough for a few FEN strings.
#[cfg(feature = "alloc")]
struct Bump {
    heap: UnsafeCell<[u8; HEAP_SIZE]>,
    next: AtomicUsize,
}

#[cfg(feature = "alloc")]
const HEAP_SIZE: usize = 1 << 16;

// SAFETY: `next` hands out each byte of `heap` at most once, atomically.
#[cfg(feature = "alloc")]
unsafe impl Sync for Bump {}

// SAFETY: returned blocks are in bounds, aligned and never overlap;
// dealloc is a no-op (the memory is simply not reused).
#[cfg(feature = "alloc")]
unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let base = self.heap.get() as usize;
        let mut start = 0;
        let claimed = self
            .next
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |next| {
                start = (base + next).next_multiple_of(layout.align()) - base;
                let end = start.checked_add(layout.size())?;
                (end <= HEAP_SIZE).then_some(end)
            });
        match claimed {
            Ok(_) => self.heap.get().cast::<u8>().wrapping_add(start),
            Err(_) => core::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[cfg(feature = "alloc")]
#[global_allocator]
static ALLOCATOR: Bump = Bump {
    heap: UnsafeCell::new([0; HEAP_SIZE]),
    next: AtomicUsize::new(0),
};
