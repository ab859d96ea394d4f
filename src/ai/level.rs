//! The five levels of the computer player, and the player itself.
//!
//! A level is a search effort that does not depend on the machine: a depth, a node budget, and how
//! much it wanders from the best move (noise on the root values, and now and then a move picked at
//! random, the kind of mistake a child makes). Matches and tests are therefore repeatable; the browser
//! adds a time limit on top. Level 5 also asks the exact solver in the Kalah family and plays a best
//! move whenever the solver finishes within its budget.

use std::rc::Rc;

use super::eval;
use super::search::{Limits, Searcher};
use super::solver::{Rules, Solver};
use crate::{Move, Position, Side, Variant};

/// A small, fast random number generator (SplitMix64), seeded, so that games can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        super::solver::mix(self.0)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// The search effort of a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// The deepest search, in plies.
    pub depth: u8,
    /// The most positions one move may look at.
    pub nodes: u64,
    /// Each root move's value gets a random number in `-noise..=noise` added.
    pub noise: i32,
    /// Percent of moves picked at random among all moves.
    pub random: u64,
    /// Positions the exact solver may look at (Kalah family), 0 for none.
    pub solve: u64,
}

/// The levels, from 1 (gentle) to 5 (as strong as the budget allows).
pub const LEVELS: [Effort; 5] = [
    Effort { depth: 1, nodes: 1_000, noise: 3, random: 35, solve: 0 },
    Effort { depth: 3, nodes: 2_000, noise: 1, random: 10, solve: 0 },
    Effort { depth: 4, nodes: 8_000, noise: 0, random: 0, solve: 0 },
    Effort { depth: 8, nodes: 20_000, noise: 0, random: 0, solve: 0 },
    Effort { depth: 40, nodes: 100_000, noise: 0, random: 0, solve: 4_000_000 },
];

/// Level 5 asks the solver when no more than this many seeds are left in the houses.
pub const SOLVE_SEEDS: u32 = 36;

/// The solver's endgame table at level 5: boards of up to 12 seeds (2.7 million boards on the
/// 6-house board, one byte each), computed as the solver asks for them and kept for the next move.
pub const SOLVE_TABLE_SEEDS: usize = 12;

/// The effort of level `n` (1..=5; outside, the nearest level).
#[must_use]
pub fn effort(level: u8) -> Effort {
    LEVELS[usize::from(level.clamp(1, 5)) - 1]
}

/// The effort of level `n` in one game. Every level is the same effort in every game but two.
///
/// Level 3 (Fox) is set for each game so that it stands clearly between Bunny and Owl: with one Fox
/// of 4 plies everywhere, Owl beat it in some games by too little, or Fox beat Bunny by too little
/// (each pair measured in ten matches of 100 games from different openings; the figures are in the
/// README).
/// - Kid-Cala beginner searches only odd depths (see [`super::search`]), so its Fox looks 5 plies
///   ahead: at 4 it would look no further than Bunny's 3.
/// - Kauri: 5 plies. At 4, Fox scored only 56 to 70% against Bunny.
/// - The Kalah family (Kalah, Kid-Cala classic): 4 plies with Bunny's ±1 of noise on the values of
///   its moves. Without it, Owl scored only 56 to 72% against Fox.
/// - Banana-Cala: 3 plies. Its many store moves keep Owl within its node budget at 5 plies, and
///   against a Fox of 4 it scored only 58.5 to 64.5%.
///
/// Level 1 (Snail) has no noise in Kauri, so that a young child wins often. Snail looks one move
/// ahead, at what each move catches. In Kauri, with its noise, it picked at random among the moves
/// that catch nothing, which plays Kauri about as well as random play does: a child playing at
/// random won 42.5% of 200 games against it, one taking every catch (which gives the shells away)
/// 27.5%. Without the noise it plays the first of those moves in the search's order, a habit as a
/// child has one, and they win 77% and 60.5%. In the other games the noise makes Snail gentler,
/// not stronger: without it the child at random won only 40% in Kid-Cala beginner, 3% in
/// Banana-Cala. ([`super::matches::Player`] has the two models of a child.)
#[must_use]
pub fn effort_in(variant: Variant, level: u8) -> Effort {
    let mut e = effort(level);
    if level == 1 && variant == Variant::Kauri {
        e.noise = 0;
    }
    if level == 3 {
        match variant {
            Variant::KidCalaBeginner | Variant::Kauri => e.depth = 5,
            Variant::Kalah(_) | Variant::KidCalaClassic => e.noise = 1,
            Variant::Banana { .. } => e.depth = 3,
        }
    }
    e
}

/// Why a move is a good idea, when there is a simple reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The last piece lands in the player's store: they play again.
    ExtraMove,
    /// It captures this many pieces.
    Capture(u32),
}

/// A move the computer chose, and what it knows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its value for the player to move, as the search saw it.
    pub value: i32,
    /// Whether the value is exact (the solver finished).
    pub exact: bool,
    /// Positions looked at.
    pub nodes: u64,
    /// The depth reached (0 when the solver decided).
    pub depth: u8,
}

