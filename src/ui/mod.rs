//! The browser app (Yew): the start screen, the board, the end screen and the rules panel.
//!
//! | file | what |
//! | --- | --- |
//! | `state.rs` | [`state::State`], the [`state::Action`] verbs and the reducer |
//! | `board.rs` | the SVG board: draws a [`crate::show::Display`] and reports taps |
//! | `storage.rs` | the saved game, choices, names, language, sound switch, speed and stars in local storage (effects only) |
//! | `stars.rs` | the stars earned by beating the computer's animals, game by game (Kalah board by board) |
//! | `names.rs` | the names played under, offered as buttons on the start screen |
//! | `thinker.rs` | the page's side of the computer's Web Worker |
//! | `watch.rs` | a game to watch in the rules panel, step by step ([`crate::demo`]) |
//! | `device.rs` | sound effects, reading aloud and keeping the screen awake |
//! | `mod.rs` | the app component and its screens |
//!
//! The computer plays as player 2: when its side is to move, the app asks the worker for a move
//! (through `thinker.rs`) and plays it with [`state::Action::ComputerMove`]. When a game against it
//! is over and the child did not win, the app asks the worker to look back at the game
//! ([`crate::ai::review`]), and the end screen offers to go back to the turn it found
//! ([`state::Action::TryTurn`]).

mod animals;
mod caption;
pub mod board;
pub mod device;
pub mod names;
pub mod stars;
pub mod state;
pub mod storage;
pub mod thinker;
mod watch;
#[cfg(test)]
mod tests;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::show::{end_line, why_game_ended, Look, COLOUR_NAMES};
use crate::text::Lang;
use crate::{Hole, Move, Piece, Side, Source, Variant};
use board::Board;
use stars::{Shelf, StarBook};
use state::{Action, Choice, GameId, Screen, Speed, State, TurnBack, HOUSES, LEVELS, MAX_NAME, SEEDS};
use thinker::{Asked, Heard};
use crate::worker::{Reply, Task};

pub use crate::show::COLOURS;

/// The style that gives an element a player's colour (`--player`), the colour of words written on
/// it (`--on-player`, see [`crate::show::ink_on`]) and the player's mark (`--mark`, see
/// [`crate::show::MARKS`]): `colour` indexes [`COLOURS`].
pub(crate) fn player_style(colour: usize) -> String {
    let i = colour % COLOURS.len();
    format!("--player:{};--on-player:{};--mark:{}", COLOURS[i], crate::show::ink_on(COLOURS[i]), crate::show::MARKS[i])
}

/// Starts the app in the page's `#app` element (or the body).
pub fn start() {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(el) => {
            yew::Renderer::<App>::with_root(el).render();
        }
        None => {
            yew::Renderer::<App>::new().render();
        }
    }
}

/// The language chosen on this device before; else the first of the browser's languages that the
/// game has (see [`Lang::first_of`]); else English.
fn browser_lang() -> Lang {
    if let Some(l) = storage::load_lang().and_then(|c| Lang::from_code(&c)) {
        return l;
    }
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return Lang::En };
    // `languages` is missing from a few older browsers: then the one `language`.
    let mut codes: Vec<String> = navigator.languages().iter().filter_map(|c| c.as_string()).collect();
    codes.extend(navigator.language());
    Lang::first_of(codes).unwrap_or(Lang::En)
}

/// The pause before the computer starts thinking, so that the child sees whose turn it is.
const COMPUTER_PAUSE_MS: u32 = 700;
/// The level offered first: gentle enough for a young child to win often.
const DEFAULT_LEVEL: u8 = 2;
/// How long a hint may take.
const HINT_MS: u32 = 1500;
/// The longest the worker may look back at a finished game (it usually takes a fraction of a
/// second; the turns looked at by then decide).
const REVIEW_MS: u32 = 5000;
/// How long the first move is awaited before the houses that may be played pulse: long enough
/// not to hurry a child who is looking at the board.
const NUDGE_MS: u32 = 6000;
/// A caption longer than this many letters (Kauri's catch with a seed fallen among the shells, in
/// German) is written a little smaller where its room is small (on a small phone; held sideways,
/// the far child's turned one), so that it fits that room and moves neither the board nor a button.
const LONG_CAPTION: usize = 75;
/// A caption longer than this many letters is written smaller still where its room is smaller (face
/// to face on a phone, the far child's turned one; held sideways, both). See the style sheet.
const LONGER_CAPTION: usize = 100;

/// How long the computer may think at a level, in the browser (the level's own effort usually
/// stops it much sooner; on a slow tablet this keeps the wait short).
fn think_ms(level: u8) -> u32 {
    if level >= 5 {
        1800
    } else {
        2500
    }
}

/// How long the worker may spend making ready what the computer's moves will need, while the
/// child chooses (Kalah(6,3)'s endgame table for level 5 took 0.4 to 0.5 s in Chromium's worker).
const PREPARE_MS: u32 = 2_000;

/// What the worker is to make ready for the computer's moves in the game on the board (see
/// [`Task::Prepare`]).
fn prepare_task(state: &State) -> Task {
    Task::Prepare { position: state.game.position().to_setup(), level: state.choice.computer.unwrap_or(1), time_ms: PREPARE_MS }
}

/// Whether the page's address asks for something (`?bench`).
fn page_asks(name: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| web_sys::UrlSearchParams::new_with_str(&q).ok())
        .is_some_and(|p| p.has(name))
}

/// The value of a parameter of the page's address (`?solve=kalah:6:4`).
fn page_param(name: &str) -> Option<String> {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| web_sys::UrlSearchParams::new_with_str(&q).ok())
        .and_then(|p| p.get(name))
}

/// Instant moves when the page asks for them (`?animations=off`); else the speed chosen on this
/// device before; else instant moves where the child's device prefers reduced motion, the usual
/// speed elsewhere.
fn start_speed() -> Speed {
    let Some(window) = web_sys::window() else { return Speed::Normal };
    let off = animations_off();
    let reduced = window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|q| q.matches());
    match storage::load_speed() {
        _ if off => Speed::Instant,
        Some(kept) => kept,
        None if reduced => Speed::Instant,
        None => Speed::Normal,
    }
}

/// Whether the page's address asks for moves with no animation and no pause (`?animations=off`,
/// as the browser tests open it, to go quickly).
fn animations_off() -> bool {
    page_param("animations").is_some_and(|v| v == "off")
}

