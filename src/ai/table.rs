//! A transposition table: a fixed array of entries found by a 64-bit key, each holding a lower and an
//! upper bound of a value and the best move found, in buckets of two.

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
    /// How much work the entry stands for: the depth searched, or for the solver's exact values the
    /// seeds left on the board. Deeper entries are kept first.
    pub depth: u8,
    /// The bounds are exact game values, not estimates from a search cut off at `depth`.
    pub exact: bool,
}

const EMPTY: Entry = Entry { key: 0, lo: 0, hi: 0, best: u8::MAX, depth: 0, exact: false };

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` entries (16 bytes each).
    #[must_use]
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(2, 30);
        Table { entries: vec![EMPTY; size], mask: size - 2 }
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

    /// Stores bounds for a key.
    pub fn put(&mut self, key: u64, lo: i32, hi: i32, best: u8, depth: u8, exact: bool) {
        self.put_entry(Entry { key, lo: clamp16(lo), hi: clamp16(hi), best, depth, exact });
    }

    /// Stores an entry. Each bucket has two slots: the first keeps the deepest search (the one it
    /// holds moves to the second when a deeper or equal one comes), the second takes whatever comes.
    pub fn put_entry(&mut self, e: Entry) {
        let i = (e.key as usize) & self.mask;
        if self.entries[i].key == e.key {
            self.entries[i] = e;
        } else if self.entries[i + 1].key == e.key {
            self.entries[i + 1] = e;
        } else if e.exact && self.entries[i + 1].key == 0 {
            // The solver's first entries (near the root, the costliest to redo) keep the second
            // slot; later ones take turns in the first.
            self.entries[i + 1] = e;
        } else if e.exact {
            self.entries[i] = e;
        } else if e.depth >= self.entries[i].depth {
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = e;
        } else {
            self.entries[i + 1] = e;
        }
    }
}

fn clamp16(v: i32) -> i16 {
    v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}
