//! What the device itself offers: sound effects made in the browser (Web Audio), reading aloud with
//! the browser's own voices (speech synthesis), keeping the screen awake (Wake Lock), and keeping a
//! swipe or the back button from leaving a game by accident. Each one quietly does nothing where the
//! browser lacks it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AudioContext, AudioContextState, OscillatorType, SpeechSynthesisUtterance};

use crate::text::Lang;

/// The sound effects, from the least to the most telling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sound {
    /// A piece dropped into a hole.
    Drop,
    /// A capture.
    Capture,
    /// Play again.
    ExtraMove,
    /// The end of a game the computer won against the child, or a draw: two soft notes, as the
    /// end screen says "Good try!" (the fanfare of a win played for a child who lost).
    Done,
    /// The end of a game someone won, the child against the computer or one of two children.
    Win,
    /// A tap that is refused (not that house, not now, not yet): a soft "uh-uh", going down, for a
    /// child who cannot read the notice that says why. Never among a move's sounds.
    Refused,
}

/// A function the browser calls with an event.
type Listener = Closure<dyn FnMut(web_sys::Event)>;

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    static WAKE_LOCK: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    static BACK_GUARD: RefCell<Option<Listener>> = const { RefCell::new(None) };
    static BACK_ACTION: RefCell<Option<Rc<dyn Fn()>>> = const { RefCell::new(None) };
    static AUDIO_WAKER: RefCell<Option<Listener>> = const { RefCell::new(None) };
    static SOUND_ON: Cell<bool> = const { Cell::new(true) };
    static WANT_AWAKE: Cell<bool> = const { Cell::new(false) };
    static WAKE_ASKED: Cell<bool> = const { Cell::new(false) };
    static WAKE_AGAIN: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Notes of each sound: (frequency in Hz, start in s, length in s).
fn notes(sound: Sound) -> &'static [(f32, f64, f64)] {
    match sound {
        Sound::Drop => &[(660.0, 0.0, 0.07)],
        Sound::Capture => &[(440.0, 0.0, 0.1), (660.0, 0.09, 0.16)],
        Sound::ExtraMove => &[(523.0, 0.0, 0.1), (659.0, 0.1, 0.1), (784.0, 0.2, 0.18)],
        Sound::Done => &[(392.0, 0.0, 0.18), (523.0, 0.2, 0.4)],
        Sound::Win => &[(523.0, 0.0, 0.15), (659.0, 0.15, 0.15), (784.0, 0.3, 0.15), (1047.0, 0.45, 0.4)],
        Sound::Refused => &[(330.0, 0.0, 0.12), (262.0, 0.14, 0.2)],
    }
}

/// Runs `f` with the page's audio, made the first time it is needed.
fn with_audio(f: impl FnOnce(&AudioContext)) {
    AUDIO.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = AudioContext::new().ok();
        }
        if let Some(ctx) = slot.as_ref() {
            f(ctx);
        }
    });
}

/// Whether the sounds are on (the child's mute switch): while they are off, a tap does not wake
/// the audio ([`wake_audio_on_taps`]).
pub fn set_sound_on(on: bool) {
    SOUND_ON.with(|c| c.set(on));
}

/// From now on, each tap, click or key press wakes the page's audio up while it sleeps, from
/// inside the tap's own handler. The browsers of iPads and iPhones start a page's audio only
/// there, and the game's sounds come later, from the sowing's steps and after the page has drawn
/// the tap's result: without this, those tablets would stay silent. It also wakes the audio again
/// after the system put it to sleep (the tablet locked, another app in front). Nothing happens
/// while the sounds are off, so a muted game leaves the device's other sounds alone.
pub fn wake_audio_on_taps() {
    AUDIO_WAKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_some() {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let waker = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
            // The tap on the sound switch that switches it on is heard here before the switch
            // is: it wakes the audio too (the next sounds, the computer's move, stayed silent).
            let switching_on = || {
                event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|e| e.closest("#mute").ok().flatten().is_some())
            };
            if !event.is_trusted() || !(SOUND_ON.with(Cell::get) || switching_on()) {
                return;
            }
            let new = AUDIO.with(|cell| cell.borrow().is_none());
            with_audio(|ctx| {
                // Made just now, it may still need waking where the browser starts it asleep.
                if new || ctx.state() != AudioContextState::Running {
                    let _ = ctx.resume();
                }
            });
        });
        // The events a browser counts as the person's own doing (their "user activation"); a
        // capturing listener on the document hears them before anything can stop them.
        for name in ["pointerup", "touchend", "click", "keydown"] {
            let _ = document.add_event_listener_with_callback_and_bool(name, waker.as_ref().unchecked_ref(), true);
        }
        *slot = Some(waker);
    });
}

