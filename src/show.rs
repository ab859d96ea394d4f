//! What the board shows, and how a move is shown: a data-only plan, with no web crate, so it is
//! tested natively.
//!
//! The engine counts pieces; the board draws pictures. A [`Display`] keeps the picture ([`Look`]) of
//! every piece in every hole, so that in the Kid-Cala games, where the fruits are only pictures, each
//! fruit keeps its picture as it travels. [`Display::apply`] plays one [`Event`] of a sowing trace,
//! which is how the board animates a move step by step; [`captions`] writes the words a child reads
//! (and hears) after a move.

use crate::text::Lang;
use crate::{Event, EndReason, Hole, Move, Outcome, Piece, Pile, Place, Position, Side, Sowing, Variant};

/// The picture of one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Look {
    /// A Kalah seed, or a Kauri seed.
    Seed,
    /// A Kauri cowrie shell.
    Cowrie,
    /// A banana.
    Banana,
    /// A bunch of grapes.
    Grape,
    /// An apple.
    Apple,
    /// An orange.
    Orange,
}

impl Look {
    /// The picture of a piece kind; `None` for the engine's plain seed in a fruit game, whose picture
    /// the display chooses.
    fn of(piece: Piece) -> Look {
        match piece {
            Piece::Seed => Look::Seed,
            Piece::Cowrie => Look::Cowrie,
            Piece::Banana => Look::Banana,
            Piece::Grape => Look::Grape,
            Piece::Apple => Look::Apple,
            Piece::Orange => Look::Orange,
        }
    }

    /// The name used in CSS classes and SVG symbol ids.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Look::Seed => "seed",
            Look::Cowrie => "cowrie",
            Look::Banana => "banana",
            Look::Grape => "grape",
            Look::Apple => "apple",
            Look::Orange => "orange",
        }
    }

    /// The piece's name in `lang`, for a screen reader ("banana"; the board shows pictures).
    #[must_use]
    pub fn said(self, lang: Lang) -> &'static str {
        lang.get(self.keys().0)
    }

    /// The keys of the piece's name and of a number of them.
    const fn keys(self) -> (&'static str, &'static str) {
        match self {
            Look::Seed => ("piece.seed", "pieces.seed"),
            Look::Cowrie => ("piece.cowrie", "pieces.cowrie"),
            Look::Banana => ("piece.banana", "pieces.banana"),
            Look::Grape => ("piece.grape", "pieces.grape"),
            Look::Apple => ("piece.apple", "pieces.apple"),
            Look::Orange => ("piece.orange", "pieces.orange"),
        }
    }
}

/// What `pieces` (the words for a pile: "Mia's house 3, 4 pieces") says with the kinds of the
/// pile's pieces where the rules tell them apart ([`kinds_matter`]): "Mia's house 3, 4 pieces: 2
/// bananas, 2 grapes", for a screen reader, which cannot see which fruits or whether a Kauri house
/// has a shell (and so can be played). Elsewhere, and for an empty pile, `pieces` alone.
#[must_use]
pub fn with_kinds(pieces: String, looks: &[Look], variant: Variant, lang: Lang) -> String {
    if !kinds_matter(variant) || looks.is_empty() {
        return pieces;
    }
    let kinds: Vec<String> = kinds(looks).into_iter().map(|(look, n)| lang.count(look.keys().1, n as i64, &[("count", &n.to_string())])).collect();
    lang.fmt("board.kinds", &[("pieces", &pieces), ("kinds", &kinds.join(", "))])
}

/// The pictures drawn for a hole's pile when there is room for only `room` of them (the count is
/// written beside them). Every Kauri cowrie is drawn, while the room lasts: the shells decide what
/// a house may play and catch, and a child counts them (shared out as the seeds were, a house of 10
/// seeds and 4 shells drew 3 of them). Each other kind of piece gets a share of the room left in
/// proportion to how many there are, and at least one picture while the room lasts, so that a full
/// Banana-Cala store still shows every fruit it holds; of each kind the latest pieces are drawn, so
/// that a piece just dropped appears. The pictures keep the pile's order. When they all fit, all
/// of them.
#[must_use]
pub fn drawn(looks: &[Look], room: usize) -> Vec<Look> {
    if looks.len() <= room {
        return looks.to_vec();
    }
    let shells = looks.iter().filter(|&&l| l == Look::Cowrie).count();
    if shells > 0 && shells < looks.len() {
        // The last shells that fit, and the other pieces in the room they leave (at least one,
        // where there is room for two: a house drawn as shells alone looks like one without a
        // seed), each drawn from the end of the pile.
        let shells_drawn = if room >= 2 { shells.min(room - 1) } else { shells.min(room) };
        let mut shells_left = shells_drawn;
        let others: Vec<Look> = looks.iter().copied().filter(|&l| l != Look::Cowrie).collect();
        let mut others_kept = drawn(&others, room - shells_drawn);
        let mut out = Vec::with_capacity(room);
        for &l in looks.iter().rev() {
            if l == Look::Cowrie {
                if shells_left > 0 {
                    shells_left -= 1;
                    out.push(l);
                }
            } else if others_kept.last() == Some(&l) {
                others_kept.pop();
                out.push(l);
            }
        }
        out.reverse();
        return out;
    }
    // The kinds in the order they first appear, with their counts.
    let mut kinds: Vec<(Look, usize)> = Vec::new();
    for &l in looks {
        match kinds.iter_mut().find(|(k, _)| *k == l) {
            Some((_, n)) => *n += 1,
            None => kinds.push((l, 1)),
        }
    }
    let total = looks.len();
    let mut share: Vec<usize> = kinds.iter().map(|&(_, n)| (room * n / total).max(1).min(n)).collect();
    // How far a kind's share is above its exact one (times `total`).
    let over = |share: &[usize], i: usize| (share[i] * total) as i64 - (room * kinds[i].1) as i64;
    // Too many (every kind got one): take from the kinds most above their exact share; too few:
    // give to the kinds most below it (ties to the kind seen first).
    while share.iter().sum::<usize>() > room {
        let Some(i) = (0..share.len()).filter(|&i| share[i] > 0).max_by_key(|&i| over(&share, i)) else { break };
        share[i] -= 1;
    }
    while share.iter().sum::<usize>() < room {
        let below = (0..share.len()).filter(|&i| share[i] < kinds[i].1);
        let Some(i) = below.max_by_key(|&i| (-over(&share, i), std::cmp::Reverse(i))) else { break };
        share[i] += 1;
    }
    // Keep the last `share` pieces of each kind, walking the pile from its end.
    let mut kept = vec![false; total];
    let mut left = share;
    for (i, l) in looks.iter().enumerate().rev() {
        if let Some(k) = kinds.iter().position(|(kind, _)| kind == l) {
            if left[k] > 0 {
                left[k] -= 1;
                kept[i] = true;
            }
        }
    }
    looks.iter().zip(kept).filter(|(_, keep)| *keep).map(|(l, _)| *l).collect()
}

/// How the pictures of a pile sit in their hole: how far apart their centres are and where each
/// one is, from the middle of the room left for them.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// The distance between the centres of two neighbours: the pictures are drawn about this big.
    pub step: f64,
    /// Each picture's centre, in the pile's order, row by row.
    pub offsets: Vec<(f64, f64)>,
}

/// How many pictures `small` apart fit along a side `length` long, at least one.
fn along(length: f64, small: f64) -> usize {
    (length / small).floor().max(1.0) as usize
}

/// The most pictures a room `width` by `height` holds at the smallest step `small`, at least one.
#[must_use]
pub fn room_for(width: f64, height: f64, small: f64) -> usize {
    along(width, small) * along(height, small)
}

/// Lays out `n` pictures in a room `width` by `height`, centred: as big as the room allows, up to
/// the step `big`, so that a child sees the fruits of a house holding few of them clearly (two
/// rows of two fill a tall house on a phone held upright, instead of a small row of four in its
/// middle); a pile too big for more than `small` is drawn at `small` in rows as wide as the room
/// allows. Where several arrangements give the same size, the one with more columns wins: it reads
/// as a pile rather than a queue. Rows are filled from the first; the last one may be shorter and
/// is centred.
#[must_use]
pub fn grid(n: usize, width: f64, height: f64, small: f64, big: f64) -> Grid {
    let fit = |cols: usize| (width / cols as f64).min(height / n.div_ceil(cols) as f64).min(big);
    let (mut cols, mut step) = (1, small);
    for c in 1..=n {
        let s = fit(c);
        if s >= step {
            (cols, step) = (c, s);
        }
    }
    if step <= small {
        // Small pictures: as many to a row as fit, as a full hole is drawn.
        (cols, step) = (along(width, small).min(n.max(1)), small);
    }
    let rows = n.div_ceil(cols);
    let offsets = (0..n)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let in_row = (n - r * cols).min(cols);
            let x = (c as f64 - (in_row as f64 - 1.0) / 2.0) * step;
            let y = (r as f64 - (rows as f64 - 1.0) / 2.0) * step;
            (x, y)
        })
        .collect();
    Grid { step, offsets }
}

/// The kinds of piece that matter to a game's rules: Banana-Cala's fruits score differently and are
/// chosen one by one, and only Kauri's houses with a cowrie can move. (The Kid-Cala games draw their
/// seeds as varied fruits too, but there a fruit is only a picture.)
#[must_use]
pub fn kinds_matter(variant: Variant) -> bool {
    matches!(variant, Variant::Banana { .. } | Variant::Kauri)
}

/// Whether a number, seen upside down, reads as another number: 6 as 9, 16 as 91, 68 as 89. Face
/// to face each child sees the other's numbers upside down, so such numbers are underlined, as on
/// pool balls and bingo balls, and the line shows which way up they are read. (A number that reads
/// the same turned, like 8, 69 or 11, needs no line, nor one that turns into no number at all: 7,
/// 12, or 10, which turns into "01".)
#[must_use]
pub fn misread_upside_down(n: usize) -> bool {
    let digits = n.to_string();
    let turned: Option<String> = digits
        .chars()
        .rev()
        .map(|c| match c {
            '0' | '1' | '8' => Some(c),
            '6' => Some('9'),
            '9' => Some('6'),
            _ => None,
        })
        .collect();
    turned.is_some_and(|t| !t.starts_with('0') && t != digits)
}

/// The players' colours to choose from: red, blue, green, yellow, purple, pink. Each takes words
/// (white or the ink, see [`ink_on`]) at 4.5 to 1 or more, as the web's guidelines for accessible
/// content ask of words that size: the red, blue and pink were a shade further from it before
/// (4.1 to 4.3).
pub const COLOURS: [&str; 6] = ["#e9633d", "#27769a", "#76b041", "#f3a712", "#8e44ad", "#ed529e"];

/// The players' marks, one for each of [`COLOURS`] (CSS `clip-path` shapes): a circle, a square, a
/// triangle, a diamond, a star and a cross. Beside a name, in the list of moves, at the end and on
/// the colour's own button, a player's dot has their colour's shape: two children who do not see
/// red, green and yellow apart (or blue and purple, or red and pink), as one boy in twelve does
/// not, chose two of them and had two dots alike.
pub const MARKS: [&str; 6] = [
    "circle(50%)",
    "inset(8% round 12%)",
    "polygon(50% 2%, 98% 92%, 2% 92%)",
    "polygon(50% 0%, 100% 50%, 50% 100%, 0% 50%)",
    "polygon(50% 0%, 62% 35%, 99% 36%, 69% 58%, 80% 95%, 50% 73%, 20% 95%, 31% 58%, 1% 36%, 38% 35%)",
    "polygon(33% 0%, 67% 0%, 67% 33%, 100% 33%, 100% 67%, 67% 67%, 67% 100%, 33% 100%, 33% 67%, 0% 67%, 0% 33%, 33% 33%)",
];

/// The keys of the names of [`COLOURS`], for a screen reader ("Colour: red").
pub const COLOUR_NAMES: [&str; 6] = ["colour.red", "colour.blue", "colour.green", "colour.yellow", "colour.purple", "colour.pink"];

/// The page's ink, `--ink` in `static/style.css`: the darkest colour words are written in.
pub const INK: &str = "#2b2118";

