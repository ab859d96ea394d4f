//! The exact solver for the Kalah family (Kalah with any options, Kid-Cala classic).
//!
//! # The idea
//!
//! The solver works on the houses alone ([`Houses`]), seen from the player to move, and computes the
//! *gain*: how many more seeds the player to move will add to their store than the other player to
//! theirs, from here to the end, if both play perfectly. The value of a whole position, South's store
//! minus North's at the end, is the difference of the stores now plus (or minus) that gain. Positions
//! that differ only in their stores share their work, and one board seen from either side too.
//!
//! The gain lies between minus and plus the seeds left in the houses, and when the seeds left are
//! counted at the end it has their parity (every seed ends in a store). The search asks yes-or-no
//! questions, "is the gain at least `beta`?" (null-window alpha-beta), and narrows the answer with
//! them (MTD(f)), from a first guess made by a short search that stops at a fixed depth. Each board's
//! bound goes into a transposition table of 8-byte entries, eight to a cache line, whose key is the
//! board's exact number where that fits in 45 bits (every board of Kalah(6,5)), so that two boards
//! are never confused. Moves are tried in the order: the table's best move first, then by what they
//! bring in (captures, extra moves) and by how few answers they leave the other player (see
//! `EXTRA_RANK`). Before any search below a board, the boards after its moves that the endgame
//! table covers are looked up: one good enough ends the search at once. An extra move is the same
//! player moving again: the gain of the rest is added, not subtracted.
//!
//! With an endgame table ([`super::endgame`]) of `N` seeds, the search stops wherever `N` seeds or
//! fewer are left. Measured values (times in the README): Kalah(6,3) +2, Kalah(6,4) +8, Kalah(6,4)
//! with empty capture +10 (the published value), Kalah(6,5) +10.
//!
//! Most of a solve's time goes in waiting for memory: the transposition table's bucket of each board
//! and the endgame table's byte of each board after a move are at random places in hundreds of
//! megabytes. So a board plays all its moves first and starts reading, for each board after a move,
//! its byte of the endgame table or (where the processor can read ahead without waiting) its
//! bucket; only then does it use what it read. And the tables ask for big memory pages
//! (`ai::memory`). Natively, in Kalah(6,4), reading the buckets ahead and the big pages each saved
//! about a fifth of the search's time, reading the endgame table's bytes together a further 7%.
//! Entries of 8 bytes rather than 16 put twice as many boards in the same memory, in buckets of
//! eight: in 256 MB, Kalah(6,4) visits 60 million positions instead of 65 million.
//!
//! WebAssembly has no instruction to read ahead, and there the wait for a board's own bucket, when
//! its search starts, took two thirds of the time (measured natively with reading ahead and big
//! pages switched off, which then searches as fast as the browser's worker). So there the buckets
//! of later boards are read together with it, right before it, where the processor overlaps the
//! waits ([`Solver::read_buckets_together`]): where the player to move is expected to need every
//! move, the first board after a move reads the buckets of all the others; otherwise each reads
//! the next one's, in case it falls short. A bucket read for nothing costs little, as the wait
//! for it overlaps another. In the browser's worker the Kalah(6,4) search took 16.2 to 22.0 s
//! (17.6 on average) against 18.4 to 22.7 s (20.1), ten runs each, interleaved; natively without
//! reading ahead, 15 to 17 s against 20.
//!
//! On the command line the solver searches with a thread for each processor
//! ([`Solver::set_threads`]; the browser's worker stays on one, as WebAssembly there has no
//! threads). All threads search the whole tree from the root, sharing the transposition table
//! (each entry a single 64-bit word, read and written whole, so no locks) and the endgame table.
//! Where the player to move is expected to need every move, a thread leaves for later the moves
//! another thread is searching right now (a small table of the boards being searched: ABDADA's
//! idea), so the threads spread over different moves and find each other's results in the table;
//! where one good move is expected, they search the first move together. Each thread's answer is
//! exact (the table holds only proven bounds), and the one that started the search gives it. On
//! the project's 2 cores, Kalah(6,4) visits 63 to 69 million positions instead of 60 and its search
//! takes 8 to 10 s instead of 14 to 16 (two processes on the two cores each run about 10% slower
//! than one alone: they share the memory the search waits for). Marking only boards of at least
//! 6 seeds above the endgame table keeps the marks few; from 1 to 10 seeds above, the times stayed
//! within the machine's noise. The endgame table is filled by all the threads too (each takes its
//! share of every seed count and computes what it needs from the others' share on its way): 3 to
//! 4.5 s instead of 5 to 6.5.
//!
//! Tried and left out, because they cost more time than they saved here: enhanced transposition
//! cutoffs on the transposition table (looking up every child's entry before searching: 12% fewer
//! positions in Kalah(6,4) even with the buckets already on their way, but no quicker), ordering
//! moves by a short search or by a history of earlier cutoffs, skipping the table for the
//! smallest boards above the endgame table, and giving those boards a small table of their own
//! that stays in the processor's cache (boards of up to 2 seeds above it in 2^18 entries: 9% more
//! positions, and no quicker natively or in the browser's worker). Also left out: a table of 16
//! seeds computed at once and widened to 17 or 18 seeds computed as asked (47 or 36 million
//! positions instead of 60, but an exact gain costs more than a yes-or-no answer: the search took
//! 17 or 22 s instead of 14), and, in the browser's worker, where nothing reads ahead, reading a
//! board's bucket before playing its moves and looking in it after (the search took 26 to 42 s
//! against 25 to 37 s, interleaved), nor reading those buckets with plain reads before searching a
//! board after a move (19.2 to 21.3 s against 19.3 to 20.8: the reads were too far from the next
//! wait to overlap with it; what works instead is described above). Keeping both bounds of a
//! board, merged when it is searched again (two `i8`s, a shorter key), saved only 1% of the
//! positions. Nor does playing ahead where every move is expected to be needed: there, once the
//! buckets of the boards after all the moves are read together, playing those boards' moves too
//! and reading together what each of their searches needs first (the endgame table's gains after
//! their moves, the bucket of the board after the move each will search first), so that none of
//! them waits on its own. Natively without reading ahead (the browser's path) the search visited
//! the same 60 million positions in 20 to 22 s against 16. The lines arrive, but by the time a
//! board's search uses them the processor no longer knows where their pages are, and on the
//! project's machine (a virtual machine) finding a page costs as much as reading memory: a chain
//! of reads at random places of 1 GB took 450 ns a read with every line already in the cache
//! (16,384 lines, one to a page), against 9 ns for as many lines side by side. So the wait left is
//! for memory addresses as much as for memory, and the browser gives its worker no big pages to
//! shorten it. How much of it is left, timed with the processor's clock around each board's read
//! of its own bucket, natively on the browser's path: 7 to 8 s of a search of 18 to 19 s (58
//! million reads). Hiding every one of those waits (say by interleaving the searches below a
//! board's moves on one thread, switching to another at each read) would leave about 11 s of
//! search, and with the endgame table about 15 s in the worker: still not under 10. (Such hiding
//! would not be held back by the pages: reads at random places of 256 MB that do not wait on each
//! other went at one every 21 to 24 ns on this machine with small pages as with big ones, against
//! 190 to 200 ns for a chain of reads each waiting on the one before, as the search's are.)
//! Nor does looking for the cheapest proof where the player to move needs one good move: giving
//! every move there a small budget of positions first, then a bigger one each round, until one
//! move is proven good, so that a good move quickly proven is not passed over for a costly one
//! first in the order (what a proof-number search aims at). In Kalah(6,4) on one thread, from
//! boards of 20 seeds or more above the endgame table with 65,536 positions at first and 16
//! times more each round, it visited 101 million positions instead of 60 (31 s against 17); from
//! 24 above, starting at 4,096 and growing fourfold, 214 million; from every board above the
//! table, starting at 256, 696 million.
//! The other moves' early rounds were never won back: where a good move is needed, the one the
//! order puts first is rarely a much costlier proof than the others.
//! Nor does a transposition table small enough to stay in the processor's caches and its cache of
//! page addresses, where each read would be quick: with 2^17 to 2^21 entries (1 to 16 MB) Kalah(6,4)
//! visits 143 to 106 million positions instead of 60, and natively on one thread the solve took
//! 15.6 to 18.5 s against 12.2 (the 16-seed table included, measured one after the other). On the
//! browser's path (natively, buckets read together, nothing read ahead, small pages) it loses too:
//! 2^20, 2^22, 2^23 and 2^25 entries visit 118, 91, 76 and 60 million positions in 43, 35, 28 and
//! 23 s, the 16-seed table included. Sampled there, the search's time goes about half in waiting
//! for memory (the buckets read together about 7 s, the endgame table's bytes 2 s, a board's own
//! bucket 1.5 s) and half in work: playing the moves, numbering the boards and writing entries
//! about 2.5, 2.3 and 1 s, the rest in the search itself. So even hiding every wait and halving
//! the work would leave the browser's solve near 10 s with its endgame table.
//!
//! Where a Kalah(6,4) solve goes (16-seed table): of 60 million boards visited, 22 million end at
//! once on their transposition entry and 1 million on the bound of the seeds left; most visits are
//! to boards of 17 to 21 seeds, just above the endgame table, and the second question ("at most
//! 8?", every move of the player to move refuted) takes 57 of the 60 million. Of the 45 million
//! boards searched below (not ended at once), 6.6 million have 17 seeds, 6.9 million 18, 6.7
//! million 19, then fewer and fewer (4 million at 22, 1 million at 26); only 3 million are boards
//! searched again because the question asked of them changed (their entry held the wrong bound),
//! so exact gains kept for boards just above the table could save little. The search meets about
//! a third of all the boards of 17 seeds: computing every one of them into the table costs about
//! what it saves (as measured, see above).
//!
//! How much better move ordering could still save, measured: after a whole Kalah(6,4) solve (16-seed
//! table, a transposition table of 1 GB so that little is lost), every entry's bound was dropped and
//! its best move kept, and the position solved again. Ordered by the moves the finished solve found
//! best, it still visits 36 million positions in all (33 million of them for "at most 8?", against
//! 57) instead of 59; with 256 MB, the same. So even an order as good as hindsight saves about two
//! fifths, far from the four to five times fewer the browser's aim would need: proving that the
//! first player gets no more than 8 takes tens of millions of boards just above a table of 16 seeds.
//!
//! Nor can a bigger endgame table, filled first, pay for itself. Natively on one thread, Kalah(6,4)
//! with a table of 16 seeds (30 million boards, filled in 4.3 s) searches 60 million positions in
//! 14.4 s; of 18 seeds (87 million, 12.9 s), 36 million in 9.5 s; of 20 seeds (226 million, 36 s),
//! 20 million in 5.6 s. Filling costs about 150 ns a board at every size. For the browser's worker
//! (whose search runs 1.2 to 1.5 times as long as native) to finish under 10 s, the search would
//! need a table of about 20 seeds, 226 MB on top of the transposition table, filled in 2 to 3 s:
//! about 10 ns a board, fifteen times quicker than now. Little of that is waiting for memory: a
//! table of 10 seeds (646 KB, which stays in the processor's caches) fills at 110 ns a board, the
//! work of playing and numbering each board's moves. So a fill that read the boards after the moves
//! from a few small blocks of the table (boards taken in the order of the mover's row, so that the
//! boards after a move differ only in the other row) would not come near it either.
//! Made once and kept, though, a big table pays at once, as the command line's 24-seed file does
//! natively: the browser's worker keeps the table it made when asked to (`crate::worker::KeptFile`),
//! and with a 21-seed table read back (1.3 to 1.4 s) it solves Kalah(6,4) in 6.4 to 7.5 s, 14 million
//! positions.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::endgame::{Endgame, TableError};
pub use super::houses::{Houses, Rules, Step};
use super::houses::{Numbering, MAX_M};
use crate::{Position, Side};

