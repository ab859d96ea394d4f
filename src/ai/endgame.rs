//! An endgame table for the Kalah family: the exact gain (see [`super::solver`]) of every board with
//! few seeds left, one byte each.
//!
//! A board's place is its number ([`Numbering`]): all boards of fewer seeds come first, so the table
//! needs no keys and loses nothing to collisions. A board's gain is its best move's: the seeds that
//! move brings in, plus the gain of the board after it when the same player moves again, or minus it
//! when the other player moves. The boards after a move hold as many seeds or fewer, and Kalah
//! positions never repeat (a move that brings nothing in moves seeds closer to the mover's store), so
//! asking for the boards after each move always ends.
//!
//! The table can be filled in two ways, with the same values: all at once, seed count by seed count
//! ([`Endgame::fill`], quick per board because every board after a move is already there), or board
//! by board as a search asks ([`Endgame::gain`]), which computes only what is asked for and what it
//! needs. Nothing is downloaded: the program that uses the table computes it, and the command line can
//! keep it in a file ([`Endgame::write_to`], [`Endgame::read_from`]). For a whole solve, filling
//! first is the better way: a Kalah(6,4) solve from the start asks, directly or through the boards
//! after moves, for 91% of the boards of a 16-seed table (27.7 of 30.4 million), and asked for one by
//! one they were no quicker in all (19.6 and 19.8 s against 18.3 s filled first, on one thread).
//!
//! Each gain is a byte read and written whole ([`AtomicU8`], with no ordering asked: an ordinary
//! byte read or write on the processor), so several threads may fill the table or search with it
//! at once: a thread that finds a board not computed yet computes it itself, and two threads that
//! compute one board write the same gain ([`Endgame::fill_in_parallel`]).
//!
//! Filling the table reads the gains after one board's moves together. Playing the moves of 16
//! boards before reading any of their gains, so that more reads go on side by side, made filling
//! slower (a third of the boards need a board after a move that is not computed yet, which is then
//! computed on its own).
//!
//! Asking for one board computes the boards after its moves first, and theirs: the calls nest about
//! as deep as the seeds on the board times three (56 calls for 20 seeds on the 6-house board), a few
//! kilobytes of stack, which the browser's worker has.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::houses::{Houses, Numbering, Rules};

/// Marks a gain not yet computed (gains are kept as the bytes of `i8`s).
const UNKNOWN: u8 = 0x80;

/// The most boards a table may hold (2^31, two gigabytes).
pub const MAX_BOARDS: u64 = 1 << 31;

/// The size of table the command line computes by default for a position with `seeds` seeds in its
/// houses: a third of them, and at most about 31 million boards (16 seeds on the 6-house board,
/// a few seconds to compute). A bigger table saves more search than it costs only for long solves.
#[must_use]
pub fn default_seeds(m: usize, seeds: usize) -> usize {
    let mut max = seeds / 3;
    while max > 0 && Endgame::size(m, max) > 31_000_000 {
        max -= 1;
    }
    max
}

/// The table.
pub struct Endgame {
    rules: Rules,
    numbering: Numbering,
    /// Boards with at most this many seeds are in the table.
    max: usize,
    /// The gains, each an `i8` kept as its byte. Each byte is read and written whole, so that
    /// several threads can fill the table, or search with it and add to it, at once: two threads
    /// computing one board write the same gain.
    values: Vec<AtomicU8>,
}

/// Why a table could not be made or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// It would hold more than [`MAX_BOARDS`] boards.
    TooBig {
        /// The boards it would hold.
        boards: u64,
    },
    /// A file that is not a table of this game.
    NotATable(String),
    /// A file that could not be read (a folder, a disk's error).
    Unreadable(String),
    /// The system has not the memory for it.
    NoMemory {
        /// The bytes it would take.
        bytes: u64,
    },
}

impl std::fmt::Debug for Endgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endgame").field("rules", &self.rules).field("max", &self.max).finish()
    }
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::TooBig { boards: u64::MAX } => write!(f, "the table would hold more than 2^62 boards, far more than the {MAX_BOARDS} allowed"),
            TableError::TooBig { boards } => {
                write!(f, "the table would hold {boards} boards, more than the {MAX_BOARDS} allowed")
            }
            TableError::NotATable(why) => write!(f, "not an endgame table of this game: {why}"),
            TableError::Unreadable(why) => write!(f, "cannot be read: {why}"),
            TableError::NoMemory { bytes } => {
                write!(f, "there is not enough memory for it here ({} MB)", bytes.div_ceil(1 << 20))
            }
        }
    }
}

