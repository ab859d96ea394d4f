//! Looking back at a finished game: the turn where one player gave away the most, and the move that
//! was better there.
//!
//! A child who lost to the computer (or drew with it) is offered, on the end screen, to go back to
//! that turn and try it again, with the better move glowing as a hint does. A six-year-old learns
//! more from "here, house 3 would have caught five" than from a lost game and a new one.
//!
//! How a turn is judged: each position where the player had a choice is searched with the hint's
//! effort ([`REVIEW_LIMITS`], Owl's depth and positions), every move considered at the root getting
//! its value at the same depth ([`Searcher::search`] with root scores). What the player gave away
//! there is the best move's value minus the value of the move played. The turn that gave away the
//! most, at least [`MIN_LOSS`] pieces (or points), is the turning point; among equal ones the
//! latest, so that the child has the fewest moves to play again. A player who gave away less than
//! that anywhere played well by this measure, and there is no turning point.
//!
//! In Banana-Cala the search considers only some of the fruit orders ([`super::eval::moves`]), so
//! a child's own order may not be among them: that move is valued by a search of the position after
//! it, one ply shallower, which is what the root's move would have got. Where that search cannot
//! reach that depth within the same budget, the turn is left out rather than misjudged.
//!
//! In the Kalah family (Kalah with any options, Kid-Cala classic) a turn with at most
//! [`EXACT_SEEDS`] seeds left in the houses is judged exactly instead, by the solver
//! ([`super::solver`]): the value under perfect play of the position before the move and of the
//! one after it, within [`EXACT_BUDGET`] positions each (more, and the search judges it as above).
//! On the small teaching boards (Kalah(4,3), 24 seeds) that is every turn, so a teacher can rely on
//! the turn offered; on the full board the last part of the game. Among several best moves the
//! child is shown one with a simple reason (an extra move, a catch) when there is one.
//!
//! Everything here is an effort in positions, not a time, so a review gives the same answer on every
//! machine; `stop` is asked between turns (the browser's time limit): the turns looked at so far,
//! from the last backwards, decide.

use super::eval;
use super::search::{Limits, Searcher};
use super::solver::{Houses, Rules, Solver};
use crate::{Move, Position, Side};

/// Turns with at most this many seeds left in the houses of a Kalah-family game are judged exactly.
pub const EXACT_SEEDS: u32 = 24;

/// The most positions the solver may visit for one position of a turn judged exactly: with the
/// review's tables the start of Kalah(4,3) takes 2.4 million, and the position after house 1 there
/// 5 million. (With 400,000, the first turn, where that child gave away the most, was judged by
/// the search instead, which saw less of it, and a later turn was offered.) Natively the review of
/// such a game takes 0.3 s; the browser's time limit stops a solve too ([`turning_point`]).
pub const EXACT_BUDGET: u64 = 8_000_000;

/// The effort spent on each turn: the hint's (level 4, Owl).
pub const REVIEW_LIMITS: Limits = Limits { depth: 8, nodes: 20_000 };

/// The least a turn must have given away to be worth going back to, in pieces (or points).
pub const MIN_LOSS: i32 = 2;

/// The turn a player would do best to play again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurningPoint {
    /// Its place in the game: the position before the `index`th move (from 0).
    pub index: usize,
    /// The better move there.
    pub better: Move,
    /// How much the move played gave away, as the search (or the solver) saw it.
    pub lost: i32,
}

/// The turning point of `player`'s moves in a game: `history[i]` is the position before
/// `moves[i]` (as in [`crate::Game::history`], which also holds the position after the last move).
/// `None` when the player never gave away [`MIN_LOSS`] or more, or when the record is inconsistent
/// (a move that does not lead to the next position is not judged).
///
/// `stop` is asked between turns, and by the solver as it searches: a solve stopped so leaves its
/// turn to the search.
pub fn turning_point(history: &[Position], moves: &[Move], player: Side, limits: Limits, stop: std::rc::Rc<dyn Fn() -> bool>) -> Option<TurningPoint> {
    let mut searcher = Searcher::new(16);
    let mut solver = history.first().and_then(|p| Rules::of(p.variant())).map(|rules| {
        let mut solver = Solver::new(rules, 18);
        solver.set_endgame(super::level::SOLVE_TABLE_SEEDS);
        solver.set_budget(EXACT_BUDGET);
        let stop = stop.clone();
        solver.set_check(move || stop());
        solver
    });
    let mut found: Option<TurningPoint> = None;
    for index in (0..moves.len()).rev() {
        if stop() {
            break;
        }
        let (Some(before), Some(after)) = (history.get(index), history.get(index + 1)) else { continue };
        if before.to_move() != player || eval::moves(before).len() < 2 || before.play(moves[index]).map(|(p, _)| p).ok() != Some(*after) {
            continue;
        }
        let judged = solver.as_mut().and_then(|s| exactly_given_away(s, before, moves[index], after));
        let Some((better, lost)) = judged.or_else(|| given_away(&mut searcher, before, moves[index], after, limits)) else { continue };
        if lost >= MIN_LOSS && found.map_or(true, |f| lost > f.lost) {
            found = Some(TurningPoint { index, better, lost });
        }
    }
    found
}

