//! A game record: the start, the moves played, undo and redo, the third-occurrence rule, and the
//! saved-game format.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{EndReason, Event, IllegalMove, Move, Outcome, Position, Side, Sowing, Variant};

/// The saved-game format this version writes. It reads this one and refuses any other with a clear
/// message (see [`LoadError::Format`]).
pub const FORMAT_VERSION: u32 = 1;

/// A game from its start: the positions so far, with undo and redo.
///
/// Banana-Cala and Kauri end on the third occurrence of a position, so the record, not the position,
/// knows when those games are over: use [`Game::outcome`] rather than [`Position::outcome`].
///
/// ```
/// use mancala::{Game, Move, Variant};
/// let mut game = Game::new(Variant::KidCalaClassic);
/// game.play(Move::House(3)).unwrap();
/// game.play(Move::House(1)).unwrap();
/// assert_eq!(game.moves().len(), 2);
/// game.undo();
/// assert_eq!(game.moves().len(), 1);
/// game.redo().unwrap();
/// let text = game.to_json();
/// assert_eq!(Game::from_json(&text).unwrap(), game);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// positions[0] is the start; positions[i] follows moves[i - 1].
    positions: Vec<Position>,
    /// Every move played, including those undone and not yet redone (after `cursor`).
    moves: Vec<Move>,
    /// How many of `moves` are in effect.
    cursor: usize,
}

impl Game {
    /// A new game of `variant` from its starting position.
    #[must_use]
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A game that starts from a given position (a lesson or a puzzle).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new(), cursor: 0 }
    }

    /// The game.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The positions from the start to the current one.
    #[must_use]
    pub fn history(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// The moves played so far (not those undone).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The moves undone that [`Game::redo`] would play again, next first.
    #[must_use]
    pub fn undone(&self) -> &[Move] {
        &self.moves[self.cursor..]
    }

    /// How often `position` has come up so far, the current position included.
    #[must_use]
    pub fn occurrences(&self, position: &Position) -> usize {
        self.history().iter().filter(|p| *p == position).count()
    }

    /// The result, if the game is over: by the rules of the position, or because the current
    /// position came up for the third time (Banana-Cala and Kauri).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            return Some(outcome);
        }
        if pos.variant().can_repeat() && self.occurrences(pos) >= 3 {
            return Some(repetition_outcome(pos));
        }
        None
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.position().to_move()
    }

    /// Plays a move, forgetting the moves undone before it. On an illegal move nothing changes.
    pub fn play(&mut self, m: Move) -> Result<Sowing, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let (next, mut sowing) = self.position().play(m)?;
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(m);
        self.cursor += 1;
        if next.outcome().is_none() {
            if let Some(outcome) = self.outcome() {
                sowing.events.push(Event::End { outcome });
            }
        }
        Ok(sowing)
    }

    /// Whether there is a move to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone move to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if !self.can_undo() {
            return None;
        }
        self.cursor -= 1;
        Some(self.moves[self.cursor])
    }

    /// Plays the next undone move again, with its trace; `None` when nothing was undone.
    pub fn redo(&mut self) -> Option<Sowing> {
        let m = *self.moves.get(self.cursor)?;
        let undone = self.moves.split_off(self.cursor);
        let sowing = self.play(m).ok();
        // `play` forgot the undone moves; put back those after the one replayed.
        self.moves.extend_from_slice(&undone[1..]);
        sowing
    }

    /// The saved form of the game.
    #[must_use]
    pub fn to_saved(&self) -> SavedGame {
        let start = *self.start();
        SavedGame {
            format: FORMAT_VERSION,
            variant: self.variant(),
            start: (start != Position::new(start.variant())).then_some(start),
            moves: self.moves().to_vec(),
            undone: self.undone().to_vec(),
        }
    }

    /// The game as JSON text (see [`SavedGame`]).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_saved()).unwrap_or_default()
    }

    /// Rebuilds a game from its saved form, checking every move.
    pub fn from_saved(saved: &SavedGame) -> Result<Game, LoadError> {
        if saved.format != FORMAT_VERSION {
            return Err(LoadError::Format(u64::from(saved.format)));
        }
        let start = saved.start.unwrap_or_else(|| Position::new(saved.variant));
        if start.variant() != saved.variant {
            return Err(LoadError::Invalid(format!(
                "the start position is a {} position, but the game is {}",
                start.variant(),
                saved.variant
            )));
        }
        let mut game = Game::from_position(start);
        for (i, &m) in saved.moves.iter().chain(&saved.undone).enumerate() {
            game.play(m).map_err(|reason| LoadError::Move { index: i + 1, mv: m, reason })?;
        }
        for _ in &saved.undone {
            game.undo();
        }
        Ok(game)
    }

    /// Reads a game from JSON text: a clear error for damaged text, another format, or a move that
    /// is not legal.
    pub fn from_json(text: &str) -> Result<Game, LoadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::Invalid(e.to_string()))?;
        if let Some(format) = value.get("format").and_then(serde_json::Value::as_u64) {
            if format != u64::from(FORMAT_VERSION) {
                return Err(LoadError::Format(format));
            }
        }
        // Read again from the text, not from `value`, which keeps only the last of a name given
        // twice: a game saved with two lists of moves is damaged, not the second list's game.
        drop(value);
        let saved: SavedGame = serde_json::from_str(text).map_err(|e| LoadError::Invalid(e.to_string()))?;
        Game::from_saved(&saved)
    }
}

/// The end by the third occurrence of a position: captured fruits decide in Banana-Cala, stored seeds
/// in Kauri; the pieces on the board count for nobody.
fn repetition_outcome(pos: &Position) -> Outcome {
    Outcome::by_score(pos.score(), EndReason::Repetition)
}

/// A saved game: the format version, the game, an optional start position (when it is not the
/// game's usual start), the moves played and the moves undone.
///
/// ```json
/// {"format":1,"variant":"kalah:6:4","moves":["3","1"],"undone":[]}
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The format version ([`FORMAT_VERSION`]).
    pub format: u32,
    /// The game.
    pub variant: Variant,
    /// The start, when it is not the game's usual start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The moves undone, next first.
    #[serde(default)]
    pub undone: Vec<Move>,
}

/// A saved game could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Saved in another format version (the number as written, however big).
    Format(u64),
    /// The text is damaged or not a saved game.
    Invalid(String),
    /// A move of the record is not legal where it stands.
    Move {
        /// Its place in the list, from 1.
        index: usize,
        /// The move.
        mv: Move,
        /// Why it is not legal.
        reason: IllegalMove,
    },
}

impl LoadError {
    /// Whether the game was saved by a newer version of the app, in a format this one cannot read
    /// (kept for that version rather than thrown away).
    #[must_use]
    pub fn newer(&self) -> bool {
        matches!(self, LoadError::Format(v) if *v > u64::from(FORMAT_VERSION))
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Format(v) if self.newer() => write!(
                f,
                "this game was saved by a newer version of the app (format {v}); this version reads \
                 format {FORMAT_VERSION}"
            ),
            LoadError::Format(v) => write!(
                f,
                "this game was saved in format {v}, which this version cannot read (it reads format \
                 {FORMAT_VERSION})"
            ),
            LoadError::Invalid(why) => write!(f, "this is not a saved game that can be read: {why}"),
            LoadError::Move { index, mv, reason } => {
                write!(f, "move {index} ({mv}) of the saved game cannot be played: {reason}")
            }
        }
    }
}

impl std::error::Error for LoadError {}
