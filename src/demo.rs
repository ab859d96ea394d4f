//! A few moves of each game played for a child to watch, from the rules panel: a child who cannot
//! read the rules yet sees them at work, piece by piece, with the captions the game writes for its
//! own moves (and "read aloud" for them). The moves are chosen to show what matters in each game:
//! the sowing, a last piece in the store and the turn again, a catch (with Kalah's empty capture,
//! where one is found, a last seed caught with nothing across); in Banana-Cala, moves from the
//! store with the fruits in a chosen order, and a catch with a banana in it, which costs a point
//! (beside each name, as in a game's panel, the points and the fruits caught); in Kauri, a shell
//! that catches.
//!
//! Plain Rust, no web crate: the pictures of every step are worked out here (tested natively), and
//! the page only shows them one after the other ([`Frame::ms`] each).

use crate::show::{captions_from, sown_from, tally, Display, Names};
use crate::text::Lang;
use crate::{Event, Hole, Move, Position, Side, Sowing, Variant};

/// One picture of the game being watched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The pieces on the board.
    pub display: Display,
    /// What is said under the board, sentence by sentence: the move being shown, then all the
    /// captions say of it.
    pub lines: Vec<String>,
    /// Which move the frame shows (1 for the first; 0 before it): the page keys a move's sentences
    /// by it, so that a screen reader hears each as it comes, once.
    pub move_number: usize,
    /// The hole the move shown is sown from, and who sows it: ringed as the house played last is.
    pub played: Option<(Hole, Side)>,
    /// How long the picture stays, in milliseconds.
    pub ms: u32,
    /// The step it shows, for its sound as in a game: a handful lifted, a piece dropped, a catch;
    /// after a move, its extra move if it has one.
    pub step: Option<Event>,
    /// What each player's panel would count ([`tally`]; South's, then North's): their points, or
    /// in Kid-Cala beginner the pieces they have left to empty. As in a game, it changes when a
    /// move is done (its pieces caught show as they fly).
    pub tally: [i64; 2],
}

impl Frame {
    /// Everything said under the board, in one line of words.
    #[must_use]
    pub fn caption(&self) -> String {
        self.lines.join(" ")
    }
}

/// How long the board is shown before the first move.
const START_MS: u32 = 1500;
/// How long a handful stays lifted before its first piece drops.
const PICK_UP_MS: u32 = 700;
/// Between two pieces dropped: a little slower than a game's normal speed, for watching.
const DROP_MS: u32 = 450;
/// How long a catch takes (its pieces fly to the store).
const CAPTURE_MS: u32 = 1000;
/// How long a move's captions stay, at the least: time to hear them or have them read...
const CAPTION_MS: u32 = 2000;
/// ... and longer by this for each of their letters.
const LETTER_MS: u32 = 45;

/// At most how many positions the search for the moves to show may play ([`kalah_moves`]): in
/// the browser it runs on the page's own thread, when "Watch a game" is tapped. Every board the
/// start screen offers is found within half of it (see the tests; Kalah(5,6) takes the most, from
/// 16,384 to 32,768 positions; with empty capture a quarter of the budget goes first to a catch
/// with nothing across).
const SEARCH_BUDGET: u32 = 100_000;
/// At most how many moves are shown.
const MOST_MOVES: usize = 6;

/// The moves shown for a game with these options: legal one after the other from the start, and
/// none of them ends the game.
#[must_use]
pub fn moves(variant: Variant) -> Vec<Move> {
    let fixed = |texts: &[&str]| texts.iter().filter_map(|t| t.parse().ok()).collect::<Vec<Move>>();
    let chosen = match variant {
        // A catch and an extra move, as the options have them (the board's size, relay sowing,
        // with empty capture a catch with nothing across).
        Variant::Kalah(_) | Variant::KidCalaClassic => kalah_moves(variant),
        // No catches in this game: each player's last fruit in their store, and their turn again.
        Variant::KidCalaBeginner => fixed(&["3", "6", "2", "1"]),
        // The first move of each is from the store, the fruits in an order chosen; then South's
        // four fruits end in an empty house of theirs, across from North's banana: caught, and it
        // costs a point (an orange and a banana caught, no points; with Robin King's scoring, 1).
        Variant::Banana { .. } => fixed(&["M:GAB", "M:OAB", "M:BGAO"]),
        // South's shell, sown last, lands in one of North's houses that has none: its seeds caught.
        Variant::Kauri => fixed(&["1", "1", "6", "4", "6"]),
    };
    // Whatever was chosen, only what is legal and does not end the game is shown.
    let mut pos = Position::new(variant);
    let mut shown = Vec::new();
    for m in chosen {
        match pos.play(m) {
            Ok((next, sowing)) if sowing.outcome().is_none() => {
                shown.push(m);
                pos = next;
            }
            _ => break,
        }
    }
    shown
}

