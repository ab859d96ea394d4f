//! The houses of a Kalah board as the exact solver sees them, how a move changes them, and a number
//! for every board.
//!
//! What happens next in a Kalah game depends only on the seeds still in the houses and on who is to
//! move: the stores only ever receive. So the solver keeps the houses alone, seen from the player to
//! move, each row in one 64-bit word, a byte a house (at most 8 houses a side and 128 seeds in all,
//! so a byte never overflows). A sowing is then a few additions of words of ones, the end of the game
//! is a row equal to zero, and the seeds of a row are one multiplication.
//!
//! Every board of `n` seeds gets a number ([`Numbering`]): all boards with fewer seeds first, then
//! the boards of `n` seeds in the order of the combinatorial number system. The number is exact (two
//! boards never share it), so it is both the transposition table's key and the endgame table's
//! index.

use crate::{KalahRules, Position, Variant};

/// The most houses a side.
pub const MAX_M: usize = 8;

/// A 1 in every byte.
const LOW: u64 = 0x0101_0101_0101_0101;

/// `ONES[t]`: a 1 in each of the bytes `0..t`.
const ONES: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut i = 1;
    while i <= 8 {
        t[i] = t[i - 1] | (1u64 << (8 * (i - 1)));
        i += 1;
    }
    t
};

/// A 1 in each of the bytes `from..to`.
fn ones(from: usize, to: usize) -> u64 {
    ONES[to] & !ONES[from]
}

/// The seeds in a row.
fn row_seeds(row: u64) -> i32 {
    (row.wrapping_mul(LOW) >> 56) as i32
}

/// Byte `i` of a row.
fn byte(row: u64, i: usize) -> u64 {
    (row >> (8 * i)) & 0xff
}

/// The rules that change how a Kalah move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Houses a side.
    pub m: usize,
    /// A last seed in an own empty house captures even when the house across is empty.
    pub empty_capture: bool,
    /// Seeds left in the houses at the end go to their owner's store (otherwise nobody's).
    pub counted: bool,
    /// Swedish relay sowing.
    pub relay: bool,
}

impl Rules {
    /// The rules of a game, if the solver knows it (the Kalah family).
    #[must_use]
    pub fn of(variant: Variant) -> Option<Rules> {
        variant.kalah_rules().map(Rules::from_kalah)
    }

    fn from_kalah(k: KalahRules) -> Rules {
        Rules {
            m: usize::from(k.houses),
            empty_capture: k.empty_capture,
            counted: !k.remaining_not_counted,
            relay: k.relay,
        }
    }
}

/// What a move did, besides changing the houses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Seeds the mover's store gained minus seeds the other store gained.
    pub gain: i32,
    /// The last seed fell in the mover's store and the game goes on: the same player moves again.
    pub extra: bool,
    /// The game ended with this move.
    pub over: bool,
    /// The move captured.
    pub capture: bool,
}

/// The houses of a board, seen from the player to move: `mine` holds their houses from their left,
/// `theirs` the other player's from that player's left, a byte a house. Sowing goes from the mover's
/// houses into their store, then into the other player's houses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Houses {
    mine: u64,
    theirs: u64,
    m: u8,
}

impl Houses {
    /// The houses of an engine position, seen from the player to move.
    #[must_use]
    pub fn of(pos: &Position) -> Houses {
        let m = pos.variant().houses();
        let me = pos.to_move();
        let mut h = Houses { mine: 0, theirs: 0, m: m as u8 };
        for (k, p) in pos.houses(me).enumerate() {
            h.mine |= u64::from(p.total().min(255)) << (8 * k);
        }
        for (k, p) in pos.houses(me.other()).enumerate() {
            h.theirs |= u64::from(p.total().min(255)) << (8 * k);
        }
        h
    }

    /// Houses from counts: the mover's `m`, then the other player's `m`.
    ///
    /// # Panics
    /// If the two sides differ in length, are empty, have more than 8 houses, or hold more than 128
    /// seeds in all.
    #[must_use]
    pub fn from_counts(mine: &[u8], theirs: &[u8]) -> Houses {
        assert!(mine.len() == theirs.len() && mine.len() <= MAX_M && !mine.is_empty());
        let total: u32 = mine.iter().chain(theirs).map(|&n| u32::from(n)).sum();
        assert!(total <= 128, "at most 128 seeds");
        let mut h = Houses { mine: 0, theirs: 0, m: mine.len() as u8 };
        for (k, (&a, &b)) in mine.iter().zip(theirs).enumerate() {
            h.mine |= u64::from(a) << (8 * k);
            h.theirs |= u64::from(b) << (8 * k);
        }
        h
    }