/// Plays a sound effect, once a tap has made the page's audio ([`wake_audio_on_taps`]): made
/// here, before any tap (a game reloaded, the computer moving first), the browser refused to start
/// it, with a warning for each sound, and the game stays silent until a tap anyway.
pub fn play(sound: Sound) {
    let Some(ctx) = AUDIO.with(|cell| cell.borrow().clone()) else { return };
    let _ = ctx.resume();
    let now = ctx.current_time();
    for &(freq, start, length) in notes(sound) {
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else { return };
        osc.set_type(OscillatorType::Triangle);
        osc.frequency().set_value(freq);
        let g = gain.gain();
        let _ = g.set_value_at_time(0.0, now + start);
        let _ = g.linear_ramp_to_value_at_time(0.25, now + start + 0.01);
        let _ = g.linear_ramp_to_value_at_time(0.0, now + start + length);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start_with_when(now + start);
        let _ = osc.stop_with_when(now + start + length + 0.02);
    }
}

/// The browser's speech, where it has one: some have none at all (in-app browsers on Android),
/// where `window.speechSynthesis` is undefined rather than an error, and every use of it threw
/// (the start screen's "Play!" then showed no board, and nothing answered any more).
fn speech() -> Option<web_sys::SpeechSynthesis> {
    web_sys::window()
        .and_then(|w| w.speech_synthesis().ok())
        .filter(|s| !AsRef::<JsValue>::as_ref(s).is_undefined() && !AsRef::<JsValue>::as_ref(s).is_null())
}

/// Whether the device has a voice for the language.
pub fn has_voice(lang: Lang) -> bool {
    let Some(synth) = speech() else { return false };
    synth.get_voices().iter().any(|v| {
        v.dyn_into::<web_sys::SpeechSynthesisVoice>()
            .is_ok_and(|v| Lang::from_code(&v.lang()) == Some(lang))
    })
}

/// Reads a text aloud in the language, stopping whatever was being read.
pub fn speak(text: &str, lang: Lang) {
    let Some(synth) = speech() else { return };
    synth.cancel();
    if let Ok(utterance) = SpeechSynthesisUtterance::new_with_text(text) {
        utterance.set_lang(lang.code());
        utterance.set_rate(0.9);
        synth.speak(&utterance);
    }
}

/// Stops whatever is being read aloud: what it read has gone (the rules closed, a new move shown,
/// another screen, another language), and a child who had the rules read waited a minute or more
/// for them to end, or heard the last move told over the next one.
pub fn hush() {
    if let Some(synth) = speech() {
        synth.cancel();
    }
}

/// Keeps the screen awake while a game is on (`true`), or lets it sleep again. The browser lets
/// go of the screen whenever the page is hidden (the tablet locked, another app in front): when
/// the page is shown again during a game, the screen is asked for again, so that a child who
/// thinks long over a move is not met by a dark or locked tablet.
pub fn keep_awake(on: bool) {
    WANT_AWAKE.with(|w| w.set(on));
    if on {
        wake_again_when_shown();
        ask_for_the_screen();
    } else if let Some(lock) = WAKE_LOCK.with(|cell| cell.borrow_mut().take()) {
        release(&lock);
    }
}

fn release(lock: &JsValue) {
    if let Ok(release) = Reflect::get(lock, &"release".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = release.call0(lock);
    }
}