/// The app.
#[function_component(App)]
pub fn app() -> Html {
    // The stars earned and the last choices made on this device (the game, the computer's level,
    // the names...), so that a child coming back finds the start screen as they left it.
    let state = use_reducer(|| State {
        stars: storage::load_stars(),
        choice: storage::load_choice().unwrap_or_default(),
        known_names: storage::load_names(),
        sound: storage::load_sound().unwrap_or(true),
        ..State::new(browser_lang(), start_speed())
    });
    let dispatch = state.dispatcher();
    // What `?bench` or `?solve=` measured in the worker: the element's id and its text.
    let bench_report = use_state(|| None::<(&'static str, String)>);
    device::use_voices_arriving();

    // A new screen opens at its top: after the start screen was scrolled down to "Play!" (on a
    // phone held sideways), the board's far side would otherwise open above the screen's edge.
    use_effect_with(state.screen, |_| device::to_top());

    // Banana-Cala's fruit chooser opens under the board: on a phone held sideways, under the
    // screen's edge, where a child who tapped the store would see nothing happen. It is brought into
    // view when it opens, and the board again when it closes.
    device::use_in_view_while_open(state.pick.is_some(), "store-picker", false);

    // "Try again", when the computer could not think, lies over the middle of the board, and the
    // notice under the board asks the child to tap it: where the page scrolls (a phone held
    // sideways) it is brought into the middle of the screen; once tapped, the board comes back.
    device::use_in_view_while_open(state.computer_stuck, "computer-retry", true);

    // A hint glows on the board: where the page scrolls (a phone held sideways, whose "Hint" lies
    // below the board), the board is brought back into view, as little as needed; the house that
    // glowed was half above the screen's edge.
    use_effect_with(state.hint_hole().is_some(), |hinted| {
        if *hinted {
            device::show_whole("board", false);
        }
    });

    // What is read aloud stops when what it reads goes: the rules closed, another screen, another
    // language, the game put back by the child (Undo, Redo, a new game). Not at a move: the
    // computer's answer, 0.7 s after the child's move, cut off the child's move being read, and
    // a move of the child's own is a tap after what they wanted to hear.
    use_effect_with((state.screen, state.rules, state.lang, state.views_reset), |_| device::hush());

    // A keyboard (a grown-up's laptop, a child's switch) goes where the eyes go: into the rules,
    // the end of a game and the fruit chooser when they open, and back when they close.
    device::use_focus_while_open(state.rules.is_some(), &["#close-rules-corner"], None);
    device::use_focus_while_open(state.end_shown(), &["#play-again"], Some("#board g.hole.hint"));
    // The chooser opened on the hinted house or store has the hinted fruits in order already:
    // there "Sow!" plays the hint (on "Not now", with every fruit used, Enter threw the hint
    // away; on the first fruit, Enter added one to the hinted fruit from the store).
    device::use_focus_while_open(
        state.pick.is_some(),
        &["#store-picker #sow[aria-disabled=\"false\"]", "#store-picker .fruit:enabled", "#store-picker #close-pick"],
        None,
    );
    // What had the keyboard's focus disabled or gone (the hint awaited, Undo with nothing left, a
    // new screen): the focus goes to what is next to it, or on a new screen to its first house
    // that can be played or the game chosen.
    device::use_focus_kept(&[
        "#board g.hole[data-legal=\"true\"]",
        "#board g.hole",
        ".game-pick[aria-pressed=\"true\"]",
        "#start-game",
        "main button",
    ]);
    // A child going second against the computer: a new screen's focus fell on the first hole
    // (the computer's house 1, with no house of the child's to play yet), and stayed there for
    // the child's turn, where Enter was refused. The focus on a computer's hole goes to the
    // child's house 1 while the computer plays, and from any hole that cannot be played (the
    // computer's, or the child's own empty one) to the child's first that can, when their turn
    // comes. Two children at one keyboard the same: the focus stayed on the house just played,
    // and the next child went round every button under the board to reach their own houses.
    {
        let on_board = state.screen == Screen::Board;
        let computer = on_board.then(|| state.choice.computer_side()).flatten();
        let persons_turn = on_board && !state.busy() && !state.computers_turn() && !state.game.is_over();
        use_effect_with((computer, persons_turn, state.game.moves().len()), |(computer, persons_turn, _)| {
            if *persons_turn {
                device::focus_from("#board g.hole[data-legal=\"false\"]", "#board g.hole[data-legal=\"true\"]");
            } else if let Some(computer) = computer {
                let child = computer.other().name();
                let from = format!("#board g.hole[data-side=\"{}\"]", computer.name());
                device::focus_from(&from, &format!("#board g.hole.house[data-side=\"{child}\"][data-house=\"1\"]"));
            }
        });
    }
    // A hint asked for with the keyboard: its button handed the focus on (to the next button
    // under the board) while the hint was awaited; when it comes, the house it names takes it,
    // where Enter plays it (the child had to find their way back to it).
    use_effect_with(state.hint_hole(), |hinted| {
        if hinted.is_some() {
            device::focus_from("nav.controls button, .panel-tools button", "#board g.hole.hint");
        }
    });
    // Escape closes the rules, or the fruit chooser as "Not now" does, wherever the focus is.
    {
        let d = dispatch.clone();
        device::use_escape(state.close_open().map(|action| Callback::from(move |()| d.dispatch(action.clone()))));
    }

    // Resume a saved game once, at start: one in progress, or one that ended, at its end (a child
    // who reloads, or whose tablet put the page away while they fetched a grown-up to see who won,
    // finds the end again, not the start screen).
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            match storage::load_game() {
                Some(Ok((choice, game))) => dispatch.dispatch(Action::Resume(Box::new(game), choice)),
                // Saved by a newer version (this page an older one's, kept by the browser): kept
                // for it until a game is started here, which the grown-up is told.
                Some(Err(e)) if e.newer() => dispatch.dispatch(Action::Notify("notice.newer_save")),
                // Why, in the engine's words, for a grown-up who looks (in the page's notice, at the
                // top of a phone's start screen, it made it long enough to cover the games).
                Some(Err(e)) => {
                    web_sys::console::log_1(&format!("the saved game could not be opened: {e}").into());
                    dispatch.dispatch(Action::Notify("notice.bad_save"));
                }
                _ => {}
            }
        });
    }
    // Save the game whenever it changes (from a copy of the game behind another, only where no
    // other copy saved since: see `storage`). A game that is over is kept too: a reload brings
    // back its end, and another copy of the game coming to the front shows its end rather than
    // the game before it ended.
    {
        let screen = state.screen;
        let was = use_mut_ref(|| screen);
        let back_offered = state.left_game.is_some();
        // Where the browser cannot keep the game (storage not allowed, or full), a grown-up is
        // told: a game that seemed kept was lost when the page was closed, without a word. Once
        // a game (by its number), not at every move: the child's first tap takes the notice away,
        // and a grown-up who did not see it then sees it at the next game.
        let told = use_mut_ref(|| None::<u32>);
        let game_number = state.games_begun;
        let dispatch = dispatch.clone();
        use_effect_with((state.game.clone(), state.choice.clone(), screen, back_offered), move |(game, choice, screen, back_offered)| {
            let left = std::mem::replace(&mut *was.borrow_mut(), *screen) == Screen::Board;
            if *screen == Screen::Board {
                if !storage::save_game(choice, game, device::in_front()) && told.borrow_mut().replace(game_number) != Some(game_number) {
                    dispatch.dispatch(Action::Notify("notice.not_kept"));
                }
            } else if left && game.is_over() && !back_offered {
                // Left for the start screen after its end: a reload shows the start screen. (Not a
                // game that ended in another copy of the game, taken up here on the start screen:
                // the other copy still shows its end, and a reload there brings it back; nor one
                // left while its last move was being sown, whose end "Back to the game" shows.)
                storage::forget_game(device::in_front());
            }
        });
    }
    // Two copies of the game on one device (a second tab, the home-screen app beside the browser):
    // one coming back to the front takes up the game as it was played in the other meanwhile,
    // rather than show an older one and, at the next tap, save it over the newer; and the stars
    // and names earned there, the language, sound switch and speed set there.
    {
        let dispatch = dispatch.clone();
        device::use_back_in_front(Callback::from(move |()| {
            let (game, newer) = match storage::game_saved_elsewhere() {
                storage::Elsewhere::Game(choice, game) => (Some((Box::new(game), choice)), false),
                storage::Elsewhere::Newer => (None, true),
                storage::Elsewhere::Nothing => (None, false),
            };
            dispatch.dispatch(Action::TakeUp {
                game,
                newer,
                stars: storage::load_stars(),
                names: storage::kept_names(),
                lang: storage::load_lang().and_then(|code| Lang::from_code(&code)),
                sound: storage::load_sound(),
                // A speed chosen on the device, unless the page asks for instant moves.
                speed: storage::load_speed().map(|_| start_speed()),
            });
        }));
    }
    // Keep the stars the child has earned.
    use_effect_with(state.stars.clone(), storage::save_stars);
    // Remember the start screen's choices (those kept for it while a game goes on, too).
    use_effect_with(state.start_choice().clone(), storage::save_choice);
    // Remember the names played under: what was done to them since the last time.
    {
        let before = use_mut_ref(|| state.known_names.clone());
        use_effect_with(state.known_names.clone(), move |names| {
            let before = std::mem::replace(&mut *before.borrow_mut(), names.clone());
            storage::save_names(&before, names);
        });
    }
    // Remember the sound switch and the speed once they are changed (a grown-up who switched the
    // sound off at bedtime finds it off the next day), but not the speed the page started with,
    // which may only follow `?animations=off` or the tablet's reduced motion.
    {
        let started = use_mut_ref(|| (state.sound, state.speed));
        use_effect_with((state.sound, state.speed), move |&(sound, speed)| {
            let mut was = started.borrow_mut();
            if sound != was.0 {
                storage::save_sound(sound);
            }
            if speed != was.1 {
                storage::save_speed(speed);
            }
            *was = (sound, speed);
        });
    }
    // Put the language on the page. (It is kept on the device where it is chosen, in the menu, not
    // here: the one the page started with came from the device's list unless it was chosen before,
    // and, kept from the first page on, a tablet whose language a grown-up changed later went on
    // speaking the first one.)
    use_effect_with(state.lang, |lang| {
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = el.set_attribute("lang", lang.code());
        }
    });
    // Show the move step by step, and then put out the light of its last step. While the rules
    // are open it waits, to go on where it was when they close: a move shown behind them was not
    // seen.
    {
        let dispatch = dispatch.clone();
        let waiting = state.plan.len();
        let step = state.speed.step_ms();
        let paused = state.rules.is_some();
        use_effect_with((waiting, state.lingering(), state.moves_shown, paused), move |(waiting, linger, _, paused)| {
            let timer = (!*paused && (*waiting > 0 || *linger)).then(|| Timeout::new(step, move || dispatch.dispatch(Action::Step)));
            move || drop(timer)
        });
    }
    // Before the first move, a child who has not tapped a house after a while is shown which ones
    // they may tap: those pulse gently (`State::nudge`).
    {
        let dispatch = dispatch.clone();
        let waiting = state.screen == Screen::Board && !state.busy() && state.opening().is_some() && !state.nudge;
        use_effect_with((waiting, state.game.moves().len()), move |(waiting, _)| {
            let timer = waiting.then(|| Timeout::new(NUDGE_MS, move || dispatch.dispatch(Action::Nudge)));
            move || drop(timer)
        });
    }
    // Kauri: a player without a cowrie passes by itself, after a moment to read why.
    {
        let dispatch = dispatch.clone();
        let must_pass = state.screen == Screen::Board && !state.busy() && state.must_pass();
        let delay = if state.speed == Speed::Instant { 0 } else { 1800 };
        use_effect_with((must_pass, state.game.moves().len()), move |(must_pass, _)| {
            let timer = must_pass.then(|| Timeout::new(delay, move || dispatch.dispatch(Action::Play(Move::Pass))));
            move || drop(timer)
        });
    }
    // The audio wakes on a child's tap (see `device::wake_audio_on_taps`), unless muted.
    use_effect_with((), |_| device::wake_audio_on_taps());
    use_effect_with(state.sound, |on| device::set_sound_on(*on));
    // Sounds, unless muted: each cue once, when it comes (switching the sound back on does not
    // play the last one again, which may have been a refusal).
    {
        let sound = state.sound;
        use_effect_with(state.cue, move |cue| {
            if let (Some((s, _)), true) = (cue, sound) {
                device::play(*s);
            }
        });
    }
    // The screen stays awake while a game is on, and the browser's back button (or a back swipe)
    // stays in it. Whatever is open, the rules (from the start screen too) or the fruit chooser, it
    // closes, as on any app of a phone or tablet, rather than leave the page; from the end of a game
    // it goes to the start screen; on the start screen after "Menu" in the middle of a game, it
    // goes back to that game.
    {
        let on = state.screen == Screen::Board && !state.game.is_over();
        use_effect_with(on, |on| device::keep_awake(*on));
        let board = state.screen == Screen::Board;
        let back = state.close_open().or_else(|| {
            if state.end_shown() {
                Some(Action::Menu)
            } else if state.screen == Screen::Start && state.left_game.is_some() {
                Some(Action::BackToGame)
            } else {
                None
            }
        });
        let dispatch = dispatch.clone();
        use_effect_with((board, back), move |(board, back)| {
            device::on_back(back.clone().map(|action| std::rc::Rc::new(move || dispatch.dispatch(action.clone())) as std::rc::Rc<dyn Fn()>));
            device::guard_back(*board || back.is_some());
        });
    }
    // The computer player, in its worker. Its answers come back as actions.
    let thinker = {
        let dispatch = dispatch.clone();
        let bench = bench_report.clone();
        use_memo((), move |_| {
            // What a request that failed leaves: a hint, told; the computer's move, waiting for
            // "Try again"; a benchmark or solve asked for by the page's address, its reason
            // where its figures would be (for the grown-up who asked, not a notice about a game).
            let failed = {
                let dispatch = dispatch.clone();
                let bench = bench.clone();
                move |asked: Asked, why: String| {
                    // A newer version on the host that the page cannot reload for (see
                    // `thinker::UNKEPT`) is said as such: "Try again" would fail again.
                    let newer = why.contains(thinker::UNKEPT);
                    let words = |usual| if newer { "notice.newer_version" } else { usual };
                    match asked {
                        Asked::Hint => dispatch.dispatch(Action::HintFailed(words("notice.hint_failed"))),
                        Asked::Bench => bench.set(Some(("bench", format!("error: {why}\n")))),
                        Asked::Solve => bench.set(Some(("solve", format!("error: {why}\n")))),
                        Asked::Move => dispatch.dispatch(Action::ComputerFailed(words("notice.computer_failed"))),
                        // Looking back is a gift, not part of the game (see below); making
                        // ready is never waited for.
                        Asked::Review | Asked::Prepare => {}
                    }
                }
            };
            thinker::Thinker::new(move |heard| match heard {
                Heard::Answer(asked, answer) => match (asked, answer.reply) {
                    (Asked::Move, Reply::Move { mv, .. }) => dispatch.dispatch(Action::ComputerMove(mv)),
                    (Asked::Hint, Reply::Move { mv, reason, captured, .. }) => {
                        dispatch.dispatch(Action::Hinted(mv, reason, captured));
                    }
                    (Asked::Review, Reply::Review { turn }) => {
                        let turn = turn.and_then(|t| {
                            let mv = t.mv.parse().ok()?;
                            Some(TurnBack { index: t.index, mv, reason: t.reason, captured: t.captured })
                        });
                        dispatch.dispatch(Action::Reviewed(turn));
                    }
                    // Looking back is a gift, not part of the game: a worker that cannot do it
                    // leaves the end screen as it is.
                    (Asked::Review, other) => {
                        web_sys::console::warn_1(&format!("the computer could not look back at the game: {other:?}").into());
                    }
                    (Asked::Bench, Reply::Bench { report, nps }) => {
                        web_sys::console::log_1(&format!("bench in the worker: {nps:.0} nodes/s\n{report}").into());
                        bench.set(Some(("bench", format!("{report}worker nodes/s {nps:.0}\n"))));
                    }
                    (Asked::Solve, Reply::Solved { value, best, nodes, endgame, table_ms, ms, kept }) => {
                        let best: Vec<String> = best.iter().map(ToString::to_string).collect();
                        let kept = kept.map(|k| format!("endgame table {k}\n")).unwrap_or_default();
                        bench.set(Some((
                            "solve",
                            format!(
                                "{value}\nbest: {}\nnodes: {nodes}\nendgame table: {endgame} seeds, {:.1} s\n{kept}time: {:.1} s\n",
                                best.join(" "),
                                table_ms / 1000.0,
                                ms / 1000.0
                            ),
                        )));
                    }
                    (asked, other) => {
                        web_sys::console::warn_1(&format!("the computer could not answer: {other:?}").into());
                        let why = match other {
                            Reply::Error { message } => message,
                            other => format!("{other:?}"),
                        };
                        failed(asked, why);
                    }
                },
                Heard::Failed(Asked::Review, why) => {
                    web_sys::console::warn_1(&format!("the computer's worker failed looking back at the game: {why}").into());
                }
                Heard::Failed(asked, why) => {
                    web_sys::console::warn_1(&format!("the computer's worker failed: {why}").into());
                    failed(asked, why);
                }
            })
        })
    };
    // The computer's turn: after a short pause, so that the child can follow, ask the worker. Any
    // change (the answer, an undo, a new game, leaving the board) ends that request. A worker not
    // running yet (the first turn, or after one stopped by an undo) starts with the pause, so that
    // on a slow tablet its loading does not come on top of it.
    {
        let dispatch = dispatch.clone();
        let thinker = thinker.clone();
        let should = state.computer_should_move();
        let moves = state.game.moves().len();
        let level = state.choice.computer.unwrap_or(1);
        let position = state.game.position().to_setup();
        // The same pause with moves shown at once: a child who chose "At once" (or whose tablet
        // reduces motion) saw their move's end for a blink before the computer's move took its
        // place, and a screen reader heard both in one breath. Only the page asked for no pause
        // (the browser tests) goes on at once.
        let pause = if state.speed == Speed::Instant && animations_off() { 50 } else { COMPUTER_PAUSE_MS };
        let prepare = prepare_task(&state);
        use_effect_with((should, moves, state.moves_shown), move |(should, _, _)| {
            let timer = should.then(|| {
                thinker.prepare(prepare);
                let thinker = thinker.clone();
                Timeout::new(pause, move || {
                    dispatch.dispatch(Action::Thinking);
                    thinker.ask(Task::Move { position, level, time_ms: think_ms(level) }, think_ms(level));
                })
            });
            let thinker = thinker.clone();
            move || {
                drop(timer);
                thinker.cancel();
            }
        });
    }
    // A hint no longer awaited (the game left for another, or gone back to from the start
    // screen, which forgets it) is called off: its answer would be for nothing, and its failure
    // would be told on the child's turn.
    {
        let thinker = thinker.clone();
        use_effect_with(state.hint_waiting(), move |&waiting| {
            if !waiting {
                thinker.cancel_asked(Asked::Hint);
            }
        });
    }
    // A game the child lost to the computer (or drew): the worker looks back for the turn that
    // mattered, while the last move is still being shown, so that the end screen can offer it.
    {
        let thinker = thinker.clone();
        let state = state.clone();
        use_effect_with((state.wants_review(), state.game.moves().len()), move |(child, _)| {
            let id = child.map(|player| thinker.ask(Task::Review { game: state.game.to_saved(), player, time_ms: REVIEW_MS }, REVIEW_MS));
            let thinker = thinker.clone();
            move || {
                if let Some(id) = id {
                    thinker.cancel_request(id);
                }
            }
        });
    }
    // The child's turn in a game against the computer, with no worker running (the game just
    // opened, or a search stopped by an undo): its worker starts loading now, while the child
    // chooses their move, rather than at the computer's turn, when a slow connection made the
    // child wait seconds for its files (313 KB, 2.3 s at 1.5 Mbps). It only loads (a worker that
    // fails to here is started again with the next request, which is told if that fails too).
    // Opened on the computer's turn, it starts with the pause above, as ever. Declared after the
    // effects above, which stop a search they call off: their cleanups run first.
    // The worker started then also makes ready what the computer's moves will need (level 5's
    // exact solver in the Kalah family, its endgame table: see [`Task::Prepare`]).
    {
        let thinker = thinker.clone();
        let childs_turn = state.screen == Screen::Board && state.choice.computer.is_some() && !state.computers_turn() && !state.game.is_over();
        let prepare = prepare_task(&state);
        let no_computer = state.choice.computer.is_none();
        use_effect_with((childs_turn, state.game.moves().len(), no_computer), move |&(childs_turn, _, no_computer)| {
            if childs_turn {
                thinker.prepare(prepare);
            } else if no_computer {
                thinker.unprepare();
            }
        });
    }
    // `?bench`: run the benchmark in the worker once, and show its figures. `?solve=kalah:6:4` (with
    // `&moves=3,1`, `&endgame=16`, `&bits=22` and `&keep=1` or `&keep=0` if wanted): solve a Kalah
    // position in the worker, and show the value and the time.
    {
        let thinker = thinker.clone();
        let bench = bench_report.clone();
        use_effect_with((), move |_| {
            if page_asks("bench") {
                thinker.ask(Task::Bench, 600_000);
            } else if let Some(variant) = page_param("solve") {
                let [moves, endgame, bits, keep] = ["moves", "endgame", "bits", "keep"].map(page_param);
                match crate::worker::solve_task(variant, moves.as_deref(), endgame.as_deref(), bits.as_deref(), keep.as_deref()) {
                    Ok(task) => {
                        thinker.ask(task, 3_600_000);
                    }
                    Err(why) => bench.set(Some(("solve", format!("error: {why}\n")))),
                }
            }
        });
    }
    // Notices go away by themselves, after long enough to be read by a grown-up: 4 s, or 70 ms a
    // letter for longer words (the 150 letters that say a game was saved by a newer version, for a
    // grown-up who may have to be fetched, went as quickly as "That house is empty").
    {
        let dispatch = dispatch.clone();
        let serial = state.notice.as_ref().map(|n| n.serial);
        let letters = state.notice.as_ref().map_or(0, |n| n.text(state.lang).chars().count());
        use_effect_with(serial, move |serial| {
            let ms = notice_ms(letters);
            let timer = serial.map(|_| Timeout::new(ms, move || dispatch.dispatch(Action::DismissNotice)));
            move || drop(timer)
        });
    }

    let bench = (*bench_report).clone().map(|(id, r)| html! { <pre id={id}>{ r }</pre> });
    let rules = state.rules.map(|game| rules_panel(&state, game, &dispatch));
    // Where the notice lies. During a game it lies in a band over the near player's panel, just
    // under the board (the words are usually about whose turn or house it is): at the bottom of the
    // screen it covered the buttons on a phone, and a child reaching for "Undo" closed it instead.
    // Face to face it is written twice, over each player's panel, the far one turned with its
    // panel towards the child across the table, as the captions are: a refused tap may be either
    // child's (in the middle of the screen it covered houses). While a fruit chooser is open (it
    // is under the board, or along the far edge) and over the end of a game, it lies on the
    // screen: at the top while choosing (on a phone held sideways, at the edge away from the
    // chooser), in the middle face to face, else at the bottom.
    let by_board = state.screen == Screen::Board && state.pick.is_none() && (!state.game.is_over() || state.busy());
    let close = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::DismissNotice))
    };
    let notice = state.notice.as_ref().filter(|_| !by_board).map(|n| {
        let words = notice_words("read-notice", "words", n.text(state.lang), state.lang);
        // A fruit chooser's refusal is in the chooser too, shown there instead on a phone held
        // sideways (see the chooser, below).
        let also = (n.beckon && state.pick.is_some()).then_some("also-in-chooser");
        if state.screen == Screen::Board && state.choice.face_to_face_now() {
            html! {
                <div id="notice" class={classes!("notice", "two-way", also)} key={n.serial} onclick={close.clone()}>
                    <span class="upside-down turned-words" aria-hidden="true">{ n.text(state.lang).to_string() }</span>
                    { words }
                </div>
            }
        } else {
            html! { <div id="notice" class={classes!("notice", also)} key={n.serial} onclick={close.clone()}>{ words }</div> }
        }
    });
    let band = state.notice.as_ref().filter(|_| by_board).map(|n| Band { text: n.text(state.lang).to_string(), close });
    let body = match state.screen {
        Screen::Start => start_screen(&state, &dispatch),
        Screen::Board => board_screen(&state, &dispatch, &thinker, band.as_ref()),
    };
    let lang_select = {
        let d = dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            if let Some(l) = Lang::from_code(&value) {
                // Chosen: kept, whatever the device's languages (see the language's effect above).
                storage::save_lang(l.code());
                d.dispatch(Action::SetLang(l));
            }
        });
        html! {
            <label class="language">
                <span class="visually-hidden">{ state.lang.get("app.language") }</span>
                // Named by its label's hidden word, once (with an `aria-label` too, it was said twice).
                <select id="language" {onchange}>
                    { for Lang::ALL.iter().map(|l| html! {
                        // Each language's name in its own voice ("Deutsch" read as German).
                        <option value={l.code()} lang={l.code()} selected={*l == state.lang}>{ l.native_name() }</option>
                    }) }
                </select>
            </label>
        }
    };
    // After "Menu" in the middle of a game (or during its last move), which a child may have
    // tapped by mistake: the way back to it, first on the screen, with an arrow and the game's own
    // pieces for a child who cannot read it (and the computer's animal, where it plays).
    let back = state.left_game.as_ref().filter(|_| state.screen == Screen::Start).map(|left| {
        let d = dispatch.clone();
        html! {
            <button id="back-to-game" class="back-button" onclick={Callback::from(move |_| d.dispatch(Action::BackToGame))}>
                { icon(Icon::Back) }
                { game_picture(left.game, "back-picture") }
                { slot(left.computer.map(|level| animals::beside_words(level, 30))) }
                <span>{ state.lang.get("start.back_to_game") }</span>
            </button>
        }
    });
    let screen_name = match state.screen {
        Screen::Start => "start",
        Screen::Board if state.end_shown() => "over",
        Screen::Board => "playing",
    };
    html! {
        // While a fruit chooser is open its notices ("pick a fruit first") go to the top of the
        // screen: at the bottom they covered "Sow!" on a phone.
        <div class={classes!("app", state.choice.face_to_face_now().then_some("face-to-face"), state.pick.is_some().then_some("picking"))}
            data-screen={screen_name} data-busy={state.busy().to_string()} data-thinking={state.thinking.to_string()}
            oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
            // Under the rules and the end of a game (here and on the screen below), nothing can be
            // reached: the keyboard stays in them, as the eyes do (from the end's last button it
            // went on to the language menu, covered).
            <header class="top-bar" inert={(state.rules.is_some() || state.end_shown()).then_some("")}>{ slot(back) }{ lang_select }</header>
            { body }
            { slot(bench) }
            { slot(notice) }
            // What a notice says, for a screen reader, in a region that stays on the page (one that
            // comes with its words is often not read) and holds the words alone: the notices
            // themselves, where they show, begin with their "read aloud" button, which was read too.
            // Its lasting words and whose turn it is are pieces of their own: when the computer's
            // move leaves the lasting words alone, the turn's piece goes, and a screen reader,
            // which says words changed, does not hear the lasting ones again ("The last winner
            // starts." again in the middle of the computer's move). Whose turn it is is not said
            // here where the line below the caption says it ("Welcome back! Your game goes on.
            // Bunny's turn." and "Bunny's turn.").
            <p id="notice-said" class="visually-hidden" role="status">
                { for state.notice.as_ref().map(|n| {
                    let (words, turn) = n.said(state.lang);
                    let turn = turn.filter(|_| state.screen != Screen::Board || state.turn_said().is_none());
                    html! { <span key={n.serial}><span>{ words.to_string() }</span>{ slot(turn.map(|t| html! { <span>{ format!(" {t}") }</span> })) }</span> }
                }) }
            </p>
            // Who starts, when the board comes from the start screen ([`State::entry_said`]): a
            // region there before its words, as the notice's is.
            <p id="entry-said" class="visually-hidden" aria-live="polite">
                { slot(state.entry_said().map(|words| html! { <span>{ words }</span> })) }
            </p>
            { slot(rules) }
        </div>
    }
}

