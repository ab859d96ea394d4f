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

/// The names played under, most recent first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownNames(Vec<String>);

impl KnownNames {
    /// The most names offered: a row of buttons that fits under a name field on a phone.
    pub const MOST: usize = 6;

    /// Puts a name first (an empty one is not a name; another spelling of it is replaced).
    pub fn add(&mut self, name: &str) {
        // Kept as it is seen: its button shows it so, and nothing unseen comes back with it.
        let name = super::stars::visible(name);
        let name = name.as_str();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return;
        }
        let key = StarBook::key(name);
        self.0.retain(|n| StarBook::key(n) != key);
        self.0.insert(0, name.to_string());
        self.0.truncate(Self::MOST);
    }

    /// Takes a name out, however it is typed.
    pub fn forget(&mut self, name: &str) {
        let key = StarBook::key(name);
        self.0.retain(|n| StarBook::key(n) != key);
    }

    /// Whether a name is among these, however it is typed.
    fn has(&self, name: &str) -> bool {
        let key = StarBook::key(name);
        self.0.iter().any(|n| StarBook::key(n) == key)
    }

    /// The list kept on the device (`kept`, which another copy of the game side by side on a
    /// split screen may have changed meanwhile), with what this copy did to its own list since it
    /// was `base` (now `ours`) done to it too: the names put first here come first, then those
    /// kept, without the names taken out here, as many as are offered. Each copy keeps the names
    /// the other played under, and its own forgetting, rather than writing its list over the
    /// other's.
    #[must_use]
    pub fn merged(base: &KnownNames, ours: &KnownNames, kept: &KnownNames) -> KnownNames {
        // Taken out: forgotten, or pushed off the end by names put first.
        let gone: Vec<&str> = base.iter().filter(|n| !ours.has(n)).collect();
        // The names put first: the fewest first names of ours after which ours is what was left
        // of the base (each `add` puts one name first, each `forget` takes one out).
        let fresh = (0..=ours.0.len())
            .find(|&p| {
                let first = KnownNames(ours.0[..p].to_vec());
                let rest = base.iter().filter(|n| !first.has(n) && !gone.contains(n));
                rest.take(Self::MOST - p).eq(ours.iter().skip(p))
            })
            .unwrap_or(ours.0.len());
        let gone = KnownNames(gone.into_iter().map(str::to_string).collect());
        let mut all = KnownNames(ours.0[..fresh].to_vec());
        for name in kept.iter().filter(|n| !gone.has(n)) {
            if all.0.len() < Self::MOST && !all.has(name) {
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
