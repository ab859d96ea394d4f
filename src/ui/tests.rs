//! Component tests in a real browser (wasm-bindgen-test in headless Chromium): the components render
//! what the engine says and report what the child does.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, MouseEvent, MouseEventInit};
use yew::Callback;

use super::board::{Board, BoardProps};
use super::App;
use crate::show::{Display, Marks, Names};
use crate::text::Lang;
use crate::{Hole, Position, Side, Variant};

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

fn click(el: &Element) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    let event = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    el.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn the_start_screen_offers_the_five_games() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let root = mount();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    let cards = root.query_selector_all(".game-pick").unwrap();
    assert_eq!(cards.length(), 5);
    // Picking Kauri and pressing Play shows its board: 12 houses of 5 seeds and a cowrie.
    click(&root.query_selector(".game-pick[data-game=kauri]").unwrap().unwrap());
    settle().await;
    click(&root.query_selector("#start-game").unwrap().unwrap());
    settle().await;
    let houses = root.query_selector_all("g.hole.house").unwrap();
    assert_eq!(houses.length(), 12);
    let first = root.query_selector("g.hole[data-side=south][data-house='1']").unwrap().unwrap();
    assert_eq!(first.get_attribute("data-count").as_deref(), Some("6"));
    assert_eq!(first.query_selector_all("use.cowrie").unwrap().length(), 1);
}

