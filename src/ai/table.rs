//! The search's transposition table: a fixed array of entries found by a 64-bit key, each holding a
//! lower and an upper bound of a value and the best move found, in buckets of two. (The exact solver
//! keeps a table of its own, in `solver.rs`, keyed by the exact number of a board.)

/// One stored position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The position's full key (the table index uses only its low bits).
    pub key: u64,
    /// The value is at least this.
    pub lo: i16,
    /// The value is at most this.
    pub hi: i16,
    /// The best move found (its index in the position's move list), or 255.
    pub best: u8,
    /// The depth searched: deeper entries are kept first.
    pub depth: u8,
}

const EMPTY: Entry = Entry { key: 0, lo: 0, hi: 0, best: u8::MAX, depth: 0 };

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` entries (16 bytes each), or as many as the system has memory for
    /// (halved until it fits: a smaller table only searches longer).
    #[must_use]
    pub fn new(bits: u32) -> Table {
        let entries = (2..=bits.clamp(2, 30)).rev().find_map(|b| super::memory::table_of(1usize << b, EMPTY));
        // 4 entries always fit, or nothing would run at all.
        let entries = entries.unwrap_or_else(|| vec![EMPTY; 4]);
        Table { mask: entries.len() - 2, entries }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// The entry of a key, if stored.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<&Entry> {
        let i = (key as usize) & self.mask;
        self.entries[i..i + 2].iter().find(|e| e.key == key && key != 0)
    }

    /// Stores an entry. Each bucket has two slots: the first keeps the deepest search (the one it
    /// holds moves to the second when a deeper or equal one comes), the second takes whatever comes.
    pub fn put_entry(&mut self, e: Entry) {
        let i = (e.key as usize) & self.mask;
        if self.entries[i].key == e.key {
            self.entries[i] = e;
        } else if self.entries[i + 1].key == e.key {
            self.entries[i + 1] = e;
        } else if e.depth >= self.entries[i].depth {
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = e;
        } else {
            self.entries[i + 1] = e;
        }
    }
}

/// Narrows a search window (`alpha`, `beta`) with stored bounds `lo..=hi` of the value: `Err(v)`
/// when the bounds already settle the search (it returns `v`), otherwise the narrowed window.
pub fn narrow(lo: i32, hi: i32, alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
    if lo >= beta {
        Err(lo)
    } else if hi <= alpha {
        Err(hi)
    } else if lo == hi {
        Err(lo)
    } else {
        Ok((alpha.max(lo), beta.min(hi)))
    }
}

/// The bounds a fail-soft search proves with its result `best` in the window (`alpha`, `beta`):
/// an upper bound below the window, a lower bound above it, the value itself inside. `floor` and
/// `ceil` are the loosest bounds there are.
#[must_use]
pub fn proven(best: i32, alpha: i32, beta: i32, floor: i32, ceil: i32) -> (i32, i32) {
    if best <= alpha {
        (floor, best)
    } else if best >= beta {
        (best, ceil)
    } else {
        (best, best)
    }
}