/// Asks the browser to keep the screen on, unless a lock it has not let go of is held already or
/// an answer is awaited.
fn ask_for_the_screen() {
    let held = WAKE_LOCK.with(|cell| {
        cell.borrow().as_ref().is_some_and(|lock| !Reflect::get(lock, &"released".into()).ok().and_then(|r| r.as_bool()).unwrap_or(false))
    });
    if held || WAKE_ASKED.with(Cell::get) {
        return;
    }
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return };
    let Ok(wake_lock) = Reflect::get(&navigator, &"wakeLock".into()) else { return };
    if wake_lock.is_undefined() {
        return;
    }
    let Ok(request) = Reflect::get(&wake_lock, &"request".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) else {
        return;
    };
    let Ok(promise) = request.call1(&wake_lock, &"screen".into()).and_then(|p| p.dyn_into::<js_sys::Promise>()) else {
        return;
    };
    WAKE_ASKED.with(|a| a.set(true));
    // The game may have ended while the browser answered: then the lock goes straight back.
    let keep = Closure::once(|lock: JsValue| {
        WAKE_ASKED.with(|a| a.set(false));
        if WANT_AWAKE.with(Cell::get) {
            WAKE_LOCK.with(|c| *c.borrow_mut() = Some(lock));
        } else {
            release(&lock);
        }
    });
    // A refusal (page hidden, no permission) is not an error for the child: the game goes on.
    let ignore = Closure::once(|_: JsValue| WAKE_ASKED.with(|a| a.set(false)));
    let _ = promise.then2(&keep, &ignore);
    // Each runs at most once, when the browser answers; they are small and few.
    keep.forget();
    ignore.forget();
}

/// Listens, once for the page's life, for the page being shown again, to ask for the screen then
/// if a game is on.
fn wake_again_when_shown() {
    WAKE_AGAIN.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_some() {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(|_| {
            if in_front() && WANT_AWAKE.with(Cell::get) {
                ask_for_the_screen();
            }
        });
        let _ = document.add_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
        *slot = Some(listener);
    });
}

/// Reloads the page for the newer build of the game `build` (named by a worker the page started),
/// unless it reloaded for that build already in this tab: a page still not of it then (a browser's
/// cache giving the older page again) does not go round and round. Returns whether it reloads.
pub fn reload_for_build(build: &str) -> bool {
    const KEY: &str = "mancala.reloaded-for";
    let Some(window) = web_sys::window() else { return false };
    let Some(session) = window.session_storage().ok().flatten() else { return false };
    if session.get_item(KEY).ok().flatten().as_deref() == Some(build) || session.set_item(KEY, build).is_err() {
        return false;
    }
    window.location().reload().is_ok()
}

/// What the browser's back button or a back swipe does while [`guard_back`] is on, besides staying
/// on the page: during a game nothing (`None`); whatever is open, the rules or the fruit chooser, it
/// closes; from the end of a game it goes to the start screen; on the start screen after "Menu", it
/// goes back to the game left there, as a child who tapped "Menu" by mistake may try first.
pub fn on_back(action: Option<Rc<dyn Fn()>>) {
    BACK_ACTION.with(|a| *a.borrow_mut() = action);
}

/// The state of the history entry that catches the back button, to tell it from the page's own.
const GUARD_MARK: &str = "back-guard";

/// While `on` (on the board, or on the start screen with something open or a game left), the
/// browser's back button or a back swipe stays on the page, and does what [`on_back`] was last
/// given: an extra history entry catches it, and is put back each time it is used. When the guard
/// is no longer needed its entry is taken away again, so that the back button then leaves the page
/// at once rather than after a press that does nothing for each time the guard was on (opening and
/// closing the rules on the start screen, say).
pub fn guard_back(on: bool) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    BACK_GUARD.with(|cell| {
        let mut slot = cell.borrow_mut();
        match (on, slot.is_some()) {
            (true, false) => {
                let _ = history.push_state(&JsValue::from_str(GUARD_MARK), "");
                let handler = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                        let _ = h.push_state(&JsValue::from_str(GUARD_MARK), "");
                    }
                    // Taken out of its cell first: the action may change what is in it.
                    if let Some(action) = BACK_ACTION.with(|a| a.borrow().clone()) {
                        action();
                    }
                });
                let _ = window.add_event_listener_with_callback("popstate", handler.as_ref().unchecked_ref());
                *slot = Some(handler);
            }
            (false, true) => {
                if let Some(handler) = slot.take() {
                    let _ = window.remove_event_listener_with_callback("popstate", handler.as_ref().unchecked_ref());
                }
                // Only the guard's own entry, never one of the pages before this one.
                if history.state().ok().and_then(|s| s.as_string()).as_deref() == Some(GUARD_MARK) {
                    let _ = history.back();
                }
            }
            _ => {}
        }
    });
}