#[wasm_bindgen_test]
async fn the_board_draws_every_hole_and_reports_taps() {
    let pos = Position::new(Variant::KidCalaClassic);
    let tapped = Rc::new(RefCell::new(Vec::new()));
    let record = tapped.clone();
    let props = BoardProps {
        display: Display::of(&pos),
        legal: vec![Hole::house(Side::South, 2)],
        names: Names { south: "Ana".into(), north: "Bo".into(), you: None },
        lang: Lang::Fr,
        face_to_face: false,
        refused: None,
        refused_serial: 0,
        ontap: Callback::from(move |h: Hole| record.borrow_mut().push(h)),
        onhold: Callback::noop(),
        onletgo: Callback::noop(),
        onpress: Callback::noop(),
        onlook: Callback::noop(),
        onlookaway: Callback::noop(),
        let_go: false,
        held: None,
        row: Some(super::board::ROW),
        hint: Some(Hole::house(Side::South, 2)),
        picking: None,
        // What a house's move would bring, heard in its name where it may be played.
        said: vec![(Hole::house(Side::South, 2), "tu rejoues\u{a0}!".into()), (Hole::house(Side::South, 3), "pas jouable".into())],
        marks: Marks { landing: Some(Hole::house(Side::South, 6)), caught: vec![Hole::house(Side::North, 1)] },
        played: Some((Hole::house(Side::North, 3), "#2e86ab")),
        flip: false,
        id: "board".into(),
    };
    let root = mount();
    yew::Renderer::<Board>::with_root_and_props(root.clone(), props).render();
    settle().await;
    assert_eq!(root.query_selector_all("g.hole").unwrap().length(), 14);
    let house = root.query_selector("g.hole[data-side=south][data-house='2']").unwrap().unwrap();
    assert_eq!(house.get_attribute("data-legal").as_deref(), Some("true"));
    // A hint makes its house glow, and only that one.
    assert!(house.get_attribute("class").unwrap_or_default().split_whitespace().any(|c| c == "hint"));
    assert_eq!(root.query_selector_all("g.hole.hint").unwrap().length(), 1);
    // Its reason shows too: where the last piece lands is filled, what it catches is ringed.
    let marked = |class: &str| {
        let found = root.query_selector_all(&format!("g.hole.{class}")).unwrap();
        (0..found.length())
            .map(|i| {
                let el = found.get(i).unwrap().dyn_into::<Element>().unwrap();
                format!("{} {}", el.get_attribute("data-side").unwrap(), el.get_attribute("data-house").unwrap())
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(marked("landing"), ["south 6"]);
    assert_eq!(marked("caught"), ["north 1"]);
    // Where the last move sowed from is marked in the colour of who played it, and said.
    assert_eq!(marked("played"), ["north 3"]);
    let played = root.query_selector("g.hole.played").unwrap().unwrap();
    assert_eq!(played.get_attribute("style").as_deref(), Some("--player:#2e86ab"));
    let label = played.get_attribute("aria-label").unwrap();
    assert!(label.starts_with("Bo\u{a0}: case 3") && label.ends_with(", dernier coup joué ici"), "{label}");
    // The accessible name is in the current language and says whose house, which, and how many.
    let label = house.get_attribute("aria-label").unwrap();
    assert!(label.contains("Ana") && label.contains('2') && label.contains('4'), "{label}");
    // It may be played now, and the hint names it.
    // (In French with a no-break space before its colon, as before every such mark.)
    assert!(label.ends_with(", jouable maintenant\u{a0}: tu rejoues\u{a0}!, c'est l'indice"), "{label}");
    let not_now = root.query_selector("g.hole[data-side=south][data-house='3']").unwrap().unwrap().get_attribute("aria-label").unwrap();
    assert!(!not_now.contains("pas jouable"), "{not_now}");
    // Fruits are drawn as pictures of their own.
    assert_eq!(house.query_selector_all("use.piece").unwrap().length(), 4);
    click(&house);
    let store = root.query_selector("g.hole.store[data-side=north]").unwrap().unwrap();
    click(store.dyn_ref::<Element>().unwrap());
    assert_eq!(*tapped.borrow(), vec![Hole::house(Side::South, 2), Hole::store(Side::North)]);
}

#[wasm_bindgen_test]
fn a_child_alone_against_the_computer_with_no_name_is_spoken_to() {
    use super::state::Choice;
    let mut choice = Choice::default();
    // Two children: their names (or "Player 1", "Player 2"), no one is "you".
    assert_eq!(choice.names(Lang::En).you, None);
    // Against the computer, the child starting: the child sits South.
    choice.computer = Some(1);
    let names = choice.names(Lang::En);
    assert_eq!((names.you, names.north.as_str()), (Some(Side::South), "Snail"));
    // The computer starting: it sits South, the child North.
    choice.starter = 1;
    assert_eq!(choice.names(Lang::En).you, Some(Side::North));
    // A child who typed a name is called by it.
    choice.names[0] = "Mia".into();
    let names = choice.names(Lang::En);
    assert_eq!((names.you, names.north.as_str()), (None, "Mia"));
}

#[wasm_bindgen_test]
fn only_choices_the_start_screen_makes_are_trusted_from_storage() {
    use super::state::{Choice, MAX_NAME};
    let good = Choice { computer: Some(5), starter: 1, seeds: 6, houses: 4, colours: [0, 5], ..Choice::default() };
    assert_eq!(good.check(), Ok(()));
    let named = Choice { names: ["é".repeat(MAX_NAME), String::new()], ..Choice::default() };
    assert_eq!(named.check(), Ok(()), "a name is counted in letters, not bytes");
    for (bad, why) in [
        (Choice { starter: 2, ..Choice::default() }, "player 3 cannot start"),
        (Choice { computer: Some(0), ..Choice::default() }, "no level 0"),
        (Choice { computer: Some(6), ..Choice::default() }, "no level 6"),
        (Choice { seeds: 7, ..Choice::default() }, "6 houses of 7 seeds"),
        (Choice { houses: 3, ..Choice::default() }, "3 houses"),
        (Choice { colours: [0, 6], ..Choice::default() }, "no colour 7"),
        (Choice { names: [String::new(), "x".repeat(MAX_NAME + 1)], ..Choice::default() }, "longer than 16 letters"),
    ] {
        let got = bad.check();
        assert!(got.as_ref().is_err_and(|e| e.contains(why)), "{bad:?} gives {got:?}");
    }
}

#[wasm_bindgen_test]
fn the_hints_second_ring_leaves_the_hole_open() {
    use super::board::hint_inner;
    // On a tablet: 10 units inside the edge, its green 4 wide (4 of dark between it and the hint
    // ring's 8 of green).
    assert_eq!(hint_inner(94.0, 0.0, 1.0), Some((10.0, 1.0)));
    // Widened on a phone, as the other rings are, where a house has room.
    let (at, width) = hint_inner(94.0, 4.5, 2.5).unwrap();
    assert!((width - 2.5).abs() < 1e-9 && (at - 23.5).abs() < 1e-9, "{at} {width}");
    // Banana-Cala's store on a phone held upright, 57.6 units across: thinner, with 12 units open
    // inside its dark band (it was a solid bar over the fruits).
    for (inset, widening) in [(3.6, 2.2), (4.5, 2.5)] {
        let (at, width) = hint_inner(57.6, inset, widening).unwrap();
        assert!(width < widening, "{width}");
        let open = 57.6 - 2.0 * (at + 2.0 * width + 2.0);
        assert!(open > 11.99, "{open} units open at widening {widening}");
    }
    // None where even a thin one would close the hole.
    assert_eq!(hint_inner(40.0, 4.5, 2.5), None);
}

#[wasm_bindgen_test]
fn two_players_never_share_a_colour() {
    use super::state::Choice;
    let start = Choice::default();
    assert_eq!(start.colours, [0, 1]);
    // A free colour is simply taken; the other player's is swapped for one's own.
    assert_eq!(start.with_colour(0, 3).colours, [3, 1]);
    assert_eq!(start.with_colour(0, 1).colours, [1, 0]);
    assert_eq!(start.with_colour(1, 0).colours, [1, 0]);
    assert_eq!(start.with_colour(1, 1).colours, [0, 1], "one's own colour again changes nothing");
    // Against the computer (player 2), the child's choice of its colour gives it theirs.
    let alone = Choice { computer: Some(1), colours: [4, 2], ..Choice::default() };
    assert_eq!(alone.with_colour(0, 2).colours, [2, 4]);
    // A choice saved with one colour for both is told apart when read.
    assert_eq!(Choice { colours: [3, 3], ..Choice::default() }.with_two_colours().colours, [3, 0]);
    assert_eq!(Choice { colours: [0, 0], ..Choice::default() }.with_two_colours().colours, [0, 1]);
    assert_eq!(Choice { colours: [5, 2], ..Choice::default() }.with_two_colours().colours, [5, 2]);
}

#[wasm_bindgen_test]
async fn the_holes_of_a_child_alone_against_the_computer_are_theirs() {
    let pos = Position::new(Variant::KidCalaClassic);
    let props = BoardProps {
        display: Display::of(&pos),
        legal: vec![],
        names: Names { south: "Player 1".into(), north: "Snail".into(), you: Some(Side::South) },
        lang: Lang::En,
        face_to_face: false,
        refused: None,
        refused_serial: 0,
        ontap: Callback::noop(),
        onhold: Callback::noop(),
        onletgo: Callback::noop(),
        onpress: Callback::noop(),
        onlook: Callback::noop(),
        onlookaway: Callback::noop(),
        let_go: false,
        held: None,
        row: Some(super::board::ROW),
        hint: None,
        picking: None,
        said: vec![],
        marks: Marks::default(),
        played: None,
        flip: false,
        id: "board".into(),
    };
    let root = mount();
    yew::Renderer::<Board>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let label = |selector: &str| root.query_selector(selector).unwrap().unwrap().get_attribute("aria-label").unwrap();
    // Kid-Cala's pieces are its fruits, as its rules say.
    assert_eq!(label("g.hole[data-side=south][data-house='2']"), "Your house 2, 4 fruits");
    assert_eq!(label("g.hole.store[data-side=south]"), "Your store, 0 fruits");
    assert_eq!(label("g.hole[data-side=north][data-house='2']"), "Snail's house 2, 4 fruits");
}

#[wasm_bindgen_test]
fn stars_are_kept_as_text_and_a_damaged_record_keeps_what_is_readable() {
    use super::stars::{Shelf, StarBook, Stars};
    use super::state::{Choice, GameId};
    let shelf = |game: GameId, houses: u8| Shelf::of(Choice { game, houses, ..Choice::default() }.variant());
    let kalah = shelf(GameId::Kalah, 6);
    let kauri = shelf(GameId::Kauri, 6);
    let banana = shelf(GameId::Banana, 6);
    let mut book = StarBook::default();
    assert!(book.add("", kalah, 1));
    assert!(book.add("", kalah, 3));
    assert!(!book.add("", kalah, 3), "a star earned twice is not new");
    assert!(book.add("", kauri, 5));
    assert!(!book.add("", kauri, 6), "there is no level 6");
    assert_eq!(book.to_json(), r#"{"kalah":[1,3],"kauri":[5]}"#);
    // Each name has its own stars: "Mia", " mia " and "MIA" are one child, the nameless child's
    // are not hers, and a level that does not exist leaves no name behind.
    assert!(book.add("Mia", banana, 2));
    assert!(!book.add(" mia ", banana, 2));
    assert!(book.add("Leo  Ray", kalah, 2));
    assert!(!book.add("Tom", kalah, 7));
    assert_eq!(book.to_json(), r#"{"kalah":[1,3],"kauri":[5],"names":{"leo ray":{"kalah":[2]},"mia":{"banana":[2]}}}"#);
    assert_eq!(StarBook::from_json(&book.to_json()), book);
    assert!(book.of("MIA").has(banana, 2) && !book.of("Mia").has(kalah, 1));
    assert!(book.of(" ").has(kalah, 3) && !book.of("").has(banana, 2));
    assert!(book.of("Leo Ray").has(kalah, 2) && !book.of("Leo").has(kalah, 2));
    assert_eq!(book.of("Tom"), Stars::default());
    let mut other = StarBook::default();
    other.add("", kalah, 2);
    other.add("mia", kalah, 4);
    other.add("Zoe", kauri, 1);
    assert_eq!(
        book.with(&other).to_json(),
        r#"{"kalah":[1,2,3],"kauri":[5],"names":{"leo ray":{"kalah":[2]},"mia":{"banana":[2],"kalah":[4]},"zoe":{"kauri":[1]}}}"#
    );
    // A record kept before names had their own stars is the nameless child's.
    let old = StarBook::from_json(r#"{"kalah":[1,3]}"#);
    assert!(old.of("").has(kalah, 3) && !old.of("Mia").has(kalah, 3));
    // Kalah's teaching boards have their own stars, whatever the seeds and options; stars kept
    // before they had are the full board's.
    let (four, five) = (shelf(GameId::Kalah, 4), shelf(GameId::Kalah, 5));
    let small = Shelf::of(Choice { game: GameId::Kalah, houses: 4, seeds: 6, empty: true, relay: true, ..Choice::default() }.variant());
    assert_eq!(small, four);
    assert_ne!(kalah, Shelf::of(Choice { game: GameId::Kalah, houses: 3, ..Choice::default() }.variant()));
    let mut boards = StarBook::default();
    assert!(boards.add("", small, 1));
    assert!(!boards.of("").has(kalah, 1) && !boards.of("").has(five, 1) && boards.of("").has(four, 1));
    assert!(boards.add("", kalah, 1) && boards.add("Mia", five, 2));
    assert_eq!(boards.to_json(), r#"{"kalah":[1],"kalah-4":[1],"names":{"mia":{"kalah-5":[2]}}}"#);
    assert_eq!(StarBook::from_json(&boards.to_json()), boards);
    // A Kalah board the start screen does not offer (from an edited saved game) earns nothing.
    let three = Shelf::of(crate::Variant::Kalah(crate::KalahRules::standard(3, 3).unwrap()));
    assert!(!boards.add("", three, 1) && !boards.of("").has(three, 1));
    assert_eq!(StarBook::from_json(r#"{"kalah-3":[1],"kalah-6":[2],"kalah-4":[3]}"#).to_json(), r#"{"kalah-4":[3]}"#);
    // Unknown games, levels out of range, things that are not levels and names without a star are
    // left out; the rest stays, names as their keys.
    let damaged = StarBook::from_json(
        r#"{"kalah":[1,"x",9,-2,3.5,300],"chess":[2],"kauri":"five","banana":[2],
            "names":{"Mia ":{"kalah":[1,8]},"mia":{"kauri":[2]},"":{"kalah":[2]},"Leo":[1],"Zoe":{"chess":[1]},"Ann":7}}"#,
    );
    assert_eq!(damaged.to_json(), r#"{"banana":[2],"kalah":[1],"names":{"mia":{"kalah":[1],"kauri":[2]}}}"#);
    for text in ["", "null", "[1,2]", "{", "\"kalah\"", "{\"kalah\":{\"1\":true}}", "{\"names\":[\"mia\"]}"] {
        assert_eq!(StarBook::from_json(text), StarBook::default(), "{text:?}");
    }
}

#[wasm_bindgen_test]
fn the_names_played_under_are_kept_most_recent_first() {
    use super::names::KnownNames;
    let list = |names: &KnownNames| names.iter().map(str::to_string).collect::<Vec<_>>();
    let mut names = KnownNames::default();
    for name in ["Mia", "Leo", "", "   ", " mia ", "a name much too long to keep"] {
        names.add(name);
    }
    // Another spelling of a name is one name, shown as typed last; nothing empty or too long.
    assert_eq!(list(&names), ["mia", "Leo"]);
    assert_eq!(names.to_json(), r#"["mia","Leo"]"#);
    assert_eq!(KnownNames::from_json(&names.to_json()), names);
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve"] {
        names.add(name);
    }
    assert_eq!(list(&names), ["Eve", "Dan", "Cat", "Ben", "Ann", "mia"], "only the last {} are offered", KnownNames::MOST);
    // Nor is a name with what cannot be seen of it (pasted with a mark of the direction of
    // writing, or a space of no width): it was a second button "Mia", without Mia's stars.
    let mut pasted = names.clone();
    pasted.add("Mia\u{200e}");
    pasted.add("\u{200b}Leo\u{feff}");
    assert_eq!(list(&pasted), ["Leo", "Mia", "Eve", "Dan", "Cat", "Ben"]);
    let mut book = super::stars::StarBook::default();
    book.add("Mia", super::stars::Shelf::of(super::state::Choice::default().variant()), 1);
    assert_eq!(book.of("\u{2066}Mia\u{200e}"), book.of("Mia"));
    assert_ne!(book.of("Mia"), book.of("Leo"));
    // A name forgotten however it is typed; one not there changes nothing.
    names.forget(" MIA");
    names.forget("Zoe");
    assert_eq!(list(&names), ["Eve", "Dan", "Cat", "Ben", "Ann"]);
    // Saved beside another copy's record (two copies side by side on a split screen): what was
    // done here is done to the record, the names put first here first, then the record's, not
    // those forgotten here, as many as are offered.
    let from = |names: &[&str]| {
        let mut known = KnownNames::default();
        for name in names.iter().rev() {
            known.add(name);
        }
        known
    };
    let base = from(&["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]);
    let mut ours = base.clone();
    ours.add("Mia");
    ours.forget("cat");
    let kept = from(&["Zoe", "Ann", "Ben", "Cat", "Dan", "Eve"]);
    assert_eq!(list(&KnownNames::merged(&base, &ours, &kept)), ["Mia", "Zoe", "Ann", "Ben", "Dan", "Eve"]);
    // Nothing done here: the record as it is; a name played again here goes first.
    assert_eq!(KnownNames::merged(&base, &base, &kept), kept);
    let mut again = base.clone();
    again.add("dan");
    assert_eq!(list(&KnownNames::merged(&base, &again, &kept)), ["dan", "Zoe", "Ann", "Ben", "Cat", "Eve"]);
    // A name forgotten here before, then played in the other copy, stays (only what was done
    // since the last save is done again).
    let mut later = ours.clone();
    later.add("Leo");
    let kept = from(&["Cat", "Mia", "Zoe"]);
    assert_eq!(list(&KnownNames::merged(&ours, &later, &kept)), ["Leo", "Cat", "Mia", "Zoe"]);
    // The list taken up from the record (another copy back in front) is the record.
    assert_eq!(KnownNames::merged(&ours, &kept, &kept), kept);
    // What can be read of a damaged record is kept, in its order.
    let damaged = KnownNames::from_json(r#"["Zoe", 7, null, "", "ZOE", "Tom", {"name": "x"}, "a name much too long to keep"]"#);
    assert_eq!(list(&damaged), ["Zoe", "Tom"]);
    for text in ["", "null", "{}", "\"Mia\"", "[", "{\"names\":[\"Mia\"]}"] {
        assert_eq!(KnownNames::from_json(text), KnownNames::default(), "{text:?}");
    }
}

#[wasm_bindgen_test]
fn the_names_a_game_starts_with_are_offered_next_time() {
    use super::state::{Action, Choice, Speed, State};
    use yew::Reducible;
    let list = |state: &State| state.known_names.iter().map(str::to_string).collect::<Vec<_>>();
    let state = Rc::new(State::new(Lang::En, Speed::Normal));
    // Typed but not played: not kept.
    let two = Choice { names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let state = state.reduce(Action::SetChoice(two.clone()));
    assert!(list(&state).is_empty());
    // Two children play: both names, player 1's first.
    let state = state.reduce(Action::Start);
    assert_eq!(list(&state), ["Mia", "Leo"]);
    // Against the computer only the child's own name is theirs; the other field is not a player.
    let alone = Choice { names: ["Zoe".into(), "Tom".into()], computer: Some(2), ..two };
    let state = state.reduce(Action::Menu).reduce(Action::SetChoice(alone)).reduce(Action::Start);
    assert_eq!(list(&state), ["Zoe", "Mia", "Leo"]);
}

#[wasm_bindgen_test]
fn a_game_left_for_the_start_screen_can_be_gone_back_to() {
    use super::state::{Action, Choice, GameId, Screen, Speed, State};
    use yew::Reducible;
    let state = Rc::new(State::new(Lang::En, Speed::Normal));
    // Nothing to go back to before a game.
    let state = state.reduce(Action::BackToGame);
    assert_eq!((state.screen, state.left_game.clone()), (Screen::Start, None));
    let two = Choice { game: GameId::Kalah, houses: 4, seeds: 3, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let state = state.reduce(Action::SetChoice(two.clone())).reduce(Action::Start).reduce(Action::Play("2".parse().unwrap()));
    let game = state.game.clone();
    let state = state.reduce(Action::Menu);
    assert_eq!((state.screen, state.left_game.clone()), (Screen::Start, Some(two.clone())));
    assert!(!state.busy(), "the move is shown to its end");
    // Other choices meanwhile change nothing of the game left; going back brings back its own.
    let other = Choice { game: GameId::Kauri, names: ["Zoe".into(), String::new()], computer: Some(3), ..Choice::default() };
    let state = state.reduce(Action::SetChoice(other.clone())).reduce(Action::SetLang(Lang::Es)).reduce(Action::BackToGame);
    assert_eq!((state.screen, &state.choice, &state.game, state.left_game.clone()), (Screen::Board, &two, &game, None));
    // The last move's words, said again in the language chosen meanwhile, name the game's players.
    assert_eq!(state.captions_shown().first().copied(), Some("Mia sembró la casilla 2."));
    let state = state.reduce(Action::SetLang(Lang::En));
    // Only from the start screen, once.
    let state = state.reduce(Action::BackToGame);
    assert_eq!((state.screen, &state.choice), (Screen::Board, &two));
    // A new game forgets the one left.
    let state = state.reduce(Action::Menu).reduce(Action::SetChoice(other.clone())).reduce(Action::Start);
    assert_eq!((state.left_game.clone(), state.game.moves().len()), (None, 0));
    let state = state.reduce(Action::Menu).reduce(Action::Resume(Box::new(game.clone()), two.clone()));
    assert_eq!((state.screen, state.left_game.clone()), (Screen::Board, None), "a resumed game is the one played");
    // A game that is over is not offered again.
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(1), ..Choice::default() };
    let over = game_after(choice.variant(), "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1 2");
    assert!(over.is_over());
    let state = state.reduce(Action::Resume(Box::new(over), choice)).reduce(Action::Menu);
    assert_eq!((state.screen, state.left_game.clone()), (Screen::Start, None));
}

#[wasm_bindgen_test]
fn the_words_on_show_are_said_again_in_a_new_language() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    // The same steps in French from the start, and in English switched to French at the end.
    let steps = |lang: Lang, switch: bool| {
        let mut state = Rc::new(State::new(lang, Speed::Instant)).reduce(Action::SetChoice(choice.clone())).reduce(Action::Start);
        let mut seen = Vec::new();
        let mut look = |state: &Rc<State>| {
            let state = if switch { state.clone().reduce(Action::SetLang(Lang::Fr)) } else { state.clone() };
            seen.push((state.captions.clone(), state.hint.as_ref().map(|h| h.text.clone())));
        };
        // A move with an extra move (house 3 of 3 seeds ends in the store), then another.
        for step in [Action::Play("3".parse().unwrap()), Action::Play("1".parse().unwrap()), Action::ShowAgain, Action::Undo, Action::Redo, Action::Hinting] {
            state = state.reduce(step);
            look(&state);
        }
        // A hint with its reason.
        let hinted = state.reduce(Action::Hinted("2".into(), Some("capture".into()), 2));
        look(&hinted);
        seen
    };
    let french = steps(Lang::Fr, false);
    assert_eq!(steps(Lang::En, true), french);
    assert_ne!(steps(Lang::En, false), french, "the English words are not the French ones");
    // Every step but the undo has words to say again (an undo says nothing).
    assert!(french.iter().enumerate().all(|(i, (captions, _))| captions.is_empty() == (i == 3)), "{french:?}");
}

/// Shown step by step, a move lights each house a piece falls in as it falls, the house where its
/// last piece falls too, for a step like the others (it went dark as that piece landed: the house
/// that decides an extra move or a catch was the one never lit); then the light goes out. A move
/// skipped to its end leaves nothing lit.
#[wasm_bindgen_test]
fn the_house_where_the_last_piece_falls_is_lit_as_it_falls() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, ..Choice::default() };
    let mut state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::SetChoice(choice)).reduce(Action::Start);
    // South's house 1 of 3 seeds: into houses 2, 3 and 4, none empty: no catch, no extra move.
    state = state.reduce(Action::Play("1".parse().unwrap()));
    let house = |number| Some(Hole::House { side: Side::South, number }.index(4));
    let mut lit = Vec::new();
    while state.busy() {
        state = state.reduce(Action::Step);
        lit.push(state.display.last);
    }
    assert_eq!(lit, [house(1), house(2), house(3), house(4)]);
    assert!(state.lingering(), "the light of the last step waits for a step");
    state = state.reduce(Action::Step);
    assert_eq!((state.display.last, state.lingering()), (None, false));
    // North's house 1, tapped through to its end at once.
    state = state.reduce(Action::Play("1".parse().unwrap())).reduce(Action::Step).reduce(Action::Finish);
    assert_eq!((state.display.last, state.lingering(), state.busy()), (None, false, false));
    assert!(state.display.matches(state.game.position()));
}

#[wasm_bindgen_test]
fn the_keyboard_looks_at_a_house_without_keeping_it_from_being_played() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, ..Choice::default() };
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::SetChoice(choice)).reduce(Action::Start);
    let south = |number| Hole::house(Side::South, number);
    // House 2 of 3 seeds: the last one lands in South's store.
    let looked = state.clone().reduce(Action::Look(south(2)));
    let preview = looked.preview.clone().expect("the keyboard's look");
    assert!(!preview.held);
    assert_eq!(preview.marks.landing, Some(Hole::Store { side: Side::South }));
    // The keyboard leaving another house leaves it; leaving this one ends it.
    assert!(looked.clone().reduce(Action::LookAway(south(1))).preview.is_some());
    assert!(looked.clone().reduce(Action::LookAway(south(2))).preview.is_none());
    // Enter (a tap) on the house looked at plays it, where letting go of a hold only looks.
    let played = looked.clone().reduce(Action::Tap(south(2)));
    assert_eq!((played.game.moves().len(), played.preview.is_none()), (1, true));
    let held = state.clone().reduce(Action::Hold(south(2)));
    let tapped = held.reduce(Action::Tap(south(2)));
    assert_eq!((tapped.game.moves().len(), tapped.preview.is_none()), (0, true));
    // A finger holding a house keeps its look when the keyboard moves onto another (face to face,
    // two children at once); the other player's houses, and a house that may not be played, show
    // nothing.
    let both = state.clone().reduce(Action::Hold(south(1))).reduce(Action::Look(south(2)));
    assert_eq!(both.preview.as_ref().map(|p| (p.from, p.held)), Some((south(1), true)));
    assert!(state.clone().reduce(Action::Look(Hole::house(Side::North, 2))).preview.is_none());
    let emptied = played.reduce(Action::Look(south(2)));
    assert!(emptied.preview.is_none(), "house 2 is empty after its move");
}

#[wasm_bindgen_test]
fn undo_takes_back_a_pass_that_had_to_be_made_with_the_move_before_it() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use crate::Move;
    use yew::Reducible;
    // After these 18 moves of Kauri, North's last sowing left South without a shell: South must
    // pass (and the pass plays by itself).
    const BEFORE_PASS: &str = "2 5 1 3 3 6 6 4 5 2 4 1 5 2 6 6 1 5";
    let two = Choice { game: GameId::Kauri, ..Choice::default() };
    let game = game_after(Variant::Kauri, &format!("{BEFORE_PASS} pass"));
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(game), two));
    // Undo right after the pass: back to North's move before it, not to the pass to be made again.
    let state = state.reduce(Action::Undo);
    assert_eq!(state.game.moves().len(), 17);
    assert!(!state.must_pass() && state.game.position().to_move() == Side::North);
    // Redo puts back North's move and the pass with it, and says both.
    let state = state.reduce(Action::Redo);
    assert_eq!(state.game.moves().len(), 19);
    assert_eq!(state.game.moves().last(), Some(&Move::Pass));
    assert!(!state.game.can_redo());
    assert_eq!(state.captions_from, 17);
    assert!(state.captions.iter().any(|t| t.words.contains("pass")), "{:?}", state.captions);
    // Against the computer (North), after its answer to the pass: back to the child's last turn
    // with a move to choose, past the computer's moves and the pass.
    let against = Choice { game: GameId::Kauri, computer: Some(1), ..Choice::default() };
    let game = game_after(Variant::Kauri, &format!("{BEFORE_PASS} pass 1"));
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(game), against));
    let state = state.reduce(Action::Undo);
    assert_eq!(state.game.moves().len(), 16);
    assert!(!state.must_pass() && !state.computers_turn());
    // A game whose first move was a pass (North started without a shell): Undo takes back South's
    // move, and then nothing (the pass would play itself again, and South's move to redo be lost).
    let start: Position = serde_json::from_str(
        r#"{"variant":"kauri","to_move":"north","south":{"houses":["5S2C","5S2C","5S2C","5S2C","5S2C","5S2C"],"store":0},"north":{"houses":[5,5,5,5,5,5],"store":0}}"#,
    )
    .unwrap();
    let mut game = crate::Game::from_position(start);
    game.play(Move::Pass).unwrap();
    game.play(Move::House(1)).unwrap();
    let two = Choice { game: GameId::Kauri, ..Choice::default() };
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(game), two));
    let state = state.reduce(Action::Undo);
    assert_eq!((state.game.moves().len(), state.game.can_redo()), (1, true));
    assert!(state.undone().is_none(), "Undo is offered with only the pass before");
    let state = state.reduce(Action::Undo);
    assert_eq!((state.game.moves().len(), state.game.can_redo()), (1, true));
}