/// A computer player: its search tables, kept from move to move.
pub struct Computer {
    searcher: Searcher,
    solver: Option<Solver>,
    rng: Rng,
    check: Option<Rc<dyn Fn() -> bool>>,
    solve_check: Option<Rc<dyn Fn() -> bool>>,
    /// The solver's endgame table is made whole (asked again, nothing to do).
    table_made: bool,
}

impl Computer {
    /// A player whose random choices follow `seed`, with tables of 2^`table_bits` entries.
    #[must_use]
    pub fn new(seed: u64, table_bits: u32) -> Computer {
        Computer { searcher: Searcher::new(table_bits), solver: None, rng: Rng::new(seed), check: None, solve_check: None, table_made: false }
    }

    /// A function asked now and then whether to stop thinking (a time limit, a cancel): the best move
    /// found so far is played.
    pub fn set_check(&mut self, check: impl Fn() -> bool + 'static) {
        let check: Rc<dyn Fn() -> bool> = Rc::new(check);
        let c = check.clone();
        self.searcher.set_check(move || c());
        self.check = Some(check);
        self.solve_check = None;
        self.pass_check_to_solver();
    }

    /// A function asked whether the exact solver should give up (sooner than the search, so that a
    /// solve that cannot finish in time leaves the search time to find a good move). Set it after
    /// [`Computer::set_check`], which clears it.
    pub fn set_solve_check(&mut self, check: impl Fn() -> bool + 'static) {
        self.solve_check = Some(Rc::new(check));
        self.pass_check_to_solver();
    }

    fn pass_check_to_solver(&mut self) {
        let Some(check) = self.solve_check.clone().or_else(|| self.check.clone()) else { return };
        if let Some(s) = &mut self.solver {
            s.set_check(move || check());
        }
    }

    /// Chooses a move at `level` (1..=5). `None` when the game is over.
    pub fn choose(&mut self, pos: &Position, level: u8) -> Option<Choice> {
        self.choose_with(pos, effort_in(pos.variant(), level))
    }

    /// Chooses a move with a given effort. `None` when the game is over.
    pub fn choose_with(&mut self, pos: &Position, e: Effort) -> Option<Choice> {
        let seeds: u32 = pos.holes().iter().map(|p| p.total()).sum::<u32>()
            - pos.store(Side::South).total()
            - pos.store(Side::North).total();
        // The solver is asked only where it can hope to finish: few seeds left in the houses.
        if e.solve > 0 && seeds <= SOLVE_SEEDS {
            if let Some(choice) = self.solve(pos, e.solve) {
                return Some(choice);
            }
        }
        let moves = eval::moves(pos);
        if moves.is_empty() {
            return None;
        }
        if e.random > 0 && self.rng.below(100) < e.random {
            let mv = moves[self.rng.below(moves.len() as u64) as usize];
            return Some(Choice { mv, value: 0, exact: false, nodes: 0, depth: 0 });
        }
        let found = self.searcher.search(pos, Limits { depth: e.depth, nodes: e.nodes }, e.noise > 0)?;
        if e.noise == 0 {
            return Some(Choice { mv: found.best, value: found.value, exact: false, nodes: found.nodes, depth: found.depth });
        }
        let span = 2 * e.noise as u64 + 1;
        let (mv, value) = found
            .scores
            .iter()
            .map(|&(m, v)| (m, v, v + self.rng.below(span) as i32 - e.noise))
            .max_by_key(|&(_, _, noisy)| noisy)
            .map(|(m, v, _)| (m, v))?;
        Some(Choice { mv, value, exact: false, nodes: found.nodes, depth: found.depth })
    }

    /// Makes ready what choosing at `level` in `variant` will need, ahead of the first move: level
    /// 5's solver and its whole endgame table in the Kalah family (computed as the solver asks
    /// for boards otherwise, in its first solve's time). Stops when the check function says so
    /// (see [`Computer::set_check`]); `true` when the table is made.
    pub fn prepare(&mut self, variant: Variant, level: u8) -> bool {
        if effort_in(variant, level).solve == 0 {
            return false;
        }
        let Some(rules) = Rules::of(variant) else { return false };
        if self.table_made && self.solver.as_ref().is_some_and(|s| s.rules() == rules) {
            return true;
        }
        self.table_made = self.solver_for(rules).is_some_and(Solver::fill_endgame);
        self.table_made
    }

    /// The solver of this game (with `rules`), made anew for another game.
    fn solver_for(&mut self, rules: Rules) -> Option<&mut Solver> {
        if self.solver.as_ref().map_or(true, |s| s.rules() != rules) {
            let mut solver = Solver::new(rules, 21);
            solver.set_endgame(SOLVE_TABLE_SEEDS);
            self.solver = Some(solver);
            self.table_made = false;
            self.pass_check_to_solver();
        }
        self.solver.as_mut()
    }