fn start_screen(state: &State, dispatch: &UseReducerDispatcher<State>) -> Html {
    let lang = state.lang;
    let choice = &state.choice;
    let set = |f: fn(&mut Choice, String)| {
        let d = dispatch.clone();
        let choice = choice.clone();
        move |value: String| {
            let mut c = choice.clone();
            f(&mut c, value);
            d.dispatch(Action::SetChoice(c));
        }
    };
    let cards = GameId::ALL.iter().map(|&game| {
        let selected = choice.game == game;
        let d = dispatch.clone();
        let d2 = dispatch.clone();
        html! {
            <div class={classes!("game-card", selected.then_some("selected"))}>
                <button class="game-pick" data-game={game.key()} aria-pressed={selected.to_string()}
                    onclick={Callback::from(move |_| d.dispatch(Action::ChooseGame(game)))}>
                    { game_picture(game, "card-picture") }
                    <span class="card-name">{ game.name(lang) }</span>
                    <span class="card-line">{ lang.get(&format!("game.{}.line", game.key())) }</span>
                </button>
                <button class="rules-button" data-game={game.key()}
                    onclick={Callback::from(move |_| d2.dispatch(Action::Rules(Some(game))))}>
                    // Said with the game's name: five buttons all called "How to play" could not be told apart.
                    // (The "?" itself is not said: the name starts with the words.)
                    <span aria-hidden="true">{ "?" }</span><span class="visually-hidden">{ lang.fmt("start.rules", &[("game", game.name(lang))]) }</span>
                </button>
            </div>
        }
    });
    let close_keyboard = Callback::from(|e: KeyboardEvent| {
        if e.key() == "Enter" {
            let _ = e.target_unchecked_into::<web_sys::HtmlElement>().blur();
        }
    });
    let players = (0..2).map(|p| {
        let on_name = set(if p == 0 { |c: &mut Choice, v| c.names[0] = v } else { |c: &mut Choice, v| c.names[1] = v });
        let oninput = Callback::from(move |e: InputEvent| on_name(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
        // Each colour says whose it is: both players' rows said "Colour: red", one name for two
        // buttons to a screen reader going from button to button.
        let colour_name = |i: usize| {
            let colour = ("colour", lang.get(COLOUR_NAMES[i]));
            if choice.computer.is_some() {
                lang.fmt("start.colour_named.you", &[colour])
            } else {
                lang.fmt("start.colour_named", &[("n", &(p + 1).to_string()), colour])
            }
        };
        let colours = COLOURS.iter().enumerate().map(|(i, colour)| {
            let d = dispatch.clone();
            let c = choice.with_colour(p, i);
            let chosen = choice.colours[p] == i;
            html! {
                <button class={classes!("colour", chosen.then_some("chosen"))} style={format!("background:{colour};{}", player_style(i))}
                    aria-pressed={chosen.to_string()} aria-label={colour_name(i)}
                    onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))}>
                    <span class="mark" aria-hidden="true"></span>
                </button>
            }
        });
        // The names played before, but the other child's, as buttons: one tap puts a name in.
        let here = StarBook::key(&choice.names[p]);
        let other = choice.computer.is_none().then(|| StarBook::key(&choice.names[1 - p]));
        let known: Vec<Html> = state
            .known_names
            .iter()
            .map(|name| (name, StarBook::key(name)))
            .filter(|(_, key)| other.as_ref() != Some(key))
            .map(|(name, key)| {
                let d = dispatch.clone();
                let mut c = choice.clone();
                c.names[p] = name.to_string();
                let chosen = key == here;
                // The chosen one can be forgotten (see `names`): a misspelt name played once.
                let forget = chosen.then(|| {
                    let d = dispatch.clone();
                    let name = name.to_string();
                    html! {
                        <button class="forget-name" aria-label={lang.fmt("start.forget_name", &[("name", &name)])}
                            onclick={Callback::from(move |_| d.dispatch(Action::ForgetName(name.clone())))}>{ "×" }</button>
                    }
                });
                html! {
                    <span class="known" key={key}>
                        <button class={classes!("known-name", chosen.then_some("chosen"))} aria-pressed={chosen.to_string()}
                            onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))}>{ name }</button>
                        { slot(forget) }
                    </span>
                }
            })
            .collect();
        let known = (!known.is_empty()).then(|| html! {
            <div class="known-names" id={format!("known-names-{}", p + 1)} role="group" aria-label={lang.get("start.known_names")}>
                { for known }
            </div>
        });
        html! {
            <div class="player" key={p} style={player_style(choice.colours[p])}>
                <label>
                    <span>{ if choice.computer.is_some() {
                        lang.get("board.name.you").to_string()
                    } else {
                        lang.fmt("start.player", &[("n", &(p + 1).to_string())])
                    } }</span>
                    // A name as a tablet's keyboard should take it: with its capital, never
                    // "corrected" into another word nor underlined as misspelt, with no grown-up's
                    // name offered from the browser's memory; its return key closes the keyboard.
                    <input id={format!("name-{}", p + 1)} type="text" maxlength={MAX_NAME.to_string()} value={choice.names[p].clone()}
                        placeholder={lang.get("start.name")} {oninput} onkeydown={close_keyboard.clone()}
                        autocapitalize="words" autocorrect="off" spellcheck="false" autocomplete="off" enterkeyhint="done" />
                </label>
                <div class="colours">{ for colours }</div>
                { slot(known) }
            </div>
        }
    });
    let toggle = |label: &'static str, id: &'static str, on: bool, f: fn(&mut Choice)| {
        let d = dispatch.clone();
        let mut c = choice.clone();
        f(&mut c);
        html! {
            <label class="toggle">
                <input type="checkbox" id={id} checked={on}
                    onchange={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))} />
                <span>{ lang.get(label) }</span>
            </label>
        }
    };
    // The stars of the child named in the first field, for the level buttons, on the game's
    // shelf (in Kalah, the board's).
    let child_stars = state.stars.of(choice.child_name());
    let shelf = Shelf::of(choice.variant());
    let number_row = |label: &'static str, id: &'static str, values: &[u8], current: u8, f: fn(&mut Choice, u8)| {
        let buttons = values.iter().map(|&v| {
            let d = dispatch.clone();
            let mut c = choice.clone();
            f(&mut c, v);
            html! {
                <button class={classes!("number", (v == current).then_some("chosen"))} aria-pressed={(v == current).to_string()}
                    data-value={v.to_string()}
                    onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))}>{ v }</button>
            }
        });
        // The numbers stay together on one line: on a narrow phone they go under the words as a
        // whole rather than leaving the last one alone on the next line.
        // A group named by its words, so that a screen reader hears "Seeds in each house" with a
        // number, not "4, pressed" alike for both rows.
        let words_id = format!("{id}-words");
        html! {
            <div class="number-row" {id} role="group" aria-labelledby={words_id.clone()}>
                <span id={words_id}>{ lang.get(label) }</span><span class="numbers">{ for buttons }</span>
            </div>
        }
    };
    // The game's own options; Kid-Cala and Kauri have none, and no empty "Options" heading either.
    let options = match choice.game {
        GameId::Kalah => Some(html! {
            <>
                { number_row("start.seeds", "seeds", &SEEDS, choice.seeds, |c, v| c.seeds = v) }
                { number_row("start.houses", "houses", &HOUSES, choice.houses, |c, v| c.houses = v) }
                { toggle("option.empty", "option-empty", choice.empty, |c| c.empty = !c.empty) }
                { toggle("option.nocount", "option-nocount", choice.nocount, |c| c.nocount = !c.nocount) }
                { toggle("option.relay", "option-relay", choice.relay, |c| c.relay = !c.relay) }
            </>
        }),
        GameId::Banana => Some(toggle("option.king", "option-king", choice.king, |c| c.king = !c.king)),
        _ => None,
    };
    let opponent_button = |id: &'static str, key: &'static str, computer: Option<u8>| {
        let d = dispatch.clone();
        let mut c = choice.clone();
        c.computer = computer;
        let chosen = choice.computer.is_some() == computer.is_some();
        html! {
            <button id={id} class={classes!("number", chosen.then_some("chosen"))} aria-pressed={chosen.to_string()}
                onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))}>
                // Two children, or the animal of the computer's level.
                { computer.map_or_else(|| icon(Icon::Friends), |level| animals::beside_words(level, 30)) }{ lang.get(key) }
            </button>
        }
    };
    let d = dispatch.clone();
    html! {
        <main class="start" inert={state.rules.is_some().then_some("")}>
            <h1>{ lang.get("start.choose_game") }</h1>
            <div class="cards">{ for cards }</div>
            <button id="start-game" class="play-button" onclick={Callback::from(move |_| d.dispatch(Action::Start))}>
                { icon(Icon::Play) }{ lang.get("start.play") }
            </button>
            { slot(options.map(|options| html! {
                <section class="options">
                    <h2>{ lang.get("start.options") }</h2>
                    { options }
                </section>
            })) }
            <section class="opponent">
                <h2>{ lang.get("start.opponent") }</h2>
                <div class="number-row">
                    { opponent_button("opponent-friend", "start.friend", None) }
                    { opponent_button("opponent-computer", "start.computer", Some(choice.computer.unwrap_or(DEFAULT_LEVEL))) }
                </div>
                { slot(choice.computer.map(|current| html! {
                    <div class="number-row levels" id="level" role="group" aria-labelledby="level-words">
                        <span id="level-words">{ lang.get("start.level") }</span>
                        // Together, as the numbers of a row are: beside the words on a wide screen, and
                        // under them in two even rows on a phone (not one left alone on a line).
                        <span class="numbers level-list">{ for LEVELS.into_iter().map(|level| {
                            let d = dispatch.clone();
                            let mut c = choice.clone();
                            c.computer = Some(level);
                            let chosen = current == level;
                            // A star on each animal the child has beaten at this game (in Kalah,
                            // on this board).
                            let star = child_stars.has(shelf, level).then(|| html! { <>
                                <span class="star-badge">{ animals::star(24) }</span>
                                <span class="visually-hidden">{ format!(" ({})", lang.get("start.star")) }</span>
                            </> });
                            html! {
                                <button class={classes!("number", chosen.then_some("chosen"))} aria-pressed={chosen.to_string()}
                                    data-value={level.to_string()} data-star={star.is_some().to_string()}
                                    onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(c.clone())))}>
                                    { animals::beside_words(level, 36) }
                                    <span>{ format!("{} ", level) }{ lang.get(&format!("level.{level}")) }</span>
                                    { slot(star) }
                                </button>
                            }
                        }) }</span>
                    </div>
                })) }
            </section>
            <section class="players">
                <h2>{ lang.get(if choice.computer.is_some() { "start.your_name" } else { "start.two_players" }) }</h2>
                // Keyed, in a list of their own: player 1's row stays the same row when player 2's
                // goes (see `slot`).
                <>{ for players.take(if choice.computer.is_some() { 1 } else { 2 }) }</>
                // How the two children sit: face to face is theirs to choose, with their names and
                // colours; alone against the computer nobody sits across, and the choice waits.
                { slot(choice.computer.is_none().then(|| toggle("start.face_to_face", "face-to-face", choice.face_to_face,
                    |c| c.face_to_face = !c.face_to_face))) }
            </section>
            <section class="who-starts">
                <h2>{ lang.get("start.who_starts") }</h2>
                // Between two children the youngest starts; against the computer the child chooses.
                { slot(choice.computer.is_none().then(|| html! { <p>{ lang.get("start.youngest") }</p> })) }
                { for (0..2).map(|p| {
                    let d = dispatch.clone();
                    let mut starts = choice.clone();
                    starts.starter = p;
                    let is_starter = choice.starter == p;
                    // With this player starting, they sit South ("You" for a child alone against the
                    // computer who has not typed a name).
                    let name = starts.names(lang).say(lang, Side::South, "board.name", &[]);
                    html! {
                        <button class={classes!("starter", is_starter.then_some("chosen"))} aria-pressed={is_starter.to_string()}
                            id={format!("starter-{}", p + 1)} style={player_style(choice.colours[p])}
                            onclick={Callback::from(move |_| d.dispatch(Action::SetChoice(starts.clone())))}>
                            { slot(choice.computer.filter(|_| p == 1).map(|level| animals::beside_words(level, 24))) }
                            { name }
                        </button>
                    }
                }) }
            </section>
        </main>
    }
}