impl std::error::Error for TableError {}

/// The first bytes of a table's file.
const MAGIC: &[u8; 8] = b"KALAHEG1";

impl Endgame {
    /// The number of boards of at most `max` seeds in `2m` houses.
    #[must_use]
    pub fn size(m: usize, max: usize) -> u64 {
        Numbering::new(m).count_up_to(max.min(super::houses::MAX_SEEDS))
    }

    /// An empty table for boards of at most `max` seeds, filled as it is asked.
    ///
    /// # Errors
    /// When the table would be too big.
    pub fn try_new(rules: Rules, max: usize) -> Result<Endgame, TableError> {
        let mut table = Endgame::unfilled(rules, max)?;
        let boards = table.boards();
        table.values = super::memory::with_room(boards).ok_or(TableError::NoMemory { bytes: boards as u64 })?;
        table.values.resize_with(boards, || AtomicU8::new(UNKNOWN));
        Ok(table)
    }

    /// A table with no room for its values yet.
    fn unfilled(rules: Rules, max: usize) -> Result<Endgame, TableError> {
        let numbering = Numbering::new(rules.m);
        let max = max.min(super::houses::MAX_SEEDS);
        let boards = numbering.count_up_to(max);
        if boards > MAX_BOARDS || !numbering.exact(max) {
            return Err(TableError::TooBig { boards });
        }
        Ok(Endgame { rules, numbering, max, values: Vec::new() })
    }

    /// The boards the table holds.
    fn boards(&self) -> usize {
        self.numbering.count_up_to(self.max) as usize
    }

    /// An empty table for boards of at most `max` seeds, filled as it is asked; smaller when that
    /// would be too big.
    #[must_use]
    pub fn new(rules: Rules, max: usize) -> Endgame {
        // A table of no seed always fits.
        (0..=max.min(super::houses::MAX_SEEDS)).rev().find_map(|m| Endgame::try_new(rules, m).ok()).unwrap_or_else(|| Endgame {
            rules,
            numbering: Numbering::new(rules.m),
            max: 0,
            values: vec![AtomicU8::new(UNKNOWN)],
        })
    }

    /// The rules of the table's game.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The most seeds a board in the table has.
    #[must_use]
    pub fn max(&self) -> usize {
        self.max
    }

    /// How many boards have been computed (counted now, board by board).
    #[must_use]
    pub fn filled(&self) -> usize {
        self.values.iter().filter(|v| v.load(Relaxed) != UNKNOWN).count()
    }

    /// Computes every board, seed count by seed count. `stop` is asked now and then; when it says
    /// yes, filling stops and `false` is returned (the table stays correct, only less full).
    pub fn fill(&self, stop: impl FnMut() -> bool) -> bool {
        self.fill_part(0, 1, stop)
    }

    /// [`Endgame::fill`] with this many threads (where the system can start them; elsewhere, or
    /// when it refuses, with fewer). Each takes every so many runs of 65,536 boards of each seed
    /// count, and computes on its way whatever board it needs that another has not reached yet,
    /// so they never wait for each other.
    pub fn fill_in_parallel(&self, threads: usize) {
        let threads = threads.clamp(1, 64);
        let started = std::thread::scope(|scope| {
            let started = (1..threads)
                .filter(|&part| {
                    std::thread::Builder::new().spawn_scoped(scope, move || self.fill_part(part, threads, || false)).is_ok()
                })
                .count();
            self.fill_part(0, threads, || false);
            started
        });
        // The boards of a thread the system refused to start are computed here.
        if started + 1 < threads {
            self.fill(|| false);
        }
    }

