//! Property tests: pieces are conserved, traces replay to the new position, legal moves play and
//! illegal ones are refused, random games of every game end, and no text makes a parser panic.

mod common;

use common::{all_pieces, board_of, random_move, replay_events, variants, Rng};
use mancala::{
    FruitOrder, Game, IllegalMove, Move, Pile, Piece, Position, SavedGame, Side, Variant,
};
use proptest::prelude::*;

/// The most moves a random game may take before the test calls it endless. Banana-Cala and Kauri
/// end by the third-occurrence rule at the latest; real games take a few hundred moves.
const MOVE_CAP: usize = 20_000;

fn variant_strategy() -> impl Strategy<Value = Variant> {
    let named = prop::sample::select(variants());
    let kalah = (1u8..=8, 1u8..=8, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(m, n, e, c, r)| {
            let mut text = format!("kalah:{m}:{n}");
            for (on, opt) in [(e, ":empty"), (c, ":nocount"), (r, ":relay")] {
                if on {
                    text.push_str(opt);
                }
            }
            text.parse().unwrap()
        },
    );
    prop_oneof![named, kalah]
}

/// Plays a random game, checking every move; returns the game.
fn random_game(variant: Variant, seed: u64, mut each: impl FnMut(&Position, Move, &Position, &mancala::Sowing)) -> Game {
    let mut rng = Rng(seed | 1);
    let mut game = Game::new(variant);
    for _ in 0..MOVE_CAP {
        if game.is_over() {
            break;
        }
        let before = *game.position();
        let m = random_move(&before, &mut rng).expect("a game that is not over has a move");
        let sowing = game.play(m).unwrap_or_else(|e| panic!("{variant}: legal move {m} refused: {e}"));
        each(&before, m, game.position(), &sowing);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_games_end_and_conserve_pieces(variant in variant_strategy(), seed in any::<u64>()) {
        let start_pieces = all_pieces(&Position::new(variant));
        let nocount = variant.kalah_rules().is_some_and(|k| k.remaining_not_counted);
        let game = random_game(variant, seed, |before, m, after, sowing| {
            let pieces = all_pieces(after);
            if nocount && after.is_over() {
                // Seeds left in the houses were removed; none appeared.
                assert!(pieces.total() <= start_pieces.total());
            } else {
                assert_eq!(pieces, start_pieces, "{variant}: pieces changed after {m}");
            }
            // The trace, replayed piece by piece, turns the old board into the new one.
            let mut board = board_of(before);
            replay_events(&mut board, &sowing.events, variant.houses())
                .unwrap_or_else(|e| panic!("{variant}: trace of {m} does not replay: {e}"));
            let mut expected = board_of(after);
            expected.removed = board.removed;
            assert_eq!(board, expected, "{variant}: trace of {m} does not lead to the new position");
            // The end shows in the trace exactly when the game is over.
            assert_eq!(sowing.outcome().is_some(), after.is_over() || sowing.outcome().is_some_and(|o| o.reason == mancala::EndReason::Repetition));
        });
        prop_assert!(game.is_over(), "{variant}: not over after {MOVE_CAP} moves");
        let outcome = game.outcome().unwrap();
        // A winner has the higher score, except where the rules decide otherwise.
        match outcome.reason {
            mancala::EndReason::Emptied | mancala::EndReason::NoCowrie => prop_assert!(outcome.winner.is_some()),
            _ => {
                let s = outcome.score;
                let by_score = match s.south.cmp(&s.north) {
                    std::cmp::Ordering::Greater => Some(Side::South),
                    std::cmp::Ordering::Less => Some(Side::North),
                    std::cmp::Ordering::Equal => None,
                };
                prop_assert_eq!(outcome.winner, by_score);
            }
        }
        // The saved game reads back to the same game.
        let text = game.to_json();
        prop_assert_eq!(Game::from_json(&text).unwrap(), game);
    }

    #[test]
    fn legal_moves_play_and_illegal_moves_are_refused(
        variant in variant_strategy(), seed in any::<u64>(), plies in 0usize..60,
        house in 0u8..=10, order in "[BGAO]{0,8}", store in any::<bool>(), pass in any::<bool>(),
    ) {
        let mut rng = Rng(seed | 1);
        let mut game = Game::new(variant);
        for _ in 0..plies {
            match random_move(game.position(), &mut rng) {
                Some(m) if !game.is_over() => { game.play(m).unwrap(); }
                _ => break,
            }
        }
        let pos = *game.position();
        // Every move the position lists plays (Banana-Cala: sampled, there can be too many).
        let mut listed = Vec::new();
        for source in pos.sources() {
            if pos.count_moves_from(source) <= 2000 {
                pos.for_each_move_from(source, |m| listed.push(m));
            }
        }
        for &m in &listed {
            prop_assert!(pos.play(m).is_ok(), "{} listed but refused", m);
        }
        // A made-up move plays exactly when the position lists it, and a refusal changes nothing.
        let order: Option<FruitOrder> = order.parse().ok();
        let candidate = match (pass, store, order) {
            (true, _, _) => Move::Pass,
            (_, true, Some(o)) => Move::Store(o),
            (_, false, Some(o)) => Move::HouseInOrder(house, o),
            _ => Move::House(house),
        };
        let mut visited = false;
        pos.for_each_move(|m| {
            visited |= m == candidate;
        });
        let before = game.clone();
        match game.play(candidate) {
            Ok(_) => prop_assert!(visited || pos.count_moves() > 2000, "{} played but not listed", candidate),
            Err(e) => {
                prop_assert!(!visited, "{} listed but refused: {}", candidate, e);
                prop_assert_eq!(&game, &before);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn count_matches_enumeration(variant in variant_strategy(), seed in any::<u64>(), plies in 0usize..40) {
        let mut rng = Rng(seed | 1);
        let mut pos = Position::new(variant);
        for _ in 0..plies {
            match random_move(&pos, &mut rng) {
                Some(m) => pos.play_unchecked(m),
                None => break,
            }
        }
        for source in pos.sources() {
            let count = pos.count_moves_from(source);
            if count <= 50_000 {
                let mut seen = std::collections::HashSet::new();
                pos.for_each_move_from(source, |m| { seen.insert(m); });
                prop_assert_eq!(seen.len() as u128, count);
            }
        }
    }

    #[test]
    fn no_text_makes_a_parser_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Variant>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Pile>();
        let _ = text.parse::<FruitOrder>();
        let _ = Game::from_json(&text);
        let _ = serde_json::from_str::<Position>(&text);
        let _ = serde_json::from_str::<SavedGame>(&text);
    }

    #[test]
    fn text_shaped_like_a_move_or_game_never_panics(
        text in "(kalah(:[0-9]{1,3}){0,3}(:empty|:nocount|:relay|:x){0,4}|banana(:king)?|kauri|kidcala-(beginner|classic)|[0-9M]{0,3}(:[BGAO*x]{0,8})?|pass)"
    ) {
        let _ = text.parse::<Variant>();
        let _ = text.parse::<Move>();
        let json = format!(r#"{{"format":1,"variant":"{text}","moves":["{text}"]}}"#);
        let _ = Game::from_json(&json);
    }

    #[test]
    fn saved_positions_are_checked_not_trusted(
        variant in variant_strategy(), counts in prop::collection::vec(0u8..=60, 18), to_move in any::<bool>(),
    ) {
        // Arbitrary piles: either a valid position that round-trips, or an error, never a panic.
        let start = Position::new(variant);
        let mut setup = start.to_setup();
        let m = variant.houses();
        for (i, c) in counts.iter().enumerate().take(m) {
            setup.south.houses[i] = Pile::of(Piece::Seed, *c);
        }
        setup.north.store = Pile::of(Piece::Seed, counts[17]);
        setup.to_move = if to_move { Side::North } else { Side::South };
        if let Ok(pos) = Position::from_setup(&setup) {
            let text = serde_json::to_string(&pos).unwrap();
            prop_assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), pos);
            let _ = pos.outcome();
            let _ = pos.count_moves();
        }
    }
}

#[test]
fn moves_print_and_parse_back() {
    for text in ["1", "8", "3:GAB", "M:OOA", "M:B", "pass", "12:BBBBGGGGAAAAOOOO"] {
        let m: Move = text.parse().unwrap();
        assert_eq!(m.to_string(), text);
    }
    assert_eq!("3:gab".parse::<Move>().unwrap().to_string(), "3:GAB");
}

#[test]
fn refused_moves_leave_the_game_as_it_was() {
    let mut game = Game::new("kalah:6:4".parse().unwrap());
    game.play(Move::House(3)).unwrap();
    let before = game.clone();
    assert_eq!(game.play(Move::House(3)), Err(IllegalMove::EmptyHouse(3)));
    assert_eq!(game.play(Move::House(7)), Err(IllegalMove::NoSuchHouse { house: 7, houses: 6 }));
    assert_eq!(game, before);
}