    /// Houses from two rows, a byte a house.
    pub(crate) fn from_rows(mine: u64, theirs: u64, m: usize) -> Houses {
        Houses { mine, theirs, m: m as u8 }
    }

    /// Houses a side.
    #[must_use]
    pub fn m(&self) -> usize {
        usize::from(self.m)
    }

    /// The seeds in the mover's house `i` (0-based from their left).
    #[must_use]
    pub fn mine(&self, i: usize) -> u8 {
        byte(self.mine, i) as u8
    }

    /// The seeds in house `i` of the board, counting the mover's houses first (0-based).
    #[must_use]
    pub fn pit(&self, i: usize) -> u8 {
        let m = self.m();
        if i < m {
            byte(self.mine, i) as u8
        } else {
            byte(self.theirs, i - m) as u8
        }
    }

    /// Seeds left in all houses.
    #[must_use]
    pub fn seeds(&self) -> i32 {
        row_seeds(self.mine) + row_seeds(self.theirs)
    }

    /// The mover's row, a byte a house.
    pub(crate) fn mine_row(&self) -> u64 {
        self.mine
    }

    /// How many of the mover's houses hold seeds: the moves they can make.
    #[must_use]
    pub fn movable(&self) -> u32 {
        // Each byte's bits folded into its lowest bit, which is then set when the byte is not zero
        // (the shifts never carry a bit of one byte into the lowest bit of another).
        let mut r = self.mine;
        r |= r >> 4;
        r |= r >> 2;
        r |= r >> 1;
        (r & LOW).count_ones()
    }

    /// A 64-bit key of the houses (a hash; [`Numbering::number`] is exact where it fits).
    #[must_use]
    pub fn key(&self) -> u64 {
        super::solver::mix(super::solver::mix(self.mine ^ u64::from(self.m)) ^ self.theirs)
    }

    /// Plays the mover's house `i` (0-based, must hold seeds). The result is seen from whoever moves
    /// next: the same player after an extra move, the other one otherwise; after the last move of
    /// the game every house is empty.
    #[must_use]
    pub fn play(&self, i: usize, rules: &Rules) -> (Houses, Step) {
        if rules.relay {
            return self.play_relay(i, rules);
        }
        let m = rules.m;
        let ring = 2 * m + 1; // the houses and the mover's store, which sits at ring place m
        let seeds = byte(self.mine, i) as usize;
        let mut mine = self.mine & !(0xffu64 << (8 * i));
        let mut theirs = self.theirs;
        let mut gain = 0i32;
        let (laps, rest) = if seeds < ring { (0, seeds) } else { (seeds / ring, seeds % ring) };
        if laps > 0 {
            // A whole lap puts one seed in every house (the emptied one too) and the store.
            let add = laps as u64 * ONES[m];
            mine += add;
            theirs += add;
            gain += laps as i32;
        }
        // The last seed's ring place before wrapping round: houses i+1.., the store, their houses,
        // and the mover's first houses again.
        let end = i + rest;
        let last = if rest == 0 {
            i
        } else if end < m {
            mine += ones(i + 1, end + 1);
            end
        } else {
            mine += ones(i + 1, m);
            gain += 1;
            if end > m {
                theirs += ONES[(end - m).min(m)];
            }
            if end > 2 * m {
                mine += ONES[end - 2 * m];
                end - ring
            } else {
                end
            }
        };
        let mut capture = false;
        if last < m && byte(mine, last) == 1 {
            let across = m - 1 - last;
            let opposite = byte(theirs, across);
            if opposite > 0 || rules.empty_capture {
                gain += 1 + opposite as i32;
                theirs &= !(0xffu64 << (8 * across));
                mine &= !(0xffu64 << (8 * last));
                capture = true;
            }
        }
        self.finish(mine, theirs, gain, last == m, capture, rules)
    }