/// The colour of words written on a player's colour (a chosen name or starter filled with it): white
/// or the page's ink, whichever stands out more (the higher contrast ratio, as the web's guidelines
/// for accessible content measure it). White words vanish on yellow or green, dark ones on purple.
/// `colour` is `#rrggbb`; anything else gets the ink.
#[must_use]
pub fn ink_on(colour: &str) -> &'static str {
    match (contrast(colour, "#ffffff"), contrast(colour, INK)) {
        (Some(with_white), Some(with_ink)) if with_white > with_ink => "#fff",
        _ => INK,
    }
}

/// The relative luminance of an sRGB colour `#rrggbb`, 0 (black) to 1 (white); none for anything
/// else.
fn luminance(colour: &str) -> Option<f64> {
    let hex = colour.strip_prefix('#').filter(|h| h.len() == 6 && h.is_ascii())?;
    let mut sum = 0.0;
    for (i, weight) in [0.2126, 0.7152, 0.0722].into_iter().enumerate() {
        let c = f64::from(u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?) / 255.0;
        let linear = if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
        sum += weight * linear;
    }
    Some(sum)
}

/// The contrast ratio of two colours `#rrggbb`, 1 to 21: (lighter + 0.05) / (darker + 0.05).
fn contrast(a: &str, b: &str) -> Option<f64> {
    let (a, b) = (luminance(a)?, luminance(b)?);
    Some((a.max(b) + 0.05) / (a.min(b) + 0.05))
}

/// How many pieces of each kind a pile holds, in a fixed order of kinds (seeds, cowries, then the
/// fruits in the order the store chooser offers them: bananas, grapes, apples, oranges), so that
/// a kind keeps its place while pieces come and go. Kinds the pile lacks are left out.
#[must_use]
pub fn kinds(looks: &[Look]) -> Vec<(Look, usize)> {
    const ORDER: [Look; 6] = [Look::Seed, Look::Cowrie, Look::Banana, Look::Grape, Look::Apple, Look::Orange];
    ORDER
        .iter()
        .map(|&kind| (kind, looks.iter().filter(|&&l| l == kind).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// A crowded pile of several kinds drawn as one picture a kind, each with its number: see [`groups`].
#[derive(Debug, Clone, PartialEq)]
pub struct Groups {
    /// How big each picture is drawn.
    pub size: f64,
    /// One a kind, in the order of [`kinds`].
    pub cells: Vec<Group>,
}

/// One kind of a [`Groups`]: its picture and its number, each placed by its centre from the middle
/// of the room.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The kind.
    pub look: Look,
    /// How many of it the pile holds.
    pub count: usize,
    /// The centre of its picture.
    pub picture: (f64, f64),
    /// The centre of its number.
    pub number: (f64, f64),
}

/// How wide a number of `digits` digits written `text` high is, about (bold digits are a little over
/// half as wide as they are high).
fn number_width(digits: usize, text: f64) -> f64 {
    0.62 * text * digits as f64
}

/// Lays out a pile of several `kinds` as one picture a kind with its number written `text` high,
/// in a room `width` by `height`, the pictures at most `big`. Where the pictures of every piece
/// would be drawn too small to tell a banana from an orange (a Banana-Cala store on a phone held
/// upright: 24 fruits in a column two pictures wide, each about 10 pixels across), a big banana
/// with "6" under it reads better than six small bananas among eighteen other small fruits.
///
/// The kinds go in rows, each number beside its picture or under it: of every number of columns
/// and both ways, the one that draws the pictures biggest (a narrow store: one column, numbers
/// under; a tall house: one column, numbers beside), the fewest columns and numbers beside where
/// several do as well. The cells are centred in the room, close together; a last row that is not
/// full is centred too.
#[must_use]
pub fn groups(kinds: &[(Look, usize)], width: f64, height: f64, text: f64, big: f64) -> Groups {
    let k = kinds.len().max(1);
    let digits = kinds.iter().map(|&(_, n)| n.to_string().len()).max().unwrap_or(1);
    let number_w = number_width(digits, text);
    let gap = text * 0.15;
    // (size, columns, beside)
    let mut best = (0.0, 1, true);
    for cols in 1..=k {
        let (cell_w, cell_h) = (width / cols as f64, height / k.div_ceil(cols) as f64);
        let beside = if cell_h >= text { (cell_w - gap - number_w).min(cell_h).min(big) } else { 0.0 };
        let under = if cell_w >= number_w { cell_w.min(cell_h - gap - text).min(big) } else { 0.0 };
        for (size, by) in [(beside, true), (under, false)] {
            if size > best.0 {
                best = (size, cols, by);
            }
        }
    }
    let (size, cols, beside) = best;
    let rows = k.div_ceil(cols);
    // The cell's own width and height, and the distances between the centres of two cells.
    let (cell_w, cell_h) = if beside { (size + gap + number_w, size.max(text)) } else { (size.max(number_w), size + gap + text) };
    let pitch_x = (cell_w * 1.15).min(width / cols as f64);
    let pitch_y = (cell_h * 1.1).min(height / rows as f64);
    let cells = kinds
        .iter()
        .enumerate()
        .map(|(i, &(look, count))| {
            let (r, c) = (i / cols, i % cols);
            let in_row = (k - r * cols).min(cols);
            let x = (c as f64 - (in_row as f64 - 1.0) / 2.0) * pitch_x;
            let y = (r as f64 - (rows as f64 - 1.0) / 2.0) * pitch_y;
            let (picture, number) = if beside {
                ((x - cell_w / 2.0 + size / 2.0, y), (x + cell_w / 2.0 - number_w / 2.0, y))
            } else {
                ((x, y - cell_h / 2.0 + size / 2.0), (x, y + cell_h / 2.0 - text / 2.0))
            };
            Group { look, count, picture, number }
        })
        .collect();
    Groups { size, cells }
}

/// Whether the game draws its plain pieces as fruits (the Kid-Cala games).
fn fruit_pictures(variant: Variant) -> bool {
    matches!(variant, Variant::KidCalaBeginner | Variant::KidCalaClassic)
}

/// The pictures on the board: one list a hole (counter-clockwise, as [`Hole::index`]), the captured
/// piles, and the pieces in the mover's hand during a sowing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Display {
    /// The game shown.
    pub variant: Variant,
    /// The pictures in each hole.
    pub holes: Vec<Vec<Look>>,
    /// Banana-Cala's captured fruits, South's then North's.
    pub captured: [Vec<Look>; 2],
    /// Pieces picked up and not dropped yet.
    pub hand: Vec<Look>,
    /// The hole the last step touched (to highlight it), if any.
    pub last: Option<usize>,
    /// Pieces that the last step carried away (a capture, or the sweep at the end), for the board to
    /// show flying to where they went.
    pub flight: Option<Flight>,
}

/// Where pieces fly when they leave a hole for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// Into a hole (a store), by index.
    Hole(usize),
    /// Onto a player's captured pile, beside the board.
    Captured(Side),
    /// Off the board, for nobody.
    Removed,
}

/// Pieces on their way from a hole to a store or a captured pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flight {
    /// The hole they leave, by index.
    pub from: usize,
    /// Where they go.
    pub to: Landing,
    /// Their pictures.
    pub looks: Vec<Look>,
    /// Counts flights, so that two flights in a row are both shown.
    pub serial: u32,
}

const KID_FRUITS: [Look; 4] = [Look::Apple, Look::Orange, Look::Grape, Look::Banana];

impl Display {
    /// The pictures of a position. In the Kid-Cala games the fruits of each hole get varied pictures.
    #[must_use]
    pub fn of(pos: &Position) -> Display {
        let variant = pos.variant();
        let mut next_fruit = 0;
        let mut looks = |pile: Pile| -> Vec<Look> {
            let mut out = Vec::new();
            for (piece, n) in pile.iter() {
                for _ in 0..n {
                    if piece == Piece::Seed && fruit_pictures(variant) {
                        out.push(KID_FRUITS[next_fruit % KID_FRUITS.len()]);
                        next_fruit += 1;
                    } else {
                        out.push(Look::of(piece));
                    }
                }
            }
            out
        };
        let holes = pos.holes().iter().map(|p| looks(*p)).collect();
        let captured = [looks(pos.captured(Side::South)), looks(pos.captured(Side::North))];
        Display { variant, holes, captured, hand: Vec::new(), last: None, flight: None }
    }

    fn m(&self) -> usize {
        self.variant.houses()
    }

    /// Takes the pictures of `pile` out of a list: plain seeds of a fruit game take any fruit picture.
    fn take(&self, from: &mut Vec<Look>, pile: Pile) -> Vec<Look> {
        let mut taken = Vec::new();
        for (piece, n) in pile.iter() {
            for _ in 0..n {
                let found = if piece == Piece::Seed && fruit_pictures(self.variant) {
                    (!from.is_empty()).then_some(0)
                } else {
                    from.iter().position(|l| *l == Look::of(piece))
                };
                if let Some(i) = found {
                    taken.push(from.remove(i));
                }
            }
        }
        taken
    }

    /// Shows one step of a move.
    pub fn apply(&mut self, event: &Event) {
        let m = self.m();
        let serial = self.flight.as_ref().map_or(0, |f| f.serial + 1);
        self.flight = None;
        match *event {
            Event::PickUp { hole, pieces } => {
                let i = hole.index(m);
                let mut from = std::mem::take(&mut self.holes[i]);
                let taken = self.take(&mut from, pieces);
                self.holes[i] = from;
                self.hand.extend(taken);
                self.last = Some(i);
            }
            Event::Drop { hole, piece } => {
                let i = hole.index(m);
                let look = if piece == Piece::Seed && fruit_pictures(self.variant) {
                    (!self.hand.is_empty()).then(|| self.hand.remove(0))
                } else {
                    self.hand.iter().position(|l| *l == Look::of(piece)).map(|k| self.hand.remove(k))
                };
                self.holes[i].push(look.unwrap_or(Look::of(piece)));
                self.last = Some(i);
            }
            Event::Capture { from, pieces, to, .. } | Event::Sweep { from, pieces, to } => {
                let i = from.index(m);
                let mut list = std::mem::take(&mut self.holes[i]);
                let taken = self.take(&mut list, pieces);
                self.holes[i] = list;
                let landing = match to {
                    Place::Hole(h) => {
                        let j = h.index(m);
                        self.holes[j].extend(taken.iter().copied());
                        self.last = Some(j);
                        Landing::Hole(j)
                    }
                    Place::Captured(side) => {
                        self.captured[side.index()].extend(taken.iter().copied());
                        Landing::Captured(side)
                    }
                    Place::Removed => Landing::Removed,
                };
                self.flight = Some(Flight { from: i, to: landing, looks: taken, serial });
            }
            Event::ExtraMove { .. } | Event::Pass { .. } | Event::End { .. } => {}
        }
    }

    /// Whether the pictures match the position's counts (after a whole move they always should; the
    /// board falls back to [`Display::of`] if not).
    #[must_use]
    pub fn matches(&self, pos: &Position) -> bool {
        let count = |looks: &[Look]| looks.len() as u32;
        self.hand.is_empty()
            && self.holes.len() == pos.holes().len()
            && self.holes.iter().zip(pos.holes()).all(|(l, p)| count(l) == p.total())
            && Side::ALL.iter().all(|s| count(&self.captured[s.index()]) == pos.captured(*s).total())
    }
}

/// The names of the two players, for the captions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    /// South's name (the player at the bottom, who starts).
    pub south: String,
    /// North's name.
    pub north: String,
    /// The side of a child playing alone against the computer who left their name empty: what is
    /// said about that side speaks to them ("You catch 3!", "You win!") rather than of "Player 1".
    pub you: Option<Side>,
}

