//! The board: an SVG drawing of a [`Display`] that reports taps. No rules here: which holes can be
//! played comes from the engine through the props, and a tap goes back as a [`Hole`].

use yew::prelude::*;

use crate::show::{Display, Landing, Look, Marks, Names};
use crate::text::Lang;
use crate::{Hole, Side, Variant};

/// Width of one column of houses, in SVG units.
const COL: f64 = 100.0;
/// Width of a store's column: narrower than a house's, so that the houses stay big enough to tap on
/// a phone (a board of 8 columns on a 390-pixel screen).
const STORE_COL: f64 = 64.0;
/// Height of one row of houses on a wide screen.
pub const ROW: f64 = 120.0;
/// Height of one row of houses for a window `ratio` times as tall as it is wide. On a tall screen (a
/// tablet or phone held upright) the board keeps its rows facing the two players at the short edges
/// and grows taller instead, so that it fills the screen and the houses are easier to tap.
pub fn row_height(ratio: f64) -> f64 {
    if ratio > 1.0 {
        (ROW * ratio * 1.3).clamp(ROW, 280.0)
    } else {
        ROW
    }
}
/// Distance between the centres of two pictures in a full hole.
const STEP: f64 = 20.0;
/// The most distance between the centres of two pictures in a hole that holds few: they grow to
/// fill it, up to about twice the size of a full hole's (a tall house on a phone held upright).
const BIG_STEP: f64 = 38.0;
/// Below this size on the screen, in CSS pixels, a pile's pictures are too small to tell one kind from
/// another at a glance: where the kinds matter, a store draws one picture a kind with its number.
const SMALL_PX: f64 = 16.0;
/// The most size of a picture in such a pile: as big as the store is wide, on a phone held upright.
const GROUP_STEP: f64 = 48.0;
/// The size of a kind's number in such a pile, as a share of the hole's count: smaller, so that the
/// hole's count still reads as the whole.
const KIND_COUNT: f64 = 0.8;
/// How far a hole's pictures sit off its centre, away from the edge where its count is written.
const LABEL_GAP: f64 = 6.0;
/// Size of a hole's count, in SVG units, where the board is drawn big enough (a tablet).
const COUNT: f64 = 22.0;
/// The least size of a hole's count on the screen, in CSS pixels, so that it stays easy to read.
const COUNT_PX: f64 = 18.0;
/// The most size of a hole's count in SVG units: a store's count of two digits still fits across it.
const COUNT_MAX: f64 = 36.0;

/// Size of a hole's count in SVG units, for a board drawn at `scale` CSS pixels to the unit: on a
/// phone held upright (about half a pixel to the unit) the counts are written bigger than on a
/// tablet, so that they are as easy to read there. `scale` is 0 before the board is measured.
/// Where the browser writes words `words` times bigger than usual, the counts are too, as far as
/// the stores leave room.
fn count_size(scale: f64, words: f64) -> f64 {
    if scale > 0.0 {
        (COUNT_PX * words / scale).max(COUNT * words).clamp(COUNT, COUNT_MAX)
    } else {
        COUNT
    }
}

/// The size the browser writes the page's words at, in CSS pixels (16 unless a grown-up changed it).
fn root_font_px() -> f64 {
    let Some(window) = web_sys::window() else { return 16.0 };
    let Some(root) = window.document().and_then(|d| d.document_element()) else { return 16.0 };
    window
        .get_computed_style(&root)
        .ok()
        .flatten()
        .and_then(|style| style.get_property_value("font-size").ok())
        .and_then(|size| size.trim_end_matches("px").parse::<f64>().ok())
        .filter(|px| px.is_finite() && *px > 0.0)
        .unwrap_or(16.0)
}

/// The width of the yellow ring round a house that may be played, in SVG units, where the board is
/// drawn big enough (a tablet: 6 to 8 pixels).
const RING: f64 = 6.0;
/// The least width of that ring on the screen, in CSS pixels: on a phone held upright (about half
/// a pixel to the unit) it was 2.5 to 3 pixels wide, a thin line a child had to look for.
const RING_PX: f64 = 5.5;
/// The most the rings widen on a small board.
const RING_MOST: f64 = 2.5;

/// How many times wider than on a tablet the rings round a house are drawn, for a board drawn at
/// `scale` CSS pixels to the unit (1 where it is big enough, or not yet measured).
///
/// A wider ring widens inwards: the gaps between the houses are 6 units, less than the dark bands
/// of two rings side by side, so its outer edge stays where it is on a tablet, and the ring is
/// drawn that much further inside the house's edge ([`ring_inset`]). The pieces are drawn over it.
fn ring_widening(scale: f64) -> f64 {
    if scale > 0.0 {
        (RING_PX / (RING * scale)).clamp(1.0, RING_MOST)
    } else {
        1.0
    }
}

