//! The fixed benchmark: the same positions searched to the same depths everywhere, natively by
//! `mancala bench` and in the browser's worker, so that their speeds can be compared.
//!
//! The clock is passed in: the standard library has none in the browser.

use super::search::{Limits, Searcher};
use super::solver::{Rules, Solver};
use crate::{Game, Move, Position, Variant};

/// One line of the benchmark.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// What was searched.
    pub name: String,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds taken.
    pub ms: f64,
}

impl Line {
    /// Positions per second.
    #[must_use]
    pub fn nps(&self) -> f64 {
        if self.ms > 0.0 {
            self.nodes as f64 * 1000.0 / self.ms
        } else {
            0.0
        }
    }
}

/// The positions: each game's start and one position a few moves in, with the depth searched (deep
/// enough for each search to take a good fraction of a second, so that a millisecond clock and a
/// browser still warming its compiler up do not blur the figures).
const CASES: [(&str, &[&str], u8); 10] = [
    ("kalah:6:4", &[], 13),
    ("kalah:6:4", &["3", "6", "1"], 13),
    ("kidcala-beginner", &[], 11),
    ("kidcala-beginner", &["2", "5"], 11),
    ("kidcala-classic", &["4", "2"], 13),
    ("banana", &[], 5),
    ("banana", &["M:BGAO", "M:GAO"], 5),
    ("kauri", &[], 10),
    ("kauri", &["2", "5"], 10),
    ("kalah:6:4:empty", &["1", "6"], 13),
];

fn position(variant: &str, moves: &[&str]) -> Option<Position> {
    let variant: Variant = variant.parse().ok()?;
    let mut game = Game::new(variant);
    for text in moves {
        // A bare number is a house in its default order, as on the command line.
        let m = match text.parse::<u8>() {
            Ok(h) => game.position().house_move(h).ok()?,
            Err(_) => text.parse::<Move>().ok()?,
        };
        game.play(m).ok()?;
    }
    Some(*game.position())
}

/// Runs the benchmark: every search case, then the exact solve of Kalah(6, 3). `clock` gives
/// milliseconds.
///
/// The searches run twice and the second time is kept: a browser first runs new WebAssembly code
/// with a quick baseline compiler and only later with its optimising one, and the first pass gives
/// it the time to do so. The command line does the same, so that the two compare like with like.
pub fn run(clock: &dyn Fn() -> f64) -> Vec<Line> {
    let _warm_up = searches(clock);
    let mut lines = searches(clock);
    lines.extend(solve_line(clock));
    lines
}

/// Every search case once.
fn searches(clock: &dyn Fn() -> f64) -> Vec<Line> {
    let mut lines = Vec::new();
    for (variant, moves, depth) in CASES {
        let Some(pos) = position(variant, moves) else { continue };
        let mut searcher = Searcher::new(18);
        let start = clock();
        let found = searcher.search(&pos, Limits { depth, nodes: u64::MAX }, false);
        let ms = clock() - start;
        let name = format!("search {variant} {} depth {depth}", if moves.is_empty() { "start".to_string() } else { moves.join(" ") });
        lines.push(Line { name, nodes: found.map_or(0, |f| f.nodes), ms });
    }
    lines
}

/// The solve of Kalah(6, 3), once (it is long enough to need no warming up).
fn solve_line(clock: &dyn Fn() -> f64) -> Option<Line> {
    if let Some(pos) = position("kalah:6:3", &[]) {
        if let Some(rules) = Rules::of(pos.variant()) {
            let mut solver = Solver::new(rules, 21);
            let start = clock();
            let nodes = solver.solve(&pos).map_or(0, |s| s.nodes);
            return Some(Line { name: "solve kalah:6:3 start".to_string(), nodes, ms: clock() - start });
        }
    }
    None
}

/// The lines as text, with a total.
#[must_use]
pub fn report(lines: &[Line]) -> String {
    let mut out = String::new();
    let (mut nodes, mut ms) = (0u64, 0f64);
    for l in lines {
        out += &format!("{:<48} {:>12} nodes {:>9.1} ms {:>12.0} nodes/s\n", l.name, l.nodes, l.ms, l.nps());
        nodes += l.nodes;
        ms += l.ms;
    }
    let total = Line { name: "total".into(), nodes, ms };
    out += &format!("{:<48} {:>12} nodes {:>9.1} ms {:>12.0} nodes/s\n", "total", nodes, ms, total.nps());
    out
}