/// The page's element with this id.
fn by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Brings the element with this id into view when `open` becomes true ([`show_whole`]), and the
/// board back when it becomes false, if the board then begins above the screen's edge: for what
/// opens under the board (on a phone held sideways, under the screen's edge).
#[yew::hook]
pub fn use_in_view_while_open(open: bool, id: &'static str, centre: bool) {
    yew::use_effect_with(open, move |open| {
        if *open {
            show_whole(id, centre);
        } else {
            back_to_top_if_above("board");
        }
    });
}

/// Moves the keyboard's focus, and a screen reader's, to the first element the first of `selectors`
/// that finds one picks when `open` becomes true (the rules' cross, "Play again", the first fruit
/// of the chooser, or its "Sow!" when it opens with the hinted fruits already in order), so that a
/// child or grown-up on a keyboard goes where the eyes go instead of on through the board behind
/// it; when `open` becomes false, back to what had it before, where that is still on the page,
/// or first to what `back_to` picks where there is one (after "Go back and try again", the house
/// that glows with the better move rather than the one played last). A tap moves nothing a child
/// can see: browsers ring what has the focus only after keys.
#[yew::hook]
pub fn use_focus_while_open(open: bool, selectors: &'static [&'static str], back_to: Option<&'static str>) {
    let before = yew::use_mut_ref(|| None::<web_sys::Element>);
    yew::use_effect_with(open, move |open| {
        let document = web_sys::window().and_then(|w| w.document());
        let Some(document) = document else { return };
        if *open {
            if let Some(target) = selectors.iter().find_map(|s| document.query_selector(s).ok().flatten()) {
                *before.borrow_mut() = document.active_element();
                focus(&target);
            }
        } else if let Some(element) = before.borrow_mut().take() {
            // Only where nothing else took the focus meanwhile.
            let lost = match document.active_element() {
                None => true,
                Some(active) => document.body().is_some_and(|body| active == *body.as_ref()),
            };
            let back = back_to.and_then(|b| document.query_selector(b).ok().flatten()).or_else(|| element.is_connected().then_some(element));
            if let Some(back) = back.filter(|_| lost) {
                focus(&back);
            }
        }
    });
}

/// Keeps the keyboard's focus on the page when what had it goes: a button that becomes disabled as
/// it is pressed (the hint while it is awaited, Undo with nothing left to take back, a fruit of the
/// chooser with none left) or leaves the page (Play!, Menu, "Back to the game"). The browser then
/// drops the focus to the page itself, and a child on a keyboard or a switch, or a grown-up with a
/// screen reader, starts again from the top of the page. So after each change of the page, when
/// the focus is on such a button or on nothing because of one, it goes to the nearest thing that
/// can still be pressed: where the button names one (`data-focus-then`, a selector), there;
/// else the next one after it among its neighbours (its group, then the group's group...), or the
/// one before; and when it left the page, the first of `fallbacks` on the new screen. A tap
/// beside the buttons, which leaves the focus on nothing while what had it is still there,
/// moves nothing; nor does what is under the rules or the end of a game (inert: those take the
/// focus themselves, [`use_focus_while_open`]). Use it after those hooks, whose effects run first.
#[yew::hook]
pub fn use_focus_kept(fallbacks: &'static [&'static str]) {
    let last = yew::use_mut_ref(|| None::<web_sys::Element>);
    {
        let last = last.clone();
        yew::use_effect_with((), move |()| {
            let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                if let Some(element) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    *last.borrow_mut() = Some(element);
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &document {
                let _ = d.add_event_listener_with_callback("focusin", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = document {
                    let _ = d.remove_event_listener_with_callback("focusin", listener.as_ref().unchecked_ref());
                }
            }
        });
    }
    yew::use_effect(move || keep_focus(&last, fallbacks));
}

/// [`use_focus_kept`]'s work after one change of the page.
fn keep_focus(last: &RefCell<Option<web_sys::Element>>, fallbacks: &[&str]) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let disabled = |e: &web_sys::Element| e.matches(":disabled").unwrap_or(false);
    let on_nothing = match document.active_element() {
        None => true,
        Some(active) => document.body().is_some_and(|body| active == *body.as_ref()),
    };
    let lost = if on_nothing {
        last.borrow().clone().filter(|e| !e.is_connected() || disabled(e))
    } else {
        // Still on it (the browser lets go of a disabled button only when it next draws the page).
        document.active_element().filter(|e| disabled(e))
    };
    let Some(lost) = lost else { return };
    if lost.is_connected() && lost.closest("[inert]").ok().flatten().is_some() {
        return;
    }
    let target = if lost.is_connected() { next_to(&document, &lost) } else { None }
        .or_else(|| fallbacks.iter().find_map(|f| document.query_selector(f).ok().flatten().filter(can_take_focus)));
    if let Some(target) = target {
        focus(&target);
    }
}

