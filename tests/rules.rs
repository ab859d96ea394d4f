//! Rule-by-rule tests: one small board situation for each rule of `RULES.md`, with the position
//! after the move and the trace of the sowing checked piece by piece.
//!
//! Holes are numbered as in the engine: South's houses 1..m from South's left, South's store,
//! North's houses 1..m from North's left, North's store (counter-clockwise). House k of South faces
//! house m + 1 - k of North.

use std::collections::HashSet;

use mancala::{
    perft, EndReason, Event, FruitOrder, Game, Hole, IllegalMove, LoadError, Move, Outcome, Piece,
    Pile, Place, Position, Setup, Side, SideSetup, Source, Sowing, Variant,
};

use Side::{North, South};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn pile(text: &str) -> Pile {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn piles(texts: &[&str]) -> Vec<Pile> {
    texts.iter().map(|t| pile(t)).collect()
}

fn variant(text: &str) -> Variant {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn order(text: &str) -> FruitOrder {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// One side of a setup: houses from the owner's left, store, captured pile (Banana-Cala).
fn side(houses: &[&str], store: &str, captured: &str) -> SideSetup {
    SideSetup { houses: piles(houses), store: pile(store), captured: pile(captured) }
}

/// A checked position from its parts.
fn position(game: &str, to_move: Side, south: SideSetup, north: SideSetup) -> Position {
    let setup = Setup { variant: variant(game), to_move, south, north };
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("test position: {e}"))
}

/// A Kalah-family position from seed counts.
fn seeds(
    game: &str,
    to_move: Side,
    south: &[u8],
    south_store: u8,
    north: &[u8],
    north_store: u8,
) -> Position {
    let row = |houses: &[u8], store: u8| SideSetup {
        houses: houses.iter().map(|&n| Pile::of(Piece::Seed, n)).collect(),
        store: Pile::of(Piece::Seed, store),
        captured: Pile::EMPTY,
    };
    let setup = Setup {
        variant: variant(game),
        to_move,
        south: row(south, south_store),
        north: row(north, north_store),
    };
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("test position: {e}"))
}

/// The seeds in each house of a side, from the owner's left.
fn counts(pos: &Position, side: Side) -> Vec<u32> {
    pos.houses(side).map(|p| p.total()).collect()
}

fn store(pos: &Position, side: Side) -> u32 {
    pos.store(side).total()
}

/// The houses of a side as text ("5S1C", "0", "2B1O").
fn row(pos: &Position, side: Side) -> Vec<String> {
    pos.houses(side).map(|p| p.to_string()).collect()
}

fn play(pos: &Position, m: Move) -> (Position, Sowing) {
    pos.play(m).unwrap_or_else(|e| panic!("move {m} refused: {e}"))
}

fn house(side: Side, number: u8) -> Hole {
    Hole::house(side, number)
}

fn store_hole(side: Side) -> Hole {
    Hole::store(side)
}

/// The holes the move dropped pieces into, in order.
fn drops(sowing: &Sowing) -> Vec<Hole> {
    sowing
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Drop { hole, .. } => Some(*hole),
            _ => None,
        })
        .collect()
}

/// The kinds dropped, in order.
fn dropped_pieces(sowing: &Sowing) -> Vec<Piece> {
    sowing
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Drop { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect()
}

fn captures(sowing: &Sowing) -> Vec<Event> {
    sowing.events.iter().filter(|e| matches!(e, Event::Capture { .. })).copied().collect()
}

fn sweeps(sowing: &Sowing) -> Vec<Event> {
    sowing.events.iter().filter(|e| matches!(e, Event::Sweep { .. })).copied().collect()
}

fn capture(by: Side, from: Hole, pieces: &str, to: Place) -> Event {
    Event::Capture { by, from, pieces: pile(pieces), to }
}

fn sweep(from: Hole, pieces: &str, to: Place) -> Event {
    Event::Sweep { from, pieces: pile(pieces), to }
}

fn drop_seed(hole: Hole) -> Event {
    Event::Drop { hole, piece: Piece::Seed }
}

fn pick_up(hole: Hole, pieces: &str) -> Event {
    Event::PickUp { hole, pieces: pile(pieces) }
}

fn outcome(winner: Option<Side>, south: i32, north: i32, reason: EndReason) -> Outcome {
    Outcome { winner, score: mancala::BySide::new(south, north), reason }
}

/// Every piece on the board and in the captured piles.
fn all_pieces(pos: &Position) -> Pile {
    let mut all = Pile::EMPTY;
    for p in pos.holes() {
        all.add_pile(*p);
    }
    all.add_pile(pos.captured(South));
    all.add_pile(pos.captured(North));
    all
}

/// Checks that a refused move leaves the game exactly as it was, and returns the error.
fn refused(game: &mut Game, m: Move) -> IllegalMove {
    let before = game.clone();
    let err = game.play(m).expect_err("the move should be refused");
    assert_eq!(*game, before, "a refused move changed the game");
    // The position alone gives the same answer, unless the record ended the game by repetition.
    if game.outcome() == game.position().outcome() {
        assert_eq!(game.position().play(m).unwrap_err(), err);
    }
    err
}

fn refused_at(pos: &Position, m: Move) -> IllegalMove {
    let mut game = Game::from_position(*pos);
    refused(&mut game, m)
}

// ---------------------------------------------------------------------------------------------
// Kalah: sowing
// ---------------------------------------------------------------------------------------------

#[test]
fn kalah_sows_counter_clockwise_through_own_store_and_skips_the_opponents_store() {
    let start = seeds("kalah:6:4", South, &[0, 0, 1, 0, 0, 10], 0, &[4, 4, 4, 4, 4, 4], 13);
    let (after, sowing) = play(&start, Move::House(6));
    let mut expected = vec![store_hole(South)];
    expected.extend((1..=6).map(|k| house(North, k)));
    expected.extend((1..=3).map(|k| house(South, k)));
    assert_eq!(drops(&sowing), expected, "North's store is skipped");
    assert_eq!(sowing.events[0], pick_up(house(South, 6), "10"));
    assert_eq!(counts(&after, South), [1, 1, 2, 0, 0, 0]);
    assert_eq!(counts(&after, North), [5, 5, 5, 5, 5, 5]);
    assert_eq!((store(&after, South), store(&after, North)), (1, 13));
    assert_eq!(after.to_move(), North);
    assert!(!sowing.extra_move());
    assert!(captures(&sowing).is_empty());
}

#[test]
fn kalah_north_sows_counter_clockwise_and_skips_souths_store() {
    let start = seeds("kalah:6:4", North, &[1, 1, 1, 1, 1, 1], 10, &[1, 1, 0, 0, 0, 9], 21);
    let (after, sowing) = play(&start, Move::House(6));
    let mut expected = vec![store_hole(North)];
    expected.extend((1..=6).map(|k| house(South, k)));
    expected.extend([house(North, 1), house(North, 2)]);
    assert_eq!(drops(&sowing), expected, "South's store is skipped");
    assert_eq!(counts(&after, South), [2, 2, 2, 2, 2, 2]);
    assert_eq!(counts(&after, North), [2, 2, 0, 0, 0, 0]);
    assert_eq!((store(&after, South), store(&after, North)), (10, 22));
    assert_eq!(after.to_move(), South);
}

#[test]
fn kalah_origin_house_is_not_skipped_on_a_lap() {
    // 13 seeds from South's house 3: houses 4-6, the store, North's six houses, South's houses
    // 1 and 2, and house 3 again.
    let start = seeds("kalah:6:4", South, &[0, 0, 13, 0, 0, 0], 10, &[2, 2, 2, 2, 2, 2], 13);
    let (after, sowing) = play(&start, Move::House(3));
    let d = drops(&sowing);
    assert_eq!(d.len(), 13);
    assert_eq!(*d.last().unwrap(), house(South, 3), "the 13th seed falls back into the origin");
    assert!(!d.contains(&store_hole(North)));
    // The origin was empty before that seed and North's house 4 (opposite) holds 3: a capture.
    assert_eq!(
        captures(&sowing),
        [
            capture(South, house(North, 4), "3", Place::Hole(store_hole(South))),
            capture(South, house(South, 3), "1", Place::Hole(store_hole(South))),
        ]
    );
    assert_eq!(counts(&after, South), [1, 1, 0, 1, 1, 1]);
    assert_eq!(counts(&after, North), [3, 3, 3, 0, 3, 3]);
    assert_eq!((store(&after, South), store(&after, North)), (15, 13));
}

#[test]
fn kalah_lap_of_fourteen_seeds_passes_the_origin() {
    let start = seeds("kalah:6:4", South, &[0, 0, 14, 0, 0, 0], 10, &[2, 2, 2, 2, 2, 1], 13);
    let (after, sowing) = play(&start, Move::House(3));
    let d = drops(&sowing);
    assert_eq!(d[12], house(South, 3));
    assert_eq!(d[13], house(South, 4));
    // House 4 already held the seed of the first round: no capture.
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, South), [1, 1, 1, 2, 1, 1]);
    assert_eq!(counts(&after, North), [3, 3, 3, 3, 3, 2]);
    assert_eq!(store(&after, South), 11);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_last_seed_in_own_store_gives_an_extra_move() {
    let start = Position::new(variant("kalah:6:4"));
    let (after, sowing) = play(&start, Move::House(3));
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 3), "4"),
            drop_seed(house(South, 4)),
            drop_seed(house(South, 5)),
            drop_seed(house(South, 6)),
            drop_seed(store_hole(South)),
            Event::ExtraMove { side: South },
        ]
    );
    assert_eq!(after.to_move(), South);
    assert!(sowing.extra_move());
    assert_eq!(counts(&after, South), [4, 4, 0, 5, 5, 5]);
    assert_eq!(store(&after, South), 1);
}