impl Names {
    /// The name of a side.
    #[must_use]
    pub fn of(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// A text about a side: the key's `.you` form (no name in it) when that side is "you", else the
    /// key with the side's `{name}`, and the other placeholders filled.
    #[must_use]
    pub fn say(&self, lang: Lang, side: Side, key: &str, args: &[(&str, &str)]) -> String {
        let (key, all) = self.about(side, key, args);
        lang.fmt(&key, &all)
    }

    /// [`Names::say`] for a text that counts something: `n` chooses singular or plural
    /// ([`Lang::count`]).
    #[must_use]
    pub fn say_count(&self, lang: Lang, side: Side, key: &str, n: i64, args: &[(&str, &str)]) -> String {
        let (key, all) = self.about(side, key, args);
        lang.count(&key, n, &all)
    }

    /// The key and placeholders of a text about a side (see [`Names::say`]).
    fn about<'a>(&'a self, side: Side, key: &str, args: &[(&'a str, &'a str)]) -> (String, Vec<(&'a str, &'a str)>) {
        if self.you == Some(side) {
            return (format!("{key}.you"), args.to_vec());
        }
        let mut all = vec![("name", self.of(side))];
        all.extend_from_slice(args);
        (key.to_string(), all)
    }
}

/// What a move caught, as a child tells it: one sentence for each player who got pieces.
struct Catch {
    /// Who got them.
    by: Side,
    /// What they got.
    pieces: Pile,
    /// From how many holes.
    holes: usize,
    /// Whether the player to move got them (else they fell among the other player's shells).
    mover: bool,
}

impl Catch {
    fn said(&self, names: &Names, lang: Lang) -> String {
        let count = self.pieces.total().to_string();
        if !self.mover {
            names.say_count(lang, self.by, "caption.seed_lost", i64::from(self.pieces.total()), &[("count", &count)])
        } else if self.holes > 1 {
            let holes = self.holes.to_string();
            names.say(lang, self.by, "caption.capture_houses", &[("count", &count), ("houses", &holes)])
        } else if self.pieces.count(Piece::Banana) > 1 {
            let bananas = self.pieces.count(Piece::Banana).to_string();
            names.say(lang, self.by, "caption.capture_bananas", &[("count", &count), ("bananas", &bananas)])
        } else if self.pieces.count(Piece::Banana) > 0 {
            names.say(lang, self.by, "caption.capture_banana", &[("count", &count)])
        } else {
            names.say(lang, self.by, "caption.capture", &[("count", &count)])
        }
    }
}

/// The catches of a move, each player's together, in the order their first one happened. A catch
/// across the board is two events, the pieces across and then the catching piece itself, but one
/// catch, as a child says at a real board and as the hint counts it: "Ana catches 3!", not "Ana
/// catches 2! Ana catches 1!". Kauri's shells may catch in several houses on the way, and the other
/// player may get several seeds that fall among their shells: one sentence each ("Ana catches 9 in
/// 3 houses!"), not a list of six a child would have read out to them one by one.
fn told_catches(sowing: &Sowing) -> Vec<Catch> {
    let mut out: Vec<Catch> = Vec::new();
    let mut last_from: Option<Hole> = None;
    for (by, from, pieces) in sowing.captures() {
        let mover = by == sowing.side;
        // The catching piece, taken from the mover's own house right after the house across.
        let same_catch = mover && from.side() == by && last_from.is_some_and(|h| h.side() != by);
        last_from = Some(from);
        match out.iter_mut().find(|c| c.by == by) {
            Some(c) => {
                c.pieces.add_pile(pieces);
                c.holes += usize::from(!same_catch);
            }
            None => out.push(Catch { by, pieces, holes: 1, mover }),
        }
    }
    out
}

/// In how many holes the player to move catches with a move: one for a catch across the board
/// (which takes the catching piece too), none without a catch; Kauri's shells may catch in several.
#[must_use]
pub fn holes_caught(sowing: &Sowing) -> usize {
    told_catches(sowing).iter().find(|c| c.mover).map_or(0, |c| c.holes)
}

/// How many bananas the player to move catches in this move (in Banana-Cala each costs a point:
/// a hint says so, as the caption after the move does).
#[must_use]
pub fn bananas_caught(sowing: &Sowing) -> u32 {
    told_catches(sowing).iter().find(|c| c.mover).map_or(0, |c| u32::from(c.pieces.count(Piece::Banana)))
}

/// The hole a move of `side` sows from: a house or the store; none for a pass. (The board rings
/// it for the move played last, the hint makes it glow, the game watched in the rules rings it.)
#[must_use]
pub fn sown_from(m: Move, side: Side) -> Option<Hole> {
    match m {
        Move::Store(_) => Some(Hole::store(side)),
        Move::House(h) | Move::HouseInOrder(h, _) => Some(Hole::house(side, h)),
        Move::Pass => None,
    }
}

/// The number each player's panel counts, and the game watched in the rules beside each name: in
/// Kid-Cala beginner the pieces still in their houses (the first to empty them wins), in the other
/// games their points.
#[must_use]
pub fn tally(pos: &Position, side: Side) -> i64 {
    match pos.variant() {
        Variant::KidCalaBeginner => pos.houses(side).map(|p| i64::from(p.total())).sum(),
        _ => i64::from(pos.score()[side]),
    }
}

/// The sentences that tell a child what a move did, in order: the sowing, how often a relay sowing
/// went on, what was caught (a sentence for each player who got pieces), the extra move or the
/// pass, and the end.
#[must_use]
pub fn captions(sowing: &Sowing, names: &Names, lang: Lang) -> Vec<String> {
    timed_captions(sowing, names, lang).into_iter().map(|(_, line)| line).collect()
}

/// Sentences, each with how many steps of the moves shown (their events) come before it is true.
pub type Timed = Vec<(usize, String)>;

/// [`captions`], each with the steps of the move (its events) shown before it comes true: the
/// sowing and a pass at once, a catch when its pieces fly, the extra move and the end when they
/// come. A game shows each sentence then, so that it never tells what a child has not seen yet.
///
/// Pieces are named as the engine holds them: Kid-Cala's, plain seeds drawn as fruits, are
/// "seeds" here and "fruits" in [`timed_captions_from`], which knows the game.
#[must_use]
pub fn timed_captions(sowing: &Sowing, names: &Names, lang: Lang) -> Timed {
    timed_lines(sowing, false, names, lang)
}

/// [`timed_captions`], Kid-Cala's seeds called fruits where `fruit_pictures` says the board draws
/// them so.
fn timed_lines(sowing: &Sowing, fruit_pictures: bool, names: &Names, lang: Lang) -> Timed {
    let mut lines = Vec::new();
    let mover = sowing.side;
    match sowing.mv {
        Move::House(h) | Move::HouseInOrder(h, _) => {
            lines.push((0, names.say(lang, mover, "caption.moved", &[("house", &h.to_string())])));
        }
        Move::Store(order) => {
            // How many fruits, so that a child can count them into the houses.
            let n = order.len();
            lines.push((0, names.say_count(lang, mover, "caption.moved_store", n as i64, &[("count", &n.to_string())])));
        }
        Move::Pass => {}
    }
    // Relay sowing: each pick-up after the first is the sowing going on from where it landed,
    // said at the last of them, when all it counts have been seen (said at the first, "the
    // sowing went on 3 more times!" came as it went on once, and a child counting along was lost).
    let pick_ups: Vec<usize> = sowing.events.iter().enumerate().filter(|(_, e)| matches!(e, Event::PickUp { .. })).map(|(i, _)| i).collect();
    let relays = pick_ups.len().saturating_sub(1);
    if let Some(&last) = pick_ups.last().filter(|_| relays > 0) {
        lines.push((last + 1, lang.count("caption.relay", relays as i64, &[("count", &relays.to_string())])));
    }
    // Each player's catches in one sentence, said as the pieces of their last catch start to fly
    // (a catch across the board is the pieces across, then the catching piece: said with the
    // first). Kauri's shells may catch in several houses on the way, and seeds fall among the
    // other player's shells: said at the first of them, "Mia catches 1!" came seconds before the
    // catch, while only one seed had fallen among Leo's shells.
    let caught_by = |e: Option<&Event>, side: Side| matches!(e, Some(&Event::Capture { by, .. }) if by == side);
    for catch in told_catches(sowing) {
        let mut first = sowing.events.iter().rposition(|e| caught_by(Some(e), catch.by)).unwrap_or(0);
        while first > 0 && caught_by(sowing.events.get(first - 1), catch.by) {
            first -= 1;
        }
        lines.push((first + 1, catch.said(names, lang)));
    }
    for (i, event) in sowing.events.iter().enumerate() {
        let shown = i + 1;
        match *event {
            Event::ExtraMove { side } => lines.push((shown, names.say(lang, side, "caption.extra", &[]))),
            // A pass is the move itself: said as it starts, as a sowing is.
            Event::Pass { side } => lines.push((i, names.say(lang, side, "caption.pass", &[]))),
            Event::End { outcome } => {
                lines.extend(why_it_ended(sowing, &outcome, fruit_pictures, names, lang).into_iter().map(|l| (shown, l)));
                lines.push((shown, end_line(&outcome, names, lang)));
            }
            _ => {}
        }
    }
    // In the order they come (a sort that keeps the order of sentences said at one step).
    lines.sort_by_key(|&(step, _)| step);
    lines
}

/// The sentences that tell a child what a move played from `before` to `after` did: [`captions`],
/// and what only the positions tell: in Kauri, when a move brings the stores to 30 seeds each, that
/// the game goes on with the shells deciding.
#[must_use]
pub fn captions_from(before: &Position, after: &Position, sowing: &Sowing, names: &Names, lang: Lang) -> Vec<String> {
    timed_captions_from(before, after, sowing, names, lang).into_iter().map(|(_, line)| line).collect()
}

/// [`captions_from`], each with the steps of the move shown before it comes true
/// ([`timed_captions`]; the shells deciding, when the move is over).
#[must_use]
pub fn timed_captions_from(before: &Position, after: &Position, sowing: &Sowing, names: &Names, lang: Lang) -> Timed {
    let mut lines = timed_lines(sowing, fruit_pictures(before.variant()), names, lang);
    let seeds = |pos: &Position| Side::ALL.map(|side| pos.store(side).count(Piece::Seed));
    let ended = sowing.events.iter().any(|e| matches!(e, Event::End { .. }));
    if before.variant() == Variant::Kauri && !ended && seeds(after) == [30, 30] && seeds(before) != [30, 30] {
        lines.push((sowing.events.len(), lang.get("caption.shells_decide").to_string()));
    }
    lines
}

/// Why a game that is over ended, told from its last move as the captions told it after that move
/// ([`captions`]), for the end screen: nothing when no move was played or the reason is in
/// [`end_line`] already.
#[must_use]
pub fn why_game_ended(game: &crate::Game, names: &Names, lang: Lang) -> Vec<String> {
    let history = game.history();
    let (Some(outcome), Some(&m), [.., before, _]) = (game.outcome(), game.moves().last(), history) else {
        return Vec::new();
    };
    let mut lines = match before.play(m) {
        Ok((_, sowing)) => why_it_ended(&sowing, &outcome, fruit_pictures(before.variant()), names, lang),
        Err(_) => Vec::new(),
    };
    // Ended by a position come back a third time: the pieces still on the board count for nobody
    // (Banana-Cala's fruits in the houses and both stores; Kauri's seeds in the houses, its stores
    // being its scores, and its shells, always all on the board, counting for nothing anyway:
    // counted, they made "the 12 pieces left" of a board with no seed left), which the full board
    // at the end did not say.
    if outcome.reason == EndReason::Repetition {
        let pos = game.position();
        let kauri = pos.variant() == crate::Variant::Kauri;
        let stores = matches!(pos.variant(), crate::Variant::Banana { .. });
        let counted = |p: crate::Pile| if kauri { u32::from(p.count(Piece::Seed)) } else { p.total() };
        let left: u32 = [Side::South, Side::North]
            .into_iter()
            .map(|side| pos.houses(side).map(counted).sum::<u32>() + if stores { pos.store(side).total() } else { 0 })
            .sum();
        if left > 0 {
            // Banana-Cala's pieces are fruits (Kalah's, were one ever to come back, seeds).
            let key = if kauri {
                "end.seeds_nobody"
            } else if stores || fruit_pictures(pos.variant()) {
                "end.rest_nobody_fruits"
            } else {
                "end.rest_nobody"
            };
            lines.push(lang.count(key, i64::from(left), &[("count", &left.to_string())]));
        }
    }
    lines
}

