//! The sowing trace: everything that happened during one move, in order.
//!
//! The board animates a trace piece by piece, and the captions for children are written from it, so
//! it names every piece picked up and dropped, every capture with what it took and from where, the
//! extra move, the pass and the end of the game.

use serde::{Deserialize, Serialize};

use super::{Hole, Move, Outcome, Piece, Pile, Side};

/// Where pieces go when they leave a hole for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Into a hole (a store, in every game that captures into stores).
    Hole(Hole),
    /// Beside a player, out of play (Banana-Cala's captured fruits).
    Captured(Side),
    /// Off the board, counted for nobody (Kalah's "remaining seeds not counted").
    Removed,
}

/// One step of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The mover lifts these pieces from a hole (a house, or a Banana-Cala store). In relay sowing
    /// this happens again at each house where the sowing goes on.
    PickUp {
        /// Where from.
        hole: Hole,
        /// What was lifted.
        pieces: Pile,
    },
    /// One piece is dropped into a hole.
    Drop {
        /// Where.
        hole: Hole,
        /// Which kind (`seed` in the games where kinds do not matter).
        piece: Piece,
    },
    /// Pieces are captured from a hole.
    Capture {
        /// Who gets them.
        by: Side,
        /// The hole they are taken from.
        from: Hole,
        /// What was taken.
        pieces: Pile,
        /// Where they go.
        to: Place,
    },
    /// At the end of the game, pieces left on the board are cleared away.
    Sweep {
        /// The hole they leave.
        from: Hole,
        /// What was in it.
        pieces: Pile,
        /// Where they go.
        to: Place,
    },
    /// The mover plays again (last seed in their own store).
    ExtraMove {
        /// Who moves again.
        side: Side,
    },
    /// A Kauri player without a cowrie passes.
    Pass {
        /// Who passes.
        side: Side,
    },
    /// The game is over.
    End {
        /// The result.
        outcome: Outcome,
    },
}

/// Everything one move did: who moved, the move, and its events in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sowing {
    /// The player who moved.
    pub side: Side,
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// What happened, in order.
    pub events: Vec<Event>,
}

impl Sowing {
    /// The result, when this move ended the game.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.events.iter().find_map(|e| match e {
            Event::End { outcome } => Some(*outcome),
            _ => None,
        })
    }

    /// Whether the mover plays again.
    #[must_use]
    pub fn extra_move(&self) -> bool {
        self.events.iter().any(|e| matches!(e, Event::ExtraMove { .. }))
    }

    /// Every capture, in order: who captured, from which hole, what.
    pub fn captures(&self) -> impl Iterator<Item = (Side, Hole, Pile)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Capture { by, from, pieces, .. } => Some((by, from, pieces)),
            _ => None,
        })
    }

    /// How many pieces `side` caught in this move.
    #[must_use]
    pub fn caught_by(&self, side: Side) -> u32 {
        self.captures().filter(|c| c.0 == side).map(|c| c.2.total()).sum()
    }
}

/// Receives the events of a move as it is played. The search plays with `()`, which records
/// nothing, so the checked and the fast path share one implementation of every rule.
pub(crate) trait Recorder {
    fn record(&mut self, event: impl FnOnce() -> Event);
}

impl Recorder for () {
    #[inline(always)]
    fn record(&mut self, _: impl FnOnce() -> Event) {}
}

impl Recorder for Vec<Event> {
    fn record(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}