#[test]
fn kalah_several_extra_moves_in_a_row() {
    let mut pos = seeds("kalah:6:4", South, &[0, 0, 0, 3, 2, 1], 0, &[4, 4, 4, 4, 4, 4], 18);
    for h in [6, 5, 6, 4] {
        let (next, sowing) = play(&pos, Move::House(h));
        assert!(sowing.extra_move(), "house {h} ends in the store");
        assert_eq!(next.to_move(), South);
        pos = next;
    }
    assert_eq!(counts(&pos, South), [0, 0, 0, 0, 1, 1]);
    assert_eq!(store(&pos, South), 4);
    // The fifth move, house 5 (one seed into house 6), ends the turn.
    let (after, sowing) = play(&pos, Move::House(5));
    assert!(!sowing.extra_move());
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_capture_takes_the_last_seed_and_the_opposite_house_into_the_store() {
    let start = seeds("kalah:6:4", South, &[2, 0, 0, 0, 0, 1], 15, &[1, 1, 1, 5, 1, 1], 20);
    let (after, sowing) = play(&start, Move::House(1));
    let to = Place::Hole(store_hole(South));
    assert_eq!(
        captures(&sowing),
        [capture(South, house(North, 4), "5", to), capture(South, house(South, 3), "1", to)]
    );
    assert_eq!(counts(&after, South), [0, 1, 0, 0, 0, 1]);
    assert_eq!(counts(&after, North), [1, 1, 1, 0, 1, 1]);
    assert_eq!((store(&after, South), store(&after, North)), (21, 20));
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_captures_work_for_north_too() {
    // North's house 2 faces South's house 5.
    let start = seeds("kalah:6:4", North, &[1, 1, 1, 1, 6, 1], 10, &[1, 0, 1, 1, 1, 1], 22);
    let (after, sowing) = play(&start, Move::House(1));
    let to = Place::Hole(store_hole(North));
    assert_eq!(
        captures(&sowing),
        [capture(North, house(South, 5), "6", to), capture(North, house(North, 2), "1", to)]
    );
    assert_eq!(store(&after, North), 29);
    assert_eq!(counts(&after, South), [1, 1, 1, 1, 0, 1]);
    assert_eq!(counts(&after, North), [0, 0, 1, 1, 1, 1]);
}

#[test]
fn kalah_no_capture_when_the_opposite_house_is_empty() {
    let start = seeds("kalah:6:4", South, &[2, 0, 0, 0, 0, 1], 15, &[1, 1, 1, 0, 1, 1], 25);
    let (after, sowing) = play(&start, Move::House(1));
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, South), [0, 1, 1, 0, 0, 1]);
    assert_eq!(store(&after, South), 15);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_no_capture_in_an_empty_house_of_the_opponent() {
    // Last seed in North's empty house 1; South's house 6 opposite is full, but it is not South's house.
    let start = seeds("kalah:6:4", South, &[4, 4, 4, 4, 4, 2], 0, &[0, 4, 4, 4, 4, 4], 6);
    let (after, sowing) = play(&start, Move::House(6));
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, North), [1, 4, 4, 4, 4, 4]);
    assert_eq!(store(&after, South), 1);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_empty_capture_option_puts_the_single_seed_in_the_store() {
    let start = seeds("kalah:6:4:empty", South, &[2, 0, 0, 0, 0, 1], 15, &[1, 1, 1, 0, 1, 1], 25);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(
        captures(&sowing),
        [capture(South, house(South, 3), "1", Place::Hole(store_hole(South)))]
    );
    assert_eq!(counts(&after, South), [0, 1, 0, 0, 0, 1]);
    assert_eq!(counts(&after, North), [1, 1, 1, 0, 1, 1]);
    assert_eq!(store(&after, South), 16);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_empty_capture_option_leaves_the_normal_capture_unchanged() {
    let start = seeds("kalah:6:4:empty", South, &[2, 0, 0, 0, 0, 1], 15, &[1, 1, 1, 5, 1, 1], 20);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(captures(&sowing).len(), 2);
    assert_eq!(store(&after, South), 21);
    assert_eq!(counts(&after, North), [1, 1, 1, 0, 1, 1]);
    // And the option changes nothing when the last seed lands on the opponent's side.
    let start = seeds("kalah:6:4:empty", South, &[4, 4, 4, 4, 4, 2], 0, &[0, 4, 4, 4, 4, 4], 6);
    let (_, sowing) = play(&start, Move::House(6));
    assert!(captures(&sowing).is_empty());
}

#[test]
fn kalah_relay_sowing_lifts_an_occupied_house_and_stops_in_own_store_with_an_extra_move() {
    let start = seeds("kalah:6:4:relay", South, &[2, 0, 3, 0, 0, 0], 9, &[4, 4, 4, 4, 4, 4], 10);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 1), "2"),
            drop_seed(house(South, 2)),
            drop_seed(house(South, 3)),
            pick_up(house(South, 3), "4"),
            drop_seed(house(South, 4)),
            drop_seed(house(South, 5)),
            drop_seed(house(South, 6)),
            drop_seed(store_hole(South)),
            Event::ExtraMove { side: South },
        ]
    );
    assert_eq!(counts(&after, South), [0, 1, 0, 1, 1, 1]);
    assert_eq!(store(&after, South), 10);
    assert_eq!(after.to_move(), South);
}

#[test]
fn kalah_relay_sowing_stops_in_an_own_empty_house_and_captures() {
    let start = seeds("kalah:6:4:relay", South, &[2, 0, 1, 0, 0, 0], 10, &[4, 4, 4, 4, 4, 4], 11);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(drops(&sowing), [house(South, 2), house(South, 3), house(South, 4), house(South, 5)]);
    let to = Place::Hole(store_hole(South));
    assert_eq!(
        captures(&sowing),
        [capture(South, house(North, 2), "4", to), capture(South, house(South, 5), "1", to)]
    );
    assert_eq!(counts(&after, South), [0, 1, 0, 1, 0, 0]);
    assert_eq!(counts(&after, North), [4, 0, 4, 4, 4, 4]);
    assert_eq!(store(&after, South), 15);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_relay_sowing_goes_on_from_the_opponents_houses() {
    // South's house 6 (2 seeds): store, North 1 (occupied: lift 5), North 2-6 (house 6 occupied:
    // lift 5), skip North's store, South 1-5: house 5 was empty, North 2 opposite holds 5.
    let start = seeds("kalah:6:4:relay", South, &[0, 0, 0, 0, 0, 2], 10, &[4, 4, 4, 4, 4, 4], 12);
    let (after, sowing) = play(&start, Move::House(6));
    let pickups: Vec<Event> =
        sowing.events.iter().filter(|e| matches!(e, Event::PickUp { .. })).copied().collect();
    assert_eq!(
        pickups,
        [pick_up(house(South, 6), "2"), pick_up(house(North, 1), "5"), pick_up(house(North, 6), "5")]
    );
    assert!(!drops(&sowing).contains(&store_hole(North)));
    let to = Place::Hole(store_hole(South));
    assert_eq!(
        captures(&sowing),
        [capture(South, house(North, 2), "5", to), capture(South, house(South, 5), "1", to)]
    );
    assert_eq!(counts(&after, South), [1, 1, 1, 1, 0, 0]);
    assert_eq!(counts(&after, North), [0, 0, 5, 5, 5, 0]);
    assert_eq!((store(&after, South), store(&after, North)), (17, 12));
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_relay_sowing_stops_in_an_empty_house_of_the_opponent_without_capture() {
    let start = seeds("kalah:6:4:relay", South, &[4, 4, 4, 4, 4, 2], 0, &[0, 4, 4, 4, 4, 4], 6);
    let (after, sowing) = play(&start, Move::House(6));
    assert_eq!(drops(&sowing), [store_hole(South), house(North, 1)]);
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, North), [1, 4, 4, 4, 4, 4]);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_without_relay_a_last_seed_in_an_occupied_house_ends_the_move() {
    let start = seeds("kalah:6:4", South, &[2, 0, 3, 0, 0, 0], 9, &[4, 4, 4, 4, 4, 4], 10);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(drops(&sowing), [house(South, 2), house(South, 3)]);
    assert_eq!(counts(&after, South), [0, 1, 4, 0, 0, 0]);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kalah_options_combined_relay_then_empty_capture() {
    // House 3 (1 seed) into house 4 (occupied: lift 2), houses 5 and 6; house 6 was empty and
    // North's house 1 opposite is empty: with the empty-capture option the seed goes to the store.
    let start =
        seeds("kalah:6:4:empty:nocount:relay", South, &[0, 0, 1, 1, 0, 0], 10, &[0, 3, 3, 3, 3, 3], 21);
    let (after, sowing) = play(&start, Move::House(3));
    assert_eq!(drops(&sowing), [house(South, 4), house(South, 5), house(South, 6)]);
    assert_eq!(
        captures(&sowing),
        [capture(South, house(South, 6), "1", Place::Hole(store_hole(South)))]
    );
    assert_eq!(counts(&after, South), [0, 0, 0, 0, 1, 0]);
    assert_eq!(store(&after, South), 11);
    assert_eq!(after.to_move(), North);
    assert!(!after.is_over());
}

#[test]
fn kalah_options_combined_relay_and_nocount_at_the_end() {
    // House 5 into house 6 (occupied: lift 2): store, North's empty house 1. South's houses are empty.
    for (game, south, north, winner) in [
        ("kalah:6:4:relay:nocount", 21, 16, Some(South)),
        ("kalah:6:4:empty:nocount:relay", 21, 16, Some(South)),
        ("kalah:6:4:relay", 21, 27, Some(North)),
    ] {
        let start = seeds(game, South, &[0, 0, 0, 0, 1, 1], 20, &[0, 2, 2, 2, 2, 2], 16);
        let (after, sowing) = play(&start, Move::House(5));
        assert_eq!(drops(&sowing), [house(South, 6), store_hole(South), house(North, 1)], "{game}");
        let result = outcome(winner, south, north, EndReason::HousesEmpty);
        assert_eq!(after.outcome(), Some(result), "{game}");
        assert_eq!(sowing.outcome(), Some(result), "{game}");
        assert!(after.houses_empty(North) && after.houses_empty(South), "{game}");
    }
}

// ---------------------------------------------------------------------------------------------
// Kalah: small boards
// ---------------------------------------------------------------------------------------------

#[test]
fn kalah_1_1_first_move_ends_in_a_draw() {
    let start = Position::new(variant("kalah:1:1"));
    assert_eq!(counts(&start, South), [1]);
    assert_eq!(counts(&start, North), [1]);
    let (after, sowing) = play(&start, Move::House(1));
    let result = outcome(None, 1, 1, EndReason::HousesEmpty);
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 1), "1"),
            drop_seed(store_hole(South)),
            sweep(house(North, 1), "1", Place::Hole(store_hole(North))),
            Event::End { outcome: result },
        ]
    );
    assert!(!sowing.extra_move(), "the game is over: no extra move");
    assert_eq!(after.outcome(), Some(result));
    assert_eq!(after.score(), mancala::BySide::new(1, 1));
    assert!(after.sources().is_empty());
    assert_eq!(after.count_moves(), 0);
}

