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
//! keep it in a file ([`Endgame::write_to`], [`Endgame::read_from`]).
//!
//! Filling the table reads the gains after one board's moves together. Playing the moves of 16
//! boards before reading any of their gains, so that more reads go on side by side, made filling
//! slower (a third of the boards need a board after a move that is not computed yet, which is then
//! computed on its own).
//!
//! Asking for one board computes the boards after its moves first, and theirs: the calls nest about
//! as deep as the seeds on the board times three (56 calls for 20 seeds on the 6-house board), a few
//! kilobytes of stack, which the browser's worker has.

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
    /// The gains, each an `i8` kept as its byte, so that a file is read straight into the table.
    values: Vec<u8>,
    /// Boards computed so far.
    filled: usize,
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
}

impl std::fmt::Debug for Endgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endgame").field("rules", &self.rules).field("max", &self.max).field("filled", &self.filled).finish()
    }
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::TooBig { boards } => {
                write!(f, "the table would hold {boards} boards, more than the {MAX_BOARDS} allowed")
            }
            TableError::NotATable(why) => write!(f, "not an endgame table of this game: {why}"),
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
        Numbering::new(m).count_up_to(max)
    }

    /// An empty table for boards of at most `max` seeds, filled as it is asked.
    ///
    /// # Errors
    /// When the table would be too big.
    pub fn try_new(rules: Rules, max: usize) -> Result<Endgame, TableError> {
        let mut table = Endgame::unfilled(rules, max)?;
        table.values = super::memory::table_of(table.boards(), UNKNOWN);
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
        Ok(Endgame { rules, numbering, max, values: Vec::new(), filled: 0 })
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
            values: vec![UNKNOWN],
            filled: 0,
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

    /// How many boards have been computed.
    #[must_use]
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Computes every board, seed count by seed count. `stop` is asked now and then; when it says
    /// yes, filling stops and `false` is returned (the table stays correct, only less full).
    pub fn fill(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        let m = self.rules.m;
        let bits = 8 * m as u32;
        let row_mask = if m == 8 { u64::MAX } else { (1u64 << bits) - 1 };
        for n in 2..=self.max {
            // The boards of n seeds, in the order of their numbers, as one 2m-byte word: the
            // first has every seed in the last house (see `Numbering::next`).
            let mut board: u128 = (n as u128) << (8 * (2 * m - 1));
            let mut idx = self.numbering.count_up_to(n - 1) as usize;
            loop {
                let mine = (board as u64) & row_mask;
                let theirs = (board >> bits) as u64;
                // Boards with an empty row never come up: the game ended before.
                if mine != 0 && theirs != 0 && self.values[idx] == UNKNOWN {
                    let h = Houses::from_rows(mine, theirs, m);
                    self.compute(&h, n, idx);
                }
                idx += 1;
                if idx % 65_536 == 0 && stop() {
                    return false;
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
    pub fn gain(&mut self, h: &Houses) -> Option<i32> {
        let n = h.seeds() as usize;
        if n > self.max {
            return None;
        }
        Some(self.get(h, n))
    }

    /// The gain of a board of `n` seeds (at most [`Endgame::max`]), computed now if need be.
    pub(crate) fn get(&mut self, h: &Houses, n: usize) -> i32 {
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
    pub(crate) fn get_at(&mut self, h: &Houses, n: usize, idx: usize) -> i32 {
        let v = self.values[idx];
        if v != UNKNOWN {
            return i32::from(v as i8);
        }
        self.compute(h, n, idx)
    }

    /// Computes the gain of board `h` of `n` seeds, whose place is `idx`, from its moves.
    fn compute(&mut self, h: &Houses, n: usize, idx: usize) -> i32 {
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
            *k = self.values[m.0];
        }
        for (&(place, gain, extra, child), &k) in moves[..count].iter().zip(&known) {
            // A board computed on the way (after another move) is not computed twice.
            let k = if k == UNKNOWN { self.values[place] } else { k };
            let rest = if k == UNKNOWN { self.compute(&child, n - gain as usize, place) } else { i32::from(k as i8) };
            best = best.max(if extra { gain + rest } else { gain - rest });
        }
        // A board whose mover has no seed cannot be reached: the game ended before.
        let best = if best == i32::MIN { 0 } else { best };
        self.values[idx] = best as i8 as u8;
        self.filled += 1;
        best
    }

    /// Writes the table to a file: a header naming the game, a checksum, then one byte a board.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&self.header())?;
        out.write_all(&checksum(&self.values).to_le_bytes())?;
        out.write_all(&self.values)
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
        use std::io::Read;
        let bad = |why: &str| TableError::NotATable(why.to_string());
        let mut head = [0u8; 24];
        input.read_exact(&mut head).map_err(|_| bad("it does not start like one"))?;
        if &head[..8] != MAGIC {
            return Err(bad("it does not start like one"));
        }
        let max = usize::from(head[12]);
        let mut table = Endgame::unfilled(rules, max)?;
        if head[8..16] != table.header() {
            return Err(bad("it was made for other rules"));
        }
        let size = table.boards();
        table.values = super::memory::with_room(size + 1);
        // One byte more than the table: a longer file shows.
        let read = Read::take(input, size as u64 + 1).read_to_end(&mut table.values).map_err(|e| TableError::NotATable(e.to_string()))?;
        if read != size {
            return Err(bad("it is cut short or too long"));
        }
        if head[16..24] != checksum(&table.values).to_le_bytes() {
            return Err(bad("its contents were changed or damaged"));
        }
        // Every byte is a gain no bigger than the seeds, or unknown: checked in byte-wide steps
        // without an early exit, which the compiler turns into vector instructions.
        let (mut filled, mut wild) = (0usize, 0u8);
        let most = max.min(127) as u8;
        for chunk in table.values.chunks(1 << 16) {
            let mut count = 0u32;
            for &b in chunk {
                let known = u8::from(b != UNKNOWN);
                count += u32::from(known);
                wild |= known & u8::from((b as i8).unsigned_abs() > most);
            }
            filled += count as usize;
        }
        if wild != 0 {
            return Err(bad("it holds a gain no board can have"));
        }
        table.filled = filled;
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
/// mixed together at the end (quick enough for a gigabyte).
fn checksum(bytes: &[u8]) -> u64 {
    let mut lanes = [1u64, 2, 3, 4];
    let mut chunks = bytes.chunks_exact(32);
    for chunk in &mut chunks {
        for (lane, word) in lanes.iter_mut().zip(chunk.chunks_exact(8)) {
            let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            *lane = (*lane ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
    }
    let mut h = bytes.len() as u64;
    for lane in lanes {
        h = super::solver::mix(h ^ lane);
    }
    for &b in chunks.remainder() {
        h = super::solver::mix(h ^ u64::from(b));
    }
    h
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
            let mut all = Endgame::new(r, 9);
            assert!(all.fill(|| false));
            let mut asked = Endgame::new(r, 9);
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
        let mut stopped = Endgame::new(r, 10);
        let mut asked = 0;
        assert!(!stopped.fill(|| {
            asked += 1;
            asked > 3
        }));
        assert!(stopped.filled() > 0 && (stopped.filled() as u64) < Endgame::size(6, 10));
        let mut full = Endgame::new(r, 10);
        assert!(full.fill(|| false));
        let h = Houses::from_counts(&[1, 0, 2, 0, 0, 3], &[0, 2, 0, 1, 0, 1]);
        assert_eq!(stopped.gain(&h), full.gain(&h));
    }

    #[test]
    fn a_table_comes_back_from_its_file_and_a_damaged_one_is_refused() {
        let r = rules(4, false);
        let mut table = Endgame::new(r, 8);
        table.fill(|| false);
        let bytes = table.to_bytes();
        let back = Endgame::from_bytes(r, &bytes).expect("the same table");
        assert_eq!(back.values, table.values);
        assert_eq!(back.filled(), table.filled());
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(Endgame::from_bytes(r, &damaged).unwrap_err().to_string().contains("damaged"));
        assert!(Endgame::from_bytes(r, &bytes[..bytes.len() - 1]).unwrap_err().to_string().contains("cut short"));
        assert!(Endgame::from_bytes(rules(4, true), &bytes).unwrap_err().to_string().contains("other rules"));
        assert!(Endgame::from_bytes(r, b"not a table at all, just words").is_err());
        assert!(Endgame::from_bytes(r, &[]).is_err());
    }

    #[test]
    fn a_table_too_big_is_refused_or_made_smaller() {
        assert!(matches!(Endgame::try_new(rules(6, false), 40), Err(TableError::TooBig { .. })));
        assert!(Endgame::size(6, Endgame::new(rules(6, false), 40).max()) <= MAX_BOARDS);
    }
}
