//! The exact solver for the Kalah family (Kalah with any options, Kid-Cala classic).
//!
//! # The idea
//!
//! What happens next in a Kalah game depends only on the seeds still in the houses and on who is to
//! move: the stores only ever receive. So the solver works on the houses alone, seen from the player
//! to move (their houses first, then the other side's), and computes the *gain*: how many more seeds
//! the player to move will add to their store than the other player to theirs, from here to the end,
//! if both play perfectly. The value of a whole position, South's store minus North's at the end, is
//! then the difference of the stores now plus (or minus) that gain. Positions that differ only in
//! their stores share one entry of the transposition table, and one board seen from either side is the
//! same entry too.
//!
//! The gain lies between minus and plus the seeds left in the houses; the search starts from those
//! bounds and narrows them with null-window probes (MTD(f)), storing a lower and an upper bound per
//! board. Every move is played once at each position; with many seeds left, the table is first asked
//! about each resulting board, and one already known to be good enough ends the search there
//! ("enhanced transposition cutoff"). Moves are then tried in the order: the table's best move,
//! extra moves, the biggest gains (captures), and the houses nearest the store. Sowing adds whole
//! laps at once, so a big house costs no more than a small one. An extra move is the same player
//! moving again: the gain of the rest is added, not subtracted.
//!
//! An endgame table ([`super::endgame`]) can answer for boards with few seeds left.
//!
//! Measured values (see the README): Kalah(6,3) +2, Kalah(6,4) +8, Kalah(6,4) with empty capture
//! +10 (the published value).

use super::endgame::Endgame;
use super::table::{narrow, proven, Table};
use crate::{KalahRules, Position, Side, Variant};

/// Enhanced transposition cutoffs look the children up only with at least this many seeds on the
/// board: near the end of the game a search is cheaper than the table look-ups.
const ETC_SEEDS: i32 = 16;

/// The most houses a side (as in the engine).
const MAX_M: usize = 8;

/// The houses of a board, seen from the player to move: `pits[0..m]` are theirs from their left,
/// `pits[m..2m]` the other player's from that player's left (so sowing goes up the array, passing the
/// mover's store between `m - 1` and `m`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Houses {
    pits: [u8; 2 * MAX_M],
    m: u8,
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

impl Houses {
    /// The houses of an engine position, seen from the player to move.
    #[must_use]
    pub fn of(pos: &Position) -> Houses {
        let m = pos.variant().houses();
        let me = pos.to_move();
        let mut pits = [0u8; 2 * MAX_M];
        for (k, p) in pos.houses(me).enumerate() {
            pits[k] = p.total() as u8;
        }
        for (k, p) in pos.houses(me.other()).enumerate() {
            pits[m + k] = p.total() as u8;
        }
        Houses { pits, m: m as u8 }
    }

    /// Houses from counts: the mover's `m`, then the other player's `m`.
    ///
    /// # Panics
    /// If the two sides differ in length or have more than 8 houses.
    #[must_use]
    pub fn from_counts(mine: &[u8], theirs: &[u8]) -> Houses {
        assert!(mine.len() == theirs.len() && mine.len() <= MAX_M && !mine.is_empty());
        let m = mine.len();
        let mut pits = [0u8; 2 * MAX_M];
        pits[..m].copy_from_slice(mine);
        pits[m..2 * m].copy_from_slice(theirs);
        Houses { pits, m: m as u8 }
    }

    fn m(&self) -> usize {
        usize::from(self.m)
    }

    /// The seeds in the mover's house `i` (0-based from their left).
    #[must_use]
    pub fn mine(&self, i: usize) -> u8 {
        self.pits[i]
    }

    /// The seeds in house `i` of the board as the array holds it (0-based, the mover's first).
    #[must_use]
    pub fn pit(&self, i: usize) -> u8 {
        self.pits[i]
    }

    /// Seeds left in all houses.
    #[must_use]
    pub fn seeds(&self) -> i32 {
        self.pits[..2 * self.m()].iter().map(|&n| i32::from(n)).sum()
    }

    /// A 64-bit key of the houses for the transposition table.
    #[must_use]
    pub fn key(&self) -> u64 {
        let lo = u64::from_le_bytes(self.pits[..8].try_into().expect("8 bytes"));
        let hi = u64::from_le_bytes(self.pits[8..].try_into().expect("8 bytes"));
        mix(mix(lo ^ u64::from(self.m)) ^ hi)
    }