/// A move right after a Kauri pass (which plays by itself) is told with it: where the computer
/// answers at once, "You have no shell and pass." went the moment it came. Said again in another
/// language, after "Back to the game" or a reload, and shown again, the pass is told too; the
/// next move's words are its own.
#[wasm_bindgen_test]
fn the_computers_move_right_after_a_pass_keeps_what_the_pass_said() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use crate::Move;
    use yew::Reducible;
    // After these 18 moves of Kauri, South (the child) has no shell and must pass; North is the
    // computer.
    const BEFORE_PASS: &str = "2 5 1 3 3 6 6 4 5 2 4 1 5 2 6 6 1 5";
    let against = Choice { game: GameId::Kauri, computer: Some(1), ..Choice::default() };
    let game = game_after(Variant::Kauri, BEFORE_PASS);
    let words = |state: &Rc<State>| state.captions_shown().into_iter().map(str::to_string).collect::<Vec<_>>();
    for speed in [Speed::Instant, Speed::Normal] {
        let state = Rc::new(State::new(Lang::En, speed)).reduce(Action::Resume(Box::new(game.clone()), against.clone()));
        assert!(state.must_pass());
        let mut state = state.reduce(Action::Play(Move::Pass));
        while state.busy() {
            state = state.reduce(Action::Step);
        }
        assert!(state.computers_turn());
        // At once, the computer's move before the pass is told with it (the pass, which plays
        // at once too, took its words' place before they could be read); shown step by step, the
        // pass alone, its words read while it waited.
        let passed = words(&state);
        assert_eq!(passed.last().map(String::as_str), Some("You have no shell and pass."), "{speed:?}");
        if speed == Speed::Instant {
            assert!(passed.len() > 1 && passed[0].contains("sowed house"), "{passed:?}");
        } else {
            assert_eq!(passed.len(), 1, "{passed:?}");
        }
        let answer = first_house(state.game.position());
        let mut state = state.reduce(Action::Play(answer));
        // Shown step by step, the pass's words are there from the start.
        assert_eq!(words(&state).first().map(String::as_str), Some("You have no shell and pass."), "{speed:?}");
        while state.busy() {
            state = state.reduce(Action::Step);
        }
        let said = words(&state);
        assert!(said.len() > 1 && said[0] == "You have no shell and pass." && said[1].contains("sowed house"), "{said:?}");
        // In French, as if played in French from the start.
        let french = state.clone().reduce(Action::SetLang(Lang::Fr));
        assert!(words(&french)[0].starts_with("Tu n'as pas de coquillage"), "{:?}", words(&french));
        assert_eq!(words(&french.reduce(Action::SetLang(Lang::En))), said);
        // After a reload, as before it.
        let reloaded = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(state.game.clone()), against.clone()));
        assert_eq!(words(&reloaded), said);
        // The child's next move, then the computer's answer: each says its own words alone.
        assert!(!state.computers_turn() && !state.must_pass());
        let house = first_house(state.game.position());
        let mut mine = state.reduce(Action::Play(house));
        while mine.busy() {
            mine = mine.reduce(Action::Step);
        }
        let my_words = words(&mine);
        assert!(!my_words.iter().any(|c| c.contains("pass")), "{my_words:?}");
        assert!(mine.computers_turn());
        let house = first_house(mine.game.position());
        let answer = mine.reduce(Action::Play(house));
        let answer_words = words(&answer);
        assert!(!answer_words.is_empty() && !answer_words.iter().any(|c| my_words.contains(c) || c.contains("pass")), "{answer_words:?}");
    }
}

