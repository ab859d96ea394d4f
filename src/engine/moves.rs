//! A move, and its text form.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::FruitOrder;

/// One move: a sowing, or a Kauri pass.
///
/// Text forms:
///
/// | text | move |
/// | --- | --- |
/// | `3` | sow house 3 (counted from the mover's own left): Kalah, Kid-Cala, Kauri |
/// | `3:GAB` | Banana-Cala: sow house 3, dropping grape, apple, banana in that order |
/// | `M:OOA` | Banana-Cala: sow orange, orange, apple from the store |
/// | `pass` | Kauri: pass, when the player has no cowrie |
///
/// A move read from text is only well formed; whether it is legal depends on the position
/// ([`crate::Position::play`] checks).
///
/// ```
/// use mancala::Move;
/// let m: Move = "M:ooa".parse().unwrap();
/// assert_eq!(m.to_string(), "M:OOA");
/// assert!("0".parse::<Move>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Sow every piece of an own house (1-based from the mover's left).
    House(u8),
    /// Banana-Cala: sow an own house, dropping its fruits in this order.
    HouseInOrder(u8, FruitOrder),
    /// Banana-Cala: sow 1 to 6 fruits from the own store in this order.
    Store(FruitOrder),
    /// Kauri: the player has no cowrie and passes.
    Pass,
}

impl Move {
    /// The house the move sows from, if it sows from a house.
    #[must_use]
    pub fn house(self) -> Option<u8> {
        match self {
            Move::House(h) | Move::HouseInOrder(h, _) => Some(h),
            Move::Store(_) | Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::House(h) => write!(f, "{h}"),
            Move::HouseInOrder(h, order) => write!(f, "{h}:{order}"),
            Move::Store(order) => write!(f, "M:{order}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The text is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was given.
    pub text: String,
    /// Why it is not a move.
    pub reason: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a move: {}. A move is a house number (\"3\"), a house or the store with the \
             order of its fruits (\"3:GAB\", \"M:OOA\"), or \"pass\"",
            self.text, self.reason
        )
    }
}

impl std::error::Error for ParseMoveError {}

/// Reads a house number 1..=8 (whether the board has that house is checked against a position).
///
/// # Errors
/// A message saying why the text is not a house number.
pub fn parse_house(text: &str) -> Result<u8, String> {
    if text.is_empty() {
        return Err("the house number is missing".into());
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{text:?} is not a house number"));
    }
    match text.parse::<u8>() {
        Ok(0) => Err("there is no house 0: houses are numbered from 1".into()),
        Ok(h) => Ok(h),
        Err(_) => Err(format!("there is no house {text}: a board has at most 8 houses a side")),
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |reason: String| ParseMoveError { text: s.to_string(), reason };
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        match t.split_once(':') {
            None => parse_house(t).map(Move::House).map_err(err),
            Some((source, order)) => {
                let order: FruitOrder = order.parse().map_err(|e| err(format!("{e}")))?;
                if source.eq_ignore_ascii_case("m") {
                    Ok(Move::Store(order))
                } else {
                    parse_house(source).map(|h| Move::HouseInOrder(h, order)).map_err(err)
                }
            }
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}
