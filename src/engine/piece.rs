//! The pieces: seeds, cowrie shells and the four fruits; a pile of them; an order of fruits.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A kind of piece.
///
/// Kalah and both Kid-Cala versions use only [`Piece::Seed`]: in Kid-Cala the fruits are pictures that
/// the rules never look at, so the engine counts them as plain pieces. Kauri uses seeds and cowries;
/// Banana-Cala uses the four fruits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// A plain counter (a seed, or a Kid-Cala fruit whose kind does not matter).
    Seed = 0,
    /// A Kauri cowrie shell.
    Cowrie = 1,
    /// A banana (costs a point in Banana-Cala).
    Banana = 2,
    /// A grape.
    Grape = 3,
    /// An apple.
    Apple = 4,
    /// An orange.
    Orange = 5,
}

impl Piece {
    /// Every kind, in index order.
    pub const ALL: [Piece; 6] =
        [Piece::Seed, Piece::Cowrie, Piece::Banana, Piece::Grape, Piece::Apple, Piece::Orange];

    /// The four fruits of Banana-Cala, in the order `B`, `G`, `A`, `O`.
    pub const FRUITS: [Piece; 4] = [Piece::Banana, Piece::Grape, Piece::Apple, Piece::Orange];

    /// The letter of the piece in every text form: `S`, `C`, `B`, `G`, `A`, `O`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::Seed => 'S',
            Piece::Cowrie => 'C',
            Piece::Banana => 'B',
            Piece::Grape => 'G',
            Piece::Apple => 'A',
            Piece::Orange => 'O',
        }
    }

    /// The piece with the given letter (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c.to_ascii_uppercase())
    }

    /// The English name, for messages: `"seed"`, `"cowrie"`, `"banana"`, ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Seed => "seed",
            Piece::Cowrie => "cowrie",
            Piece::Banana => "banana",
            Piece::Grape => "grape",
            Piece::Apple => "apple",
            Piece::Orange => "orange",
        }
    }

    /// Whether this is one of Banana-Cala's four fruits.
    #[must_use]
    pub const fn is_fruit(self) -> bool {
        (self as u8) >= 2
    }

    const fn fruit_code(self) -> u128 {
        (self as u128).wrapping_sub(2) & 3
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many pieces of each kind lie in one place (a house, a store, a captured pile, a hand).
///
/// Text form: a plain number when it holds only seeds (`"4"`), otherwise counts with letters in
/// index order (`"5S1C"`, `"2B1O"`); an empty pile is `"0"`.
///
/// ```
/// use mancala::{Pile, Piece};
/// let pile: Pile = "5S1C".parse().unwrap();
/// assert_eq!(pile.count(Piece::Cowrie), 1);
/// assert_eq!(pile.total(), 6);
/// assert_eq!(pile.to_string(), "5S1C");
/// assert_eq!(Pile::of(Piece::Seed, 4).to_string(), "4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pile([u8; 6]);

impl Pile {
    /// No pieces.
    pub const EMPTY: Pile = Pile([0; 6]);

    /// `n` pieces of one kind.
    #[must_use]
    pub const fn of(piece: Piece, n: u8) -> Pile {
        let mut counts = [0; 6];
        counts[piece as usize] = n;
        Pile(counts)
    }

    /// How many pieces of this kind.
    #[must_use]
    pub const fn count(&self, piece: Piece) -> u8 {
        self.0[piece as usize]
    }

    /// How many pieces in all.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether the pile holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 6]
    }

    /// Adds `n` pieces of one kind. Counts saturate at 255, far above any real board.
    pub fn add(&mut self, piece: Piece, n: u8) {
        let c = &mut self.0[piece as usize];
        *c = c.saturating_add(n);
    }

    /// Adds every piece of another pile.
    pub fn add_pile(&mut self, other: Pile) {
        for p in Piece::ALL {
            self.add(p, other.count(p));
        }
    }

    /// Removes `n` pieces of one kind; `false` (and nothing changes) when there are fewer.
    pub fn remove(&mut self, piece: Piece, n: u8) -> bool {
        let c = &mut self.0[piece as usize];
        if *c < n {
            return false;
        }
        *c -= n;
        true
    }

    /// Empties the pile and returns what it held.
    pub fn take_all(&mut self) -> Pile {
        std::mem::take(self)
    }

    /// Removes every piece of one kind and returns how many there were.
    pub fn take_kind(&mut self, piece: Piece) -> u8 {
        std::mem::take(&mut self.0[piece as usize])
    }

    /// The kinds present, with their counts, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Piece, u8)> + '_ {
        Piece::ALL.into_iter().map(|p| (p, self.count(p))).filter(|&(_, n)| n > 0)
    }

    /// The counts of the six kinds packed into one number (one byte each), for hashing.
    #[must_use]
    pub fn packed(&self) -> u64 {
        let c = self.0;
        u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], 0, 0])
    }

    /// Whether every piece here is a plain seed.
    #[must_use]
    pub fn only_seeds(&self) -> bool {
        self.iter().all(|(p, _)| p == Piece::Seed)
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.only_seeds() {
            return write!(f, "{}", self.count(Piece::Seed));
        }
        for (p, n) in self.iter() {
            write!(f, "{n}{}", p.letter())?;
        }
        Ok(())
    }
}

/// A pile's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePileError(pub String);

impl fmt::Display for ParsePileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the pile {:?}: write a number of seeds (\"4\") or counts with letters \
             S seed, C cowrie, B banana, G grape, A apple, O orange (\"5S1C\", \"2B1O\")",
            self.0
        )
    }
}

impl std::error::Error for ParsePileError {}