/// Why a game ended with this move, where it takes the move to tell ([`end_line`], from the outcome
/// alone, says who won, and why where the outcome tells it): whose houses are empty in Kalah and
/// Kid-Cala classic and where the pieces left go; in Banana-Cala who has no fruit left to play and
/// who takes the fruits left.
fn why_it_ended(sowing: &Sowing, outcome: &Outcome, fruit_pictures: bool, names: &Names, lang: Lang) -> Vec<String> {
    // Where the pieces left on the board went, and from whose side.
    let swept = sowing.events.iter().find_map(|e| match *e {
        Event::Sweep { from, to, .. } => Some((from.side(), to)),
        _ => None,
    });
    // How many: the points they bring are plain to see, not a jump in the score ("the ones left"
    // said neither what nor how many).
    let left: u32 = sowing
        .events
        .iter()
        .map(|e| match e {
            Event::Sweep { pieces, .. } => pieces.total(),
            _ => 0,
        })
        .sum();
    let count = left.to_string();
    // Said as what they are: Kalah's seeds or Kid-Cala's fruits (not "pieces", a word the rules
    // panels never use).
    let fruits = fruit_pictures || sowing.events.iter().any(|e| matches!(e, Event::Sweep { pieces, .. } if pieces.iter().any(|(p, _)| p.is_fruit())));
    let (rest, rest_nobody) = if fruits { ("end.rest_fruits", "end.rest_nobody_fruits") } else { ("end.rest", "end.rest_nobody") };
    let mut lines = Vec::new();
    match outcome.reason {
        EndReason::HousesEmpty => {
            // Only the side that still had pieces is swept: the other one is the empty one.
            lines.push(match swept {
                Some((side, _)) => names.say(lang, side.other(), "end.houses_empty", &[]),
                None => lang.get("end.all_empty").to_string(),
            });
            match swept {
                Some((_, Place::Removed)) => lines.push(lang.count(rest_nobody, i64::from(left), &[("count", &count)])),
                Some((side, _)) => lines.push(names.say_count(lang, side, rest, i64::from(left), &[("count", &count)])),
                None => {}
            }
        }
        EndReason::CannotMove => {
            // The mover emptied the other player of fruit, and catches every fruit left.
            lines.push(names.say(lang, sowing.side.other(), "end.stuck", &[]));
            if swept.is_some() {
                lines.push(names.say(lang, sowing.side, "end.rest_taken", &[]));
            }
        }
        _ => {}
    }
    lines
}

/// One sentence for the end of a game: who won, or a draw.
#[must_use]
pub fn end_line(outcome: &Outcome, names: &Names, lang: Lang) -> String {
    let mut line = match outcome.winner {
        Some(side) => names.say(lang, side, "end.wins", &[]),
        None => lang.get("end.draw").to_string(),
    };
    let extra = match (outcome.reason, outcome.winner) {
        (EndReason::Emptied, Some(side)) => Some(names.say(lang, side, "end.emptied", &[])),
        (EndReason::Majority, Some(side)) => Some(names.say(lang, side, "end.majority", &[])),
        (EndReason::NoCowrie, Some(side)) => Some(names.say(lang, side.other(), "end.no_shell", &[])),
        (EndReason::Repetition, _) => Some(lang.get("caption.repeat").to_string()),
        _ => None,
    };
    if let Some(extra) = extra {
        line = format!("{extra} {line}");
    }
    line
}

/// The hole a move's last piece lands in, and whether the move gets an extra move or captures: what
/// pressing and holding a house shows.
#[must_use]
pub fn preview(sowing: &Sowing) -> (Option<Hole>, bool, bool) {
    let last = sowing.events.iter().rev().find_map(|e| match e {
        Event::Drop { hole, .. } => Some(*hole),
        _ => None,
    });
    (last, sowing.extra_move(), sowing.captures().any(|(by, _, _)| by == sowing.side))
}

/// What the board marks for a move: the hole filled green where its last piece lands, and the holes
/// ringed that it catches from (besides that one).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// Where the last piece lands (when it is marked).
    pub landing: Option<Hole>,
    /// The other holes whose pieces the mover catches, in the order caught.
    pub caught: Vec<Hole>,
}

impl Marks {
    /// A house pressed and held: where its last piece would land, whatever happens there, and what
    /// it would catch.
    #[must_use]
    pub fn held(sowing: &Sowing) -> Marks {
        let (landing, _, _) = preview(sowing);
        Marks::with_landing(catches(sowing), landing)
    }

    /// A hint: where its last piece lands only when that is the reason for the move, so that the
    /// mark says why (the mover's store: an extra move; the mover's own house, emptied into their
    /// store with the house across: a capture in Kalah or Banana-Cala), and what it catches (the
    /// house across; in Kauri, where cowries catch on the way in the other player's houses, each
    /// house they catch in, the last one too).
    #[must_use]
    pub fn hint(sowing: &Sowing) -> Marks {
        let (last, extra, _) = preview(sowing);
        let caught = catches(sowing);
        let landing = last.filter(|&h| extra || (h.side() == sowing.side && caught.contains(&h)));
        Marks::with_landing(caught, landing)
    }

    /// The marks with `landing`, and the holes `caught` from besides it.
    fn with_landing(mut caught: Vec<Hole>, landing: Option<Hole>) -> Marks {
        caught.retain(|&h| Some(h) != landing);
        Marks { landing, caught }
    }
}

/// The lines of a game's rules panel (`game` is its key: `kalah`, `banana`...), with the options of
/// `options` where that is a variant of the same game. An option that changes a rule takes the place
/// of the line it changes, so that the panel never says both (it said "No seeds there? Nothing
/// happens." above the empty capture's line, "Each player puts the seeds left..." above its
/// opposite): empty capture replaces what happens with nothing across, remaining seeds not counted
/// where the seeds left go, Robin King's scoring the two lines of what each fruit is worth; relay
/// sowing, which adds a rule, comes before the last seed in the store. Kalah, played with 3 to 6
/// seeds a house, says how many after its first line (the usual 4 where no game of Kalah is chosen).
#[must_use]
pub fn rules_lines(lang: Lang, game: &str, options: Option<Variant>) -> Vec<String> {
    let mut lines = lang.lines(&format!("rules.{game}"));
    // Line `at` (counted from 1) and the `replaced` lines from it give way to the option's line,
    // or its lines (`key.1`, `key.2`...: one short sentence a line, as the panels' own).
    let mut put = |at: usize, key: &str, replaced: usize| {
        if at >= 1 && at - 1 + replaced <= lines.len() {
            let own = lang.lines(key);
            let said = if own.is_empty() { vec![lang.get(key)] } else { own };
            lines.splice(at - 1..at - 1 + replaced, said);
        }
    };
    match options {
        // From the last line up, so that each line's number is still its own.
        Some(Variant::Kalah(k)) if game == "kalah" => {
            if k.remaining_not_counted {
                put(KALAH_SEEDS_LEFT_LINE, "rules.option.nocount", 1);
            }
            if k.empty_capture {
                put(KALAH_NOTHING_ACROSS_LINE, "rules.option.empty", 1);
            }
            if k.relay {
                put(KALAH_EXTRA_MOVE_LINE, "rules.option.relay", 0);
            }
        }
        Some(Variant::Banana { king: true }) if game == "banana" => put(BANANA_POINTS_LINE, "rules.option.king", 2),
        _ => {}
    }
    let mut lines: Vec<String> = lines.into_iter().map(str::to_string).collect();
    if let Some(at) = lap_line(game) {
        lines.insert(at.min(lines.len()), lang.get("rules.lap").to_string());
    }
    // Kid-Cala's houses start with 4 fruits each, as Kalah's say their seeds (a grown-up setting
    // up a real board for it was not told).
    if game.starts_with("kidcala") {
        lines.insert(KALAH_SEEDS_LINE.min(lines.len()), lang.get("rules.kidcala.fruits").to_string());
    }
    if game == "kalah" {
        let seeds = match options {
            Some(Variant::Kalah(k)) => k.seeds,
            _ => 4,
        };
        let said = lang.count("rules.kalah.seeds", i64::from(seeds), &[("count", &seeds.to_string())]);
        lines.insert(KALAH_SEEDS_LINE.min(lines.len()), said);
    }
    lines
}

/// Where Kalah's rules panel says how many seeds a house starts with (counted from 0): after
/// "Each player has the row of houses in front of them...". Kid-Cala's say their fruits there.
const KALAH_SEEDS_LINE: usize = 1;

/// Where a game's rules panel says that a sowing going all the way round the board drops into the
/// house it was taken from too (counted from 0, in the panel's own lines with any option's): right
/// after how to sow. Other mancala games skip that house, and a grown-up who knows one of them,
/// teaching at a real board, would have.
fn lap_line(game: &str) -> Option<usize> {
    match game {
        // After "Skip the other player's store." (Kid-Cala beginner: "Drop one in each store...").
        "kalah" | "kidcala-classic" => Some(5),
        "kidcala-beginner" => Some(4),
        // After "Fruits from your store start in the house next to it.", once playing a house
        // has been told (a store move, of 6 fruits at most, never goes all the way round).
        "banana" => Some(8),
        // After "Drop all the seeds first, then the shells."
        "kauri" => Some(7),
        _ => None,
    }
}

/// What a grown-up reads of the game being played, under the board: its name, and for Kalah its
/// houses, seeds and options, for Banana-Cala Robin King's scoring where it is played ("Kalah · 5
/// houses a side · 5 seeds a house · Relay sowing"). The board shows its houses and seeds only
/// before they move, and the options nowhere; the start screen, once left for, shows what is
/// chosen for the next game.
#[must_use]
pub fn setup_words(variant: Variant, game_name: &str, lang: Lang) -> String {
    std::iter::once(game_name.to_string()).chain(setup_details(variant, lang)).collect::<Vec<_>>().join(" · ")
}

/// [`setup_words`] without the game's name (for under it): `None` for a game that has nothing else
/// to say (Kid-Cala, Banana-Cala with the usual points, Kauri).
#[must_use]
pub fn setup_details(variant: Variant, lang: Lang) -> Option<String> {
    let mut words = Vec::new();
    match variant {
        Variant::Kalah(k) => {
            words.push(lang.count("board.setup.houses", i64::from(k.houses), &[("count", &k.houses.to_string())]));
            words.push(lang.count("board.setup.seeds", i64::from(k.seeds), &[("count", &k.seeds.to_string())]));
            let options = [(k.empty_capture, "option.empty"), (k.remaining_not_counted, "option.nocount"), (k.relay, "option.relay")];
            words.extend(options.into_iter().filter(|(on, _)| *on).map(|(_, key)| lang.get(key).to_string()));
        }
        Variant::Banana { king: true } => words.push(lang.get("option.king").to_string()),
        _ => {}
    }
    (!words.is_empty()).then(|| words.join(" · "))
}

/// Kalah's rules panel: "Last seed in your store? Play again!"
const KALAH_EXTRA_MOVE_LINE: usize = 6;
/// "No seeds there? Nothing happens."
const KALAH_NOTHING_ACROSS_LINE: usize = 9;
/// "Each player puts the seeds left on their side into their store."
const KALAH_SEEDS_LEFT_LINE: usize = 11;
/// Banana-Cala's: "Only the fruits you caught count: grapes, apples and oranges give 1 point
/// each.", and "Bananas cost 1 point!" after it.
const BANANA_POINTS_LINE: usize = 19;

