//! What the computer looks at: the moves it considers, how it values a position, and the bounds the
//! rules put on the final score.
//!
//! Values are from the point of view of the player to move, in pieces (or points in Banana-Cala).
//! A won game is worth [`WIN`] plus the margin, so that any win beats any position still in play.

use arrayvec::ArrayVec;

use super::solver::mix;
use crate::{FruitOrder, Move, Outcome, Piece, Pile, Position, Side, Variant, MAX_STORE_MOVE};

/// The value of a won game, above any count of pieces.
pub const WIN: i32 = 1000;

/// The moves the search considers (at most 64).
pub type MoveList = ArrayVec<Move, 64>;

/// A 64-bit key of a position for the transposition table: every hole, the captured piles and the
/// player to move, mixed.
#[must_use]
pub fn key(pos: &Position) -> u64 {
    let mut h = if pos.to_move() == Side::South { 0x9e37_79b9_7f4a_7c15 } else { 0x6a09_e667_f3bc_c909 };
    for pile in pos.holes() {
        h = mix(h ^ pile.packed());
    }
    for side in Side::ALL {
        h = mix(h ^ pos.captured(side).packed() ^ 0x5bd1_e995);
    }
    h
}

/// The value of a finished game for the player to move.
#[must_use]
pub fn terminal(pos: &Position, outcome: &Outcome) -> i32 {
    let me = pos.to_move();
    let margin = outcome.score[me] - outcome.score[me.other()];
    match pos.variant() {
        // Kalah, Kid-Cala classic and Banana-Cala are decided by the score: the margin says it all.
        Variant::Kalah(_) | Variant::KidCalaClassic | Variant::Banana { .. } => margin,
        // Kid-Cala beginner and Kauri can be won with fewer pieces.
        Variant::KidCalaBeginner | Variant::Kauri => match outcome.winner {
            Some(w) if w == me => WIN + margin.abs(),
            Some(_) => -WIN - margin.abs(),
            None => 0,
        },
    }
}

/// The value of a position still in play, for the player to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let score = pos.score();
    match pos.variant() {
        // The race to empty one's houses is decided at its very end, which the search sees when it
        // gets there. Before that, pieces at hand are choices: a player with few left soon has to
        // play whatever they still have, feeding the other side or missing the exact count into
        // their store. So more pieces on one's side than on the other is better. (Matches between
        // levels bear this out: counting the other way round, a deeper search lost to a shallower
        // one.)
        Variant::KidCalaBeginner => {
            let left = |s: Side| pos.houses(s).map(|p| p.total() as i32).sum::<i32>();
            left(me) - left(me.other())
        }
        _ => score[me] - score[me.other()],
    }
}

/// Bounds on the final margin (player to move minus the other) that the rules guarantee, where they
/// give any: in the Kalah family a store never loses a seed, so neither player can end below their
/// store, nor above everything not in the other store.
#[must_use]
pub fn bounds(pos: &Position) -> Option<(i32, i32)> {
    match pos.variant() {
        Variant::Kalah(_) | Variant::KidCalaClassic => {
            let me = pos.to_move();
            let mine = pos.store(me).total() as i32;
            let theirs = pos.store(me.other()).total() as i32;
            let all: i32 = pos.holes().iter().map(|p| p.total() as i32).sum();
            Some((2 * mine - all, all - 2 * theirs))
        }
        _ => None,
    }
}

/// The fruits from the cheapest to the dearest for the player who captures them: a player sowing
/// from their store gives the cheap ones away first.
fn cheapest_first(pos: &Position) -> [Piece; 4] {
    let mut kinds = Piece::FRUITS;
    kinds.sort_by_key(|&f| pos.fruit_points(Pile::of(f, 1)));
    kinds
}

/// The moves the search considers: every legal move, except in Banana-Cala, where fruit orders are
/// too many (a house of 12 mixed fruits has hundreds of thousands). There the search considers:
///
/// - for a house, one order for each kind of fruit it holds, with that kind dropped last and the rest
///   in the default order: where the last fruit lands decides a capture, and which fruit it is
///   decides what that capture is worth, while the fruits before it only fill holes on the way;
/// - for the store, for each number of fruits (1 to 6) and each kind to drop last, the cheapest fruits
///   first: the same reasoning, and the dear fruits stay home.
///
/// Every move in the list is legal; the list never has the same move twice.
#[must_use]
pub fn moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let mut push = |m: Move| {
        if !list.contains(&m) && !list.is_full() {
            list.push(m);
        }
    };
    match pos.variant() {
        Variant::Banana { .. } => {
            let me = pos.to_move();
            for source in pos.sources() {
                match source {
                    crate::Source::House(h) => {
                        let pile = pos.house(me, h);
                        for (last, _) in pile.iter() {
                            let mut rest = pile;
                            rest.remove(last, 1);
                            let mut order = FruitOrder::grouped(rest);
                            if order.push(last).is_ok() {
                                push(Move::HouseInOrder(h, order));
                            }
                        }
                    }
                    crate::Source::Store => {
                        let store = pos.store(me);
                        let kinds = cheapest_first(pos);
                        for len in 1..=MAX_STORE_MOVE.min(store.total() as usize) {
                            for (last, _) in store.iter() {
                                let mut left = store;
                                left.remove(last, 1);
                                let mut order = FruitOrder::new();
                                'fill: for &f in &kinds {
                                    while order.len() + 1 < len && left.count(f) > 0 {
                                        left.remove(f, 1);
                                        if order.push(f).is_err() {
                                            break 'fill;
                                        }
                                    }
                                }
                                if order.len() + 1 == len && order.push(last).is_ok() {
                                    push(Move::Store(order));
                                }
                            }
                        }
                    }
                    crate::Source::Pass => {}
                }
            }
        }
        _ => pos.for_each_move(&mut push),
    }
    debug_assert!(list.iter().all(|&m| pos.check(m).is_ok()), "every move considered is legal");
    list
}
