//! An endgame table for the Kalah family: the exact gain (see [`super::solver`]) of every board with
//! few seeds left, one byte each, filled in as the solver asks for it.
//!
//! Each board of `n` seeds in `2m` houses has its own place: boards are numbered by `n` first, then
//! in the order of their house counts (the "stars and bars" numbering), so the table needs no keys
//! and loses nothing to collisions. A board's gain is computed the first time it is asked for, by
//! trying every move (the boards after them have as many seeds or fewer, and Kalah positions never
//! repeat, so this ends), and kept. Nothing is downloaded or stored on disk: the table is made by
//! the program that uses it, and only the boards a search reaches are ever computed.

use super::solver::{Houses, Rules};

/// Marks a gain not yet computed.
const UNKNOWN: i8 = i8::MIN;

/// The table.
pub struct Endgame {
    rules: Rules,
    /// Boards with at most this many seeds are in the table.
    max: usize,
    /// Where the boards of `n` seeds start.
    offsets: Vec<usize>,
    /// `below[(i * (max + 1) + r) * (max + 2) + v]`: how many ways to put `r` seeds in houses
    /// `i..2m` with fewer than `v` in house `i`.
    below: Vec<u32>,
    values: Vec<i8>,
    /// Boards computed so far.
    filled: usize,
}

/// Ways to put `s` seeds into `p` houses: C(s + p - 1, p - 1).
fn ways(s: usize, p: usize) -> u64 {
    if p == 0 {
        return u64::from(s == 0);
    }
    let (n, k) = (s + p - 1, p - 1);
    let mut r: u64 = 1;
    for i in 1..=k as u64 {
        r = r * (n as u64 + 1 - i) / i;
    }
    r
}

impl Endgame {
    /// The number of boards of at most `max` seeds in `2m` houses.
    #[must_use]
    pub fn size(m: usize, max: usize) -> u64 {
        (0..=max).map(|n| ways(n, 2 * m)).sum()
    }

    /// An empty table for boards of at most `max` seeds.
    #[must_use]
    pub fn new(rules: Rules, max: usize) -> Endgame {
        let k = 2 * rules.m;
        let mut offsets = Vec::with_capacity(max + 2);
        let mut at = 0usize;
        for n in 0..=max {
            offsets.push(at);
            at += ways(n, k) as usize;
        }
        offsets.push(at);
        let mut below = vec![0u32; k * (max + 1) * (max + 2)];
        for i in 0..k {
            for r in 0..=max {
                let mut acc = 0u64;
                for v in 0..=max + 1 {
                    below[(i * (max + 1) + r) * (max + 2) + v] = acc as u32;
                    if v <= r {
                        acc += ways(r - v, k - i - 1);
                    }
                }
            }
        }
        Endgame { rules, max, offsets, below, values: vec![UNKNOWN; at], filled: 0 }
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

    fn index(&self, h: &Houses, n: usize) -> usize {
        let k = 2 * self.rules.m;
        let mut r = n;
        let mut idx = self.offsets[n];
        for i in 0..k - 1 {
            let v = usize::from(h.pit(i));
            idx += self.below[(i * (self.max + 1) + r) * (self.max + 2) + v] as usize;
            r -= v;
        }
        idx
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

    fn get(&mut self, h: &Houses, n: usize) -> i32 {
        let idx = self.index(h, n);
        let v = self.values[idx];
        if v != UNKNOWN {
            return i32::from(v);
        }
        let mut best = i32::MIN;
        for i in 0..self.rules.m {
            if h.mine(i) == 0 {
                continue;
            }
            let (child, step) = h.play(i, &self.rules);
            let v = if step.over {
                step.gain
            } else {
                let rest = self.get(&child, child.seeds() as usize);
                if step.extra {
                    step.gain + rest
                } else {
                    step.gain - rest
                }
            };
            best = best.max(v);
        }
        // A board whose mover has no seed cannot be reached: the game ended before.
        let best = if best == i32::MIN { 0 } else { best };
        self.values[idx] = best as i8;
        self.filled += 1;
        best
    }
}
