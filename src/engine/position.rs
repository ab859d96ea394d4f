//! A position: every piece on the board, the captured piles and the side to move; its legal moves,
//! and the rules of every game for playing a move.

use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::hole::Board;
use super::sowing::Recorder;
use super::{
    BySide, EndReason, Event, FruitOrder, Hole, IllegalMove, KalahRules, Move, Outcome, Piece, Pile,
    Place, PositionError, Side, Sowing, Variant,
};

/// The most holes a board has (8 houses a side and two stores).
pub const MAX_HOLES: usize = 18;

/// Kauri: seeds and cowries on the board.
const KAURI_SEEDS: u32 = 60;
const KAURI_COWRIES: u32 = 12;
/// Banana-Cala: fruits of each kind in the game (six for each player).
const BANANA_EACH: u32 = 12;
/// Banana-Cala: the most fruits one store move sows.
pub const MAX_STORE_MOVE: usize = 6;

/// Where a move picks its pieces up: the first choice a player makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// An own house, 1-based from the mover's left.
    House(u8),
    /// Banana-Cala: the own store.
    Store,
    /// Kauri: no cowrie, so the player passes.
    Pass,
}

/// The legal sources of a position (at most 8 houses and the store).
pub type SourceList = ArrayVec<Source, 9>;

/// A position of any of the games: a plain value, cheap to copy, comparable and hashable.
///
/// ```
/// use mancala::{Position, Variant, Move, Side, Event};
/// let start = Position::new("kalah:6:4".parse::<Variant>().unwrap());
/// let (after, sowing) = start.play(Move::House(3)).unwrap();
/// assert!(sowing.extra_move()); // 4 seeds from house 3: the last one lands in the store
/// assert_eq!(after.to_move(), Side::South);
/// assert!(start.play(Move::House(9)).is_err()); // and `start` is unchanged
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    to_move: Side,
    holes: [Pile; MAX_HOLES],
    captured: BySide<Pile>,
}

/// Options of the Kalah-like sowing shared by Kalah, Kid-Cala classic and Kid-Cala beginner.
#[derive(Clone, Copy)]
struct KalahSowing {
    skip_opponent_store: bool,
    captures: bool,
    empty_capture: bool,
    relay: bool,
}

impl KalahSowing {
    fn of(rules: KalahRules) -> KalahSowing {
        KalahSowing {
            skip_opponent_store: true,
            captures: true,
            empty_capture: rules.empty_capture,
            relay: rules.relay,
        }
    }
    const BEGINNER: KalahSowing =
        KalahSowing { skip_opponent_store: false, captures: false, empty_capture: false, relay: false };
}

/// The number of distinct orders of a multiset of fruits: n! / (c1! c2! ...).
fn multinomial(pile: Pile) -> u128 {
    let mut result: u128 = 1;
    let mut n: u128 = 0;
    for (_, c) in pile.iter() {
        for i in 1..=u128::from(c) {
            n += 1;
            result = result * n / i;
        }
    }
    result
}

fn binomial(n: u128, k: u128) -> u128 {
    (1..=k).fold(1, |acc, i| acc * (n + 1 - i) / i)
}

impl Position {
    /// The starting position of a game.
    #[must_use]
    pub fn new(variant: Variant) -> Position {
        let b = Board { m: variant.houses() };
        let mut holes = [Pile::EMPTY; MAX_HOLES];
        let mut stores = Pile::EMPTY;
        let house = match variant {
            Variant::Kalah(k) => Pile::of(Piece::Seed, k.seeds),
            Variant::KidCalaBeginner | Variant::KidCalaClassic => Pile::of(Piece::Seed, 4),
            Variant::Kauri => {
                let mut p = Pile::of(Piece::Seed, 5);
                p.add(Piece::Cowrie, 1);
                p
            }
            Variant::Banana { .. } => {
                for f in Piece::FRUITS {
                    stores.add(f, 6);
                }
                Pile::EMPTY
            }
        };
        for side in Side::ALL {
            for i in b.houses(side) {
                holes[i] = house;
            }
            holes[b.store(side)] = stores;
        }
        Position { variant, to_move: Side::South, holes, captured: BySide::default() }
    }