/// Three of a game's pieces, as its card on the start screen shows them, in an `svg` of class
/// `class`.
fn game_picture(game: GameId, class: &'static str) -> Html {
    let preview = crate::show::Display::of(&crate::Position::new(match game {
        GameId::Kalah => Variant::Kalah(crate::KalahRules::standard(6, 4).expect("in range")),
        other => Choice { game: other, ..Choice::default() }.variant(),
    }));
    let looks: Vec<_> = match game {
        GameId::Banana => vec![crate::show::Look::Banana, crate::show::Look::Grape, crate::show::Look::Apple],
        // The shell is what Kauri is about, and it lies last in a house.
        GameId::Kauri => vec![crate::show::Look::Seed, crate::show::Look::Seed, crate::show::Look::Cowrie],
        _ => preview.holes[0].iter().take(3).copied().collect(),
    };
    html! {
        <svg class={class} viewBox="0 0 90 40" aria-hidden="true">
            { board::symbols() }
            { for looks.iter().enumerate().map(|(i, l)| board::piece(*l, 20.0 + 25.0 * i as f64, 20.0, 26.0)) }
        </svg>
    }
}

/// The holes the player to move can tap.
fn legal_holes(state: &State) -> Vec<Hole> {
    if state.busy() || state.game.is_over() || state.computers_turn() {
        return Vec::new();
    }
    let pos = state.game.position();
    pos.sources().iter().filter_map(|s| hole_of(pos.to_move(), *s)).collect()
}

/// The hole a move of `side`'s starts from (none for a pass).
fn hole_of(side: Side, source: Source) -> Option<Hole> {
    match source {
        Source::House(n) => Some(Hole::house(side, n)),
        Source::Store => Some(Hole::store(side)),
        Source::Pass => None,
    }
}

/// A notice shown over the players' panels.
struct Band {
    text: String,
    close: Callback<MouseEvent>,
}

