//! Keeping the game on the device: the game in progress, the start screen's last choices and the
//! names played under ([`KnownNames`]), the language, the sound switch and the speed, and the stars
//! earned against the computer ([`StarBook`]), in local storage.
//! Called from effect hooks, never from the reducer.
//!
//! A device may run two copies of the game at once, both keeping the game in the same storage: a
//! second tab, or the home-screen app beside the browser. The copy in front is the one played, so
//! it always saves; a copy in the background (whose computer may still finish its move there) saves
//! only while the record is still the one it last read or wrote, so it never overwrites what was
//! played in front since; and a copy coming back to the front takes up the game as it was left
//! there ([`game_saved_elsewhere`]).

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::names::KnownNames;
use super::stars::StarBook;
use super::state::{Choice, Speed};
use crate::{Game, LoadError, SavedGame};

const GAME_KEY: &str = "mancala.game";
const LANG_KEY: &str = "mancala.lang";
const STARS_KEY: &str = "mancala.stars";
const CHOICE_KEY: &str = "mancala.choice";
const NAMES_KEY: &str = "mancala.names";
const SOUND_KEY: &str = "mancala.sound";
const SPEED_KEY: &str = "mancala.speed";

/// What is saved: the start screen's choices and the game record.
#[derive(Serialize, Deserialize)]
struct Saved {
    choice: Choice,
    game: SavedGame,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text kept under `key`; none where there is none or storage is not allowed.
fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Keeps `text` under `key` (quietly does nothing where storage is not allowed or full).
fn write(key: &str, text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, text);
    }
}

