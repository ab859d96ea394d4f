//! The app's state: which screen, the game being set up, the game being played and how its last move
//! is being shown. [`Action`]s are the verbs; [`State`] changes only in `reduce`, which never touches
//! the browser (saving happens in an effect hook of the app).

use std::collections::VecDeque;
use std::rc::Rc;

use yew::Reducible;

use super::device::Sound;
use super::names::KnownNames;
use super::stars::{Shelf, StarBook};
use super::COLOURS;
use crate::show::{bananas_caught, holes_caught, preview, sown_from, timed_captions_from, Display, Marks, Names, Timed};
use crate::text::Lang;
use crate::{Event, FruitOrder, Game, Hole, IllegalMove, KalahRules, Move, Piece, Position, Side, Source, Variant};

/// The five games on the start screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameId {
    /// Kalah.
    Kalah,
    /// Kid-Cala beginner.
    Beginner,
    /// Kid-Cala classic.
    Classic,
    /// Banana-Cala.
    Banana,
    /// Kauri.
    Kauri,
}

impl GameId {
    /// In the order of the start screen.
    pub const ALL: [GameId; 5] = [GameId::Beginner, GameId::Classic, GameId::Banana, GameId::Kalah, GameId::Kauri];

    /// The key of the game in texts and in the page (`data-game`).
    pub const fn key(self) -> &'static str {
        match self {
            GameId::Kalah => "kalah",
            GameId::Beginner => "kidcala-beginner",
            GameId::Classic => "kidcala-classic",
            GameId::Banana => "banana",
            GameId::Kauri => "kauri",
        }
    }

    /// The game's name in `lang` ("Kalah", "Banana-Cala").
    pub fn name(self, lang: Lang) -> &'static str {
        lang.get(&format!("game.{}", self.key()))
    }

    /// The game of a variant.
    pub fn of(variant: Variant) -> GameId {
        match variant {
            Variant::Kalah(_) => GameId::Kalah,
            Variant::KidCalaBeginner => GameId::Beginner,
            Variant::KidCalaClassic => GameId::Classic,
            Variant::Banana { .. } => GameId::Banana,
            Variant::Kauri => GameId::Kauri,
        }
    }
}

/// The most letters a name can have.
pub const MAX_NAME: usize = 16;

/// The seeds a Kalah house can start with, as the start screen offers them.
pub const SEEDS: [u8; 4] = [3, 4, 5, 6];
/// The houses a Kalah side can have, as the start screen offers them.
pub const HOUSES: [u8; 3] = [4, 5, 6];
/// The computer's levels, from Snail to Dragon.
pub const LEVELS: [u8; 5] = [1, 2, 3, 4, 5];

/// Everything chosen on the start screen.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Choice {
    /// The game.
    pub game: GameId,
    /// Kalah: seeds a house (one of [`SEEDS`]).
    pub seeds: u8,
    /// Kalah: houses a side (one of [`HOUSES`]).
    pub houses: u8,
    /// Kalah options.
    pub empty: bool,
    /// Kalah: remaining seeds not counted.
    pub nocount: bool,
    /// Kalah: relay sowing.
    pub relay: bool,
    /// Banana-Cala: Robin King's scoring.
    pub king: bool,
    /// The two players' names; player 1 first.
    pub names: [String; 2],
    /// The two players' colours (an index into the palette).
    pub colours: [usize; 2],
    /// Which player (0 or 1) starts, and so sits South.
    pub starter: usize,
    /// Face to face: North's texts are turned towards North.
    pub face_to_face: bool,
    /// Against the computer: its level (one of [`LEVELS`]); the computer is player 2. `None`: two players.
    pub computer: Option<u8>,
}

impl Default for Choice {
    fn default() -> Self {
        Choice {
            game: GameId::Classic,
            seeds: 4,
            houses: 6,
            empty: false,
            nocount: false,
            relay: false,
            king: false,
            names: [String::new(), String::new()],
            colours: [0, 1],
            starter: 0,
            face_to_face: false,
            computer: None,
        }
    }
}

impl Choice {
    /// The variant this choice plays.
    pub fn variant(&self) -> Variant {
        match self.game {
            GameId::Kalah => {
                let mut rules = KalahRules::standard(self.houses.clamp(1, 8), self.seeds.clamp(1, 8))
                    .unwrap_or_else(|| KalahRules::standard(6, 4).expect("in range"));
                rules.empty_capture = self.empty;
                rules.remaining_not_counted = self.nocount;
                rules.relay = self.relay;
                Variant::Kalah(rules)
            }
            GameId::Beginner => Variant::KidCalaBeginner,
            GameId::Classic => Variant::KidCalaClassic,
            GameId::Banana => Variant::Banana { king: self.king },
            GameId::Kauri => Variant::Kauri,
        }
    }

    /// Whether the far side's texts are turned: face to face, between two children (alone against the
    /// computer nobody sits across; the choice is kept for their next game together).
    pub fn face_to_face_now(&self) -> bool {
        self.face_to_face && self.computer.is_none()
    }

    /// This choice with player `p` (0 or 1) in the colour `colour`. Should the other player (or the
    /// computer, player 2) have that colour already, they take `p`'s old one: two players of one
    /// colour could not tell whose turn it is, whose house was played last or who won, and a
    /// child who wants the other's colour gets it by a swap, not by being refused.
    pub fn with_colour(&self, p: usize, colour: usize) -> Choice {
        let mut c = self.clone();
        let p = p.min(1);
        if c.colours[1 - p] == colour {
            c.colours[1 - p] = c.colours[p];
        }
        c.colours[p] = colour;
        c
    }

    /// This choice with the two colours told apart: a choice saved by an earlier version of the
    /// game may give both players one colour; then player 2 takes the first other one.
    pub fn with_two_colours(mut self) -> Choice {
        if self.colours[0] == self.colours[1] {
            self.colours[1] = usize::from(self.colours[0] == 0);
        }
        self
    }

    /// The player (0 or 1) sitting on a side.
    pub fn player(&self, side: Side) -> usize {
        match side {
            Side::South => self.starter,
            Side::North => 1 - self.starter,
        }
    }

    /// The name of the child playing against the computer (player 1; empty when they typed none):
    /// their stars go by it.
    pub fn child_name(&self) -> &str {
        &self.names[0]
    }

    /// Whether every choice is one the start screen can make, so that a choice read from storage
    /// can be trusted (a save changed by hand, or damaged, must not stop the page); the reason when
    /// not.
    ///
    /// # Errors
    /// The first choice out of range, in words.
    pub fn check(&self) -> Result<(), String> {
        if self.starter > 1 {
            return Err(format!("player {} cannot start: there are two", self.starter + 1));
        }
        if let Some(level) = self.computer.filter(|l| !LEVELS.contains(l)) {
            return Err(format!("the computer has no level {level}"));
        }
        if !SEEDS.contains(&self.seeds) || !HOUSES.contains(&self.houses) {
            return Err(format!("Kalah with {} houses of {} seeds is not offered", self.houses, self.seeds));
        }
        if let Some(&colour) = self.colours.iter().find(|&&c| c >= COLOURS.len()) {
            return Err(format!("there is no colour {}", colour + 1));
        }
        if let Some(name) = self.names.iter().find(|n| n.chars().count() > MAX_NAME) {
            return Err(format!("the name {name:?} is longer than {MAX_NAME} letters"));
        }
        Ok(())
    }

    /// The choices readable in a stored record, one by one: one the start screen cannot make (or
    /// that cannot be read) is left as the usual one, and the others are kept, so that a level 9
    /// does not lose the children's names. None for a text that is not a record of choices.
    pub fn from_stored(text: &str) -> Option<Choice> {
        let serde_json::Value::Object(mut fields) = serde_json::from_str(text).ok()? else { return None };
        // Each name on its own too: one too long (or not a name) is left empty, the other kept.
        if let Some(serde_json::Value::Array(names)) = fields.get("names") {
            let name = |i: usize| names.get(i).and_then(serde_json::Value::as_str).filter(|n| n.chars().count() <= MAX_NAME).unwrap_or_default();
            let both = serde_json::json!([name(0), name(1)]);
            fields.insert("names".into(), both);
        }
        let mut choice = Choice::default();
        for (key, value) in fields {
            // Each field on its own, over the choices kept so far (each of which the start screen
            // makes, so that a field found wrong is wrong itself).
            let Ok(serde_json::Value::Object(mut with)) = serde_json::to_value(&choice) else { break };
            with.insert(key, value);
            if let Ok(next) = serde_json::from_value::<Choice>(serde_json::Value::Object(with)) {
                if next.check().is_ok() {
                    choice = next;
                }
            }
        }
        Some(choice.with_two_colours())
    }

    /// The side the computer plays, if it plays.
    pub fn computer_side(&self) -> Option<Side> {
        self.computer?;
        Side::ALL.into_iter().find(|&s| self.player(s) == 1)
    }

    /// The names of the sides, with "Player 1" / "Player 2" for names left empty, and the level's
    /// name for the computer; a child alone against the computer with no name is "you".
    pub fn names(&self, lang: Lang) -> Names {
        let name = |p: usize| {
            if let (1, Some(level)) = (p, self.computer) {
                return lang.get(&format!("level.{}", level.clamp(1, 5))).to_string();
            }
            let n = shown_name(&self.names[p]);
            if n.is_empty() {
                lang.fmt("start.player", &[("n", &(p + 1).to_string())])
            } else {
                n.to_string()
            }
        };
        let you = self
            .computer_side()
            .map(Side::other)
            .filter(|&side| shown_name(&self.names[self.player(side)]).is_empty());
        Names { south: name(self.player(Side::South)), north: name(self.player(Side::North)), you }
    }
}

