//! The names played under on this device, most recent first, offered on the start screen as buttons
//! under each name field: a child who cannot spell their name yet taps it, and finds their own stars
//! (see [`super::stars::StarBook`]) without help.
//!
//! A name is added when a game starts with it, so a name typed wrong and never played is not kept,
//! and only the last [`KnownNames::MOST`] are offered. A name played misspelt ("Mai") would
//! otherwise stay as long as the family plays, a button a child may tap and earn stars under: the
//! chosen name has a small cross beside it that forgets it ([`KnownNames::forget`]); its stars are
//! kept, and the name in the field stays, so a cross tapped by mistake costs nothing: the name
//! comes back when it is played. Two ways of typing the same name ("Mia", " mia ") are one name,
//! shown as it was typed last.
//!
//! Kept in local storage as a list of strings, `["Mia","Leo"]`; what cannot be read is left out.

use serde_json::Value;

use super::stars::StarBook;
use super::state::MAX_NAME;

/// The names played under, most recent first; and those forgotten here (by their
/// [`StarBook::key`]), so that another copy's record does not bring them back ([`KnownNames::with_older`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownNames(Vec<String>, Vec<String>);

impl KnownNames {
    /// The most names offered: a row of buttons that fits under a name field on a phone.
    pub const MOST: usize = 6;

    /// Puts a name first (an empty one is not a name; another spelling of it is replaced).
    pub fn add(&mut self, name: &str) {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return;
        }
        let key = StarBook::key(name);
        self.0.retain(|n| StarBook::key(n) != key);
        self.1.retain(|k| *k != key);
        self.0.insert(0, name.to_string());
        self.0.truncate(Self::MOST);
    }

    /// Takes a name out, however it is typed.
    pub fn forget(&mut self, name: &str) {
        let key = StarBook::key(name);
        self.0.retain(|n| StarBook::key(n) != key);
        self.1.push(key);
    }

    /// These names, then those of `older` (the record another copy of the game on the device may
    /// have written since this one read it: two side by side on a tablet's split screen) that
    /// are not among them nor forgotten here, as many as are offered. Each copy keeps the names
    /// the other played under, rather than writing its own list over them.
    #[must_use]
    pub fn with_older(&self, older: &KnownNames) -> KnownNames {
        let mut all = self.clone();
        for name in older.iter() {
            let key = StarBook::key(name);
            if all.0.len() < Self::MOST && !all.1.contains(&key) && !all.0.iter().any(|n| StarBook::key(n) == key) {
                all.0.push(name.to_string());
            }
        }
        all
    }

    /// The names, most recent first.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    /// As kept on the device.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "[]".into())
    }

    /// Read back from [`KnownNames::to_json`]: the names that can be read, in their order; none
    /// from a record that is not a list.
    pub fn from_json(text: &str) -> KnownNames {
        let mut names = KnownNames::default();
        if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) {
            // Added from the oldest, so that the most recent ends first and duplicates fold into it.
            for name in items.iter().rev().filter_map(Value::as_str) {
                names.add(name);
            }
        }
        names
    }
}
