//! Perft vectors from `tests/data/perft.txt`, checked through the library and through the
//! command-line tool.

use std::process::Command;

use mancala::{perft, Game, Variant};

struct Case {
    variant: String,
    moves: Vec<String>,
    counts: Vec<u128>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (spec, counts) = line.split_once('|').expect("a line is `VARIANT [MOVE...] | counts`");
            let mut words = spec.split_whitespace().map(String::from);
            Case {
                variant: words.next().expect("a variant"),
                moves: words.collect(),
                counts: counts.split_whitespace().map(|n| n.parse().expect("a count")).collect(),
            }
        })
        .collect()
}

fn start(case: &Case) -> Game {
    let variant: Variant = case.variant.parse().unwrap();
    let mut game = Game::new(variant);
    for text in &case.moves {
        let m = match text.strip_suffix(":*") {
            Some(h) => game.position().house_move(h.parse().unwrap()).unwrap(),
            None => text.parse().unwrap(),
        };
        game.play(m).unwrap_or_else(|e| panic!("{}: move {text}: {e}", case.variant));
    }
    game
}

#[test]
fn perft_vectors_match() {
    let cases = cases();
    assert!(cases.len() >= 20, "the data file lost its vectors");
    for case in &cases {
        let game = start(case);
        let got = perft(game.position(), case.counts.len());
        assert_eq!(got, case.counts, "perft {} {}", case.variant, case.moves.join(" "));
    }
}

#[test]
fn the_command_line_prints_the_same_vectors() {
    for case in cases().iter().filter(|c| c.counts.iter().sum::<u128>() < 1_000_000) {
        let depth = case.counts.len().to_string();
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .arg("perft")
            .arg(&case.variant)
            .arg(&depth)
            .args(&case.moves)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let expected: String =
            case.counts.iter().enumerate().map(|(d, n)| format!("{} {n}\n", d + 1)).collect();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "perft {}", case.variant);
    }
}