    /// Relay sowing, house by house: each sowing that ends in a house already holding seeds goes on
    /// from there.
    fn play_relay(&self, i: usize, rules: &Rules) -> (Houses, Step) {
        let m = rules.m;
        let ring = 2 * m + 1;
        let mut pits = [0u8; 2 * MAX_M];
        for j in 0..m {
            pits[j] = byte(self.mine, j) as u8;
            pits[m + j] = byte(self.theirs, j) as u8;
        }
        let index = |r: usize| if r < m { r } else { r - 1 };
        let mut gain = 0i32;
        let mut from = i; // a ring place
        let last = loop {
            let seeds = usize::from(pits[index(from)]);
            pits[index(from)] = 0;
            let (laps, rest) = (seeds / ring, seeds % ring);
            if laps > 0 {
                for p in &mut pits[..2 * m] {
                    *p += laps as u8;
                }
                gain += laps as i32;
            }
            let mut r = from;
            for _ in 0..rest {
                r = if r + 1 == ring { 0 } else { r + 1 };
                if r == m {
                    gain += 1;
                } else {
                    pits[index(r)] += 1;
                }
            }
            let last = if rest == 0 { from } else { r };
            if last != m && pits[index(last)] > 1 {
                from = last;
                continue;
            }
            break last;
        };
        let mut capture = false;
        if last < m && pits[last] == 1 {
            let across = 2 * m - 1 - last;
            if pits[across] > 0 || rules.empty_capture {
                gain += 1 + i32::from(pits[across]);
                pits[across] = 0;
                pits[last] = 0;
                capture = true;
            }
        }
        let (mut mine, mut theirs) = (0u64, 0u64);
        for j in 0..m {
            mine |= u64::from(pits[j]) << (8 * j);
            theirs |= u64::from(pits[m + j]) << (8 * j);
        }
        self.finish(mine, theirs, gain, last == m, capture, rules)
    }

    /// The end of a move: the game ends when a row is empty (the seeds left go to their owner, or
    /// to nobody), otherwise the board is turned to the next mover unless the move earned another.
    fn finish(&self, mine: u64, theirs: u64, mut gain: i32, extra: bool, capture: bool, rules: &Rules) -> (Houses, Step) {
        if mine == 0 || theirs == 0 {
            if rules.counted {
                gain += row_seeds(mine) - row_seeds(theirs);
            }
            let empty = Houses { mine: 0, theirs: 0, m: self.m };
            return (empty, Step { gain, extra: false, over: true, capture });
        }
        if extra {
            (Houses { mine, theirs, m: self.m }, Step { gain, extra: true, over: false, capture })
        } else {
            (Houses { mine: theirs, theirs: mine, m: self.m }, Step { gain, extra: false, over: false, capture })
        }
    }
}

/// The exact number of every board of a game (see the module's docs).
#[derive(Debug, Clone)]
pub struct Numbering {
    m: usize,
    /// `terms[j * stride + s]` = C(s + j, j + 1): what the `j`th of the `2m - 1` "bars" adds at
    /// place `s + j` (the combinatorial number system).
    terms: Vec<u64>,
    stride: usize,
    /// `before[n]` = C(n + 2m - 1, 2m): the boards of fewer than `n` seeds.
    before: Vec<u64>,
    /// Boards of up to this many seeds have numbers that fit in 64 bits.
    exact_up_to: usize,
}

/// C(n, k), or `None` when it passes 2^62.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 1..=u128::from(k) {
        r = r * (u128::from(n) + 1 - i) / i;
        if r > 1 << 62 {
            return None;
        }
    }
    Some(r as u64)
}

/// The most seeds a board can hold (8 houses a side, 8 seeds a house).
pub const MAX_SEEDS: usize = 128;

impl Numbering {
    /// The numbering of boards of `m` houses a side.
    #[must_use]
    pub fn new(m: usize) -> Numbering {
        let k = 2 * m;
        let stride = MAX_SEEDS + 1;
        let mut terms = vec![0u64; k * stride];
        for j in 0..k {
            for s in 0..=MAX_SEEDS {
                terms[j * stride + s] = binomial((s + j) as u64, (j + 1) as u64).unwrap_or(0);
            }
        }
        let before: Vec<u64> = (0..=MAX_SEEDS + 1).map(|n| binomial((n + k - 1) as u64, k as u64).unwrap_or(0)).collect();
        let exact_up_to = (0..=MAX_SEEDS).take_while(|&n| binomial((n + k) as u64, k as u64).is_some()).last().unwrap_or(0);
        Numbering { m, terms, stride, before, exact_up_to }
    }

    /// How many boards hold at most `n` seeds (the numbers below that of the first board of `n + 1`),
    /// or `u64::MAX` where that passes 2^62 (so that a size is never taken for a small one).
    #[must_use]
    pub fn count_up_to(&self, n: usize) -> u64 {
        if n > self.exact_up_to {
            return u64::MAX;
        }
        self.before[n + 1]
    }

    /// Whether boards of `n` seeds have exact numbers.
    #[must_use]
    pub fn exact(&self, n: usize) -> bool {
        n <= self.exact_up_to
    }