/// What can take the focus: enabled, shown, not under the rules or the end of a game.
fn can_take_focus(e: &web_sys::Element) -> bool {
    let shown = e.get_bounding_client_rect();
    !e.matches(":disabled").unwrap_or(true) && shown.width() > 0.0 && shown.height() > 0.0 && e.closest("[inert]").ok().flatten().is_none()
}

/// The nearest thing that can take the focus in place of `lost` (see [`use_focus_kept`]).
fn next_to(document: &web_sys::Document, lost: &web_sys::Element) -> Option<web_sys::Element> {
    if let Some(then) = lost.get_attribute("data-focus-then") {
        if let Some(e) = document.query_selector(&then).ok().flatten().filter(can_take_focus) {
            return Some(e);
        }
    }
    const PRESSABLE: &str = "button, select, input, [tabindex='0']";
    let mut group = lost.parent_element();
    while let Some(g) = group {
        let all = g.query_selector_all(PRESSABLE).ok()?;
        let mut before = None;
        for i in 0..all.length() {
            let Some(e) = all.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
            if e == *lost || !can_take_focus(&e) {
                continue;
            }
            if lost.compare_document_position(&e) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING != 0 {
                return Some(e);
            }
            before = Some(e);
        }
        if before.is_some() {
            return before;
        }
        if g.tag_name().eq_ignore_ascii_case("main") || g.get_attribute("role").as_deref() == Some("dialog") {
            return None;
        }
        group = g.parent_element();
    }
    None
}

/// While `on_escape` is given, the Escape key calls it, wherever the focus is on the page (also on
/// nothing, after a tap beside the buttons).
#[yew::hook]
pub fn use_escape(on_escape: Option<yew::Callback<()>>) {
    let current = yew::use_mut_ref(|| None::<yew::Callback<()>>);
    *current.borrow_mut() = on_escape;
    yew::use_effect_with((), move |()| {
        let listener = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
            if e.key() != "Escape" {
                return;
            }
            // Taken out of its cell first: the call changes what is in it.
            let callback = current.borrow().clone();
            if let Some(callback) = callback {
                e.prevent_default();
                callback.emit(());
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
            }
        }
    });
}

/// Whether the page is in front: not a tab behind another, nor an app sent to the background, nor
/// on a locked screen.
pub fn in_front() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| !d.hidden())
}

/// Calls `on_front` each time the page comes back to the front: its tab chosen again, its app
/// brought back, the screen unlocked, or the page given back by the browser's back button from its
/// memory of pages left (and as the page first shows, where it may find nothing new).
#[yew::hook]
pub fn use_back_in_front(on_front: yew::Callback<()>) {
    let current = yew::use_mut_ref(|| on_front.clone());
    *current.borrow_mut() = on_front;
    yew::use_effect_with((), move |()| {
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if in_front() {
                // Taken out of its cell first: the call may change what is in it.
                let callback = current.borrow().clone();
                callback.emit(());
            }
        });
        let window = web_sys::window();
        let document = window.as_ref().and_then(web_sys::Window::document);
        let f = listener.as_ref().unchecked_ref();
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback("visibilitychange", f);
        }
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback("pageshow", f);
        }
        move || {
            let f = listener.as_ref().unchecked_ref();
            if let Some(d) = &document {
                let _ = d.remove_event_listener_with_callback("visibilitychange", f);
            }
            if let Some(w) = &window {
                let _ = w.remove_event_listener_with_callback("pageshow", f);
            }
        }
    });
}