thread_local! {
    /// The game record as this page last read or wrote it: where the record now differs, another
    /// copy of the game saved since.
    static SEEN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The game record as it is now, which this page has then seen.
fn see_game() -> Option<String> {
    let kept = read(GAME_KEY);
    SEEN.with(|seen| *seen.borrow_mut() = kept.clone());
    kept
}

/// Keeps `text` as the game record, or removes it for `None`: always from the copy `in_front`,
/// from one behind only where no other copy saved since this one last read or wrote. `false` when
/// the record could not be kept (storage not allowed, or full).
///
/// A record that cannot be written (storage full: other pages of the same site may fill it) is
/// removed, which frees its room, and written again; where that fails too, no record is left. The
/// older one stayed, and a reload brought it back as "your game goes on" without the moves played
/// since, or the game before a new one.
fn keep_game(text: Option<String>, in_front: bool) -> bool {
    let Some(s) = storage() else { return false };
    let kept = read(GAME_KEY);
    if !in_front && SEEN.with(|seen| *seen.borrow() != kept) {
        return true;
    }
    let (now, done) = if kept == text {
        (kept, true)
    } else {
        let written = match &text {
            Some(text) => s.set_item(GAME_KEY, text).or_else(|_| {
                let _ = s.remove_item(GAME_KEY);
                s.set_item(GAME_KEY, text)
            }),
            None => s.remove_item(GAME_KEY),
        };
        // What is there now: a record that could not be written is not taken for this page's own.
        if written.is_ok() { (text, true) } else { (read(GAME_KEY), false) }
    };
    SEEN.with(|seen| *seen.borrow_mut() = now);
    done
}

/// Saves the game, in progress or over, from the copy of the game in front, or from one behind
/// where no other copy saved since. `false` where it could not be kept (storage not allowed, or
/// full): the game is lost if the page is closed.
pub fn save_game(choice: &Choice, game: &Game, in_front: bool) -> bool {
    let saved = Saved { choice: choice.clone(), game: game.to_saved() };
    serde_json::to_string(&saved).map_or(true, |text| keep_game(Some(text), in_front))
}

/// Whether a game is kept on the device (where storage is allowed and not full, the one on the
/// board: it is saved as it changes).
pub fn game_kept() -> bool {
    read(GAME_KEY).is_some()
}

/// Forgets the saved game, as [`save_game`] saves one.
pub fn forget_game(in_front: bool) {
    let _ = keep_game(None, in_front);
}

/// The saved game: `None` when there is none, an error when it cannot be read (damaged, or another
/// format); the damaged save is then removed so it does not come back, but not one of a newer
/// format than this version reads.
pub fn load_game() -> Option<Result<(Choice, Game), LoadError>> {
    /// What is kept: the game as its own text, handed as it is to the engine (read into a
    /// `serde_json::Value` first, a name given twice in it, two lists of moves, kept the last one
    /// unseen), and the choices. A record with a name of its own twice is refused too.
    #[derive(serde::Deserialize)]
    struct Kept {
        game: Option<Box<serde_json::value::RawValue>>,
        choice: Option<serde_json::Value>,
    }
    let text = see_game()?;
    let result = serde_json::from_str::<Kept>(&text)
        .map_err(|e| LoadError::Invalid(e.to_string()))
        .and_then(|kept| {
            let game_text = kept.game.map(|g| g.get().to_string()).unwrap_or_default();
            let game = Game::from_json(&game_text)?;
            let choice = kept
                .choice
                .and_then(|c| serde_json::from_value::<Choice>(c).ok())
                .ok_or_else(|| LoadError::Invalid("the players' choices are missing".into()))?;
            choice.check().map_err(|why| LoadError::Invalid(format!("the players' choices are damaged: {why}")))?;
            // The choices are the game's own ("Play again" plays them): a record whose choices
            // name another game was changed by hand.
            if choice.variant() != game.variant() {
                return Err(LoadError::Invalid(format!("the players' choices are for {}, the game is {}", choice.variant(), game.variant())));
            }
            Ok((choice.with_two_colours(), game))
        });
    // A game saved by a newer version of the game is kept for it: this page may be an older
    // version's (a browser that kept it, offline, or a page left open while a newer one was put on
    // the host), and the newer version, back with the connection, takes the game up again.
    if result.as_ref().is_err_and(|e| !e.newer()) {
        forget_game(true);
    }
    Some(result)
}

/// What another copy of the game on this device saved since this page last read or wrote the
/// record ([`game_saved_elsewhere`]).
#[derive(Debug, PartialEq)]
pub enum Elsewhere {
    /// Nothing new; or a record removed, or one that cannot be read (which is removed).
    Nothing,
    /// A game, in progress or ended there, with its choices.
    Game(Choice, Game),
    /// A game saved by a newer version of the game, which this page cannot read: kept for it, and
    /// not to be saved over at this page's next move.
    Newer,
}

/// The game another copy of the game on this device saved since this page last read or wrote the
/// record, with its choices (see [`Elsewhere`]).
pub fn game_saved_elsewhere() -> Elsewhere {
    if SEEN.with(|seen| *seen.borrow() == read(GAME_KEY)) {
        return Elsewhere::Nothing;
    }
    match load_game() {
        Some(Ok((choice, game))) => Elsewhere::Game(choice, game),
        Some(Err(e)) if e.newer() => Elsewhere::Newer,
        _ => Elsewhere::Nothing,
    }
}

/// The language chosen earlier, if any.
pub fn load_lang() -> Option<String> {
    read(LANG_KEY)
}

/// Remembers the language.
pub fn save_lang(code: &str) {
    write(LANG_KEY, code);
}

/// Whether the sound was last switched on (`Some(true)`) or off; none where it was never switched
/// or the record cannot be read.
pub fn load_sound() -> Option<bool> {
    match read(SOUND_KEY)?.as_str() {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Remembers the sound switch.
pub fn save_sound(on: bool) {
    write(SOUND_KEY, if on { "on" } else { "off" });
}

/// The speed chosen last; none where none was chosen or the record cannot be read.
pub fn load_speed() -> Option<Speed> {
    Speed::from_key(&read(SPEED_KEY)?)
}

/// Remembers the speed chosen.
pub fn save_speed(speed: Speed) {
    write(SPEED_KEY, speed.key());
}

/// The start screen's last choices; none where there are none or the record is not one of
/// choices. Each choice that cannot be read or that the start screen does not make is its usual
/// one, and the others stay ([`Choice::from_stored`]); the record is replaced by the next choice.
pub fn load_choice() -> Option<Choice> {
    Choice::from_stored(&read(CHOICE_KEY)?)
}

/// Remembers the start screen's choices.
pub fn save_choice(choice: &Choice) {
    if let Ok(text) = serde_json::to_string(choice) {
        write(CHOICE_KEY, &text);
    }
}

/// The names played under on this device (none where storage is not allowed; those readable of a
/// damaged record).
pub fn load_names() -> KnownNames {
    kept_names().unwrap_or_default()
}

/// The names played under as kept on the device, none where none are kept (or storage is not
/// allowed).
pub fn kept_names() -> Option<KnownNames> {
    read(NAMES_KEY).map(|text| KnownNames::from_json(&text))
}

/// Remembers what was done to the names played under (`names`, from `before`), on the list kept,
/// which another copy of the game may have changed meanwhile ([`KnownNames::merged`]).
pub fn save_names(before: &KnownNames, names: &KnownNames) {
    let kept = load_names();
    let all = KnownNames::merged(before, names, &kept);
    if all != kept {
        write(NAMES_KEY, &all.to_json());
    }
}

/// The stars earned so far (none where storage is not allowed; what is readable of a damaged
/// record).
pub fn load_stars() -> StarBook {
    read(STARS_KEY).map_or_else(StarBook::default, |text| StarBook::from_json(&text))
}

/// Keeps the stars, added to those kept already (another tab of the game may have earned some
/// since this one started); a record that holds them all already is left as it was, so a damaged
/// one stays until a new star is earned.
pub fn save_stars(stars: &StarBook) {
    let kept = load_stars();
    let all = kept.with(stars);
    if all != kept {
        write(STARS_KEY, &all.to_json());
    }
}