impl FromStr for Pile {
    type Err = ParsePileError;
    fn from_str(s: &str) -> Result<Pile, ParsePileError> {
        let err = || ParsePileError(s.to_string());
        let s = s.trim();
        if s.is_empty() {
            return Err(err());
        }
        if s.bytes().all(|b| b.is_ascii_digit()) {
            return s.parse::<u8>().map(|n| Pile::of(Piece::Seed, n)).map_err(|_| err());
        }
        let mut pile = Pile::EMPTY;
        let mut seen = [false; 6];
        let mut digits = String::new();
        for c in s.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            let piece = Piece::from_letter(c).ok_or_else(err)?;
            let n: u8 = digits.parse().map_err(|_| err())?;
            if std::mem::replace(&mut seen[piece as usize], true) {
                return Err(err());
            }
            pile.add(piece, n);
            digits.clear();
        }
        if !digits.is_empty() {
            return Err(err());
        }
        Ok(pile)
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.only_seeds() {
            s.serialize_u8(self.count(Piece::Seed))
        } else {
            s.collect_str(self)
        }
    }
}

impl<'de> Deserialize<'de> for Pile {
    /// A number of seeds, or the text of a pile (`"5S1C"`). Anything else is refused with what
    /// was wrong and where it should be (a saved game is written by hand too).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pile, D::Error> {
        struct PileVisitor;
        impl serde::de::Visitor<'_> for PileVisitor {
            type Value = Pile;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of seeds from 0 to 255, or a pile such as \"5S1C\"")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Pile, E> {
                u8::try_from(n)
                    .map(|n| Pile::of(Piece::Seed, n))
                    .map_err(|_| E::custom(format!("a hole holds 0 to 255 pieces, not {n}")))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Pile, E> {
                u64::try_from(n).map_err(|_| E::custom(format!("a hole holds 0 to 255 pieces, not {n}"))).and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: serde::de::Error>(self, t: &str) -> Result<Pile, E> {
                t.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(PileVisitor)
    }
}

/// The most fruits one order can hold: every fruit of the game.
pub const MAX_ORDER: usize = 48;

/// The kinds of fruit in the order they are dropped (Banana-Cala), e.g. `GAB`.
///
/// Kept in two bits a fruit, so an order is a small plain value whatever its length.
///
/// ```
/// use mancala::{FruitOrder, Piece};
/// let order: FruitOrder = "GAB".parse().unwrap();
/// assert_eq!(order.len(), 3);
/// assert_eq!(order.get(2), Some(Piece::Banana));
/// assert_eq!(order.to_string(), "GAB");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FruitOrder {
    len: u8,
    bits: u128,
}

impl FruitOrder {
    /// The empty order.
    #[must_use]
    pub const fn new() -> FruitOrder {
        FruitOrder { len: 0, bits: 0 }
    }

    /// How many fruits.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the order names no fruit.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends one fruit. Fails when the piece is not a fruit or the order is full.
    pub fn push(&mut self, fruit: Piece) -> Result<(), OrderError> {
        if !fruit.is_fruit() {
            return Err(OrderError::NotAFruit(fruit));
        }
        if self.len() >= MAX_ORDER {
            return Err(OrderError::TooLong);
        }
        self.bits |= fruit.fruit_code() << (2 * self.len());
        self.len += 1;
        Ok(())
    }

    /// The fruit dropped `i`-th (from 0).
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Piece> {
        (i < self.len()).then(|| Piece::FRUITS[((self.bits >> (2 * i)) & 3) as usize])
    }

    /// The fruits in dropping order.
    pub fn iter(&self) -> impl Iterator<Item = Piece> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// How many of each fruit the order drops.
    #[must_use]
    pub fn pile(&self) -> Pile {
        let mut pile = Pile::EMPTY;
        for f in self.iter() {
            pile.add(f, 1);
        }
        pile
    }

    /// The default order for a pile of fruits: grouped by kind, bananas first, then grapes, apples,
    /// oranges (`B`, `G`, `A`, `O`). Pieces that are not fruits are left out.
    #[must_use]
    pub fn grouped(pile: Pile) -> FruitOrder {
        let mut order = FruitOrder::new();
        for f in Piece::FRUITS {
            for _ in 0..pile.count(f) {
                if order.push(f).is_err() {
                    return order;
                }
            }
        }
        order
    }
}

/// An order of fruits could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderError {
    /// Only the four fruits can be ordered.
    NotAFruit(Piece),
    /// More than [`MAX_ORDER`] fruits.
    TooLong,
    /// A character that is not one of `B`, `G`, `A`, `O`.
    BadLetter(char),
    /// No fruit at all.
    Empty,
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::NotAFruit(p) => write!(f, "a {p} is not a fruit"),
            OrderError::TooLong => write!(f, "an order holds at most {MAX_ORDER} fruits"),
            OrderError::BadLetter(c) => write!(
                f,
                "{c:?} is not a fruit: use B banana, G grape, A apple, O orange"
            ),
            OrderError::Empty => f.write_str("the order names no fruit"),
        }
    }
}

impl std::error::Error for OrderError {}

impl fmt::Display for FruitOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for fruit in self.iter() {
            write!(f, "{}", fruit.letter())?;
        }
        Ok(())
    }
}

impl FromStr for FruitOrder {
    type Err = OrderError;
    fn from_str(s: &str) -> Result<FruitOrder, OrderError> {
        let mut order = FruitOrder::new();
        for c in s.chars() {
            match Piece::from_letter(c) {
                Some(p) if p.is_fruit() => order.push(p)?,
                _ => return Err(OrderError::BadLetter(c)),
            }
        }
        if order.is_empty() {
            return Err(OrderError::Empty);
        }
        Ok(order)
    }
}