/// Two children at "At once": the pass that plays by itself right after a move is told with it, so
/// that the words of that move (a catch) are read; the next move is told with the pass alone.
#[wasm_bindgen_test]
fn at_once_a_pass_is_told_with_the_move_before_it() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use crate::Move;
    use yew::Reducible;
    // After these 17 moves of Kauri, North's house 5 leaves South without a shell.
    const BEFORE: &str = "2 5 1 3 3 6 6 4 5 2 4 1 5 2 6 6 1";
    let two = Choice { game: GameId::Kauri, ..Choice::default() };
    let words = |state: &Rc<State>| state.captions_shown().into_iter().map(str::to_string).collect::<Vec<_>>();
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(game_after(Variant::Kauri, BEFORE)), two.clone()));
    let state = state.reduce(Action::Play(Move::House(5)));
    let north = words(&state);
    assert!(!north.is_empty() && state.must_pass(), "{north:?}");
    let state = state.reduce(Action::Play(Move::Pass));
    let passed = words(&state);
    assert_eq!(passed, [north.clone(), vec!["Player 1 has no shell and passes.".to_string()]].concat());
    // In another language, both, as if played in it; shown again, and after a reload, both too.
    let french = state.clone().reduce(Action::SetLang(Lang::Fr));
    assert_eq!(words(&french).len(), passed.len());
    assert_eq!(words(&french.reduce(Action::SetLang(Lang::En))), passed);
    let mut again = state.clone().reduce(Action::ShowAgain);
    while again.busy() {
        again = again.reduce(Action::Step);
    }
    assert_eq!(words(&again), passed);
    let reloaded = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(state.game.clone()), two.clone()));
    assert_eq!(words(&reloaded), passed);
    // North plays again: the pass is told before its move, and the move before the pass is gone.
    let house = first_house(state.game.position());
    let played = state.reduce(Action::Play(house));
    let next = words(&played);
    assert_eq!(next.first().map(String::as_str), Some("Player 1 has no shell and passes."), "{next:?}");
    assert!(next.len() > 1 && !next.iter().any(|w| north.contains(w)), "{next:?}");
    // Taken back and put back with Redo, the same words, the pass before the move too.
    let undone = played.reduce(Action::Undo);
    assert_eq!(undone.game.moves().last(), Some(&Move::Pass));
    assert_eq!(words(&undone.reduce(Action::Redo)), next);
    // North without a shell twice in a row: each pass told after South's move before it, and
    // not after the pass before.
    let start: Position = serde_json::from_str(
        r#"{"variant":"kauri","to_move":"south","south":{"houses":["1S1C","1S1C","1S1C","9S","9S","9S9C"],"store":0},"north":{"houses":["5S","5S","5S","5S","5S","5S"],"store":0}}"#,
    )
    .unwrap();
    let mut state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(crate::Game::from_position(start)), two));
    for house in [1, 2] {
        state = state.reduce(Action::Play(Move::House(house)));
        assert!(state.must_pass());
        state = state.reduce(Action::Play(Move::Pass));
        assert_eq!(words(&state), [format!("Player 1 sowed house {house}."), "Player 2 has no shell and passes.".to_string()]);
    }
}

#[wasm_bindgen_test]
fn a_hint_to_catch_a_banana_says_so() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Banana, ..Choice::default() };
    let game = game_after(Variant::Banana { king: false }, "M:GA M:BBBBBO");
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(game), choice));
    // House 5's apple catches North's banana across, and itself: 2 fruits, no point.
    let state = state.reduce(Action::Hinting).reduce(Action::Hinted("5:A".into(), Some("capture".into()), 2));
    let text = state.hint.as_ref().map(|h| h.text.clone()).unwrap_or_default();
    assert_eq!(text, "Try house 5. You catch 2, with a banana!");
}