/// The moves shown in a game of the Kalah family: found by [`kalah_search`]; failing that (no
/// board the start screen offers), the first house of each turn, a few times.
fn kalah_moves(variant: Variant) -> Vec<Move> {
    if let Some(run) = kalah_search(variant, SEARCH_BUDGET) {
        return run;
    }
    let mut pos = Position::new(variant);
    let mut run = Vec::new();
    while run.len() < 4 {
        let mut first = None;
        pos.for_each_move(|m| {
            first.get_or_insert(m);
        });
        match first.and_then(|m| pos.play(m).ok().map(|p| (m, p))) {
            Some((m, (next, sowing))) if sowing.outcome().is_none() => {
                run.push(m);
                pos = next;
            }
            _ => break,
        }
    }
    run
}

/// The shortest run of moves from the start of a game of the Kalah family (tried house by house,
/// from house 1) whose first move ends in the mover's store (an extra move) and whose last move
/// catches; failing that, any run with an extra move and ending in a catch; `None` if there is none
/// of [`MOST_MOVES`] or fewer within `budget` positions played. With empty capture, a catch with
/// nothing across (the last seed alone into the store, the option at work) is looked for first,
/// within a quarter of the budget, then any catch.
fn kalah_search(variant: Variant, mut budget: u32) -> Option<Vec<Move>> {
    let start = Position::new(variant);
    let empty_capture = variant.kalah_rules().is_some_and(|r| r.empty_capture);
    // The last move catches, and with `alone`, only the mover's own last seed: nothing across.
    let catches = |s: &Sowing, alone: bool| {
        let mut caught = s.captures().filter(|(by, ..)| *by == s.side).peekable();
        caught.peek().is_some() && (!alone || caught.all(|(_, from, _)| from.side() == s.side))
    };
    // An extra move (the first move's with `first`, else any), and a catch at the end.
    let shows = |run: &[Sowing], first: bool, alone: bool| {
        let extra = if first { run.first().is_some_and(Sowing::extra_move) } else { run.iter().any(Sowing::extra_move) };
        extra && run.last().is_some_and(|s| catches(s, alone))
    };
    let mut tries = Vec::new();
    if empty_capture {
        tries.extend([(true, true), (false, true)]);
    }
    tries.extend([(true, false), (false, false)]);
    // The budget for the catches with nothing across, the rest kept for any catch.
    let mut kept = if empty_capture { budget - budget / 4 } else { 0 };
    budget -= kept;
    for (first, alone) in tries {
        if !alone {
            budget += std::mem::take(&mut kept);
        }
        let wanted = |run: &[Sowing]| shows(run, first, alone);
        for depth in 1..=MOST_MOVES {
            let mut run = Vec::new();
            let mut sowings = Vec::new();
            if find(&start, depth, &mut budget, &mut run, &mut sowings, &wanted) {
                return Some(run);
            }
        }
    }
    None
}

