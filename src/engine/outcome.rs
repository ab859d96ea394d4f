//! The result of a finished game.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{BySide, Side};

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Kalah and Kid-Cala classic: a player's houses are all empty.
    HousesEmpty,
    /// Kid-Cala beginner: the winner emptied all their houses.
    Emptied,
    /// Banana-Cala: the player to move has no fruit in their houses nor in their store.
    CannotMove,
    /// Kauri: a store holds more than half of the seeds.
    Majority,
    /// Kauri after 30-30: the player to move has no cowrie left.
    NoCowrie,
    /// Banana-Cala and Kauri: the same position came up for the third time.
    Repetition,
}

/// Who won, the score of each side, and why the game ended.
///
/// The score is the pieces in each store for the Kalah family, Kid-Cala and Kauri, and the points of
/// the captured fruits for Banana-Cala.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The final score of each side.
    pub score: BySide<i32>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The outcome decided by the higher score (equal: a draw).
    #[must_use]
    pub fn by_score(score: BySide<i32>, reason: EndReason) -> Outcome {
        let winner = match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, score, reason }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins")?,
            None => f.write_str("draw")?,
        }
        write!(f, " {}-{}", self.score.south, self.score.north)
    }
}
