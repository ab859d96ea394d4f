//! Which game is played, with its options, and its text form.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most houses a side the engine supports (the real board has 6).
pub const MAX_HOUSES: u8 = 8;
/// The most seeds a house can start with in Kalah.
pub const MAX_SEEDS: u8 = 8;

/// The rules of Kalah with m houses a side and n seeds a house, and its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KalahRules {
    /// Houses on each side, 1..=8.
    pub houses: u8,
    /// Seeds in each house at the start, 1..=8.
    pub seeds: u8,
    /// Landing in an own empty house whose opposite house is empty still puts that seed in the store.
    pub empty_capture: bool,
    /// At the end, seeds left in the houses are removed instead of going to their side's store.
    pub remaining_not_counted: bool,
    /// Swedish relay sowing: a last seed landing in an occupied house lifts that house and sows on.
    pub relay: bool,
}

impl KalahRules {
    /// Kalah(m, n) with the standard rules (no option).
    ///
    /// Returns `None` outside 1..=8 for either number.
    #[must_use]
    pub fn standard(houses: u8, seeds: u8) -> Option<KalahRules> {
        ((1..=MAX_HOUSES).contains(&houses) && (1..=MAX_SEEDS).contains(&seeds)).then_some(KalahRules {
            houses,
            seeds,
            empty_capture: false,
            remaining_not_counted: false,
            relay: false,
        })
    }
}

/// A game and its options.
///
/// Text form (used by the command line and saved games):
///
/// | text | game |
/// | --- | --- |
/// | `kalah:M:N` plus any of `:empty`, `:nocount`, `:relay` | Kalah(M, N), M and N in 1..=8 |
/// | `kidcala-beginner` | Kid-Cala, beginner version |
/// | `kidcala-classic` | Kid-Cala, classic version (Kalah(6, 4) with fruits) |
/// | `banana` | Banana-Cala |
/// | `banana:king` | Banana-Cala with Robin King's scoring |
/// | `kauri` | Kauri |
///
/// ```
/// use mancala::Variant;
/// let v: Variant = "kalah:6:4:relay:empty".parse().unwrap();
/// assert_eq!(v.to_string(), "kalah:6:4:empty:relay");
/// assert!("chess".parse::<Variant>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Kalah(m, n) with options.
    Kalah(KalahRules),
    /// Kid-Cala, beginner version: the first to empty their houses wins.
    KidCalaBeginner,
    /// Kid-Cala, classic version: exactly Kalah(6, 4), played with fruits.
    KidCalaClassic,
    /// Banana-Cala.
    Banana {
        /// Robin King's scoring: bananas -1, grapes 0, apples +1, oranges +2.
        king: bool,
    },
    /// Kauri: seeds and cowrie shells.
    Kauri,
}

impl Variant {
    /// The number of houses on each side.
    #[must_use]
    pub fn houses(self) -> usize {
        match self {
            Variant::Kalah(k) => usize::from(k.houses),
            _ => 6,
        }
    }

    /// The Kalah rules this game follows, for Kalah itself and Kid-Cala classic.
    #[must_use]
    pub fn kalah_rules(self) -> Option<KalahRules> {
        match self {
            Variant::Kalah(k) => Some(k),
            Variant::KidCalaClassic => KalahRules::standard(6, 4),
            _ => None,
        }
    }

    /// The game's name as players know it, without options: "Kalah", "Kid-Cala beginner", ...
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Kalah(_) => "Kalah",
            Variant::KidCalaBeginner => "Kid-Cala beginner",
            Variant::KidCalaClassic => "Kid-Cala classic",
            Variant::Banana { .. } => "Banana-Cala",
            Variant::Kauri => "Kauri",
        }
    }

    /// Whether positions can repeat, so that the game record must watch for a third occurrence.
    #[must_use]
    pub fn can_repeat(self) -> bool {
        matches!(self, Variant::Banana { .. } | Variant::Kauri)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Kalah(k) => {
                write!(f, "kalah:{}:{}", k.houses, k.seeds)?;
                if k.empty_capture {
                    f.write_str(":empty")?;
                }
                if k.remaining_not_counted {
                    f.write_str(":nocount")?;
                }
                if k.relay {
                    f.write_str(":relay")?;
                }
                Ok(())
            }
            Variant::KidCalaBeginner => f.write_str("kidcala-beginner"),
            Variant::KidCalaClassic => f.write_str("kidcala-classic"),
            Variant::Banana { king: false } => f.write_str("banana"),
            Variant::Banana { king: true } => f.write_str("banana:king"),
            Variant::Kauri => f.write_str("kauri"),
        }
    }
}

/// The text is not one of the games' text forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError {
    /// The text that was given.
    pub text: String,
    /// What exactly is wrong with it.
    pub reason: String,
}

/// The valid text forms, for messages.
pub const VARIANT_FORMS: &str = "kalah:M:N (M houses and N seeds, each 1 to 8) followed by any of \
:empty, :nocount, :relay; kidcala-beginner; kidcala-classic; banana; banana:king; kauri";

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game {:?}: {}. Valid games: {VARIANT_FORMS}", self.text, self.reason)
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let err = |reason: &str| ParseVariantError { text: s.to_string(), reason: reason.to_string() };
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "kidcala-beginner" => return Ok(Variant::KidCalaBeginner),
            "kidcala-classic" => return Ok(Variant::KidCalaClassic),
            "banana" => return Ok(Variant::Banana { king: false }),
            "banana:king" => return Ok(Variant::Banana { king: true }),
            "kauri" => return Ok(Variant::Kauri),
            _ => {}
        }
        let mut parts = lower.split(':');
        if parts.next() != Some("kalah") {
            return Err(err("not a game this app knows"));
        }
        let mut number = |what: &str| -> Result<u8, ParseVariantError> {
            let part = parts.next().ok_or_else(|| err(&format!("kalah needs the number of {what}")))?;
            // Digits alone: a sign ("+6") is not a number of houses as the app writes it.
            part.parse::<u8>()
                .ok()
                .filter(|n| part.bytes().all(|b| b.is_ascii_digit()) && (1..=8).contains(n))
                .ok_or_else(|| err(&format!("the number of {what} must be 1 to 8, not {part:?}")))
        };
        let houses = number("houses")?;
        let seeds = number("seeds")?;
        let mut rules = KalahRules::standard(houses, seeds).ok_or_else(|| err("bad numbers"))?;
        for option in parts {
            let flag = match option {
                "empty" => &mut rules.empty_capture,
                "nocount" => &mut rules.remaining_not_counted,
                "relay" => &mut rules.relay,
                other => return Err(err(&format!("unknown kalah option {other:?}"))),
            };
            if std::mem::replace(flag, true) {
                return Err(err(&format!("the option {option:?} is given twice")));
            }
        }
        Ok(Variant::Kalah(rules))
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}
