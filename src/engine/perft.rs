//! Counting move sequences ("perft"), to check move generation against known numbers.

use super::Position;

/// For each depth d = 1..=`depth`, the number of distinct sequences of exactly d moves from `pos`.
///
/// A move is one sowing or a Kauri pass; an extra move is simply the next move. Sequences that reach
/// the end of the game early are not counted at the deeper depths. Banana-Cala moves that differ in
/// fruit order are distinct. The third-occurrence rule is ignored (a position has no history).
///
/// The last level is counted without playing it, so Banana-Cala's huge numbers of orders cost
/// nothing there.
///
/// ```
/// use mancala::{perft, Position, Variant};
/// let start = Position::new("kalah:6:4".parse::<Variant>().unwrap());
/// assert_eq!(perft(&start, 4), vec![6, 35, 185, 942]);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: usize) -> Vec<u128> {
    let mut counts = vec![0; depth];
    walk(pos, 0, &mut counts);
    counts
}

fn walk(pos: &Position, ply: usize, counts: &mut [u128]) {
    if ply >= counts.len() {
        return;
    }
    counts[ply] += pos.count_moves();
    if ply + 1 == counts.len() {
        return;
    }
    pos.for_each_move(|m| {
        let mut next = *pos;
        next.play_unchecked(m);
        walk(&next, ply + 1, counts);
    });
}