/// A name as the sentences say it: as it is seen ([`super::stars::visible`]).
fn shown_name(name: &str) -> String {
    super::stars::visible(name)
}

/// A sentence of the captions, with when it comes true and which move it tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// How many steps of the moves shown ([`State::plan_steps`]) come before it is true.
    pub step: usize,
    /// The sentence.
    pub words: String,
    /// The move it tells (its place in the game's moves): the caption keys its groups of pieces
    /// by it, so that a sentence kept from before (a Kauri pass told with the move before it, and
    /// then with the move after it) keeps its piece and a screen reader does not hear it again,
    /// while a new move's sentences are new pieces, heard even when their words are those of the
    /// last move's.
    pub of_move: usize,
}

impl Told {
    /// The sentences of the `index`th move of the game.
    fn of_move(index: usize, timed: Timed) -> impl Iterator<Item = Told> {
        timed.into_iter().map(move |(step, words)| Told { step, words, of_move: index })
    }
}

/// A hint shown to the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// What to say.
    pub text: String,
    /// The whole move suggested (`None` while the hint is on its way); its hole glows
    /// ([`State::hint_hole`]). In Banana-Cala it carries an order of fruits: a tap on the glowing
    /// house sows them in that order, and a tap on the glowing store opens the fruit chooser with
    /// them already picked, so the child sees which fruits and only has to press "Sow!".
    pub play: Option<Move>,
    /// Its reason on the board ([`Marks::hint`]), for a child who cannot read it: where its last
    /// piece lands when that is why (filled green, as when the child presses and holds a house),
    /// and the holes it catches from (ringed).
    pub marks: Marks,
    /// What its words are made of, to say them again in another language.
    why: HintWhy,
}

/// What a hint's words are made of besides its move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct HintWhy {
    /// The worker's reason: "extra_move", "capture" or none.
    reason: Option<String>,
    /// What the move catches.
    captured: u32,
    /// A turn gone back to after the game ([`State::try_turn`]), with what the move played there
    /// let the other player catch right after, when that is said.
    back: Option<Option<(Side, u32)>>,
}

/// How fast sowing is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speed {
    /// For the youngest.
    Slow,
    /// The default.
    Normal,
    /// For the impatient.
    Fast,
    /// No travel at all (tests, and `prefers-reduced-motion`).
    Instant,
}

impl Speed {
    /// Every speed, slowest first, as the speed menu lists them.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Its name in the speed menu and in storage.
    pub const fn key(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// The speed of this name; `None` for any other text.
    pub fn from_key(key: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Milliseconds between two steps of a sowing.
    pub const fn step_ms(self) -> u32 {
        match self {
            Speed::Slow => 600,
            Speed::Normal => 350,
            Speed::Fast => 150,
            Speed::Instant => 0,
        }
    }
}

/// Which screen is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Choosing a game.
    Start,
    /// Playing (the end screen is shown over the board when the game is over).
    Board,
}

/// Words in every language, in the order of [`Lang::ALL`].
pub type InEveryLang = [String; Lang::ALL.len()];

/// A one-line message that goes away by itself or on a tap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The words in every language (in the order of [`Lang::ALL`]), written when the notice is
    /// given, from the game as it was then: a change of language while it is on show says it
    /// again in the new language, about the same tap.
    pub texts: InEveryLang,
    /// The hole it is about (a refused tap), if any.
    pub hole: Option<Hole>,
    /// It asks for fruits of the open chooser first (a pale "Sow!" tapped): the ones that can
    /// still be tapped beckon while it shows, for a child who cannot read it.
    pub beckon: bool,
    /// Counts up, so that the same message twice is still noticed.
    pub serial: u32,
    /// Words about the game as a whole that stay true when the computer moves (who starts,
    /// "Welcome back!"): the notice then says them alone, without whose turn it was, for the rest
    /// of its time (see [`State::play`]). `None`: the computer's move takes the notice away.
    pub lasting: Option<InEveryLang>,
}

impl Notice {
    /// The words in this language.
    #[must_use]
    pub fn text(&self, lang: Lang) -> &str {
        // Indexed as the language files' tables are.
        &self.texts[lang as usize]
    }

    /// The words in this language in two: the lasting words and what follows them (whose turn
    /// it is), or all the words and nothing.
    #[must_use]
    pub fn said(&self, lang: Lang) -> (&str, Option<&str>) {
        let text = self.text(lang);
        let lasting = self.lasting.as_ref().map(|l| l[lang as usize].as_str());
        match lasting.and_then(|l| text.strip_prefix(l).map(|rest| (l, rest.trim_start()))) {
            Some((l, rest)) if !rest.is_empty() => (l, Some(rest)),
            _ => (text, None),
        }
    }
}

/// A text of the language files, in every language (a notice's words).
fn in_every_lang(key: &str) -> InEveryLang {
    Lang::ALL.map(|lang| lang.get(key).to_string())
}

/// The whole state of the app.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The language.
    pub lang: Lang,
    /// The screen.
    pub screen: Screen,
    /// The choices of the start screen.
    pub choice: Choice,
    /// The game being played.
    pub game: Game,
    /// What the board shows (runs behind the game while a move is shown).
    pub display: Display,
    /// Steps of the last move still to show.
    pub plan: VecDeque<Event>,
    /// Where in the game's history the steps being shown start (see [`State::shown_position`]).
    pub plan_from: usize,
    /// How many steps the moves being shown had in all (those shown are the ones gone from `plan`).
    pub plan_steps: usize,
    /// The computer is thinking (or about to).
    pub thinking: bool,
    /// The computer's worker failed to give the computer's move; the computer waits for a "try
    /// again" (or anything else the child does with the game: undo, a new game).
    pub computer_stuck: bool,
    /// A suggested house, with why, or a hint on its way (house `None`).
    pub hint: Option<Hint>,
    /// What the last moves did, in words: each sentence with how many steps of the moves shown
    /// ([`State::plan_steps`]) come before it is true, when it is shown ([`State::captions_shown`]).
    pub captions: Vec<Told>,
    /// The moves the captions tell, from this one in the game's history to its last (so that they
    /// can be said again in another language).
    pub captions_from: usize,
    /// A message for the players.
    pub notice: Option<Notice>,
    /// Banana-Cala store move being put together.
    pub pick: Option<Pick>,
    /// Banana-Cala: a tap on a house lets the player choose the order of its fruits first, instead
    /// of sowing them at once in the default order. For the next move only (see [`State::play`]).
    pub arrange: bool,
    /// How fast moves are shown.
    pub speed: Speed,
    /// The rules panel is open (for this game).
    pub rules: Option<GameId>,
    /// Sound effects on.
    pub sound: bool,
    /// Counts moves shown, so effects (sounds, speech) can tell a new one.
    pub moves_shown: u32,
    /// Counts the turns shown again ("Show again"): their sentences, the same words as before,
    /// are new pieces of the caption, said again to a screen reader.
    pub shown_again: u32,
    /// Counts the views put back as the game is ([`State::reset_view`], always something the
    /// child did: Undo, Redo, a new game, a game taken up): what was read aloud stops.
    pub views_reset: u32,
    /// The sound of the last step shown, and a counter so the same sound twice plays twice.
    pub cue: Option<(Sound, u32)>,
    /// Pressing and holding a house, or the keyboard on it: the house, where its last piece would
    /// land, and what would happen.
    pub preview: Option<Preview>,
    /// The house just let go after a hold: the click a browser may send for it only ends the look.
    /// Forgotten at the next press, for browsers that send none after a long press.
    pub let_go: Option<Hole>,
    /// The animals each child has beaten, game by game (kept on the device by an effect).
    pub stars: StarBook,
    /// The game just won earned a new star: the end screen says so.
    pub new_star: bool,
    /// The names played under on this device, offered on the start screen (kept by an effect).
    pub known_names: KnownNames,
    /// The turn a child who lost to the computer (or drew) may go back to, once the worker has
    /// looked back at the game ([`Action::Reviewed`]).
    pub turn_back: Option<TurnBack>,
    /// An unfinished game left for the start screen ("Menu"), or one whose last move was still being
    /// sown (its end not seen yet), with the choices it is played with:
    /// the start screen offers to go back to it, as a tap on "Menu" may have been a mistake (a
    /// reload brings the game back too, as it is kept on the device). Changing the start screen's
    /// choices does not change that game; starting a new one forgets it.
    pub left_game: Option<Choice>,
    /// The start screen's choices, changed while a game was left there and kept while it goes on
    /// ("Back to the game"): shown again with the start screen, rather than that game's. A teacher
    /// who set the next game's options and went back to finish this one lost them. (Not after a
    /// reload, which takes the game up with its own: the start screen's kept on the device may
    /// be another copy's of the page, and the game just played is the one to offer again.)
    pub next_choice: Option<Choice>,
    /// The first move has been awaited a while: the houses that may be played pulse gently, for
    /// a young child who does not know what to tap (shown only while [`State::opening`] is).
    pub nudge: bool,
    /// [`State::moves_shown`] when the board last came from the start screen: until anything is
    /// shown after it, a screen reader hears who starts ([`State::entry_said`]).
    pub entered: Option<u32>,
    /// How many new games were begun in this page: a game's number, for what is told once a
    /// game (that the browser cannot keep it).
    pub games_begun: u32,
}