    /// The game.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    fn board(&self) -> Board {
        Board { m: self.variant.houses() }
    }

    /// The pieces in a hole (nothing, for a hole that is not on this board).
    #[must_use]
    pub fn pile(&self, hole: Hole) -> Pile {
        let m = self.variant.houses();
        match hole {
            Hole::House { number, .. } if number == 0 || usize::from(number) > m => Pile::EMPTY,
            _ => self.holes[hole.index(m)],
        }
    }

    /// The pieces in house `number` (1-based from the owner's left) of `side`.
    #[must_use]
    pub fn house(&self, side: Side, number: u8) -> Pile {
        self.pile(Hole::house(side, number))
    }

    /// The houses of a side, from the owner's left.
    pub fn houses(&self, side: Side) -> impl Iterator<Item = Pile> + '_ {
        self.board().houses(side).map(|i| self.holes[i])
    }

    /// The pieces in a side's store.
    #[must_use]
    pub fn store(&self, side: Side) -> Pile {
        self.holes[self.board().store(side)]
    }

    /// Banana-Cala: the fruits a side has captured (kept beside the board, out of play).
    #[must_use]
    pub fn captured(&self, side: Side) -> Pile {
        self.captured[side]
    }

    /// Whether every house of a side is empty.
    #[must_use]
    pub fn houses_empty(&self, side: Side) -> bool {
        self.houses(side).all(|p| p.is_empty())
    }

    /// Every piece still on the board (houses and stores) of one side's holes.
    fn on_side(&self, side: Side) -> Pile {
        let b = self.board();
        let mut pile = self.holes[b.store(side)];
        for i in b.houses(side) {
            pile.add_pile(self.holes[i]);
        }
        pile
    }

    fn has_cowrie(&self, side: Side) -> bool {
        self.houses(side).any(|p| p.count(Piece::Cowrie) > 0)
    }

    /// Banana-Cala: the points a pile of fruits is worth.
    #[must_use]
    pub fn fruit_points(&self, pile: Pile) -> i32 {
        let king = matches!(self.variant, Variant::Banana { king: true });
        let value = |p: Piece| -> i32 {
            match (p, king) {
                (Piece::Banana, _) => -1,
                (Piece::Grape, true) => 0,
                (Piece::Orange, true) => 2,
                _ => 1,
            }
        };
        pile.iter().filter(|(p, _)| p.is_fruit()).map(|(p, n)| value(p) * i32::from(n)).sum()
    }

    /// The score of each side as it stands: the pieces in each store (Kalah, Kid-Cala, Kauri), or the
    /// points of the captured fruits (Banana-Cala). At the end of a game this is the final score.
    #[must_use]
    pub fn score(&self) -> BySide<i32> {
        if let Some(outcome) = self.outcome() {
            return outcome.score;
        }
        self.running_score()
    }

    fn running_score(&self) -> BySide<i32> {
        match self.variant {
            Variant::Banana { .. } => BySide::from_fn(|s| self.fruit_points(self.captured[s])),
            _ => BySide::from_fn(|s| self.store(s).total() as i32),
        }
    }

    /// The result, if the rules end the game in this position. The third-occurrence rule of
    /// Banana-Cala and Kauri needs the history, so [`crate::Game::outcome`] adds that.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.variant {
            Variant::Kalah(_) | Variant::KidCalaClassic => {
                let rules = self.variant.kalah_rules()?;
                if !Side::ALL.iter().any(|&s| self.houses_empty(s)) {
                    return None;
                }
                let score = BySide::from_fn(|s| {
                    let store = self.store(s).total();
                    let left: u32 = self.houses(s).map(|p| p.total()).sum();
                    (if rules.remaining_not_counted { store } else { store + left }) as i32
                });
                Some(Outcome::by_score(score, EndReason::HousesEmpty))
            }
            Variant::KidCalaBeginner => {
                let emptied = match Side::ALL.map(|s| self.houses_empty(s)) {
                    [false, false] => return None,
                    [true, true] => self.to_move.other(),
                    [true, false] => Side::South,
                    [false, true] => Side::North,
                };
                Some(Outcome {
                    winner: Some(emptied),
                    score: self.running_score(),
                    reason: EndReason::Emptied,
                })
            }
            Variant::Banana { .. } => {
                let stuck = self.to_move;
                if !self.on_side(stuck).is_empty() {
                    return None;
                }
                let mut score = self.running_score();
                score[stuck.other()] += self.fruit_points(self.on_side(stuck.other()));
                Some(Outcome::by_score(score, EndReason::CannotMove))
            }
            Variant::Kauri => {
                let stores = BySide::from_fn(|s| self.store(s).total());
                let score = stores.map(|n| n as i32);
                if let Some(&side) = Side::ALL.iter().find(|&&s| stores[s] * 2 > KAURI_SEEDS) {
                    return Some(Outcome { winner: Some(side), score, reason: EndReason::Majority });
                }
                if stores.south + stores.north == KAURI_SEEDS && !self.has_cowrie(self.to_move) {
                    return Some(Outcome {
                        winner: Some(self.to_move.other()),
                        score,
                        reason: EndReason::NoCowrie,
                    });
                }
                None
            }
        }
    }

    /// Whether the rules end the game here (see [`Position::outcome`]).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Where the player to move can pick pieces up: non-empty houses (Kauri: houses with a cowrie),
    /// the store in Banana-Cala when it holds fruit, or a pass in Kauri. Empty when the game is over.
    #[must_use]
    pub fn sources(&self) -> SourceList {
        let mut list = SourceList::new();
        if self.is_over() {
            return list;
        }
        let b = self.board();
        let me = self.to_move;
        for (k, i) in b.houses(me).enumerate() {
            let pile = self.holes[i];
            let ok = match self.variant {
                Variant::Kauri => pile.count(Piece::Cowrie) > 0,
                _ => !pile.is_empty(),
            };
            if ok {
                list.push(Source::House(k as u8 + 1));
            }
        }
        match self.variant {
            Variant::Banana { .. } if !self.store(me).is_empty() => list.push(Source::Store),
            Variant::Kauri if list.is_empty() => list.push(Source::Pass),
            _ => {}
        }
        list
    }

    /// How many legal moves start from `source` (Banana-Cala: one for each order of the fruits).
    /// Zero when the source is not legal.
    #[must_use]
    pub fn count_moves_from(&self, source: Source) -> u128 {
        if self.sources().contains(&source) {
            self.count_legal_source(source)
        } else {
            0
        }
    }

    fn count_legal_source(&self, source: Source) -> u128 {
        match (self.variant, source) {
            (Variant::Banana { .. }, Source::House(h)) => multinomial(self.house(self.to_move, h)),
            (Variant::Banana { .. }, Source::Store) => {
                // Sequences of 1..=6 fruits, each kind at most as often as the store holds it:
                // ways[j] counts the sequences of length j over the kinds seen so far.
                let store = self.store(self.to_move);
                let mut ways = [0u128; MAX_STORE_MOVE + 1];
                ways[0] = 1;
                for f in Piece::FRUITS {
                    let have = usize::from(store.count(f));
                    let mut next = [0u128; MAX_STORE_MOVE + 1];
                    for (j, slot) in next.iter_mut().enumerate() {
                        for c in 0..=have.min(j) {
                            *slot += ways[j - c] * binomial(j as u128, c as u128);
                        }
                    }
                    ways = next;
                }
                ways[1..].iter().sum()
            }
            _ => 1,
        }
    }

    /// How many legal moves the position has (Banana-Cala moves that differ in fruit order count
    /// separately, so this can be very large).
    #[must_use]
    pub fn count_moves(&self) -> u128 {
        self.sources().into_iter().map(|s| self.count_legal_source(s)).sum()
    }

    /// Calls `visit` with every legal move from `source`.
    ///
    /// In Banana-Cala a big house has a great many orders (a house of 12 fruits, three of each kind,
    /// has 369,600): check [`Position::count_moves_from`] before visiting them all.
    pub fn for_each_move_from(&self, source: Source, visit: impl FnMut(Move)) {
        if self.sources().contains(&source) {
            self.visit_legal_source(source, visit);
        }
    }

    fn visit_legal_source(&self, source: Source, mut visit: impl FnMut(Move)) {
        match (self.variant, source) {
            (Variant::Banana { .. }, Source::House(h)) => {
                let pile = self.house(self.to_move, h);
                let total = pile.total() as usize;
                orders(pile, total, total, FruitOrder::new(), &mut |o| {
                    visit(Move::HouseInOrder(h, o));
                });
            }
            (Variant::Banana { .. }, Source::Store) => {
                let mut store = self.store(self.to_move);
                for f in Piece::FRUITS {
                    let keep = store.count(f).min(MAX_STORE_MOVE as u8);
                    store.take_kind(f);
                    store.add(f, keep);
                }
                orders(store, 1, MAX_STORE_MOVE, FruitOrder::new(), &mut |o| visit(Move::Store(o)));
            }
            (_, Source::House(h)) => visit(Move::House(h)),
            (_, Source::Pass) => visit(Move::Pass),
            (_, Source::Store) => {}
        }
    }

    /// Calls `visit` with every legal move (see the warning on [`Position::for_each_move_from`]).
    pub fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        for s in self.sources() {
            self.visit_legal_source(s, &mut visit);
        }
    }

    /// The move that sows house `house` of the player to move: [`Move::House`], or in Banana-Cala the
    /// house in its default order (grouped by kind: bananas, grapes, apples, oranges).
    pub fn house_move(&self, house: u8) -> Result<Move, IllegalMove> {
        let m = match self.variant {
            Variant::Banana { .. } => {
                self.check_house(house)?;
                Move::HouseInOrder(house, FruitOrder::grouped(self.house(self.to_move, house)))
            }
            _ => Move::House(house),
        };
        self.check(m)?;
        Ok(m)
    }

    fn check_house(&self, house: u8) -> Result<Pile, IllegalMove> {
        let m = self.variant.houses();
        if house == 0 || usize::from(house) > m {
            return Err(IllegalMove::NoSuchHouse { house, houses: m as u8 });
        }
        let pile = self.house(self.to_move, house);
        if pile.is_empty() {
            return Err(IllegalMove::EmptyHouse(house));
        }
        Ok(pile)
    }

    /// Whether `m` is legal here, and if not, why.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.to_move;
        match (self.variant, m) {
            (Variant::Kauri, Move::Pass) if self.has_cowrie(me) => Err(IllegalMove::CannotPass),
            (Variant::Kauri, Move::Pass) => Ok(()),
            (_, Move::Pass) => Err(IllegalMove::NoPassInThisGame),
            (Variant::Kauri, Move::House(h)) => {
                if !self.has_cowrie(me) {
                    return Err(IllegalMove::MustPass);
                }
                let pile = self.check_house(h)?;
                if pile.count(Piece::Cowrie) == 0 {
                    return Err(IllegalMove::NoCowrie(h));
                }
                Ok(())
            }
            (Variant::Banana { .. }, Move::House(h)) => {
                self.check_house(h)?;
                Err(IllegalMove::OrderNeeded(h))
            }
            (Variant::Banana { .. }, Move::HouseInOrder(h, order)) => {
                let holds = self.check_house(h)?;
                if order.pile() != holds {
                    return Err(IllegalMove::WrongFruits { house: h, holds, order: order.pile() });
                }
                Ok(())
            }
            (Variant::Banana { .. }, Move::Store(order)) => {
                if order.is_empty() || order.len() > MAX_STORE_MOVE {
                    return Err(IllegalMove::StoreMoveSize(order.len()));
                }
                let store = self.store(me);
                let wanted = order.pile();
                for (fruit, n) in wanted.iter() {
                    if store.count(fruit) < n {
                        return Err(IllegalMove::NotInStore { fruit, wanted: n, have: store.count(fruit) });
                    }
                }
                Ok(())
            }
            (_, Move::House(h)) => self.check_house(h).map(|_| ()),
            (_, Move::HouseInOrder(..)) => Err(IllegalMove::NoOrderInThisGame),
            (_, Move::Store(_)) => Err(IllegalMove::NoStoreMoveInThisGame),
        }
    }

    /// Plays a move: the new position and the trace of the sowing, or why the move is illegal (then
    /// nothing changes).
    pub fn play(&self, m: Move) -> Result<(Position, Sowing), IllegalMove> {
        self.check(m)?;
        let mut next = *self;
        let mut events = Vec::new();
        next.apply(m, &mut events);
        Ok((next, Sowing { side: self.to_move, mv: m, events }))
    }

    /// Plays a move in place without checking it and without recording a trace: the fast path for
    /// search and counting.
    ///
    /// # Panics
    /// The move must be legal ([`Position::check`]); an illegal move may panic or leave a position
    /// that breaks the rules.
    pub fn play_unchecked(&mut self, m: Move) {
        self.apply(m, &mut ());
    }

    fn apply<R: Recorder>(&mut self, m: Move, rec: &mut R) {
        match (self.variant, m) {
            (Variant::KidCalaBeginner, Move::House(h)) => self.sow_kalah(h, KalahSowing::BEGINNER, rec),
            (Variant::Kalah(k), Move::House(h)) => self.sow_kalah(h, KalahSowing::of(k), rec),
            (Variant::KidCalaClassic, Move::House(h)) => {
                let rules = KalahRules::standard(6, 4).expect("6 and 4 are in range");
                self.sow_kalah(h, KalahSowing::of(rules), rec);
            }
            (Variant::Kauri, Move::House(h)) => self.sow_kauri(h, rec),
            (Variant::Kauri, Move::Pass) => {
                let side = self.to_move;
                rec.record(|| Event::Pass { side });
                self.to_move = side.other();
                self.record_end(rec);
            }
            (Variant::Banana { .. }, Move::HouseInOrder(h, order)) => {
                let from = self.board().house(self.to_move, usize::from(h));
                self.sow_banana(from, order, rec);
            }
            (Variant::Banana { .. }, Move::Store(order)) => {
                let from = self.board().store(self.to_move);
                self.sow_banana(from, order, rec);
            }
            _ => panic!("play_unchecked: {m} is not a move of {}", self.variant),
        }
    }

    fn record_end<R: Recorder>(&self, rec: &mut R) -> bool {
        match self.outcome() {
            Some(outcome) => {
                rec.record(|| Event::End { outcome });
                true
            }
            None => false,
        }
    }

    fn sow_kalah<R: Recorder>(&mut self, house: u8, how: KalahSowing, rec: &mut R) {
        let b = self.board();
        let me = self.to_move;
        let skip = if how.skip_opponent_store { b.store(me.other()) } else { usize::MAX };
        let mut pos = b.house(me, usize::from(house));
        loop {
            let mut hand = self.holes[pos].take_kind(Piece::Seed);
            rec.record(|| Event::PickUp { hole: b.hole(pos), pieces: Pile::of(Piece::Seed, hand) });
            while hand > 0 {
                pos = b.ccw(pos);
                if pos == skip {
                    pos = b.ccw(pos);
                }
                self.holes[pos].add(Piece::Seed, 1);
                hand -= 1;
                rec.record(|| Event::Drop { hole: b.hole(pos), piece: Piece::Seed });
            }
            // Relay sowing lifts an occupied house and goes on; it always ends, because every lap
            // passes the mover's store and the seeds there never come out.
            if !(how.relay && !b.is_store(pos) && self.holes[pos].count(Piece::Seed) > 1) {
                break;
            }
        }
        let extra = pos == b.store(me);
        if how.captures && !extra && b.owner(pos) == me && self.holes[pos].count(Piece::Seed) == 1 {
            let opposite = b.opposite(pos);
            let store = Place::Hole(Hole::store(me));
            if !self.holes[opposite].is_empty() || how.empty_capture {
                for from in [opposite, pos] {
                    let pieces = self.holes[from].take_all();
                    if !pieces.is_empty() {
                        self.holes[b.store(me)].add_pile(pieces);
                        rec.record(|| Event::Capture { by: me, from: b.hole(from), pieces, to: store });
                    }
                }
            }
        }
        match self.variant {
            Variant::KidCalaBeginner => {
                if self.houses_empty(me) {
                    self.to_move = me.other();
                    self.record_end(rec);
                    return;
                }
            }
            _ => {
                if Side::ALL.iter().any(|&s| self.houses_empty(s)) {
                    let counted = !self.variant.kalah_rules().is_some_and(|k| k.remaining_not_counted);
                    for side in Side::ALL {
                        let to =
                            if counted { Place::Hole(Hole::store(side)) } else { Place::Removed };
                        for i in b.houses(side) {
                            let pieces = self.holes[i].take_all();
                            if pieces.is_empty() {
                                continue;
                            }
                            if counted {
                                self.holes[b.store(side)].add_pile(pieces);
                            }
                            rec.record(|| Event::Sweep { from: b.hole(i), pieces, to });
                        }
                    }
                    self.to_move = me.other();
                    self.record_end(rec);
                    return;
                }
            }
        }
        if extra {
            rec.record(|| Event::ExtraMove { side: me });
        } else {
            self.to_move = me.other();
        }
    }

    fn sow_banana<R: Recorder>(&mut self, from: usize, order: FruitOrder, rec: &mut R) {
        let b = self.board();
        let me = self.to_move;
        let lifted = order.pile();
        for (fruit, n) in lifted.iter() {
            let ok = self.holes[from].remove(fruit, n);
            debug_assert!(ok, "the move was checked");
        }
        rec.record(|| Event::PickUp { hole: b.hole(from), pieces: lifted });
        let mut pos = from;
        for fruit in order.iter() {
            pos = b.cw(pos);
            self.holes[pos].add(fruit, 1);
            rec.record(|| Event::Drop { hole: b.hole(pos), piece: fruit });
        }
        if !b.is_store(pos) && b.owner(pos) == me && self.holes[pos].total() == 1 {
            let opposite = b.opposite(pos);
            if !self.holes[opposite].is_empty() {
                for i in [opposite, pos] {
                    let pieces = self.holes[i].take_all();
                    self.captured[me].add_pile(pieces);
                    rec.record(|| Event::Capture {
                        by: me,
                        from: b.hole(i),
                        pieces,
                        to: Place::Captured(me),
                    });
                }
            }
        }
        self.to_move = me.other();
        if self.on_side(me.other()).is_empty() {
            // The next player cannot move: the mover captures every fruit still on the board.
            for i in 0..b.len() {
                let pieces = self.holes[i].take_all();
                if !pieces.is_empty() {
                    self.captured[me].add_pile(pieces);
                    rec.record(|| Event::Sweep { from: b.hole(i), pieces, to: Place::Captured(me) });
                }
            }
            self.record_end(rec);
        }
    }

    fn sow_kauri<R: Recorder>(&mut self, house: u8, rec: &mut R) {
        let b = self.board();
        let me = self.to_move;
        let from = b.house(me, usize::from(house));
        let lifted = self.holes[from].take_all();
        rec.record(|| Event::PickUp { hole: b.hole(from), pieces: lifted });
        let seeds = std::iter::repeat(Piece::Seed).take(usize::from(lifted.count(Piece::Seed)));
        let cowries = std::iter::repeat(Piece::Cowrie).take(usize::from(lifted.count(Piece::Cowrie)));
        let mut pos = from;
        for piece in seeds.chain(cowries) {
            pos = b.ccw(pos);
            if b.is_store(pos) {
                pos = b.ccw(pos);
            }
            let before = self.holes[pos];
            self.holes[pos].add(piece, 1);
            rec.record(|| Event::Drop { hole: b.hole(pos), piece });
            let owner = b.owner(pos);
            if owner == me {
                continue;
            }
            let hole = b.hole(pos);
            match piece {
                Piece::Seed if before.count(Piece::Cowrie) > 0 && before.count(Piece::Seed) == 0 => {
                    // A seed falling among the opponent's cowries alone is theirs at once.
                    self.holes[pos].remove(Piece::Seed, 1);
                    self.holes[b.store(owner)].add(Piece::Seed, 1);
                    let to = Place::Hole(Hole::store(owner));
                    rec.record(|| Event::Capture {
                        by: owner,
                        from: hole,
                        pieces: Pile::of(Piece::Seed, 1),
                        to,
                    });
                }
                Piece::Cowrie if before.count(Piece::Cowrie) == 0 => {
                    let n = self.holes[pos].take_kind(Piece::Seed);
                    if n > 0 {
                        self.holes[b.store(me)].add(Piece::Seed, n);
                        let to = Place::Hole(Hole::store(me));
                        rec.record(|| Event::Capture {
                            by: me,
                            from: hole,
                            pieces: Pile::of(Piece::Seed, n),
                            to,
                        });
                    }
                }
                _ => {}
            }
        }
        self.to_move = me.other();
        self.record_end(rec);
    }

    /// The pieces of every hole, counter-clockwise from South's house 1 (see [`Hole::index`]).
    #[must_use]
    pub fn holes(&self) -> &[Pile] {
        &self.holes[..self.board().len()]
    }

    /// Checks a position built from its parts and returns it if it can come up in its game: the right
    /// number of houses, only the game's own pieces, and every piece of the game accounted for.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let err = |s: String| Err(PositionError(s));
        let variant = setup.variant;
        let b = Board { m: variant.houses() };
        let mut holes = [Pile::EMPTY; MAX_HOLES];
        let mut captured = BySide::<Pile>::default();
        for side in Side::ALL {
            let data = &setup[side];
            if data.houses.len() != b.m {
                return err(format!(
                    "{side} has {} houses, but {variant} has {} a side",
                    data.houses.len(),
                    b.m
                ));
            }
            for (k, pile) in data.houses.iter().enumerate() {
                holes[b.house(side, k + 1)] = *pile;
            }
            holes[b.store(side)] = data.store;
            captured[side] = data.captured;
        }
        let mut all = Pile::EMPTY;
        let mut totals = [0u32; 6];
        for pile in holes.iter().chain([&captured.south, &captured.north]) {
            for (p, n) in pile.iter() {
                totals[p as usize] += u32::from(n);
            }
            all.add_pile(*pile);
        }
        let total = |p: Piece| totals[p as usize];
        let allowed: &[Piece] = match variant {
            Variant::Banana { .. } => &Piece::FRUITS,
            Variant::Kauri => &[Piece::Seed, Piece::Cowrie],
            _ => &[Piece::Seed],
        };
        if let Some(p) = Piece::ALL.into_iter().find(|p| total(*p) > 0 && !allowed.contains(p)) {
            return err(format!("{variant} has no {p} pieces"));
        }
        let keeps_captures = matches!(variant, Variant::Banana { .. });
        if !keeps_captures && Side::ALL.iter().any(|&s| !captured[s].is_empty()) {
            return err(format!("only Banana-Cala keeps captured pieces beside the board, not {variant}"));
        }
        let position = Position { variant, to_move: setup.to_move, holes, captured };
        match variant {
            Variant::Banana { .. } => {
                for f in Piece::FRUITS {
                    if total(f) != BANANA_EACH {
                        return err(format!("Banana-Cala has {BANANA_EACH} {f}s, not {}", total(f)));
                    }
                }
            }
            Variant::Kauri => {
                if total(Piece::Seed) != KAURI_SEEDS || total(Piece::Cowrie) != KAURI_COWRIES {
                    return err(format!(
                        "Kauri has {KAURI_SEEDS} seeds and {KAURI_COWRIES} cowries, not {} and {}",
                        total(Piece::Seed),
                        total(Piece::Cowrie)
                    ));
                }
                if Side::ALL.iter().any(|&s| position.store(s).count(Piece::Cowrie) > 0) {
                    return err("a Kauri cowrie never goes into a store".into());
                }
            }
            _ => {
                let (rules_total, removable) = match variant.kalah_rules() {
                    Some(k) => (2 * u32::from(k.houses) * u32::from(k.seeds), k.remaining_not_counted),
                    None => (48, false),
                };
                let seeds = total(Piece::Seed);
                let ended_without_leftovers = removable
                    && seeds < rules_total
                    && Side::ALL.iter().all(|&s| position.houses_empty(s));
                if seeds != rules_total && !ended_without_leftovers {
                    return err(format!("{variant} has {rules_total} seeds in all, not {seeds}"));
                }
            }
        }
        Ok(position)
    }

    /// The position as its parts, ready to edit or to write out.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let side = |s: Side| SideSetup {
            houses: self.houses(s).collect(),
            store: self.store(s),
            captured: self.captured[s],
        };
        Setup { variant: self.variant, to_move: self.to_move, south: side(Side::South), north: side(Side::North) }
    }
}