/// The board screen; `band`, when given, lies over the near player's panel (and, face to face,
/// the far player's).
fn board_screen(state: &State, dispatch: &UseReducerDispatcher<State>, thinker: &thinker::Thinker, band: Option<&Band>) -> Html {
    let lang = state.lang;
    let names = state.names();
    let pos = state.game.position();
    let variant = pos.variant();
    let colour = |side: Side| COLOURS[state.choice.colours[state.choice.player(side)] % COLOURS.len()];
    let style = |side: Side| player_style(state.choice.colours[state.choice.player(side)]);
    // The side whose row is along the top: player 2's (the computer's, against it), whoever
    // starts. So a child alone who lets the computer start still has their own row nearest them
    // (see the board's `flip`), and two children face to face keep their own row, panel and words
    // on their own edge of the tablet when the other one starts: the starter's went to the bottom,
    // in front of the other child, who had only to tap the houses ringed in front of them to play
    // the other's move.
    let far_side = if state.choice.player(Side::South) == 1 { Side::South } else { Side::North };
    // The panels follow the board: while a move is shown, they still tell the position before it.
    let shown = state.shown_position();
    let score = shown.score();
    // What the caption says: a held house's landing, a hint, the last move, or where there is none
    // (before the first move, after moves taken back) the computer thinking, who starts and what to
    // tap, or whose turn it is. The child's move stays said while the computer thinks (its panel's
    // animal rocks meanwhile): "Snail is thinking" took its place at once, before a child had read
    // it, and a screen reader heard it cut off (at once, 50 ms after it came). A move's sentences
    // come as what they tell is shown ([`State::captions_shown`]), each its own piece of the
    // caption, so that a screen reader says the new one alone.
    // A keyboard's look (not a finger's hold) shows its words in a caption of their own, not read
    // out: the caption, read out whenever it changes, said each house's look and then the last
    // move again as the keyboard went from house to house, ten times in a row; a screen reader
    // hears what a house's move would bring in the house's own name instead (`said`).
    let look = state.preview.as_ref().filter(|p| !p.held).map(|p| p.text.clone());
    // Each sentence with the key of its group of pieces of the caption: a move's by the move (see
    // [`state::Told`]), the others by what they are.
    let unhinted = || -> Vec<(String, String)> {
        if state.thinking && state.computers_turn() && state.captions.is_empty() {
            vec![("thinking".into(), lang.fmt("board.thinking", &[("name", names.of(pos.to_move()))]))]
        } else if state.captions.is_empty() {
            // Keyed by the view too: a second Undo in a row whose words are the first one's ("Taken
            // back: it's Leo's turn.") is said again.
            state.opening().or_else(|| state.taken_back()).into_iter().map(|line| (format!("now-{}", state.views_reset), line)).collect()
        } else {
            state.captions_told().into_iter().map(|line| (line.of_move.to_string(), line.words.clone())).collect()
        }
    };
    let held = state.preview.as_ref().filter(|p| p.held);
    let mut caption_lines: Vec<(String, String)> = if let Some(p) = held {
        // Held, a house only shows what it would do: letting go does not play it, and a child who
        // presses slowly saw nothing happen. The caption says how to play it.
        vec![("held".into(), p.text.clone()), ("held".into(), lang.get("preview.tap").to_string())]
    } else if let Some(h) = &state.hint {
        vec![("hint".into(), h.text.clone())]
    } else {
        unhinted()
    };
    // Face to face, a hint is said to the child who asked for it alone, in the caption turned
    // towards them: "Try house 4. You catch 2!" in both captions told the other child, across
    // the tablet, to try a house of their own row (and "Looking for a good move…" that it was
    // being looked for them). The other child's caption goes on saying what it said (the last
    // move, or whose turn it is), and the hinted house's ring shows them both.
    // (A screen reader still hears the far child's hint, from the caption's words for it alone,
    // and the buttons under the board, which serve whoever's turn it is, read it aloud: on a
    // phone, the far child has no "read aloud" of their own.)
    // So is what a house held by a finger would do, to the child whose house it is: "you would
    // play again! To play this house, tap it." told the other child to tap a house of the row
    // across the tablet.
    let for_other = (state.choice.face_to_face_now() && (held.is_some() || state.hint.is_some())).then(unhinted);
    let asker = held.map_or(pos.to_move(), |p| p.from.side());
    let far_hint = state.hint.as_ref().filter(|_| held.is_none() && for_other.is_some() && asker == far_side).map(|h| h.text.clone());
    let mut far_lines = caption_lines.clone();
    // The hint or the held house is the far child's, told in their caption alone.
    let for_far = for_other.is_some() && asker == far_side;
    if let Some(other) = for_other {
        if asker == far_side {
            caption_lines = other;
        } else {
            far_lines = other;
        }
    }
    let turn_said = state.turn_said();
    // The end's words in the caption (why the game ended, who won) are not said by it to a screen
    // reader: the end screen, which comes with them, says them (at the usual speed a screen
    // reader heard the end twice, from the caption and then from the end screen).
    // (Why it ended and who won are told by the end screen below from these same words.)
    let (why_ended, winner_line) = match state.game.outcome() {
        Some(outcome) => (why_game_ended(&state.game, &names, lang), Some(end_line(&outcome, &names, lang))),
        None => (Vec::new(), None),
    };
    let end_words: Vec<&String> = why_ended.iter().chain(&winner_line).collect();
    // A held house's words cover those they take the place of for the eye alone (see
    // [`caption::Group::covered`]): a screen reader heard the last move again as a finger let go.
    // (Face to face, the far child's held house leaves the near child's caption as it was.)
    let covered = if held.is_some() && !for_far { unhinted() } else { Vec::new() };
    // The caption's sentences in groups of the same key.
    let mut caption_groups: Vec<caption::Group> = Vec::new();
    for (covered, (key, line)) in covered.iter().map(|l| (true, l)).chain(caption_lines.iter().map(|l| (false, l))) {
        let sentence = caption::Sentence { words: line.clone(), unsaid: end_words.contains(&line) };
        let key = format!("{}-{key}", state.shown_again);
        match caption_groups.last_mut() {
            Some(last) if last.key == key && last.covered == covered => last.sentences.push(sentence),
            _ => caption_groups.push(caption::Group { key, sentences: vec![sentence], covered }),
        }
    }
    let joined = |lines: &[(String, String)]| lines.iter().map(|(_, line)| line.as_str()).collect::<Vec<_>>().join(" ");
    let caption_text = joined(&caption_lines);
    let shown_text = look.clone().unwrap_or_else(|| caption_text.clone());
    let legal = legal_holes(state);
    let said: Vec<(Hole, String)> = legal.iter().filter_map(|&hole| state.look_said(hole).map(|words| (hole, words))).collect();
    let far_text = look.clone().unwrap_or_else(|| joined(&far_lines));
    let long_for = |text: &str| {
        let letters = text.chars().count();
        [(letters > LONG_CAPTION).then_some("long"), (letters > LONGER_CAPTION).then_some("longer")]
    };
    let long = long_for(&shown_text);
    // Greyed too for a Kauri player without a shell, whose pass comes by itself a moment later:
    // there is nothing to hint, and a hint asked for came back empty, saying nothing.
    let hint_off = state.busy() || state.hint_waiting() || state.game.is_over() || state.computers_turn() || state.must_pass();
    let ask_hint = {
        let d = dispatch.clone();
        let thinker = thinker.clone();
        let position = pos.to_setup();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(Action::Hinting);
            thinker.ask(Task::Hint { position: position.clone(), time_ms: HINT_MS }, HINT_MS);
        })
    };
    // A hint and "read aloud" at the end of a player's panel (`class`: whose, for the style sheet,
    // which shows them where they are needed; see `side_info`). While a notice lies over the panel,
    // beside them, its own "read aloud" reads it, and the panel's is hidden, its place kept: two
    // speakers side by side, reading different words, would leave a child guessing which is which,
    // and the hint beside it does not move.
    // Banana-Cala's "Choose the order" (`id`: under the board, or in the far child's panel,
    // `greyed` there on the other child's turn too), pressed while it is on. Greyed while a move
    // is shown, on the computer's turn and at the end: turned on then, the computer's move turned
    // it off again before the child's turn.
    let arrange_off = state.busy() || state.game.is_over() || state.computers_turn();
    let arrange_button = |id: &'static str, greyed: bool| {
        let d = dispatch.clone();
        html! {
            <button {id} aria-pressed={state.arrange.to_string()} disabled={greyed} aria-label={lang.get("board.arrange")}
                onclick={Callback::from(move |_| d.dispatch(Action::ToggleArrange))}>{ icon(Icon::Arrange) }<span class="word">{ lang.get("board.arrange") }</span></button>
        }
    };
    let panel_tools = |class: &'static str, hint_id: &'static str, read_id: &'static str, read: &str, disabled: bool, notice: bool, undo: Option<Html>, arrange: Option<Html>| html! {
        <span class={classes!("panel-tools", class, notice.then_some("under-notice"))}>
            <button id={hint_id} {disabled} aria-label={lang.get("board.hint")}
                onclick={ask_hint.clone()}>{ icon(Icon::Hint) }<span class="word">{ lang.get("board.hint") }</span></button>
            { slot(undo) }
            { slot(arrange) }
            { read_aloud(read_id, read, lang) }
        </span>
    };
    let side_info = |side: Side| {
        let line_of = |n: i64| tally_words(variant, n, lang);
        let line = line_of(crate::show::tally(shown, side));
        let captured = matches!(variant, Variant::Banana { .. })
            .then(|| caught_fruits(&state.display.captured[side.index()], names.say(lang, side, "board.captured", &[]), lang));
        let turn = shown.to_move() == side && (state.busy() || !state.game.is_over());
        let turn_words = names.say(lang, side, "board.turn", &[]);
        // The computer's animal rocks gently while it thinks: a sign for a child who cannot read
        // "Bunny is thinking".
        let computers = state.choice.computer_side() == Some(side);
        let thinking = computers && state.thinking && state.computers_turn();
        // A notice lies over the panel: the near one's, and face to face the far one's too (turned
        // with it).
        let near = side != far_side;
        let band = band.filter(|_| near || state.choice.face_to_face_now());
        let noticed = band.is_some();
        let band = band.map(|b| {
            let (id, read, words) = if near { ("notice", "read-notice", "words") } else { ("notice-far", "read-notice-far", "turned-words") };
            html! {
                <div {id} class="notice band" aria-hidden={(!near).then_some("true")} onclick={b.close.clone()}>
                    { notice_words(read, words, &b.text, lang) }
                </div>
            }
        });
        // Face to face on a tablet, the child across the table has a hint and "read aloud" of their
        // own, at their end of their panel (its height unchanged), rather than upside down on the
        // other child's edge, a long reach away. The hint is theirs: greyed on the other child's
        // turn. Not on a phone (see the style sheet), which both children reach across.
        let far_tools = (!near && state.choice.face_to_face_now())
            .then(|| {
                // In Banana-Cala, their own "Choose the order" too (its picture alone): a house's
                // fruits in an order of their choosing were the near child's alone, whose button's
                // words lie upside down to them across the tablet.
                let arrange = matches!(variant, Variant::Banana { .. })
                    .then(|| arrange_button("arrange-far", arrange_off || pos.to_move() != side));
                // And their own Undo (its picture alone, the right way round for them: the shared
                // one's arrow, turned over, pointed as Redo's does), for a slip of their finger;
                // like the shared one, for either child's move.
                let d = dispatch.clone();
                let undo = html! {
                    <button id="undo-far" disabled={state.undone().is_none()} aria-label={lang.get("board.undo")}
                        onclick={Callback::from(move |_| d.dispatch(Action::Undo))}>{ icon(Icon::Undo) }<span class="word">{ lang.get("board.undo") }</span></button>
                };
                panel_tools("far-tools", "hint-far", "read-aloud-far", &far_text, hint_off || pos.to_move() != side, noticed, Some(undo), arrange)
            });
        // On a phone held sideways the board and both panels fill the screen, and the hint under
        // them is below its edge: against the computer, the child has a hint and "read aloud" at
        // the end of their own panel, the near one, there (see the style sheet), as the far child
        // has face to face on a tablet. (Two children share the buttons under the board, which
        // serve whoever's turn it is: in one child's panel they would look like that child's.)
        let near_tools = (near && state.choice.computer.is_some()).then(|| panel_tools("near-tools", "hint-near", "read-aloud-near", &shown_text, hint_off, noticed, None, None));
        // The name alone, for the style sheet to show instead of "Charlotte's turn" where the
        // child's panel has no room for both and the hint and "read aloud" beside them (Banana-
        // Cala against the computer on the smallest phones held sideways, whose panel has the
        // fruits caught too): the panel's ring and the bold name still say whose turn it is, and
        // a child who cannot read yet has "read aloud" on the screen for what happened.
        let name_words = names.say(lang, side, "board.name", &[]);
        let name_alone = (near_tools.is_some() && matches!(variant, Variant::Banana { .. })).then(|| html! {
            <span class="fit name-fit name-alone" style={format!("--letters:{}", name_words.chars().count())}>
                <span class="name">{ name_words.clone() }</span>
                <span class="room name-room" aria-hidden="true">{ name_words.clone() }</span>
            </span>
        });
        html! {
            <div class={classes!("side-info", side.name(), turn.then_some("turn"), (side == far_side).then_some("far"), far_tools.is_some().then_some("with-tools"),
                    near_tools.is_some().then_some("with-near-tools"),
                    computers.then_some("with-animal"), thinking.then_some("thinking"))}
                id={format!("info-{}", side.name())}
                style={style(side)}>
                { slot(state.choice.computer.filter(|_| computers).map(|level| animals::beside_words(level, 36))) }
                // Each line of words keeps the room of its widest (the turn, bold; two digits), so
                // that a panel on a phone is as high all game: a line that wrapped on one child's
                // turn alone (in French, "À Joueur 1 de jouer 13 points") moved every button below
                // it, from one turn to the next, as a child reached for one.
                // How many letters the widest is, for the style sheet: where the line is short (on a
                // phone held sideways, in Banana-Cala on a tablet held sideways too), the words get
                // smaller as far as they need.
                <span class="fit name-fit" style={format!("--letters:{}", turn_words.chars().count())}>
                    <span class="name">{ if turn { turn_words.clone() } else { name_words.clone() } }</span>
                    <span class="room name-room" aria-hidden="true">{ turn_words }</span>
                </span>
                { slot(name_alone) }
                <span class="fit">
                    <span class="score" id={format!("score-{}", side.name())} data-score={score[side].to_string()}>{ line }</span>
                    <span class="room" aria-hidden="true">{ line_of(88) }</span>
                </span>
                { slot(captured) }
                { slot(far_tools) }
                { slot(near_tools) }
                { slot(band) }
            </div>
        }
    };
    // What the board reports of a hole: a tap, a hold and its end, the keyboard on it and off it.
    let on_hole = |action: fn(Hole) -> Action| {
        let d = dispatch.clone();
        Callback::from(move |hole: Hole| d.dispatch(action(hole)))
    };
    let (ontap, onhold, onletgo) = (on_hole(Action::Tap), on_hole(Action::Hold), on_hole(Action::LetGo));
    let (onlook, onlookaway) = (on_hole(Action::Look), on_hole(Action::LookAway));
    let onpress = {
        let d = dispatch.clone();
        Callback::from(move |()| d.dispatch(Action::Press))
    };
    let picker = state.pick.map(|pick| {
        let order = pick.order;
        let (pool, max) = state.pick_pool(pick.source);
        // The order is full at six fruits, or with every fruit of a store of fewer picked (then
        // too every fruit is disabled, and the keyboard's focus went on to "Not now", which a
        // child pressing Enter again took, throwing the order away).
        let full = order.len() >= max.min(pool.total() as usize);
        let fruits = Piece::FRUITS.iter().map(|&f| {
            let d = dispatch.clone();
            let left = pool.count(f).saturating_sub(order.pile().count(f));
            let letter = f.letter().to_string();
            html! {
                // With the order full, every fruit is disabled: the keyboard's focus goes on to
                // "Sow!"; with only this one's kind used up, to the first fruit still to pick.
                <button class="fruit" data-fruit={letter} disabled={left == 0 || order.len() >= max}
                    data-focus-then={if full { "#sow" } else { "#store-picker .fruit:not([disabled])" }}
                    aria-label={format!("{} ({left})", look_of(f).said(lang))}
                    onclick={Callback::from(move |_| d.dispatch(Action::PickFruit(f)))}>
                    <svg viewBox="0 0 24 24" aria-hidden="true">{ board::symbols() }{ board::piece(look_of(f), 12.0, 12.0, 22.0) }</svg>
                    <span>{ left }</span>
                </button>
            }
        });
        let d1 = dispatch.clone();
        let d2 = dispatch.clone();
        let d3 = dispatch.clone();
        // Face to face, the player across the table chooses on their own edge of the tablet, the
        // chooser turned towards them over their end of the board (which the sowing only uses once
        // the chooser has closed), rather than upside down on the other child's edge.
        let far = state.choice.face_to_face_now() && pos.to_move() == far_side;
        // The near child's, face to face, lies along their own edge of the screen as the far
        // child's lies along theirs (see the style sheet): under the board, brought into view, it
        // scrolled the far child's panel and row off the top of an upright phone while it was open.
        let near = state.choice.face_to_face_now() && !far;
        // Otherwise, where the style sheet lays it over the screen on a phone held sideways, it
        // lies over the other player's end of the board, the end away from the row of the child
        // choosing: under the board, brought into view, it scrolled the board up by 232 pixels
        // (844 by 390), the store the child had just tapped and the other player's row off the
        // top of the screen, and back again after "Sow!", twice at every store move, which
        // Banana-Cala opens with. (Held upright, the style sheet places it alike for both.)
        let over = (!state.choice.face_to_face_now()).then(|| if pos.to_move() == far_side { "over-bottom" } else { "over-top" });
        // The fruits picked lie in the chooser as they will on the board: the first, dropped into
        // the house beside the store, on the right, the next to its left, for a child whose row
        // is along the bottom of the screen (whose sowing goes from right to left there), and for
        // the far child face to face, in their chooser turned towards them. Left to right only for
        // the player whose row is along the top of a board not turned for them (two children side
        // by side), whose sowing goes that way on the screen. (Listed left to right for everyone,
        // the fruits chosen "banana, grape, apple" lay "apple, grape, banana" in the houses.)
        let mirrored = far || pos.to_move() != far_side;
        let pick_words = lang.get(if pick.source == Source::Store { "board.store_pick" } else { "board.house_pick" });
        let asked = state.notice.as_ref().filter(|n| n.beckon);
        let beckon = asked.map(|n| n.serial);
        // On a phone held sideways the chooser fills the screen's height and the notice at its top
        // lay over the chooser's words: there (see the style sheet) the notice is in the chooser
        // instead, over its words, which it stands for while it shows (turned with it, face to face).
        let in_chooser = asked.map(|n| {
            let d = dispatch.clone();
            html! {
                <span id="notice-in-chooser" class="notice band in-chooser"
                    onclick={Callback::from(move |_: MouseEvent| d.dispatch(Action::DismissNotice))}>
                    { notice_words("read-notice-in-chooser", "words", n.text(lang), lang) }
                </span>
            }
        });
        html! {
            // A group named by its words, so that a screen reader on a fruit hears what the fruits are for.
            // Outlined in the colour of the child choosing (face to face it was a blue that read as
            // the other child's).
            <div id="store-picker" class={classes!("picker", far.then_some("far"), near.then_some("near"), over)} data-source={match pick.source { Source::House(h) => h.to_string(), _ => "store".to_string() }}
                style={format!("--chooser:{}", colour(pos.to_move()))}
                role="group" aria-labelledby="pick-words">
                // After a pale "Sow!" tapped, its words light up too, right above the fruits, for a
                // child who reads: the notice is often at the other end of the screen.
                // With its "read aloud" (its picture alone) for a child who cannot read what to
                // do: the caption's lies under the chooser, or reads the last move.
                <p class={classes!(beckon.map(|_| "asked"))}>
                    { read_aloud("read-pick", pick_words, lang) }
                    <span id="pick-words">{ pick_words }</span>{ slot(in_chooser) }
                </p>
                // After a pale "Sow!" tapped, the fruits still to tap beckon, each time anew: one
                // notice's hops and the next one's have different names, and a new name restarts
                // them (a new key would too, but would take the keyboard's focus off a fruit).
                <div class={classes!("fruits", beckon.map(|_| "beckon"), beckon.filter(|s| s % 2 == 1).map(|_| "again"))}>{ for fruits }</div>
                <div class="order" aria-live="polite" data-order={order.to_string()} data-first={if mirrored { "right" } else { "left" }}>
                    // The fruits picked so far, in order, centred under the fruits to pick from,
                    // lying as they will on the board (see `mirrored`).
                    <svg viewBox={format!("0 0 {} 24", 26 * order.len().max(6))} aria-hidden="true">{ board::symbols() }
                        { for order.iter().enumerate().map(|(i, f)| {
                            let width = 26.0 * order.len().max(6) as f64;
                            let first = 13.0 * (order.len().max(6) - order.len()) as f64;
                            let x = first + 13.0 + 26.0 * i as f64;
                            board::piece(look_of(f), if mirrored { width - x } else { x }, 12.0, 22.0)
                        }) }
                    </svg>
                    // Said as they are picked: the picture alone said nothing. None picked (after
                    // "Start again") is said too: the empty line said nothing, as if the tap had
                    // not been taken.
                    <span class="visually-hidden">{ if order.is_empty() { lang.get("board.pick_none").to_string() } else { fruits_said(order.iter(), lang) } }</span>
                </div>
                <div class="picker-buttons">
                    <button id="close-pick" onclick={Callback::from(move |_| d3.dispatch(Action::ClosePick))}>{ lang.get("board.close_pick") }</button>
                    <button id="clear-pick" onclick={Callback::from(move |_| d1.dispatch(Action::ClearPick))}>{ lang.get("board.clear") }</button>
                </div>
                // Pale until the fruits are chosen, but still tappable: a tap then says what to do first.
                <button id="sow" class="play-button" aria-disabled={(!state.pick_complete(pick)).to_string()}
                    onclick={Callback::from(move |_| d2.dispatch(Action::SowPick))}>{ lang.get("board.sow") }</button>
            </div>
        }
    });
    let button = |id: &'static str, key: &'static str, picture: Icon, action: Action, enabled: bool| {
        let d = dispatch.clone();
        html! {
            // Undo with nothing left to take back hands the keyboard's focus to Redo, and Redo to
            // Undo ([`device::use_focus_kept`]); Show again, during its replay, to Undo.
            <button id={id} disabled={!enabled} onclick={Callback::from(move |_| d.dispatch(action.clone()))}
                data-focus-then={match id { "undo" => Some("#redo"), "redo" | "show-again" => Some("#undo"), _ => None }}>
                { icon(picture) }{ lang.get(key) }
            </button>
        }
    };
    let speed_select = {
        let d = dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            d.dispatch(Action::SetSpeed(Speed::from_key(&value).unwrap_or(Speed::Normal)));
        });
        let option = |speed: Speed| {
            let words = match speed {
                Speed::Slow => "board.speed.slow",
                Speed::Normal => "board.speed.normal",
                Speed::Fast => "board.speed.fast",
                Speed::Instant => "board.skip",
            };
            html! { <option value={speed.key()} selected={state.speed == speed}>{ lang.get(words) }</option> }
        };
        html! {
            <label class="speed"><span>{ lang.get("board.speed") }</span>
                <select id="speed" {onchange}>{ for Speed::ALL.into_iter().map(option) }</select>
            </label>
        }
    };
    // The list of moves, for a grown-up looking back over the game: each with its number (part of
    // the item, not the list's own marker, which lay over the gap before it and ran into the move
    // before: "1. 12. 13. 2"), a dot of the colour of who played it (their name for a screen
    // reader, "You" for a child alone against the computer who gave none, as their panel says),
    // and what it was: a house's number, the store, the fruits in the order they were dropped
    // (their pictures, not the notation's English letters), or a pass. The notation stays in
    // `data-move`.
    let moves: Vec<Html> = state.game.moves().iter().zip(state.game.history()).enumerate().map(|(i, (&m, before))| {
        let side = before.to_move();
        let fruits = |order: crate::FruitOrder| html! {
            <span class="move-fruits">
                <svg viewBox={format!("0 0 {} 24", 24 * order.len())} aria-hidden="true">
                    { for order.iter().enumerate().map(|(k, f)| board::piece(look_of(f), 12.0 + 24.0 * k as f64, 12.0, 22.0)) }
                </svg>
                // Apart from the word before it ("store"), in the game's language.
                <span class="visually-hidden">{ format!(" {}", fruits_said(order.iter(), lang)) }</span>
            </span>
        };
        // A house's number says "house" to a screen reader ("Mia: 5" said nothing of what 5 was;
        // the store's move says "store").
        let house = |h: u8| html! { <><span class="visually-hidden">{ format!("{} ", lang.get("board.move.house")) }</span><span>{ h }</span></> };
        let what = match m {
            Move::House(h) => house(h),
            Move::HouseInOrder(h, order) => html! { <>{ house(h) }{ fruits(order) }</> },
            Move::Store(order) => html! { <><span>{ lang.get("board.move.store") }</span>{ fruits(order) }</> },
            Move::Pass => html! { <span>{ lang.get("board.move.pass") }</span> },
        };
        html! {
            <li class={side.name()} style={style(side)} data-move={m.to_string()}>
                <span class="n">{ format!("{}.", i + 1) }</span>
                <span class="dot" aria-hidden="true"></span>
                <span class="visually-hidden">{ lang.fmt("board.move_by", &[("name", &names.say(lang, side, "board.name", &[]))]) }</span>
                { what }
            </li>
        }
    }).collect();
    let end = state.end_shown().then(|| {
        let outcome = state.game.outcome().expect("the game is over");
        // Why it ended, for a child who was not watching the last move (or whose caption the end
        // screen now covers).
        let why = why_ended.clone();
        let d1 = dispatch.clone();
        let d2 = dispatch.clone();
        // A child who beat the computer is offered the next level, by its name and picture; a child
        // it beat, the one below.
        let other_level = state.offered_level().map(|level| {
            let d = dispatch.clone();
            let name = lang.get(&format!("level.{level}"));
            let id = if Some(level) > state.choice.computer { "next-level" } else { "easier-level" };
            html! {
                <button {id} data-level={level.to_string()} onclick={Callback::from(move |_| d.dispatch(Action::OtherLevel))}>
                    { animals::beside_words(level, 30) }
                    { lang.fmt("end.next_level", &[("name", name)]) }
                </button>
            }
        });
        // A child who lost to the computer (or drew) may go back to the turn that mattered, the
        // better move glowing there. The worker's look back may answer after the end screen is up:
        // the button's place is kept from the start (empty and unseen until then, and for good if
        // there is no turn), last in the column, so that no button moves under a child's finger
        // when it comes.
        let try_turn = state.wants_review().map(|_| match &state.turn_back {
            Some(turn) => {
                let d = dispatch.clone();
                html! {
                    <button id="try-turn" data-index={turn.index.to_string()} onclick={Callback::from(move |_| d.dispatch(Action::TryTurn))}>
                        { icon(Icon::TryTurn) }{ lang.get("end.try_turn") }
                    </button>
                }
            }
            None => html! {
                <button id="try-turn-place" class="kept-place" disabled=true tabindex="-1" aria-hidden="true">
                    { icon(Icon::TryTurn) }{ lang.get("end.try_turn") }
                </button>
            },
        });
        // Two children who play each other may take back the move that ended the game, as every
        // move before it, and as at a real board when both agree (a slip of a finger ended it
        // for good; the board's "Undo" lies under the end screen). Against the computer the
        // child who lost or drew goes back to the turn that mattered (above), and one who won
        // keeps the win.
        let take_back = (state.choice.computer.is_none() && state.undone().is_some()).then(|| {
            let d = dispatch.clone();
            html! {
                <button id="take-back" onclick={Callback::from(move |_| d.dispatch(Action::Undo))}>
                    { icon(Icon::Undo) }{ lang.get("end.take_back") }
                </button>
            }
        });
        let winner = winner_line.clone().unwrap_or_default();
        // The winner in their colour, big, for a child who cannot read the words yet (the colour
        // they chose, or the computer's animal): both players' for a draw.
        let winners = outcome.winner.map_or(vec![Side::South, Side::North], |w| vec![w]);
        let won = outcome.winner.is_some();
        // A child alone whom the computer beat gets kind words instead of confetti for the computer.
        let computer_won = won && outcome.winner == state.choice.computer_side();
        let kind_words = computer_won.then(|| lang.get("end.good_try").to_string());
        // The first win against an animal at this game earns its star (then shown on the start
        // screen's level button).
        let new_star = state.star_earned().filter(|_| state.new_star).map(|level| {
            lang.fmt("end.new_star", &[("name", lang.get(&format!("level.{level}")))])
        });
        // Against the computer, the five animals in a row, a star on each one this child has beaten
        // at this game and the one just played ringed: how far they have come, and what is next,
        // without reading.
        let ladder = state.choice.computer.map(|played| {
            let stars = state.stars.of(state.choice.child_name());
            let shelf = Shelf::of(state.game.variant());
            let beaten = LEVELS.iter().filter(|&&level| stars.has(shelf, level)).count();
            let rungs = LEVELS.into_iter().map(|level| {
                let star = stars.has(shelf, level);
                let new = star && level == played && state.new_star;
                html! {
                    <span class={classes!("rung", (level == played).then_some("played"), new.then_some("new"))}
                        data-level={level.to_string()} data-star={star.to_string()}>
                        { animals::animal(level, 36) }
                        { slot(star.then(|| html! { <span class="rung-star">{ animals::star(24) }</span> })) }
                    </span>
                }
            });
            html! {
                <div id="animal-ladder" role="img" aria-label={lang.fmt("end.ladder", &[("count", &beaten.to_string())])}>
                    { for rungs }
                </div>
            }
        });
        let discs = winners.into_iter().map(|side| {
            let computers = state.choice.computer_side() == Some(side);
            let animal = state.choice.computer.filter(|_| computers).map(|level| animals::animal(level, 56));
            // A crown on a child's colour; the computer shows its animal.
            let crown = (won && animal.is_none()).then(|| html! {
                <svg class="crown" viewBox="0 0 24 24" width="48" height="48">
                    <path d="M3 17 L4.5 7 L9 11.5 L12 4.5 L15 11.5 L19.5 7 L21 17 Z" fill="#ffd23f" stroke="#8f6b00" stroke-width="1.2" stroke-linejoin="round"/>
                    <rect x="3" y="17.5" width="18" height="3" rx="1" fill="#ffd23f" stroke="#8f6b00" stroke-width="1.2"/>
                    <circle cx="12" cy="4.5" r="1.4" fill="#e84393"/>
                </svg>
            });
            html! {
                <span class="winner-disc" data-side={side.name()} style={style(side)}>
                    { slot(animal) }{ slot(crown) }
                    // The winner's mark, as beside their name: the disc's colour alone did not
                    // say whose it was to a child who sees two players' colours alike.
                    <span class="mark-badge" aria-hidden="true"></span>
                </span>
            }
        });
        // Each player's points beside their name and dot, the winner's first ("Snail: 16 points,
        // Mia: 8 points"): two bare numbers, the near player's first, left a child wondering whose
        // was whose, the winner's often last. In Kid-Cala beginner, where the stores decide
        // nothing, what each still had to empty, as their panels count it: the winner's 0 first.
        let order = outcome.winner.map_or([far_side.other(), far_side], |w| [w, w.other()]);
        let tallies = order.map(|side| {
            let n = match variant {
                Variant::KidCalaBeginner => crate::show::tally(pos, side),
                _ => i64::from(outcome.score[side]),
            };
            let name = names.say(lang, side, "board.name", &[]);
            (side, lang.fmt("end.tally", &[("name", &name), ("points", &tally_words(variant, n, lang))]))
        });
        let score = tallies.iter().map(|(_, words)| words.as_str()).collect::<Vec<_>>().join(", ");
        let score_html = |id: Option<&'static str>| html! {
            <p {id} class="final-score">
                // The comma between the two is for a screen reader, inside the first: one hidden the
                // usual way (taken out of the flow) was a piece of its own, and the dialog's
                // description said "16 points , Player 1: 12 points".
                { for tallies.iter().enumerate().map(|(i, (side, words))| html! {
                    <span class="tally" data-side={side.name()} style={style(*side)}>
                        { words.clone() }
                        { slot((i + 1 < tallies.len()).then(|| html! { <span class="said-only">{ ", " }</span> })) }
                    </span>
                }) }
            </p>
        };
        // Face to face, who won and the score are written turned towards the child across the
        // table too, on their edge of the screen.
        // Why the game ended too, where the screen has room for it (not on a phone: the style
        // sheet leaves it out there): the far child who ran out of fruit read only "It's a draw!".
        let far_words = state.choice.face_to_face_now().then(|| html! {
            <div id="far-winner" class="upside-down" aria-hidden="true">
                <h2>{ winner.clone() }</h2>
                { slot((!why.is_empty()).then(|| html! { <p class="far-why">{ why.join(" ") }</p> })) }
                { score_html(None) }
            </div>
        });
        let spoken = std::iter::once(winner.clone())
            .chain(why.iter().cloned())
            .chain(std::iter::once(format!("{score}.")))
            .chain(new_star.clone())
            .chain(kind_words.clone())
            // Going back is offered by a picture too (an arrow, a light bulb): said, it can be found.
            .chain(state.turn_back.is_some().then(|| lang.get("end.try_turn_said").to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        let described = ["why-ended", "final-score"]
            .into_iter()
            .chain(new_star.is_some().then_some("new-star"))
            .chain(kind_words.is_some().then_some("kind-words"))
            .collect::<Vec<_>>()
            .join(" ");
        html! {
            // Named by who won, described by why the game ended and the score: at once (with
            // no motion) the last caption changed as the board went out of reach, and was not said.
            // The new star and the kind words for a child the computer beat too, which were shown
            // and never said.
            <div id="end-screen" class="end" role="dialog" aria-modal="true" aria-labelledby="winner" aria-describedby={described}>
                { slot((!computer_won).then(|| html! {
                    // Each piece with its place on the screen, where it stays, scattered, on a
                    // tablet set to reduce motion, whose confetti cannot fall.
                    <div class="confetti" aria-hidden="true">{ for (0..24).map(|i| html! {
                        <i style={format!("--i:{i}; --y:{}%", 4 + (i * 37) % 88)}></i>
                    }) }</div>
                })) }
                // The words above the buttons; on a phone held sideways, beside them, so that the
                // buttons are on the screen without scrolling.
                <div class="end-words">
                    { slot(far_words) }
                    <div id="winner-picture" aria-hidden="true">{ for discs }</div>
                    // Beside who won, for a child who cannot read yet: who won, why, the score and
                    // the kind words, read aloud.
                    <div class="end-title">
                        <h2 id="winner" data-winner={outcome.winner.map_or("draw", |s| s.name())}>{ winner }</h2>
                        { read_aloud("read-end", &spoken, lang) }
                    </div>
                    { slot((!why.is_empty()).then(|| html! { <p id="why-ended">{ why.join(" ") }</p> })) }
                    { score_html(Some("final-score")) }
                    { slot(new_star.map(|words| html! { <p id="new-star">{ animals::star(44) }<span>{ words }</span></p> })) }
                    { slot(kind_words.map(|words| html! { <p id="kind-words">{ words }</p> })) }
                    { slot(ladder) }
                </div>
                <div class="end-buttons">
                    <button id="play-again" class="play-button" onclick={Callback::from(move |_| d1.dispatch(Action::PlayAgain))}>{ icon(Icon::Again) }{ lang.get("end.play_again") }</button>
                    { slot(other_level) }
                    <button id="choose-game" onclick={Callback::from(move |_| d2.dispatch(Action::Menu))}>{ icon(Icon::Menu) }{ lang.get("end.other_game") }</button>
                    { slot(try_turn) }
                    { slot(take_back) }
                </div>
            </div>
        }
    });
    let mute = {
        let d = dispatch.clone();
        // A switch: its word stays "Sound", pressed while the sound is on, its picture a speaker
        // or a speaker crossed out. (Its word once said what a tap would do, "Sound off" while the
        // sound was on, beside a picture of what is: the two disagreed, and a screen reader said
        // "Sound on, pressed" with the sound off.)
        html! {
            <button id="mute" aria-pressed={state.sound.to_string()} onclick={Callback::from(move |_| d.dispatch(Action::ToggleSound))}>
                { icon(if state.sound { Icon::Sound } else { Icon::Muted }) }{ lang.get("board.sound") }
            </button>
        }
    };
    // A tap on the board while pieces move shows the move's end at once; not the second tap of a
    // double tap (or click), whose first started the move: a small child often taps twice.
    let d_finish = dispatch.clone();
    let busy = state.busy();
    // The hint is there on every turn, greyed on the computer's: were it taken away, the buttons
    // beside it would move just as a child reaches for "Undo" after a move.
    let hint_button = html! {
        <button id="hint" disabled={hint_off} onclick={ask_hint.clone()}>{ icon(Icon::Hint) }{ lang.get("board.hint") }</button>
    };
    // "Try again" lies over the middle of the board, where the child is looking, on the
    // computer's turn (the only time it shows): nothing around the board moves for it.
    let retry = state.computer_stuck.then(|| {
        let d = dispatch.clone();
        html! {
            <button id="computer-retry" class="play-button" onclick={Callback::from(move |_| d.dispatch(Action::RetryComputer))}>
                { lang.get("board.retry") }
            </button>
        }
    });
    // Under the rules and the end of a game, nothing of the board can be reached: the keyboard stays
    // in them, as the eyes do.
    let out_of_reach = (state.rules.is_some() || end.is_some()).then_some("");
    // The houses that may be played pulse gently for a child who has not tapped one a while before
    // the first move, and while a refused tap's notice shows, beside the refused house shaking: a
    // child who cannot read why sees where to tap instead (the other child's houses, if it is their
    // turn; none while the computer plays, whose houses are not the child's to tap).
    let nudge = (state.nudge && state.opening().is_some()) || state.notice.as_ref().is_some_and(|n| n.hole.is_some());
    html! {
        <>
        <main class="playing" inert={out_of_reach} data-game={GameId::of(variant).key()} data-variant={variant.to_string()}
            data-to-move={pos.to_move().name()}>
            // The game's name, as a heading for a screen reader to find its way by (the screen had
            // none). Hidden, and first: the style sheet's "first" on this screen is what follows it.
            <h1 class="visually-hidden">{ GameId::of(variant).name(lang) }</h1>
            { slot(state.choice.face_to_face_now().then(|| html! {
                // The same words, turned towards the player on the far side of the tablet.
                <p class={classes!("caption", "upside-down", long_for(&far_text))} aria-hidden="true">{ far_text.clone() }</p>
            })) }
            { side_info(far_side) }
            <div class={classes!("board-wrap", nudge.then_some("nudge"))} onclick={Callback::from(move |e: MouseEvent| if busy && e.detail() <= 1 { d_finish.dispatch(Action::Finish) })}>
                <Board display={state.display.clone()} {legal} names={names.clone()} said={said}
                    lang={lang} face_to_face={state.choice.face_to_face_now()}
                    refused={state.notice.as_ref().and_then(|n| n.hole)} refused_serial={state.notice.as_ref().map_or(0, |n| n.serial)}
                    {ontap} {onhold} {onletgo} {onpress} {onlook} {onlookaway} let_go={state.let_go.is_some()}
                    held={state.preview.as_ref().filter(|p| p.held).map(|p| p.from)}
                    hint={state.hint_hole()} marks={state.marks().cloned().unwrap_or_default()}
                    picking={state.pick.as_ref().and_then(|p| hole_of(pos.to_move(), p.source))}
                    played={state.played_last().map(|(hole, side)| (hole, colour(side)))}
                    flip={far_side == Side::South} />
                { slot(retry) }
            </div>
            { side_info(far_side.other()) }
            <div class="caption-row">
                <p id="caption" class={classes!("caption", long, look.is_some().then_some("visually-hidden"))} aria-live="polite"
                    data-hint={state.hint.as_ref().and_then(|h| h.play).map(|m| m.to_string())}>
                    // One box for the sentences, so that they run on as one paragraph: each its
                    // own box of the caption's (centred as a flex box) lay side by side in narrow
                    // columns on a tablet held upright, and with no space between them held
                    // sideways ("...house 3.The last one...").
                    // A group of pieces for each move told (or a hint, a held house's words...),
                    // keyed by what it tells (above), and by the turns shown again too: a turn
                    // shown again says its words again (the same words kept their pieces, and a
                    // screen reader heard nothing of the replay). In it, a piece for each
                    // sentence, put in after those before it as they come true, so that a screen
                    // reader says the new one alone (see [`caption`]).
                    <caption::CaptionWords groups={caption_groups} />
                    { slot(far_hint.map(|words| html! { <span class="visually-hidden" key="far-hint">{ format!(" {words}") }</span> })) }
                </p>
                { slot(look.map(|words| html! { <p id="look-caption" class={classes!("caption", long)} aria-hidden="true">{ words }</p> })) }
                { read_aloud("read-aloud", if pos.to_move() == far_side { &far_text } else { &shown_text }, lang) }
            </div>
            // Said after the caption's words, in a line of its own, so that the caption is what
            // the screen shows. Its words are new words for each move shown (a key of its own),
            // so that the same player's turn again is said again: at once, where a move is never
            // seen being shown, the same words stayed, and a screen reader said nothing.
            <p id="turn-said" class="visually-hidden" aria-live="polite">
                { slot(turn_said.map(|words| html! { <span key={state.moves_shown}>{ words }</span> })) }
            </p>
            { slot(picker) }
            <nav class="controls">
                // Undo right after the hint, then "Show again", then redo (seldom needed): on a
                // phone held upright these buttons take several rows, the last below the screen's
                // edge, and a child who tapped the wrong house finds the way back beside the hint,
                // in its row where the two fit (after "Show again" it was in the second or third
                // row, below the edge with the hint on the screen, on the smallest phones and
                // with bigger words).
                { hint_button }
                { button("undo", "board.undo", Icon::Undo, Action::Undo, state.undone().is_some()) }
                { button("show-again", "board.again", Icon::Again, Action::ShowAgain, state.can_show_again()) }
                { button("redo", "board.redo", Icon::Redo, Action::Redo, state.game.can_redo()) }
                { button("rules", "board.rules", Icon::Rules, Action::Rules(Some(GameId::of(variant))), true) }
                { button("menu", "board.menu", Icon::Menu, Action::Menu, true) }
                { mute }
                { slot(matches!(variant, Variant::Banana { .. }).then(|| arrange_button("arrange", arrange_off))) }
                { speed_select }
            </nav>
            // The game and how it is set up, for a grown-up (`show::setup_words`): below what a
            // child taps, so that nothing moves for it, and above the list of moves, which opens
            // below it (on a tablet held sideways over what lies under it: the moves were written
            // through this line).
            <p id="game-setup" class="game-setup">
                { crate::show::setup_words(variant, GameId::of(variant).name(lang), lang) }
            </p>
            // Opened, it is scrolled into view, as little as needed: below the screen's edge (on a
            // phone, after a few moves), the tap seemed to do nothing.
            <details class="move-list" ontoggle={Callback::from(|e: Event| {
                if e.target_dyn_into::<web_sys::Element>().is_some_and(|d| d.has_attribute("open")) {
                    device::show_whole("moves", false);
                }
            })}><summary>{ lang.get("board.moves") }</summary>
                // (A list for a screen reader still, without its markers: Safari's needs telling.)
                <ol id="moves" role="list">{ for moves }</ol>
            </details>
        </main>
        // Beside the board rather than in it, so that the board can be out of reach under it.
        { slot(end) }
        </>
    }
}