    /// Computes the boards of run `part` of every `parts` runs of 65,536 boards.
    fn fill_part(&self, part: usize, parts: usize, mut stop: impl FnMut() -> bool) -> bool {
        const RUN: usize = 65_536;
        let m = self.rules.m;
        let bits = 8 * m as u32;
        let row_mask = if m == 8 { u64::MAX } else { (1u64 << bits) - 1 };
        for n in 2..=self.max {
            // The boards of n seeds, in the order of their numbers, as one 2m-byte word: the
            // first has every seed in the last house (see `Numbering::next`).
            let mut board: u128 = (n as u128) << (8 * (2 * m - 1));
            let mut idx = self.numbering.count_up_to(n - 1) as usize;
            let mut ours = (idx / RUN) % parts == part;
            loop {
                let mine = (board as u64) & row_mask;
                let theirs = (board >> bits) as u64;
                // Boards with an empty row never come up: the game ended before.
                if ours && mine != 0 && theirs != 0 && self.values[idx].load(Relaxed) == UNKNOWN {
                    let h = Houses::from_rows(mine, theirs, m);
                    self.compute(&h, n, idx);
                }
                idx += 1;
                if idx % RUN == 0 {
                    if stop() {
                        return false;
                    }
                    ours = (idx / RUN) % parts == part;
                }
                let rest = board & !0xff;
                if rest == 0 {
                    break;
                }
                let t = rest.trailing_zeros() / 8;
                board -= 1 << (8 * t);
                let first = board & 0xff;
                board = (board & !0xff) + ((first + 1) << (8 * (t - 1)));
            }
        }
        true
    }

    /// The exact gain of the player to move, for a board of at most [`Endgame::max`] seeds; `None`
    /// for a bigger board.
    pub fn gain(&self, h: &Houses) -> Option<i32> {
        let n = h.seeds() as usize;
        if n > self.max {
            return None;
        }
        Some(self.get(h, n))
    }

    /// The gain of a board of `n` seeds (at most [`Endgame::max`]), computed now if need be.
    pub(crate) fn get(&self, h: &Houses, n: usize) -> i32 {
        let idx = self.place(h, n);
        self.get_at(h, n, idx)
    }

    /// The place of a board of `n` seeds (at most [`Endgame::max`]) in the table.
    pub(crate) fn place(&self, h: &Houses, n: usize) -> usize {
        self.numbering.number(h, n) as usize
    }

    /// Starts reading the gain at a place (see [`super::memory::prefetch`]).
    pub(crate) fn prefetch(&self, place: usize) {
        super::memory::prefetch(&self.values[place]);
    }

    /// [`Endgame::get`] for a board whose place is known.
    pub(crate) fn get_at(&self, h: &Houses, n: usize, idx: usize) -> i32 {
        match self.known_at(idx) {
            Some(v) => v,
            None => self.compute(h, n, idx),
        }
    }

    /// The gain at a place, if it has been computed.
    fn known_at(&self, idx: usize) -> Option<i32> {
        let v = self.values[idx].load(Relaxed);
        (v != UNKNOWN).then_some(i32::from(v as i8))
    }

    /// Computes the gain of board `h` of `n` seeds, whose place is `idx`, from its moves.
    fn compute(&self, h: &Houses, n: usize, idx: usize) -> i32 {
        // First every move and the place of the board after it, then all the look-ups together:
        // the memory reads, most of the time, go on side by side instead of one after another.
        let mut moves = [(0usize, 0i32, false, Houses::default()); super::houses::MAX_M];
        let mut count = 0;
        let mut best = i32::MIN;
        for i in 0..self.rules.m {
            if h.mine(i) == 0 {
                continue;
            }
            let (child, step) = h.play(i, &self.rules);
            if step.over {
                best = best.max(step.gain);
            } else {
                let place = self.place(&child, n - step.gain as usize);
                moves[count] = (place, step.gain, step.extra, child);
                count += 1;
            }
        }
        let mut known = [UNKNOWN; super::houses::MAX_M];
        for (k, m) in known.iter_mut().zip(&moves[..count]) {
            *k = self.values[m.0].load(Relaxed);
        }
        for (&(place, gain, extra, child), &k) in moves[..count].iter().zip(&known) {
            // A board computed on the way (after another move) is not computed twice.
            let k = if k == UNKNOWN { self.values[place].load(Relaxed) } else { k };
            let rest = if k == UNKNOWN { self.compute(&child, n - gain as usize, place) } else { i32::from(k as i8) };
            best = best.max(if extra { gain + rest } else { gain - rest });
        }
        // A board whose mover has no seed cannot be reached: the game ended before.
        let best = if best == i32::MIN { 0 } else { best };
        self.values[idx].store(best as i8 as u8, Relaxed);
        best
    }

