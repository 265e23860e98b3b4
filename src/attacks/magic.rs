//! The layout of one square's magic, shared by `build.rs` (which searches
//! the magics and writes them out as `MagicTable { .. }` literals) and
//! `src/attacks.rs` (which includes those literals and looks attacks up).
//! Both pull in this very file, so the struct and its index formula are
//! written once; it is self-contained (plain integers, nothing from the
//! crate) so that the build script can compile it alone.

/// One square's magic: [`Magic::slot`] of the blockers indexes
/// `TABLES.slider_attacks`, the square's attack set for those blockers.
// With `pext` for every lookup (the library's `pext_direct` builds) the
// multiplier and shift go unread.
#[allow(dead_code)]
#[derive(Clone, Copy)]
pub(crate) struct Magic {
    /// The relevant-occupancy mask: the squares whose blockers matter.
    pub(crate) mask: u64,
    /// The multiplier.
    pub(crate) magic: u64,
    /// `64` minus the number of bits of `mask`.
    pub(crate) shift: u32,
    /// Start of this square's slice of the attack table.
    pub(crate) offset: u32,
}

impl Magic {
    /// The attack-table slot for the occupied squares `occupied`:
    /// `offset + ((occupied & mask) * magic) >> shift`.
    #[inline(always)]
    pub(crate) const fn slot(&self, occupied: u64) -> usize {
        let hash = (occupied & self.mask).wrapping_mul(self.magic) >> self.shift;
        self.offset as usize + hash as usize
    }
}

/// One slider's 64 magics, one array per field. A lookup indexes each
/// array with the square itself, which the load scales for free; an array
/// of [`Magic`]s (24 bytes each) cost every lookup an instruction to scale
/// the square (measured in docs/performance.md, "Decisions that shaped the
/// code").
#[cfg(not(target_arch = "wasm32"))]
#[allow(dead_code)]
pub(crate) struct MagicTable {
    /// [`Magic::mask`] per square.
    pub(crate) masks: [u64; 64],
    /// [`Magic::magic`] per square.
    pub(crate) multipliers: [u64; 64],
    /// [`Magic::offset`] per square.
    pub(crate) offsets: [u32; 64],
    /// [`Magic::shift`] per square.
    pub(crate) shifts: [u8; 64],
}

/// One slider's 64 magics, as an array of [`Magic`]s on wasm32: its loads
/// take no scaled index, so each array of the other layout costs its own
/// address arithmetic, where one multiplication serves every field here
/// (the other layout measured slower under V8: docs/performance.md,
/// "Decisions that shaped the code").
#[cfg(target_arch = "wasm32")]
pub(crate) struct MagicTable {
    /// Per square.
    pub(crate) magics: [Magic; 64],
}

#[allow(dead_code)]
impl MagicTable {
    /// Square `sq`'s magic (`sq < 64`). The fields a lookup does not use
    /// are not read.
    #[inline(always)]
    pub(crate) const fn get(&self, sq: usize) -> Magic {
        #[cfg(not(target_arch = "wasm32"))]
        return Magic {
            mask: self.masks[sq],
            magic: self.multipliers[sq],
            shift: self.shifts[sq] as u32,
            offset: self.offsets[sq],
        };
        #[cfg(target_arch = "wasm32")]
        return self.magics[sq];
    }
}