#[test]
fn kalah_2_3_sowing_and_a_lap_on_a_small_board() {
    let start = Position::new(variant("kalah:2:3"));
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(drops(&sowing), [house(South, 2), store_hole(South), house(North, 1)]);
    assert_eq!(counts(&after, South), [0, 4]);
    assert_eq!(counts(&after, North), [4, 3]);
    assert_eq!(after.to_move(), North);
    // A lap on the small board is 5 holes; the 5th seed falls back into the origin and captures
    // North's house 2 (opposite South's house 1 when m = 2).
    let start = seeds("kalah:2:3", South, &[5, 0], 2, &[1, 1], 3);
    let (after, sowing) = play(&start, Move::House(1));
    assert_eq!(
        drops(&sowing),
        [house(South, 2), store_hole(South), house(North, 1), house(North, 2), house(South, 1)]
    );
    assert_eq!(counts(&after, South), [0, 1]);
    assert_eq!(counts(&after, North), [2, 0]);
    assert_eq!((store(&after, South), store(&after, North)), (6, 3));
}

#[test]
fn kalah_small_board_move_counts() {
    // From the start of Kalah(2, 3): South has 2 moves; after house 2 (3 seeds: store, North 1,
    // North 2) North has 2; after house 1 North has 2 as well.
    let start = Position::new(variant("kalah:2:3"));
    assert_eq!(perft(&start, 2), vec![2, 4]);
    let start = Position::new(variant("kalah:6:4"));
    assert_eq!(perft(&start, 4), vec![6, 35, 185, 942]);
}

// ---------------------------------------------------------------------------------------------
// Kalah: the end
// ---------------------------------------------------------------------------------------------

#[test]
fn kalah_ends_when_the_mover_captures_the_opponents_last_seeds() {
    let start = seeds("kalah:6:4", South, &[2, 0, 0, 0, 0, 3], 15, &[0, 0, 0, 5, 0, 0], 23);
    let (after, sowing) = play(&start, Move::House(1));
    let to = Place::Hole(store_hole(South));
    let result = outcome(Some(South), 25, 23, EndReason::HousesEmpty);
    assert_eq!(
        sowing.events[3..],
        [
            capture(South, house(North, 4), "5", to),
            capture(South, house(South, 3), "1", to),
            sweep(house(South, 2), "1", to),
            sweep(house(South, 6), "3", to),
            Event::End { outcome: result },
        ]
    );
    assert_eq!(after.outcome(), Some(result));
    assert!(after.houses_empty(South) && after.houses_empty(North));
    assert_eq!((store(&after, South), store(&after, North)), (25, 23));
}

#[test]
fn kalah_ends_when_the_movers_last_seed_in_own_store_leaves_their_houses_empty() {
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 0, 1], 20, &[1, 2, 3, 0, 0, 0], 21);
    let (after, sowing) = play(&start, Move::House(6));
    let result = outcome(Some(North), 21, 27, EndReason::HousesEmpty);
    let to = Place::Hole(store_hole(North));
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 6), "1"),
            drop_seed(store_hole(South)),
            sweep(house(North, 1), "1", to),
            sweep(house(North, 2), "2", to),
            sweep(house(North, 3), "3", to),
            Event::End { outcome: result },
        ]
    );
    assert!(!sowing.extra_move());
    assert_eq!(after.outcome(), Some(result));
    assert_eq!((store(&after, South), store(&after, North)), (21, 27));
    assert_eq!(refused_at(&after, Move::House(1)), IllegalMove::GameOver);
}

#[test]
fn kalah_ends_when_the_movers_houses_are_empty_after_sowing_onto_the_other_side() {
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 0, 2], 22, &[0, 2, 2, 2, 2, 2], 14);
    let (after, sowing) = play(&start, Move::House(6));
    let result = outcome(Some(North), 23, 25, EndReason::HousesEmpty);
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(sweeps(&sowing).len(), 6, "North's six houses go to North's store");
    assert_eq!(after.outcome(), Some(result));
}

#[test]
fn kalah_nocount_removes_the_remaining_seeds_without_scoring_them() {
    let start = seeds("kalah:6:4:nocount", South, &[0, 0, 0, 0, 0, 1], 22, &[1, 2, 3, 0, 0, 0], 19);
    let (after, sowing) = play(&start, Move::House(6));
    let result = outcome(Some(South), 23, 19, EndReason::HousesEmpty);
    assert_eq!(
        sweeps(&sowing),
        [
            sweep(house(North, 1), "1", Place::Removed),
            sweep(house(North, 2), "2", Place::Removed),
            sweep(house(North, 3), "3", Place::Removed),
        ]
    );
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(after.outcome(), Some(result));
    assert_eq!((store(&after, South), store(&after, North)), (23, 19));
    assert!(after.houses_empty(North));
    // The same position without the option: North's 6 seeds count for North, who wins.
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 0, 1], 22, &[1, 2, 3, 0, 0, 0], 19);
    let (after, _) = play(&start, Move::House(6));
    assert_eq!(after.outcome(), Some(outcome(Some(North), 23, 25, EndReason::HousesEmpty)));
}

#[test]
fn kalah_winner_and_draw_by_store_counts() {
    // A draw: 24-24.
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 0, 1], 23, &[0, 0, 0, 0, 0, 4], 20);
    let (after, _) = play(&start, Move::House(6));
    assert_eq!(after.outcome(), Some(outcome(None, 24, 24, EndReason::HousesEmpty)));
    // Before the end the score is the stores.
    let mid = seeds("kalah:6:4", South, &[1, 1, 1, 1, 1, 1], 20, &[1, 1, 1, 1, 1, 1], 16);
    assert_eq!(mid.outcome(), None);
    assert_eq!(mid.score(), mancala::BySide::new(20, 16));
}

#[test]
fn kalah_game_over_refuses_further_moves() {
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 0, 1], 20, &[1, 2, 3, 0, 0, 0], 21);
    let mut game = Game::from_position(start);
    game.play(Move::House(6)).unwrap();
    assert!(game.is_over());
    assert_eq!(refused(&mut game, Move::House(1)), IllegalMove::GameOver);
    assert_eq!(refused(&mut game, Move::House(6)), IllegalMove::GameOver);
}

// ---------------------------------------------------------------------------------------------
// Kid-Cala, beginner
// ---------------------------------------------------------------------------------------------

#[test]
fn kidcala_beginner_sows_into_both_stores() {
    let start = seeds("kidcala-beginner", South, &[4, 4, 4, 4, 0, 8], 0, &[4, 4, 4, 4, 4, 4], 0);
    let (after, sowing) = play(&start, Move::House(6));
    let mut expected = vec![store_hole(South)];
    expected.extend((1..=6).map(|k| house(North, k)));
    expected.push(store_hole(North));
    assert_eq!(drops(&sowing), expected);
    assert_eq!((store(&after, South), store(&after, North)), (1, 1));
    assert_eq!(counts(&after, North), [5, 5, 5, 5, 5, 5]);
    assert!(!sowing.extra_move(), "the last fruit in the opponent's store gives no extra move");
    assert_eq!(after.to_move(), North);
}

#[test]
fn kidcala_beginner_extra_move_on_own_store() {
    let start = Position::new(Variant::KidCalaBeginner);
    assert_eq!(counts(&start, South), [4; 6]);
    assert_eq!(counts(&start, North), [4; 6]);
    assert_eq!(store(&start, South) + store(&start, North), 0);
    let (after, sowing) = play(&start, Move::House(3));
    assert!(sowing.extra_move());
    assert_eq!(after.to_move(), South);
    assert_eq!(store(&after, South), 1);
}

#[test]
fn kidcala_beginner_has_no_captures() {
    let start = seeds("kidcala-beginner", South, &[2, 0, 0, 4, 4, 4], 5, &[4, 4, 4, 4, 4, 4], 5);
    let (after, sowing) = play(&start, Move::House(1));
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, South), [0, 1, 1, 4, 4, 4]);
    assert_eq!(counts(&after, North), [4, 4, 4, 4, 4, 4]);
    assert_eq!((store(&after, South), store(&after, North)), (5, 5));
    assert_eq!(after.to_move(), North);
}

#[test]
fn kidcala_beginner_emptying_own_houses_wins_and_nothing_is_swept() {
    // South has fewer fruits in store, but empties its houses first: South wins.
    let start = seeds("kidcala-beginner", South, &[0, 0, 0, 0, 0, 1], 2, &[4, 4, 4, 4, 4, 4], 21);
    let (after, sowing) = play(&start, Move::House(6));
    let o = after.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(South));
    assert_eq!(o.reason, EndReason::Emptied);
    assert_eq!(o.score, mancala::BySide::new(3, 21));
    assert_eq!(sowing.outcome(), Some(o));
    assert!(sweeps(&sowing).is_empty(), "nothing is swept");
    assert!(!sowing.extra_move());
    assert_eq!(counts(&after, North), [4, 4, 4, 4, 4, 4], "North's fruits stay on the board");
    assert_eq!(refused_at(&after, Move::House(1)), IllegalMove::GameOver);
}

#[test]
fn kidcala_beginner_emptying_own_houses_onto_the_other_side_wins_too() {
    let start = seeds("kidcala-beginner", North, &[4, 4, 4, 4, 4, 4], 10, &[0, 0, 0, 0, 0, 3], 11);
    let (after, sowing) = play(&start, Move::House(6));
    assert_eq!(drops(&sowing), [store_hole(North), house(South, 1), house(South, 2)]);
    let o = after.outcome().expect("the game is over");
    assert_eq!((o.winner, o.reason), (Some(North), EndReason::Emptied));
    assert!(sweeps(&sowing).is_empty());
    assert_eq!(counts(&after, South), [5, 5, 4, 4, 4, 4]);
}

// ---------------------------------------------------------------------------------------------
// Kid-Cala, classic
// ---------------------------------------------------------------------------------------------

#[test]
fn kidcala_classic_is_kalah_6_4() {
    let classic = Position::new(Variant::KidCalaClassic);
    let kalah = Position::new(variant("kalah:6:4"));
    assert_eq!(classic.holes(), kalah.holes());
    assert_eq!(perft(&classic, 5), perft(&kalah, 5));
    // The same moves give the same boards, captures and extra moves.
    let (mut a, mut b) = (classic, kalah);
    for h in [3, 6, 1, 2, 6, 5, 1, 4] {
        let (na, sa) = a.play(Move::House(h)).unwrap();
        let (nb, sb) = b.play(Move::House(h)).unwrap();
        assert_eq!(na.holes(), nb.holes());
        assert_eq!(na.to_move(), nb.to_move());
        assert_eq!(sa.events, sb.events);
        a = na;
        b = nb;
    }
}