/// How far inside a house's edge its rings are drawn, for rings `widening` times wider than on a
/// tablet: so that the yellow ring's outer edge stays where it is there, half its width outside
/// the house's edge.
fn ring_inset(widening: f64) -> f64 {
    RING * (widening - 1.0) / 2.0
}

/// What the board needs to draw.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The pictures in every hole.
    pub display: Display,
    /// The holes the player to move can tap.
    pub legal: Vec<Hole>,
    /// The names of the sides, for the accessible names of the holes (a child alone against the
    /// computer who left their name empty has "your house 3" rather than "Player 1's house 3").
    pub names: Names,
    /// The language.
    pub lang: Lang,
    /// Turn North's labels towards North.
    pub face_to_face: bool,
    /// A hole to shake gently (a refused tap).
    pub refused: Option<Hole>,
    /// Counts refusals, to restart the shake.
    pub refused_serial: u32,
    /// Called with the hole tapped.
    pub ontap: Callback<Hole>,
    /// Called when a hole is pressed and held.
    pub onhold: Callback<Hole>,
    /// Called when the house held is let go (lifted, or left by the pointer): the look ends there,
    /// whether or not the browser sends a click after a long press (touch browsers may not).
    #[prop_or_default]
    pub onletgo: Callback<Hole>,
    /// Called when a hole is pressed (before it may become a hold), while a house let go is still
    /// waiting for its click ([`BoardProps::let_go`]).
    #[prop_or_default]
    pub onpress: Callback<()>,
    /// Called when the keyboard moves onto a hole (not when a finger or the mouse gives it the
    /// focus): it shows what holding a house shows.
    #[prop_or_default]
    pub onlook: Callback<Hole>,
    /// Called when the focus leaves a hole.
    #[prop_or_default]
    pub onlookaway: Callback<Hole>,
    /// A house was let go after a hold and the click a browser may send for it has not come.
    #[prop_or_default]
    pub let_go: bool,
    /// The house pressed and held.
    pub held: Option<Hole>,
    /// Height of a row of houses; when absent, worked out from the window's shape ([`row_height`]:
    /// [`ROW`] on a wide screen, more on a tall one) and again whenever the window changes.
    #[prop_or_default]
    pub row: Option<f64>,
    /// A house suggested by a hint: it glows.
    #[prop_or_default]
    pub hint: Option<Hole>,
    /// The hole whose fruits Banana-Cala's chooser is open for (a house when the child chose to put
    /// its fruits in order, or the store): ringed as a held house is, so that a child sees which
    /// house's fruits the chooser lists.
    #[prop_or_default]
    pub picking: Option<Hole>,
    /// What a screen reader hears of a house that may be played, after its pieces: what its move
    /// would bring ([`super::state::State::look_said`]).
    #[prop_or_default]
    pub said: Vec<(Hole, String)>,
    /// What the held house's move, or else the hinted move, marks: where its last piece lands
    /// (filled green) and the holes it catches from (ringed).
    #[prop_or_default]
    pub marks: Marks,
    /// The hole the last move sowed from, and the colour of who played it: ringed with dots of
    /// that colour (see [`crate::ui::state::State::played_last`]).
    #[prop_or_default]
    pub played: Option<(Hole, &'static str)>,
    /// Draw the board turned half round, North's row at the bottom. A child alone against the
    /// computer who lets it start sits North; turned, their own row is the one nearest them, as at
    /// a real board, and their house 1 is on their left.
    #[prop_or_default]
    pub flip: bool,
    /// The drawing's id: `board` for the game's, another for the game watched in the rules panel.
    #[prop_or(AttrValue::Static("board"))]
    pub id: AttrValue,
}

/// How long a press lasts before it becomes a hold, in milliseconds.
const HOLD_MS: u32 = 450;
/// How far a finger may move between down and up and still tap (CSS pixels), as browsers allow
/// a click.
const TAP_SLOP_PX: f64 = 12.0;

/// Where and when a finger (or mouse) came down on a hole.
#[derive(Debug, Clone, Copy)]
struct Down {
    /// Its time stamp.
    at: f64,
    /// Where, in the window.
    x: i32,
    y: i32,
}