/// A 64-bit mixing function (the finaliser of a well-known hash), so that similar inputs get
/// unrelated outputs.
#[must_use]
pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Why a solve stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// It used up its node budget.
    Budget,
    /// It was told to stop.
    Cancelled,
}

/// One board in the table: its key, a bound of its gain and the best move found. (The other bound
/// is always the widest, minus or plus the seeds left: a search proves one of "at least" and "at
/// most", and a board's entry is replaced, not merged, when it is searched again.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    /// The board's key ([`Solver::key`]): its number, or a hash for boards too big to number.
    key: u64,
    /// The bound.
    bound: i32,
    /// Whether the gain is at most `bound` (otherwise at least).
    upper: bool,
    /// The best house found (0-based), or [`NO_MOVE`].
    best: u8,
    /// About log2 of the positions searched to find the bound: the costliest entries are kept.
    work: u8,
}

/// No best move known.
const NO_MOVE: u8 = 15;

/// The bits of a key kept in a slot: numbers below 2^45 are kept whole, so two boards numbered
/// exactly are never confused (every board of Kalah(6,5) is numbered below 2^44). A hash is
/// matched on these bits and on its bucket, chosen by the others.
const KEY_BITS: u32 = 45;

/// An entry in 64 bits, so that a cache line holds a bucket of 8: from the top, 1 bit marking a
/// slot in use, 1 for `upper`, 8 for the bound (an `i8`), 4 for the best house, 5 for the work,
/// and the key's lowest [`KEY_BITS`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Slot(u64);

