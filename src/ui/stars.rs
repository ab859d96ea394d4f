//! The stars a child earns against the computer: one for each animal (level) beaten, game by game
//! (Kalah board by board).
//! They are kept on the device and shown on the start screen's level buttons, so that a child who
//! cannot read yet sees which animals they have beaten and which one is next, and the grown-up
//! beside them sees which level fits.
//!
//! Kalah's stars are kept board by board ([`Shelf`]): Snail beaten on the teaching board of 4
//! houses a side is no sign that Snail is beaten on the full board, a far longer game, and a star
//! shown there would send the child on to Bunny too early. The seeds a house and the options do
//! not make a board of their own: they change the game less, and a child would not find their
//! stars again after a grown-up tried another option.
//!
//! Each child has their own stars, found by the name they type on the start screen ([`StarBook`]):
//! on a tablet shared by a family or a class, one child's stars are not shown to the next, and a
//! child who plays under their name finds theirs again. A child who types no name plays as "you",
//! whose stars are the device's own.
//!
//! Kept in local storage as `{"kalah":[1,2],"kalah-4":[1],"kauri":[1],"names":{"mia":{"banana":[1]}}}`:
//! the games by their page keys ([`GameId::key`]), Kalah's teaching boards by the houses a side,
//! each with the levels beaten, first for the child with no name, then for each name (see
//! [`StarBook::key`]). Stars kept before the boards had their own are the full board's. What cannot
//! be read is left out, what can is kept: a damaged record never loses the stars still readable in
//! it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::state::{GameId, LEVELS};
use crate::Variant;

/// Where the stars of a game go: each game has its own, and each Kalah board (see the module's
/// docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shelf {
    /// The game.
    game: GameId,
    /// Kalah: the houses a side (0 for the other games).
    houses: u8,
}

impl Shelf {
    /// Every shelf, in the order of [`Stars`]' bytes: the games in the order of [`GameId::ALL`],
    /// then Kalah's teaching boards.
    const ALL: [Shelf; 7] = [
        Shelf { game: GameId::Beginner, houses: 0 },
        Shelf { game: GameId::Classic, houses: 0 },
        Shelf { game: GameId::Banana, houses: 0 },
        Shelf { game: GameId::Kalah, houses: 6 },
        Shelf { game: GameId::Kauri, houses: 0 },
        Shelf { game: GameId::Kalah, houses: 5 },
        Shelf { game: GameId::Kalah, houses: 4 },
    ];

    /// The shelf of a game played.
    #[must_use]
    pub fn of(variant: Variant) -> Shelf {
        let houses = match variant {
            Variant::Kalah(rules) => rules.houses,
            _ => 0,
        };
        Shelf { game: GameId::of(variant), houses }
    }

    /// Where this shelf's byte is in [`Stars`]; none for a Kalah board the start screen does not
    /// offer (from an edited saved game), which earns no star.
    fn index(self) -> Option<usize> {
        Shelf::ALL.iter().position(|&shelf| shelf == self)
    }

    /// The shelf's key in storage: the game's, with the houses a side for a Kalah teaching board.
    fn key(self) -> String {
        match self {
            Shelf { game: GameId::Kalah, houses } if houses != 6 => format!("{}-{houses}", self.game.key()),
            _ => self.game.key().to_string(),
        }
    }
}

/// The levels beaten, shelf by shelf: bit `level - 1` of each shelf's byte, in the order of
/// [`Shelf::ALL`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stars([u8; Shelf::ALL.len()]);

/// A level's bit, for the levels there are (1 to 5).
fn bit(level: u8) -> Option<u8> {
    LEVELS.contains(&level).then(|| 1 << (level - 1))
}

impl Stars {
    /// Whether the child has beaten `level` on this shelf.
    #[must_use]
    pub fn has(self, shelf: Shelf, level: u8) -> bool {
        bit(level).zip(shelf.index()).is_some_and(|(b, i)| self.0[i] & b != 0)
    }

    /// Gives the star for beating `level` on this shelf; says whether it is a new one.
    pub fn add(&mut self, shelf: Shelf, level: u8) -> bool {
        let (Some(b), Some(i)) = (bit(level), shelf.index()) else { return false };
        let byte = &mut self.0[i];
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

    /// The shelves with their levels beaten, as kept in storage (`{"kalah":[1,3],"kalah-4":[2]}`).
    fn to_value(self) -> serde_json::Map<String, Value> {
        Shelf::ALL
            .into_iter()
            .filter_map(|shelf| {
                let levels: Vec<u8> = LEVELS.into_iter().filter(|&l| self.has(shelf, l)).collect();
                (!levels.is_empty()).then(|| (shelf.key(), Value::from(levels)))
            })
            .collect()
    }

    /// The stars in what [`Stars::to_value`] makes: unknown shelves (and the other keys of the
    /// record), levels other than 1 to 5 and anything else that is not a star are left out.
    fn from_value(value: &Value) -> Stars {
        let mut stars = Stars::default();
        let Some(shelves) = value.as_object() else { return stars };
        for (key, levels) in shelves {
            let Some(shelf) = Shelf::ALL.into_iter().find(|s| s.key() == *key) else { continue };
            for level in levels.as_array().into_iter().flatten().filter_map(Value::as_u64) {
                if let Ok(level) = u8::try_from(level) {
                    stars.add(shelf, level);
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

/// A name as it is seen, without the characters that are not letters to see, and without the
/// spaces at its ends: control characters, the marks that set the direction of writing (which
/// turned a whole caption round: "Mia sowed house 1." read ".1 esuoh dewos aiM"), and spaces of no
/// width. The joiners, which change how some letters and pictures are drawn, stay.
#[must_use]
pub fn visible(name: &str) -> String {
    let unseen = |c: char| matches!(c, '\u{061c}' | '\u{200b}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
    name.chars().filter(|&c| !c.is_control() && !unseen(c)).collect::<String>().trim().to_string()
}

impl StarBook {
    /// How a name is found again: without the spaces around it or doubled inside it, whatever its
    /// capitals ("Mia", "mia " and "MIA" are one child), and without what cannot be seen of it
    /// ([`visible`]): "Mia" pasted with a mark of the direction of writing after it was a second
    /// button "Mia" on the start screen, without Mia's stars. Empty for no name.
    #[must_use]
    pub fn key(name: &str) -> String {
        visible(name).split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
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

    /// Gives the child of this name the star for beating `level` on this shelf; says whether it is
    /// a new one.
    pub fn add(&mut self, name: &str, shelf: Shelf, level: u8) -> bool {
        let key = StarBook::key(name);
        let stars = if key.is_empty() { &mut self.nameless } else { self.named.entry(key).or_default() };
        let new = stars.add(shelf, level);
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
