//! The stars a child earns against the computer: one for each animal (level) beaten, game by game.
//! They are kept on the device and shown on the start screen's level buttons, so that a child who
//! cannot read yet sees which animals they have beaten and which one is next, and the grown-up
//! beside them sees which level fits.
//!
//! Kept in local storage as `{"kalah":[1,2],"kauri":[1]}`: the games by their page keys
//! ([`GameId::key`]), each with the levels beaten. What cannot be read is left out, what can is
//! kept: a damaged record never loses the stars still readable in it.

use super::state::GameId;

/// The levels beaten, game by game: bit `level - 1` of each game's byte, in the order of
/// [`GameId::ALL`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stars([u8; 5]);

/// A level's bit, for the levels there are (1 to 5).
fn bit(level: u8) -> Option<u8> {
    (1..=5).contains(&level).then(|| 1 << (level - 1))
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

    /// The text kept in storage.
    #[must_use]
    pub fn to_json(self) -> String {
        let games: serde_json::Map<String, serde_json::Value> = GameId::ALL
            .into_iter()
            .filter_map(|game| {
                let levels: Vec<u8> = (1..=5).filter(|&l| self.has(game, l)).collect();
                (!levels.is_empty()).then(|| (game.key().to_string(), serde_json::Value::from(levels)))
            })
            .collect();
        serde_json::Value::Object(games).to_string()
    }

    /// The stars in a stored text: unknown games, levels other than 1 to 5 and anything else that
    /// is not a star are left out.
    #[must_use]
    pub fn from_json(text: &str) -> Stars {
        let mut stars = Stars::default();
        let Ok(serde_json::Value::Object(games)) = serde_json::from_str::<serde_json::Value>(text) else { return stars };
        for (key, levels) in &games {
            let Some(game) = GameId::ALL.into_iter().find(|g| g.key() == key) else { continue };
            for level in levels.as_array().into_iter().flatten().filter_map(serde_json::Value::as_u64) {
                if let Ok(level) = u8::try_from(level) {
                    stars.add(game, level);
                }
            }
        }
        stars
    }
}