impl Slot {
    const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

    fn pack(e: Entry) -> Slot {
        let bound = u64::from(e.bound.clamp(-128, 127) as i8 as u8);
        Slot(
            1 << 63
                | u64::from(e.upper) << 62
                | bound << 54
                | u64::from(e.best & 15) << 50
                | u64::from(e.work.min(31)) << KEY_BITS
                | (e.key & Slot::KEY_MASK),
        )
    }

    fn used(self) -> bool {
        self.0 >> 63 != 0
    }

    fn holds(self, key: u64) -> bool {
        self.used() && self.0 & Slot::KEY_MASK == key & Slot::KEY_MASK
    }

    fn work(self) -> u8 {
        ((self.0 >> KEY_BITS) & 31) as u8
    }

    /// The entry, for its key.
    fn unpack(self, key: u64) -> Entry {
        Entry {
            key,
            bound: i32::from((self.0 >> 54) as u8 as i8),
            upper: (self.0 >> 62) & 1 != 0,
            best: ((self.0 >> 50) & 15) as u8,
            work: self.work(),
        }
    }
}

/// Eight slots, one cache line: a board goes in one bucket, found by one memory read. Each slot is
/// read and written whole, so the threads of a parallel solve share the table without locks: a
/// slot holds one board's entry or another's, never a mixture.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

impl Clone for Bucket {
    fn clone(&self) -> Bucket {
        Bucket(std::array::from_fn(|i| AtomicU64::new(self.0[i].load(Relaxed))))
    }
}

/// The solver's transposition table.
struct Table {
    buckets: Vec<Bucket>,
    shift: u32,
}

impl Table {
    /// A table of 2^`bits` entries (8 bytes each), or the memory it would take when the system
    /// has not that much.
    fn new(bits: u32) -> Result<Table, TableError> {
        let bits = bits.clamp(4, 32) - 3;
        // At most 2^29 buckets: a number even a 32-bit `usize` holds.
        let buckets = super::memory::table_of(1usize << bits, Bucket::default());
        let bytes = (1u64 << bits) * std::mem::size_of::<Bucket>() as u64;
        Ok(Table { buckets: buckets.ok_or(TableError::NoMemory { bytes })?, shift: 64 - bits })
    }

    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Starts reading a board's bucket (see [`super::memory::prefetch`]).
    #[inline]
    fn prefetch(&self, key: u64) {
        super::memory::prefetch(&self.buckets[self.bucket(key)]);
    }

