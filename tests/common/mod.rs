//! Helpers shared by the integration tests: random legal moves and a replay of sowing traces.

#![allow(dead_code)]

use mancala::{Event, FruitOrder, Hole, Move, Piece, Pile, Place, Position, Side, Source, Variant};

/// A small deterministic generator (xorshift), so failures repeat from their seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every game, with a spread of Kalah sizes and options.
pub fn variants() -> Vec<Variant> {
    let mut v: Vec<Variant> = [
        "kalah:6:4", "kalah:6:3", "kalah:6:6", "kalah:4:4:empty", "kalah:5:3:nocount", "kalah:6:4:relay",
        "kalah:3:3:empty:nocount:relay", "kalah:1:1", "kalah:8:8:relay", "kalah:2:5:empty",
        "kidcala-beginner", "kidcala-classic", "banana", "banana:king", "kauri",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    v.dedup();
    v
}

/// A random legal move, or `None` when there is none.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let sources = pos.sources();
    if sources.is_empty() {
        return None;
    }
    let source = sources[rng.below(sources.len())];
    let me = pos.to_move();
    Some(match (pos.variant(), source) {
        (Variant::Banana { .. }, Source::House(h)) => {
            Move::HouseInOrder(h, shuffled(pos.house(me, h), usize::MAX, rng))
        }
        (Variant::Banana { .. }, Source::Store) => {
            let store = pos.store(me);
            let n = 1 + rng.below((store.total() as usize).min(6));
            Move::Store(shuffled(store, n, rng))
        }
        (_, Source::House(h)) => Move::House(h),
        (_, Source::Pass) => Move::Pass,
        (_, Source::Store) => unreachable!("only Banana-Cala sows from a store"),
    })
}

/// `n` fruits of `pile` (all of them when `n` is larger) in a random order.
pub fn shuffled(pile: Pile, n: usize, rng: &mut Rng) -> FruitOrder {
    let mut bag: Vec<Piece> = pile.iter().flat_map(|(p, c)| std::iter::repeat(p).take(c.into())).collect();
    let mut order = FruitOrder::new();
    while !bag.is_empty() && order.len() < n {
        let i = rng.below(bag.len());
        order.push(bag.swap_remove(i)).unwrap();
    }
    order
}

/// The board as a list of piles plus the captured piles, for comparing with a replayed trace.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct Board {
    pub holes: Vec<Pile>,
    pub captured: [Pile; 2],
    pub removed: Pile,
}

pub fn board_of(pos: &Position) -> Board {
    Board {
        holes: pos.holes().to_vec(),
        captured: [pos.captured(Side::South), pos.captured(Side::North)],
        removed: Pile::EMPTY,
    }
}

fn take(pile: &mut Pile, what: Pile) -> Result<(), String> {
    for (p, n) in what.iter() {
        if !pile.remove(p, n) {
            return Err(format!("took {what} from {pile}"));
        }
    }
    Ok(())
}

/// Applies a move's events to the board, piece by piece, the way the app animates them. The hand
/// holds what was picked up; every drop must come out of it.
pub fn replay_events(board: &mut Board, events: &[Event], m: usize) -> Result<(), String> {
    let mut hand = Pile::EMPTY;
    let idx = |h: Hole| h.index(m);
    for e in events {
        match *e {
            Event::PickUp { hole, pieces } => {
                take(&mut board.holes[idx(hole)], pieces)?;
                hand.add_pile(pieces);
            }
            Event::Drop { hole, piece } => {
                if !hand.remove(piece, 1) {
                    return Err(format!("dropped a {piece} that was not in hand ({hand})"));
                }
                board.holes[idx(hole)].add(piece, 1);
            }
            Event::Capture { from, pieces, to, .. } | Event::Sweep { from, pieces, to } => {
                take(&mut board.holes[idx(from)], pieces)?;
                match to {
                    Place::Hole(h) => board.holes[idx(h)].add_pile(pieces),
                    Place::Captured(s) => board.captured[s.index()].add_pile(pieces),
                    Place::Removed => board.removed.add_pile(pieces),
                }
            }
            Event::ExtraMove { .. } | Event::Pass { .. } | Event::End { .. } => {}
        }
    }
    if !hand.is_empty() {
        return Err(format!("pieces left in hand: {hand}"));
    }
    Ok(())
}

/// Every piece of the game: on the board and in the captured piles.
pub fn all_pieces(pos: &Position) -> Pile {
    let mut all = Pile::EMPTY;
    for p in pos.holes() {
        all.add_pile(*p);
    }
    all.add_pile(pos.captured(Side::South));
    all.add_pile(pos.captured(Side::North));
    all
}