/// Visits every distinct sequence of `min..=max` pieces drawn from `pile` (each kind at most as
/// often as the pile holds it), appending to `prefix`.
fn orders(pile: Pile, min: usize, max: usize, prefix: FruitOrder, visit: &mut impl FnMut(FruitOrder)) {
    if prefix.len() >= min {
        visit(prefix);
    }
    if prefix.len() == max {
        return;
    }
    for f in Piece::FRUITS {
        let mut rest = pile;
        if rest.remove(f, 1) {
            let mut next = prefix;
            if next.push(f).is_ok() {
                orders(rest, min, max, next, visit);
            }
        }
    }
}

/// One side of a [`Setup`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSetup {
    /// The houses from the owner's left.
    pub houses: Vec<Pile>,
    /// The store.
    pub store: Pile,
    /// Banana-Cala: the captured fruits.
    #[serde(default, skip_serializing_if = "Pile::is_empty")]
    pub captured: Pile,
}

/// A position as plain parts that are not yet checked (see [`Position::from_setup`]); the JSON form
/// of a position.
///
/// ```
/// use mancala::{Position, Variant};
/// let start = Position::new(Variant::Kauri);
/// let text = serde_json::to_string(&start).unwrap();
/// assert!(text.contains(r#""houses":["5S1C","5S1C""#));
/// assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), start);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// Whose turn it is.
    pub to_move: Side,
    /// South's holes.
    pub south: SideSetup,
    /// North's holes.
    pub north: SideSetup,
}

impl std::ops::Index<Side> for Setup {
    type Output = SideSetup;
    fn index(&self, side: Side) -> &SideSetup {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let setup = Setup::deserialize(d)?;
        Position::from_setup(&setup).map_err(serde::de::Error::custom)
    }
}