    /// The first word of a board's bucket: read only to bring the bucket into the cache.
    fn first_word(&self, key: u64) -> u64 {
        self.buckets[self.bucket(key)].0[0].load(Relaxed)
    }

    fn get(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)].0.iter().map(|s| Slot(s.load(Relaxed))).find(|s| s.holds(key)).map(|s| s.unpack(key))
    }

    /// Stores an entry in place of the same board, or else of the entry that cost least.
    fn put(&self, entry: Entry) {
        let bucket = &self.buckets[self.bucket(entry.key)].0;
        let slots: [Slot; 8] = std::array::from_fn(|j| Slot(bucket[j].load(Relaxed)));
        let slot = slots
            .iter()
            .position(|s| s.holds(entry.key))
            .unwrap_or_else(|| (0..8).min_by_key(|&j| (slots[j].used(), slots[j].work())).unwrap_or(0));
        bucket[slot].store(Slot::pack(entry).0, Relaxed);
    }
}

/// An exact solver with its transposition table, kept between calls (solving the next position of a
/// game reuses most of the work).
pub struct Solver {
    rules: Rules,
    numbering: Numbering,
    /// Boards of at most this many seeds are known by their numbers in the table.
    numbered: usize,
    /// Shared with the helper threads of a parallel solve.
    table: Arc<Table>,
    nodes: u64,
    budget: u64,
    stop: Option<Stopped>,
    check: Option<Box<dyn FnMut() -> bool>>,
    /// Shared with the helper threads of a parallel solve (which only read it).
    endgame: Option<Arc<Endgame>>,
    probes: u32,
    report: Option<Box<dyn FnMut(Probe)>>,
    /// Threads searching together (see [`Solver::set_threads`]).
    threads: usize,
    /// In a parallel solve, the boards being searched by some thread.
    busy: Option<Arc<Busy>>,
    /// Whether buckets are read together (see [`Solver::read_buckets_together`]).
    together: bool,
    /// The words read only to bring buckets into the cache, kept so that the reads are not left
    /// out as unused.
    read_only_for_cache: u64,
}

/// Boards with at least this many seeds more than the endgame table are marked while a thread of a
/// parallel solve searches them (see [`Busy`]); below, a board's search is too short to share out.
const MARK_ABOVE_TABLE: i32 = 6;

/// The boards being searched right now by the threads of a parallel solve (of at least
/// [`MARK_ABOVE_TABLE`] seeds above the endgame table), in a small table that stays in the
/// processor's cache. A thread that must search every move of a board first takes the moves no
/// other thread is searching, and comes back to the others at the end, when their results are
/// mostly in the transposition table already. (A mark lost to a board of the same place only
/// changes the order of the moves, never a result.)
struct Busy(Vec<AtomicU64>);

impl Busy {
    const BITS: u32 = 14;

    fn new() -> Busy {
        Busy((0..1 << Busy::BITS).map(|_| AtomicU64::new(0)).collect())
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[(mix(key) >> (64 - Busy::BITS)) as usize]
    }

    fn mark(&self, key: u64) {
        self.slot(key).store(!key, Relaxed);
    }

    fn holds(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == !key
    }

    fn clear(&self, key: u64) {
        let slot = self.slot(key);
        if slot.load(Relaxed) == !key {
            slot.store(0, Relaxed);
        }
    }
}

/// What a helper thread of a parallel solve needs: everything it shares with the solver that
/// starts it.
struct HelperParts {
    rules: Rules,
    numbering: Numbering,
    numbered: usize,
    table: Arc<Table>,
    endgame: Option<Arc<Endgame>>,
    busy: Arc<Busy>,
    halt: Arc<AtomicBool>,
}

/// What one null-window search of a solve found (for watching a long solve).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The question: is the gain of the player to move at least this?
    pub beta: i32,
    /// The answer: a gain of at least this when it is at least `beta`, at most this otherwise.
    pub bound: i32,
    /// Positions visited so far in the solve.
    pub nodes: u64,
}

/// The answer of the solver for a whole position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// South's store minus North's at the end, under perfect play.
    pub value: i32,
    /// Every move that keeps that value, as house numbers of the player to move.
    pub best: Vec<u8>,
    /// Positions visited.
    pub nodes: u64,
}

/// Where extra moves go among the others when moves are ordered. A move ranks by twice what it
/// brings in, less the moves it leaves the other player (a seed is worth two answers fewer); an extra
/// move ranks as if it left minus this many answers. Chosen by the positions a solve visits: in
/// Kalah(6,4), 95 million with gains alone and extra moves always first, 67 million counting the
/// other player's answers (Kalah(5,5) with empty capture: 158 and 97 million), 65 million with extra
/// moves ranked so. Weighing seeds and answers otherwise, or also counting the other player's
/// extra moves, their seeds or the mover's own houses, visited more.
const EXTRA_RANK: i32 = 8;

/// The first guess is made by searches of growing depth until one of them visits this many
/// positions.
const GUESS_NODES: u64 = 200_000;