/// The holes a move's player catches pieces from, in the order caught.
fn catches(sowing: &Sowing) -> Vec<Hole> {
    sowing.captures().filter(|&(by, _, _)| by == sowing.side).map(|(_, from, _)| from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Move};

    fn names() -> Names {
        Names { south: "Ana".into(), north: "Bo".into(), you: None }
    }

    #[test]
    fn the_setup_says_the_game_its_board_and_its_options() {
        let setup = |v: &str, lang: Lang| setup_words(v.parse().unwrap(), "G", lang);
        assert_eq!(setup("kalah:6:4", Lang::En), "G · 6 houses a side · 4 seeds a house");
        assert_eq!(
            setup("kalah:5:3:empty:nocount:relay", Lang::En),
            "G · 5 houses a side · 3 seeds a house · Empty capture · Seeds left at the end do not count · Relay sowing"
        );
        assert_eq!(setup("kalah:1:1:relay", Lang::En), "G · 1 house a side · 1 seed a house · Relay sowing");
        assert_eq!(setup("kalah:4:3", Lang::Fr), "G · 4 cases par côté · 3 graines par case");
        assert_eq!(setup("banana:king", Lang::En), "G · Robin King's scoring");
        for plain in ["banana", "kauri", "kidcala-classic", "kidcala-beginner"] {
            assert_eq!(setup(plain, Lang::De), "G");
        }
    }

    #[test]
    fn an_option_says_its_rule_in_place_of_the_one_it_changes() {
        // Kalah's line of how many seeds a house starts with, taken out (the lines below count
        // without it).
        // And the line of the lap round the board.
        let without_seeds = |mut lines: Vec<String>, lang: Lang, seeds: &str| {
            let said = lines.remove(KALAH_SEEDS_LINE);
            let want = lang.count("rules.kalah.seeds", seeds.parse().unwrap(), &[("count", seeds)]);
            assert_eq!(said, want);
            assert_eq!(lines.remove(5), lang.get("rules.lap"));
            lines
        };
        let kalah = |options: &str| {
            let variant: Variant = options.parse().unwrap();
            let Variant::Kalah(k) = variant else { unreachable!() };
            without_seeds(rules_lines(Lang::En, "kalah", Some(variant)), Lang::En, &k.seeds.to_string())
        };
        let plain = kalah("kalah:6:4");
        assert_eq!(plain, Lang::En.lines("rules.kalah"));
        // The lines the options change are where the options look for them.
        assert_eq!(plain[KALAH_EXTRA_MOVE_LINE - 1], "Last seed in your store? Play again!");
        assert_eq!(plain[KALAH_NOTHING_ACROSS_LINE - 1], "No seeds there? Nothing happens.");
        assert_eq!(plain[KALAH_SEEDS_LEFT_LINE - 1], "Each player puts the seeds left on their side into their store.");
        let all = kalah("kalah:6:4:empty:nocount:relay");
        assert_eq!(all.len(), plain.len() + 2);
        for gone in ["Nothing happens", "Each player puts"] {
            assert!(!all.iter().any(|l| l.contains(gone)), "{all:?}");
        }
        let at = |lines: &[String], key: &str| lines.iter().position(|l| l == Lang::En.get(key));
        // Relay sowing in two lines, one short sentence each, as the panel's own.
        assert_eq!(at(&all, "rules.option.relay.1"), Some(KALAH_EXTRA_MOVE_LINE - 1));
        assert_eq!(at(&all, "rules.option.relay.2"), Some(KALAH_EXTRA_MOVE_LINE));
        assert_eq!(at(&all, "rules.option.empty"), Some(KALAH_NOTHING_ACROSS_LINE + 1));
        assert_eq!(at(&all, "rules.option.nocount"), Some(KALAH_SEEDS_LEFT_LINE + 1));
        // Each option alone, the others' lines as without options.
        let empty = kalah("kalah:4:3:empty");
        assert_eq!(at(&empty, "rules.option.empty"), Some(KALAH_NOTHING_ACROSS_LINE - 1));
        assert_eq!(empty.len(), plain.len());
        assert_eq!(empty[KALAH_SEEDS_LEFT_LINE - 1], plain[KALAH_SEEDS_LEFT_LINE - 1]);
        let relay = kalah("kalah:6:4:relay");
        assert_eq!(relay[KALAH_EXTRA_MOVE_LINE + 1..], plain[KALAH_EXTRA_MOVE_LINE - 1..]);
        // Robin King's scoring in place of both lines of the fruits' points.
        // (Without the line of the lap round the board, which comes before them.)
        let without_lap = |mut lines: Vec<String>, lang: Lang| {
            assert_eq!(lines.remove(lap_line("banana").unwrap()), lang.get("rules.lap"));
            lines
        };
        // Each after the lines of how to sow (Banana-Cala's, once playing a house is told).
        for (game, before) in [
            ("banana", "Fruits from your store start in the house next to it."),
            ("kauri", "Drop all the seeds first, then the shells."),
            ("kidcala-beginner", "Drop one in each store you pass, yours and the other player's."),
        ] {
            let lines = rules_lines(Lang::En, game, None);
            let at = lines.iter().position(|l| l == Lang::En.get("rules.lap")).unwrap();
            assert_eq!(lines[at - 1], before, "{game}");
        }
        let banana = without_lap(rules_lines(Lang::En, "banana", Some(Variant::Banana { king: false })), Lang::En);
        assert_eq!(banana[BANANA_POINTS_LINE - 1], "Only the fruits you caught count: grapes, apples and oranges give 1 point each.");
        assert_eq!(banana[BANANA_POINTS_LINE], "Bananas cost 1 point!");
        let king = without_lap(rules_lines(Lang::En, "banana", Some(Variant::Banana { king: true })), Lang::En);
        assert_eq!(king.len(), banana.len() - 1);
        assert_eq!(king[BANANA_POINTS_LINE - 1], Lang::En.get("rules.option.king"));
        assert_eq!(king[BANANA_POINTS_LINE..], banana[BANANA_POINTS_LINE + 1..]);
        // Another game's options, or none, change nothing; in every language alike.
        let mut classic = Lang::En.lines("rules.kidcala-classic");
        classic.insert(5, Lang::En.get("rules.lap"));
        classic.insert(1, "Every house starts with 4 fruits.");
        assert_eq!(rules_lines(Lang::En, "kidcala-classic", Some("kalah:6:4:empty".parse().unwrap())), classic);
        assert_eq!(without_lap(rules_lines(Lang::En, "banana", None), Lang::En), banana);
        // How many seeds a house starts with: the game's, or the usual 4 where no Kalah is chosen.
        assert_eq!(rules_lines(Lang::En, "kalah", Some("kalah:4:3".parse().unwrap()))[1], "Every house starts with 3 seeds.");
        assert_eq!(rules_lines(Lang::Fr, "kalah", Some("kalah:6:5:relay".parse().unwrap()))[1], "Au début, chaque case a 5 graines.");
        assert_eq!(rules_lines(Lang::En, "kalah", None)[1], "Every house starts with 4 seeds.");
        assert_eq!(rules_lines(Lang::En, "kalah", Some(Variant::Kauri))[1], "Every house starts with 4 seeds.");
        assert!(!rules_lines(Lang::En, "kauri", Some(Variant::Kauri)).iter().any(|l| l.contains("starts with 4")));
        for lang in Lang::ALL {
            let all = without_seeds(rules_lines(lang, "kalah", Some("kalah:6:4:empty:nocount:relay".parse().unwrap())), lang, "4");
            assert_eq!(all.len(), plain.len() + 2, "{}", lang.code());
            assert_eq!(all[KALAH_EXTRA_MOVE_LINE - 1..=KALAH_EXTRA_MOVE_LINE], lang.lines("rules.option.relay"));
            assert_eq!(all[KALAH_NOTHING_ACROSS_LINE + 1], lang.get("rules.option.empty"));
            let king = without_lap(rules_lines(lang, "banana", Some(Variant::Banana { king: true })), lang);
            assert_eq!(king[BANANA_POINTS_LINE - 1], lang.get("rules.option.king"));
        }
    }

    #[test]
    fn the_bananas_a_move_catches_are_counted() {
        // South's apple, sown last from house 5, lands in an empty house across from North's
        // banana: both caught, the banana costs a point.
        let mut pos = Position::new(Variant::Banana { king: false });
        for m in ["M:GA", "M:BBBBBO"] {
            pos = pos.play(m.parse().unwrap()).unwrap().0;
        }
        let (_, sowing) = pos.play("5:A".parse().unwrap()).unwrap();
        assert_eq!((sowing.caught_by(Side::South), bananas_caught(&sowing), holes_caught(&sowing)), (2, 1, 1));
        let (_, sowing) = pos.play("M:G".parse().unwrap()).unwrap();
        assert_eq!(bananas_caught(&sowing), 0);
    }

    #[test]
    fn each_sentence_comes_when_what_it_tells_is_shown() {
        // In every game, random moves: the timed sentences are the captions, in order, each at a
        // step of the move that tells it (the sowing at once), never before it.
        for variant in ["kalah:6:4", "kalah:4:3:relay", "kidcala-beginner", "banana", "kauri"] {
            let mut game = Game::new(variant.parse().unwrap());
            let mut seed = 7_u64;
            while !game.is_over() && game.moves().len() < 200 {
                let before = *game.position();
                let m = random_move(&before, &mut seed);
                let sowing = game.play(m).unwrap();
                let timed = timed_captions_from(&before, game.position(), &sowing, &names(), Lang::En);
                let lines: Vec<String> = timed.iter().map(|(_, l)| l.clone()).collect();
                assert_eq!(lines, captions_from(&before, game.position(), &sowing, &names(), Lang::En));
                let steps: Vec<usize> = timed.iter().map(|(s, _)| *s).collect();
                assert!(steps.windows(2).all(|w| w[0] <= w[1]) && steps.iter().all(|&s| s <= sowing.events.len()), "{variant} {m}: {steps:?}");
                assert_eq!(steps[0], 0, "{variant} {m}");
                for (step, line) in &timed {
                    if line.contains("shells decide") {
                        assert_eq!(*step, sowing.events.len(), "{variant} {m}: said before the move is over");
                        continue;
                    }
                    let event = step.checked_sub(1).map(|i| &sowing.events[i]);
                    let fits = match event {
                        None => line.contains("sowed") || line.contains("passes"),
                        Some(Event::Capture { .. }) => line.contains("catch") || line.contains("gets"),
                        Some(Event::ExtraMove { .. }) => line.contains("again"),
                        Some(Event::Pass { .. }) => line.contains("pass"),
                        Some(Event::PickUp { .. }) => line.contains("on"),
                        Some(_) => true,
                    };
                    assert!(fits, "{variant} {m}: {line:?} at {event:?}");
                }
            }
        }
    }

    #[test]
    fn a_pile_is_said_with_its_kinds_where_the_rules_tell_them_apart() {
        let banana = Variant::Banana { king: false };
        let pile = [Look::Grape, Look::Banana, Look::Grape, Look::Banana, Look::Banana];
        assert_eq!(with_kinds("Mia's house 3, 5 pieces".into(), &pile, banana, Lang::En), "Mia's house 3, 5 pieces: 3 bananas, 2 grapes");
        assert_eq!(with_kinds("x".into(), &[Look::Apple], banana, Lang::En), "x: 1 apple");
        assert_eq!(with_kinds("x".into(), &[Look::Cowrie, Look::Seed, Look::Seed], Variant::Kauri, Lang::En), "x: 2 seeds, 1 shell");
        assert_eq!(with_kinds("x".into(), &[Look::Cowrie, Look::Seed], Variant::Kauri, Lang::Fr), "x\u{a0}: 1 graine, 1 coquillage");
        assert_eq!(with_kinds("x".into(), &[Look::Orange, Look::Orange], banana, Lang::De), "x: 2 Orangen");
        assert_eq!(with_kinds("x".into(), &[Look::Apple, Look::Apple], banana, Lang::Es), "x: 2 manzanas");
        // Not where the fruits are only pictures, nor for an empty pile.
        assert_eq!(with_kinds("x".into(), &pile, Variant::KidCalaClassic, Lang::En), "x");
        assert_eq!(with_kinds("x".into(), &[], banana, Lang::En), "x");
        assert_eq!(Look::Banana.said(Lang::Fr), "banane");
        for lang in Lang::ALL {
            for look in [Look::Seed, Look::Cowrie, Look::Banana, Look::Grape, Look::Apple, Look::Orange] {
                assert!(!look.said(lang).is_empty() && !look.said(lang).contains('.'), "{}: {look:?}", lang.code());
            }
        }
    }

    #[test]
    fn words_on_a_players_colour_stand_out() {
        // The six colours the start screen offers: red, blue, green, yellow, purple, pink.
        let inks: Vec<&str> = COLOURS.iter().map(|c| ink_on(c)).collect();
        assert_eq!(inks, [INK, "#fff", INK, INK, "#fff", INK]);
        // At 4.5 to 1 or more, as the web's guidelines measure contrast.
        for colour in COLOURS {
            let words = if ink_on(colour) == INK { INK } else { "#ffffff" };
            let ratio = contrast(colour, words).unwrap();
            assert!(ratio >= 4.5, "{colour}: {ratio:.2}");
        }
        assert_eq!(ink_on("#ffffff"), INK);
        assert_eq!(ink_on("#000000"), "#fff");
        // Not a colour: the ink, never a panic.
        for bad in ["", "#", "red", "#12345", "#1234567", "#gg0000", "#ééé"] {
            assert_eq!(ink_on(bad), INK, "{bad}");
        }
    }

    #[test]
    fn numbers_that_read_as_others_upside_down_are_known() {
        let misread: Vec<usize> = (0..=100).filter(|&n| misread_upside_down(n)).collect();
        assert_eq!(misread, [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]);
    }

    #[test]
    fn a_hole_with_few_pieces_draws_them_big_and_every_pile_stays_in_its_room() {
        // The rooms of the board's holes: a house on a wide screen, a house and a store on a
        // phone held upright, a store on a wide screen.
        let rooms = [(80.0, 66.4), (80.0, 214.0), (43.6, 488.0), (43.6, 184.0)];
        for (w, h) in rooms {
            let mut last_step = f64::INFINITY;
            for n in 0..=room_for(w, h, 20.0) {
                let g = grid(n, w, h, 20.0, 34.0);
                assert_eq!(g.offsets.len(), n);
                assert!((20.0..=34.0).contains(&g.step), "{n} in {w}x{h}: step {}", g.step);
                // More pieces are never drawn bigger.
                if n > 0 {
                    assert!(g.step <= last_step + 1e-9, "{n} in {w}x{h}: {} after {last_step}", g.step);
                    last_step = g.step;
                }
                for (k, &(x, y)) in g.offsets.iter().enumerate() {
                    // Each picture's square lies in the room...
                    assert!(x.abs() + g.step / 2.0 <= w / 2.0 + 1e-9, "{n} in {w}x{h}: x {x}");
                    assert!(y.abs() + g.step / 2.0 <= h / 2.0 + 1e-9, "{n} in {w}x{h}: y {y}");
                    // ...and overlaps no other.
                    for &(x2, y2) in &g.offsets[..k] {
                        assert!((x - x2).abs().max((y - y2).abs()) >= g.step - 1e-9, "{n} in {w}x{h}");
                    }
                }
                // Centred: each row across, the rows up and down.
                let mut rows: Vec<(f64, f64)> = Vec::new();
                for &(x, y) in &g.offsets {
                    match rows.iter_mut().find(|r| (r.0 - y).abs() < 1e-9) {
                        Some(r) => r.1 += x,
                        None => rows.push((y, x)),
                    }
                }
                assert!(rows.iter().all(|r| r.1.abs() < 1e-9), "{n} in {w}x{h}: a row off centre");
                assert!(rows.iter().map(|r| r.0).sum::<f64>().abs() < 1e-9, "{n} in {w}x{h}: rows off centre");
            }
        }
        // Four seeds in a tall house on a phone: two rows of two, at the biggest size.
        let g = grid(4, 80.0, 214.0, 20.0, 34.0);
        assert_eq!(g.step, 34.0);
        assert_eq!(g.offsets, vec![(-17.0, -17.0), (17.0, -17.0), (-17.0, 17.0), (17.0, 17.0)]);
        // Four in a house on a wide screen: two rows of two, as big as its height allows.
        let g = grid(4, 80.0, 66.4, 20.0, 34.0);
        assert!((g.step - 33.2).abs() < 1e-9);
        // Twelve on a wide screen: rows of four at the smallest size, as before.
        let g = grid(12, 80.0, 66.4, 20.0, 34.0);
        assert_eq!(g.step, 20.0);
        assert_eq!(g.offsets[..4].iter().map(|o| o.0).collect::<Vec<_>>(), vec![-30.0, -10.0, 10.0, 30.0]);
        // A room smaller than one picture still places the pile (drawn over its edges).
        assert_eq!(grid(3, 10.0, 10.0, 20.0, 34.0).offsets.len(), 3);
    }

    #[test]
    fn a_pile_counts_its_kinds_in_a_fixed_order() {
        use Look::*;
        assert_eq!(kinds(&[Orange, Banana, Orange, Grape, Banana, Orange]), vec![(Banana, 2), (Grape, 1), (Orange, 3)]);
        assert_eq!(kinds(&[Cowrie, Seed, Seed]), vec![(Seed, 2), (Cowrie, 1)]);
        assert_eq!(kinds(&[]), vec![]);
        // Only where a kind changes what a player may do or how it scores.
        assert!(kinds_matter(Variant::Banana { king: false }) && kinds_matter(Variant::Banana { king: true }));
        assert!(kinds_matter(Variant::Kauri));
        assert!(!kinds_matter(Variant::KidCalaClassic) && !kinds_matter(Variant::KidCalaBeginner));
        assert!(!kinds_matter(Variant::Kalah(crate::KalahRules::standard(6, 4).unwrap())));
    }

    #[test]
    fn a_crowded_pile_of_several_kinds_draws_each_kind_once_with_its_number_and_all_in_its_room() {
        use Look::*;
        // A square around a centre, half as wide and high as given.
        type Square = (f64, f64, f64, f64);
        let around = |(x, y): (f64, f64), half_w: f64, half_h: f64| -> Square { (x - half_w, x + half_w, y - half_h, y + half_h) };
        let apart = |a: Square, b: Square| a.1 <= b.0 + 1e-9 || b.1 <= a.0 + 1e-9 || a.3 <= b.2 + 1e-9 || b.3 <= a.2 + 1e-9;
        // The rooms of a store and a house on a phone held upright, of a house on a tablet, and of
        // a store on a phone held sideways; numbers written 27 or 22 units high.
        let rooms = [(43.6, 474.0, 27.0), (80.0, 200.0, 27.0), (80.0, 66.4, 22.0), (43.6, 184.0, 22.0)];
        let piles: [&[(Look, usize)]; 4] = [
            &[(Banana, 6), (Grape, 6), (Apple, 6), (Orange, 6)],
            &[(Banana, 1), (Orange, 23)],
            &[(Seed, 48), (Cowrie, 3)],
            &[(Grape, 9), (Apple, 10), (Orange, 11)],
        ];
        for (w, h, text) in rooms {
            for pile in piles {
                let g = groups(pile, w, h, text, 38.0);
                let what = format!("{pile:?} in {w}x{h}");
                assert!(g.size > 0.0 && g.size <= 38.0, "{what}: size {}", g.size);
                assert_eq!(g.cells.iter().map(|c| (c.look, c.count)).collect::<Vec<_>>(), pile.to_vec(), "{what}");
                let number_w = number_width(pile.iter().map(|p| p.1.to_string().len()).max().unwrap(), text);
                let mut squares = Vec::new();
                for c in &g.cells {
                    squares.push(around(c.picture, g.size / 2.0, g.size / 2.0));
                    squares.push(around(c.number, number_w / 2.0, text / 2.0));
                }
                for (i, &s) in squares.iter().enumerate() {
                    assert!(s.0 >= -w / 2.0 - 1e-9 && s.1 <= w / 2.0 + 1e-9 && s.2 >= -h / 2.0 - 1e-9 && s.3 <= h / 2.0 + 1e-9, "{what}: {s:?} outside");
                    assert!(squares[..i].iter().all(|&t| apart(s, t)), "{what}: {s:?} over another");
                }
            }
        }
        // A Banana-Cala store on a phone: each fruit at the biggest size, its number under it (the
        // store is too narrow for both side by side); a house there: the number beside it.
        let store = groups(piles[0], 43.6, 474.0, 27.0, 38.0);
        assert_eq!(store.size, 38.0);
        assert!(store.cells.iter().all(|c| c.picture.0 == c.number.0 && c.number.1 > c.picture.1));
        let house = groups(piles[0], 80.0, 200.0, 27.0, 38.0);
        assert!(house.size >= 30.0, "{}", house.size);
        assert!(house.cells.iter().all(|c| c.picture.1 == c.number.1 && c.number.0 > c.picture.0));
    }

    #[test]
    fn a_full_hole_draws_every_kind_it_holds_in_proportion() {
        use Look::{Apple, Banana, Cowrie, Grape, Orange, Seed};
        // Banana-Cala's store at the start: 6 of each fruit, room for 18 pictures.
        let store: Vec<Look> = [Banana, Grape, Apple, Orange].iter().flat_map(|&f| [f; 6]).collect();
        let shown = drawn(&store, 18);
        assert_eq!(shown.len(), 18);
        for f in [Banana, Grape, Apple, Orange] {
            let n = shown.iter().filter(|&&l| l == f).count();
            assert!((4..=5).contains(&n), "{f:?} drawn {n} times of 18: {shown:?}");
        }
        // The pile's order is kept.
        let mut sorted = shown.clone();
        sorted.sort_by_key(|l| store.iter().position(|x| x == l));
        assert_eq!(shown, sorted);
        // A Kauri house of 30 seeds and its cowrie, in 8 pictures: the cowrie is one of them.
        let mut house = vec![Seed; 30];
        house.push(Cowrie);
        let shown = drawn(&house, 8);
        assert_eq!(shown.len(), 8);
        assert_eq!(shown.iter().filter(|&&l| l == Cowrie).count(), 1);
        // Every shell of a crowded Kauri house (10 seeds and 4 shells in 12 pictures drew 3), and
        // the last pieces dropped: here a seed after the shells.
        let crowded = [vec![Seed; 5], vec![Cowrie; 4], vec![Seed; 5]].concat();
        let shown = drawn(&crowded, 12);
        assert_eq!(shown.len(), 12);
        assert_eq!(shown.iter().filter(|&&l| l == Cowrie).count(), 4, "{shown:?}");
        assert_eq!(shown, [vec![Seed; 3], vec![Cowrie; 4], vec![Seed; 5]].concat());
        // More shells than room: as many as fit but one, the last ones, and a seed.
        assert_eq!(drawn(&[vec![Cowrie; 5], vec![Seed; 3]].concat(), 4), vec![Cowrie, Cowrie, Cowrie, Seed]);
        assert_eq!(drawn(&[vec![Cowrie; 5], vec![Seed; 3]].concat(), 1), vec![Cowrie]);
        // A fruit just dropped on a full pile shows.
        let mut dropped = vec![Apple; 20];
        dropped.push(Grape);
        assert_eq!(drawn(&dropped, 4), vec![Apple, Apple, Apple, Grape]);
        // Fewer pictures than room: all, as they are; no room: none; more kinds than room: the
        // biggest kinds.
        assert_eq!(drawn(&[Orange, Seed], 5), vec![Orange, Seed]);
        assert!(drawn(&store, 0).is_empty());
        let mixed = [vec![Banana; 5], vec![Grape], vec![Apple; 3]].concat();
        assert_eq!(drawn(&mixed, 2), vec![Banana, Apple]);
    }

    /// A move chosen at random among the legal ones (Banana-Cala's fruit orders only from sources
    /// with few of them), `seed` stepping on.
    fn random_move(pos: &Position, seed: &mut u64) -> Move {
        let mut moves = Vec::new();
        for s in pos.sources() {
            if pos.count_moves_from(s) < 10_000 {
                pos.for_each_move_from(s, |m| moves.push(m));
            }
        }
        if moves.is_empty() {
            moves.push(pos.house_move(match pos.sources()[0] {
                crate::Source::House(h) => h,
                _ => unreachable!(),
            }).unwrap());
        }
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        moves[(*seed >> 33) as usize % moves.len()]
    }

    #[test]
    fn relay_sowing_says_how_often_it_went_on() {
        // In random games with relay sowing, every move whose sowing went on says how often, right
        // after saying which house was sown; in the other games a move picks up once and says
        // nothing of it.
        let relayed = |variant: &str| {
            let mut seed = 7u64;
            let mut counts = Vec::new();
            for _ in 0..20 {
                let mut game = Game::new(variant.parse().unwrap());
                while !game.is_over() {
                    let m = random_move(game.position(), &mut seed);
                    let sowing = game.play(m).unwrap();
                    let picked = sowing.events.iter().filter(|e| matches!(e, Event::PickUp { .. })).count();
                    let lines = captions(&sowing, &names(), Lang::En);
                    let said = lines.iter().filter(|l| l.contains("the sowing went on")).count();
                    assert_eq!(said, usize::from(picked > 1), "{variant} {m}: {lines:?}");
                    if picked > 1 {
                        let times = if picked == 2 { "once more".to_string() } else { format!("{} more times", picked - 1) };
                        assert!(lines[1].ends_with(&format!("the sowing went on {times}!")), "{lines:?}");
                        // Said when the last time it went on is shown, not before.
                        let last = sowing.events.iter().rposition(|e| matches!(e, Event::PickUp { .. })).unwrap();
                        let timed = timed_captions(&sowing, &names(), Lang::En);
                        assert_eq!(timed[1].0, last + 1, "{variant} {m}: {timed:?}");
                    }
                    counts.push(picked);
                }
            }
            counts
        };
        let counts = relayed("kalah:6:4:relay");
        assert!(counts.contains(&2) && counts.iter().any(|&n| n > 2), "{counts:?}");
        for variant in ["kalah:6:4", "kidcala-classic", "banana", "kauri"] {
            assert!(relayed(variant).iter().all(|&n| n <= 1), "{variant}");
        }
    }

    #[test]
    fn a_catch_is_said_once_with_everything_it_catches_as_the_hint_counts_it() {
        // In random games, the mover's catches said after a move add up to what a hint for that
        // move says it catches; in the Kalah family and Banana-Cala, where a move catches once at
        // most, in one sentence (it was two: the pieces across, then the catching piece itself).
        let mut seed = 11u64;
        let (mut met, mut several) = (0, 0);
        for variant in ["kalah:6:4", "kalah:4:4:empty", "kidcala-classic", "banana", "banana:king", "kauri"] {
            for _ in 0..10 {
                let mut game = Game::new(variant.parse().unwrap());
                while !game.is_over() {
                    let before = *game.position();
                    let m = random_move(&before, &mut seed);
                    let sowing = game.play(m).unwrap();
                    let name = names().of(sowing.side).to_string();
                    let lines = captions(&sowing, &names(), Lang::En);
                    let said: Vec<u32> = lines
                        .iter()
                        .filter_map(|l| l.strip_prefix(&format!("{name} catches ")))
                        // Not the end's "catches every fruit still on the board".
                        .filter(|rest| !rest.starts_with("every "))
                        .map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap())
                        .collect();
                    let hinted = match crate::ai::level::reason(&before, m) {
                        Some(crate::ai::level::Reason::Capture(n)) => n,
                        _ => 0,
                    };
                    // An extra move is the hint's reason before a catch; Kalah's extra moves catch nothing.
                    if !sowing.extra_move() {
                        assert_eq!(said.iter().sum::<u32>(), hinted, "{variant} {m}: {lines:?}");
                    }
                    // One sentence for each player who got pieces; Kauri's shells say in how
                    // many houses they caught, and the seeds that fell among the other player's
                    // shells how many they were.
                    assert!(said.len() <= 1, "{variant} {m}: {lines:?}");
                    let by = |side: Side| sowing.captures().filter(|c| c.0 == side).count();
                    let lost = lines.iter().filter(|l| l.contains("fell among")).count();
                    assert_eq!(lost, usize::from(by(sowing.side.other()) > 0), "{variant} {m}: {lines:?}");
                    let expected = if variant == "kauri" { by(sowing.side) } else { usize::from(by(sowing.side) > 0) };
                    assert_eq!(holes_caught(&sowing), expected, "{variant} {m}: {lines:?}");
                    if variant == "kauri" {
                        let houses = by(sowing.side);
                        let in_houses = format!("in {houses} houses!");
                        assert_eq!(lines.iter().any(|l| l.ends_with(&in_houses)), houses > 1, "{variant} {m}: {lines:?}");
                        several += usize::from(houses > 1);
                        let fell = by(sowing.side.other());
                        if fell > 1 {
                            let line = format!("{} gets {fell} seeds that fell among their shells.", names().of(sowing.side.other()));
                            assert!(lines.contains(&line), "{variant} {m}: {lines:?}");
                        }
                    }
                    met += usize::from(!said.is_empty());
                }
            }
        }
        assert!(met > 100 && several > 10, "{met} catches, {several} in several houses");
        // Kalah: house 5's one seed lands in the empty house 6 and catches the 4 across: 5 in all.
        let text = r#"{"variant":"kalah:6:4","to_move":"south","south":{"houses":[0,4,4,4,1,0],"store":11},"north":{"houses":[4,4,4,4,4,4],"store":0}}"#;
        let pos: Position = serde_json::from_str(text).unwrap();
        let (_, sowing) = pos.play(Move::House(5)).unwrap();
        assert_eq!(captions(&sowing, &names(), Lang::En), ["Ana sowed house 5.", "Ana catches 5!"]);
        // The sowing is said at once, the catch when its first pieces fly.
        let first_catch = sowing.events.iter().position(|e| matches!(e, Event::Capture { .. })).unwrap();
        let steps: Vec<usize> = timed_captions(&sowing, &names(), Lang::En).iter().map(|(step, _)| *step).collect();
        assert_eq!(steps, [0, first_catch + 1]);
        // Kauri: North's 16 pieces from house 5 drop a seed among South's shells in South's house 1
        // (South gets it), a second one there on the lap, and then North's shell catches the seed
        // of South's house 2: each player's sentence comes with their last catch, not at the first
        // seed that fell (it came seconds before North's catch).
        let mut game = Game::new(Variant::Kauri);
        for m in "3 6 6 2 5 3 4 1 2 4 5 2 1 6 2".split(' ') {
            game.play(m.parse().unwrap()).unwrap();
        }
        let sowing = game.play(Move::House(5)).unwrap();
        let timed = timed_captions(&sowing, &names(), Lang::En);
        let captures: Vec<(usize, Side)> = sowing.events.iter().enumerate().filter_map(|(i, e)| match *e {
            Event::Capture { by, .. } => Some((i + 1, by)),
            _ => None,
        }).collect();
        assert!(sowing.side == Side::North && captures.len() == 3 && captures[0].1 == Side::South && captures[2].1 == Side::North, "{captures:?}");
        for (step, line) in &timed[1..] {
            let by = if line.starts_with("Ana") { Side::South } else { Side::North };
            let last = captures.iter().rev().find(|(_, s)| *s == by).unwrap().0;
            assert_eq!(*step, last, "{line:?} said at {step}, the last catch at {last}: {captures:?}");
        }
        assert_eq!(crate::ai::level::reason(&pos, Move::House(5)), Some(crate::ai::level::Reason::Capture(5)));
    }

    #[test]
    fn kauri_says_when_the_shells_decide() {
        // South's lone shell lands in North's house 1 and catches its 2 seeds: 30 to 30, and North
        // still has shells to play.
        let text = r#"{"variant":"kauri","to_move":"south","south":{"houses":[0,0,0,0,0,"1C"],"store":28},"north":{"houses":["2S","11C",0,0,0,0],"store":30}}"#;
        let before: Position = serde_json::from_str(text).unwrap();
        let (after, sowing) = before.play(Move::House(6)).unwrap();
        for lang in Lang::ALL {
            let lines = captions_from(&before, &after, &sowing, &names(), lang);
            assert_eq!(lines.last().unwrap(), lang.get("caption.shells_decide"));
            assert_eq!(lines[..lines.len() - 1], captions(&sowing, &names(), lang));
        }
        // Said once: the moves after it, at 30 to 30 already, do not say it again.
        let (later, next) = after.play(Move::House(2)).unwrap();
        assert_eq!(captions_from(&after, &later, &next, &names(), Lang::En), captions(&next, &names(), Lang::En));
        // Other games never say it.
        let start = Position::new(Variant::KidCalaClassic);
        let (after, sowing) = start.play(Move::House(3)).unwrap();
        assert_eq!(captions_from(&start, &after, &sowing, &names(), Lang::En), captions(&sowing, &names(), Lang::En));
    }

    #[test]
    fn the_last_move_says_why_the_game_ended() {
        // Kalah on one house of one seed: Ana's seed goes into her store, her houses are empty,
        // and Bo's seed goes into his; without counting the rest, it is taken off.
        for (variant, rest, end) in [
            ("kalah:1:1", "The one seed left goes to Bo's store.", "It's a draw!"),
            ("kalah:1:1:nocount", "The one seed left counts for nobody.", "Ana wins!"),
        ] {
            let mut game = Game::new(variant.parse().unwrap());
            let sowing = game.play(Move::House(1)).unwrap();
            let lines = captions(&sowing, &names(), Lang::En);
            assert_eq!(lines[lines.len() - 3..], ["Ana's houses are empty: the game is over.", rest, end], "{variant}");
            // The end screen tells it too, from the game.
            assert_eq!(why_game_ended(&game, &names(), Lang::En), lines[lines.len() - 3..lines.len() - 1]);
        }
        assert!(why_game_ended(&Game::new(Variant::Kauri), &names(), Lang::En).is_empty());
        // A Banana-Cala position come back a third time (a cycle of 16 moves from the start, twice,
        // nothing caught): the end screen says the 48 fruits still on the board count for nobody.
        let mut game = Game::new(Variant::Banana { king: false });
        let cycle = "M:B M:B M:B M:B 6:BB 6:BB 5:B 5:B 4:BB 4:BB 3:B 3:B 2:BB 2:BB 1:B 1:B";
        for m in cycle.split(' ').chain(cycle.split(' ')) {
            game.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Repetition));
        assert_eq!(why_game_ended(&game, &names(), Lang::En), ["The 48 fruits left count for nobody."]);
        // A Kauri position come back a third time: the seeds left in the houses count for nobody,
        // not the shells (always all on the board); with no seed left, nothing is said of them.
        let kauri = |north: &str, south: &str, stores: [u8; 2]| -> Game {
            let text = format!(
                r#"{{"variant":"kauri","to_move":"north","south":{{"houses":{south},"store":{}}},"north":{{"houses":{north},"store":{}}}}}"#,
                stores[0], stores[1]
            );
            Game::from_position(serde_json::from_str(&text).unwrap())
        };
        for (mut game, cycle, said) in [
            (
                kauri(r#"["1S","0","0","1C","0","1S5C"]"#, r#"["0","0","1C","1S3C","1C","1C"]"#, [28, 29]),
                "4 3 5 5 6 4 1 2 2 5 1 3 3 5 2 4 3 5 5 6 4 1 2 2 5 1 3 3 5 2",
                vec!["The 3 seeds left in the houses count for nobody."],
            ),
            (kauri(r#"["1C","3C","1C","0","3C","0"]"#, r#"["0","1C","1C","1C","1C","0"]"#, [30, 30]), "5 3 2 5 6 2 3 3 4 4 6 1 1 6", vec![]),
        ] {
            for m in cycle.split(' ').chain(cycle.split(' ')) {
                game.play(m.parse().unwrap()).unwrap();
            }
            assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Repetition), "{cycle}");
            assert_eq!(why_game_ended(&game, &names(), Lang::En), said, "{cycle}");
            for lang in Lang::ALL {
                assert!(why_game_ended(&game, &names(), lang).iter().all(|line| !line.contains('{')), "{lang:?}");
            }
        }
        // Played to the end: Kalah and Kid-Cala classic say whose houses are empty and where the
        // pieces left go, Banana-Cala who cannot play and who takes the fruits left, Kauri who has
        // more than half of the seeds; each just before who won, in every language.
        let mut seen = Vec::new();
        for v in ["kalah:6:4", "kidcala-classic", "banana", "kauri"] {
            for n in 0..5 {
                let mut game = Game::new(v.parse().unwrap());
                let mut seed = n;
                let mut last = None;
                while !game.is_over() {
                    let m = random_move(game.position(), &mut seed);
                    last = Some(game.play(m).unwrap());
                }
                let sowing = last.unwrap();
                let outcome = game.outcome().unwrap();
                seen.push(outcome.reason);
                let before = &game.history()[game.history().len() - 2];
                let lines = captions_from(before, game.position(), &sowing, &names(), Lang::En);
                let why = &lines[..lines.len() - 1];
                let name = |side| names().of(side).to_string();
                match outcome.reason {
                    EndReason::HousesEmpty => {
                        // The pieces left are swept from one side only, the other one's houses
                        // being empty (from neither when every piece is in a store).
                        let swept: Vec<(Side, u32)> = sowing
                            .events
                            .iter()
                            .filter_map(|e| match e {
                                Event::Sweep { from, pieces, .. } => Some((from.side(), pieces.total())),
                                _ => None,
                            })
                            .collect();
                        let left: u32 = swept.iter().map(|&(_, n)| n).sum();
                        match swept.first() {
                            Some(&(side, _)) => {
                                assert!(swept.iter().all(|&(s, _)| s == side), "{v}: both sides swept");
                                // Kalah's seeds, Kid-Cala's fruits, by their own name.
                                let (one, many) = if v == "kalah:6:4" { ("seed", "seeds") } else { ("fruit", "fruits") };
                                let rest = match left {
                                    1 => format!("The one {one} left goes to {}'s store.", name(side)),
                                    _ => format!("The {left} {many} left go to {}'s store.", name(side)),
                                };
                                assert!(why.ends_with(&[
                                    format!("{}'s houses are empty: the game is over.", name(side.other())),
                                    rest,
                                ]), "{v}: {lines:?}");
                                // The end screen says it in the same words.
                                assert_eq!(why[why.len() - 2..], why_game_ended(&game, &names(), Lang::En), "{v}");
                            }
                            None => assert!(why.ends_with(&["All the houses are empty: the game is over.".to_string()]), "{v}: {lines:?}"),
                        }
                    }
                    EndReason::CannotMove => {
                        let stuck = sowing.side.other();
                        assert_eq!(game.position().to_move(), stuck);
                        assert!(why.ends_with(&[
                            format!("{} has no fruit left to play: the game is over.", name(stuck)),
                            format!("{} catches every fruit still on the board.", name(sowing.side)),
                        ]), "{v}: {lines:?}");
                    }
                    EndReason::Majority => {
                        let winner = outcome.winner.unwrap();
                        assert!(game.position().store(winner).count(Piece::Seed) > 30);
                        let said = format!("{} has more than half of the seeds! {} wins!", name(winner), name(winner));
                        assert_eq!(lines.last().unwrap(), &said, "{v}");
                    }
                    EndReason::Repetition => {}
                    other => panic!("{v}: ended by {other:?}"),
                }
                for lang in [Lang::Fr, Lang::De, Lang::Es] {
                    assert_eq!(captions(&sowing, &names(), lang).len(), lines.len(), "{v} in {lang:?}");
                }
            }
        }
        for reason in [EndReason::HousesEmpty, EndReason::CannotMove, EndReason::Majority] {
            assert!(seen.contains(&reason), "no game ended by {reason:?}: {seen:?}");
        }
    }

    #[test]
    fn replaying_every_trace_keeps_the_pictures_in_step_with_the_engine() {
        for v in ["kidcala-classic", "kidcala-beginner", "kauri", "banana", "kalah:6:4:relay:empty"] {
            let mut game = Game::new(v.parse().unwrap());
            let mut display = Display::of(game.position());
            let mut seed = 12345u64;
            while !game.is_over() {
                let m = random_move(game.position(), &mut seed);
                let sowing = game.play(m).unwrap();
                for e in &sowing.events {
                    display.apply(e);
                }
                assert!(display.matches(game.position()), "{v}: pictures out of step after {m}");
                assert!(!captions(&sowing, &names(), Lang::En).is_empty() || m == Move::Pass);
            }
        }
    }

    #[test]
    fn a_kid_cala_fruit_keeps_its_picture_as_it_travels() {
        let pos = Position::new(Variant::KidCalaClassic);
        let mut display = Display::of(&pos);
        let lifted = display.holes[2].clone();
        let (_, sowing) = pos.play(Move::House(3)).unwrap();
        for e in &sowing.events {
            display.apply(e);
        }
        // House 3's four fruits went to houses 4, 5, 6 and the store, in order, each with its picture.
        for (k, look) in lifted.iter().enumerate() {
            assert_eq!(display.holes[3 + k].last(), Some(look));
        }
    }

    #[test]
    fn the_board_marks_where_a_move_lands_and_what_it_catches() {
        let marks = |variant: &str, moves: &str, m: &str| {
            let mut game = Game::new(variant.parse().unwrap());
            for text in moves.split_whitespace() {
                game.play(text.parse().unwrap()).unwrap();
            }
            let (_, sowing) = game.position().play(m.parse().unwrap()).unwrap();
            (Marks::held(&sowing), Marks::hint(&sowing))
        };
        let south = |n| Hole::house(Side::South, n);
        let north = |n| Hole::house(Side::North, n);
        // Kalah from the start: house 3's last seed lands in the store (an extra move); house 1's
        // in house 5, for nothing, so a hint marks nothing.
        let (held, hint) = marks("kalah:6:4", "", "3");
        assert_eq!(held, Marks { landing: Some(Hole::store(Side::South)), caught: vec![] });
        assert_eq!(hint, held);
        let (held, hint) = marks("kalah:6:4", "", "1");
        assert_eq!(held, Marks { landing: Some(south(5)), caught: vec![] });
        assert_eq!(hint, Marks::default());
        // House 1's last seed lands in the emptied house 5 and catches North's house 2 across.
        let (held, hint) = marks("kidcala-classic", "5 1", "1");
        assert_eq!(held, Marks { landing: Some(south(5)), caught: vec![north(2)] });
        assert_eq!(hint, held);
        // Kauri: house 1's seeds, then its two cowries, which catch in North's houses 5 and 6, the
        // last piece in 6: a hint rings both, as the last piece landing is not the reason (a catch
        // in the child's own house would be); the seed North takes in its house 1 is not South's.
        let (held, hint) = marks("kauri", "2 4 1 6 4 3 4 5 3 2 2 1 6 3 5 2", "1");
        assert_eq!(held, Marks { landing: Some(north(6)), caught: vec![north(5)] });
        assert_eq!(hint, Marks { landing: None, caught: vec![north(5), north(6)] });
    }

    #[test]
    fn captions_tell_what_happened() {
        let pos = Position::new(Variant::KidCalaClassic);
        let (_, sowing) = pos.play(Move::House(3)).unwrap();
        let lines = captions(&sowing, &names(), Lang::En);
        let lang = Lang::En;
        let expected = vec![
            lang.fmt("caption.moved", &[("name", "Ana"), ("house", "3")]),
            lang.fmt("caption.extra", &[("name", "Ana")]),
        ];
        assert_eq!(lines, expected);
        assert!(lines[1].contains("Ana"));
    }

    #[test]
    fn a_catch_with_bananas_says_how_many() {
        // Banana-Cala: Ana's last fruit, a grape, lands in her empty house 2, across from two
        // bananas and an apple: four caught, two of them bananas.
        let catch = |across: &str| Sowing {
            side: Side::South,
            mv: Move::HouseInOrder(1, "G".parse().unwrap()),
            events: vec![
                Event::Capture { by: Side::South, from: Hole::house(Side::North, 5), pieces: across.parse().unwrap(), to: Place::Captured(Side::South) },
                Event::Capture { by: Side::South, from: Hole::house(Side::South, 2), pieces: "1G".parse().unwrap(), to: Place::Captured(Side::South) },
            ],
        };
        let you = Names { south: "Player 1".into(), north: "Owl".into(), you: Some(Side::South) };
        for (across, said, said_to_you) in [
            ("2B1A", "Ana catches 4, with 2 bananas!", "You catch 4, with 2 bananas!"),
            ("1B1A", "Ana catches 3, with a banana!", "You catch 3, with a banana!"),
            ("1A", "Ana catches 2!", "You catch 2!"),
        ] {
            assert_eq!(captions(&catch(across), &names(), Lang::En)[1], said, "{across}");
            assert_eq!(captions(&catch(across), &you, Lang::En)[1], said_to_you, "{across}");
        }
        let two = catch("2B1A");
        assert_eq!(captions(&two, &names(), Lang::Fr)[1], "Ana en attrape 4, avec 2 bananes\u{a0}!");
        assert_eq!(captions(&two, &names(), Lang::De)[1], "Ana fängt 4, mit 2 Bananen!");
        assert_eq!(captions(&two, &names(), Lang::Es)[1], "¡Ana atrapa 4, con 2 plátanos!");
    }

    #[test]
    fn a_store_move_is_told_with_its_fruits_counted() {
        let pos = Position::new(Variant::Banana { king: false });
        let one = Move::Store("B".parse().unwrap());
        let three = Move::Store("GAO".parse().unwrap());
        let you = Names { south: "Player 1".into(), north: "Owl".into(), you: Some(Side::South) };
        for (m, said, said_to_you) in [
            (one, "Ana sowed 1 fruit from the store.", "You sowed 1 fruit from your store."),
            (three, "Ana sowed 3 fruits from the store.", "You sowed 3 fruits from your store."),
        ] {
            let (_, sowing) = pos.play(m).unwrap();
            assert_eq!(captions(&sowing, &names(), Lang::En)[0], said);
            assert_eq!(captions(&sowing, &you, Lang::En)[0], said_to_you);
            // Every language counts them, in the right number.
            for lang in [Lang::Fr, Lang::De, Lang::Es] {
                let line = &captions(&sowing, &you, lang)[0];
                let n = if m == one { 1 } else { 3 };
                assert!(line.contains(&n.to_string()), "{line}");
                let plural = lang.fmt("caption.moved_store.you", &[("count", &n.to_string())]);
                assert_eq!(*line == plural, n > 1, "{line}");
            }
        }
    }

    #[test]
    fn a_child_alone_against_the_computer_is_spoken_to() {
        let you = Names { south: "Player 1".into(), north: "Snail".into(), you: Some(Side::South) };
        let score = crate::engine::BySide::new(30, 18);
        let won = Outcome { winner: Some(Side::South), score, reason: EndReason::HousesEmpty };
        let lost = Outcome { winner: Some(Side::North), score, reason: EndReason::HousesEmpty };
        let emptied = Outcome { winner: Some(Side::South), score, reason: EndReason::Emptied };
        let majority = Outcome { winner: Some(Side::South), score, reason: EndReason::Majority };
        let no_shell = Outcome { winner: Some(Side::North), score, reason: EndReason::NoCowrie };
        let draw = Outcome { winner: None, score, reason: EndReason::HousesEmpty };
        for lang in Lang::ALL {
            assert_eq!(end_line(&won, &you, lang), lang.get("end.wins.you"));
            assert_eq!(end_line(&lost, &you, lang), lang.fmt("end.wins", &[("name", "Snail")]));
            assert_eq!(end_line(&draw, &you, lang), lang.get("end.draw"));
            assert_eq!(end_line(&emptied, &you, lang), format!("{} {}", lang.get("end.emptied.you"), lang.get("end.wins.you")));
            // Kauri: the child has more than half of the seeds, or no shell left to play.
            assert_eq!(end_line(&majority, &you, lang), format!("{} {}", lang.get("end.majority.you"), lang.get("end.wins.you")));
            let lost = lang.fmt("end.wins", &[("name", "Snail")]);
            assert_eq!(end_line(&no_shell, &you, lang), format!("{} {lost}", lang.get("end.no_shell.you")));
            // What the child's move did, said to them; the computer's, with its name.
            let (_, sowing) = Position::new(Variant::KidCalaClassic).play(Move::House(3)).unwrap();
            let lines = captions(&sowing, &you, lang);
            assert_eq!(lines, vec![lang.fmt("caption.moved.you", &[("house", "3")]), lang.get("caption.extra.you").to_string()]);
            let them = Names { you: Some(Side::North), ..you.clone() };
            let lines = captions(&sowing, &them, lang);
            assert_eq!(lines[0], lang.fmt("caption.moved", &[("name", "Player 1"), ("house", "3")]));
        }
        assert_eq!(end_line(&won, &you, Lang::En), "You win!");
        // Two children, or a child with a name: the names, as before.
        assert_eq!(end_line(&won, &names(), Lang::En), "Ana wins!");
    }
}