/// The best move at `before` and how much `played` (which led to `after`) gave away against it,
/// under perfect play: `None` when the position has more than [`EXACT_SEEDS`] seeds in its houses
/// or a solve does not finish within its budget.
fn exactly_given_away(solver: &mut Solver, before: &Position, played: Move, after: &Position) -> Option<(Move, i32)> {
    if Houses::of(before).seeds() > EXACT_SEEDS as i32 {
        return None;
    }
    let solution = solver.solve(before).ok()?;
    let best: Vec<Move> = solution.best.iter().map(|&h| Move::House(h)).collect();
    // A child learns most from a best move with a reason they can see.
    let better = best.iter().copied().find(|&m| super::level::reason(before, m).is_some()).or_else(|| best.first().copied())?;
    if best.contains(&played) {
        return Some((better, 0));
    }
    let sign = if before.to_move() == Side::South { 1 } else { -1 };
    Some((better, sign * (solution.value - solver.solve(after).ok()?.value)))
}

/// The best move at `before` and how much `played` (which led to `after`) gave away against it.
fn given_away(searcher: &mut Searcher, before: &Position, played: Move, after: &Position, limits: Limits) -> Option<(Move, i32)> {
    let found = searcher.search(before, limits, true)?;
    let value = match found.scores.iter().find(|(m, _)| *m == played) {
        Some(&(_, v)) => v,
        None => value_after(searcher, before.to_move(), after, found.depth.checked_sub(1)?, limits)?,
    };
    Some((found.best, found.value - value))
}

