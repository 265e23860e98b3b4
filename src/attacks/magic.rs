//! The layout of one square's magic, shared by `build.rs` (which searches
//! the magics and writes them out as `Magic { .. }` literals) and
//! `src/attacks.rs` (which includes those literals and looks attacks up).
//! Both pull in this very file, so the struct and its index formula are
//! written once; it is self-contained (plain integers, nothing from the
//! crate) so that the build script can compile it alone.

/// One square's magic: [`Magic::slot`] of the blockers indexes
/// `TABLES.slider_attacks`, the square's attack set for those blockers.
// With `pext` for every lookup (the library's `pext_direct` builds) the
// multiplier and shift go unread.
#[allow(dead_code)]
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