#[test]
fn kidcala_classic_illustration_2_capture() {
    // The yellow player (South) drops the last fruit into an empty yellow house (house 4); the
    // black player's house opposite (X, North's house 3) holds fruits: both go to yellow's store.
    let start = seeds("kidcala-classic", South, &[4, 4, 1, 0, 4, 4], 3, &[4, 4, 4, 4, 4, 4], 4);
    let (after, sowing) = play(&start, Move::House(3));
    let to = Place::Hole(store_hole(South));
    assert_eq!(
        captures(&sowing),
        [capture(South, house(North, 3), "4", to), capture(South, house(South, 4), "1", to)]
    );
    assert_eq!(counts(&after, South), [4, 4, 0, 0, 4, 4]);
    assert_eq!(counts(&after, North), [4, 4, 0, 4, 4, 4]);
    assert_eq!(store(&after, South), 8);
    // When X is empty, nothing goes into the store.
    let start = seeds("kidcala-classic", South, &[4, 4, 1, 0, 4, 4], 5, &[4, 4, 0, 4, 4, 4], 6);
    let (after, sowing) = play(&start, Move::House(3));
    assert!(captures(&sowing).is_empty());
    assert_eq!(counts(&after, South), [4, 4, 0, 1, 4, 4]);
    assert_eq!(store(&after, South), 5);
}

#[test]
fn kidcala_classic_skips_the_opponents_store_and_sweeps_at_the_end() {
    let start = seeds("kidcala-classic", South, &[4, 4, 4, 4, 0, 8], 0, &[4, 4, 4, 4, 4, 4], 0);
    let (_, sowing) = play(&start, Move::House(6));
    assert!(!drops(&sowing).contains(&store_hole(North)));
    let start = seeds("kidcala-classic", South, &[0, 0, 0, 0, 0, 1], 20, &[1, 2, 3, 0, 0, 0], 21);
    let (after, sowing) = play(&start, Move::House(6));
    assert_eq!(sweeps(&sowing).len(), 3);
    assert_eq!(after.outcome(), Some(outcome(Some(North), 21, 27, EndReason::HousesEmpty)));
}

// ---------------------------------------------------------------------------------------------
// Banana-Cala
// ---------------------------------------------------------------------------------------------

const ALL_FRUITS: &str = "6B6G6A6O";

#[test]
fn banana_starts_with_the_fruits_in_the_stores_and_a_store_move() {
    let start = Position::new(variant("banana"));
    assert_eq!(start.store(South), pile(ALL_FRUITS));
    assert_eq!(start.store(North), pile(ALL_FRUITS));
    assert!(start.houses_empty(South) && start.houses_empty(North));
    assert_eq!(start.to_move(), South);
    assert_eq!(start.sources().to_vec(), [Source::Store]);
    assert_eq!(start.score(), mancala::BySide::new(0, 0));
}

#[test]
fn banana_store_move_starts_in_the_rightmost_house_going_left() {
    let start = Position::new(variant("banana"));
    let (after, sowing) = play(&start, Move::Store(order("GAB")));
    assert_eq!(
        sowing.events,
        [
            pick_up(store_hole(South), "1B1G1A"),
            Event::Drop { hole: house(South, 6), piece: Piece::Grape },
            Event::Drop { hole: house(South, 5), piece: Piece::Apple },
            Event::Drop { hole: house(South, 4), piece: Piece::Banana },
        ]
    );
    assert_eq!(row(&after, South), ["0", "0", "0", "1B", "1A", "1G"]);
    assert_eq!(after.store(South), pile("5B5G5A6O"));
    assert_eq!(after.to_move(), North, "no extra moves");
    // North's store move also starts at North's house 6 (next to North's store) and goes left:
    // six oranges, the last in North's empty house 1, opposite South's house 6 (a grape): captured.
    let (after, sowing) = play(&after, Move::Store(order("OOOOOO")));
    assert_eq!(
        drops(&sowing),
        (1..=6).rev().map(|k| house(North, k)).collect::<Vec<_>>()
    );
    assert_eq!(
        captures(&sowing),
        [
            capture(North, house(South, 6), "1G", Place::Captured(North)),
            capture(North, house(North, 1), "1O", Place::Captured(North)),
        ]
    );
    assert_eq!(after.captured(North), pile("1G1O"));
    assert_eq!(after.store(North), pile("6B6G6A"), "captured fruits do not go into the store");
    assert_eq!(row(&after, North), ["0", "1O", "1O", "1O", "1O", "1O"]);
    assert_eq!(row(&after, South), ["0", "0", "0", "1B", "1A", "0"]);
    assert_eq!(after.score(), mancala::BySide::new(0, 2), "the score is the captured fruits so far");
    assert_eq!(after.to_move(), South);
}

#[test]
fn banana_house_move_sows_clockwise_through_both_stores() {
    // South's house 1 (9 fruits): North's store, North 6..1, South's store, South 6.
    let start = position(
        "banana",
        South,
        side(&["3B2G2A2O", "0", "0", "0", "0", "1G"], "1B", "4B4G4A10O"),
        side(&["1A", "1A", "1A", "1A", "1A", "1A"], "4B5G", "0"),
    );
    let (after, sowing) = play(&start, Move::HouseInOrder(1, order("BGAOBGAOB")));
    let mut expected = vec![store_hole(North)];
    expected.extend((1..=6).rev().map(|k| house(North, k)));
    expected.extend([store_hole(South), house(South, 6)]);
    assert_eq!(drops(&sowing), expected);
    assert_eq!(
        dropped_pieces(&sowing),
        [
            Piece::Banana, Piece::Grape, Piece::Apple, Piece::Orange, Piece::Banana, Piece::Grape,
            Piece::Apple, Piece::Orange, Piece::Banana,
        ]
    );
    assert!(captures(&sowing).is_empty(), "house 6 was not empty");
    assert_eq!(after.store(North), pile("5B5G"));
    assert_eq!(row(&after, North), ["2A", "1G1A", "1B1A", "1A1O", "2A", "1G1A"]);
    assert_eq!(after.store(South), pile("1B1O"));
    assert_eq!(row(&after, South), ["0", "0", "0", "0", "0", "1B1G"]);
    assert_eq!(after.to_move(), North);
}

#[test]
fn banana_last_fruit_in_own_store_gives_no_extra_move() {
    // South's house 1 (8 fruits): North's store, North 6..1, South's store.
    let start = position(
        "banana",
        South,
        side(&["2B2G2A2O", "0", "0", "0", "0", "0"], "0", "4B4G4A4O"),
        side(&["0", "0", "0", "0", "0", "0"], "6B6G6A6O", "0"),
    );
    let (after, sowing) = play(&start, Move::HouseInOrder(1, order("BBGGAAOO")));
    assert_eq!(*drops(&sowing).last().unwrap(), store_hole(South));
    assert!(!sowing.extra_move());
    assert_eq!(after.to_move(), North);
    assert_eq!(after.store(South), pile("1O"));
}

#[test]
fn banana_fruit_order_matters() {
    let start = position(
        "banana",
        South,
        side(&["1B1O", "0", "0", "0", "0", "0"], "1G1A", "5B5G5A5O"),
        side(&["0", "0", "0", "0", "0", "0"], "6B6G6A6O", "0"),
    );
    let (a, _) = play(&start, Move::HouseInOrder(1, order("BO")));
    let (b, _) = play(&start, Move::HouseInOrder(1, order("OB")));
    assert_ne!(a, b, "two orders of the same house are two different moves");
    assert_eq!(a.store(North), pile("7B6G6A6O"));
    assert_eq!(row(&a, North)[5], "1O");
    assert_eq!(b.store(North), pile("6B6G6A7O"));
    assert_eq!(row(&b, North)[5], "1B");
    // Both are legal moves, and they are counted and listed separately.
    assert_eq!(start.count_moves_from(Source::House(1)), 2);
    let mut listed = Vec::new();
    start.for_each_move_from(Source::House(1), |m| listed.push(m));
    assert!(listed.contains(&Move::HouseInOrder(1, order("BO"))));
    assert!(listed.contains(&Move::HouseInOrder(1, order("OB"))));
    // Store moves with the same fruits in another order differ too.
    let (c, _) = play(&start, Move::Store(order("GA")));
    let (d, _) = play(&start, Move::Store(order("AG")));
    assert_ne!(c, d);
    assert_eq!(row(&c, South), ["1B1O", "0", "0", "0", "1A", "1G"]);
    assert_eq!(row(&d, South), ["1B1O", "0", "0", "0", "1G", "1A"]);
}

#[test]
fn banana_origin_house_is_not_skipped_on_a_lap() {
    // 14 fruits from South's house 3: houses 2, 1, North's store, North 6..1, South's store,
    // South 6, 5, 4 and house 3 again, which was emptied: North's house 4 opposite got a grape
    // on the way, so the last fruit captures it.
    let start = position(
        "banana",
        South,
        side(&["0", "0", "4B4G3A3O", "0", "0", "0"], "0", "0"),
        side(&["0"; 6], "2B2G2A2O", "6B6G7A7O"),
    );
    let m = start.house_move(3).unwrap();
    assert_eq!(m, Move::HouseInOrder(3, order("BBBBGGGGAAAOOO")), "the default order groups the kinds");
    let (after, sowing) = play(&start, m);
    let mut expected = vec![house(South, 2), house(South, 1), store_hole(North)];
    expected.extend((1..=6).rev().map(|k| house(North, k)));
    expected.extend([store_hole(South), house(South, 6), house(South, 5), house(South, 4), house(South, 3)]);
    assert_eq!(drops(&sowing), expected);
    assert_eq!(
        captures(&sowing),
        [
            capture(South, house(North, 4), "1G", Place::Captured(South)),
            capture(South, house(South, 3), "1O", Place::Captured(South)),
        ]
    );
    assert_eq!(row(&after, South), ["1B", "1B", "0", "1O", "1O", "1A"]);
    assert_eq!(row(&after, North), ["1A", "1G", "1G", "0", "1G", "1B"]);
    assert_eq!(after.store(South), pile("1A"));
    assert_eq!(after.store(North), pile("3B2G2A2O"));
    assert_eq!(after.captured(South), pile("1G1O"));
    assert_eq!(after.to_move(), North);
}

/// South captures North's last fruit; North, to move, has nothing left: the game ends and South
/// catches every fruit still on the board. Captured before: South 4B4G5A5O, North 5B5G5A6O.
fn banana_last_capture(game: &str) -> Position {
    position(
        game,
        South,
        side(&["1B", "0", "0", "0", "1G", "2A"], "2B2G", "4B4G5A5O"),
        side(&["0", "0", "1O", "0", "0", "0"], "0", "5B5G5A6O"),
    )
}