fn look_of(fruit: Piece) -> crate::show::Look {
    match fruit {
        Piece::Banana => crate::show::Look::Banana,
        Piece::Grape => crate::show::Look::Grape,
        Piece::Apple => crate::show::Look::Apple,
        _ => crate::show::Look::Orange,
    }
}

/// Fruits in order, named in `lang` for a screen reader ("grape, apple, banana").
fn fruits_said(fruits: impl Iterator<Item = Piece>, lang: Lang) -> String {
    fruits.map(|f| look_of(f).said(lang)).collect::<Vec<_>>().join(", ")
}

fn rules_panel(state: &State, game: GameId, dispatch: &UseReducerDispatcher<State>) -> Html {
    let lang = state.lang;
    // The options in force: those of the game being played, or those kept on the start screen for
    // that game, which "Play!" starts it with, whichever game's card is chosen there (a grown-up
    // comparing the games with their "?" read Kalah's plain rules while Kalah of 5 seeds with relay
    // sowing was kept for it).
    let variant = if state.screen == Screen::Board && GameId::of(state.game.variant()) == game {
        state.game.variant()
    } else {
        Choice { game, ..state.choice.clone() }.variant()
    };
    let lines = crate::show::rules_lines(lang, game.key(), Some(variant));
    // As slow as the game's moves (but at least half their normal time for a step, where they are
    // quicker or shown at once: a game to watch is followed step by step).
    let pace = f64::from(state.speed.step_ms().max(Speed::Normal.step_ms() / 2)) / f64::from(Speed::Normal.step_ms());
    let d = dispatch.clone();
    let d_corner = dispatch.clone();
    html! {
        <div id="rules-panel" class="rules" role="dialog" aria-modal="true" aria-labelledby="rules-title" data-game={game.key()}>
            // The rules are longer than a screen: a cross in the top corner, on the screen however
            // far they are scrolled, closes them too, and "read aloud" comes before the words, for
            // a child who cannot read them.
            <button id="close-rules-corner" class="close-corner" aria-label={lang.get("rules.close")}
                onclick={Callback::from(move |_| d_corner.dispatch(Action::Rules(None)))}>{ icon(Icon::Close) }</button>
            <h2 id="rules-title">{ game.name(lang) }</h2>
            // How the game is set up, options and all, in one line a teacher finds at once (the
            // options' rules lie among the others below), under the game's name: the line leaves
            // it out, and is left out where it would say nothing else ("Kauri" under "Kauri").
            { slot(crate::show::setup_details(variant, lang).map(|words| html! { <p id="rules-setup" class="game-setup">{ words }</p> })) }
            { read_aloud("read-rules", &lines.join(" "), lang) }
            // "Watch a game" under "read aloud", the game watched in the picture's place.
            <watch::Watch variant={variant} {lang} pace={pace} picture={rules_picture(variant)} sound={state.sound} />
            <ol>{ for lines.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
            <button id="close-rules" class="play-button" onclick={Callback::from(move |_| d.dispatch(Action::Rules(None)))}>{ lang.get("rules.close") }</button>
        </div>
    }
}

/// What is shown only at times (the rules, a notice, the fruit chooser, the end of a game...), in a
/// place of its own among its neighbours whether it is shown or not.
///
/// Yew lays `{ for item }` into its parent's list of children, and matches the old children with
/// the new ones counting from the last: an element coming or going shifts that count, and every
/// element before it is then built anew rather than changed. So it was: opening the rules rebuilt
/// the whole page under them, the fruit chooser the board, every sowing's hand all the houses,
/// which lost a keyboard's focus, restarted what was moving and made the browser work for nothing.
/// An empty fragment holds the place instead.
fn slot(item: Option<Html>) -> Html {
    item.unwrap_or_default()
}

/// How long a notice of so many letters stays, in milliseconds (see where notices go): at most
/// 15 s, for words made long by a long name.
fn notice_ms(letters: usize) -> u32 {
    u32::try_from(letters).unwrap_or(u32::MAX).saturating_mul(70).clamp(4000, 15_000)
}

/// What a player's panel says of [`crate::show::tally`]'s number `n`: "7 points", or in Kid-Cala
/// beginner how many pieces they still have to empty ("all empty" for none: "noch 0", "still 0",
/// read oddly in German).
pub(crate) fn tally_words(variant: Variant, n: i64, lang: Lang) -> String {
    match variant {
        Variant::KidCalaBeginner if n == 0 => lang.get("board.to_empty.none").to_string(),
        Variant::KidCalaBeginner => lang.count("board.to_empty", n, &[("count", &n.to_string())]),
        _ => lang.count("board.points", n, &[("points", &n.to_string())]),
    }
}

/// Banana-Cala's caught fruits (`looks`), each kind once with how many, `label` for a screen
/// reader: the points can be counted from them (bananas cost one), where a row of small
/// overlapping fruits could not be.
pub(crate) fn caught_fruits(looks: &[Look], label: String, lang: Lang) -> Html {
    // One picture for a screen reader, said with the fruits ("Caught by Mia: 2 grapes, 1 banana"):
    // a bare name on a plain box is not read, and the numbers alone said "2".
    let said = crate::show::with_kinds(label, looks, Variant::Banana { king: false }, lang);
    html! {
        <div class="captured" role="img" aria-label={said}>
            { for crate::show::kinds(looks).into_iter().map(|(look, n)| html! {
                <span class="caught" data-look={look.name()}>
                    // The pictures' shapes are the board's, drawn on the same screen.
                    <svg viewBox="0 0 24 24" aria-hidden="true">{ board::piece(look, 12.0, 12.0, 22.0) }</svg>
                    { n }
                </span>
            }) }
        </div>
    }
}

/// A "read aloud" button, shown only where the device has a voice for the language.
///
/// Where the device has a voice the button is always there, greyed while there is nothing to say
/// (a game's caption before the first move), so that nothing beside or below it moves when words come.
fn read_aloud(id: &'static str, text: &str, lang: Lang) -> Html {
    if !device::has_voice(lang) {
        return html! {};
    }
    let text = text.to_string();
    html! {
        <button id={id} class="read-aloud" disabled={text.is_empty()} aria-label={lang.get("board.read_aloud")}
            onclick={Callback::from(move |_| device::speak(&text, lang))}>
            { icon(Icon::Speak) }<span class="word">{ lang.get("board.read_aloud") }</span>
        </button>
    }
}

/// A notice's words (in a span of class `words_class`) after its "read aloud" (its picture alone,
/// `read_id`), for a child who heard a refusal's sound and cannot read why: a tap on it says the
/// words and leaves them there (a tap elsewhere on them closes them). Every notice is written so,
/// wherever it lies.
fn notice_words(read_id: &'static str, words_class: &'static str, text: &str, lang: Lang) -> Html {
    html! {
        <>
            <span class="notice-read" onclick={Callback::from(|e: MouseEvent| e.stop_propagation())}>
                { read_aloud(read_id, text, lang) }
            </span>
            <span class={words_class}>{ text.to_string() }</span>
        </>
    }
}

/// The small pictures on buttons, drawn here rather than taken from an emoji font, which not every
/// device has. Every button a child uses during a game has one beside its word, so that a child who
/// cannot read yet finds the hint's light bulb, undo's arrow back and the rules' question mark (the
/// same "?" as on the start screen's game cards); on the start screen, "Play!" and "Two players"
/// have one too ("Against the computer" shows its level's animal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Icon {
    Sound,
    Muted,
    Speak,
    /// A light bulb: a good idea.
    Hint,
    /// A round arrow about a "play" triangle: watch the last move again, or play again.
    Again,
    /// An arrow turning back to the left.
    Undo,
    /// The same arrow turning to the right.
    Redo,
    /// A question mark in a ring.
    Rules,
    /// Four tiles, as the game cards lie on the start screen.
    Menu,
    /// Two arrows, up and down: put the fruits in another order.
    Arrange,
    /// A "play" triangle: start the game.
    Play,
    /// Two children side by side: two players on one tablet.
    Friends,
    /// A cross: close.
    Close,
    /// A square: stop the game being watched.
    Stop,
    /// An arrow pointing back: back to the game.
    Back,
    /// An arrow back to a light bulb: go back to a turn and try the good idea there.
    TryTurn,
}