    /// The solver's best move, if the game is in the Kalah family and the solve finishes.
    fn solve(&mut self, pos: &Position, budget: u64) -> Option<Choice> {
        let rules = Rules::of(pos.variant())?;
        let solver = self.solver_for(rules)?;
        solver.set_budget(budget);
        let solution = solver.solve(pos).ok()?;
        let house = *solution.best.first()?;
        let sign = if pos.to_move() == Side::South { 1 } else { -1 };
        Some(Choice { mv: Move::House(house), value: sign * solution.value, exact: true, nodes: solution.nodes, depth: 0 })
    }
}

/// The reason to play a move, when it is a simple one: an extra move, or a capture.
#[must_use]
pub fn reason(pos: &Position, mv: Move) -> Option<Reason> {
    let (_, sowing) = pos.play(mv).ok()?;
    let captured = sowing.caught_by(pos.to_move());
    if sowing.extra_move() {
        Some(Reason::ExtraMove)
    } else if captured > 0 {
        Some(Reason::Capture(captured))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_thinks_at_least_as_hard_as_the_one_below_and_wanders_less() {
        for text in ["kalah:6:4", "kalah:4:3:empty", "kidcala-beginner", "kidcala-classic", "banana", "banana:king", "kauri"] {
            let variant: Variant = text.parse().unwrap();
            for level in 2..=5 {
                let (below, e) = (effort_in(variant, level - 1), effort_in(variant, level));
                assert!(e.depth >= below.depth && e.nodes > below.nodes && e.solve >= below.solve, "{text} level {level}");
                // Snail's noise in Kauri is the one exception: there it has none (see `effort_in`).
                let snail_in_kauri = variant == Variant::Kauri && level == 2;
                assert!((e.noise <= below.noise || snail_in_kauri) && e.random <= below.random, "{text} level {level}");
                assert!(e.depth > below.depth || e.noise < below.noise || e.random < below.random, "{text} level {level}");
            }
        }
    }

    #[test]
    fn fox_is_set_for_each_game_snail_in_kauri_and_the_other_levels_are_the_same_everywhere() {
        let fox = |text: &str| effort_in(text.parse().unwrap(), 3);
        assert_eq!((fox("kidcala-beginner").depth, fox("kidcala-beginner").noise), (5, 0));
        assert_eq!((fox("kauri").depth, fox("kauri").noise), (5, 0));
        assert_eq!((fox("kalah:6:4").depth, fox("kalah:6:4").noise), (4, 1));
        assert_eq!(fox("kidcala-classic"), fox("kalah:6:4"));
        assert_eq!((fox("banana").depth, fox("banana").noise), (3, 0));
        assert_eq!(effort_in(Variant::Kauri, 1), Effort { noise: 0, ..effort(1) });
        for text in ["kalah:6:4", "kidcala-beginner", "banana", "kauri"] {
            for level in [1, 2, 4, 5] {
                if text == "kauri" && level == 1 {
                    continue;
                }
                assert_eq!(effort_in(text.parse().unwrap(), level), effort(level), "{text} level {level}");
            }
        }
    }

    #[test]
    fn level_5_makes_its_solvers_endgame_table_ahead_in_the_kalah_family_alone() {
        let kalah: Variant = "kalah:6:3".parse().unwrap();
        // Nothing to make at the other levels, or in the other games.
        for (variant, level) in [(kalah, 4), (Variant::Banana { king: false }, 5), (Variant::Kauri, 5), (Variant::KidCalaBeginner, 5)] {
            let mut computer = Computer::new(1, 12);
            assert!(!computer.prepare(variant, level), "{variant:?} level {level}");
            assert!(computer.solver.is_none());
        }
        // Stopped at once: not made (the solver makes the rest as its search asks for boards).
        let after = Position::new(kalah).play(Move::House(3)).unwrap().0;
        let mut stopped = Computer::new(1, 12);
        stopped.set_check(|| true);
        assert!(!stopped.prepare(kalah, 5));
        // Made whole: every board of the table is known, and the answer is the same.
        let mut computer = Computer::new(1, 12);
        assert!(computer.prepare(kalah, 5));
        // Asked again, nothing to do: made already, even if stopped at once.
        computer.set_check(|| true);
        assert!(computer.prepare(kalah, 5));
        computer.set_check(|| false);
        let table = computer.solver.as_ref().and_then(Solver::endgame).expect("a table");
        let whole = crate::ai::endgame::Endgame::new(Rules::of(kalah).unwrap(), SOLVE_TABLE_SEEDS);
        assert!(whole.fill(|| false));
        assert_eq!(table.filled(), whole.filled());
        let fresh = Computer::new(1, 12).choose(&after, 5).unwrap();
        let prepared = computer.choose(&after, 5).unwrap();
        assert!(fresh.exact && prepared.exact);
        assert_eq!((prepared.mv, prepared.value), (fresh.mv, fresh.value));
        // Kalah(6,3) after house 3: house 6 is the best answer (the solver's value, -10 for South).
        assert_eq!((prepared.mv, prepared.value), (Move::House(6), 10));
    }
}