/// Where a hole is drawn: its centre and size.
#[derive(Clone, Copy)]
struct Spot {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The corners' radius of a hole's outline (`rx` on its rect, which a browser narrows to half the
/// rect's width or height where it is more).
const CORNER: f64 = 36.0;

/// About how far apart the dots round the house played last are, centre to centre.
const DOT_SPACING: f64 = 24.0;

/// How far inside a house's edge the dots round the house played last go round: clear of a ring
/// round the house beside it (the hint's, across the narrow gap between the rows).
const DOT_INSET: f64 = 4.0;

/// The hint's thin second ring, inside its own, for a hole `size` units across at its narrowest
/// whose rings are `inset` inside its edge and `widening` times as wide as on a tablet: how far
/// inside the edge its middle lies, and how many times 4 units its green is wide. As wide as the
/// others are widened where the hole has room (its green 4 units on a tablet, a dark band of 4
/// between it and the hint ring's green, 2 on its inner side), thinner where it has not, so that 12
/// units inside it stay open (on Banana-Cala's narrow stores on a phone held upright the ring was a
/// solid bar); none where even half of that would not leave them.
pub(super) fn hint_inner(size: f64, inset: f64, widening: f64) -> Option<(f64, f64)> {
    let width = widening.min((size - 2.0 * inset - 8.0 * widening - 24.0) / 8.0);
    (width >= 0.5).then_some((inset + 4.0 * widening + 4.0 + 2.0 * width, width))
}

/// The dots round the house played last, as a dash pattern: each dot a dash 1 long, rounded, and
/// the gap after it, so that an even number of dots goes round the outline evenly (the two ends of
/// the dashes otherwise met as two dots side by side), and the offset that puts the middles of the
/// top and bottom edges, where the house's count stands, halfway between two dots.
fn dot_pattern(spot: &Spot) -> String {
    let (w, h) = (spot.w - 2.0 * DOT_INSET, spot.h - 2.0 * DOT_INSET);
    let r = (CORNER - DOT_INSET).min(w / 2.0).min(h / 2.0);
    let round = 2.0 * (w + h) - 8.0 * r + 2.0 * std::f64::consts::PI * r;
    let dots = ((round / DOT_SPACING / 2.0).round() * 2.0).max(4.0);
    let step = round / dots;
    // A rect's outline starts where its top edge leaves the top-left corner, and the bottom edge's
    // middle is half the way round from the top's: with an even number of dots, both are between two.
    let top_middle = w / 2.0 - r;
    let offset = (0.5 + step / 2.0 - top_middle).rem_euclid(step);
    format!("stroke-dasharray: 1 {:.3}; stroke-dashoffset: {offset:.3}", step - 1.0)
}

/// The spot of each hole (by counter-clockwise index). North's store is on the left, South's on the
/// right; South's houses run left to right along the bottom, North's right to left along the top.
/// Flipped, all of it is turned half round: North's row along the bottom, South's store on the left.
fn spots(m: usize, row_h: f64, flip: bool) -> Vec<Spot> {
    let mut out = Vec::with_capacity(2 * m + 2);
    // Column k of houses (1..=m) starts after North's store.
    let house = |col: usize, row: usize| Spot {
        x: STORE_COL + COL * (col as f64 - 0.5),
        y: 10.0 + row_h * (row as f64 + 0.5),
        w: COL * 0.94,
        h: row_h * 0.92,
    };
    let store = |x: f64| Spot { x, y: 10.0 + row_h, w: STORE_COL * 0.9, h: row_h * 1.9 };
    for k in 1..=m {
        out.push(house(k, 1));
    }
    out.push(store(STORE_COL * 1.5 + COL * m as f64));
    for k in 1..=m {
        out.push(house(m + 1 - k, 0));
    }
    out.push(store(STORE_COL * 0.5));
    if flip {
        let (width, height) = board_size(m, row_h);
        for spot in &mut out {
            spot.x = width - spot.x;
            spot.y = height - spot.y;
        }
    }
    out
}

/// The width and height of the board's drawing.
fn board_size(m: usize, row_h: f64) -> (f64, f64) {
    (COL * m as f64 + 2.0 * STORE_COL, 20.0 + 2.0 * row_h)
}

/// The room a hole leaves for its pictures: its width less a margin on each side, its height less
/// room for its count (written `count` units high).
fn room(spot: Spot, count: f64) -> (f64, f64) {
    (spot.w - 14.0, spot.h - 22.0 - count)
}

/// The pictures of the pieces, drawn by the project: each fruit has its own shape as well as colour.
///
/// Each stands out from the dark house it lies in, for a child who counts them (3 to 1 or more, as
/// the web's guidelines for accessible content ask of a picture that carries meaning, in every
/// house: at rest, lighter where a sowing's piece last fell, green where a held house's last piece
/// would land). The seeds are a light caramel with a dark edge: dark brown on the dark brown
/// house, they stood at 1.3 to 1 (1.6 by their dark edge), seen by that edge and their glint
/// alone; light as they are, they stay apart from Kauri's shells, which are whiter and bigger. The
/// fruits keep their colours, which a child tells them by, and each has a thin light rim outside
/// its dark edge: the grapes' purple and the apples' red are as dark as the house (1.1 and 1.5 to
/// 1, 1.9 and 1.5 by their edges; to a child who does not see red, an apple on the house is dark
/// on dark), and an orange or a banana on the green of a landing stood at 1.6 and 2.4.
/// (`everyPieceStandsOutFromItsHouse` in `tests/e2e/games.test.mjs` measures each.)
pub fn symbols() -> Html {
    // The light rim: the fruit's own shape first, with a wider stroke in this colour, under it.
    const RIM: &str = "#fff6e6";
    const RIM_WIDTH: &str = "3.6";
    html! {
        <defs>
            <symbol id="look-seed" viewBox="-10 -10 20 20">
                <ellipse rx="6" ry="8" fill="#e0a85c" stroke="#2e1c0c" stroke-width="1.5"/>
                <ellipse cx="-2" cy="-3" rx="1.5" ry="2.5" fill="#fbe6c4"/>
            </symbol>
            <symbol id="look-cowrie" viewBox="-10 -10 20 20">
                <ellipse rx="7" ry="9" fill="#f6ecd9" stroke="#9c8354" stroke-width="1.5"/>
                <path d="M0 -7 Q-2 0 0 7" stroke="#6b5530" stroke-width="1.5" fill="none"/>
            </symbol>
            <symbol id="look-banana" viewBox="-10 -10 20 20" overflow="visible">
                <path d="M-8 -4 Q0 10 9 -6 Q1 4 -8 -4 Z" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH} stroke-linejoin="round"/>
                <rect x="7.5" y="-8" width="2" height="3" fill={RIM} stroke={RIM} stroke-width="2.4"/>
                <path d="M-8 -4 Q0 10 9 -6 Q1 4 -8 -4 Z" fill="#f7d32f" stroke="#8f7a10" stroke-width="1.2"/>
                <rect x="7.5" y="-8" width="2" height="3" fill="#5a4a0a"/>
            </symbol>
            <symbol id="look-grape" viewBox="-10 -10 20 20" overflow="visible">
                <circle cx="-3.5" cy="-3" r="3.5" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH}/>
                <circle cx="3.5" cy="-3" r="3.5" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH}/>
                <circle cx="0" cy="3" r="3.5" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH}/>
                <circle cx="-3.5" cy="-3" r="3.5" fill="#7b3fa0" stroke="#3f1c55" stroke-width="1"/>
                <circle cx="3.5" cy="-3" r="3.5" fill="#7b3fa0" stroke="#3f1c55" stroke-width="1"/>
                <circle cx="0" cy="3" r="3.5" fill="#7b3fa0" stroke="#3f1c55" stroke-width="1"/>
                <path d="M0 -7 L0 -9.5" stroke="#3b6e22" stroke-width="1.5"/>
            </symbol>
            <symbol id="look-apple" viewBox="-10 -10 20 20" overflow="visible">
                <path d="M0 -4 C-9 -9 -11 6 -3 8 Q0 9 3 8 C11 6 9 -9 0 -4 Z" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH}/>
                <path d="M0 -4 C-9 -9 -11 6 -3 8 Q0 9 3 8 C11 6 9 -9 0 -4 Z" fill="#d7263d" stroke="#7a1020" stroke-width="1.2"/>
                <path d="M0 -4 L1 -9" stroke="#5a3a12" stroke-width="1.5"/>
                <path d="M1 -7 Q5 -10 7 -7 Q4 -5 1 -7 Z" fill="#3b9b2f"/>
            </symbol>
            <symbol id="look-orange" viewBox="-10 -10 20 20" overflow="visible">
                <circle r="8" fill={RIM} stroke={RIM} stroke-width={RIM_WIDTH}/>
                <circle r="8" fill="#f28c1b" stroke="#9c5208" stroke-width="1.2"/>
                <circle cx="-3" cy="-2" r="0.8" fill="#c96d0c"/>
                <circle cx="2" cy="2" r="0.8" fill="#c96d0c"/>
                <circle cx="3" cy="-3" r="0.8" fill="#c96d0c"/>
                <path d="M0 -8 Q3 -11 5 -8" fill="#3b9b2f"/>
            </symbol>
        </defs>
    }
}

