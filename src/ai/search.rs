//! The search for every game: iterative-deepening negamax with alpha-beta, a transposition table,
//! move ordering, a node budget and a stop check inside the loop.
//!
//! - A move is one ply of depth, whoever plays next. After an extra move the same player moves again,
//!   so the child's value is added as it is (no sign flip); otherwise it is negated.
//! - Values come from [`super::eval`]: the margin at the end, an estimate at the horizon, clamped
//!   by the bounds of the Kalah family (no side ends below its store).
//! - The table serves two purposes: its best move is tried first at every depth, and its bounds cut
//!   the search only when they come from a search of exactly the same remaining depth (or from the
//!   end of the game), so that the value found is exactly the plain minimax value of that depth over
//!   the same moves. `tests/search.rs` checks this against a plain minimax.
//! - After the table's move come moves that give an extra move, then captures (biggest first).
//! - The third occurrence of a position (Banana-Cala, Kauri) is not searched: a position carries no
//!   history. The game record still applies the rule to the moves actually played.
//! - Every few thousand positions the search asks [`Searcher::set_check`]'s function whether to stop
//!   (the browser's time limit, a cancel); a stopped search returns the best move of the last depth
//!   it finished.

use super::eval;
use super::table::{narrow, proven, Entry, Table};
use crate::{Move, Position};

/// How much a search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u8,
    /// Stop starting new work after this many positions (the last full depth counts).
    pub nodes: u64,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The best move.
    pub best: Move,
    /// Its value for the player to move.
    pub value: i32,
    /// The deepest iteration finished.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// Every move considered at the root with its value at `depth`, when asked for (levels that make
    /// mistakes choose among them), best first.
    pub scores: Vec<(Move, i32)>,
}

/// A search with its table, kept between moves.
pub struct Searcher {
    table: Table,
    nodes: u64,
    budget: u64,
    stopped: bool,
    check: Option<Box<dyn FnMut() -> bool>>,
}

/// A child of a position, with what the move did there.
struct Child {
    m: Move,
    pos: Position,
    /// Same player moves again.
    extra: bool,
    /// How much the mover's score grew, for ordering.
    captured: u32,
}

const INF: i32 = 1 << 20;

impl Searcher {
    /// A searcher with a table of 2^`table_bits` entries.
    #[must_use]
    pub fn new(table_bits: u32) -> Searcher {
        Searcher { table: Table::new(table_bits), nodes: 0, budget: u64::MAX, stopped: false, check: None }
    }