    /// The number of a board of `n` seeds (which must be its seeds; exact when [`Numbering::exact`]).
    #[must_use]
    pub fn number(&self, h: &Houses, n: usize) -> u64 {
        let m = self.m;
        // Byte j of a row times 0x0101..01 is the sum of bytes 0..=j: the places of the bars.
        let sums_mine = h.mine.wrapping_mul(LOW);
        let sums_theirs = h.theirs.wrapping_mul(LOW);
        let a = (sums_mine >> 56) as usize;
        let mut r = self.before[n];
        for j in 0..m {
            let s = ((sums_mine >> (8 * j)) & 0xff) as usize;
            r = r.wrapping_add(self.terms[j * self.stride + s]);
        }
        for j in 0..m - 1 {
            let s = a + ((sums_theirs >> (8 * j)) & 0xff) as usize;
            r = r.wrapping_add(self.terms[(m + j) * self.stride + s]);
        }
        r
    }

    /// The first board of `n` seeds in the order of their numbers: all of them in the other
    /// player's last house.
    #[must_use]
    pub fn first(&self, n: usize) -> Houses {
        Houses { mine: 0, theirs: (n as u64) << (8 * (self.m - 1)), m: self.m as u8 }
    }

    /// The board after `h` in the order of their numbers (with as many seeds), if any.
    #[must_use]
    pub fn next(&self, h: &Houses) -> Option<Houses> {
        let k = 2 * self.m;
        let mut v = [0u8; 2 * MAX_M];
        for (j, p) in v.iter_mut().enumerate().take(k) {
            *p = h.pit(j);
        }
        // The combinatorial number system counts like a number whose most significant digit is the
        // last house: take a seed from the first non-empty house after house 0, and put it, with all
        // of house 0, in the house just before.
        let t = (1..k).find(|&j| v[j] > 0)?;
        v[t] -= 1;
        let s = v[0];
        v[0] = 0;
        v[t - 1] = s + 1;
        Some(Houses::from_counts(&v[..self.m], &v[self.m..k]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_numbered_one_after_another() {
        for m in 1..=4 {
            let numbering = Numbering::new(m);
            for n in 0..=7 {
                let mut h = numbering.first(n);
                let mut expected = numbering.count_up_to(n.saturating_sub(1)) * u64::from(n > 0);
                let mut count = 0;
                loop {
                    assert_eq!(h.seeds() as usize, n);
                    assert_eq!(numbering.number(&h, n), expected, "m {m} n {n}: {h:?}");
                    count += 1;
                    expected += 1;
                    match numbering.next(&h) {
                        Some(next) => h = next,
                        None => break,
                    }
                }
                let before = if n == 0 { 0 } else { numbering.count_up_to(n - 1) };
                assert_eq!(count, numbering.count_up_to(n) - before, "m {m} n {n}");
            }
        }
    }

    #[test]
    fn movable_counts_the_movers_houses_with_seeds() {
        assert_eq!(Houses::from_counts(&[0, 3, 0, 1, 0, 0], &[4, 4, 4, 4, 4, 4]).movable(), 2);
        assert_eq!(Houses::from_counts(&[0; 6], &[1; 6]).movable(), 0);
        // Every bit of a byte counts, the highest too, and the last house of a full row.
        assert_eq!(Houses::from_counts(&[1, 2, 4, 8, 16, 32, 64, 1], &[0; 8]).movable(), 8);
        assert_eq!(Houses::from_counts(&[0, 0, 0, 128, 0, 0, 0, 0], &[0; 8]).movable(), 1);
        assert_eq!(Houses::from_counts(&[0, 0, 0, 0, 0, 16], &[1; 6]).movable(), 1);
    }

    #[test]
    fn numbers_fit_for_every_standard_board() {
        // The biggest Kalah of the menu, 6 houses and 6 seeds, and the biggest of the engine's 6-house
        // games, 8 seeds a house, are numbered exactly; 8 houses of 8 seeds are not.
        assert!(Numbering::new(6).exact(96));
        assert!(!Numbering::new(8).exact(128));
    }

    #[test]
    fn a_lap_feeds_every_house_and_the_store() {
        let rules = Rules { m: 2, empty_capture: false, counted: true, relay: false };
        // 6 seeds from the first house, on a ring of 5 places: one whole lap, then one more seed.
        let h = Houses::from_counts(&[6, 1], &[1, 1]);
        let (next, step) = h.play(0, &rules);
        assert_eq!(step.gain, 1);
        assert!(!step.extra && !step.over && !step.capture);
        // Turned: the other player's houses first.
        assert_eq!(next, Houses::from_counts(&[2, 2], &[1, 3]));
        // With 5, the last seed falls back into the emptied house: a capture of the 2 across.
        let (_, step) = Houses::from_counts(&[5, 1], &[1, 1]).play(0, &rules);
        assert_eq!(step.gain, 1 + 1 + 2);
        assert!(step.capture);
    }
}