#[wasm_bindgen_test]
fn a_moves_sentences_come_as_what_they_tell_is_shown() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, ..Choice::default() };
    let mut state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::SetChoice(choice)).reduce(Action::Start);
    // South's house 2 of 3 seeds: the last one lands in the store, and South plays again.
    state = state.reduce(Action::Play("2".parse().unwrap()));
    assert_eq!(state.captions.len(), 2);
    assert_eq!(state.captions_shown(), ["Player 1 sowed house 2."]);
    let mut seen = Vec::new();
    while state.busy() {
        state = state.reduce(Action::Step);
        seen.push(state.captions_shown().len());
    }
    // The extra move is said with the move's last step, not before.
    assert_eq!(seen.last(), Some(&2));
    assert!(seen[..seen.len() - 1].iter().all(|&n| n == 1), "{seen:?}");
    // Shown again, the same; tapped through, every sentence at once.
    state = state.reduce(Action::ShowAgain);
    assert_eq!(state.captions_shown().len(), 1);
    state = state.reduce(Action::Finish);
    assert_eq!(state.captions_shown().len(), 2);
}

/// The game of `variant` after the moves written in `moves` (house numbers, space between).
fn game_after(variant: Variant, moves: &str) -> crate::Game {
    let mut game = crate::Game::new(variant);
    for m in moves.split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

#[wasm_bindgen_test]
fn beating_the_computer_earns_its_star_once() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(1), ..Choice::default() };
    // Stars go on the board played: Kalah's teaching board of 4 houses, not the full board.
    let shelf = super::stars::Shelf::of(choice.variant());
    let full = super::stars::Shelf::of(Choice { game: GameId::Kalah, ..Choice::default() }.variant());
    // One move before the child (South) wins.
    let game = game_after(choice.variant(), "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1");
    let before_win = game.clone();
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(game), choice.clone()));
    assert_eq!((state.star_earned(), state.new_star), (None, false));
    let win = "2".parse().unwrap();
    let state = state.reduce(Action::Play(win));
    assert!(state.busy());
    assert_eq!(state.star_earned(), None, "no star before the last move has been shown");
    let state = state.reduce(Action::Finish);
    assert_eq!(state.game.outcome().and_then(|o| o.winner), Some(Side::South));
    assert_eq!((state.star_earned(), state.new_star), (Some(1), true));
    assert!(state.stars.of("").has(shelf, 1) && !state.stars.of("").has(shelf, 2));
    assert!(!state.stars.of("").has(full, 1), "Snail beaten on the teaching board is not beaten on the full board");
    // Taken back and won again: the star stays, and is not new any more.
    let state = state.reduce(Action::Undo);
    assert!(!state.new_star && state.stars.of("").has(shelf, 1));
    let state = state.reduce(Action::Play(win)).reduce(Action::Finish);
    assert_eq!((state.star_earned(), state.new_star), (Some(1), false));
    // Back at the start screen nothing is new; the star is kept.
    let state = state.reduce(Action::Menu);
    assert!(!state.new_star && state.stars.of("").has(shelf, 1));
    // A child who typed her name earns her own star, new to her, and the nameless one's stays.
    let named = Choice { names: ["Mia".into(), String::new()], ..choice };
    let state = state.reduce(Action::Resume(Box::new(before_win), named)).reduce(Action::Play(win)).reduce(Action::Finish);
    assert_eq!((state.star_earned(), state.new_star), (Some(1), true));
    assert!(state.stars.of("mia").has(shelf, 1) && state.stars.of("").has(shelf, 1));
    // A saved game whose board was over before the child played a move (changed by hand), won by
    // the child: no star (one was given, for nothing played).
    let over: crate::Position = serde_json::from_str(
        r#"{"variant":"kalah:4:3","to_move":"south","south":{"houses":[0,0,0,0],"store":20},"north":{"houses":[1,1,1,1],"store":0}}"#,
    )
    .unwrap();
    let zoe = Choice { names: ["Zoe".into(), String::new()], ..choice };
    let state = state.reduce(Action::Resume(Box::new(crate::Game::from_position(over)), zoe));
    assert_eq!(state.game.outcome().and_then(|o| o.winner), Some(Side::South));
    assert_eq!((state.star_earned(), state.new_star), (None, false));
    assert!(!state.stars.of("zoe").has(shelf, 1));
}

#[wasm_bindgen_test]
fn choices_made_for_the_next_game_are_kept_while_this_one_goes_on() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let playing = Choice { game: GameId::Kalah, houses: 4, seeds: 3, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let next = Choice { seeds: 6, relay: true, ..playing.clone() };
    let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::SetChoice(playing.clone())).reduce(Action::Start);
    let state = state.reduce(Action::Play("1".parse().unwrap())).reduce(Action::Menu);
    assert_eq!(state.choice, playing, "the start screen shows the game's choices");
    // A teacher sets the next game's options, and goes back to finish this one.
    let state = state.reduce(Action::SetChoice(next.clone())).reduce(Action::BackToGame);
    assert_eq!((&state.choice, state.game.moves().len()), (&playing, 1), "the game goes on as it was");
    assert_eq!(state.start_choice(), &next, "the options kept for the start screen");
    // Sent to the start screen by a newer game saved by another copy: the same.
    let newer = Action::TakeUp { game: None, newer: true, stars: super::stars::StarBook::default(), names: None, lang: None, sound: None, speed: None };
    let sent = state.clone().reduce(newer);
    assert_eq!((&sent.choice, sent.start_choice()), (&next, &next));
    let state = state.reduce(Action::Menu);
    assert_eq!((&state.choice, state.left_game.as_ref()), (&next, Some(&playing)));
    // A game taken up (a reload) is offered with its own choices after it.
    let game = state.game.clone();
    let plain = Rc::new(State { choice: next.clone(), ..State::new(Lang::En, Speed::Instant) }).reduce(Action::Resume(Box::new(game), playing.clone()));
    assert_eq!(plain.start_choice(), &playing);
    assert_eq!(plain.reduce(Action::Menu).choice, playing);
}

#[wasm_bindgen_test]
fn a_tap_while_a_kauri_pass_is_coming_is_told_it() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    // Leo (North) has no shell: his pass comes by itself in a moment.
    let start: Position = serde_json::from_str(
        r#"{"variant":"kauri","to_move":"north","south":{"houses":["5S2C","5S2C","5S2C","5S2C","5S2C","5S2C"],"store":0},"north":{"houses":[5,5,5,5,5,5],"store":0}}"#,
    )
    .unwrap();
    let two = Choice { game: GameId::Kauri, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(crate::Game::from_position(start)), two));
    assert!(state.must_pass());
    // Leo taps a house of his, and Mia one of hers: both are told that he passes.
    for side in [Side::North, Side::South] {
        let tapped = state.clone().reduce(Action::Tap(Hole::House { side, number: 1 }));
        assert_eq!(tapped.notice.as_ref().map(|n| n.texts[0].as_str()), Some("Leo has no shell and passes."));
        assert!(tapped.game.moves().is_empty());
    }
}

#[wasm_bindgen_test]
fn after_a_draw_the_other_player_starts_and_is_told_so() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    // South's last seed goes to their store, and North's last seed to theirs: 12 to 12.
    let drawn: Position = serde_json::from_str(
        r#"{"variant":"kalah:4:3","to_move":"south","south":{"houses":[0,0,0,1],"store":11},"north":{"houses":[1,0,0,0],"store":11}}"#,
    )
    .unwrap();
    let two = Choice { game: GameId::Kalah, houses: 4, seeds: 3, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let against = Choice { names: ["Mia".into(), String::new()], computer: Some(1), ..two.clone() };
    for (choice, next) in [(two, "Leo's turn."), (against, "Snail's turn.")] {
        let state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(crate::Game::from_position(drawn)), choice.clone()));
        let state = state.reduce(Action::Play("4".parse().unwrap()));
        assert_eq!(state.game.outcome().map(|o| o.winner), Some(None), "the game is drawn");
        let state = state.reduce(Action::PlayAgain);
        assert_eq!(state.choice.starter, 1, "the player who did not start the drawn game starts");
        let notice = state.notice.as_ref().map(|n| n.texts[0].as_str());
        assert_eq!(notice, Some(format!("It was a draw: the other player starts. {next}").as_str()));
        // Said to a screen reader in two pieces, so that whose turn it was can go alone.
        let said = state.notice.as_ref().map(|n| n.said(Lang::En));
        assert_eq!(said, Some(("It was a draw: the other player starts.", Some(next))));
        // It stays over the computer's first move (which took it away as it came), and goes with
        // the child's.
        if choice.computer.is_some() {
            // House 2's last seed lands in its store: the computer plays again, and the notice
            // stays over that move too.
            let lasting = Some("It was a draw: the other player starts.");
            let state = state.reduce(Action::ComputerMove("2".into())).reduce(Action::Finish);
            assert_eq!(state.game.moves().len(), 1);
            assert_eq!(state.notice.as_ref().map(|n| n.texts[0].as_str()), lasting, "without whose turn it was");
            assert_eq!(state.notice.as_ref().map(|n| n.said(Lang::En)), lasting.map(|l| (l, None)), "the same first piece");
            let state = state.reduce(Action::ComputerMove("1".into())).reduce(Action::Finish);
            assert_eq!(state.game.moves().len(), 2);
            assert_eq!(state.notice.as_ref().map(|n| n.texts[0].as_str()), lasting, "gone with the computer's second move");
            let state = state.reduce(Action::Play("1".parse().unwrap()));
            assert!(state.notice.is_none(), "the notice stayed after the child's move");
        }
    }
}