impl Solver {
    /// A solver for one game, with a table of 2^`table_bits` entries (8 bytes each), or as many as
    /// the system has memory for (halved until it fits: a smaller table only searches longer).
    #[must_use]
    pub fn new(rules: Rules, table_bits: u32) -> Solver {
        let table = (4..=table_bits.clamp(4, 32)).rev().find_map(|bits| Table::new(bits).ok());
        // 16 entries always fit, or nothing would run at all.
        Solver::with_table(rules, table.unwrap_or_else(|| Table { buckets: vec![Bucket::default(); 2], shift: 63 }))
    }

    /// A solver for one game with a table of 2^`table_bits` entries (8 bytes each) exactly.
    ///
    /// # Errors
    /// When the system has not the memory for the table (a limit set on the command line, a
    /// tablet's browser).
    pub fn try_new(rules: Rules, table_bits: u32) -> Result<Solver, TableError> {
        Ok(Solver::with_table(rules, Table::new(table_bits)?))
    }

    fn with_table(rules: Rules, table: Table) -> Solver {
        let numbering = Numbering::new(rules.m);
        let numbered = (0..=super::houses::MAX_SEEDS)
            .take_while(|&n| numbering.exact(n) && numbering.count_up_to(n) <= 1 << KEY_BITS)
            .last()
            .unwrap_or(0);
        Solver::sharing(rules, numbering, numbered, Arc::new(table))
    }

    /// A solver with this transposition table and nothing else set: no endgame table, no budget,
    /// one thread.
    fn sharing(rules: Rules, numbering: Numbering, numbered: usize, table: Arc<Table>) -> Solver {
        Solver {
            rules,
            numbering,
            numbered,
            table,
            nodes: 0,
            budget: u64::MAX,
            stop: None,
            check: None,
            endgame: None,
            probes: 0,
            report: None,
            threads: 1,
            busy: None,
            together: !super::memory::PREFETCH_WORKS,
            read_only_for_cache: 0,
        }
    }