fn icon(which: Icon) -> Html {
    let speaker = html! { <path d="M3 9 H7 L12 4 V20 L7 15 H3 Z" fill="currentColor" /> };
    let line = |d: &'static str| html! {
        <path d={d} stroke="currentColor" stroke-width="2.2" fill="none" stroke-linecap="round" stroke-linejoin="round" />
    };
    let rest = match which {
        Icon::Hint => html! { <>
            <path d="M12 2 A7 7 0 0 0 7.5 14.4 V17 H16.5 V14.4 A7 7 0 0 0 12 2 Z" fill="currentColor" />
            { line("M9 19.8 H15 M10 22.4 H14") }
        </> },
        Icon::Again => html! { <>
            { line("M4 12 A8 8 0 1 0 6.3 6.3") }
            <path d="M4.2 8.4 L4.2 4.2 L8.4 8.4 Z" fill="currentColor" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round" />
            <path d="M10 8.5 L15.5 12 L10 15.5 Z" fill="currentColor" />
        </> },
        Icon::Undo => line("M9 5 L4 10 L9 15 M4 10 H14 A6 6 0 0 1 14 22 H9"),
        Icon::Redo => line("M15 5 L20 10 L15 15 M20 10 H10 A6 6 0 0 0 10 22 H15"),
        Icon::Rules => html! { <>
            <circle cx="12" cy="12" r="10" stroke="currentColor" stroke-width="2" fill="none" />
            { line("M9 9 A3 3 0 1 1 12 12 V14") }
            <circle cx="12" cy="17.6" r="1.4" fill="currentColor" />
        </> },
        Icon::Menu => html! { <>
            { for [(3, 3), (13, 3), (3, 13), (13, 13)].iter().map(|(x, y)| html! {
                <rect x={x.to_string()} y={y.to_string()} width="8" height="8" rx="2" fill="currentColor" />
            }) }
        </> },
        Icon::Arrange => line("M7 20 V4 M3 8 L7 4 L11 8 M17 4 V20 M13 16 L17 20 L21 16"),
        Icon::Play => html! { <path d="M7 4 L20 12 L7 20 Z" fill="currentColor" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round" /> },
        Icon::Friends => html! { <>
            <circle cx="7" cy="7" r="3.2" fill="currentColor" />
            <circle cx="17" cy="7" r="3.2" fill="currentColor" />
            <path d="M2 21 Q2 11.5 7 11.5 Q11.5 11.5 11.5 21 Z M12.5 21 Q12.5 11.5 17 11.5 Q22 11.5 22 21 Z" fill="currentColor" />
        </> },
        Icon::TryTurn => html! { <>
            { line("M7 7 L3 11 L7 15 M3 11 H11") }
            <path d="M17 3 A5 5 0 0 0 13.8 11.8 V14.2 H20.2 V11.8 A5 5 0 0 0 17 3 Z" fill="currentColor" />
            { line("M14.6 17 H19.4 M15.4 20 H18.6") }
        </> },
        Icon::Sound => html! { <path d="M15 8 Q18 12 15 16 M17.5 5.5 Q22.5 12 17.5 18.5" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" /> },
        Icon::Close => line("M5 5 L19 19 M19 5 L5 19"),
        Icon::Stop => html! { <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" /> },
        Icon::Back => line("M11 5 L4 12 L11 19 M4 12 H20"),
        Icon::Muted => html! { <path d="M15 9 L21 15 M21 9 L15 15" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" /> },
        Icon::Speak => html! { <>
            <circle cx="8" cy="9" r="5" fill="currentColor" />
            <path d="M2 22 Q8 12 14 22 Z" fill="currentColor" />
            <path d="M16 6 Q19 9 16 12 M18.5 3.5 Q23 9 18.5 14.5" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" />
        </> },
    };
    let speaker = matches!(which, Icon::Sound | Icon::Muted).then_some(speaker);
    html! {
        <svg class="icon" data-icon={format!("{which:?}").to_lowercase()} viewBox="0 0 24 24" width="22" height="22"
            aria-hidden="true">{ slot(speaker) }{ rest }</svg>
    }
}

/// A basket for captured pieces (in games where they do not go to a store), 20 units wide.
fn basket() -> Html {
    html! { <>
        <path d="M0 6 H20 L17 18 H3 Z" fill="#c8913e" stroke="#6b4a1c" stroke-width="1.2" />
        <path d="M4 6 Q10 -4 16 6" stroke="#6b4a1c" stroke-width="1.6" fill="none" />
        <path d="M2 10 H18 M3 14 H17" stroke="#6b4a1c" stroke-width="0.8" />
    </> }
}

/// Small pictures at the top of a rules panel, one idea each: sowing in the game's direction, then
/// (where the game has them) the extra move, the capture, the pass and what bananas cost.
fn rules_picture(variant: Variant) -> Html {
    use crate::show::Look;
    let game = GameId::of(variant);
    let (looks, clockwise): (&[Look], bool) = match game {
        GameId::Kalah => (&[Look::Seed; 4], false),
        GameId::Beginner | GameId::Classic => (&[Look::Apple, Look::Orange, Look::Grape, Look::Banana], false),
        GameId::Banana => (&[Look::Grape, Look::Apple, Look::Orange, Look::Banana], true),
        // Kauri skips both stores: seeds first, then the cowrie, all into houses.
        GameId::Kauri => (&[Look::Seed, Look::Seed, Look::Cowrie], false),
    };
    // Four houses and a store; sowing goes towards the store.
    let xs: Vec<f64> = (0..4).map(|i| 75.0 + 60.0 * i as f64).collect();
    let store_x = if clockwise { 15.0 } else { 305.0 };
    let holes: Vec<f64> = if clockwise { xs.iter().rev().copied().collect() } else { xs.clone() };
    let arrow = if clockwise { "M255 18 L30 18" } else { "M65 18 L290 18" };
    let sowing = html! {
        <svg class="rules-picture" data-idea="sowing" viewBox="-20 0 390 100" aria-hidden="true">
            { board::symbols() }
            <rect x="-15" y="30" width="355" height="66" rx="30" class="board-wood" />
            { for xs.iter().map(|x| html! { <ellipse cx={x.to_string()} cy="63" rx="24" ry="26" class="pit" /> }) }
            <ellipse cx={store_x.to_string()} cy="63" rx="18" ry="28" class="pit" />
            <path d={arrow} stroke="#27769a" stroke-width="4" fill="none" marker-end="url(#rules-arrow)" />
            <defs><marker id="rules-arrow" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">
                <path d="M0 0 L8 4 L0 8 Z" fill="#27769a" /></marker></defs>
            { for holes.iter().skip(1).chain(std::iter::once(&store_x)).zip(looks.iter()).map(|(x, l)| board::piece(*l, *x, 63.0, 26.0)) }
        </svg>
    };
    let main_look = looks[0];
    let arrow_marker = html! {
        <defs><marker id="idea-arrow" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">
            <path d="M0 0 L8 4 L0 8 Z" fill="#27769a" /></marker></defs>
    };
    // Last piece into the own store: a curved arrow back to the player, "again".
    let extra_move = matches!(game, GameId::Kalah | GameId::Beginner | GameId::Classic).then(|| html! {
        <svg class="rules-picture small" data-idea="extra-move" viewBox="0 0 200 100" aria-hidden="true">
            { board::symbols() }{ arrow_marker.clone() }
            <rect x="5" y="30" width="190" height="66" rx="30" class="board-wood" />
            <ellipse cx="50" cy="63" rx="24" ry="26" class="pit" />
            <ellipse cx="110" cy="63" rx="24" ry="26" class="pit" />
            <ellipse cx="165" cy="63" rx="18" ry="28" class="pit" />
            { board::piece(main_look, 165.0, 63.0, 26.0) }
            <path d="M165 28 Q110 -10 55 25" stroke="#3b9b2f" stroke-width="5" fill="none" marker-end="url(#idea-arrow)" />
        </svg>
    });
    // Capture: the last piece in an own empty house takes the pieces across; in Kauri, a shell
    // dropped in the other player's house (the top one) takes the seeds there (it was drawn in
    // the player's own house, as Kalah's catch).
    let capture_to_store = !matches!(game, GameId::Banana);
    let kauri = game == GameId::Kauri;
    // Where the piece that catches lies, and the two pieces caught.
    let (own_at, across_at) = if kauri { ((83.0, 36.0, 22.0), [(56.0, 28.0), (60.0, 44.0)]) } else { ((70.0, 95.0, 26.0), [(62.0, 30.0), (78.0, 40.0)]) };
    let capture = (!matches!(game, GameId::Beginner)).then(|| {
        let (own, across) = match game {
            GameId::Kauri => (Look::Cowrie, Look::Seed),
            _ => (main_look, looks[1]),
        };
        html! {
            <svg class="rules-picture small" data-idea="capture" viewBox="0 0 200 130" aria-hidden="true">
                { board::symbols() }{ arrow_marker.clone() }
                <rect x="5" y="5" width="190" height="120" rx="30" class="board-wood" />
                <ellipse cx="70" cy="35" rx="24" ry="24" class="pit" />
                <ellipse cx="70" cy="95" rx="24" ry="24" class="pit" />
                { for across_at.iter().map(|&(x, y)| board::piece(across, x, y, 22.0)) }
                { board::piece(own, own_at.0, own_at.1, own_at.2) }
                { if capture_to_store {
                    html! { <ellipse cx="165" cy="65" rx="18" ry="50" class="pit" /> }
                } else {
                    html! { <g transform="translate(140 40) scale(2.2)">{ basket() }</g> }
                } }
                <path d="M95 40 Q140 40 155 60" stroke="#d7263d" stroke-width="5" fill="none" marker-end="url(#idea-arrow)" />
            </svg>
        }
    });
    // Kauri: no shell on your side, so you pass.
    let pass = matches!(game, GameId::Kauri).then(|| html! {
        <svg class="rules-picture small" data-idea="pass" viewBox="0 0 200 100" aria-hidden="true">
            { board::symbols() }
            <rect x="5" y="30" width="190" height="66" rx="30" class="board-wood" />
            { for [45.0, 100.0, 155.0].iter().map(|x| html! { <>
                <ellipse cx={x.to_string()} cy="63" rx="24" ry="26" class="pit" />
                { board::piece(Look::Seed, *x, 63.0, 22.0) }
            </> }) }
            // A "skip" sign: an arrow jumping over a bar.
            <path d="M60 22 Q100 -6 140 22" stroke="#27769a" stroke-width="5" fill="none" marker-end="url(#idea-arrow)" />
            <path d="M100 8 V28" stroke="#d7263d" stroke-width="5" stroke-linecap="round" />
            { arrow_marker.clone() }
        </svg>
    });
    // The end and how to win: a star over the winner.
    let star = |x: f64, y: f64| html! {
        <path transform={format!("translate({x} {y})")} class="idea-star"
            d="M0 -14 L4 -5 L14 -4 L6 3 L9 13 L0 8 L-9 13 L-6 3 L-14 -4 L-4 -5 Z" fill="#ffc83d" stroke="#9c6b00" stroke-width="1.5" />
    };
    let end = match game {
        // Empty houses win.
        GameId::Beginner => html! {
            <svg class="rules-picture small" data-idea="end" viewBox="0 0 200 100" aria-hidden="true">
                <rect x="5" y="40" width="190" height="56" rx="26" class="board-wood" />
                { for [45.0, 100.0, 155.0].iter().map(|x| html! { <ellipse cx={x.to_string()} cy="68" rx="24" ry="22" class="pit" /> }) }
                { star(100.0, 18.0) }
            </svg>
        },
        // One idea: the fruits caught, in their basket under the star, count a point each, a
        // banana one less. (A banana and "-1" floated alone at the end of the sowing picture, and
        // the basket and the star lay apart from the points: three ideas a child could not join.)
        // With Robin King's scoring each kind has its own worth, all four shown (a grape "+1"
        // told a child who cannot read that grapes count when they do not).
        GameId::Banana => {
            let king = matches!(variant, Variant::Banana { king: true });
            let worth: &[(Look, &str, f64, f64)] = if king {
                &[(Look::Banana, "-1", 104.0, 30.0), (Look::Grape, "0", 104.0, 74.0), (Look::Apple, "+1", 156.0, 30.0), (Look::Orange, "+2", 156.0, 74.0)]
            } else {
                &[(Look::Grape, "+1", 122.0, 30.0), (Look::Banana, "-1", 122.0, 74.0)]
            };
            html! {
                <svg class="rules-picture small" data-idea="end" data-scoring={if king { "king" } else { "usual" }} viewBox="0 0 200 100" aria-hidden="true">
                    { board::symbols() }
                    // In the basket, fruits that count (with Robin King's scoring a grape does
                    // not: an orange there).
                    { board::piece(if king { Look::Orange } else { Look::Grape }, 36.0, 56.0, 22.0) }{ board::piece(Look::Banana, 56.0, 54.0, 22.0) }
                    <g transform="translate(22 48) scale(2.4)">{ basket() }</g>
                    { star(46.0, 16.0) }
                    <g class="rule-note">
                        { for worth.iter().map(|&(look, points, x, y)| html! { <>
                            { board::piece(look, x, y, 28.0) }<text x={(x + 18.0).to_string()} y={(y + 8.0).to_string()}>{ points }</text>
                        </> }) }
                    </g>
                </svg>
            }
        }
        // The fuller store wins.
        _ => {
            let look = if matches!(game, GameId::Kauri) { Look::Seed } else { main_look };
            let pile = |x: f64, n: usize| html! { for (0..n).map(|k| board::piece(look, x, 88.0 - 12.0 * k as f64, 20.0)) };
            html! {
                <svg class="rules-picture small" data-idea="end" viewBox="0 0 200 100" aria-hidden="true">
                    { board::symbols() }
                    <rect x="40" y="30" width="44" height="68" rx="20" class="pit" />
                    <rect x="116" y="30" width="44" height="68" rx="20" class="pit" />
                    { pile(62.0, 2) }{ pile(138.0, 5) }
                    { star(138.0, 16.0) }
                </svg>
            }
        }
    };
    html! {
        <div class="rules-pictures">
            { sowing }
            { slot(extra_move) }
            { slot(capture) }
            { slot(pass) }
            { end }
        </div>
    }
}