#[test]
fn banana_capture_goes_to_the_captured_pile_and_the_stuck_player_loses_everything_left() {
    let start = banana_last_capture("banana");
    assert_eq!(start.score(), mancala::BySide::new(10, 11), "captured so far: 4B4G5A5O and 5B5G5A6O");
    let (after, sowing) = play(&start, Move::HouseInOrder(5, order("G")));
    let to = Place::Captured(South);
    let result = outcome(Some(South), 13, 11, EndReason::CannotMove);
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 5), "1G"),
            Event::Drop { hole: house(South, 4), piece: Piece::Grape },
            capture(South, house(North, 3), "1O", to),
            capture(South, house(South, 4), "1G", to),
            sweep(house(South, 1), "1B", to),
            sweep(house(South, 6), "2A", to),
            sweep(store_hole(South), "2B2G", to),
            Event::End { outcome: result },
        ]
    );
    assert_eq!(after.captured(South), pile("7B7G7A6O"));
    assert_eq!(after.captured(North), pile("5B5G5A6O"));
    assert!(after.holes().iter().all(|p| p.is_empty()), "nothing is left on the board");
    assert_eq!(after.outcome(), Some(result));
    assert_eq!(after.score(), mancala::BySide::new(13, 11));
    assert!(after.sources().is_empty());
    assert_eq!(refused_at(&after, Move::Store(order("B"))), IllegalMove::GameOver);
}

#[test]
fn banana_robin_king_scoring() {
    // The same end as above: 7B7G7A6O against 5B5G5A6O is 13-11 in the standard scoring,
    // and 12-12 (a draw) with bananas -1, grapes 0, apples +1, oranges +2.
    let start = banana_last_capture("banana:king");
    assert_eq!(start.score(), mancala::BySide::new(11, 12));
    let (after, sowing) = play(&start, Move::HouseInOrder(5, order("G")));
    let result = outcome(None, 12, 12, EndReason::CannotMove);
    assert_eq!(after.outcome(), Some(result));
    assert_eq!(sowing.outcome(), Some(result));
    let standard = Position::new(variant("banana"));
    let king = Position::new(variant("banana:king"));
    assert_eq!(standard.fruit_points(pile("2B3G1A2O")), -2 + 3 + 1 + 2);
    assert_eq!(king.fruit_points(pile("2B3G1A2O")), -2 + 1 + 4);
    assert_eq!(standard.fruit_points(pile("12B12G12A12O")), 24);
    assert_eq!(king.fruit_points(pile("12B12G12A12O")), 24);
}

/// South's last fruit (house 1) goes into North's store; North then moves. Captured before:
/// South 6B6G6A6O (12 points), North 5B5G5A5O (10 points).
fn banana_south_empties_itself() -> Position {
    position(
        "banana",
        South,
        side(&["1B", "0", "0", "0", "0", "0"], "0", "6B6G6A6O"),
        side(&["1G", "0", "0", "1A", "0", "0"], "1O", "5B5G5A5O"),
    )
}

#[test]
fn banana_a_player_emptied_by_their_own_move_is_not_out_yet() {
    let start = banana_south_empties_itself();
    let (after, sowing) = play(&start, Move::HouseInOrder(1, order("B")));
    assert_eq!(drops(&sowing), [store_hole(North)]);
    assert!(after.houses_empty(South) && after.store(South).is_empty());
    assert_eq!(sowing.outcome(), None, "South emptied itself: the game goes on");
    assert_eq!(after.outcome(), None);
    assert_eq!(after.to_move(), North);
    // North's house 1 sows clockwise into South's store: South has a fruit again and plays on.
    let (again, sowing) = play(&after, Move::HouseInOrder(1, order("G")));
    assert_eq!(drops(&sowing), [store_hole(South)]);
    assert_eq!(again.outcome(), None);
    assert_eq!(again.to_move(), South);
    assert_eq!(again.sources().to_vec(), [Source::Store]);
    assert_eq!(again.store(South), pile("1G"));
}

#[test]
fn banana_the_game_ends_when_the_player_to_move_has_nothing_and_12_12_is_a_draw() {
    let start = banana_south_empties_itself();
    let (after, _) = play(&start, Move::HouseInOrder(1, order("B")));
    // North's house 4 into its empty house 3 (South's house 4 opposite is empty: no capture);
    // South, to move, has nothing: North captures the fruits left, houses and both stores.
    let (end, sowing) = play(&after, Move::HouseInOrder(4, order("A")));
    let to = Place::Captured(North);
    let result = outcome(None, 12, 12, EndReason::CannotMove);
    assert_eq!(
        sowing.events[2..],
        [
            sweep(house(North, 1), "1G", to),
            sweep(house(North, 3), "1A", to),
            sweep(store_hole(North), "1B1O", to),
            Event::End { outcome: result },
        ]
    );
    assert_eq!(end.captured(North), pile("6B6G6A6O"));
    assert_eq!(end.outcome(), Some(result));
}

#[test]
fn banana_a_position_where_the_player_to_move_has_nothing_is_over() {
    // Set up directly: North to move with nothing. South takes what is left (1B1G1A1O: 2 points).
    let pos = position(
        "banana",
        North,
        side(&["1B1G", "0", "0", "0", "0", "0"], "1A1O", "5B5G5A5O"),
        side(&["0", "0", "0", "0", "0", "0"], "0", "6B6G6A6O"),
    );
    assert_eq!(pos.outcome(), Some(outcome(None, 12, 12, EndReason::CannotMove)));
    assert!(pos.sources().is_empty());
}

#[test]
fn banana_count_moves_from_matches_the_moves_visited() {
    let start = Position::new(variant("banana"));
    let busy = position(
        "banana",
        South,
        side(&["2B1G1A", "1O", "0", "0", "0", "3B3G3A3O"], "1B2G3O", "5B5G7A4O"),
        side(&["0", "0", "0", "0", "0", "0"], "1B1G1A1O", "0"),
    );
    let after_first = play(&start, Move::Store(order("GAB"))).0;
    let cases: Vec<(&Position, Source, u128)> = vec![
        (&start, Source::Store, 5460),
        (&busy, Source::House(1), 12),
        (&busy, Source::House(2), 1),
        (&busy, Source::House(6), 369_600),
        (&busy, Source::Store, 188),
        (&busy, Source::House(3), 0),
        (&after_first, Source::Store, 5460),
    ];
    for (pos, source, expected) in cases {
        assert_eq!(pos.count_moves_from(source), expected, "{source:?}");
        let mut seen = HashSet::new();
        pos.for_each_move_from(source, |m| {
            assert!(seen.insert(m), "{m} visited twice");
        });
        assert_eq!(seen.len() as u128, expected, "{source:?}: moves visited");
        // Every move visited is legal (checked on a sample: the big house has too many to play).
        for m in seen.iter().take(200) {
            assert_eq!(pos.check(*m), Ok(()), "{m}");
        }
    }
    assert_eq!(busy.count_moves(), 12 + 1 + 369_600 + 188);
    assert_eq!(start.count_moves(), 5460);
}

// ---------------------------------------------------------------------------------------------
// Kauri
// ---------------------------------------------------------------------------------------------

fn drop_of(hole: Hole, piece: Piece) -> Event {
    Event::Drop { hole, piece }
}

#[test]
fn kauri_starts_with_five_seeds_and_a_cowrie_in_every_house() {
    let start = Position::new(Variant::Kauri);
    assert_eq!(row(&start, South), ["5S1C"; 6]);
    assert_eq!(row(&start, North), ["5S1C"; 6]);
    assert!(start.store(South).is_empty() && start.store(North).is_empty());
}

#[test]
fn kauri_seed_002_example_1_five_seeds_and_two_cowries_from_house_e() {
    let start = position(
        "kauri",
        South,
        side(&["5", "5S1C", "5S1C", "5S1C", "5S2C", "5S1C"], "0", "0"),
        side(&["5S1C"; 6], "0", "0"),
    );
    let (after, sowing) = play(&start, Move::House(5));
    assert_eq!(
        sowing.events,
        [
            pick_up(house(South, 5), "5S2C"),
            drop_of(house(South, 6), Piece::Seed),
            drop_of(house(North, 1), Piece::Seed),
            drop_of(house(North, 2), Piece::Seed),
            drop_of(house(North, 3), Piece::Seed),
            drop_of(house(North, 4), Piece::Seed),
            drop_of(house(North, 5), Piece::Cowrie),
            drop_of(house(North, 6), Piece::Cowrie),
        ],
        "seeds first, then cowries, skipping the store"
    );
    assert_eq!(row(&after, South), ["5", "5S1C", "5S1C", "5S1C", "0", "6S1C"]);
    assert_eq!(row(&after, North), ["6S1C", "6S1C", "6S1C", "6S1C", "5S2C", "5S2C"]);
    assert_eq!(store(&after, South) + store(&after, North), 0);
    assert_eq!(after.to_move(), North);
}

#[test]
fn kauri_seed_002_example_2_cowrie_captures_the_seeds_of_an_opponent_house_without_cowrie() {
    let start = position(
        "kauri",
        South,
        side(&["4S2C", "7S1C", "5S1C", "5S1C", "5S1C", "5S1C"], "0", "0"),
        side(&["5S1C", "5S1C", "5S1C", "4", "5S1C", "5S1C"], "0", "0"),
    );
    let (after, sowing) = play(&start, Move::House(2));
    let mut expected = vec![pick_up(house(South, 2), "7S1C")];
    expected.extend((3..=6).map(|k| drop_of(house(South, k), Piece::Seed)));
    expected.extend((1..=3).map(|k| drop_of(house(North, k), Piece::Seed)));
    expected.push(drop_of(house(North, 4), Piece::Cowrie));
    expected.push(capture(South, house(North, 4), "4", Place::Hole(store_hole(South))));
    assert_eq!(sowing.events, expected);
    assert_eq!(row(&after, South), ["4S2C", "0", "6S1C", "6S1C", "6S1C", "6S1C"]);
    assert_eq!(row(&after, North), ["6S1C", "6S1C", "6S1C", "1C", "5S1C", "5S1C"], "the cowrie stays");
    assert_eq!((store(&after, South), store(&after, North)), (4, 0));
    assert_eq!(after.to_move(), North);
}