    /// The board as the other player sees it.
    fn turned(&self) -> Houses {
        let m = self.m();
        let mut pits = [0u8; 2 * MAX_M];
        pits[..m].copy_from_slice(&self.pits[m..2 * m]);
        pits[m..2 * m].copy_from_slice(&self.pits[..m]);
        Houses { pits, m: self.m }
    }

    /// Plays the mover's house `i` (0-based, must hold seeds). The result is seen from whoever moves
    /// next: the same player after an extra move, the other one otherwise.
    #[must_use]
    pub fn play(&self, i: usize, rules: &Rules) -> (Houses, Step) {
        let m = self.m();
        let ring = 2 * m + 1; // the houses and the mover's store, which sits at ring index m
        let mut h = *self;
        let mut gain = 0i32;
        let mut from = i; // a ring index
        let last = loop {
            let pit = if from < m { from } else { from - 1 };
            let seeds = usize::from(h.pits[pit]);
            h.pits[pit] = 0;
            let laps = seeds / ring;
            let rest = seeds % ring;
            if laps > 0 {
                for p in &mut h.pits[..2 * m] {
                    *p += laps as u8;
                }
                gain += laps as i32;
            }
            let mut r = from;
            for _ in 0..rest {
                r += 1;
                if r == ring {
                    r = 0;
                }
                if r == m {
                    gain += 1;
                } else {
                    h.pits[if r < m { r } else { r - 1 }] += 1;
                }
            }
            let last = if rest == 0 { from } else { r };
            if rules.relay && last != m && h.pits[if last < m { last } else { last - 1 }] > 1 {
                from = last;
                continue;
            }
            break last;
        };
        let extra = last == m;
        let mut capture = false;
        if last < m && h.pits[last] == 1 {
            let across = 2 * m - 1 - last;
            if h.pits[across] > 0 || rules.empty_capture {
                gain += 1 + i32::from(h.pits[across]);
                h.pits[across] = 0;
                h.pits[last] = 0;
                capture = true;
            }
        }
        let mine: i32 = h.pits[..m].iter().map(|&n| i32::from(n)).sum();
        let theirs: i32 = h.pits[m..2 * m].iter().map(|&n| i32::from(n)).sum();
        if mine == 0 || theirs == 0 {
            if rules.counted {
                gain += mine - theirs;
            }
            h.pits = [0; 2 * MAX_M];
            return (h, Step { gain, extra: false, over: true, capture });
        }
        if extra {
            (h, Step { gain, extra: true, over: false, capture })
        } else {
            (h.turned(), Step { gain, extra: false, over: false, capture })
        }
    }
}

/// A 64-bit mixing function (the finaliser of a well-known hash), so that similar boards get
/// unrelated keys.
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

/// An exact solver with its transposition table, kept between calls (solving the next position of a
/// game reuses most of the work).
pub struct Solver {
    rules: Rules,
    table: Table,
    nodes: u64,
    budget: u64,
    stop: Option<Stopped>,
    check: Option<Box<dyn FnMut() -> bool>>,
    endgame: Option<Endgame>,
    probes: u32,
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

impl Solver {
    /// A solver for one game, with a table of 2^`table_bits` entries (16 bytes each).
    #[must_use]
    pub fn new(rules: Rules, table_bits: u32) -> Solver {
        Solver { rules, table: Table::new(table_bits), nodes: 0, budget: u64::MAX, stop: None, check: None, endgame: None, probes: 0 }
    }

    /// The rules this solver plays by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Uses an endgame table for boards of up to `max` seeds.
    pub fn set_endgame(&mut self, max: usize) {
        self.endgame = (max > 0).then(|| Endgame::new(self.rules, max.min(120)));
    }

    /// Stops after about `nodes` positions (per call of [`Solver::solve`]).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// A function asked every few thousand positions whether to stop (a time limit, a cancel button).
    pub fn set_check(&mut self, check: impl FnMut() -> bool + 'static) {
        self.check = Some(Box::new(check));
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
        self.stop = None;
        let v = self.mtdf(h, 0);
        self.stop.map_or(Ok(v), Err)
    }

