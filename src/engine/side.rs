//! The two players, and a value for each of them.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};

/// One of the two players. South sits at the bottom of the board and moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player at the bottom of the board; always makes the first move.
    South,
    /// The player at the top of the board.
    North,
}

/// Read from its name, `"south"` or `"north"`, as it is written. Anything else is told as what it
/// is, a number as a number: the reader serde derives for a name said "expected value" of a
/// number, as if the text were not JSON.
impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Side;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a player, \"south\" or \"north\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Side, E> {
                match v {
                    "south" => Ok(Side::South),
                    "north" => Ok(Side::North),
                    _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_str(Name)
    }
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The opponent.
    ///
    /// ```
    /// use mancala::Side;
    /// assert_eq!(Side::South.other(), Side::North);
    /// ```
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name used in every text form: `"south"` or `"north"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each player, indexed by [`Side`].
///
/// ```
/// use mancala::{BySide, Side};
/// let mut score = BySide::new(0, 0);
/// score[Side::North] += 3;
/// assert_eq!(score.north, 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// South's value and North's value.
    pub const fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }

    /// The value of each side, computed from the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        BySide { south: f(Side::South), north: f(Side::North) }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide { south: f(self.south), north: f(self.north) }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