#[test]
fn kauri_seed_002_example_3_seed_in_an_opponent_house_of_cowries_only_goes_to_its_owner() {
    let start = position(
        "kauri",
        South,
        side(&["5S1C"; 6], "2", "0"),
        side(&["5S1C", "5S1C", "1C", "5S1C", "5S1C", "5S1C"], "3", "0"),
    );
    let (after, sowing) = play(&start, Move::House(6));
    let mut expected = vec![pick_up(house(South, 6), "5S1C")];
    expected.push(drop_of(house(North, 1), Piece::Seed));
    expected.push(drop_of(house(North, 2), Piece::Seed));
    expected.push(drop_of(house(North, 3), Piece::Seed));
    expected.push(capture(North, house(North, 3), "1", Place::Hole(store_hole(North))));
    expected.push(drop_of(house(North, 4), Piece::Seed));
    expected.push(drop_of(house(North, 5), Piece::Seed));
    expected.push(drop_of(house(North, 6), Piece::Cowrie));
    assert_eq!(sowing.events, expected);
    assert_eq!(row(&after, North), ["6S1C", "6S1C", "1C", "6S1C", "6S1C", "5S2C"]);
    assert_eq!(row(&after, South)[5], "0");
    assert_eq!((store(&after, South), store(&after, North)), (2, 4));
}

#[test]
fn kauri_lap_skips_both_stores_and_does_not_skip_the_origin() {
    let start = position(
        "kauri",
        South,
        side(&["12S1C", "4S1C", "4S1C", "4S1C", "4S1C", "4S1C"], "2", "0"),
        side(&["4S1C"; 6], "2", "0"),
    );
    let (after, sowing) = play(&start, Move::House(1));
    let mut expected: Vec<Hole> = (2..=6).map(|k| house(South, k)).collect();
    expected.extend((1..=6).map(|k| house(North, k)));
    expected.extend([house(South, 1), house(South, 2)]);
    assert_eq!(drops(&sowing), expected);
    assert_eq!(*dropped_pieces(&sowing).last().unwrap(), Piece::Cowrie);
    assert_eq!(row(&after, South), ["1", "5S2C", "5S1C", "5S1C", "5S1C", "5S1C"]);
    assert_eq!(row(&after, North), ["5S1C"; 6]);
    assert_eq!((store(&after, South), store(&after, North)), (2, 2));
}

#[test]
fn kauri_only_a_house_with_a_cowrie_can_move() {
    let start = position(
        "kauri",
        South,
        side(&["5", "5S1C", "5S1C", "5S1C", "5S2C", "5S1C"], "0", "0"),
        side(&["5S1C"; 6], "0", "0"),
    );
    assert_eq!(
        start.sources().to_vec(),
        [2, 3, 4, 5, 6].map(Source::House).to_vec()
    );
    assert_eq!(refused_at(&start, Move::House(1)), IllegalMove::NoCowrie(1));
    assert_eq!(refused_at(&start, Move::Pass), IllegalMove::CannotPass);
}

#[test]
fn kauri_pieces_dropped_on_own_side_never_capture() {
    // South's house 2: the seed falls into South's own house 3 (a cowrie, no seed): it stays;
    // the cowrie falls into South's own house 4 (seeds, no cowrie): nothing is captured.
    let start = position(
        "kauri",
        South,
        side(&["2C", "1S1C", "1C", "3", "5S1C", "5S1C"], "8", "0"),
        side(&["5S1C"; 6], "8", "0"),
    );
    let (after, sowing) = play(&start, Move::House(2));
    assert!(captures(&sowing).is_empty());
    assert_eq!(row(&after, South), ["2C", "0", "1S1C", "3S1C", "5S1C", "5S1C"]);
    assert_eq!((store(&after, South), store(&after, North)), (8, 8));
}

/// North has no cowrie (all twelve are on South's side); 30 seeds on each side of the board.
fn kauri_north_without_cowries(to_move: Side) -> Position {
    position("kauri", to_move, side(&["5S2C"; 6], "0", "0"), side(&["5"; 6], "0", "0"))
}

#[test]
fn kauri_a_player_without_cowrie_must_pass() {
    let pos = kauri_north_without_cowries(North);
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.sources().to_vec(), [Source::Pass]);
    assert_eq!(pos.count_moves(), 1);
    let mut moves = Vec::new();
    pos.for_each_move(|m| moves.push(m));
    assert_eq!(moves, [Move::Pass]);
    for h in 1..=6 {
        assert_eq!(refused_at(&pos, Move::House(h)), IllegalMove::MustPass);
    }
    let (after, sowing) = play(&pos, Move::Pass);
    assert_eq!(sowing.events, [Event::Pass { side: North }]);
    assert_eq!(after.holes(), pos.holes(), "a pass moves nothing");
    assert_eq!(after.to_move(), South);
    // South has cowries: South cannot pass.
    assert_eq!(refused_at(&after, Move::Pass), IllegalMove::CannotPass);
    assert!(!after.sources().contains(&Source::Pass));
}

#[test]
fn kauri_31_seeds_in_a_store_win_and_30_do_not() {
    for (south_store, north_store, over) in [(27, 17, true), (26, 18, false)] {
        let start = position(
            "kauri",
            South,
            side(&["2C", "7S1C", "1C", "1C", "1C", "1C"], &south_store.to_string(), "0"),
            side(&["1S1C", "1S1C", "1S1C", "4", "1S1C", "1S1C"], &north_store.to_string(), "0"),
        );
        let (after, sowing) = play(&start, Move::House(2));
        assert_eq!(store(&after, South), south_store + 4);
        if over {
            let result = outcome(Some(South), 31, 17, EndReason::Majority);
            assert_eq!(after.outcome(), Some(result));
            assert_eq!(sowing.outcome(), Some(result));
            assert_eq!(*sowing.events.last().unwrap(), Event::End { outcome: result });
            assert!(after.sources().is_empty());
            assert_eq!(refused_at(&after, Move::House(1)), IllegalMove::GameOver);
        } else {
            assert_eq!(after.outcome(), None, "30 seeds are not more than half");
            assert_eq!(sowing.outcome(), None);
            assert_eq!(after.to_move(), North);
        }
    }
}

#[test]
fn kauri_at_30_30_play_goes_on_with_cowries_until_the_player_to_move_has_none() {
    let start = position(
        "kauri",
        North,
        side(&["10C", "1C", "0", "0", "0", "0"], "30", "0"),
        side(&["0", "0", "0", "0", "0", "1C"], "30", "0"),
    );
    assert_eq!(start.outcome(), None, "every seed is captured at 30-30, but North has a cowrie");
    // North's last cowrie goes round (skipping North's store) into South's house 1.
    let (after, sowing) = play(&start, Move::House(6));
    assert_eq!(drops(&sowing), [house(South, 1)]);
    assert_eq!(after.outcome(), None, "South, to move, has cowries");
    assert_eq!(after.sources().to_vec(), [Source::House(1), Source::House(2)]);
    // House 1 (11 cowries) would give North cowries again: the game goes on.
    let (spread, _) = play(&after, Move::House(1));
    assert_eq!(spread.outcome(), None);
    // House 2 keeps every cowrie on South's side: North, to move, has none and loses.
    let (end, sowing) = play(&after, Move::House(2));
    let result = outcome(Some(South), 30, 30, EndReason::NoCowrie);
    assert_eq!(end.outcome(), Some(result));
    assert_eq!(sowing.outcome(), Some(result));
    assert!(end.sources().is_empty(), "no pass at 30-30: the player without cowrie has lost");
    assert_eq!(refused_at(&end, Move::Pass), IllegalMove::GameOver);
}

// ---------------------------------------------------------------------------------------------
// The third occurrence of a position (Banana-Cala and Kauri)
// ---------------------------------------------------------------------------------------------

/// Two bananas in each store, the houses empty, South to move, and the captured piles given.
fn banana_two_bananas_each(south_captured: &str, north_captured: &str) -> Position {
    position(
        "banana",
        South,
        side(&["0"; 6], "2B", south_captured),
        side(&["0"; 6], "2B", north_captured),
    )
}

/// 16 moves that bring `banana_two_bananas_each` back to itself without a capture: each side walks
/// its bananas from its store, through its houses, into the other side's store.
const BANANA_CYCLE: [&str; 16] = [
    "M:B", "M:B", "M:B", "M:B", "6:BB", "6:BB", "5:B", "5:B", "4:BB", "4:BB", "3:B", "3:B", "2:BB",
    "2:BB", "1:B", "1:B",
];