    /// Writes the table to a file: a header naming the game, a checksum, then one byte a board.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&self.header())?;
        let mut sum = Checksum::new();
        self.in_runs(|bytes| sum.add(bytes));
        out.write_all(&sum.finish().to_le_bytes())?;
        let mut written = Ok(());
        self.in_runs(|bytes| {
            if written.is_ok() {
                written = out.write_all(bytes);
            }
        });
        written
    }

    /// The table's bytes, a run at a time (each a whole number of the checksum's 32-byte steps,
    /// but the last).
    fn in_runs(&self, mut f: impl FnMut(&[u8])) {
        let mut run = vec![0u8; 1 << 20];
        for values in self.values.chunks(run.len()) {
            for (byte, value) in run.iter_mut().zip(values) {
                *byte = value.load(Relaxed);
            }
            f(&run[..values.len()]);
        }
    }

    /// The table as the bytes [`Endgame::write_to`] writes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.values.len() + 24);
        let _ = self.write_to(&mut out);
        out
    }

    fn header(&self) -> [u8; 8] {
        let r = self.rules;
        [r.m as u8, u8::from(r.empty_capture), u8::from(r.counted), u8::from(r.relay), self.max as u8, 0, 0, 0]
    }

    /// Reads a table written by [`Endgame::write_to`], for the game of `rules`, straight into
    /// memory.
    ///
    /// # Errors
    /// When reading fails, or the bytes are not a whole table of that game, or hold a gain no board
    /// can have, or do not match their checksum.
    pub fn read_from(rules: Rules, input: &mut impl std::io::Read) -> Result<Endgame, TableError> {
        Endgame::read_table(rules, None, None, input)
    }

    /// [`Endgame::read_from`] from a file of `length` bytes, where its length is known (a file on
    /// disk, not a pipe): one too short or too long for the table its header says is refused
    /// before any room is taken for it (a header damaged to say 25 seeds took 1.8 GB before the
    /// file's end showed, or was told as too big for the memory).
    ///
    /// # Errors
    /// As [`Endgame::read_from`].
    pub fn read_from_sized(rules: Rules, length: Option<u64>, input: &mut impl std::io::Read) -> Result<Endgame, TableError> {
        Endgame::read_table(rules, None, length, input)
    }

    /// [`Endgame::read_from`] for a table of `max` seeds only: one whose header says other seeds is
    /// refused before any room is taken for it (a damaged header may say the biggest table there
    /// is, gigabytes, which WebAssembly never gives back).
    ///
    /// # Errors
    /// As [`Endgame::read_from`].
    pub fn read_from_of(rules: Rules, max: usize, input: &mut impl std::io::Read) -> Result<Endgame, TableError> {
        Endgame::read_table(rules, Some(max), None, input)
    }

    fn read_table(rules: Rules, expected: Option<usize>, length: Option<u64>, input: &mut impl std::io::Read) -> Result<Endgame, TableError> {
        let bad = |why: &str| TableError::NotATable(why.to_string());
        let mut head = [0u8; 24];
        // Too short for a header, it is no table; another failure (a folder) is told as it is.
        input.read_exact(&mut head).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => bad("it does not start like one"),
            _ => TableError::Unreadable(e.to_string()),
        })?;
        if &head[..8] != MAGIC {
            return Err(bad("it does not start like one"));
        }
        let max = usize::from(head[12]);
        if let Some(expected) = expected.filter(|&e| e != max) {
            return Err(bad(&format!("it holds boards of up to {max} seeds, not {expected}")));
        }
        // A header whose seeds are too many for any table was damaged (the command line writes
        // only tables it could make): said as such, not as a table too big to make.
        let mut table = Endgame::unfilled(rules, max).map_err(|e| match e {
            TableError::TooBig { .. } => bad(&format!("its header says {max} seeds, and {e}")),
            e => e,
        })?;
        if head[8..16] != table.header() {
            return Err(bad("it was made for other rules"));
        }
        let size = table.boards();
        if length.is_some_and(|n| n != 24 + size as u64) {
            return Err(bad("it is cut short or too long"));
        }
        // Room for the table, filled a run at a time as its bytes come. From a pipe, whose length
        // is not known before, the room grows with them too (to twice what it was, at most the
        // table): a header damaged to say 25 seeds took 1.8 GB of memory before the first byte
        // was read, and the stream then showed it was cut short. (Not where the seeds were
        // known beforehand, as in the browser's worker, whose memory never shrinks again: room
        // taken twice over would stay taken.)
        let no_memory = || TableError::NoMemory { bytes: size as u64 };
        let known = length.is_some() || expected.is_some();
        table.values = super::memory::with_room(if known { size } else { size.min(1 << 20) }).ok_or_else(no_memory)?;
        let (mut sum, mut wild) = (Checksum::new(), 0u8);
        let most = max.min(127) as u8;
        // Read straight into the table, a run at a time (a whole number of the checksum's steps):
        // as many bytes as asked for, or up to the file's end. Then one byte more than the table:
        // a longer file shows. (Reading each run to its end with `read_to_end` into a buffer, then
        // copying it over, took the browser's worker three times as long as reading the file.)
        let mut fill = |buf: &mut [u8]| -> Result<usize, TableError> {
            let mut got = 0;
            while got < buf.len() {
                match input.read(&mut buf[got..]) {
                    Ok(0) => break,
                    Ok(n) if n <= buf.len() - got => got += n,
                    // A reader that says it read more than it was given room for (a browser's
                    // file system in trouble) is not believed.
                    Ok(_) => return Err(TableError::Unreadable("the file said it gave more bytes than asked for".into())),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(TableError::Unreadable(e.to_string())),
                }
            }
            Ok(got)
        };
        while table.values.len() < size {
            let start = table.values.len();
            let end = size.min(start + (1 << 20));
            if end > table.values.capacity() {
                let room = size.min(end.max(2 * table.values.capacity()));
                super::memory::grow(&mut table.values, room - start).ok_or_else(no_memory)?;
            }
            table.values.resize_with(end, || AtomicU8::new(0));
            let run = &mut super::memory::bytes_mut(&mut table.values)[start..];
            if fill(run)? < run.len() {
                return Err(bad("it is cut short or too long"));
            }
            sum.add(run);
            // Every byte is a gain no bigger than the seeds, or unknown: checked without an early
            // exit, which the compiler turns into vector instructions.
            for &b in &*run {
                wild |= u8::from(b != UNKNOWN) & u8::from((b as i8).unsigned_abs() > most);
            }
        }
        if fill(&mut [0])? != 0 {
            return Err(bad("it is cut short or too long"));
        }
        if head[16..24] != sum.finish().to_le_bytes() {
            return Err(bad("its contents were changed or damaged"));
        }
        if wild != 0 {
            return Err(bad("it holds a gain no board can have"));
        }
        Ok(table)
    }

    /// A table read back from [`Endgame::to_bytes`], for the game of `rules`.
    ///
    /// # Errors
    /// As [`Endgame::read_from`].
    pub fn from_bytes(rules: Rules, bytes: &[u8]) -> Result<Endgame, TableError> {
        Endgame::read_from(rules, &mut &bytes[..])
    }
}

