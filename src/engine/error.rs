//! What can be wrong with a move or a position, each with a message that says what to do instead.

use std::fmt;

use super::{Piece, Pile};

/// A move that the rules do not allow in this position. The position is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// There is no such house on this board.
    NoSuchHouse {
        /// The house asked for.
        house: u8,
        /// Houses on each side.
        houses: u8,
    },
    /// The house is empty.
    EmptyHouse(u8),
    /// Kauri: only a house with a cowrie can move.
    NoCowrie(u8),
    /// Kauri: the player has no cowrie, so the only move is to pass.
    MustPass,
    /// Kauri: a pass, but the player has a cowrie and so can move.
    CannotPass,
    /// A pass, in a game without passes (all but Kauri).
    NoPassInThisGame,
    /// Banana-Cala: a house move must say the order of its fruits (`3:GAB`).
    OrderNeeded(u8),
    /// An order of fruits, in a game without fruit kinds.
    NoOrderInThisGame,
    /// A store move, in a game without store moves.
    NoStoreMoveInThisGame,
    /// Banana-Cala: a store move takes 1 to 6 fruits.
    StoreMoveSize(usize),
    /// Banana-Cala: the store does not hold the fruits the move asks for.
    NotInStore {
        /// The fruit that is short.
        fruit: Piece,
        /// How many the move drops.
        wanted: u8,
        /// How many the store holds.
        have: u8,
    },
    /// Banana-Cala: a house move must drop exactly the fruits of that house.
    WrongFruits {
        /// The house.
        house: u8,
        /// What the house holds.
        holds: Pile,
        /// What the order drops.
        order: Pile,
    },
}

fn fruits(pile: Pile) -> String {
    let parts: Vec<String> = pile
        .iter()
        .map(|(p, n)| format!("{n} {}{}", p.name(), if n == 1 { "" } else { "s" }))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NoSuchHouse { house, houses } => {
                write!(f, "there is no house {house}: each player has houses 1 to {houses}")
            }
            IllegalMove::EmptyHouse(h) => write!(f, "house {h} is empty"),
            IllegalMove::NoCowrie(h) => {
                write!(f, "house {h} has no cowrie: only a house with a cowrie can move")
            }
            IllegalMove::MustPass => f.write_str("there is no cowrie on your side: you must pass"),
            IllegalMove::CannotPass => f.write_str("you cannot pass: you have a move"),
            IllegalMove::NoPassInThisGame => f.write_str("there is no passing in this game"),
            IllegalMove::OrderNeeded(h) => write!(
                f,
                "say in which order the fruits of house {h} are dropped, for example {h}:GAB"
            ),
            IllegalMove::NoOrderInThisGame => {
                f.write_str("this game has no fruit orders: give only the house number")
            }
            IllegalMove::NoStoreMoveInThisGame => {
                f.write_str("in this game you cannot sow from your store")
            }
            IllegalMove::StoreMoveSize(n) => {
                write!(f, "a store move sows 1 to 6 fruits, not {n}")
            }
            IllegalMove::NotInStore { fruit, wanted, have } => write!(
                f,
                "your store holds {have} {}{}, not the {wanted} this move drops",
                fruit.name(),
                if have == 1 { "" } else { "s" }
            ),
            IllegalMove::WrongFruits { house, holds, order } => write!(
                f,
                "house {house} holds {}, but the order drops {}: a house move sows every fruit \
                 of the house",
                fruits(holds),
                fruits(order)
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A position that cannot come up in its game (wrong pieces, wrong counts, wrong board size).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError(pub String);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a valid position: {}", self.0)
    }
}

impl std::error::Error for PositionError {}
