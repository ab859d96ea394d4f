//! Robin King's Banana-Cala puzzle (Mancala World, seed 001): "two bananas and one orange on the
//! board, 12 points each (Robin King's scoring), South to move and win", solved by
//! 1. 1! 3  2. 2 4  3. 3! 5  4. 4 6  5. 6! M  6. M! 1x  7. 1, South winning 14:10.
//!
//! The puzzle counts houses from the mover's store (its house 1 is our house 6). Searching every
//! placement of the three fruits, exactly one start fits that solution under the rules as the engine
//! reads them; it is the position below. The solution needs the reading of RULES.md: North empties its
//! side with its fourth move, is not out, and plays on from its store after South drops a banana
//! there.

use mancala::{EndReason, Move, Pile, Position, Setup, Side, SideSetup, Variant};

fn pile(text: &str) -> Pile {
    text.parse().unwrap()
}

fn start() -> Position {
    let empty = || vec![Pile::EMPTY; 6];
    let mut south = SideSetup { houses: empty(), store: Pile::EMPTY, captured: pile("5B6G5A6O") };
    let mut north = SideSetup { houses: empty(), store: Pile::EMPTY, captured: pile("5B6G7A5O") };
    south.houses[4] = pile("1B");
    south.houses[5] = pile("1B");
    north.houses[3] = pile("1O");
    let variant: Variant = "banana:king".parse().unwrap();
    Position::from_setup(&Setup { variant, to_move: Side::South, south, north }).unwrap()
}

#[test]
fn robin_kings_puzzle_is_won_by_south_14_to_10() {
    let mut pos = start();
    assert_eq!(pos.score().south, 12);
    assert_eq!(pos.score().north, 12);
    let solution = "6:B 4:O 5:BB 3:O 4:B 2:O 3:BB 1:O 1:B M:B M:O 6:B 6:O";
    let mut north_moves = 0;
    for text in solution.split(' ') {
        let m: Move = text.parse().unwrap();
        let mover = pos.to_move();
        let (next, sowing) = pos.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
        if mover == Side::North {
            north_moves += 1;
            if north_moves == 4 {
                // North's fourth move empties its whole side, houses and store, and the game goes on.
                assert!(next.houses_empty(Side::North) && next.store(Side::North).is_empty());
                assert!(!next.is_over(), "a player emptied by their own move is not out");
            }
            if north_moves == 6 {
                assert_eq!(sowing.captures().count(), 2, "1x: North captures");
            }
        }
        if north_moves == 4 && mover == Side::South && text == "1:B" {
            // South's fifth move drops the banana into North's store; North then sows from it.
            assert_eq!(next.store(Side::North), pile("1B"));
        }
        pos = next;
    }
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::CannotMove);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!((outcome.score.south, outcome.score.north), (14, 10));
}