/// One picture of a piece.
pub fn piece(look: Look, x: f64, y: f64, size: f64) -> Html {
    html! {
        <use href={format!("#look-{}", look.name())} class={classes!("piece", look.name())}
            x={(x - size / 2.0).to_string()} y={(y - size / 2.0).to_string()}
            width={size.to_string()} height={size.to_string()} />
    }
}

/// Distance between the centres of two pieces carried across the board; they are drawn bigger than
/// it, overlapping like fruits held in a hand, and bigger than in a full hole, so that a child
/// follows them.
const CARRIED_STEP: f64 = 20.0;

/// Pieces carried across the board (in the hand, or flying to a store): a row centred on 0, 0.
fn in_a_row(looks: &[Look]) -> Html {
    let n = looks.len() as f64;
    looks.iter().enumerate().map(|(k, l)| piece(*l, (k as f64 - (n - 1.0) / 2.0) * CARRIED_STEP, 0.0, 28.0)).collect()
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let d = &props.display;
    let m = d.variant.houses();
    let window = super::device::use_window_size();
    let row = props.row.unwrap_or_else(|| row_height(if window.0 > 0.0 { window.1 / window.0 } else { 1.0 }));
    let spots = spots(m, row, props.flip);
    let (width, height) = board_size(m, row);
    // Whether a side's row is the far one, along the top.
    let far = |side: Side| (side == Side::North) != props.flip;
    let lang = props.lang;
    // Face to face, each child reads the other's numbers upside down: a 6 that would be read as 9
    // is underlined, in every hole, on both sides.
    let face_to_face = props.face_to_face;
    let underline = move |n: usize| (face_to_face && crate::show::misread_upside_down(n)).then_some("underlined");
    // A hold's timer for each finger (or pen, or mouse) on the board, with when it came down (a
    // second finger's quick tap plays: see `onpointerup`): face to face, two children press at
    // once, and one's press must not cancel or replace the other's.
    let hold_timer = use_mut_ref(std::collections::HashMap::<i32, (gloo_timers::callback::Timeout, Down)>::new);
    // The last tap a second finger made (see `onpointerup`): a click that follows it on the same
    // hole, should a browser send one, is the same tap.
    let finger_tap = use_mut_ref(|| None::<(Hole, f64)>);
    // How many CSS pixels the board draws to the unit, measured once drawn and again whenever the
    // window changes size: the counts are written bigger where the board is small.
    let svg_ref = use_node_ref();
    let scale = use_state_eq(|| 0.0_f64);
    // How much bigger than usual the browser writes words (a grown-up's setting): the counts grow
    // with them, as far as the stores leave room (`count_size`). The board, squeezed by the bigger
    // words round it, wrote them smaller the bigger the words were set (35 CSS pixels high at the
    // usual size, 24 at twice it).
    let words = use_state_eq(|| 1.0_f64);
    {
        let svg_ref = svg_ref.clone();
        let scale = scale.clone();
        let words = words.clone();
        use_effect_with((window, width, height), move |_| {
            if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                let rect = svg.get_bounding_client_rect();
                // The drawing keeps its shape inside the element ("meet"): the tighter side sets it.
                scale.set((rect.width() / width).min(rect.height() / height));
            }
            words.set((root_font_px() / 16.0).max(1.0));
        });
    }
    let count_size = count_size(*scale, *words);
    let widening = ring_widening(*scale);
    let inset = ring_inset(widening);
    // Pieces carried across the board (and the hand's count) grow in step with the counts.
    let carried = count_size / COUNT;
    let holes = spots.iter().enumerate().map(|(i, spot)| {
        let hole = Hole::at(i, m);
        let looks = &d.holes[i];
        let count = looks.len();
        let count_text = count.to_string();
        // Named as the rules panels name them: Kalah's seeds, Kid-Cala's fruits; Banana-Cala's and
        // Kauri's pieces, of the kinds said after them.
        let pieces_key = match d.variant {
            Variant::Kalah(_) => "pieces.seed",
            Variant::KidCalaBeginner | Variant::KidCalaClassic => "pieces.fruit",
            _ => "pieces.piece",
        };
        let pieces = lang.count(pieces_key, count as i64, &[("count", &count_text)]);
        let label = match hole {
            Hole::House { number, .. } => props.names.say(lang, hole.side(), "board.house", &[("number", &number.to_string()), ("pieces", &pieces)]),
            Hole::Store { .. } => props.names.say(lang, hole.side(), "board.store", &[("pieces", &pieces)]),
        };
        let label = crate::show::with_kinds(label, looks, d.variant, lang);
        let legal = props.legal.contains(&hole);
        // Which holes may be played now, as their yellow rings show and as the keyboard's steps
        // are: a screen reader that reads the board hole by hole hears it of each.
        let label = if legal { format!("{label}, {}", lang.get("board.can_play")) } else { label };
        let label = match props.said.iter().find(|(h, _)| *h == hole) {
            Some((_, words)) if legal => lang.fmt("board.would_bring", &[("label", &label), ("words", &lang.after_colon(words))]),
            _ => label,
        };
        let played = props.played.filter(|&(h, _)| h == hole);
        let label = if played.is_some() { format!("{label}, {}", lang.get("board.played_last")) } else { label };
        // The house a hint names says so, as its glow does.
        let label = if props.hint == Some(hole) { format!("{label}, {}", lang.get("board.hinted")) } else { label };
        let refused = props.refused == Some(hole);
        let ontap = {
            let cb = props.ontap.clone();
            let finger_tap = finger_tap.clone();
            Callback::from(move |e: MouseEvent| {
                let twice = finger_tap.borrow().is_some_and(|(h, at)| h == hole && e.time_stamp() - at < f64::from(HOLD_MS));
                // A double tap or click (the browser counts the clicks of one quick series) is one
                // wish: its later clicks would stop the sowing the first one started, or be told
                // it is not the child's turn.
                if !twice && e.detail() <= 1 {
                    cb.emit(hole);
                }
            })
        };
        let onkey = {
            let cb = props.ontap.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    cb.emit(hole);
                }
            })
        };
        let onpointerdown = {
            let cb = props.onhold.clone();
            let press = props.let_go.then(|| props.onpress.clone());
            let timer = hold_timer.clone();
            Callback::from(move |e: PointerEvent| {
                if let Some(press) = &press {
                    press.emit(());
                }
                let cb = cb.clone();
                let hold = gloo_timers::callback::Timeout::new(HOLD_MS, move || cb.emit(hole));
                let down = Down { at: e.time_stamp(), x: e.client_x(), y: e.client_y() };
                timer.borrow_mut().insert(e.pointer_id(), (hold, down));
            })
        };
        // The keyboard's press and hold: a house it moves onto shows where its last piece would land.
        // The browser says whether the focus came from the keyboard (`:focus-visible`): a tap
        // gives the house the focus too, and plays it at once.
        let onfocus = {
            let cb = props.onlook.clone();
            Callback::from(move |e: FocusEvent| {
                let by_keys = e.target_dyn_into::<web_sys::Element>().is_some_and(|t| t.matches(":focus-visible").unwrap_or(false));
                if by_keys && !super::device::focus_moved_by_page() {
                    cb.emit(hole);
                }
            })
        };
        let onblur = {
            let cb = props.onlookaway.clone();
            Callback::from(move |_: FocusEvent| cb.emit(hole))
        };
        let held = props.held == Some(hole);
        let cancel = {
            let timer = hold_timer.clone();
            let let_go = props.onletgo.clone();
            Callback::from(move |e: PointerEvent| {
                drop(timer.borrow_mut().remove(&e.pointer_id()));
                if held {
                    let_go.emit(hole);
                }
            })
        };
        // A finger lifted: as `cancel`, and a second finger's tap is a tap. Face to face one
        // child's finger may rest on the board, holding a house to look, while the other taps: the
        // browser sends no click for a finger that is not the first one down (only the first
        // pointer clicks), and that tap was lost without a word. A tap as a click is: quicker than
        // a hold, the finger lifted where it came down. (A first finger's tap is its click, as a
        // mouse's and the keyboard's are.)
        let onpointerup = {
            let timer = hold_timer.clone();
            let let_go = props.onletgo.clone();
            let tap = props.ontap.clone();
            let finger_tap = finger_tap.clone();
            Callback::from(move |e: PointerEvent| {
                let down = timer.borrow_mut().remove(&e.pointer_id()).map(|(_, down)| down);
                if held {
                    let_go.emit(hole);
                }
                let tapped = down.is_some_and(|d| {
                    let (dx, dy) = (f64::from(e.client_x() - d.x), f64::from(e.client_y() - d.y));
                    e.time_stamp() - d.at < f64::from(HOLD_MS) && dx.hypot(dy) <= TAP_SLOP_PX
                });
                if tapped && !e.is_primary() && e.pointer_type() == "touch" {
                    *finger_tap.borrow_mut() = Some((hole, e.time_stamp()));
                    tap.emit(hole);
                }
            })
        };
        let landing = props.marks.landing == Some(hole);
        let caught = props.marks.caught.contains(&hole);
        let (kind, number) = match hole {
            Hole::House { number, .. } => ("house", number.to_string()),
            Hole::Store { .. } => ("store", String::new()),
        };
        // As many pictures as fit at the smallest size; a bigger pile shows its count over them,
        // every kind of piece among them.
        let (room_w, room_h) = room(*spot, count_size);
        let shown = crate::show::drawn(looks, crate::show::room_for(room_w, room_h, STEP));
        let grid = crate::show::grid(shown.len(), room_w, room_h, STEP, BIG_STEP);
        // Each picture a little bigger than its step, so that neighbours nearly touch, as in a
        // real pile; at the smallest step a hole of more than eight a little smaller, so that its
        // rows stay apart.
        let size = if grid.step > STEP { grid.step * 1.08 } else if count > 8 { 18.0 } else { 22.0 };
        let top = far(hole.side());
        // The pictures sit a little away from the count's edge, so that a full hole's first row
        // stays clear of its number.
        let away = if top { LABEL_GAP } else { -LABEL_GAP };
        let turned = props.face_to_face && top;
        // A store whose pictures would be too small to tell apart, where the kinds matter: one
        // picture a kind with its number (`show::groups`), when that draws them bigger. Not a
        // house: a child sees at a glance which house holds more by how full it looks, and a house
        // is wide enough for pictures that can be told apart.
        let small = *scale > 0.0 && size * *scale < SMALL_PX;
        let groups = (small && matches!(hole, Hole::Store { .. }) && crate::show::kinds_matter(d.variant))
            .then(|| crate::show::kinds(looks))
            .filter(|kinds| kinds.len() > 1)
            .map(|kinds| crate::show::groups(&kinds, room_w, room_h, count_size * KIND_COUNT, GROUP_STEP))
            .filter(|g| g.size > size);
        // Turned for a child across the table, the whole arrangement is turned half round with its
        // numbers: they read it as the near child does, the first kind at the top.
        let turn = if turned { -1.0 } else { 1.0 };
        let pieces: Html = match &groups {
            None => shown.iter().zip(grid.offsets).map(|(l, (dx, dy))| piece(*l, spot.x + dx, spot.y + dy + away, size)).collect(),
            Some(g) => g.cells.iter().map(|c| {
                let at = |(dx, dy): (f64, f64)| (spot.x + turn * dx, spot.y + turn * dy + away);
                let ((px, py), (x, y)) = (at(c.picture), at(c.number));
                html! {
                    <>
                        { piece(c.look, px, py, g.size) }
                        <text class={classes!("kind-count", underline(c.count))} data-look={c.look.name()} x={x.to_string()} y={y.to_string()}
                            transform={turned.then(|| format!("rotate(180 {x} {y})"))}
                            style={format!("font-size: {:.1}px", count_size * KIND_COUNT)}
                            dominant-baseline="central">{ c.count }</text>
                    </>
                }
            }).collect(),
        };
        // The house's outline, and the rings drawn over its edge. A ring of one colour alone was
        // lost against the wood or the house: the yellow rings of the houses to play stood at 2.2 to
        // 1 against the wood, the hint's green at 1.3 (and 2.1 against the house, below the yellow
        // rings beside it), the white dashes round a house a move would catch from at 2.8, the blue
        // of the house held or the keyboard is on at 1.8 (and 1.5 against the house); the blue and
        // purple dots of the house played last at 1.5 and 1.3 against the house, the orange, green
        // and pink at 1.1 to 1.2 against the wood. Now each is a light layer with a dark one beside
        // it, which stands out from both: `ring` in its state's colour over the house's own edge,
        // drawn dark and wider beneath it (static/style.css says which); for the house held or the
        // keyboard is on, blue in a light rim; for the house played last, dots of the player's
        // colour, each in a light rim with a dark edge. `inset`: how far inside the house's edge.
        // On a small board the rings are wider, inwards (see `ring_widening`): a dark band under
        // each, `ring-under`, as wide as the house's own dark edge on a tablet and more, gives it
        // its dark inner edge there.
        let outline = |class: &'static str, inset: f64| {
            let (w, h) = (spot.w - 2.0 * inset, spot.h - 2.0 * inset);
            html! {
                <rect class={class} x={(spot.x - w / 2.0).to_string()} y={(spot.y - h / 2.0).to_string()}
                    width={w.to_string()} height={h.to_string()} rx={(CORNER - inset).to_string()} />
            }
        };
        let label_y = if top { spot.y - spot.h / 2.0 + 4.0 } else { spot.y + spot.h / 2.0 - 4.0 };
        // The far row's number hangs from the top of its hole; turned for a child across the table, it
        // stands on that line instead, upside down, so that it still lies inside the hole.
        let label_transform = turned.then(|| format!("rotate(180 {} {})", spot.x, label_y));
        html! {
            <g class={classes!("hole", kind, legal.then_some("legal"), (d.last == Some(i)).then_some("last"),
                    refused.then_some("refused"), held.then_some("held"), landing.then_some("landing"),
                    (props.hint == Some(hole)).then_some("hint"), caught.then_some("caught"), played.is_some().then_some("played"),
                    (props.picking == Some(hole)).then_some("picking"))}
                style={played.map(|(_, colour)| format!("--player:{colour}"))}
                key={format!("{i}-{}", if refused { props.refused_serial } else { 0 })}
                // Only what may be played now is a stop of the keyboard's (and a switch's): every hole was,
                // fourteen stops a move, the other player's and the computer's first when the child
                // went second. Any hole can still be focused, and keeps the focus through a sowing.
                role="button" tabindex={if legal { "0" } else { "-1" }} aria-label={label}
                data-side={hole.side().name()} data-house={number} data-count={count_text.clone()}
                data-legal={legal.to_string()}
                onclick={ontap} onkeydown={onkey} {onpointerdown} {onfocus} {onblur}
                {onpointerup} onpointerleave={cancel.clone()} onpointercancel={cancel}>
                { outline("pit", 0.0) }
                { outline("ring-under", inset) }
                { outline("ring", inset) }
                // The hint's ring is doubled: a thin second one inside it, so that the house a
                // hint names differs from those that may be played by more than its green, which a
                // child who does not see red and green as most do told from the yellow hardly or
                // not at all (nor in grey).
                { (props.hint == Some(hole)).then(|| hint_inner(spot.w.min(spot.h), inset, widening)).flatten().map(|(at, width)| html! {
                    <g class="hint-ring" style={format!("--inner:{width:.2}")}>{ outline("under", at) }{ outline("line", at) }</g>
                }) }
                { played.map(|_| html! {
                    <g class="played-ring" style={dot_pattern(spot)}>
                        { outline("edge", DOT_INSET) }{ outline("rim", DOT_INSET) }{ outline("dot", DOT_INSET) }
                    </g>
                }) }
                <g class="blue-ring">{ outline("rim", inset) }{ outline("line", inset) }</g>
                { pieces }
                <text class={classes!("count", underline(count))} x={spot.x.to_string()} y={label_y.to_string()} transform={label_transform}
                    style={format!("font-size: {count_size:.1}px")}
                    dominant-baseline={if top && !turned { "hanging" } else { "auto" }}>{count_text}</text>
            </g>
        }
    });
    let hand = d.last.filter(|_| !d.hand.is_empty()).map(|i| {
        let spot = spots[i];
        // The next pieces to drop, and how many the hand holds in all: a big handful shows only its
        // first six, and its number counts down as they are dropped, as a child counts at a board.
        let n = d.hand.len().min(6);
        let pieces = in_a_row(&d.hand[..n]);
        let count_x = n as f64 * CARRIED_STEP / 2.0 + 8.0;
        let far_row = far(Hole::at(i, m).side());
        // Turned like the holes' numbers for a child across the table.
        let turned = props.face_to_face && far_row;
        // Above a hole of the near row, below one of the far row: over the board either way.
        let y = if far_row { spot.y + 70.0 } else { spot.y - 70.0 };
        html! {
            <g class="hand" data-count={d.hand.len().to_string()}
                style={format!("transform: translate({}px, {}px) scale({carried:.3})", spot.x, y.clamp(20.0, height - 20.0))}>
                { pieces }
                <text class={classes!("hand-count", underline(d.hand.len()))} x={count_x.to_string()} y="0" dominant-baseline="central"
                    transform={turned.then(|| format!("rotate(180 {} 0)", count_x + 8.0))}>{ d.hand.len() }</text>
            </g>
        }
    });
    // Captured pieces fly from their hole to the store, or off the board's edge towards the captured
    // pile of their new owner (beside the board, on the side of their row).
    let flight = d.flight.as_ref().map(|f| {
        let from = spots[f.from];
        let (tx, ty) = match f.to {
            Landing::Hole(j) => (spots[j].x, spots[j].y),
            Landing::Captured(side) if far(side) => (width / 2.0, -30.0),
            Landing::Captured(_) => (width / 2.0, height + 30.0),
            Landing::Removed => (from.x, from.y),
        };
        let pieces = in_a_row(&crate::show::drawn(&f.looks, 6));
        html! {
            <g class={classes!("flight", (f.to == Landing::Removed).then_some("vanish"))} key={f.serial}
                style={format!("--fx:{}px; --fy:{}px; --tx:{tx}px; --ty:{ty}px; --k:{carried:.3}", from.x, from.y)}>
                { pieces }
            </g>
        }
    });
    html! {
        // A group named "Board", for a screen reader to enter its houses (read as one picture, it was not).
        <svg id={props.id.clone()} ref={svg_ref} class="board" role="group" aria-label={lang.get("board.label")} viewBox={format!("0 0 {width} {height}")} preserveAspectRatio="xMidYMid meet"
            data-houses={m.to_string()} style={format!("--ring: {widening:.3}")}>
            { symbols() }
            <rect class="board-wood" x="2" y="2" width={(width - 4.0).to_string()} height={(height - 4.0).to_string()} rx="60" />
            { for holes }
            // Each in a place of its own, there or not, so that the houses stay the same
            // elements while a sowing's hand comes and goes.
            { super::slot(hand) }
            { super::slot(flight) }
        </svg>
    }
}
