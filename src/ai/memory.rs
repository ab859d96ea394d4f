//! Big tables in memory.
//!
//! The solver's transposition table and the endgame table are read at random places, once or twice
//! for every position searched, so most of the solver's time goes in waiting for memory. With the
//! usual 4 KB pages nearly every such read also misses the processor's table of page addresses
//! (and on a virtual machine finding an address costs several more reads). On Linux a table is
//! therefore asked to live in 2 MB pages, which the processor's page table covers 512 times better.
//! Elsewhere (the browser's WebAssembly among them) the table is an ordinary vector.
//!
//! And where the processor has an instruction for it, the solver starts reading the places it will
//! need soon ([`prefetch`]), so that several reads go on side by side.

/// A vector of `len` copies of `value`, in big pages where the system offers them; `None` when the
/// system has not the memory (a limit set on the command line, a tablet's browser): said as an
/// error rather than the program stopped.
pub fn table_of<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = with_room(len)?;
    v.resize(len, value);
    Some(v)
}

/// An empty vector with room for `len` values, in big pages where the system offers them (to be
/// filled before its pages are first touched, when the system places them); `None` when the system
/// has not the memory.
pub fn with_room<T>(len: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    advise_big_pages(&v);
    Some(v)
}

/// Room for `more` values after those in `v`, in big pages as [`with_room`] gives them (a vector
/// grown by itself is not); `None` when the system has not the memory.
pub fn grow<T>(v: &mut Vec<T>, more: usize) -> Option<()> {
    v.try_reserve_exact(more).ok()?;
    advise_big_pages(v);
    Some(())
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_big_pages<T>(v: &Vec<T>) {
    const BIG: usize = 2 << 20;
    let bytes = v.capacity() * std::mem::size_of::<T>();
    let start = v.as_ptr() as usize;
    // Only the whole big pages inside the allocation.
    let first = start.div_ceil(BIG) * BIG;
    let end = (start + bytes) / BIG * BIG;
    if end > first {
        // SAFETY: `madvise` only gives the kernel a hint about pages this vector owns; it changes
        // neither their contents nor who may use them, and a refusal is harmless.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_big_pages<T>(_: &Vec<T>) {}

/// The bytes of a table of atomic bytes as plain bytes, to fill it in one go: a table read back from
/// a file is read straight into its place, with no copy (a copy byte by byte, in WebAssembly, took
/// longer than reading the file).
#[allow(unsafe_code)]
pub fn bytes_mut(values: &mut [std::sync::atomic::AtomicU8]) -> &mut [u8] {
    // SAFETY: `AtomicU8` has the size, alignment and valid values of `u8`, and the exclusive
    // borrow keeps every other user (another thread's load) away while the bytes are plain.
    unsafe { std::slice::from_raw_parts_mut(values.as_mut_ptr().cast::<u8>(), values.len()) }
}

/// Whether [`prefetch`] does anything here.
pub const PREFETCH_WORKS: bool = cfg!(target_arch = "x86_64");

/// Starts reading the cache line of `item` into the processor's cache, so that it is there when it is
/// needed: the lines of all the boards after a board's moves are read at once rather than one by
/// one. Only where the processor has an instruction for it (not in WebAssembly): a plain read
/// instead waits for every line, also those of boards never searched, and made a solve twice as
/// slow.
#[inline]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        let p: *const T = item;
        #[allow(unsafe_code)]
        // SAFETY: a prefetch is only a hint to the cache; it reads nothing into the program.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p.cast::<i8>(), std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_table_holds_every_value_it_was_given() {
        // 6 MB: at least two whole big pages inside, so the advice is given.
        let v = table_of(3 << 20, 0x80u16).unwrap();
        assert_eq!(v.len(), 3 << 20);
        assert!(v.iter().all(|&x| x == 0x80));
        let small = table_of(3, [1u8; 64]).unwrap();
        assert_eq!(small, vec![[1u8; 64]; 3]);
        assert!(table_of(0, 7u8).unwrap().is_empty());
    }

    #[test]
    fn a_table_bigger_than_memory_is_refused_not_fatal() {
        // More bytes than any address space holds.
        assert!(table_of::<u64>(usize::MAX / 4, 0).is_none());
        assert!(with_room::<[u8; 64]>(usize::MAX / 32).is_none());
    }
}