/// A depth-first search for a run of `depth` more moves after `run` that `wanted` accepts, within
/// `budget` positions played.
fn find(pos: &Position, depth: usize, budget: &mut u32, run: &mut Vec<Move>, sowings: &mut Vec<Sowing>, wanted: &dyn Fn(&[Sowing]) -> bool) -> bool {
    if depth == 0 {
        return wanted(sowings);
    }
    let mut moves = Vec::new();
    pos.for_each_move(|m| moves.push(m));
    for m in moves {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let Ok((next, sowing)) = pos.play(m) else { continue };
        if sowing.outcome().is_some() {
            continue;
        }
        run.push(m);
        sowings.push(sowing);
        if find(&next, depth - 1, budget, run, sowings, wanted) {
            return true;
        }
        run.pop();
        sowings.pop();
    }
    false
}

/// Every picture of the game being watched, from the start: the board alone, then each move's
/// steps (a handful lifted, each piece dropped, each catch), and after each move its captions.
#[must_use]
pub fn frames(variant: Variant, names: &Names, lang: Lang) -> Vec<Frame> {
    let mut pos = Position::new(variant);
    let mut display = Display::of(&pos);
    let tallies = |pos: &Position| [tally(pos, Side::South), tally(pos, Side::North)];
    let mut out = vec![Frame { display: display.clone(), lines: Vec::new(), move_number: 0, played: None, ms: START_MS, step: None, tally: tallies(&pos) }];
    for (i, m) in moves(variant).into_iter().enumerate() {
        let Ok((next, sowing)) = pos.play(m) else { break };
        let move_number = i + 1;
        let lines = captions_from(&pos, &next, &sowing, names, lang);
        let first: Vec<String> = lines.iter().take(1).cloned().collect();
        let played = sown_from(m, sowing.side).map(|h| (h, sowing.side));
        for event in &sowing.events {
            let ms = match event {
                Event::PickUp { .. } => PICK_UP_MS,
                Event::Drop { .. } => DROP_MS,
                Event::Capture { .. } | Event::Sweep { .. } => CAPTURE_MS,
                Event::ExtraMove { .. } | Event::Pass { .. } | Event::End { .. } => continue,
            };
            display.apply(event);
            out.push(Frame { display: display.clone(), lines: first.clone(), move_number, played, ms, step: Some(*event), tally: tallies(&pos) });
        }
        // The move done: its pieces as the position has them, and all its captions.
        display.flight = None;
        if !display.matches(&next) {
            display = Display::of(&next);
        }
        let ms = CAPTION_MS + LETTER_MS * lines.join(" ").chars().count() as u32;
        let step = sowing.events.iter().find(|e| matches!(e, Event::ExtraMove { .. })).copied();
        out.push(Frame { display: display.clone(), lines, move_number, played, ms, step, tally: tallies(&next) });
        pos = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KalahRules;

    /// Every game with every option the start screen offers.
    fn offered() -> Vec<Variant> {
        let mut all = vec![Variant::KidCalaBeginner, Variant::KidCalaClassic, Variant::Banana { king: false }, Variant::Banana { king: true }, Variant::Kauri];
        for houses in 4..=6 {
            for seeds in 3..=6 {
                for options in 0..8 {
                    all.push(Variant::Kalah(KalahRules {
                        houses,
                        seeds,
                        empty_capture: options & 1 != 0,
                        remaining_not_counted: options & 2 != 0,
                        relay: options & 4 != 0,
                    }));
                }
            }
        }
        all
    }

    /// The sowings of the moves shown, one after the other from the start.
    fn sowings(variant: Variant) -> Vec<Sowing> {
        let mut pos = Position::new(variant);
        moves(variant)
            .into_iter()
            .map(|m| {
                let (next, sowing) = pos.play(m).expect("every move shown is legal");
                pos = next;
                sowing
            })
            .collect()
    }

    fn catches(s: &Sowing, by: Side) -> bool {
        s.events.iter().any(|e| matches!(*e, Event::Capture { by: b, .. } if b == by))
    }

    #[test]
    fn every_game_shows_its_rules_at_work_and_never_its_end() {
        for variant in offered() {
            let shown = sowings(variant);
            assert!(!shown.is_empty() && shown.len() <= MOST_MOVES, "{variant}: {} moves", shown.len());
            assert!(shown.iter().all(|s| s.outcome().is_none()), "{variant}: a move shown ends the game");
            let last = shown.last().unwrap();
            match variant {
                Variant::Kalah(_) | Variant::KidCalaClassic => {
                    assert!(shown.iter().any(Sowing::extra_move), "{variant}: no extra move");
                    assert!(catches(last, last.side), "{variant}: the last move does not catch");
                }
                Variant::KidCalaBeginner => {
                    for side in Side::ALL {
                        assert!(shown.iter().any(|s| s.side == side && s.extra_move()), "{variant}: no extra move for {side:?}");
                    }
                }
                Variant::Banana { .. } => {
                    assert!(shown[..2].iter().all(|s| matches!(s.mv, Move::Store(_))), "{variant}: the first moves are not from the store");
                    assert_eq!(last.side, Side::South);
                    assert!(last.events.iter().any(|e| matches!(e, Event::Capture { to: crate::Place::Captured(Side::South), .. })), "{variant}: no catch");
                    // A banana among the fruits caught: it costs a point.
                    let caught: u32 = last.captures().filter(|(by, ..)| *by == Side::South).map(|(_, _, p)| u32::from(p.count(crate::Piece::Banana))).sum();
                    assert_eq!(caught, 1, "{variant}: the catch has no banana");
                }
                Variant::Kauri => {
                    assert_eq!(last.side, Side::South);
                    assert!(catches(last, Side::South), "{variant}: no catch");
                }
            }
        }
    }

    #[test]
    fn every_kalah_board_offered_is_found_within_half_the_search_budget() {
        for variant in offered().into_iter().filter(|v| matches!(v, Variant::Kalah(_) | Variant::KidCalaClassic)) {
            assert!(kalah_search(variant, SEARCH_BUDGET / 2).is_some(), "{variant}");
        }
    }

    #[test]
    fn the_kalah_games_show_an_extra_move_first_where_the_board_allows_it() {
        // Four seeds or fewer a house, six houses or fewer: a house sows exactly into the store.
        for variant in ["kalah:6:4", "kalah:6:3", "kalah:4:3", "kalah:5:4", "kalah:6:4:relay", "kidcala-classic"] {
            let variant: Variant = variant.parse().unwrap();
            let shown = sowings(variant);
            assert!(shown[0].extra_move(), "{variant}: the first move is not an extra move");
        }
        // Kalah(6,4) from the start: house 3 into the store, then house 4; North's house 6; South's
        // house 3, emptied, gets a seed from it... and catches.
        assert_eq!(moves("kalah:6:4".parse().unwrap()), [Move::House(3), Move::House(4), Move::House(6), Move::House(3)]);
    }

    #[test]
    fn the_frames_show_every_step_and_end_on_the_position_after_the_moves() {
        let names = Names { south: "Mia".into(), north: "Leo".into(), you: None };
        for variant in offered() {
            let frames = frames(variant, &names, Lang::En);
            let shown = sowings(variant);
            let steps: usize = shown
                .iter()
                .map(|s| s.events.iter().filter(|e| !matches!(e, Event::ExtraMove { .. } | Event::Pass { .. } | Event::End { .. })).count())
                .sum();
            assert_eq!(frames.len(), 1 + steps + shown.len(), "{variant}");
            assert_eq!(frames[0].display, Display::of(&Position::new(variant)));
            assert!(frames.iter().all(|f| f.ms >= DROP_MS), "{variant}");
            let mut pos = Position::new(variant);
            for m in moves(variant) {
                pos = pos.play(m).unwrap().0;
            }
            let last = frames.last().unwrap();
            assert!(last.display.matches(&pos) && last.display.hand.is_empty(), "{variant}");
            assert!(last.caption().len() > 10, "{variant}: {}", last.caption());
            // Each step's sound: the extra moves after their moves.
            let extras = frames.iter().filter(|f| matches!(f.step, Some(Event::ExtraMove { .. }))).count();
            assert_eq!(extras, shown.iter().filter(|s| s.extra_move()).count(), "{variant}");
            // What the panels count: at the start, then after each move (as a game's panels do,
            // while a move is sown they count what was before it).
            let start = Position::new(variant);
            assert_eq!(frames[0].tally, [tally(&start, Side::South), tally(&start, Side::North)], "{variant}");
            assert_eq!(last.tally, [tally(&pos, Side::South), tally(&pos, Side::North)], "{variant}");
            let changes = frames.windows(2).filter(|w| w[0].tally != w[1].tally).count();
            assert!(changes <= shown.len(), "{variant}: the tally changes {changes} times in {} moves", shown.len());
        }
    }

    #[test]
    fn with_empty_capture_the_catch_shown_takes_nothing_across() {
        // The last seed alone into the store, the house across empty: the option at work (in
        // Kalah(5,6) without relay sowing no such catch is found within a quarter of the budget,
        // and an ordinary catch is shown). Without the option a catch always takes seeds from
        // across.
        let names = Names { south: "Mia".into(), north: "Leo".into(), you: None };
        for variant in offered() {
            let Some(rules) = variant.kalah_rules() else { continue };
            let shown = sowings(variant);
            let last = shown.last().unwrap();
            let across = last.captures().filter(|(_, from, _)| from.side() != last.side).count();
            if rules.empty_capture && (rules.houses, rules.seeds, rules.relay) != (5, 6, false) {
                assert_eq!(across, 0, "{variant}: the catch shown takes seeds from across");
                let frames = frames(variant, &names, Lang::En);
                assert!(frames.last().unwrap().caption().contains(" catches 1!"), "{variant}: {}", frames.last().unwrap().caption());
            } else {
                assert!(across > 0, "{variant}: the catch shown takes nothing from across");
            }
        }
    }

    #[test]
    fn banana_cala_shows_a_banana_caught_costing_a_point() {
        let names = Names { south: "Mia".into(), north: "Leo".into(), you: None };
        // An orange and a banana caught: 1 - 1 points; with Robin King's scoring, 2 - 1.
        for (king, points) in [(false, 0), (true, 1)] {
            let frames = frames(Variant::Banana { king }, &names, Lang::En);
            let last = frames.last().unwrap();
            assert_eq!(last.tally, [points, 0], "king {king}");
            assert!(last.caption().contains("Mia catches 2, with a banana!"), "{}", last.caption());
            let mut caught = last.display.captured[Side::South.index()].clone();
            caught.sort_by_key(|l| l.name());
            assert_eq!(caught, [crate::show::Look::Banana, crate::show::Look::Orange]);
        }
    }

    #[test]
    fn the_captions_say_what_each_move_did() {
        let names = Names { south: "Mia".into(), north: "Leo".into(), you: None };
        let said: Vec<String> = frames("kalah:6:4".parse().unwrap(), &names, Lang::En).into_iter().map(|f| f.caption()).collect();
        // While a move is sown, its first sentence; after it, all of them.
        assert!(said.contains(&"Mia sowed house 3.".to_string()), "{said:?}");
        assert!(said.iter().any(|c| c.starts_with("Mia sowed house 3.") && c.contains("Mia plays again")), "{said:?}");
        assert!(said.last().unwrap().starts_with("Mia sowed house 3.") && said.last().unwrap().contains("Mia catch"), "{said:?}");
        let said: Vec<String> = frames(Variant::Banana { king: false }, &names, Lang::En).into_iter().map(|f| f.caption()).collect();
        assert!(said.iter().any(|c| c.contains("3 fruits")), "{said:?}");
        // A move's sentences only come, one after the other, never said over again: each of its
        // frames says the first ones of what its last frame says.
        for variant in offered() {
            let frames = frames(variant, &names, Lang::En);
            for pair in frames.windows(2) {
                let (before, after) = (&pair[0], &pair[1]);
                if before.move_number == after.move_number {
                    assert!(after.lines.starts_with(&before.lines), "{variant}: {:?} then {:?}", before.lines, after.lines);
                } else {
                    assert_eq!(after.move_number, before.move_number + 1, "{variant}");
                    assert!(after.lines.len() <= 1, "{variant}: {:?}", after.lines);
                }
            }
            assert!(frames.iter().filter(|f| f.move_number > 0).all(|f| !f.lines.is_empty()), "{variant}");
        }
    }
}
