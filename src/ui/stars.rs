//! The stars a child earns against the computer: one for each animal (level) beaten, game by game.
//! They are kept on the device and shown on the start screen's level buttons, so that a child who
//! cannot read yet sees which animals they have beaten and which one is next, and the grown-up
//! beside them sees which level fits.
//!
//! Each child has their own stars, found by the name they type on the start screen ([`StarBook`]):
//! on a tablet shared by a family or a class, one child's stars are not shown to the next, and a
//! child who plays under their name finds theirs again. A child who types no name plays as "you",
//! whose stars are the device's own.
//!
//! Kept in local storage as `{"kalah":[1,2],"kauri":[1],"names":{"mia":{"banana":[1]}}}`: the
//! games by their page keys ([`GameId::key`]), each with the levels beaten, first for the child with
//! no name, then for each name (see [`StarBook::key`]). What cannot be read is left out, what can is
//! kept: a damaged record never loses the stars still readable in it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::state::{GameId, LEVELS};

/// The levels beaten, game by game: bit `level - 1` of each game's byte, in the order of
/// [`GameId::ALL`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stars([u8; 5]);

/// A level's bit, for the levels there are (1 to 5).
fn bit(level: u8) -> Option<u8> {
    LEVELS.contains(&level).then(|| 1 << (level - 1))
}

/// Where a game's byte is.
fn index(game: GameId) -> usize {
    match game {
        GameId::Beginner => 0,
        GameId::Classic => 1,
        GameId::Banana => 2,
        GameId::Kalah => 3,
        GameId::Kauri => 4,
    }
}

impl Stars {
    /// Whether the child has beaten `level` at `game`.
    #[must_use]
    pub fn has(self, game: GameId, level: u8) -> bool {
        bit(level).is_some_and(|b| self.0[index(game)] & b != 0)
    }

    /// Gives the star for beating `level` at `game`; says whether it is a new one.
    pub fn add(&mut self, game: GameId, level: u8) -> bool {
        let Some(b) = bit(level) else { return false };
        let byte = &mut self.0[index(game)];
        let new = *byte & b == 0;
        *byte |= b;
        new
    }

    /// The stars of both (stars are only ever earned, never taken away).
    #[must_use]
    pub fn with(self, other: Stars) -> Stars {
        Stars(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Whether there is no star at all.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self == Stars::default()
    }

    /// The games with their levels beaten, as kept in storage (`{"kalah":[1,3]}`).
    fn to_value(self) -> serde_json::Map<String, Value> {
        GameId::ALL
            .into_iter()
            .filter_map(|game| {
                let levels: Vec<u8> = LEVELS.into_iter().filter(|&l| self.has(game, l)).collect();
                (!levels.is_empty()).then(|| (game.key().to_string(), Value::from(levels)))
            })
            .collect()
    }

    /// The stars in what [`Stars::to_value`] makes: unknown games (and the other keys of the
    /// record), levels other than 1 to 5 and anything else that is not a star are left out.
    fn from_value(value: &Value) -> Stars {
        let mut stars = Stars::default();
        let Some(games) = value.as_object() else { return stars };
        for (key, levels) in games {
            let Some(game) = GameId::ALL.into_iter().find(|g| g.key() == key) else { continue };
            for level in levels.as_array().into_iter().flatten().filter_map(Value::as_u64) {
                if let Ok(level) = u8::try_from(level) {
                    stars.add(game, level);
                }
            }
        }
        stars
    }
}

/// The stars of every child on the device: the child with no name's, and each name's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StarBook {
    /// The stars of a child who typed no name.
    nameless: Stars,
    /// The stars of each name that has earned one, by [`StarBook::key`].
    named: BTreeMap<String, Stars>,
}

/// The key of the names' stars in the stored record.
const NAMES: &str = "names";

impl StarBook {
    /// How a name is found again: without the spaces around it or doubled inside it, and whatever
    /// its capitals ("Mia", "mia " and "MIA" are one child). Empty for no name.
    #[must_use]
    pub fn key(name: &str) -> String {
        name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
    }

    /// The stars of the child of this name (the nameless child's for an empty one).
    #[must_use]
    pub fn of(&self, name: &str) -> Stars {
        let key = StarBook::key(name);
        if key.is_empty() {
            self.nameless
        } else {
            self.named.get(&key).copied().unwrap_or_default()
        }
    }

    /// Gives the child of this name the star for beating `level` at `game`; says whether it is a
    /// new one.
    pub fn add(&mut self, name: &str, game: GameId, level: u8) -> bool {
        let key = StarBook::key(name);
        let stars = if key.is_empty() { &mut self.nameless } else { self.named.entry(key).or_default() };
        let new = stars.add(game, level);
        // A level that does not exist earns nothing, and leaves no empty entry behind.
        self.named.retain(|_, stars| !stars.is_empty());
        new
    }

    /// The stars of both, child by child (stars are only ever earned, never taken away).
    #[must_use]
    pub fn with(&self, other: &StarBook) -> StarBook {
        let mut book = StarBook { nameless: self.nameless.with(other.nameless), named: self.named.clone() };
        for (key, &stars) in &other.named {
            book.merge(key.clone(), stars);
        }
        book
    }

    /// Adds `stars` to those of the name keyed `key`.
    fn merge(&mut self, key: String, stars: Stars) {
        let mine = self.named.entry(key).or_default();
        *mine = mine.with(stars);
    }

    /// The text kept in storage.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut record = self.nameless.to_value();
        if !self.named.is_empty() {
            let names = self.named.iter().map(|(key, stars)| (key.clone(), Value::Object(stars.to_value()))).collect();
            record.insert(NAMES.to_string(), Value::Object(names));
        }
        Value::Object(record).to_string()
    }

    /// The stars in a stored text, also one kept before names had their own (the nameless child's
    /// alone): what is not a star is left out, names are taken as their keys.
    #[must_use]
    pub fn from_json(text: &str) -> StarBook {
        let Ok(record) = serde_json::from_str::<Value>(text) else { return StarBook::default() };
        let mut book = StarBook { nameless: Stars::from_value(&record), named: BTreeMap::new() };
        for (name, value) in record.get(NAMES).and_then(Value::as_object).into_iter().flatten() {
            let stars = Stars::from_value(value);
            let key = StarBook::key(name);
            if !key.is_empty() && !stars.is_empty() {
                book.merge(key, stars);
            }
        }
        book
    }
}