/// Banana-Cala: a move being put together fruit by fruit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    /// The store, or the house whose fruits are being ordered.
    pub source: Source,
    /// The fruits chosen so far, in dropping order.
    pub order: FruitOrder,
}

/// What pressing and holding a house shows, or moving the keyboard onto it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    /// The house held or looked at.
    pub from: Hole,
    /// Held by a finger (or pen, or mouse): letting go only ends the look. Otherwise the keyboard
    /// is on the house ([`Action::Look`]), and Enter plays it as ever.
    pub held: bool,
    /// Where its last piece would land and what it would catch ([`Marks::held`]).
    pub marks: Marks,
    /// What would happen, in words.
    pub text: String,
}

/// A turn of a finished game to play again: the moves before it, and the better move there with its
/// reason (as a hint gives them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnBack {
    /// Moves of the game before the turn.
    pub index: usize,
    /// The better move.
    pub mv: Move,
    /// "extra_move", "capture", or none.
    pub reason: Option<String>,
    /// What the better move catches.
    pub captured: u32,
}

/// What can happen.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Pick a game on the start screen.
    ChooseGame(GameId),
    /// Change the start screen's choices.
    SetChoice(Choice),
    /// Start the chosen game.
    Start,
    /// Back to the start screen (the game is kept until a new one starts).
    Menu,
    /// Back from the start screen to the unfinished game left there by [`Action::Menu`], with the
    /// choices it is played with.
    BackToGame,
    /// The first move has been awaited a while ([`State::nudge`]).
    Nudge,
    /// Play the same game again.
    PlayAgain,
    /// Play the same game again against the level offered ([`State::offered_level`]): the next
    /// one up after the child won, down after the computer won.
    OtherLevel,
    /// A tap on a hole.
    Tap(Hole),
    /// Banana-Cala: add a fruit to the store move being put together.
    PickFruit(Piece),
    /// Banana-Cala: forget the fruits picked.
    ClearPick,
    /// Banana-Cala: close the fruit chooser without sowing (a store tapped by mistake, or another
    /// move wanted: face to face, the far player's chooser lies over their houses).
    ClosePick,
    /// Banana-Cala: sow the fruits picked.
    SowPick,
    /// Play a move (the Kauri pass, the computer's move).
    Play(Move),
    /// Show the next step of the move.
    Step,
    /// Show the rest of the move at once.
    Finish,
    /// Show the last turn again.
    ShowAgain,
    /// Take back a move.
    Undo,
    /// Play an undone move again.
    Redo,
    /// Switch language.
    SetLang(Lang),
    /// Change the speed.
    SetSpeed(Speed),
    /// Open or close the rules panel.
    Rules(Option<GameId>),
    /// Sound on or off.
    ToggleSound,
    /// Hide the message.
    DismissNotice,
    /// Banana-Cala: switch choosing the order of a house's fruits on or off.
    ToggleArrange,
    /// Take a name out of those offered on the start screen (its stars stay).
    ForgetName(String),
    /// Resume a saved game.
    Resume(Box<Game>, Choice),
    /// This copy of the game came back to the front, perhaps after another copy on the device (a
    /// second tab, the home-screen app) was played: what it kept there.
    TakeUp {
        /// The game another copy saved since this one last read or wrote it, if one did, with its
        /// choices: taken up on the board, or offered by the start screen's "Back to the game".
        game: Option<(Box<Game>, Choice)>,
        /// Another copy, of a newer version of the game, saved a game this one cannot read: it is
        /// kept for that version, as when the page opens on it. This copy goes to the start screen
        /// and says so; its own older game, played on, would have been saved over it at the next
        /// move.
        newer: bool,
        /// The stars kept on the device, added to this copy's.
        stars: StarBook,
        /// The names kept on the device (none where none are kept), which replace this copy's.
        names: Option<KnownNames>,
        /// The language, the sound switch and the speed as set last on the device (none where
        /// none was), which this copy takes: a grown-up who switched the sound off in one copy
        /// does not hear it in the other.
        lang: Option<Lang>,
        /// See `lang`.
        sound: Option<bool>,
        /// See `lang`.
        speed: Option<Speed>,
    },
    /// Show a message, by its key in the language files (a saved game that could not be read).
    Notify(&'static str),
    /// A house is pressed and held: show where its last piece would land.
    Hold(Hole),
    /// The house held is let go: the look ends.
    LetGo(Hole),
    /// The keyboard moved onto a house: show where its last piece would land, as holding it does
    /// (the keyboard has no press and hold), without keeping Enter from playing it.
    Look(Hole),
    /// The keyboard left a house: its look ends.
    LookAway(Hole),
    /// A hole is pressed (a new touch: a click for a house let go before is no longer awaited).
    Press,
    /// The computer started thinking.
    Thinking,
    /// The computer chose this move (its text form).
    ComputerMove(String),
    /// The computer could not think of its move (its worker failed), with the key of the words
    /// that say so: "notice.computer_failed", or "notice.newer_version" where its worker is of a
    /// newer version of the game than the page, which cannot reload for it (its game cannot be
    /// kept), and "Try again" would fail again.
    ComputerFailed(&'static str),
    /// The computer could not think of a hint (its worker failed), with the key of the words that
    /// say so ("notice.hint_failed", or "notice.newer_version" as for [`Action::ComputerFailed`]).
    HintFailed(&'static str),
    /// Let the computer try again after a failure.
    RetryComputer,
    /// A hint arrived: the move (text form), its reason ("extra_move", "capture") and what it catches.
    Hinted(String, Option<String>, u32),
    /// A hint was asked for.
    Hinting,
    /// The worker looked back at the finished game: the turn the child would do best to play again
    /// (see [`State::wants_review`]), if there is one worth it.
    Reviewed(Option<TurnBack>),
    /// Go back to that turn, with its better move glowing.
    TryTurn,
}

impl State {
    /// A fresh state: the start screen.
    pub fn new(lang: Lang, speed: Speed) -> State {
        let choice = Choice::default();
        let game = Game::new(choice.variant());
        State {
            lang,
            screen: Screen::Start,
            display: Display::of(game.position()),
            game,
            choice,
            plan: VecDeque::new(),
            plan_from: 0,
            thinking: false,
            computer_stuck: false,
            hint: None,
            captions: Vec::new(),
            captions_from: 0,
            plan_steps: 0,
            notice: None,
            pick: None,
            arrange: false,
            speed,
            rules: None,
            sound: true,
            moves_shown: 0,
            shown_again: 0,
            views_reset: 0,
            cue: None,
            preview: None,
            let_go: None,
            stars: StarBook::default(),
            new_star: false,
            known_names: KnownNames::default(),
            turn_back: None,
            left_game: None,
            next_choice: None,
            nudge: false,
            entered: None,
            games_begun: 0,
        }
    }

    /// Whether the side to move is the computer's.
    pub fn computers_turn(&self) -> bool {
        self.choice.computer_side() == Some(self.game.position().to_move())
    }

    /// The side of the child playing the computer (none when two children play).
    fn child_side(&self) -> Option<Side> {
        self.choice.computer_side().map(Side::other)
    }

    /// Whether the player to move has nothing to do but pass (Kauri, without a shell): the pass
    /// plays by itself, after a moment to read why.
    pub fn must_pass(&self) -> bool {
        must_pass(&self.game)
    }

    /// The game as Undo leaves it, back to a turn with a choice to make; none where there is no
    /// such turn to go back to. Against the computer, its answer is taken back too: back to the
    /// child's turn. A pass that a player without a shell had to make goes with the move before
    /// it: left alone, it played itself again at once (and the computer after it), and Undo never
    /// got past it. Nor is a pass taken back that nothing comes before (a game whose first move
    /// is one): it would play itself again, and lose the moves to redo. Nor, the computer
    /// starting, is its first move: the child has no turn before it to go back to, and the
    /// computer would only play another.
    pub fn undone(&self) -> Option<Game> {
        let mut game = self.game.clone();
        game.undo()?;
        while game.can_undo() && (self.choice.computer_side() == Some(game.to_move()) || must_pass(&game)) {
            game.undo();
        }
        (!must_pass(&game) && self.choice.computer_side() != Some(game.to_move())).then_some(game)
    }

    /// Before the first move, on a child's turn: who starts and what to tap (the houses that may
    /// be played, ringed in yellow; in Banana-Cala, where every fruit starts in the stores, the
    /// store), for a child who has not played before. Read aloud on request, as the captions are.
    pub fn opening(&self) -> Option<String> {
        let pos = self.game.position();
        if !self.game.moves().is_empty() || self.game.is_over() || self.computers_turn() {
            return None;
        }
        let sources = pos.sources();
        let key = if !sources.is_empty() && sources.iter().all(|s| *s == Source::Store) { "caption.start_store" } else { "caption.start" };
        Some(self.names().say(self.lang, pos.to_move(), key, &[]))
    }

    /// Who starts, said to a screen reader when the board comes from the start screen, until
    /// anything is shown: the caption says it to the eyes, but a live region that comes with its
    /// words is seldom read, and the caption comes with the board (a screen reader heard the
    /// house the focus went to, and nothing of who starts or what to tap). The computer starting,
    /// whose turn it is (its move is said when it comes). Said again when "Menu" and back to the
    /// game before any move bring the board again, and in another language chosen meanwhile (the
    /// caption says it again too). Not after "Play again", where the board stays and its caption,
    /// changing, says who starts (and the notice, after a win, that the last winner does).
    pub fn entry_said(&self) -> Option<String> {
        if self.screen != Screen::Board || self.entered != Some(self.moves_shown) || self.game.is_over() {
            return None;
        }
        self.opening().or_else(|| Some(format!("{}.", self.names().say(self.lang, self.game.to_move(), "board.turn", &[]))))
    }

    /// Once a move has been shown, whose turn it is now, for a screen reader alone (the panels'
    /// rings and bold names say it to the eyes, but a screen reader heard the move and nothing of
    /// what came next: after a pass, after the computer's move, after a child's when two play).
    /// Not on the screen: the words shown keep the room made for them.
    /// It stays while a house is looked at or a hint shown, which change no turn (a keyboard going
    /// from house to house would have heard it again at each). Nor is it said of a Kauri player
    /// without a shell, whose pass comes by itself a moment later and is said in the caption: a
    /// screen reader heard "Leo's turn." and then that Leo passed.
    pub fn turn_said(&self) -> Option<String> {
        let pos = self.game.position();
        (!self.captions.is_empty() && !self.busy() && !pos.is_over() && !self.must_pass())
            .then(|| format!("{}.", self.names().say(self.lang, pos.to_move(), "board.turn", &[])))
    }

    /// What the caption says once moves were taken back (nothing tells what the moves left did):
    /// that they were, and whose turn it is, rather than nothing. `None` at the start (see
    /// [`State::opening`]), at the end, on the computer's turn and with nothing to redo.
    pub fn taken_back(&self) -> Option<String> {
        if self.game.moves().is_empty() || !self.game.can_redo() || self.game.is_over() || self.computers_turn() {
            return None;
        }
        Some(self.names().say(self.lang, self.game.position().to_move(), "caption.undone", &[]))
    }

    /// Whether the computer should think now: its turn, on the board, nothing being shown, the
    /// rules closed (its move, made behind them, was not seen: the child found it played).
    pub fn computer_should_move(&self) -> bool {
        self.screen == Screen::Board && !self.busy() && !self.game.is_over() && self.computers_turn() && !self.computer_stuck && self.rules.is_none()
    }

    /// Whether a move is being shown.
    pub fn busy(&self) -> bool {
        !self.plan.is_empty()
    }

    /// Whether a move's last step is shown and the hole it touched stays lit for one step more,
    /// as each hole a piece fell in was lit for a step while the move was shown. The house where
    /// the last piece falls decides whether the child plays again or catches; it was the one never
    /// lit, the move settling, and its light going out, as that piece landed. (Only then is a hole
    /// lit with no step left to show: settling puts the light out.)
    pub fn lingering(&self) -> bool {
        self.plan.is_empty() && self.display.last.is_some()
    }

    /// Whether the end of a game is on the screen: the game is over and its last move shown.
    pub fn end_shown(&self) -> bool {
        self.screen == Screen::Board && self.game.is_over() && !self.busy()
    }

    /// What closes what is open over the screen, the rules (from the start screen too) or the
    /// fruit chooser, for the back button and the Escape key alike; `None` when nothing is open.
    pub fn close_open(&self) -> Option<Action> {
        if self.rules.is_some() {
            Some(Action::Rules(None))
        } else if self.pick.is_some() && self.screen == Screen::Board {
            Some(Action::ClosePick)
        } else {
            None
        }
    }

    /// The position the board shows: while a move is being shown, the one before it, so that the
    /// names' panels change turn and points when the move's last piece has landed, not as it starts
    /// (a child watching their own seeds go round should not read "Fox's turn" yet).
    pub fn shown_position(&self) -> &Position {
        let history = self.game.history();
        match history.get(self.plan_from) {
            Some(before) if self.busy() => before,
            _ => self.game.position(),
        }
    }

    /// The choices the start screen shows when it comes, and keeps on the device.
    pub fn start_choice(&self) -> &Choice {
        self.next_choice.as_ref().unwrap_or(&self.choice)
    }

    /// Going to the start screen: its choices kept while a game went on come back.
    fn take_next_choice(&mut self) {
        if let Some(next) = self.next_choice.take() {
            self.choice = next;
        }
    }

    /// Whether the last turn can be shown again: a move has been played, the game goes on and no
    /// computer is about to move. While it is being shown too, from its start again: greyed while
    /// it was shown, the button let go of the keyboard's focus, which went to Undo and stayed
    /// there, and a child who pressed Enter again to see it once more took the move back.
    pub fn can_show_again(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.is_over() && !self.computers_turn()
    }

    /// Shows the last turn again, for a child who looked away: the moves the player who moved last
    /// made in a row (a turn with extra moves is several), from the position before them. The game
    /// itself does not change.
    fn show_again(&mut self) {
        if !self.can_show_again() {
            return;
        }
        let Some(from) = self.last_turn() else { return };
        // Moves of the game were legal where they were played; should one not be, show nothing.
        let Some((lines, plan)) = self.told_from(from) else { return };
        self.display = Display::of(&self.game.history()[from]);
        self.plan_steps = plan.len();
        self.plan = plan;
        self.plan_from = from;
        self.captions = lines;
        self.captions_from = from;
        self.hint = None;
        self.pick = None;
        self.notice = None;
        self.moves_shown += 1;
        self.shown_again = self.shown_again.wrapping_add(1);
        if self.speed == Speed::Instant {
            self.finish();
        }
    }

    /// Where the last turn starts: the first of the moves the player who moved last made in a
    /// row (a turn with extra moves is several), or the Kauri pass just before them; where the
    /// last move is a Kauri pass (it played by itself), the turn before it, with it (a pass alone
    /// shows nothing, and at "At once" it was told after that turn). None before the first move.
    fn last_turn(&self) -> Option<usize> {
        let history = self.game.history();
        let mut from = self.game.moves().len().checked_sub(1)?;
        if from > 0 && self.game.moves()[from] == Move::Pass {
            from -= 1;
        }
        let side = history[from].to_move();
        while from > 0 && history[from - 1].to_move() == side {
            from -= 1;
        }
        // A Kauri pass just before (it played by itself) goes with the turn, as it was told.
        let moves = self.game.moves();
        if from > 0 && moves[from - 1] == Move::Pass && moves[from] != Move::Pass {
            from -= 1;
        }
        Some(from)
    }

    /// The names of the sides.
    pub fn names(&self) -> Names {
        self.choice.names(self.lang)
    }

    fn notify(&mut self, texts: InEveryLang, hole: Option<Hole>) {
        let serial = self.notice.as_ref().map_or(0, |n| n.serial + 1);
        self.notice = Some(Notice { texts, hole, beckon: false, serial, lasting: None });
    }

    /// [`State::notify`] of words whose first part, `lasting`, stays true after the computer's
    /// move (see [`Notice::lasting`]).
    fn notify_lasting(&mut self, texts: InEveryLang, lasting: InEveryLang) {
        self.notify(texts, None);
        if let Some(notice) = &mut self.notice {
            notice.lasting = Some(lasting);
        }
    }

    /// Says why a tap did nothing (the refused hole, if it was one, shakes), with the refusal's
    /// sound.
    fn refuse(&mut self, texts: InEveryLang, hole: Option<Hole>) {
        self.notify(texts, hole);
        self.cue(Sound::Refused);
    }

    fn new_game(&mut self) {
        // The names the game is played under are offered next time (the second one is only a
        // child's when two children play).
        let players = if self.choice.computer.is_some() { 1 } else { 2 };
        for name in self.choice.names[..players].iter().rev() {
            self.known_names.add(name);
        }
        self.game = Game::new(self.choice.variant());
        self.games_begun = self.games_begun.wrapping_add(1);
        self.reset_view();
        if self.screen != Screen::Board {
            self.entered = Some(self.moves_shown);
        }
        self.screen = Screen::Board;
        self.left_game = None;
        self.nudge = false;
    }

    /// Speaks another language, saying again the words on show in it.
    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.say_again();
    }

    /// Shows moves at another speed (instant: what is left of the move on show at once).
    fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
        if speed == Speed::Instant {
            self.finish();
        }
    }

    /// Takes up a game kept on the device, on the board, with its choices (one that is over, taken
    /// up from another copy of the game where it ended, shows its end, with no star new here).
    fn resume(&mut self, game: Game, choice: Choice) {
        self.choice = choice;
        self.next_choice = None;
        self.left_game = None;
        self.game = game;
        self.reset_view();
        self.screen = Screen::Board;
        self.new_star = false;
        // The last turn is said, as it was before the reload: a reload while the computer's move
        // was being shown left the caption empty, and the child never learnt what it did. (Not
        // after moves taken back, where the caption says so.)
        if let Some(from) = self.last_turn().filter(|_| !self.game.can_redo()) {
            if let Some((lines, _)) = self.told_from(from) {
                self.captions = lines;
                self.captions_from = from;
            }
        }
        // It lies over the players' panels for a moment, where their rings and bold names said
        // whose turn it is: it says so too ("Welcome back! Your game goes on. Mia's turn."), unless
        // the player to move has only a pass to make, which comes by itself.
        if !self.game.is_over() {
            let to_move = self.game.position().to_move();
            let turn = !self.must_pass();
            let choice = &self.choice;
            let words = Lang::ALL.map(|lang| {
                let back = lang.get("notice.resumed");
                if turn { format!("{back} {}.", choice.names(lang).say(lang, to_move, "board.turn", &[])) } else { back.to_string() }
            });
            self.notify_lasting(words, in_every_lang("notice.resumed"));
        }
        // A new position for the computer's request, even after as many moves as the one it
        // replaces (taken up from another copy of the game while the computer thought).
        self.moves_shown += 1;
    }

    /// Forgets what was passing: the computer thinking, a hint (or one on its way), a house held,
    /// the fruit chooser, a notice.
    fn forget_passing(&mut self) {
        self.thinking = false;
        self.hint = None;
        self.preview = None;
        self.let_go = None;
        self.pick = None;
        self.notice = None;
    }

    /// Shows the game's position as it is, with nothing in progress. A computer stuck after a
    /// failed worker is asked again on its next turn: every caller is something the child did.
    fn reset_view(&mut self) {
        self.views_reset = self.views_reset.wrapping_add(1);
        self.computer_stuck = false;
        self.arrange = false;
        self.turn_back = None;
        self.display = Display::of(self.game.position());
        self.plan.clear();
        self.captions.clear();
        self.forget_passing();
    }

    /// Shows whatever is left of the move at once, with the sound of its most telling step.
    fn finish(&mut self) {
        let mut loudest = None;
        while let Some(e) = self.plan.pop_front() {
            self.display.apply(&e);
            loudest = loudest.max(sound_of(&e, self.child_side()));
        }
        if let Some(sound) = loudest {
            self.cue(sound);
        }
        self.settle();
    }

    fn cue(&mut self, sound: Sound) {
        let serial = self.cue.map_or(0, |(_, n)| n + 1);
        self.cue = Some((sound, serial));
    }

    fn hold(&mut self, hole: Hole) {
        if let Some(preview) = self.preview_of(hole, true) {
            self.preview = Some(preview);
        }
    }

    /// The keyboard on a house. A finger holding a house keeps its look (face to face, a child may
    /// hold one while the other uses the keyboard), and the house a hint names already shows its
    /// marks, with the hint's words.
    fn look(&mut self, hole: Hole) {
        if self.preview.as_ref().is_some_and(|p| p.held) || self.hint_hole() == Some(hole) {
            return;
        }
        self.preview = self.preview_of(hole, false);
    }

    /// What a screen reader hears of a house that may be played now, besides its pieces: the
    /// words of its look where they tell more than "the last one lands here" (an extra move, a
    /// catch), so that it hears them with the house's name as the keyboard reaches it.
    pub fn look_said(&self, hole: Hole) -> Option<String> {
        let look = self.preview_of(hole, false)?;
        (look.text != self.lang.get("preview.lands")).then_some(look.text)
    }

    /// What holding (`held`) or looking at this house shows, where it may be played now.
    fn preview_of(&self, hole: Hole, held: bool) -> Option<Preview> {
        let pos = *self.game.position();
        // Not on the computer's turn: held there, the caption said "To play this house, tap it."
        // of a house the tap is then refused.
        if self.busy() || self.game.is_over() || hole.side() != pos.to_move() || self.computers_turn() {
            return None;
        }
        let Hole::House { number, .. } = hole else { return None };
        let m = pos.house_move(number).ok()?;
        let (_, sowing) = pos.play(m).ok()?;
        let (_, extra, capture) = preview(&sowing);
        let key = if extra {
            "preview.extra"
        } else if capture && pos.variant() == Variant::Kauri {
            // Kauri's cowries catch on the way, wherever they land, not the last piece in an
            // empty house.
            "preview.shell"
        } else if capture {
            "preview.capture"
        } else {
            "preview.lands"
        };
        Some(Preview { from: hole, held, marks: Marks::held(&sowing), text: self.lang.get(key).to_string() })
    }

    /// After a move has been shown: make sure the pictures agree with the game. A flight of captured
    /// pieces stays, so that a capture on the move's last step is seen too: its animation ends out of
    /// sight, and the next move's first step removes it.
    ///
    /// Returns whether the pictures were right (otherwise they are drawn again from the game).
    fn settle(&mut self) -> bool {
        self.display.hand.clear();
        self.display.last = None;
        let right = self.display.matches(self.game.position());
        if !right {
            self.display = Display::of(self.game.position());
        }
        right
    }

    /// After a move's last step, shown step by step: as [`State::settle`], but the hole that step
    /// touched stays lit for one step more ([`State::lingering`]).
    fn settle_lit(&mut self) {
        let lit = self.display.last;
        if self.settle() {
            self.display.last = lit;
        }
    }

    /// Plays a move and starts showing it.
    fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let before = *self.game.position();
        // A move right after a Kauri pass (which plays by itself) is told with it: "You have no
        // shell and pass." stays before the computer's move, which took its place at once where
        // the computer answers at once (nothing shown step by step). See [`State::last_turn`].
        let n = self.game.moves().len();
        let after_pass = self.game.moves().last() == Some(&Move::Pass) && self.captions_from + 2 >= n;
        // And a pass that plays at once ("At once", where it does not wait to be read) is told
        // with the move before it, whose words it took the place of before they could be read
        // (face to face, the catch a child had just made). The move after the pass is then told
        // with the pass alone.
        let before_pass = m == Move::Pass && self.speed == Speed::Instant && n > 0 && self.captions_from < n;
        // The last move's words alone: a pass before it (twice in a row, a player without a
        // shell) is not told again.
        let kept: Vec<Told> = if after_pass || before_pass {
            self.told_from(n - 1).map(|(lines, _)| lines.into_iter().map(|line| Told { step: 0, ..line }).collect()).unwrap_or_default()
        } else {
            Vec::new()
        };
        // Words about the game as a whole (who starts, "Welcome back!") stay over the computer's
        // move until they go by themselves, without whose turn it was: the computer's first move
        // took them away as they came (0.7 s after "Play again"), before a child could read
        // them. The others go (those about a tap, or the turn).
        let by_computer = self.computers_turn();
        let sowing = self.game.play(m)?;
        self.hint = None;
        self.turn_back = None;
        self.pick = None;
        // "Choose the order" is for the next house of the child who tapped it: left on, every
        // house of both children opened the chooser, a house of one fruit too, and the other
        // child had not asked for it.
        self.arrange = false;
        // (Kept for the computer's moves after it too: its first one may earn it another.)
        match self.notice.as_mut().filter(|_| by_computer).and_then(|n| n.lasting.clone().map(|words| (n, words))) {
            Some((notice, words)) => notice.texts = words,
            None => self.notice = None,
        }
        self.captions = kept;
        self.captions.extend(Told::of_move(n, timed_captions_from(&before, self.game.position(), &sowing, &self.names(), self.lang)));
        self.captions_from = self.game.moves().len() - if after_pass || before_pass { 2 } else { 1 };
        self.nudge = false;
        self.plan = sowing.events.into_iter().collect();
        self.plan_steps = self.plan.len();
        self.plan_from = self.game.moves().len() - 1;
        self.moves_shown += 1;
        if self.speed == Speed::Instant {
            self.finish();
        }
        Ok(())
    }

    /// The reason, in words, why a tap on a hole does nothing.
    fn refusal(&self, hole: Hole, error: Option<IllegalMove>) -> InEveryLang {
        Lang::ALL.map(|lang| self.refusal_in(lang, hole, error))
    }

    fn refusal_in(&self, lang: Lang, hole: Hole, error: Option<IllegalMove>) -> String {
        let pos = self.game.position();
        if self.game.is_over() {
            return lang.get("no.over").into();
        }
        if hole.side() != pos.to_move() {
            let names = self.choice.names(lang);
            let owner = names.of(hole.side());
            // Two children at one board: the tap may be the other child's, on their own house
            // before their turn, so the words say whose turn it is as well as whose house.
            let key = match (self.choice.computer_side().is_none(), matches!(hole, Hole::Store { .. })) {
                (true, false) => "no.not_yours_turn",
                (true, true) => "no.not_yours_turn_store",
                (false, false) => "no.not_yours",
                (false, true) => "no.not_yours_store",
            };
            return lang.fmt(key, &[("name", owner), ("turn", names.of(pos.to_move()))]);
        }
        match error {
            Some(IllegalMove::NoCowrie(_) | IllegalMove::MustPass) => lang.get("no.no_cowrie").into(),
            Some(IllegalMove::EmptyHouse(_)) => lang.get("no.empty").into(),
            // The child's own store: only Banana-Cala's is played, and only with fruits in it.
            // In Kauri, where only a house with a shell can be played, it says so (unless the
            // child has none and must pass).
            _ if matches!(hole, Hole::Store { .. }) => lang
                .get(match pos.variant() {
                    Variant::Banana { .. } => "no.store_empty",
                    Variant::Kauri if !pos.sources().contains(&Source::Pass) => "no.store_not_played_kauri",
                    _ => "no.store_not_played",
                })
                .into(),
            _ => lang.get("no.store").into(),
        }
    }

    /// Whether this house is pressed and held (its look on show).
    fn holding(&self, hole: Hole) -> bool {
        self.preview.as_ref().is_some_and(|p| p.held && p.from == hole)
    }

    fn tap(&mut self, hole: Hole) {
        if self.let_go == Some(hole) {
            // The click that follows letting go of a hold: the look is over, nothing is played.
            self.let_go = None;
            return;
        }
        if self.holding(hole) {
            // Letting go after pressing and holding only looks; it does not play.
            self.preview = None;
            return;
        }
        // A tap elsewhere while a house is held is another finger, often the other child's, face to
        // face: it is judged on its own, and the hold stays, so that letting go of it still only
        // looks (unless this tap plays or opens the fruit chooser: then the hold is over).
        let moves = self.game.moves().len();
        self.tap_unheld(hole);
        if self.game.moves().len() != moves || self.pick.is_some() {
            self.preview = None;
        }
    }

    fn tap_unheld(&mut self, hole: Hole) {
        if self.busy() {
            self.finish();
            return;
        }
        let pos = *self.game.position();
        // A Kauri player without a shell, whose pass comes by itself in a moment: said so to
        // whoever taps (the other child was told to wait for their move, and they, tapping a house
        // of theirs, that only a house with a shell can be played).
        if !self.game.is_over() && self.must_pass() {
            let text = Lang::ALL.map(|lang| self.choice.names(lang).say(lang, pos.to_move(), "caption.pass", &[]));
            self.refuse(text, Some(hole));
            return;
        }
        if !self.game.is_over() && self.computers_turn() {
            let text = Lang::ALL.map(|lang| lang.fmt("refuse.computer_turn", &[("name", self.choice.names(lang).of(pos.to_move()))]));
            self.refuse(text, Some(hole));
            return;
        }
        if self.game.is_over() || hole.side() != pos.to_move() {
            let text = self.refusal(hole, None);
            self.refuse(text, Some(hole));
            return;
        }
        // The house or store whose chooser is open, tapped again (the child's own store, where
        // the fruits come from; Enter on it, the keyboard gone on past "Sow!"), sows as "Sow!"
        // does, or says what to pick first: it emptied the chooser, the fruits picked lost
        // without a word.
        let source = match hole {
            Hole::House { number, .. } => Source::House(number),
            Hole::Store { .. } => Source::Store,
        };
        if self.pick.is_some_and(|p| p.source == source) {
            self.sow_pick();
            return;
        }
        match hole {
            Hole::House { number, .. } if self.arrange && matches!(pos.variant(), Variant::Banana { .. }) => {
                if pos.sources().contains(&Source::House(number)) {
                    let order = self.hinted_order(Source::House(number)).unwrap_or_default();
                    self.pick = Some(Pick { source: Source::House(number), order });
                } else {
                    let text = self.refusal(hole, Some(IllegalMove::EmptyHouse(number)));
                    self.refuse(text, Some(hole));
                }
            }
            Hole::House { number, .. } => {
                // The hinted house sows its fruits in the hinted order (Banana-Cala).
                let hinted = self.hinted_order(Source::House(number)).map(|order| Move::HouseInOrder(number, order));
                let result = hinted.map_or_else(|| pos.house_move(number), Ok).and_then(|m| self.play(m));
                if let Err(e) = result {
                    let text = self.refusal(hole, Some(e));
                    self.refuse(text, Some(hole));
                }
            }
            Hole::Store { .. } => {
                if pos.sources().contains(&Source::Store) {
                    let order = self.hinted_order(Source::Store).unwrap_or_default();
                    self.pick = Some(Pick { source: Source::Store, order });
                } else {
                    let text = self.refusal(hole, None);
                    self.refuse(text, Some(hole));
                }
            }
        }
    }

    /// The hint for a suggested move: the hole to glow and what to say. None for a pass (Kauri's
    /// passes play by themselves).
    fn hint_for(&self, m: Move, reason: Option<&str>, captured: u32) -> Option<Hint> {
        if m == Move::Pass {
            return None;
        }
        let why = HintWhy { reason: reason.map(str::to_string), captured, back: None };
        // What the board shows of the reason, from the engine's own sowing of the move.
        let marks = self.game.position().play(m).ok().map(|(_, sowing)| Marks::hint(&sowing)).unwrap_or_default();
        Some(Hint { text: self.hint_words(m, &why), play: Some(m), marks, why })
    }

    /// What a hint for `m` says, in the language of now.
    fn hint_words(&self, m: Move, why: &HintWhy) -> String {
        let lang = self.lang;
        let where_ = match m {
            Move::Store(order) => {
                let n = order.len();
                lang.count("hint.store", n as i64, &[("count", &n.to_string())])
            }
            Move::House(h) | Move::HouseInOrder(h, _) => lang.fmt("hint.house", &[("house", &h.to_string())]),
            Move::Pass => String::new(),
        };
        // Kauri's shells may catch in several houses, as the caption will say after the move.
        // In Banana-Cala, the bananas among the fruits caught, which cost a point: "You catch 2!"
        // for an apple and a banana promised a point and brought none.
        let (houses, bananas) = self.game.position().play(m).ok().map_or((0, 0), |(_, sowing)| (holes_caught(&sowing), bananas_caught(&sowing)));
        let count = why.captured.to_string();
        let reason = match why.reason.as_deref() {
            Some("extra_move") => lang.get("hint.extra").to_string(),
            Some("capture") if houses > 1 => lang.fmt("hint.capture_houses", &[("count", &count), ("houses", &houses.to_string())]),
            Some("capture") if bananas > 1 => lang.fmt("caption.capture_bananas.you", &[("count", &count), ("bananas", &bananas.to_string())]),
            Some("capture") if bananas == 1 => lang.fmt("caption.capture_banana.you", &[("count", &count)]),
            Some("capture") => lang.count("hint.capture", i64::from(why.captured), &[("count", &count)]),
            _ => String::new(),
        };
        let words = format!("{where_} {reason}").trim().to_string();
        let Some(caught) = &why.back else { return words };
        let cost = caught.map(|(side, count)| {
            let name = self.names().of(side).to_string();
            lang.count("turn.caught", i64::from(count), &[("name", &name), ("count", &count.to_string())])
        });
        [lang.get("turn.back").to_string(), words].into_iter().chain(cost).collect::<Vec<_>>().join(" ")
    }

    /// The moves of the game from the `from`th on, told again: their captions, in the language of
    /// now, each with the steps before it (see [`State::captions`]), and their steps. None should
    /// one of them not be legal where it was played.
    fn told_from(&self, from: usize) -> Option<(Vec<Told>, VecDeque<Event>)> {
        let (history, moves) = (self.game.history(), self.game.moves());
        let from = from.min(moves.len());
        let names = self.names();
        let mut lines = Vec::new();
        let mut plan = VecDeque::new();
        for (i, (before, &m)) in history[from..].iter().zip(&moves[from..]).enumerate() {
            let (after, mut sowing) = before.play(m).ok()?;
            // The game's end by a position come back a third time, which the game knows from its
            // moves and the position alone does not (as the game adds it to a move played): after
            // Redo, a reload or a new language, the last move's words lost why the game ended
            // and who won.
            if from + i + 1 == moves.len() && after.outcome().is_none() {
                if let Some(outcome) = self.game.outcome() {
                    sowing.events.push(Event::End { outcome });
                }
            }
            let so_far = plan.len();
            let timed = timed_captions_from(before, &after, &sowing, &names, self.lang);
            lines.extend(Told::of_move(from + i, timed).map(|line| Told { step: so_far + line.step, ..line }));
            plan.extend(sowing.events);
        }
        Some((lines, plan))
    }

    /// The captions true of what has been shown so far: while a move is shown, each comes when
    /// the steps before it have been (a catch when its pieces fly, not as the sowing starts).
    pub fn captions_shown(&self) -> Vec<&str> {
        self.captions_told().into_iter().map(|line| line.words.as_str()).collect()
    }

    /// [`State::captions_shown`], with the move each tells.
    pub fn captions_told(&self) -> Vec<&Told> {
        let shown = if self.busy() { self.plan_steps.saturating_sub(self.plan.len()) } else { usize::MAX };
        self.captions.iter().filter(|line| line.step <= shown).collect()
    }

    /// Says again what is said (the captions of the last moves, a hint), in the language of now.
    fn say_again(&mut self) {
        if !self.captions.is_empty() {
            // Should a move not be legal where it was played, the words stay as they are.
            if let Some((lines, plan)) = self.told_from(self.captions_from) {
                // Words of moves before those being shown (a pass told with the move after it)
                // are true from the start; the others come at their steps of the moves shown.
                let skip = if self.plan_from > self.captions_from {
                    self.told_from(self.plan_from).map_or(0, |(_, shown)| plan.len().saturating_sub(shown.len()))
                } else {
                    0
                };
                self.captions = lines.into_iter().map(|line| Told { step: line.step.saturating_sub(skip), ..line }).collect();
            }
        }
        if let Some(hint) = self.hint.take() {
            let text = match hint.play {
                Some(m) => self.hint_words(m, &hint.why),
                None => self.lang.get("hint.thinking").to_string(),
            };
            self.hint = Some(Hint { text, ..hint });
        }
    }

    /// What the board marks: for the house pressed and held, or else for the hint on show.
    pub fn marks(&self) -> Option<&Marks> {
        self.preview.as_ref().map(|p| &p.marks).or(self.hint.as_ref().map(|h| &h.marks))
    }

    /// Whether a hint was asked for and has not come yet.
    pub fn hint_waiting(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.play.is_none())
    }

    /// The hole the last move sowed from, once it has been shown: marked on the board, so that a
    /// child who looked away sees where the other player (or the computer) played. Not while a move
    /// is being shown, nor after a pass.
    pub fn played_last(&self) -> Option<(Hole, Side)> {
        if self.busy() {
            return None;
        }
        let side = self.game.history().get(self.game.moves().len().checked_sub(1)?)?.to_move();
        Some((sown_from(*self.game.moves().last()?, side)?, side))
    }

    /// The hole the hint on show makes glow: where its move sows from.
    pub fn hint_hole(&self) -> Option<Hole> {
        sown_from(self.hint.as_ref()?.play?, self.game.position().to_move())
    }

    /// The order of fruits the hint on show suggests for sowing from `source`, if it suggests one.
    fn hinted_order(&self, source: Source) -> Option<FruitOrder> {
        match (self.hint.as_ref()?.play?, source) {
            (Move::HouseInOrder(h, order), Source::House(n)) if h == n => Some(order),
            (Move::Store(order), Source::Store) => Some(order),
            _ => None,
        }
    }

    /// The level offered at the end of a game against the computer: once the child has beaten it,
    /// the next one up (below the top level); once it has beaten the child, the next one down
    /// (above the gentlest), so that a child who lost is not left facing the same animal again and
    /// again. After a draw, none.
    pub fn offered_level(&self) -> Option<u8> {
        match self.computer_game_won()? {
            (true, level @ 1..=4) => Some(level + 1),
            (false, level @ 2..=5) => Some(level - 1),
            _ => None,
        }
    }

    /// The child's side, when a game against the computer is over and the child did not win it: the
    /// worker then looks back at the game for the turn that mattered ([`Action::Reviewed`]).
    pub fn wants_review(&self) -> Option<Side> {
        let child = self.choice.computer_side()?.other();
        let outcome = self.game.outcome()?;
        (self.screen == Screen::Board && outcome.winner != Some(child)).then_some(child)
    }

    /// Takes the worker's turn to go back to, if it still fits the game on the board: over, not won
    /// by the child, and the turn one of the child's with the better move legal there.
    fn reviewed(&mut self, turn: Option<TurnBack>) {
        let Some(child) = self.wants_review() else { return };
        self.turn_back = turn.filter(|t| {
            let before = self.game.history().get(t.index);
            t.index < self.game.moves().len() && before.is_some_and(|p| p.to_move() == child && p.check(t.mv).is_ok())
        });
    }

    /// Goes back to the turn that mattered: the moves after it are taken back (redo plays them
    /// again), and the better move glows as a hint, said with why it is better.
    ///
    /// When the better move has no simple reason of its own (an extra move, a catch), what the move
    /// played cost is said instead, where it is plain: the pieces the computer caught in its turn
    /// right after ("Last time, Bunny caught 6 right after.").
    fn try_turn(&mut self) {
        let Some(turn) = self.turn_back.take() else { return };
        self.finish();
        let caught = self.caught_after(turn.index);
        while self.game.moves().len() > turn.index && self.game.undo().is_some() {}
        self.reset_view();
        self.hint = self.hint_for(turn.mv, turn.reason.as_deref(), turn.captured).map(|mut h| {
            h.why.back = Some(caught.filter(|_| turn.reason.is_none()));
            h.text = self.hint_words(turn.mv, &h.why);
            h
        });
    }

    /// The other player and what they caught in their turn right after the player's move `index`
    /// (after the player's own extra moves), when they caught something.
    fn caught_after(&self, index: usize) -> Option<(Side, u32)> {
        let (history, moves) = (self.game.history(), self.game.moves());
        let player = history.get(index)?.to_move();
        let mut caught = 0;
        let mut j = index + 1;
        while j < moves.len() && history[j].to_move() == player {
            j += 1;
        }
        while j < moves.len() && history[j].to_move() == player.other() {
            caught += history[j].play(moves[j]).ok()?.1.caught_by(player.other());
            j += 1;
        }
        (caught > 0).then_some((player.other(), caught))
    }

    /// The level whose star this game earns: the computer's, once the child has beaten it and the
    /// last move has been shown.
    pub fn star_earned(&self) -> Option<u8> {
        let (child_won, level) = self.computer_game_won()?;
        // Won by playing: a saved game whose board was over before any move of the child's (one
        // changed by hand) earned no star.
        let child = self.choice.computer_side()?.other();
        let played = self.game.history().iter().zip(self.game.moves()).any(|(before, _)| before.to_move() == child);
        (child_won && played && self.screen == Screen::Board && !self.busy()).then_some(level)
    }

    /// A game against the computer that someone has won: whether the child won it, and the
    /// computer's level.
    fn computer_game_won(&self) -> Option<(bool, u8)> {
        let level = self.choice.computer?;
        let child = self.choice.computer_side()?.other();
        Some((self.game.outcome()?.winner? == child, level))
    }

    /// Gives the star this game earned, if any; notes whether it is a new one (not after an undo
    /// and the same win again).
    fn award_star(&mut self) {
        match self.star_earned() {
            Some(level) => {
                if self.stars.add(self.choice.child_name(), Shelf::of(self.game.variant()), level) {
                    self.new_star = true;
                }
            }
            None => self.new_star = false,
        }
    }

    /// A new game of the same kind; the sources let the last winner start it.
    fn play_again(&mut self) {
        let Some(outcome) = self.game.outcome() else { return self.new_game() };
        // The last winner starts; after a draw, the player who did not start the last game (the
        // same player started again, without a word, and against the computer a child who had
        // let it start never started).
        let why = match outcome.winner {
            Some(side) => {
                self.choice.starter = self.choice.player(side);
                "start.winner_starts"
            }
            None => {
                self.choice.starter = self.choice.player(Side::North);
                "start.draw_other_starts"
            }
        };
        self.new_game();
        // It lies over the players' panels for a moment (face to face, over both), where their
        // rings and bold names said whose turn it is: it says so too ("The last winner starts.
        // Leo's turn."), as after a reload.
        let to_move = self.game.position().to_move();
        let choice = &self.choice;
        let words = Lang::ALL.map(|lang| {
            let turn = choice.names(lang).say(lang, to_move, "board.turn", &[]);
            format!("{}. {turn}.", lang.get(why))
        });
        self.notify_lasting(words, Lang::ALL.map(|lang| format!("{}.", lang.get(why))));
    }

    /// The fruits a pick draws from, and how many it may take.
    pub fn pick_pool(&self, source: Source) -> (crate::Pile, usize) {
        let pos = self.game.position();
        match source {
            Source::House(h) => {
                let pile = pos.house(pos.to_move(), h);
                (pile, pile.total() as usize)
            }
            _ => (pos.store(pos.to_move()), crate::MAX_STORE_MOVE),
        }
    }

    /// Whether a pick can be sown: a store's with at least one fruit, a house's with every fruit of
    /// the house in order.
    pub fn pick_complete(&self, pick: Pick) -> bool {
        match pick.source {
            Source::House(_) => pick.order.len() == self.pick_pool(pick.source).1,
            _ => !pick.order.is_empty(),
        }
    }

    fn pick_fruit(&mut self, fruit: Piece) {
        let Some(mut pick) = self.pick else { return };
        let (pool, max) = self.pick_pool(pick.source);
        let used = pick.order.pile().count(fruit);
        if pick.order.len() < max && pool.count(fruit) > used && pick.order.push(fruit).is_ok() {
            self.pick = Some(pick);
            // The child is doing what a notice asked ("pick a fruit first"): it goes, and with it
            // whatever it covered (on a phone, "Sow!" itself).
            self.notice = None;
        }
    }

    fn sow_pick(&mut self) {
        let Some(pick) = self.pick else { return };
        if !self.pick_complete(pick) {
            // A house's fruits are all sown: the child has to put each of them in the order.
            let key = if matches!(pick.source, Source::House(_)) { "no.pick_all" } else { "no.pick" };
            self.refuse(in_every_lang(key), None);
            if let Some(notice) = &mut self.notice {
                notice.beckon = true;
            }
            return;
        }
        let m = match pick.source {
            Source::House(h) => Move::HouseInOrder(h, pick.order),
            _ => Move::Store(pick.order),
        };
        if let Err(e) = self.play(m) {
            self.refuse(Lang::ALL.map(|_| e.to_string()), None);
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::ChooseGame(game) => s.choice.game = game,
            Action::SetChoice(choice) => s.choice = choice,
            Action::ForgetName(name) => s.known_names.forget(&name),
            Action::Start => s.new_game(),
            Action::PlayAgain => s.play_again(),
            Action::OtherLevel => {
                if let Some(level) = s.offered_level() {
                    s.choice.computer = Some(level);
                    s.play_again();
                }
            }
            Action::Menu => {
                // A game whose last move is still being sown has an end not seen yet (who won,
                // the star earned): "Back to the game" shows it, as it brings back a game going on.
                let end_unseen = s.game.is_over() && s.busy();
                s.finish();
                s.screen = Screen::Start;
                s.left_game = (!s.game.is_over() || end_unseen).then(|| s.choice.clone());
                s.take_next_choice();
                // A hint on its way is called off: "Back to the game" forgets it anyway, and its
                // failure would be told on the start screen. A notice about the board (a tap
                // refused) goes with it: it lay over "Back to the game".
                if s.hint_waiting() {
                    s.hint = None;
                }
                s.notice = None;
            }
            Action::Nudge => s.nudge = s.opening().is_some(),
            Action::BackToGame => {
                if let (Screen::Start, Some(choice)) = (s.screen, s.left_game.take()) {
                    let start = std::mem::replace(&mut s.choice, choice);
                    s.next_choice = (start != s.choice).then_some(start);
                    s.screen = Screen::Board;
                    // The last move's words, said again in a language chosen meanwhile, took the
                    // start screen's names: they are the game's own again.
                    s.say_again();
                    // What was on its way when the game was left is forgotten (a hint; the
                    // computer's move was called off and is asked for again); the board and the
                    // words under it stay as they were. A computer stuck after a failed worker is
                    // asked again too: its "Try again" came back without the words that had said
                    // why, which went with the start screen.
                    s.forget_passing();
                    s.computer_stuck = false;
                }
            }
            Action::Tap(hole) => s.tap(hole),
            Action::PickFruit(f) => s.pick_fruit(f),
            Action::ClearPick => s.pick = s.pick.map(|p| Pick { order: FruitOrder::new(), ..p }),
            Action::ClosePick => {
                s.pick = None;
                // "Pick a fruit first" no longer applies: the child chose not to sow now.
                if s.notice.as_ref().is_some_and(|n| n.beckon) {
                    s.notice = None;
                }
            }
            Action::SowPick => s.sow_pick(),
            Action::ToggleArrange => {
                s.arrange = !s.arrange;
                s.pick = None;
            }
            Action::Play(m) => {
                if !s.busy() {
                    if let Err(e) = s.play(m) {
                        s.notify(Lang::ALL.map(|_| e.to_string()), None);
                    }
                }
            }
            Action::Step => {
                if let Some(e) = s.plan.pop_front() {
                    s.display.apply(&e);
                    if let Some(sound) = sound_of(&e, s.child_side()) {
                        s.cue(sound);
                    }
                    if s.plan.is_empty() {
                        s.settle_lit();
                    }
                } else {
                    s.settle();
                }
            }
            Action::Finish => s.finish(),
            Action::ShowAgain => s.show_again(),
            Action::Undo => {
                s.finish();
                if let Some(game) = s.undone() {
                    s.game = game;
                    s.reset_view();
                }
            }
            Action::Thinking => s.thinking = true,
            Action::ComputerMove(text) => {
                s.thinking = false;
                if s.computer_should_move() {
                    match text.parse::<Move>().map_err(|e| e.reason).and_then(|m| s.play(m).map_err(|e| e.to_string())) {
                        Ok(()) => {}
                        // Told as a worker that failed is: the engine's reason ("there is no house
                        // 9: ...") is in English and for a grown-up looking into it, in the
                        // browser's console, not in a French child's notice.
                        Err(why) => {
                            web_sys::console::warn_1(&format!("the computer's move {text:?} could not be played: {why}").into());
                            s.computer_stuck = true;
                            s.notify(in_every_lang("notice.computer_failed"), None);
                        }
                    }
                }
            }
            // The computer's own move waits for the child's "Try again", so that a worker that
            // keeps failing does not keep trying.
            Action::ComputerFailed(words) => {
                s.thinking = false;
                s.computer_stuck = true;
                s.notify(in_every_lang(words), None);
            }
            // A hint that failed needs no "Try again": on the child's turn, the hint button asks a
            // new worker, and so does the computer's next turn. A hint no longer awaited (the
            // game left, or another begun) fails unsaid: it was not the computer's move either,
            // which would then wait for a "Try again" on the child's turn.
            Action::HintFailed(words) => {
                if s.hint_waiting() {
                    s.hint = None;
                    s.notify(in_every_lang(words), None);
                }
            }
            Action::RetryComputer => {
                s.computer_stuck = false;
                s.notice = None;
            }
            Action::Hinting => {
                s.hint = Some(Hint { text: s.lang.get("hint.thinking").to_string(), play: None, marks: Marks::default(), why: HintWhy::default() });
            }
            Action::Hinted(text, reason, captured) => {
                // Only while the hint is awaited: a move played since then made it stale.
                // A move the game cannot play (a worker gone wrong) is a hint that failed, as the
                // computer's own move is: "Try house 7. ..." was said, and no house glowed.
                if s.hint_waiting() {
                    match text.parse::<Move>().ok().filter(|&m| s.game.position().play(m).is_ok()) {
                        Some(m) => s.hint = s.hint_for(m, reason.as_deref(), captured),
                        None => {
                            web_sys::console::warn_1(&format!("the computer's hint {text:?} cannot be played").into());
                            s.hint = None;
                            s.notify(in_every_lang("notice.hint_failed"), None);
                        }
                    }
                }
            }
            Action::Reviewed(turn) => s.reviewed(turn),
            Action::TryTurn => s.try_turn(),
            Action::Redo => {
                s.finish();
                let from = s.game.moves().len();
                if s.game.redo().is_some() {
                    // Redo puts back what Undo took back: against the computer, its answer too, up
                    // to the child's turn (left to think again, it might answer otherwise, and the
                    // moves still to redo would be lost); a pass that had to be made after a move
                    // comes back with it (played by itself instead, it would forget them too).
                    while !s.game.is_over()
                        && (s.computers_turn() || s.must_pass() && s.game.undone().first() == Some(&Move::Pass))
                        && s.game.redo().is_some()
                    {}
                    s.reset_view();
                    // The moves put back are said, after the Kauri pass just before them (which
                    // played by itself), as when they were first played; should one not be
                    // legal, nothing is.
                    let from = if from > 0 && s.game.moves()[from - 1] == Move::Pass { from - 1 } else { from };
                    if let Some((lines, _)) = s.told_from(from) {
                        s.captions = lines;
                        s.captions_from = from;
                    }
                }
            }
            Action::SetLang(lang) => s.set_lang(lang),
            Action::SetSpeed(speed) => s.set_speed(speed),
            Action::Rules(game) => {
                s.rules = game;
                // The computer's search stops while they are open (`computer_should_move`).
                if game.is_some() {
                    s.thinking = false;
                }
            }
            Action::ToggleSound => s.sound = !s.sound,
            Action::DismissNotice => s.notice = None,
            Action::Resume(game, choice) => s.resume(*game, choice),
            Action::TakeUp { game, newer, stars, names, lang, sound, speed } => {
                if let Some(lang) = lang.filter(|&l| l != s.lang) {
                    s.set_lang(lang);
                }
                s.sound = sound.unwrap_or(s.sound);
                if let Some(speed) = speed.filter(|&v| v != s.speed) {
                    s.set_speed(speed);
                }
                // The stars first: a game won elsewhere has earned its star there already.
                s.stars = s.stars.with(&stars);
                match game {
                    Some((game, choice)) if s.screen == Screen::Board => s.resume(*game, choice),
                    // On the start screen the child may be choosing a new game: the game played
                    // elsewhere waits behind "Back to the game", as after "Menu"; one finished
                    // there is not offered, nor the older state of it this copy left.
                    Some((game, choice)) => {
                        s.left_game = (!game.is_over()).then_some(choice);
                        s.game = *game;
                        s.reset_view();
                    }
                    None if newer => {
                        s.finish();
                        if s.hint_waiting() {
                            s.hint = None;
                        }
                        s.screen = Screen::Start;
                        s.left_game = None;
                        // The start screen's choices kept while the game went on come back, as
                        // with "Menu".
                        s.take_next_choice();
                        // The rules of the game left are closed too: the notice lay over their
                        // title and close button, on a start screen that did not show.
                        s.rules = None;
                        // A new game on show (not the older one, whose end, left for the start
                        // screen, would forget the record).
                        s.game = Game::new(s.choice.variant());
                        s.reset_view();
                        s.notify(in_every_lang("notice.newer_save"), None);
                    }
                    None => {}
                }
                if let Some(names) = names {
                    s.known_names = names;
                }
            }
            Action::Notify(key) => s.notify(in_every_lang(key), None),
            Action::Hold(hole) => s.hold(hole),
            Action::LetGo(hole) => {
                if s.holding(hole) {
                    s.preview = None;
                    s.let_go = Some(hole);
                }
            }
            Action::Press => s.let_go = None,
            Action::Look(hole) => s.look(hole),
            Action::LookAway(hole) => {
                if s.preview.as_ref().is_some_and(|p| !p.held && p.from == hole) {
                    s.preview = None;
                }
            }
        }
        s.award_star();
        Rc::new(s)
    }
}

/// Whether the player to move in `game` has nothing to do but pass (see [`State::must_pass`]).
fn must_pass(game: &Game) -> bool {
    !game.is_over() && game.position().sources().as_slice() == [Source::Pass]
}

/// The sound of a step, if it has one. The end's is a win's fanfare unless the computer won
/// (against `child`, the side of a child playing the computer) or nobody did.
pub(super) fn sound_of(event: &Event, child: Option<Side>) -> Option<Sound> {
    match event {
        Event::Drop { .. } => Some(Sound::Drop),
        Event::Capture { .. } => Some(Sound::Capture),
        Event::ExtraMove { .. } => Some(Sound::ExtraMove),
        Event::End { outcome } => match (outcome.winner, child) {
            (None, _) => Some(Sound::Done),
            (Some(winner), Some(child)) if winner != child => Some(Sound::Done),
            _ => Some(Sound::Win),
        },
        _ => None,
    }
}
