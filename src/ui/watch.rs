//! A game to watch in the rules panel ([`crate::demo`]): "Watch a game" plays a few moves of the
//! game on a board of its own, piece by piece, each move's captions under it, for a child who
//! cannot read the rules yet (or learns better by seeing). Nothing on that board can be tapped, and
//! nothing of the game being played changes: the panel closed, it is gone.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::board::{Board, ROW};
use super::{caught_fruits, icon, read_aloud, tally_words, Icon};
use crate::show::{Names, COLOURS};
use crate::text::Lang;
use crate::{Side, Variant};

/// What the rules panel's watching needs.
#[derive(Properties, PartialEq)]
pub struct WatchProps {
    /// The game with the options it is explained with.
    pub variant: Variant,
    /// The language.
    pub lang: Lang,
    /// How much longer than at normal speed each step stays (the speed chosen for the game's moves;
    /// never quicker than half, so that the moves can be followed).
    pub pace: f64,
    /// The rules' own picture, shown until "Watch a game" is tapped, and again after "Stop".
    pub picture: Html,
    /// Whether the game's sounds are on: the steps watched sound as a game's do.
    pub sound: bool,
}

/// Whether a game is being watched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Watching {
    /// Not: the rules' picture.
    No,
    /// From this frame on (the number counts the times started, so that "Watch again" starts
    /// afresh even at the same frame).
    At(usize, u32),
}

/// "Watch a game", and the game watched in place of the rules' picture.
#[function_component(Watch)]
pub fn watch(props: &WatchProps) -> Html {
    let lang = props.lang;
    // The players are "Player 1" and "Player 2", in the colours a new game gives them.
    let names = Names { south: lang.fmt("start.player", &[("n", "1")]), north: lang.fmt("start.player", &[("n", "2")]), you: None };
    let watching = use_state_eq(|| Watching::No);
    // Worked out when "Watch a game" is tapped, not each time the rules open.
    let on = *watching != Watching::No;
    let frames = use_memo((props.variant, names.clone(), on), |(variant, names, on)| {
        if *on {
            crate::demo::frames(*variant, names, lang)
        } else {
            Vec::new()
        }
    });
    // The next frame when this one's time is up; the last one stays.
    {
        let watching = watching.clone();
        let frames = frames.clone();
        let pace = props.pace.max(0.5);
        let sound = props.sound;
        use_effect_with(*watching, move |&now| {
            let step = match now {
                Watching::At(i, _) => frames.get(i).and_then(|f| f.step.as_ref()),
                Watching::No => None,
            };
            if let (Some(cue), true) = (step.and_then(|e| super::state::sound_of(e, None)), sound) {
                super::device::play(cue);
            }
            let timer = match now {
                Watching::At(i, run) if i + 1 < frames.len() => {
                    let ms = (f64::from(frames[i].ms) * pace).round() as u32;
                    Some(Timeout::new(ms, move || watching.set(Watching::At(i + 1, run))))
                }
                _ => None,
            };
            move || drop(timer)
        });
    }
    let runs = match *watching {
        Watching::At(_, run) => run,
        Watching::No => 0,
    };
    // Started (or started again), the game watched is brought on to the screen as far as it needs
    // (`show_whole`): on a phone held sideways the rules' title and button left its captions below
    // the edge.
    use_effect_with(runs, move |&runs| {
        if runs > 0 {
            super::device::show_whole("watching", false);
        }
    });
    let start = {
        let watching = watching.clone();
        Callback::from(move |_: MouseEvent| watching.set(Watching::At(0, runs + 1)))
    };
    let stop = {
        let watching = watching.clone();
        Callback::from(move |_: MouseEvent| watching.set(Watching::No))
    };
    // (There is always a first frame, the board before the moves, once watching.)
    let shown = match *watching {
        Watching::At(at, _) => frames.get(at.min(frames.len().saturating_sub(1))).map(|frame| (at, frame)),
        Watching::No => None,
    };
    let done = shown.is_some_and(|(at, _)| at + 1 >= frames.len());
    // One button, changed in place, so that a keyboard's focus stays on it: "Watch a game", "Stop"
    // while watching, "Watch again" at the end.
    let button = match (shown, done) {
        (None, _) => html! { <button id="watch" onclick={start}>{ icon(Icon::Play) }{ lang.get("rules.watch") }</button> },
        (Some(_), true) => html! { <button id="watch" onclick={start}>{ icon(Icon::Again) }{ lang.get("rules.watch_again") }</button> },
        (Some(_), false) => html! { <button id="stop-watching" onclick={stop}>{ icon(Icon::Stop) }{ lang.get("rules.watch_stop") }</button> },
    };
    let Some((at, frame)) = shown else {
        return html! { <div class="watch-area" id="watching">{ button }{ props.picture.clone() }</div> };
    };
    let noop = Callback::from(|_| ());
    // Each player's name in their colour on their side of the board, as in a game, the one whose
    // move is shown in bold: the captions speak of them by name. Beside it, as in a game's panel,
    // their points (in Kid-Cala beginner, what they have left to empty) and in Banana-Cala the
    // fruits they caught: a banana caught is seen to cost a point.
    let name = |side: Side| {
        let moving = frame.played.is_some_and(|(_, s)| s == side);
        let caught = matches!(props.variant, Variant::Banana { .. })
            .then(|| caught_fruits(&frame.display.captured[side.index()], names.say(lang, side, "board.captured", &[]), lang));
        html! {
            <div class={classes!("watch-name", side.name(), moving.then_some("turn"))} style={super::player_style(side.index())}>
                <span class="watch-who">{ names.of(side).to_string() }</span>
                <span class="watch-tally">{ tally_words(props.variant, frame.tally[side.index()], lang) }</span>
                { super::slot(caught) }
            </div>
        }
    };
    html! {
        <div class="watch-area" id="watching">
            { button }
            <div class="watch" data-frame={at.to_string()} data-done={done.to_string()}>
                { name(Side::North) }
                // Watched, not played: nothing on it takes a tap or the keyboard's focus, and a
                // screen reader hears the captions alone.
                <div class="watch-board" inert="true">
                    <Board id="watch-board" display={frame.display.clone()} legal={Vec::new()} names={names.clone()}
                        lang={lang} face_to_face={false} refused={None} refused_serial={0}
                        ontap={noop.clone()} onhold={noop} held={None} row={Some(ROW)}
                        played={frame.played.map(|(hole, side)| (hole, COLOURS[side.index()]))} />
                </div>
                { name(Side::South) }
                <div class="caption-row">
                    // Each sentence its own piece, keyed by its move, as in a game's caption: as
                    // one text rewritten, a screen reader said "Mia sowed house 3." again with
                    // each sentence that came after it.
                    <p id="watch-caption" class="caption" aria-live="polite">
                        { for frame.lines.iter().enumerate().map(|(i, line)| html! {
                            <span key={format!("{}-{i}", frame.move_number)}>{ if i > 0 { format!(" {line}") } else { line.clone() } }</span>
                        }) }
                    </p>
                    { read_aloud("read-watch", &frame.caption(), lang) }
                </div>
            </div>
        </div>
    }
}