#[wasm_bindgen_test]
fn a_name_is_said_without_marks_that_turn_the_words_round() {
    use super::state::Choice;
    // A mark that sets the direction of writing, pasted in or saved, turned the whole caption
    // round; control characters are not letters to see either.
    let choice = Choice { names: ["\u{202e}Mia\u{7}".into(), " \u{200f}\u{2066} ".into()], ..Choice::default() };
    let names = choice.names(Lang::En);
    assert_eq!((names.south.as_str(), names.north.as_str()), ("Mia", "Player 2"));
    let alone = Choice { names: ["\u{202b}".into(), String::new()], computer: Some(1), ..Choice::default() };
    assert!(alone.names(Lang::En).you.is_some(), "a name of marks alone is no name: the child is spoken to");
}

/// "Menu" tapped while the winning move is still being sown: the end has not been seen, so "Back to
/// the game" shows it, with its star (the game and the star were lost: the start screen offered no
/// way back).
#[wasm_bindgen_test]
fn menu_during_the_winning_sowing_keeps_the_end_to_come_back_to() {
    use super::state::{Action, Choice, GameId, Screen, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(1), ..Choice::default() };
    let shelf = super::stars::Shelf::of(choice.variant());
    let game = game_after(choice.variant(), "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1");
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(game.clone()), choice.clone()));
    let state = state.reduce(Action::Play("2".parse().unwrap()));
    assert!(state.busy() && state.game.is_over());
    let state = state.reduce(Action::Menu);
    assert_eq!(state.screen, Screen::Start);
    assert!(state.left_game.is_some(), "no way back to the end");
    assert!(!state.stars.of("").has(shelf, 1), "the star comes with the end, when it is seen");
    let state = state.reduce(Action::BackToGame);
    assert!(state.end_shown());
    assert_eq!((state.star_earned(), state.new_star), (Some(1), true));
    assert!(state.stars.of("").has(shelf, 1));
    // Its end seen, "Menu" leaves it for good, as before.
    let state = state.reduce(Action::Menu);
    assert!(state.left_game.is_none());
    // A game still going on is left to come back to, as before.
    let state = state.reduce(Action::Resume(Box::new(game), choice)).reduce(Action::Menu);
    assert!(state.left_game.is_some());
}

#[wasm_bindgen_test]
fn a_child_who_lost_to_the_computer_can_go_back_to_the_turn_that_mattered() {
    use super::state::{Action, Choice, GameId, Speed, State, TurnBack};
    use crate::{Hole, Move};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(2), ..Choice::default() };
    // The child (South) sows house 4 last, and Bunny wins 16 to 8.
    let game = game_after(choice.variant(), "1 1 4 4 2 2 3 2 4 1 4 1 2 3");
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(game.clone()), choice.clone()));
    assert_eq!(state.wants_review(), None, "the game is not over");
    let state = state.reduce(Action::Play(Move::House(4))).reduce(Action::Finish);
    assert_eq!(state.game.outcome().and_then(|o| o.winner), Some(Side::North));
    assert_eq!(state.wants_review(), Some(Side::South));
    // What the worker found: house 2 at the first move, whose last seed ends in the store. An
    // answer that does not fit the game (Bunny's turn, a turn past the end, a move not legal
    // there) offers nothing.
    let turn = |index: usize, mv: Move| TurnBack { index, mv, reason: Some("extra_move".into()), captured: 0 };
    for wrong in [turn(1, Move::House(2)), turn(15, Move::House(2)), turn(99, Move::House(2)), turn(0, Move::House(9))] {
        assert_eq!(state.clone().reduce(Action::Reviewed(Some(wrong.clone()))).turn_back, None, "{wrong:?}");
    }
    let state = state.reduce(Action::Reviewed(Some(turn(0, Move::House(2)))));
    assert_eq!(state.turn_back, Some(turn(0, Move::House(2))));
    // Going back: the moves after it are taken back (redo plays them again), it is the child's turn,
    // and house 2 glows with why.
    let state = state.reduce(Action::TryTurn);
    assert_eq!(state.game.moves().len(), 0);
    assert!(state.game.can_redo() && !state.game.is_over() && !state.computers_turn() && !state.busy());
    assert_eq!(state.hint_hole(), Some(Hole::house(Side::South, 2)));
    let text = state.hint.as_ref().map(|h| h.text.clone()).unwrap_or_default();
    assert_eq!(text, "Here you could do better. Try house 2. Your last piece lands in your store: you play again!");
    assert_eq!(state.turn_back, None);
    assert_eq!(state.wants_review(), None);
    // A better move with no simple reason of its own: what the move played cost is said, the
    // pieces Bunny caught right after it (South's 1 at the fifth move, Bunny's 1 catching 6).
    let short = game_after(choice.variant(), "1 1 2 2 1 1");
    let state = state.reduce(Action::Resume(Box::new(short), choice.clone())).reduce(Action::Play(Move::House(4))).reduce(Action::Finish);
    assert_eq!(state.game.outcome().and_then(|o| o.winner), Some(Side::North));
    let quiet = TurnBack { index: 4, mv: Move::House(3), reason: None, captured: 0 };
    let state = state.reduce(Action::Reviewed(Some(quiet))).reduce(Action::TryTurn);
    assert_eq!(state.game.moves().len(), 4);
    let text = state.hint.as_ref().map(|h| h.text.clone()).unwrap_or_default();
    assert_eq!(text, "Here you could do better. Try house 3. Last time, Bunny caught 6 right after.");
    // Said again in another language, all of it, when the language changes.
    let french = state.clone().reduce(Action::SetLang(Lang::Fr));
    let text = french.hint.as_ref().map(|h| h.text.clone()).unwrap_or_default();
    assert_eq!(text, "Ici, tu pouvais faire mieux. Essaie la case 3. La dernière fois, Lapin a attrapé 6 pions juste après.");
    assert_eq!(french.reduce(Action::SetLang(Lang::En)).hint, state.hint);
    // A child who won, or two children playing, are not looked back at.
    let two = Choice { computer: None, ..choice.clone() };
    let state = state.reduce(Action::Resume(Box::new(game.clone()), two)).reduce(Action::Play(Move::House(4))).reduce(Action::Finish);
    assert!(state.game.is_over());
    assert_eq!(state.wants_review(), None);
    assert_eq!(state.reduce(Action::Reviewed(Some(turn(0, Move::House(2))))).turn_back, None);
    let won = game_after(choice.variant(), "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1 2");
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(won.clone()), choice.clone()));
    assert_eq!(state.game.outcome().and_then(|o| o.winner), Some(Side::South));
    assert_eq!(state.wants_review(), None);
    // The same game lost by a child who let the computer start: they sit North, and go back to a
    // turn of theirs.
    let second = Choice { starter: 1, ..choice };
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(won), second));
    assert_eq!(state.wants_review(), Some(Side::North));
    assert_eq!(state.clone().reduce(Action::Reviewed(Some(turn(0, Move::House(2))))).turn_back, None, "South's turn is the computer's");
    let state = state.reduce(Action::Reviewed(Some(turn(1, Move::House(1))))).reduce(Action::TryTurn);
    assert_eq!(state.game.moves().len(), 1);
    assert!(!state.computers_turn() && !state.computer_should_move());
    assert_eq!(state.hint_hole(), Some(Hole::house(Side::North, 1)));
}

#[wasm_bindgen_test]
fn speeds_are_named_and_found_again() {
    use super::state::Speed;
    for speed in Speed::ALL {
        assert_eq!(Speed::from_key(speed.key()), Some(speed));
    }
    assert_eq!(Speed::from_key("loud"), None);
    assert_eq!(Speed::from_key(""), None);
}