/// A checksum of a table's bytes: four lanes of eight bytes at a time, each multiplied and turned,
/// mixed together at the end (quick enough for a gigabyte). Bytes are added in runs; every run but
/// the last must be a whole number of 32-byte steps.
struct Checksum {
    lanes: [u64; 4],
    len: u64,
    rest: Vec<u8>,
}

impl Checksum {
    fn new() -> Checksum {
        Checksum { lanes: [1, 2, 3, 4], len: 0, rest: Vec::new() }
    }

    fn add(&mut self, bytes: &[u8]) {
        debug_assert!(self.rest.is_empty(), "only the last run may leave bytes over");
        let mut chunks = bytes.chunks_exact(32);
        for chunk in &mut chunks {
            for (lane, word) in self.lanes.iter_mut().zip(chunk.chunks_exact(8)) {
                let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                *lane = (*lane ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            }
        }
        self.len += bytes.len() as u64;
        self.rest.extend_from_slice(chunks.remainder());
    }

    fn finish(self) -> u64 {
        let mut h = self.len;
        for lane in self.lanes {
            h = super::solver::mix(h ^ lane);
        }
        for &b in &self.rest {
            h = super::solver::mix(h ^ u64::from(b));
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(m: usize, empty_capture: bool) -> Rules {
        Rules { m, empty_capture, counted: true, relay: false }
    }

    #[test]
    fn filling_at_once_gives_the_gains_computed_one_by_one() {
        for r in [rules(4, false), rules(3, true), Rules { m: 3, empty_capture: false, counted: false, relay: true }] {
            let all = Endgame::new(r, 9);
            assert!(all.fill(|| false));
            let asked = Endgame::new(r, 9);
            let numbering = Numbering::new(r.m);
            for n in 2..=9 {
                let mut board = Some(numbering.first(n));
                while let Some(h) = board {
                    let both = (0..r.m).any(|i| h.pit(i) > 0) && (r.m..2 * r.m).any(|i| h.pit(i) > 0);
                    if both {
                        assert_eq!(all.gain(&h), asked.gain(&h), "{r:?} {h:?}");
                    }
                    board = numbering.next(&h);
                }
            }
            assert_eq!(all.filled(), asked.filled());
        }
    }

    #[test]
    fn a_fill_stopped_half_way_leaves_a_correct_table() {
        let r = rules(6, false);
        let stopped = Endgame::new(r, 10);
        let mut asked = 0;
        assert!(!stopped.fill(|| {
            asked += 1;
            asked > 3
        }));
        assert!(stopped.filled() > 0 && (stopped.filled() as u64) < Endgame::size(6, 10));
        let full = Endgame::new(r, 10);
        assert!(full.fill(|| false));
        let h = Houses::from_counts(&[1, 0, 2, 0, 0, 3], &[0, 2, 0, 1, 0, 1]);
        assert_eq!(stopped.gain(&h), full.gain(&h));
    }

    #[test]
    fn a_table_comes_back_from_its_file_and_a_damaged_one_is_refused() {
        let r = rules(4, false);
        let table = Endgame::new(r, 8);
        table.fill(|| false);
        let bytes = table.to_bytes();
        let back = Endgame::from_bytes(r, &bytes).expect("the same table");
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.filled(), table.filled());
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(Endgame::from_bytes(r, &damaged).unwrap_err().to_string().contains("damaged"));
        assert!(Endgame::from_bytes(r, &bytes[..bytes.len() - 1]).unwrap_err().to_string().contains("cut short"));
        assert!(Endgame::from_bytes(rules(4, true), &bytes).unwrap_err().to_string().contains("other rules"));
        // A header whose seeds were damaged into too many for any table says so.
        let mut wild = bytes.clone();
        wild[12] = 200;
        let why = Endgame::from_bytes(r, &wild).unwrap_err().to_string();
        assert!(why.starts_with("not an endgame table of this game: its header says 200 seeds"), "{why}");
        assert!(Endgame::from_bytes(r, b"not a table at all, just words").is_err());
        assert!(Endgame::from_bytes(r, &[]).is_err());
        // A table of more than one run of the file (1.35 million boards): back whole, and a change
        // in its first run is seen too.
        let big = Endgame::new(rules(6, true), 11);
        big.fill_in_parallel(2);
        let bytes = big.to_bytes();
        assert!(bytes.len() > 1 << 20);
        let back = Endgame::from_bytes(rules(6, true), &bytes).expect("the same table");
        assert!(back.to_bytes() == bytes);
        assert_eq!(back.filled(), big.filled());
        let mut damaged = bytes.clone();
        damaged[1000] ^= 0x01;
        assert!(Endgame::from_bytes(rules(6, true), &damaged).unwrap_err().to_string().contains("damaged"));
        // A reader that says it gave more than it had room for is refused, not believed (which
        // stopped the program on the next read).
        struct Boastful<'b>(&'b [u8]);
        impl std::io::Read for Boastful<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.read(buf)?;
                Ok(if self.0.len() < 500_000 { buf.len() + 8 } else { n })
            }
        }
        let said = Endgame::read_from(rules(6, true), &mut Boastful(&bytes)).unwrap_err();
        assert!(matches!(&said, TableError::Unreadable(why) if why.contains("more bytes than asked")), "{said}");
    }

    #[test]
    fn a_table_too_big_is_refused_or_made_smaller() {
        assert!(matches!(Endgame::try_new(rules(6, false), 40), Err(TableError::TooBig { .. })));
        assert!(Endgame::size(6, Endgame::new(rules(6, false), 40).max()) <= MAX_BOARDS);
        // Sizes too big to count are too big, never taken for small ones, and no size asked
        // for panics.
        assert_eq!(Endgame::size(8, 100), u64::MAX);
        let too_big = Endgame::try_new(rules(8, false), 100).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(too_big.contains("more than 2^62"), "{too_big}");
        assert_eq!(Endgame::size(1, 1000), Endgame::size(1, super::super::houses::MAX_SEEDS));
        assert_eq!(Endgame::try_new(rules(1, false), usize::MAX).map(|t| t.max()).ok(), Some(super::super::houses::MAX_SEEDS));
    }
}