/// The value for `player` of the position after their move, searched to `depth` plies (what the
/// root's search gives a move it considers).
fn value_after(searcher: &mut Searcher, player: Side, after: &Position, depth: u8, limits: Limits) -> Option<i32> {
    let sign = if after.to_move() == player { 1 } else { -1 };
    if let Some(outcome) = after.outcome() {
        return Some(sign * eval::terminal(after, &outcome));
    }
    if depth == 0 {
        return None;
    }
    let found = searcher.search(after, Limits { depth, nodes: limits.nodes }, false)?;
    (found.depth == depth).then_some(sign * found.value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Computer, Rng};
    use crate::{FruitOrder, Game, Piece, Source, Variant, MAX_STORE_MOVE};

    fn never() -> bool {
        false
    }

    /// A game where `player` plays `mine` (chooser) and the other side the computer at `level`.
    fn play_out(variant: Variant, player: Side, level: u8, mut mine: impl FnMut(&Position) -> Move) -> Game {
        let mut game = Game::new(variant);
        let mut computer = Computer::new(7, 16);
        for _ in 0..400 {
            if game.is_over() {
                break;
            }
            let pos = *game.position();
            let m = if pos.to_move() == player { mine(&pos) } else { computer.choose(&pos, level).expect("a move").mv };
            game.play(m).expect("a legal move");
        }
        game
    }

    /// Any legal move, at random; in Banana-Cala a house sown in its own order and a store move of
    /// fruits taken at random, which the search's list of moves mostly does not hold.
    fn any_move(pos: &Position, rng: &mut Rng) -> Move {
        let moves = eval::moves(pos);
        if !matches!(pos.variant(), Variant::Banana { .. }) {
            return moves[rng.below(moves.len() as u64) as usize];
        }
        let sources = pos.sources();
        match sources[rng.below(sources.len() as u64) as usize] {
            Source::House(h) => pos.house_move(h).expect("a house with fruits"),
            _ => {
                let mut store = pos.store(pos.to_move());
                let mut order = FruitOrder::new();
                let len = 1 + rng.below(store.total().min(MAX_STORE_MOVE as u32).into());
                while (order.len() as u64) < len {
                    let kinds: Vec<Piece> = store.iter().map(|(f, _)| f).collect();
                    let f = kinds[rng.below(kinds.len() as u64) as usize];
                    store.remove(f, 1);
                    order.push(f).expect("room for six fruits");
                }
                Move::Store(order)
            }
        }
    }

    #[test]
    fn a_child_who_misses_the_extra_move_at_the_start_is_sent_back_there() {
        // Kalah(6,4): house 3 ends in the store, worth 4 to the search; house 1 is worth -5. A child
        // who plays house 1, and then just as well as the review's own search, loses most at that
        // first turn.
        let mut first = true;
        let mut searcher = Searcher::new(16);
        let game = play_out(Variant::KidCalaClassic, Side::South, 4, |pos| {
            if std::mem::take(&mut first) {
                Move::House(1)
            } else {
                searcher.search(pos, REVIEW_LIMITS, true).expect("a move").best
            }
        });
        let turn = turning_point(game.history(), game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(never)).expect("a turning point");
        assert_eq!((turn.index, turn.better), (0, Move::House(3)), "{turn:?}");
        assert!(turn.lost >= MIN_LOSS);
    }

    #[test]
    fn a_player_who_always_played_the_reviews_own_choice_has_no_turning_point() {
        for variant in ["kalah:6:4", "kalah:4:3:empty", "kidcala-beginner", "kidcala-classic", "banana", "kauri"] {
            let variant: Variant = variant.parse().unwrap();
            let mut searcher = Searcher::new(16);
            // Where the review judges exactly, a best move of the solver; elsewhere the search's.
            let mut solver = Rules::of(variant).map(|rules| Solver::new(rules, 18));
            let game = play_out(variant, Side::North, 2, |pos| {
                let exact = solver.as_mut().filter(|_| Houses::of(pos).seeds() <= EXACT_SEEDS as i32);
                match exact.map(|s| s.solve(pos).expect("a small position is solved")) {
                    Some(solution) => Move::House(solution.best[0]),
                    None => searcher.search(pos, REVIEW_LIMITS, true).expect("a move").best,
                }
            });
            assert!(game.is_over(), "{variant}");
            let turn = turning_point(game.history(), game.moves(), Side::North, REVIEW_LIMITS, std::rc::Rc::new(never));
            assert_eq!(turn, None, "{variant}");
        }
    }

    /// The final margin for the player to move under perfect play, by plain minimax (tiny boards).
    fn perfect(pos: &Position, memo: &mut std::collections::HashMap<Position, i32>) -> i32 {
        if let Some(outcome) = pos.outcome() {
            return outcome.score[pos.to_move()] - outcome.score[pos.to_move().other()];
        }
        if let Some(&v) = memo.get(pos) {
            return v;
        }
        let v = eval::moves(pos)
            .iter()
            .map(|&m| {
                let (next, _) = pos.play(m).expect("a legal move");
                let w = perfect(&next, memo);
                if next.to_move() == pos.to_move() { w } else { -w }
            })
            .max()
            .expect("a move");
        memo.insert(*pos, v);
        v
    }

    #[test]
    fn on_a_small_board_every_turn_is_judged_exactly() {
        // Kalah(3,3) with each option: 18 seeds, every turn within the solver's
        // reach. The turn found gave away exactly the most under perfect play, and its better
        // move keeps the perfect value.
        let mut rng = Rng::new(5);
        let mut memo = std::collections::HashMap::new();
        for (text, games) in [("kalah:3:3", 12), ("kalah:3:3:empty", 6), ("kalah:3:3:nocount", 4), ("kalah:3:3:relay", 4)] {
            let variant: Variant = text.parse().unwrap();
            memo.clear();
            for _ in 0..games {
                let game = play_out(variant, Side::South, 3, |pos| any_move(pos, &mut rng));
                let (history, moves) = (game.history(), game.moves());
                let mut most = 0;
                for i in 0..moves.len() {
                    if history[i].to_move() != Side::South || eval::moves(&history[i]).len() < 2 {
                        continue;
                    }
                    let after = history[i + 1];
                    let sign = if after.to_move() == Side::South { 1 } else { -1 };
                    most = most.max(perfect(&history[i], &mut memo) - sign * perfect(&after, &mut memo));
                }
                let turn = turning_point(history, moves, Side::South, REVIEW_LIMITS, std::rc::Rc::new(never));
                match turn {
                    None => assert!(most < MIN_LOSS, "{text}: {most} given away, no turn found"),
                    Some(t) => {
                        assert_eq!(t.lost, most, "{text}: {t:?}");
                        let before = history[t.index];
                        let (next, _) = before.play(t.better).unwrap();
                        let sign = if next.to_move() == Side::South { 1 } else { -1 };
                        assert_eq!(sign * perfect(&next, &mut memo), perfect(&before, &mut memo), "{text}: {t:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn on_the_smallest_teaching_board_the_first_turn_is_judged_exactly_too() {
        // Kalah(4,3), South playing the worst move each turn: house 1 at the start gave away 12
        // (+6 with house 2, -6 after it), the most of the game; house 3 at turn 6, 10.
        let variant: Variant = "kalah:4:3".parse().unwrap();
        let mut game = crate::Game::new(variant);
        for house in [1, 4, 1, 2, 3, 3, 2, 4, 3, 1, 2] {
            game.play(Move::House(house)).unwrap();
        }
        let turn = turning_point(game.history(), game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(never));
        assert_eq!(turn, Some(TurningPoint { index: 0, better: Move::House(2), lost: 12 }));
        // The solver asks too, as it searches, not only the review between turns: a long solve
        // stops at the browser's time limit.
        let asked = std::rc::Rc::new(std::cell::Cell::new(0));
        let count = asked.clone();
        let again = turning_point(game.history(), game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(move || {
            count.set(count.get() + 1);
            false
        }));
        assert_eq!(again, turn);
        assert!(asked.get() > 2 * game.moves().len(), "asked {} times", asked.get());
        // Stopped from the first solve that asks on, the turns left are not judged: the last ones
        // looked at decide.
        let count = std::rc::Rc::new(std::cell::Cell::new(0));
        let c = count.clone();
        let stopped = turning_point(game.history(), game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(move || {
            c.set(c.get() + 1);
            c.get() > 2
        }));
        assert!(stopped.is_none_or(|t| t.index > 0), "{stopped:?}");
    }

    #[test]
    fn every_turning_point_is_a_legal_better_move_of_that_player_in_every_game() {
        let mut rng = Rng::new(11);
        for variant in ["kalah:6:4", "kalah:4:3:empty", "kidcala-beginner", "kidcala-classic", "banana", "banana:king", "kauri"] {
            let variant: Variant = variant.parse().unwrap();
            for player in Side::ALL {
                // A child who plays any legal move, Banana-Cala's own fruit orders among them.
                let game = play_out(variant, player, 3, |pos| any_move(pos, &mut rng));
                let turn = turning_point(game.history(), game.moves(), player, REVIEW_LIMITS, std::rc::Rc::new(never));
                let t = turn.unwrap_or_else(|| panic!("{variant} {player:?}: a child playing at random always gives something away"));
                let before = game.history()[t.index];
                assert_eq!(before.to_move(), player, "{variant}");
                assert!(before.play(t.better).is_ok(), "{variant}: {t:?}");
                assert_ne!(game.moves()[t.index], t.better, "{variant}: {t:?}");
                assert!(t.lost >= MIN_LOSS, "{variant}: {t:?}");
            }
        }
    }

    #[test]
    fn a_stop_asked_at_once_or_a_record_that_does_not_add_up_gives_no_turning_point() {
        let mut first = true;
        let game = play_out(Variant::KidCalaClassic, Side::South, 3, |pos| {
            if std::mem::take(&mut first) {
                Move::House(6)
            } else {
                eval::moves(pos)[0]
            }
        });
        assert_eq!(turning_point(game.history(), game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(|| true)), None);
        // Positions that do not follow from the moves, or too few of them: nothing is judged.
        let starts = vec![Position::new(Variant::KidCalaClassic); game.history().len()];
        assert_eq!(turning_point(&starts, game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(never)), None);
        assert_eq!(turning_point(&game.history()[..1], game.moves(), Side::South, REVIEW_LIMITS, std::rc::Rc::new(never)), None);
        assert_eq!(turning_point(&[], &[], Side::South, REVIEW_LIMITS, std::rc::Rc::new(never)), None);
    }
}