#[wasm_bindgen_test]
fn a_copy_of_the_game_behind_another_never_saves_over_its_game() {
    use super::state::{Choice, GameId};
    use super::storage::{forget_game, game_saved_elsewhere, save_game, Elsewhere};
    let store = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    store.clear().unwrap();
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, ..Choice::default() };
    let variant = choice.variant();
    // The moves of the game kept, read as another copy would (nothing of this page's seen).
    let kept = || {
        let text = store.get_item("mancala.game").unwrap()?;
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["game"]["moves"].as_array().map(Vec::len)
    };
    let (one, two, three) = (game_after(variant, "1"), game_after(variant, "1 2"), game_after(variant, "1 2 3"));
    // This copy saves a move, in front; then another copy saves two (written as it writes them).
    save_game(&choice, &one, true);
    assert_eq!(kept(), Some(1));
    assert_eq!(game_saved_elsewhere(), Elsewhere::Nothing, "nothing new: this copy saved it");
    let theirs = store.get_item("mancala.game").unwrap().unwrap().replace(r#"["1"]"#, r#"["1","2"]"#);
    assert_ne!(theirs, store.get_item("mancala.game").unwrap().unwrap());
    store.set_item("mancala.game", &theirs).unwrap();
    // Behind, this copy (its computer answering, say) neither saves its own nor forgets the game.
    save_game(&choice, &three, false);
    forget_game(false);
    assert_eq!(store.get_item("mancala.game").unwrap().as_deref(), Some(theirs.as_str()));
    // Back in front, it finds the other copy's game, once.
    let Elsewhere::Game(found_choice, found) = game_saved_elsewhere() else { panic!("the other copy's game") };
    assert_eq!((found_choice, found.moves()), (choice.clone(), two.moves()));
    assert_eq!(game_saved_elsewhere(), Elsewhere::Nothing, "taken up once");
    // Having seen it, it may save behind again; in front it always may.
    save_game(&choice, &three, false);
    assert_eq!(kept(), Some(3));
    store.set_item("mancala.game", &theirs).unwrap();
    save_game(&choice, &one, true);
    assert_eq!(kept(), Some(1));
    // A game ended elsewhere is taken up too, to show its end.
    let over = game_after(variant, "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1 2");
    assert!(over.is_over());
    save_game(&choice, &over, true);
    let ended = store.get_item("mancala.game").unwrap().unwrap();
    save_game(&choice, &one, true);
    store.set_item("mancala.game", &ended).unwrap();
    assert_eq!(game_saved_elsewhere(), Elsewhere::Game(choice.clone(), over));
    // A record removed (the storage emptied) or one that cannot be read is nothing to take up;
    // the damaged one is removed.
    store.remove_item("mancala.game").unwrap();
    assert_eq!(game_saved_elsewhere(), Elsewhere::Nothing);
    store.set_item("mancala.game", "not a game {").unwrap();
    assert_eq!(game_saved_elsewhere(), Elsewhere::Nothing);
    assert_eq!(store.get_item("mancala.game").unwrap(), None);
    // A game saved by a newer version in another copy is said as such, and kept for it.
    save_game(&choice, &one, true);
    let newer = store.get_item("mancala.game").unwrap().unwrap().replace(&format!(r#""format":{}"#, crate::FORMAT_VERSION), r#""format":99"#);
    assert!(newer.contains(r#""format":99"#), "{newer}");
    store.set_item("mancala.game", &newer).unwrap();
    assert_eq!(game_saved_elsewhere(), Elsewhere::Newer);
    assert_eq!(store.get_item("mancala.game").unwrap().as_deref(), Some(newer.as_str()));
    assert_eq!(game_saved_elsewhere(), Elsewhere::Nothing, "said once");
    store.clear().unwrap();
}

#[wasm_bindgen_test]
fn a_copy_of_the_game_back_in_front_takes_up_what_was_played_in_another() {
    use super::names::KnownNames;
    use super::stars::StarBook;
    use super::state::{Action, Choice, GameId, Screen, Speed, State};
    use yew::Reducible;
    let mine = Choice { game: GameId::Kalah, houses: 4, seeds: 3, names: ["Mia".into(), "Leo".into()], ..Choice::default() };
    let theirs = Choice { computer: Some(2), ..mine.clone() };
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::SetChoice(mine.clone())).reduce(Action::Start);
    let state = state.reduce(Action::Play("1".parse().unwrap()));
    let elsewhere = game_after(mine.variant(), "2 4");
    let mut stars = StarBook::default();
    let kauri = super::stars::Shelf::of(crate::Variant::Kauri);
    stars.add("Zoe", kauri, 3);
    let mut names = KnownNames::default();
    names.add("Zoe");
    let take_up = |game: Option<&crate::Game>, names: Option<&KnownNames>| Action::TakeUp {
        game: game.map(|g| (Box::new(g.clone()), theirs.clone())),
        newer: false,
        stars: stars.clone(),
        names: names.cloned(),
        lang: None,
        sound: None,
        speed: None,
    };
    // Nothing new: nothing changes, no words.
    let same = state.clone().reduce(take_up(None, None));
    assert_eq!((&same.game, &same.choice, same.notice.is_some()), (&state.game, &mine, false));
    // On the board, the other copy's game is played on, with its choices; its stars and names come.
    let taken = state.clone().reduce(take_up(Some(&elsewhere), Some(&names)));
    assert_eq!((taken.screen, &taken.game, &taken.choice), (Screen::Board, &elsewhere, &theirs));
    assert!(taken.notice.is_some() && !taken.busy());
    assert_ne!(taken.moves_shown, state.moves_shown, "the computer's request for the old position is called off");
    assert!(taken.stars.of("zoe").has(kauri, 3));
    assert_eq!(taken.known_names.iter().collect::<Vec<_>>(), ["Zoe"]);
    // On the start screen, where the child may be choosing a new game, it waits behind "Back to the
    // game", and the choices on show stay.
    let choosing = state.reduce(Action::Menu).reduce(Action::SetChoice(Choice { game: GameId::Kauri, ..mine.clone() }));
    let offered = choosing.clone().reduce(take_up(Some(&elsewhere), None));
    assert_eq!((offered.screen, &offered.choice, offered.left_game.as_ref()), (Screen::Start, &choosing.choice, Some(&theirs)));
    assert_eq!(offered.known_names, choosing.known_names, "no names kept: this copy's stay");
    let back = offered.reduce(Action::BackToGame);
    assert_eq!((back.screen, &back.game, &back.choice), (Screen::Board, &elsewhere, &theirs));
    // A game that ended elsewhere: on the board its end, with no "your game goes on"; on the start
    // screen nothing to go back to, not even the older state of it this copy left.
    let over = game_after(mine.variant(), "3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1 2");
    let ended = back.clone().reduce(take_up(Some(&over), None));
    assert!(ended.game.is_over() && ended.end_shown() && ended.notice.is_none());
    let choosing = back.reduce(Action::Menu);
    assert!(choosing.left_game.is_some());
    let gone = choosing.reduce(take_up(Some(&over), None));
    assert_eq!((gone.screen, gone.left_game.as_ref(), gone.game.is_over()), (Screen::Start, None, true));
    // A game saved by a newer version in the other copy: this copy, on the board or with a game
    // behind "Back to the game", goes to the start screen with nothing to go back to (its older
    // game would be saved over the newer one at its next move), and says why.
    let newer = Action::TakeUp { game: None, newer: true, stars: StarBook::default(), names: None, lang: None, sound: None, speed: None };
    for before in [taken.clone(), taken.clone().reduce(Action::Menu), taken.clone().reduce(Action::Rules(Some(GameId::Kalah)))] {
        let left = before.reduce(newer.clone());
        assert_eq!((left.screen, left.left_game.as_ref(), left.rules), (Screen::Start, None, None));
        assert_eq!(left.game.moves().len(), 0);
        let said = left.notice.as_ref().map(|n| n.texts[0].clone()).unwrap_or_default();
        assert!(said.starts_with("This game was saved by a newer version"), "{said}");
    }
    // The language, sound switch and speed set in the other copy; none set there: this copy's stay.
    let set = |lang, sound, speed| Action::TakeUp { game: None, newer: false, stars: StarBook::default(), names: None, lang, sound, speed };
    let other = taken.clone().reduce(set(Some(Lang::De), Some(false), Some(Speed::Slow)));
    assert_eq!((other.lang, other.sound, other.speed), (Lang::De, false, Speed::Slow));
    let same = other.clone().reduce(set(None, None, None));
    assert_eq!((same.lang, same.sound, same.speed), (Lang::De, false, Speed::Slow));
}

/// The first house that may be played (Kalah).
fn first_house(pos: &crate::Position) -> crate::Move {
    pos.sources().iter().find_map(|s| if let crate::Source::House(h) = s { Some(crate::Move::House(*h)) } else { None }).unwrap()
}

#[wasm_bindgen_test]
fn against_the_computer_undo_and_redo_go_from_a_childs_turn_to_a_childs_turn() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(2), ..Choice::default() };
    let played = game_after(choice.variant(), "1 1 2 2 1 1");
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(played.clone()), choice.clone()));
    assert!(!state.computers_turn());
    // Undo twice, back two of the child's turns, each with the computer's answer.
    let once = state.clone().reduce(Action::Undo);
    let twice = once.clone().reduce(Action::Undo);
    assert!(once.game.moves().len() < played.moves().len() && twice.game.moves().len() < once.game.moves().len());
    assert!(!once.computers_turn() && !twice.computers_turn());
    // Redo puts back the child's move and the computer's answer with it, up to the child's next
    // turn: the computer is not asked to think again (it might answer otherwise, and the moves
    // still to redo would be lost).
    let redone = twice.reduce(Action::Redo);
    assert_eq!(redone.game.moves(), once.game.moves());
    assert!(redone.game.can_redo() && !redone.computers_turn() && !redone.computer_should_move());
    let redone = redone.reduce(Action::Redo);
    assert_eq!(redone.game.moves(), played.moves());
    assert!(!redone.game.can_redo() && !redone.computer_should_move());
    // The computer starting: at the child's first turn there is nothing of theirs to take back
    // (Undo would only let the computer play another first move, and lose this one).
    let second = Choice { starter: 1, ..choice.clone() };
    let mut opening = crate::Game::new(second.variant());
    while second.computer_side() == Some(opening.position().to_move()) {
        opening.play(first_house(opening.position())).unwrap();
    }
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(opening.clone()), second));
    assert!(!state.computers_turn());
    assert!(state.undone().is_none(), "Undo is offered before the child has played");
    assert_eq!(state.reduce(Action::Undo).game.moves(), opening.moves());
}