/// Moves the keyboard's focus to what `to` picks when it is on what `from` picks: a hint asked for
/// with the keyboard, whose button handed the focus on while it was awaited, gives it to the
/// house it names when it comes, where Enter plays it.
pub fn focus_from(from: &str, to: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on = document.active_element().is_some_and(|a| a.matches(from).unwrap_or(false));
    if let Some(target) = document.query_selector(to).ok().flatten().filter(|_| on) {
        focus(&target);
    }
}

thread_local! {
    /// Whether the page itself is moving the focus right now ([`focus`]): the focus event comes
    /// during the call.
    static MOVING_FOCUS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the focus arriving now was moved by the page (a new screen's first house, the house
/// after "Go back and try again"), not by the child's keys: a house given the focus so does not
/// look where its last piece lands, which would take the caption's place (who starts and what to
/// tap) before anyone heard it.
pub fn focus_moved_by_page() -> bool {
    MOVING_FOCUS.with(std::cell::Cell::get)
}

/// Focuses `element` (a button, or a house of the board's picture) without scrolling the page.
fn focus(element: &web_sys::Element) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    MOVING_FOCUS.with(|m| m.set(true));
    if let Some(html) = element.dyn_ref::<web_sys::HtmlElement>() {
        let _ = html.focus_with_options(&options);
    } else if let Some(svg) = element.dyn_ref::<web_sys::SvgElement>() {
        let _ = svg.focus_with_options(&options);
    }
    MOVING_FOCUS.with(|m| m.set(false));
}

/// Scrolls the page to show the element with this id whole, where it fits on the screen: as little
/// as needed (not at all when it is already in view), or, with `centre`, to the middle of the
/// screen.
///
/// One fixed to the screen (Banana-Cala's fruit chooser, laid over the board: see the style sheet)
/// is in view already, and laid out for the page at its top: the page goes back there. Scrolled
/// down (to "Choose the order" under the board of a phone held sideways), the board lay under the
/// chooser, the child's own row and the house to order hidden by it.
pub fn show_whole(id: &str, centre: bool) {
    let Some(element) = by_id(id) else { return };
    let fixed = web_sys::window()
        .and_then(|w| w.get_computed_style(&element).ok().flatten())
        .and_then(|style| style.get_property_value("position").ok())
        .is_some_and(|position| position == "fixed");
    if fixed {
        to_top();
        return;
    }
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(if centre { web_sys::ScrollLogicalPosition::Center } else { web_sys::ScrollLogicalPosition::Nearest });
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Scrolls back to the page's top.
pub fn to_top() {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// Scrolls back to the page's top when the element with this id begins above the screen's edge.
pub fn back_to_top_if_above(id: &str) {
    let Some(element) = by_id(id) else { return };
    if element.get_bounding_client_rect().top() < 0.0 {
        to_top();
    }
}

/// The window's width and height in CSS pixels (0 by 0 where there is no window).
fn window_size() -> (f64, f64) {
    let Some(w) = web_sys::window() else { return (0.0, 0.0) };
    let size = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    (size(w.inner_width()), size(w.inner_height()))
}

/// The window's width and height, kept up to date as the device turns or the window is resized.
#[yew::hook]
pub fn use_window_size() -> (f64, f64) {
    let size = yew::use_state_eq(window_size);
    {
        let size = size.clone();
        yew::use_effect_with((), move |_| {
            let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| size.set(window_size()));
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = &window {
                    let _ = w.remove_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
                }
            }
        });
    }
    *size
}

/// Draws the page again when the browser's voices arrive: many browsers load them a moment after
/// the page, and the "read aloud" buttons only show where a voice for the language exists.
#[yew::hook]
pub fn use_voices_arriving() {
    let redraw = yew::use_force_update();
    yew::use_effect_with((), move |_| {
        let synth = speech();
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| redraw.force_update());
        if let Some(s) = &synth {
            let _ = s.add_event_listener_with_callback("voiceschanged", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(s) = &synth {
                let _ = s.remove_event_listener_with_callback("voiceschanged", listener.as_ref().unchecked_ref());
            }
        }
    });
}