/// Plays moves that must not end the game; returns the last trace.
fn play_all(game: &mut Game, moves: &[&str]) -> Option<Sowing> {
    let mut last = None;
    for text in moves {
        assert!(!game.is_over(), "the game ended before {text}");
        let sowing = game.play(mv(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
        last = Some(sowing);
    }
    last
}

#[test]
fn banana_third_occurrence_ends_the_game_and_captured_fruits_decide() {
    // South has captured 4B8G6A6O (16 points), North 4B4G6A6O (12 points).
    let start = banana_two_bananas_each("4B8G6A6O", "4B4G6A6O");
    let mut game = Game::from_position(start);
    play_all(&mut game, &BANANA_CYCLE);
    assert_eq!(*game.position(), start);
    assert_eq!(game.occurrences(&start), 2);
    assert!(!game.is_over(), "the second occurrence does not end the game");
    assert_eq!(game.outcome(), None);

    let (last, rest) = BANANA_CYCLE.split_last().unwrap();
    play_all(&mut game, rest);
    assert!(!game.is_over());
    let sowing = game.play(mv(last)).unwrap();
    assert_eq!(game.occurrences(&start), 3);
    let result = outcome(Some(South), 16, 12, EndReason::Repetition);
    assert_eq!(game.outcome(), Some(result));
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(*sowing.events.last().unwrap(), Event::End { outcome: result });
    assert_eq!(game.position().outcome(), None, "the position alone does not end the game");
    assert_eq!(refused(&mut game, mv("M:B")), IllegalMove::GameOver);

    // Undo: the game is open again; playing the move again ends it again; so does redo.
    assert_eq!(game.undo(), Some(mv(last)));
    assert!(!game.is_over());
    assert_eq!(game.occurrences(&start), 2);
    let sowing = game.play(mv(last)).unwrap();
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(game.outcome(), Some(result));
    game.undo();
    let sowing = game.redo().expect("a move to redo");
    assert_eq!(sowing.outcome(), Some(result));
    assert!(game.is_over());
    assert_eq!(game.moves().len(), 32);
}

#[test]
fn banana_third_occurrence_with_equal_captured_points_is_a_draw() {
    let start = banana_two_bananas_each("4B6G6A6O", "4B6G6A6O");
    let mut game = Game::from_position(start);
    play_all(&mut game, &BANANA_CYCLE);
    let (last, rest) = BANANA_CYCLE.split_last().unwrap();
    play_all(&mut game, rest);
    let sowing = game.play(mv(last)).unwrap();
    let result = outcome(None, 14, 14, EndReason::Repetition);
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(game.outcome(), Some(result));
}

/// Kauri with three seeds on the board and stores 28-29: 30 moves that come back to the same
/// position without a capture (every seed dropped on the other side lands where it is safe).
fn kauri_cycle_start() -> Position {
    position(
        "kauri",
        North,
        side(&["0", "0", "1C", "1S3C", "1C", "1C"], "28", "0"),
        side(&["1", "0", "0", "1C", "0", "1S5C"], "29", "0"),
    )
}

const KAURI_CYCLE: [&str; 30] = [
    "4", "3", "5", "5", "6", "4", "1", "2", "2", "5", "1", "3", "3", "5", "2", "4", "3", "5", "5",
    "6", "4", "1", "2", "2", "5", "1", "3", "3", "5", "2",
];

#[test]
fn kauri_third_occurrence_ends_the_game_and_stored_seeds_decide() {
    let start = kauri_cycle_start();
    let mut game = Game::from_position(start);
    play_all(&mut game, &KAURI_CYCLE);
    assert_eq!(game.position().store(South), pile("28"), "no capture on the way");
    assert_eq!(game.position().store(North), pile("29"));
    assert_eq!(*game.position(), start);
    assert!(!game.is_over(), "the second occurrence does not end the game");
    let (last, rest) = KAURI_CYCLE.split_last().unwrap();
    play_all(&mut game, rest);
    assert!(!game.is_over());
    let sowing = game.play(mv(last)).unwrap();
    let result = outcome(Some(North), 28, 29, EndReason::Repetition);
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(game.outcome(), Some(result));
    assert_eq!(game.occurrences(&start), 3);
    assert_eq!(refused(&mut game, mv("1")), IllegalMove::GameOver);
    game.undo();
    assert!(!game.is_over());
    assert_eq!(game.play(mv(last)).unwrap().outcome(), Some(result));
}

#[test]
fn kauri_third_occurrence_with_equal_stores_is_a_draw() {
    // 30-30, every seed captured: the cowries go round, and both players keep a cowrie.
    let start = position(
        "kauri",
        North,
        side(&["0", "1C", "1C", "1C", "1C", "0"], "30", "0"),
        side(&["1C", "3C", "1C", "0", "3C", "0"], "30", "0"),
    );
    let cycle = ["5", "3", "2", "5", "6", "2", "3", "3", "4", "4", "6", "1", "1", "6"];
    let mut game = Game::from_position(start);
    play_all(&mut game, &cycle);
    assert_eq!(*game.position(), start);
    assert!(!game.is_over());
    play_all(&mut game, &cycle[..13]);
    let sowing = game.play(mv(cycle[13])).unwrap();
    let result = outcome(None, 30, 30, EndReason::Repetition);
    assert_eq!(sowing.outcome(), Some(result));
    assert_eq!(game.outcome(), Some(result));
}

#[test]
fn kalah_has_no_repetition_rule_in_the_record() {
    assert!(!variant("kalah:6:4").can_repeat());
    assert!(!Variant::KidCalaBeginner.can_repeat());
    assert!(!Variant::KidCalaClassic.can_repeat());
    assert!(variant("banana").can_repeat() && variant("banana:king").can_repeat());
    assert!(Variant::Kauri.can_repeat());
}

// ---------------------------------------------------------------------------------------------
// Illegal moves
// ---------------------------------------------------------------------------------------------

#[test]
fn illegal_moves_in_kalah() {
    let start = Position::new(variant("kalah:6:4"));
    assert_eq!(refused_at(&start, Move::House(7)), IllegalMove::NoSuchHouse { house: 7, houses: 6 });
    assert_eq!(refused_at(&start, Move::House(0)), IllegalMove::NoSuchHouse { house: 0, houses: 6 });
    assert_eq!(refused_at(&start, Move::Pass), IllegalMove::NoPassInThisGame);
    assert_eq!(refused_at(&start, Move::HouseInOrder(1, order("B"))), IllegalMove::NoOrderInThisGame);
    assert_eq!(refused_at(&start, Move::Store(order("B"))), IllegalMove::NoStoreMoveInThisGame);
    let (after, _) = play(&start, Move::House(3));
    assert_eq!(refused_at(&after, Move::House(3)), IllegalMove::EmptyHouse(3));
    let small = Position::new(variant("kalah:2:3"));
    assert_eq!(refused_at(&small, Move::House(3)), IllegalMove::NoSuchHouse { house: 3, houses: 2 });
    let beginner = Position::new(Variant::KidCalaBeginner);
    assert_eq!(refused_at(&beginner, Move::Store(order("B"))), IllegalMove::NoStoreMoveInThisGame);
}

#[test]
fn illegal_moves_in_kauri() {
    let start = position(
        "kauri",
        South,
        side(&["5", "5S1C", "5S1C", "5S1C", "5S2C", "5S1C"], "0", "0"),
        side(&["5S1C"; 6], "0", "0"),
    );
    assert_eq!(refused_at(&start, Move::House(1)), IllegalMove::NoCowrie(1));
    assert_eq!(refused_at(&start, Move::House(7)), IllegalMove::NoSuchHouse { house: 7, houses: 6 });
    assert_eq!(refused_at(&start, Move::Pass), IllegalMove::CannotPass);
    assert_eq!(refused_at(&start, Move::HouseInOrder(2, order("B"))), IllegalMove::NoOrderInThisGame);
    assert_eq!(refused_at(&start, Move::Store(order("B"))), IllegalMove::NoStoreMoveInThisGame);
    let empty = position(
        "kauri",
        South,
        side(&["11C", "0", "0", "0", "0", "0"], "30", "0"),
        side(&["0", "0", "0", "0", "0", "1C"], "30", "0"),
    );
    assert_eq!(refused_at(&empty, Move::House(2)), IllegalMove::EmptyHouse(2));
    let must_pass = kauri_north_without_cowries(North);
    assert_eq!(refused_at(&must_pass, Move::House(1)), IllegalMove::MustPass);
}

#[test]
fn illegal_moves_in_banana_cala() {
    let start = position(
        "banana",
        South,
        side(&["1B1O", "0", "0", "0", "0", "0"], "1G1A", "5B5G5A5O"),
        side(&["0", "0", "0", "0", "0", "0"], "6B6G6A6O", "0"),
    );
    assert_eq!(refused_at(&start, Move::House(1)), IllegalMove::OrderNeeded(1));
    assert_eq!(refused_at(&start, Move::House(2)), IllegalMove::EmptyHouse(2));
    assert_eq!(refused_at(&start, Move::HouseInOrder(2, order("B"))), IllegalMove::EmptyHouse(2));
    assert_eq!(
        refused_at(&start, Move::HouseInOrder(9, order("B"))),
        IllegalMove::NoSuchHouse { house: 9, houses: 6 }
    );
    assert_eq!(
        refused_at(&start, Move::HouseInOrder(1, order("BB"))),
        IllegalMove::WrongFruits { house: 1, holds: pile("1B1O"), order: pile("2B") }
    );
    assert_eq!(
        refused_at(&start, Move::HouseInOrder(1, order("B"))),
        IllegalMove::WrongFruits { house: 1, holds: pile("1B1O"), order: pile("1B") }
    );
    assert_eq!(
        refused_at(&start, Move::HouseInOrder(1, order("BOA"))),
        IllegalMove::WrongFruits { house: 1, holds: pile("1B1O"), order: pile("1B1A1O") }
    );
    assert_eq!(refused_at(&start, Move::Store(FruitOrder::new())), IllegalMove::StoreMoveSize(0));
    assert_eq!(
        refused_at(&start, Move::Store(order("GG"))),
        IllegalMove::NotInStore { fruit: Piece::Grape, wanted: 2, have: 1 }
    );
    assert_eq!(
        refused_at(&start, Move::Store(order("O"))),
        IllegalMove::NotInStore { fruit: Piece::Orange, wanted: 1, have: 0 }
    );
    assert_eq!(refused_at(&start, Move::Pass), IllegalMove::NoPassInThisGame);
    let opening = Position::new(variant("banana"));
    assert_eq!(refused_at(&opening, Move::Store(order("BBBBBBB"))), IllegalMove::StoreMoveSize(7));
    assert_eq!(refused_at(&opening, Move::Store(order("GAGAOOB"))), IllegalMove::StoreMoveSize(7));
    assert_eq!(refused_at(&opening, Move::HouseInOrder(1, order("B"))), IllegalMove::EmptyHouse(1));
    assert_eq!(refused_at(&opening, Move::House(1)), IllegalMove::EmptyHouse(1));
    // Six of one kind is the most a store move may take, and it is legal.
    assert!(opening.play(Move::Store(order("OOOOOO"))).is_ok());
}

#[test]
fn illegal_moves_leave_the_game_record_unchanged() {
    let mut game = Game::new(variant("kalah:6:4"));
    game.play(Move::House(3)).unwrap();
    game.play(Move::House(1)).unwrap();
    game.undo();
    let before = game.clone();
    for m in [Move::House(3), Move::House(9), Move::Pass, Move::Store(order("B"))] {
        assert!(game.play(m).is_err());
        assert_eq!(game, before, "{m}");
        assert_eq!(game.undone(), [Move::House(1)], "a refused move does not forget the redo list");
    }
}

// ---------------------------------------------------------------------------------------------
// Traces
// ---------------------------------------------------------------------------------------------

/// Applies a trace to a copy of the board, hole by hole, and returns the board and the captured
/// piles (what an animation would show at the end of the move).
fn replay(before: &Position, sowing: &Sowing) -> (Vec<Pile>, [Pile; 2], Pile) {
    let m = before.variant().houses();
    let mut holes = before.holes().to_vec();
    let mut captured = [before.captured(South), before.captured(North)];
    let mut removed = Pile::EMPTY;
    let mut hand = Pile::EMPTY;
    let take = |pile: &mut Pile, what: Pile| {
        for (p, n) in what.iter() {
            assert!(pile.remove(p, n), "took {what} from {pile}");
        }
    };
    for e in &sowing.events {
        match *e {
            Event::PickUp { hole, pieces } => {
                take(&mut holes[hole.index(m)], pieces);
                hand.add_pile(pieces);
            }
            Event::Drop { hole, piece } => {
                assert!(hand.remove(piece, 1), "dropped a {piece} not in hand");
                holes[hole.index(m)].add(piece, 1);
            }
            Event::Capture { from, pieces, to, .. } | Event::Sweep { from, pieces, to } => {
                take(&mut holes[from.index(m)], pieces);
                match to {
                    Place::Hole(h) => holes[h.index(m)].add_pile(pieces),
                    Place::Captured(s) => captured[s.index()].add_pile(pieces),
                    Place::Removed => removed.add_pile(pieces),
                }
            }
            Event::ExtraMove { .. } | Event::Pass { .. } | Event::End { .. } => {}
        }
    }
    assert!(hand.is_empty(), "pieces left in hand: {hand}");
    (holes, captured, removed)
}

#[test]
fn traces_replay_to_the_position_after_the_move() {
    let cases: Vec<(Position, Move)> = vec![
        (seeds("kalah:6:4:relay", South, &[0, 0, 0, 0, 0, 2], 10, &[4, 4, 4, 4, 4, 4], 12), Move::House(6)),
        (seeds("kalah:6:4:nocount", South, &[0, 0, 0, 0, 0, 1], 22, &[1, 2, 3, 0, 0, 0], 19), Move::House(6)),
        (seeds("kalah:6:4", South, &[2, 0, 0, 0, 0, 3], 15, &[0, 0, 0, 5, 0, 0], 23), Move::House(1)),
        (banana_last_capture("banana"), Move::HouseInOrder(5, order("G"))),
        (Position::new(variant("banana")), Move::Store(order("GAB"))),
        (
            position(
                "kauri",
                South,
                side(&["5S1C"; 6], "2", "0"),
                side(&["5S1C", "5S1C", "1C", "5S1C", "5S1C", "5S1C"], "3", "0"),
            ),
            Move::House(6),
        ),
        (kauri_north_without_cowries(North), Move::Pass),
    ];
    for (before, m) in cases {
        let (after, sowing) = play(&before, m);
        assert_eq!(sowing.side, before.to_move());
        assert_eq!(sowing.mv, m);
        let (holes, captured, removed) = replay(&before, &sowing);
        assert_eq!(holes, after.holes(), "{m}");
        assert_eq!(captured, [after.captured(South), after.captured(North)], "{m}");
        // Only Kalah's "remaining seeds not counted" takes pieces off the board.
        let mut total = all_pieces(&after);
        total.add_pile(removed);
        assert_eq!(total, all_pieces(&before), "{m}: pieces are conserved");
        // The trace ends the game exactly when the position is over.
        assert_eq!(sowing.outcome(), after.outcome(), "{m}");
    }
}

#[test]
fn trace_of_an_extra_move_sequence_and_the_end() {
    // Kalah(6, 4): South 6 (one seed, store: extra move), then 5 (two seeds: 6 and store: extra
    // move), then the last seed of house 6 into the store ends the game.
    let start = seeds("kalah:6:4", South, &[0, 0, 0, 0, 2, 1], 20, &[4, 4, 4, 4, 4, 4], 1);
    let mut game = Game::from_position(start);
    let first = game.play(Move::House(6)).unwrap();
    assert_eq!(
        first.events,
        [pick_up(house(South, 6), "1"), drop_seed(store_hole(South)), Event::ExtraMove { side: South }]
    );
    let second = game.play(Move::House(5)).unwrap();
    assert_eq!(second.events.last(), Some(&Event::ExtraMove { side: South }));
    let third = game.play(Move::House(6)).unwrap();
    let result = outcome(Some(North), 23, 25, EndReason::HousesEmpty);
    assert_eq!(third.events.len(), 2 + 6 + 1);
    assert!(third.events[2..8].iter().all(|e| matches!(
        e,
        Event::Sweep {
            from: Hole::House { side: North, .. },
            to: Place::Hole(Hole::Store { side: North }),
            ..
        }
    )));
    assert_eq!(third.events[8], Event::End { outcome: result });
    assert_eq!(game.outcome(), Some(result));
    // The trace's JSON form names the events.
    let text = serde_json::to_string(&first).unwrap();
    assert!(text.contains(r#""event":"pick_up""#), "{text}");
    assert!(text.contains(r#""event":"extra_move""#), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Saved games
// ---------------------------------------------------------------------------------------------

#[test]
fn saved_game_round_trip_keeps_moves_undone_moves_and_the_start() {
    let mut game = Game::new(variant("kalah:6:4"));
    for h in [3, 6, 1, 2, 6] {
        game.play(Move::House(h)).unwrap_or_else(|e| panic!("{h}: {e}"));
    }
    game.undo();
    game.undo();
    let text = game.to_json();
    assert!(text.contains(r#""format":1"#), "{text}");
    let mut loaded = Game::from_json(&text).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.undone(), [Move::House(2), Move::House(6)]);
    assert_eq!(loaded.redo().unwrap(), game.clone().redo().unwrap());

    // Banana-Cala: orders are kept.
    let mut banana = Game::new(variant("banana:king"));
    banana.play(Move::Store(order("GAB"))).unwrap();
    banana.play(Move::Store(order("OOOOOO"))).unwrap();
    banana.undo();
    let text = banana.to_json();
    assert!(text.contains("M:GAB") && text.contains("M:OOOOOO"), "{text}");
    let loaded = Game::from_json(&text).unwrap();
    assert_eq!(loaded, banana);
    assert_eq!(loaded.variant(), variant("banana:king"));

    // A game from a set-up position keeps its start.
    let start = kauri_north_without_cowries(North);
    let mut kauri = Game::from_position(start);
    kauri.play(Move::Pass).unwrap();
    kauri.play(Move::House(6)).unwrap();
    let loaded = Game::from_json(&kauri.to_json()).unwrap();
    assert_eq!(loaded, kauri);
    assert_eq!(*loaded.start(), start);
}

#[test]
fn saved_game_damaged_text_is_refused() {
    let good = Game::new(variant("kalah:6:4")).to_json();
    // A start position of another game, and a start position that loses seeds.
    let kauri = serde_json::to_string(&kauri_north_without_cowries(North)).unwrap();
    let kauri_start_in_a_kalah_save =
        format!(r#"{{"format":1,"variant":"kalah:6:4","start":{kauri},"moves":[]}}"#);
    let broken_start = concat!(
        r#"{"format":1,"variant":"kalah:2:3","start":{"variant":"kalah:2:3","to_move":"south","#,
        r#""south":{"houses":[3,3],"store":0},"north":{"houses":[3,2],"store":0}},"moves":[]}"#
    )
    .to_string();
    for text in [
        "",
        "not a saved game",
        &good[..good.len() - 3],
        r#"{"format":1,"variant":"chess","moves":[]}"#,
        r#"{"format":1,"variant":"kalah:6:4","moves":["x"]}"#,
        r#"{"format":1,"variant":"kalah:6:4"}"#,
        r#"{"format":"one","variant":"kalah:6:4","moves":[]}"#,
        &kauri_start_in_a_kalah_save,
        &broken_start,
    ] {
        match Game::from_json(text) {
            Err(LoadError::Invalid(_)) => {}
            other => panic!("{text:?}: expected LoadError::Invalid, got {other:?}"),
        }
    }
}

#[test]
fn saved_game_with_a_hole_out_of_range_says_which_value() {
    let with_house = |house: &str| {
        format!(
            concat!(
                r#"{{"format":1,"variant":"kalah:2:3","start":{{"variant":"kalah:2:3","to_move":"south","#,
                r#""south":{{"houses":[3,{}],"store":0}},"north":{{"houses":[3,3],"store":0}}}},"moves":[]}}"#
            ),
            house
        )
    };
    assert!(Game::from_json(&with_house("3")).is_ok());
    for (house, said) in [("300", "not 300"), ("-4", "not -4"), ("2.5", "a number of seeds from 0 to 255"), ("true", "a number of seeds")] {
        let message = Game::from_json(&with_house(house)).unwrap_err().to_string();
        assert!(message.contains(said) && !message.contains("untagged"), "{house}: {message}");
    }
}

#[test]
fn saved_game_with_a_name_given_twice_is_refused() {
    // Which of the two lists of moves is the game? Neither is guessed (the last one was taken).
    let text = r#"{"format":1,"variant":"kalah:6:4","moves":["3"],"moves":["1"]}"#;
    let message = Game::from_json(text).unwrap_err().to_string();
    assert!(message.contains("duplicate field `moves`"), "{message}");
}

#[test]
fn saved_game_from_a_newer_format_is_refused() {
    let text = r#"{"format":99,"variant":"kalah:6:4","moves":[],"undone":[]}"#;
    assert_eq!(Game::from_json(text), Err(LoadError::Format(99)));
    let message = Game::from_json(text).unwrap_err().to_string();
    assert!(message.contains("newer"), "{message}");
    // A newer format may hold games and moves this version does not know: still a format error.
    let text = r#"{"format":2,"variant":"oware:9","moves":["z9"],"extra":true}"#;
    assert_eq!(Game::from_json(text), Err(LoadError::Format(2)));
    // A number past what the format field holds is said as it was written (it was said as
    // 4294967295).
    let text = r#"{"format":4294967297,"variant":"kalah:6:4","moves":[]}"#;
    assert!(Game::from_json(text).unwrap_err().to_string().contains("format 4294967297"));
}

#[test]
fn saved_game_with_an_illegal_move_is_refused() {
    // After house 3 South moves again, and house 3 is empty.
    let text = r#"{"format":1,"variant":"kalah:6:4","moves":["3","3"],"undone":[]}"#;
    assert_eq!(
        Game::from_json(text),
        Err(LoadError::Move { index: 2, mv: Move::House(3), reason: IllegalMove::EmptyHouse(3) })
    );
    // The undone moves are checked too, numbered after the moves played.
    let text = r#"{"format":1,"variant":"kalah:6:4","moves":["3"],"undone":["7"]}"#;
    assert_eq!(
        Game::from_json(text),
        Err(LoadError::Move {
            index: 2,
            mv: Move::House(7),
            reason: IllegalMove::NoSuchHouse { house: 7, houses: 6 }
        })
    );
    // A move after the end.
    let text = r#"{"format":1,"variant":"kalah:1:1","moves":["1","1"],"undone":[]}"#;
    assert_eq!(
        Game::from_json(text),
        Err(LoadError::Move { index: 2, mv: Move::House(1), reason: IllegalMove::GameOver })
    );
    // Banana-Cala: fruits the store does not hold.
    let text = r#"{"format":1,"variant":"banana","moves":["M:BBBBBB","M:BBBBBB","M:B"]}"#;
    assert_eq!(
        Game::from_json(text),
        Err(LoadError::Move {
            index: 3,
            mv: Move::Store(order("B")),
            reason: IllegalMove::NotInStore { fruit: Piece::Banana, wanted: 1, have: 0 }
        })
    );
}