#[wasm_bindgen_test]
fn a_hint_that_fails_is_told_only_while_it_is_awaited_and_never_stops_the_computer() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(2), ..Choice::default() };
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(crate::Game::new(choice.variant())), choice));
    let state = state.reduce(Action::DismissNotice);
    // Awaited: the child is told, and may ask again; the computer is not held up.
    let failed = state.clone().reduce(Action::Hinting).reduce(Action::HintFailed("notice.hint_failed"));
    assert!(failed.hint.is_none() && failed.notice.is_some() && !failed.computer_stuck);
    // No longer awaited (the game gone back to from the start screen forgets it): nothing is said,
    // and the computer answers the child's next move without a "Try again".
    let left = state.clone().reduce(Action::Hinting).reduce(Action::Notify("notice.hint_failed")).reduce(Action::Menu);
    assert!(!left.hint_waiting(), "the hint awaited is called off on the start screen");
    assert!(left.notice.is_none(), "a notice about the board follows the child to the start screen");
    let told = left.clone().reduce(Action::HintFailed("notice.hint_failed"));
    assert!(told.notice.is_none() && !told.computer_stuck, "a hint's failure is told on the start screen");
    let gone = left.reduce(Action::BackToGame);
    assert!(!gone.hint_waiting());
    let gone = gone.reduce(Action::DismissNotice).reduce(Action::HintFailed("notice.hint_failed"));
    assert!(gone.notice.is_none() && !gone.computer_stuck);
    let moved = gone.reduce(Action::Play(crate::Move::House(1))).reduce(Action::Finish);
    assert!(moved.computers_turn() && moved.computer_should_move());
    // The computer's own move failing waits for "Try again".
    let stuck = moved.clone().reduce(Action::ComputerFailed("notice.computer_failed"));
    assert!(stuck.computer_stuck && !stuck.computer_should_move() && stuck.notice.is_some());
    // Left for the start screen (its words gone with it) and gone back to, it is asked again: a
    // failure again would be said again.
    let back = stuck.clone().reduce(Action::Menu).reduce(Action::BackToGame);
    assert!(!back.computer_stuck && back.computer_should_move());
    // A newer version on the host that the page cannot reload for is said as such, for the move
    // and for a hint awaited; a hint no longer awaited, not at all.
    let newer = moved.reduce(Action::ComputerFailed("notice.newer_version"));
    assert!(newer.computer_stuck && !newer.computer_should_move());
    assert!(newer.notice.as_ref().is_some_and(|n| n.texts[0].starts_with("A new version of the game is ready")), "{:?}", newer.notice);
    let hinted = state.clone().reduce(Action::Hinting).reduce(Action::HintFailed("notice.newer_version"));
    assert!(hinted.hint.is_none() && !hinted.computer_stuck && hinted.notice.as_ref().is_some_and(|n| n.texts[0].starts_with("A new version")));
    let unasked = state.clone().reduce(Action::HintFailed("notice.newer_version"));
    assert!(unasked.notice.is_none() && !unasked.computer_stuck);
    // A hint or a move the game cannot play (house 7 of a board of 4, or words that are no move),
    // from a worker gone wrong, is a failure told in the page's language alone: "Try house 7."
    // was said with no house glowing, and the move's notice had the engine's English reason in it.
    for bad in ["7", "0", "nonsense", "pass"] {
        let hinted = state.clone().reduce(Action::Hinting).reduce(Action::Hinted(bad.into(), Some("extra_move".into()), 0));
        assert!(hinted.hint.is_none(), "the hint {bad:?}: {:?}", hinted.hint);
        assert!(hinted.notice.as_ref().is_some_and(|n| n.texts[0].starts_with("The computer could not think of a hint")), "the hint {bad:?}: {:?}", hinted.notice);
        let moved = state.clone().reduce(Action::Play(crate::Move::House(1))).reduce(Action::Finish).reduce(Action::ComputerMove(bad.into()));
        assert!(moved.computer_stuck && moved.game.moves().len() == 1, "the move {bad:?}");
        let words = moved.notice.as_ref().map(|n| n.texts.clone()).unwrap_or_default();
        assert!(words.iter().all(|t| !t.contains('(')) && words[0].starts_with("The computer could not think."), "the move {bad:?}: {words:?}");
    }
    let good = state.reduce(Action::Hinting).reduce(Action::Hinted("2".into(), None, 0));
    assert!(good.hint.as_ref().is_some_and(|h| h.play == Some(crate::Move::House(2))) && good.notice.is_none());
}

#[wasm_bindgen_test]
fn a_game_resumed_says_its_last_turn() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, computer: Some(2), ..Choice::default() };
    // Reloaded while the computer's last move was being shown: the child learns what it did.
    let game = game_after(choice.variant(), "1 1 2 2 1 1");
    let last = game.moves().len() - 1;
    assert_eq!(game.history()[last].to_move(), Side::North);
    let state = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(game), choice.clone()));
    let said = state.captions_shown().join(" ");
    assert!(said.starts_with("Bunny sowed house"), "{said:?}");
    // After moves taken back, the caption says so instead.
    let state = state.reduce(Action::Undo);
    let back = Rc::new(State::new(Lang::En, Speed::Normal)).reduce(Action::Resume(Box::new(state.game.clone()), choice));
    assert!(back.captions_shown().is_empty() && back.taken_back().is_some());
}

#[wasm_bindgen_test]
fn choices_kept_on_the_device_lose_only_what_cannot_be_read() {
    use super::state::{Choice, GameId};
    let kept = Choice::from_stored(r#"{"game":"Kalah","seeds":5,"houses":9,"computer":9,"colours":[2,40],"names":["Mia","Leo"],"starter":1,"face_to_face":"yes","later":1}"#);
    let want = Choice { game: GameId::Kalah, seeds: 5, names: ["Mia".into(), "Leo".into()], starter: 1, ..Choice::default() };
    assert_eq!(kept, Some(want));
    // Each name on its own: one too long, or not a name, is left empty, the other kept; the level
    // stays.
    let kept = Choice::from_stored(r#"{"names":["Mia"],"computer":3}"#).unwrap();
    assert_eq!((kept.names.clone(), kept.computer), (["Mia".to_string(), String::new()], Some(3)));
    let long = format!(r#"{{"names":["{}","Leo"],"game":"Kauri"}}"#, "x".repeat(40));
    assert_eq!(Choice::from_stored(&long), Some(Choice { game: GameId::Kauri, names: [String::new(), "Leo".into()], ..Choice::default() }));
    let odd = Choice::from_stored(r#"{"names":[7,"Zoe","Max"]}"#).unwrap();
    assert_eq!(odd.names, [String::new(), "Zoe".to_string()]);
    assert_eq!(Choice::from_stored(r#"{"names":"Mia"}"#), Some(Choice::default()));
    // Two players of one colour are told apart, as ever.
    assert_eq!(Choice::from_stored(r#"{"colours":[3,3]}"#).map(|c| c.colours), Some([3, 0]));
    for text in ["", "[]", "null", "7", "not choices {"] {
        assert_eq!(Choice::from_stored(text), None, "{text:?}");
    }
}

#[wasm_bindgen_test]
fn a_game_saved_by_a_newer_version_is_kept_for_it() {
    use super::state::{Choice, GameId};
    use super::storage::{load_game, save_game};
    let store = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    store.clear().unwrap();
    let choice = Choice { game: GameId::Kalah, houses: 4, seeds: 3, ..Choice::default() };
    save_game(&choice, &game_after(choice.variant(), "1"), true);
    let saved = store.get_item("mancala.game").unwrap().unwrap();
    let this = format!(r#""format":{}"#, crate::FORMAT_VERSION);
    assert!(saved.contains(&this), "{saved}");
    // Saved by a newer version (this page an older one's, kept by the browser or left open): it
    // cannot be read here, and stays for the newer version.
    let newer = saved.replace(&this, &format!(r#""format":{}"#, crate::FORMAT_VERSION + 1));
    store.set_item("mancala.game", &newer).unwrap();
    assert!(matches!(load_game(), Some(Err(crate::LoadError::Format(_)))));
    assert_eq!(store.get_item("mancala.game").unwrap().as_deref(), Some(newer.as_str()));
    // One damaged, or of an older format, is removed so that it does not come back.
    store.set_item("mancala.game", &saved.replace(&this, r#""format":0"#)).unwrap();
    assert!(matches!(load_game(), Some(Err(_))));
    assert_eq!(store.get_item("mancala.game").unwrap(), None);
    store.clear().unwrap();
}

#[wasm_bindgen_test]
fn a_notice_stays_long_enough_to_be_read() {
    // A refused tap's few words: 4 s. The 148 letters that say a game was saved by a newer
    // version: over 10 s.
    assert_eq!(super::notice_ms(0), 4000);
    assert_eq!(super::notice_ms(20), 4000);
    assert_eq!(super::notice_ms(148), 10_360);
    assert_eq!(super::notice_ms(400), 15_000);
    assert_eq!(super::notice_ms(usize::MAX), 15_000);
}

#[wasm_bindgen_test]
fn a_game_ended_by_a_third_repetition_keeps_its_end_words_after_redo_reload_and_a_new_language() {
    use super::state::{Action, Choice, GameId, Speed, State};
    use yew::Reducible;
    // Banana-Cala from the start, a cycle of 16 moves played twice: the third time the board is
    // the same, the game ends in a draw.
    let choice = Choice { game: GameId::Banana, names: ["Ana".into(), "Bo".into()], ..Choice::default() };
    let mut state = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::SetChoice(choice.clone())).reduce(Action::Start);
    let cycle = "M:B M:B M:B M:B 6:BB 6:BB 5:B 5:B 4:BB 4:BB 3:B 3:B 2:BB 2:BB 1:B 1:B";
    for m in cycle.split(' ').chain(cycle.split(' ')) {
        state = state.reduce(Action::Play(m.parse().unwrap()));
    }
    assert!(state.game.is_over());
    let played = state.captions_shown().iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(played.last().map(String::as_str), Some("The board is exactly the same for the third time: the game ends. It's a draw!"), "{played:?}");
    let redone = state.clone().reduce(Action::Undo).reduce(Action::Redo);
    assert_eq!(redone.captions_shown(), played, "after Redo");
    let reloaded = Rc::new(State::new(Lang::En, Speed::Instant)).reduce(Action::Resume(Box::new(state.game.clone()), choice));
    assert_eq!(reloaded.captions_shown(), played, "after a reload");
    let french = state.reduce(Action::SetLang(Lang::Fr));
    assert_eq!(french.captions_shown().len(), played.len(), "in French: {:?}", french.captions_shown());
}