    /// A function asked now and then whether to stop (true: stop).
    pub fn set_check(&mut self, check: impl FnMut() -> bool + 'static) {
        self.check = Some(Box::new(check));
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches to `limits`, deepening one ply at a time. `None` when the game is over (no move).
    /// With `root_scores`, every root move gets its exact value at each depth (slower: levels that
    /// choose among nearly-best moves need them).
    pub fn search(&mut self, pos: &Position, limits: Limits, root_scores: bool) -> Option<Found> {
        let moves = eval::moves(pos);
        let first = *moves.first()?;
        self.nodes = 0;
        self.budget = limits.nodes;
        self.stopped = false;
        let mut found = Found { best: first, value: 0, depth: 0, nodes: 0, scores: Vec::new() };
        let children: Vec<Child> = moves.iter().map(|&m| child(pos, m)).collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        // Kid-Cala beginner is a race to empty one's houses, and a search that stops right after the
        // other player's move misjudges it: the player to move is about to shed pieces, which the
        // count does not see. There the search deepens by two plies, always ending on its own move.
        let step = if matches!(pos.variant(), crate::Variant::KidCalaBeginner) { 2 } else { 1 };
        for depth in (1..=limits.depth.max(1)).step_by(step) {
            let mut scores = Vec::with_capacity(children.len());
            let mut alpha = -INF;
            for &k in &order {
                let c = &children[k];
                let window = if root_scores { -INF } else { alpha };
                let v = self.child_value(pos, c, depth - 1, window, INF);
                if self.stopped {
                    break;
                }
                scores.push((k, v));
                alpha = alpha.max(v);
            }
            if self.stopped && depth > 1 {
                break;
            }
            if scores.is_empty() {
                break;
            }
            // Stable: among equal values the earlier move (the previous best) stays first.
            scores.sort_by_key(|s| std::cmp::Reverse(s.1));
            order = scores.iter().map(|&(k, _)| k).chain(order.iter().copied().filter(|k| !scores.iter().any(|s| s.0 == *k))).collect();
            found.best = children[scores[0].0].m;
            found.value = scores[0].1;
            found.depth = depth;
            found.scores = scores.iter().map(|&(k, v)| (children[k].m, v)).collect();
            if self.stopped || self.nodes >= self.budget {
                break;
            }
            // A finished game needs no deeper look.
            if found.value.abs() >= eval::WIN || children.iter().all(|c| c.pos.is_over()) {
                break;
            }
        }
        found.nodes = self.nodes;
        Some(found)
    }

    /// The value of `pos` for its player to move, searched to exactly `depth` plies (no deepening,
    /// no budget): what [`Searcher::search`] computes at that depth.
    pub fn value(&mut self, pos: &Position, depth: u8) -> i32 {
        self.budget = u64::MAX;
        self.stopped = false;
        self.negamax(pos, depth, -INF, INF)
    }

    /// Positions visited by the last search.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn child_value(&mut self, pos: &Position, c: &Child, depth: u8, alpha: i32, beta: i32) -> i32 {
        if c.pos.to_move() == pos.to_move() {
            self.negamax(&c.pos, depth, alpha, beta)
        } else {
            -self.negamax(&c.pos, depth, -beta, -alpha)
        }
    }

    fn negamax(&mut self, pos: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.stopped = true;
        } else if self.nodes & 0x3ff == 0 {
            if let Some(check) = self.check.as_mut() {
                self.stopped = check();
            }
        }
        if self.stopped {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return eval::terminal(pos, &outcome);
        }
        if depth == 0 {
            let v = eval::evaluate(pos);
            return match eval::bounds(pos) {
                Some((lo, hi)) => v.clamp(lo, hi),
                None => v,
            };
        }
        if let Some((lo, hi)) = eval::bounds(pos) {
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let key = eval::key(pos);
        let mut table_move = u8::MAX;
        if let Some(e) = self.table.get(key) {
            table_move = e.best;
            if e.depth == depth {
                match narrow(i32::from(e.lo), i32::from(e.hi), alpha, beta) {
                    Ok(window) => (alpha, beta) = window,
                    Err(v) => return v,
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let moves = eval::moves(pos);
        let mut children: Vec<(i32, u8, Child)> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let c = child(pos, m);
                let rank = if i as u8 == table_move {
                    INF
                } else if c.extra {
                    10_000
                } else {
                    c.captured as i32
                };
                (rank, i as u8, c)
            })
            .collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = -INF;
        let mut best_move = u8::MAX;
        for (_, i, c) in &children {
            let v = self.child_value(pos, c, depth - 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = *i;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        let (lo, hi) = proven(best, alpha0, beta0, -INF, INF);
        self.table.put_entry(Entry {
            key,
            lo: lo.clamp(-30_000, 30_000) as i16,
            hi: hi.clamp(-30_000, 30_000) as i16,
            best: best_move,
            depth,
        });
        best
    }
}

/// Plays a move for the search, noting what it did.
fn child(pos: &Position, m: Move) -> Child {
    let mut next = *pos;
    next.play_unchecked(m);
    let me = pos.to_move();
    let gained = next.score()[me] - pos.score()[me];
    let extra = next.to_move() == me && !next.is_over();
    Child { m, pos: next, extra, captured: gained.max(0) as u32 }
}