    /// Solves a whole position of the Kalah family: its value for South and every best move.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, Stopped> {
        let Some(rules) = Rules::of(pos.variant()) else { return Err(Stopped::Cancelled) };
        debug_assert_eq!(rules, self.rules, "a solver serves one game");
        let stores = pos.store(Side::South).total() as i32 - pos.store(Side::North).total() as i32;
        let sign = if pos.to_move() == Side::South { 1 } else { -1 };
        if pos.is_over() {
            return Ok(Solution { value: pos.score().south - pos.score().north, best: Vec::new(), nodes: 0 });
        }
        let h = Houses::of(pos);
        self.nodes = 0;
        self.probes = 0;
        self.stop = None;
        let gain = self.mtdf(&h, 0);
        let mut best = Vec::new();
        for i in 0..h.m() {
            if h.pits[i] == 0 {
                continue;
            }
            // A move is best when its value reaches the gain: one null-window probe each.
            let (child, step) = h.play(i, &self.rules);
            let reached = if step.over {
                step.gain >= gain
            } else if step.extra {
                step.gain + self.search(&child, gain - step.gain - 1, gain - step.gain) >= gain
            } else {
                step.gain - self.search(&child, step.gain - gain, step.gain - gain + 1) >= gain
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

    /// MTD(f): null-window probes from a first guess until the bounds meet.
    fn mtdf(&mut self, h: &Houses, guess: i32) -> i32 {
        self.exact_root(h, guess)
    }

    fn exact_root(&mut self, h: &Houses, guess: i32) -> i32 {
        let total = h.seeds();
        let (mut lo, mut hi) = (-total, total);
        let mut g = guess.clamp(lo, hi);
        while lo < hi && self.stop.is_none() {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(h, beta - 1, beta);
            self.probes += 1;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// Fail-soft alpha-beta on the gain, with the table's bounds.
    fn search(&mut self, h: &Houses, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if self.nodes >= self.budget {
                self.stop = Some(Stopped::Budget);
            } else if self.check.as_mut().is_some_and(|c| c()) {
                self.stop = Some(Stopped::Cancelled);
            }
        }
        if self.stop.is_some() {
            return 0;
        }
        let total = h.seeds();
        if let Some(db) = &mut self.endgame {
            if let Some(v) = db.gain(h) {
                return v;
            }
        }
        // The gain can never leave [-total, total].
        if alpha >= total {
            return total;
        }
        if beta <= -total {
            return -total;
        }
        let key = h.key();
        let mut table_move = u8::MAX;
        let entry = self.table.get(key).copied();
        if let Some(e) = entry {
            table_move = e.best;
        }
        if let Some(e) = entry.filter(|e| e.exact) {
            match narrow(i32::from(e.lo), i32::from(e.hi), alpha, beta) {
                Ok(window) => (alpha, beta) = window,
                Err(v) => return v,
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        // Play every move once; look each result up in the table first ("enhanced transposition
        // cutoff"): a child already known to be good enough ends the search here without a search.
        let mut children: arrayvec::ArrayVec<(i32, u8, Houses, Step), MAX_M> = arrayvec::ArrayVec::new();
        let m = h.m();
        for i in (0..m).rev() {
            if h.pits[i] == 0 {
                continue;
            }
            let (child, step) = h.play(i, &self.rules);
            let known = if step.over {
                Some(step.gain)
            } else if total < ETC_SEEDS {
                None
            } else {
                self.table.get(child.key()).filter(|e| e.exact).map(|e| {
                    if step.extra {
                        step.gain + i32::from(e.lo)
                    } else {
                        step.gain - i32::from(e.hi)
                    }
                })
            };
            if let Some(v) = known {
                if v >= beta {
                    self.table.put(key, v, total, i as u8, u8::MAX, true);
                    return v;
                }
            }
            let rank = if i as u8 == table_move {
                1 << 20
            } else if step.extra {
                1 << 16 | i as i32
            } else {
                (step.gain << 8) | i as i32
            };
            children.push((rank, i as u8, child, step));
        }
        children.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = i32::MIN;
        let mut best_move = u8::MAX;
        for (_, i, child, step) in &children {
            let (i, step) = (*i, *step);
            let v = if step.over {
                step.gain
            } else if step.extra {
                step.gain + self.search(child, alpha - step.gain, beta - step.gain)
            } else {
                step.gain - self.search(child, step.gain - beta, step.gain - alpha)
            };
            if self.stop.is_some() {
                return 0;
            }
            if v > best {
                best = v;
                best_move = i;
                if v > alpha {
                    alpha = v;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        let (lo, hi) = proven(best, alpha0, beta0, -total, total);
        self.table.put(key, lo, hi, best_move, u8::MAX, true);
        best
    }
}