    /// Searches with this many threads (1 by default; at most 64). They search the same tree,
    /// sharing the transposition and endgame tables, and where every move of a board must be
    /// searched they take different moves first (see the module's docs); the answers are the same
    /// with any number. Only where the system can start threads: elsewhere (the browser's
    /// WebAssembly) the search stays on one.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 64);
    }

    /// Whether a board's bucket is read together with the buckets of the boards to be searched
    /// after it (see the module's docs). On by default where the processor cannot be told to
    /// read ahead (the browser's WebAssembly), off where it can; either way the search, its
    /// answers and the positions it counts are the same, only its waits for memory differ.
    pub fn read_buckets_together(&mut self, on: bool) {
        self.together = on;
    }

    /// A solver for one helper thread, searching with the shared tables and stopping when told.
    fn helper(parts: HelperParts) -> Solver {
        let HelperParts { rules, numbering, numbered, table, endgame, busy, halt } = parts;
        Solver {
            check: Some(Box::new(move || halt.load(Relaxed))),
            endgame,
            busy: Some(busy),
            ..Solver::sharing(rules, numbering, numbered, table)
        }
    }

    /// [`Solver::test`] at the root of a solve, by all the threads asked for.
    fn root_test(&mut self, h: &Houses, n: i32, beta: i32) -> i32 {
        if self.threads <= 1 {
            return self.test(h, n, beta);
        }
        let busy = Arc::new(Busy::new());
        let halt = Arc::new(AtomicBool::new(false));
        self.busy = Some(Arc::clone(&busy));
        let board = *h;
        let helpers: Vec<HelperParts> = (1..self.threads)
            .map(|_| HelperParts {
                rules: self.rules,
                numbering: self.numbering.clone(),
                numbered: self.numbered,
                table: Arc::clone(&self.table),
                endgame: self.endgame.clone(),
                busy: Arc::clone(&busy),
                halt: Arc::clone(&halt),
            })
            .collect();
        let (value, helper_nodes) = std::thread::scope(|scope| {
            // A thread the system refuses to start is simply not there: the others do its share.
            let running: Vec<_> = helpers
                .into_iter()
                .filter_map(|parts| {
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            let mut helper = Solver::helper(parts);
                            helper.test(&board, n, beta);
                            helper.nodes
                        })
                        .ok()
                })
                .collect();
            let value = self.test(h, n, beta);
            halt.store(true, Relaxed);
            (value, running.into_iter().map(|r| r.join().unwrap_or(0)).sum::<u64>())
        });
        self.busy = None;
        self.nodes += helper_nodes;
        value
    }

    /// The endgame table's gain of a board of `n` seeds in it (at `place` when known), computed
    /// now if it is missing.
    fn endgame_gain(&self, h: &Houses, n: usize, place: Option<usize>) -> i32 {
        let Some(table) = &self.endgame else { return 0 };
        table.get_at(h, n, place.unwrap_or_else(|| table.place(h, n)))
    }

    /// The rules this solver plays by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Uses an endgame table for boards of up to `max` seeds, computed as the search asks for boards
    /// (see [`Solver::fill_endgame`] to compute it all at once).
    pub fn set_endgame(&mut self, max: usize) {
        self.endgame = (max > 0).then(|| Arc::new(Endgame::new(self.rules, max)));
    }

    /// Uses this endgame table (it must be of this solver's game).
    ///
    /// # Panics
    /// If the table is of another game.
    pub fn set_endgame_table(&mut self, table: Endgame) {
        assert_eq!(table.rules(), self.rules, "an endgame table of another game");
        self.endgame = Some(Arc::new(table));
    }

    /// The endgame table, if any.
    #[must_use]
    pub fn endgame(&self) -> Option<&Endgame> {
        self.endgame.as_deref()
    }

    /// Computes the whole endgame table now; `false` when the check function stopped it.
    pub fn fill_endgame(&mut self) -> bool {
        let Some(table) = &self.endgame else { return true };
        let check = &mut self.check;
        table.fill(|| check.as_mut().is_some_and(|c| c()))
    }

    /// Stops after about `nodes` positions (per call of [`Solver::solve`]).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// A function asked every few thousand positions whether to stop (a time limit, a cancel button).
    pub fn set_check(&mut self, check: impl FnMut() -> bool + 'static) {
        self.check = Some(Box::new(check));
    }

    /// A function told the result of every null-window search at the root of a solve.
    pub fn set_report(&mut self, report: impl FnMut(Probe) + 'static) {
        self.report = Some(Box::new(report));
    }

    /// Null-window searches made by the last call.
    #[must_use]
    pub fn probes(&self) -> u32 {
        self.probes
    }

    /// Positions visited by the last call.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact gain of the player to move (see the module's docs), or why it stopped.
    pub fn gain(&mut self, h: &Houses) -> Result<i32, Stopped> {
        self.nodes = 0;
        self.probes = 0;
        self.stop = None;
        let v = self.exact(h);
        self.stop.map_or(Ok(v), Err)
    }

    /// Solves a whole position of the Kalah family: its value for South and every best move.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, Stopped> {
        let Some(rules) = Rules::of(pos.variant()) else { return Err(Stopped::Cancelled) };
        debug_assert_eq!(rules, self.rules, "a solver serves one game");
        if pos.is_over() {
            return Ok(Solution { value: pos.score().south - pos.score().north, best: Vec::new(), nodes: 0 });
        }
        let stores = pos.store(Side::South).total() as i32 - pos.store(Side::North).total() as i32;
        let sign = if pos.to_move() == Side::South { 1 } else { -1 };
        let h = Houses::of(pos);
        self.nodes = 0;
        self.probes = 0;
        self.stop = None;
        let gain = self.exact(&h);
        let n = h.seeds();
        let mut best = Vec::new();
        for i in 0..h.m() {
            if h.mine(i) == 0 || self.stop.is_some() {
                continue;
            }
            // A move is best when its value reaches the gain: one null-window search each.
            let (child, step) = h.play(i, &self.rules);
            let reached = if step.over {
                step.gain >= gain
            } else if step.extra {
                step.gain + self.root_test(&child, n - step.gain, gain - step.gain) >= gain
            } else {
                step.gain - self.root_test(&child, n - step.gain, step.gain - gain + 1) >= gain
            };
            if reached {
                best.push(i as u8 + 1);
            }
        }
        match self.stop {
            Some(s) => Err(s),
            None => Ok(Solution { value: stores + sign * gain, best, nodes: self.nodes }),
        }
    }

    /// MTD(f): null-window searches from a first guess until the bounds meet.
    fn exact(&mut self, h: &Houses) -> i32 {
        let n = h.seeds();
        let (mut lo, mut hi) = (-n, n);
        // Start a little below the guess: a search that proves "at least" is much cheaper than one
        // that proves "less than", and only one of those is needed, just above the value.
        let mut g = (self.guess(h) - 2).clamp(lo, hi);
        while lo < hi && self.stop.is_none() {
            let beta = if g <= lo { lo + 1 } else { g };
            g = self.root_test(h, n, beta);
            self.probes += 1;
            if let (Some(report), None) = (&mut self.report, self.stop) {
                report(Probe { beta, bound: g, nodes: self.nodes });
            }
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// A first guess at the gain: searches of growing depth, counting only the seeds brought in on
    /// the way (and the endgame table's exact gains), until one visits [`GUESS_NODES`] positions.
    fn guess(&mut self, h: &Houses) -> i32 {
        let n = h.seeds();
        let mut guess = 0;
        for depth in 1..=64 {
            let before = self.nodes;
            let v = self.shallow(h, n, -n - 1, n + 1, depth);
            if self.stop.is_some() {
                break;
            }
            guess = v;
            if self.nodes - before > GUESS_NODES {
                break;
            }
        }
        guess
    }

    /// Plain alpha-beta to a fixed depth (in turns; extra moves are free), the gain so far counting
    /// as the value where it stops.
    fn shallow(&mut self, h: &Houses, n: i32, mut alpha: i32, beta: i32, depth: u32) -> i32 {
        self.count_node();
        if self.stop.is_some() {
            return 0;
        }
        if self.endgame.as_ref().is_some_and(|t| n as usize <= t.max()) {
            return self.endgame_gain(h, n as usize, None);
        }
        if depth == 0 {
            return 0;
        }
        let mut best = i32::MIN;
        for i in (0..h.m()).rev() {
            if h.mine(i) == 0 {
                continue;
            }
            let (child, step) = h.play(i, &self.rules);
            let v = if step.over {
                step.gain
            } else if step.extra {
                step.gain + self.shallow(&child, n - step.gain, alpha - step.gain, beta - step.gain, depth)
            } else {
                step.gain - self.shallow(&child, n - step.gain, step.gain - beta, step.gain - alpha, depth - 1)
            };
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if self.nodes >= self.budget {
                self.stop = Some(Stopped::Budget);
            } else if self.check.as_mut().is_some_and(|c| c()) {
                self.stop = Some(Stopped::Cancelled);
            }
        }
    }

    /// Is the gain of `h` (with `n` seeds) at least `beta`? Fail-soft: the answer is a value that is
    /// at least `beta` (a lower bound of the gain) or below it (an upper bound).
    fn test(&mut self, h: &Houses, n: i32, beta: i32) -> i32 {
        // At the root the player to move is taken to need every move (the costly question).
        self.test_with(h, n, beta, None, true, &[])
    }

    /// The transposition table's key of a board of `n` seeds: its number where that fits in
    /// [`KEY_BITS`], otherwise a hash.
    fn key(&self, h: &Houses, n: i32) -> u64 {
        let nu = n as usize;
        if nu <= self.numbered { self.numbering.number(h, nu) } else { h.key() }
    }

    /// [`Solver::test`], with the board's key if the board before computed it. `all` says whether
    /// the player to move is expected to need every move (no move reaching `beta`), which decides
    /// whether the moves other threads are searching are left for later. `together` are the keys
    /// of boards to be searched later whose buckets are read with this board's.
    fn test_with(&mut self, h: &Houses, n: i32, beta: i32, key: Option<u64>, all: bool, together: &[u64]) -> i32 {
        self.count_node();
        if self.stop.is_some() {
            return 0;
        }
        let table_max = self.endgame.as_ref().map_or(-1, |t| t.max() as i32);
        if n <= table_max {
            return self.endgame_gain(h, n as usize, None);
        }
        // The gain can never leave [-n, n].
        if beta > n {
            return n;
        }
        if beta <= -n {
            return -n;
        }
        let key = key.unwrap_or_else(|| self.key(h, n));
        let mut table_move = NO_MOVE;
        // The other buckets are read just before this one, so that the waits for them overlap.
        let mut for_cache = 0;
        for &k in together {
            for_cache ^= self.table.first_word(k);
        }
        let found = self.table.get(key);
        self.read_only_for_cache ^= for_cache;
        if let Some(e) = found {
            if e.upper == (e.bound < beta) {
                return e.bound;
            }
            table_move = e.best;
        }
        let before = self.nodes;
        // Play every move once, and start reading what the boards after them need from memory: the
        // endgame table's gain, or the bucket of a board to be searched. Then results known at once
        // (the end of the game, boards in the endgame table) end the search when good enough; the
        // others are searched in order.
        struct Child {
            rank: i32,
            house: u8,
            h: Houses,
            step: Step,
            known: Option<i32>,
            /// The place in the endgame table of a board in it.
            place: Option<usize>,
            key: Option<u64>,
        }
        let mut children: arrayvec::ArrayVec<Child, MAX_M> = arrayvec::ArrayVec::new();
        let mut row = h.mine_row();
        while row != 0 {
            let i = (63 - row.leading_zeros() as usize) / 8;
            row &= !(0xffu64 << (8 * i));
            let (child, step) = h.play(i, &self.rules);
            let rest = n - step.gain;
            let (mut known, mut place, mut key) = (None, None, None);
            if step.over {
                known = Some(step.gain);
            } else if let Some(table) = self.endgame.as_ref().filter(|_| rest <= table_max) {
                let p = table.place(&child, rest as usize);
                table.prefetch(p);
                place = Some(p);
            } else if !self.together {
                // Where buckets are read together instead (where they cannot be read ahead), a key
                // is computed only for a board searched or read together.
                let k = self.key(&child, rest);
                self.table.prefetch(k);
                key = Some(k);
            }
            children.push(Child { rank: 0, house: i as u8, h: child, step, known, place, key });
        }
        for c in &mut children {
            if let Some(p) = c.place {
                let rest = self.endgame_gain(&c.h, (n - c.step.gain) as usize, Some(p));
                c.known = Some(if c.step.extra { c.step.gain + rest } else { c.step.gain - rest });
            }
            let (step, i) = (c.step, i32::from(c.house));
            c.rank = if let Some(v) = c.known {
                if v >= beta {
                    self.table.put(Entry { key, bound: v, upper: false, best: c.house, work: 0 });
                    return v;
                }
                i32::MIN
            } else if c.house == table_move {
                1 << 20
            } else if step.extra {
                (2 * step.gain + EXTRA_RANK) << 8 | i
            } else {
                // Fewer answers for the other player make a smaller tree below.
                (2 * step.gain - c.h.movable() as i32) << 8 | i
            };
        }
        children.sort_unstable_by_key(|c| std::cmp::Reverse(c.rank));
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        // In a parallel solve, a big board is marked while searched, and the boards after its moves
        // that another thread is searching are left for a second round (see `Busy`): when the
        // player to move is expected to need every move, or once the first move searched fell short.
        // The busy table is reached through `self` at each use rather than held across the searches
        // below: holding it would mean cloning its `Arc` per board, a counter all threads write to.
        let mark_from = table_max.max(0) + MARK_ABOVE_TABLE;
        let marking = n >= mark_from && self.busy.is_some();
        if let (true, Some(b)) = (marking, &self.busy) {
            b.mark(key);
        }
        let (mut searched, mut later) = (0, 0u32);
        let count = children.len();
        for k in 0..2 * count {
            let (j, second) = (k % count, k >= count);
            if second && later & 1 << j == 0 {
                if later >> j == 0 {
                    break;
                }
                continue;
            }
            let c = &children[j];
            let step = c.step;
            let rest = n - step.gain;
            // Expected to need every move: an extra move's board where this one is, the other
            // player's board where this one is expected to find a good move.
            let needs_all = all || searched > 0;
            if let (true, false, Some(b), None) = (marking, second, &self.busy, c.known) {
                if rest >= mark_from && needs_all && b.holds(c.key.unwrap_or_else(|| self.key(&c.h, rest))) {
                    later |= 1 << j;
                    continue;
                }
            }
            // Reading buckets together: where every move is expected to be needed, those of all
            // the boards after this one's moves when the first is searched; otherwise that of the
            // next one, in case this one falls short.
            let mut together: arrayvec::ArrayVec<u64, MAX_M> = arrayvec::ArrayVec::new();
            if self.together && !second && c.known.is_none() && !(all && searched > 0) {
                let last = if all { count } else { (j + 2).min(count) };
                for later in &mut children[j + 1..last] {
                    if later.known.is_none() {
                        together.push(*later.key.get_or_insert_with(|| self.key(&later.h, n - later.step.gain)));
                    }
                }
            }
            let c = &children[j];
            let v = match c.known {
                Some(v) => v,
                None if step.extra => step.gain + self.test_with(&c.h, rest, beta - step.gain, c.key, needs_all, &together),
                None => step.gain - self.test_with(&c.h, rest, step.gain - beta + 1, c.key, !needs_all, &together),
            };
            if c.known.is_none() {
                searched += 1;
            }
            if self.stop.is_some() {
                return 0;
            }
            if v > best {
                best = v;
                best_move = c.house;
                if v >= beta {
                    break;
                }
            }
        }
        if let (true, Some(b)) = (marking, &self.busy) {
            b.clear(key);
        }
        let work = (64 - (self.nodes - before).leading_zeros()) as u8;
        let entry = if best >= beta {
            Entry { key, bound: best, upper: false, best: best_move, work }
        } else {
            let best_move = if table_move == NO_MOVE { best_move } else { table_move };
            Entry { key, bound: best, upper: true, best: best_move, work }
        };
        self.table.put(entry);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_it_went_in() {
        let table = Table::new(10).unwrap();
        let entries = [
            Entry { key: (1 << KEY_BITS) - 1, bound: -48, upper: true, best: 5, work: 31 },
            Entry { key: 0, bound: 0, upper: false, best: NO_MOVE, work: 0 },
            Entry { key: 12_345_678_901, bound: 127, upper: false, best: 7, work: 9 },
            Entry { key: 77, bound: -128, upper: true, best: 0, work: 1 },
        ];
        for e in entries {
            table.put(e);
            assert_eq!(table.get(e.key), Some(e));
        }
        // Every entry is still there (the buckets hold eight), and a board never put is not found.
        for e in entries {
            assert_eq!(table.get(e.key), Some(e));
        }
        assert_eq!(table.get(78), None);
        // Put again, a board's entry is replaced.
        let again = Entry { key: 77, bound: 3, upper: false, best: 2, work: 4 };
        table.put(again);
        assert_eq!(table.get(77), Some(again));
    }

    #[test]
    fn a_bound_too_big_for_a_byte_is_kept_weaker_and_work_is_capped() {
        let table = Table::new(10).unwrap();
        table.put(Entry { key: 5, bound: 128, upper: false, best: 1, work: 40 });
        let e = table.get(5).unwrap();
        assert_eq!((e.bound, e.upper, e.work), (127, false, 31));
    }

    #[test]
    fn a_bucket_keeps_the_costliest_entries() {
        // A table of 16 entries is two buckets: put 9 boards of one bucket, the cheapest goes.
        let table = Table::new(4).unwrap();
        let keys: Vec<u64> = (0..10_000u64).filter(|&k| table.bucket(k) == 0).take(9).collect();
        for (work, &key) in keys.iter().enumerate() {
            table.put(Entry { key, bound: 1, upper: false, best: 0, work: 10 - work as u8 });
        }
        assert_eq!(table.get(keys[8]).map(|e| e.work), Some(2));
        assert_eq!(table.get(keys[7]), None, "the cheapest entry is the one replaced");
        assert!(keys[..7].iter().all(|&k| table.get(k).is_some()));
    }

    #[test]
    fn boards_are_known_by_their_numbers_up_to_kalah_6_5_and_beyond_by_a_hash() {
        let solver = Solver::new(Rules { m: 6, empty_capture: false, counted: true, relay: false }, 10);
        assert!(solver.numbered >= 60);
        assert!(solver.numbering.count_up_to(solver.numbered) <= 1 << KEY_BITS);
        assert!(solver.numbered < 72 && solver.numbering.count_up_to(solver.numbered + 1) > 1 << KEY_BITS);
    }
}
