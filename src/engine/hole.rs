//! The holes of the board: houses and stores, and their order around the board.
//!
//! Counter-clockwise, seen from above with South at the bottom, the holes of a board with m houses a
//! side are: South's houses 1..m (from South's left), South's store, North's houses 1..m (from North's
//! left), North's store, and back to South's house 1. Internally each hole has an index in that
//! order, 0..2m+2.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Side;

/// One hole of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Hole {
    /// A house, numbered 1..=m from its owner's left.
    House {
        /// Whose house.
        side: Side,
        /// 1..=m from the owner's left.
        number: u8,
    },
    /// A store (the big hole at its owner's right).
    Store {
        /// Whose store.
        side: Side,
    },
}

impl Hole {
    /// The house `number` (1..=m) of `side`.
    #[must_use]
    pub const fn house(side: Side, number: u8) -> Hole {
        Hole::House { side, number }
    }

    /// The store of `side`.
    #[must_use]
    pub const fn store(side: Side) -> Hole {
        Hole::Store { side }
    }

    /// The owner of the hole.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Hole::House { side, .. } | Hole::Store { side } => side,
        }
    }

    /// The index of the hole counter-clockwise from South's house 1, on a board of `m` houses a side.
    #[must_use]
    pub fn index(self, m: usize) -> usize {
        match self {
            Hole::House { side: Side::South, number } => usize::from(number) - 1,
            Hole::Store { side: Side::South } => m,
            Hole::House { side: Side::North, number } => m + usize::from(number),
            Hole::Store { side: Side::North } => 2 * m + 1,
        }
    }

    /// The hole at a counter-clockwise index (see [`Hole::index`]).
    ///
    /// # Panics
    /// When `i` is not below `2 * m + 2`.
    #[must_use]
    pub fn at(i: usize, m: usize) -> Hole {
        assert!(i < 2 * m + 2, "hole index {i} is off a board of {m} houses");
        // Every number below fits in a u8 because m <= 8.
        match i {
            _ if i < m => Hole::house(Side::South, (i + 1) as u8),
            _ if i == m => Hole::store(Side::South),
            _ if i <= 2 * m => Hole::house(Side::North, (i - m) as u8),
            _ => Hole::store(Side::North),
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hole::House { side, number } => write!(f, "{side} house {number}"),
            Hole::Store { side } => write!(f, "{side} store"),
        }
    }
}

/// The counter-clockwise index arithmetic of a board with `m` houses a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Board {
    pub m: usize,
}

impl Board {
    pub const fn len(self) -> usize {
        2 * self.m + 2
    }
    pub const fn store(self, side: Side) -> usize {
        match side {
            Side::South => self.m,
            Side::North => 2 * self.m + 1,
        }
    }
    /// Index of the first house of `side`.
    pub const fn first_house(self, side: Side) -> usize {
        match side {
            Side::South => 0,
            Side::North => self.m + 1,
        }
    }
    /// Index of house `number` (1-based) of `side`.
    pub const fn house(self, side: Side, number: usize) -> usize {
        self.first_house(side) + number - 1
    }
    pub const fn houses(self, side: Side) -> std::ops::Range<usize> {
        let first = self.first_house(side);
        first..first + self.m
    }
    /// The owner of a hole.
    pub const fn owner(self, i: usize) -> Side {
        if i <= self.m {
            Side::South
        } else {
            Side::North
        }
    }
    pub const fn is_store(self, i: usize) -> bool {
        i == self.m || i == 2 * self.m + 1
    }
    /// The house opposite a house: South's house k faces North's house m + 1 - k.
    pub const fn opposite(self, i: usize) -> usize {
        2 * self.m - i
    }
    pub const fn ccw(self, i: usize) -> usize {
        if i + 1 == self.len() {
            0
        } else {
            i + 1
        }
    }
    pub const fn cw(self, i: usize) -> usize {
        if i == 0 {
            self.len() - 1
        } else {
            i - 1
        }
    }
    pub fn hole(self, i: usize) -> Hole {
        Hole::at(i, self.m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_and_opposites_face_each_other() {
        for m in 1..=8 {
            let b = Board { m };
            for i in 0..b.len() {
                assert_eq!(Hole::at(i, m).index(m), i);
            }
            for k in 1..=m {
                let s = b.house(Side::South, k);
                let n = b.house(Side::North, m + 1 - k);
                assert_eq!(b.opposite(s), n);
                assert_eq!(b.opposite(n), s);
            }
        }
    }
}
