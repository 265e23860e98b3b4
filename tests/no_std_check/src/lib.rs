//! A `#![no_std]` user of magicboard. `magicboard_no_std_check` returns 0
//! when every check passes, otherwise the number of the first that failed.
//! The expected counts are the Chess Programming Wiki's published perft
//! results (see `tests/data/cpw.epd`).

#![no_std]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
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
    // `to_fen` and `divide` allocate (String, Vec): the allocator below.
    if kiwipete.to_fen() != KIWIPETE {
        return 4;
    }
    let split = Perft::new(2).divide(&kiwipete);
    if split.len() != 48 || split.iter().map(|&(_, n)| n).sum::<u64>() != 2_039 {
        return 5;
    }
    let mv = Move::new(Square::E2, Square::E4, None);
    if !board.is_legal(mv) || board.play_unchecked(mv).side_to_move() == board.side_to_move() {
        return 6;
    }
    if Board::from_fen("8/8/8 w - - 0 1").is_ok() {
        return 7;
    }
    0
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// A bump allocator over a static buffer: enough for a few FEN strings.
struct Bump {
    heap: UnsafeCell<[u8; HEAP_SIZE]>,
    next: AtomicUsize,
}

const HEAP_SIZE: usize = 1 << 16;

// SAFETY: `next` hands out each byte of `heap` at most once, atomically.
unsafe impl Sync for Bump {}

// SAFETY: returned blocks are in bounds, aligned and never overlap;
// dealloc is a no-op (the memory is simply not reused).
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

#[global_allocator]
static ALLOCATOR: Bump = Bump {
    heap: UnsafeCell::new([0; HEAP_SIZE]),
    next: AtomicUsize::new(0),
};
