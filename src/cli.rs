//! The `mancala` command-line front end: perft and replaying moves, printing JSON.
//!
//! `src/bin/mancala.rs` calls [`main`]; [`run`] takes its output streams as arguments so that tests
//! can read what it prints. Errors go to the error stream with exit code 2, never a panic.

use std::io::Write;
use std::time::Instant;

use serde_json::json;

use crate::{perft, Game, Move, Source, Variant, VARIANT_FORMS};

/// Exit code for bad input (an unknown game, a malformed or illegal move, bad arguments).
pub const EXIT_USAGE: i32 = 2;

const HELP: &str = "\
mancala: the rules engine of the mancala games, on the command line

Usage:
  mancala perft VARIANT DEPTH [MOVE...]   count move sequences
  mancala play VARIANT [MOVE...]          replay moves, print the position as JSON
  mancala help [COMMAND]                  this text, or a command's help

Each command also takes --help.
";

const VARIANT_HELP: &str = "\
VARIANT is one of:
  kalah:M:N      Kalah with M houses a side and N seeds a house (1 to 8 each), followed by any of
                 :empty (empty capture), :nocount (remaining seeds not counted), :relay (relay sowing)
  kidcala-beginner, kidcala-classic, banana, banana:king (Robin King's scoring), kauri

MOVE is a house number 1..M counted from the mover's own left (3); in Banana-Cala a house or the store
with the fruits in dropping order, B banana, G grape, A apple, O orange (3:GAB, M:OOA), or H:* for house
H in the default order (bananas, grapes, apples, oranges); in Kauri, pass when you have no cowrie.
";

const PERFT_HELP: &str = "\
mancala perft VARIANT DEPTH [MOVE...]

From the position after the given MOVEs, prints one line `d count` for each d = 1..DEPTH: the number
of distinct sequences of exactly d moves. A move is one sowing or a Kauri pass; an extra move is simply
the next move; sequences that end the game early are not counted; Banana-Cala moves that differ in
fruit order are distinct. The third-occurrence rule is ignored. The time taken goes to stderr.

Example: mancala perft kalah:6:4 6
";

const PLAY_HELP: &str = "\
mancala play [--trace] VARIANT [MOVE...]

Plays the MOVEs from the start and prints the position as one JSON object:
  to_move   \"south\" or \"north\"
  over      whether the game has ended
  winner    \"south\", \"north\", \"draw\", or null while the game goes on
  reason    why the game ended, or null
  score     {\"south\": N, \"north\": N}: pieces in each store, or Banana-Cala points
  legal     the legal moves; a Banana-Cala house move is listed once as H:* (any order of its fruits)
  position  the board: houses from each owner's left, stores, captured fruits
With --trace, `sowings` lists what each move did, piece by piece.

Example: mancala play kalah:6:4 3 1
";

/// Runs the command line with real standard output and error; returns the exit code.
#[must_use]
pub fn main(args: Vec<String>) -> i32 {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    run(&args, &mut stdout.lock(), &mut stderr.lock())
}

/// Runs the command line: `args` without the program name. Returns the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        None => Err(format!("a command is missing\n\n{HELP}")),
        Some("-h" | "--help" | "help") => match args.get(1).map(String::as_str) {
            Some("perft") => Ok(format!("{PERFT_HELP}\n{VARIANT_HELP}")),
            Some("play") => Ok(format!("{PLAY_HELP}\n{VARIANT_HELP}")),
            _ => Ok(format!("{HELP}\n{VARIANT_HELP}")),
        },
        Some("perft") if wants_help(&args[1..]) => Ok(format!("{PERFT_HELP}\n{VARIANT_HELP}")),
        Some("play") if wants_help(&args[1..]) => Ok(format!("{PLAY_HELP}\n{VARIANT_HELP}")),
        Some("perft") => perft_command(&args[1..], err),
        Some("play") => play_command(&args[1..]),
        Some(other) => Err(format!("unknown command {other:?}\n\n{HELP}")),
    };
    match result {
        Ok(text) => {
            // A closed pipe (`mancala ... | head`) is not worth a panic or an error.
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
            0
        }
        Err(message) => {
            let _ = writeln!(err, "mancala: {}", message.trim_end());
            EXIT_USAGE
        }
    }
}

fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

fn parse_variant(text: Option<&String>) -> Result<Variant, String> {
    let text = text.ok_or_else(|| format!("the game is missing. Valid games: {VARIANT_FORMS}"))?;
    text.parse().map_err(|e| format!("{e}"))
}

/// Plays the moves from the start. `H:*` stands for house H in its default order.
fn replay(variant: Variant, moves: &[String]) -> Result<(Game, Vec<crate::Sowing>), String> {
    let mut game = Game::new(variant);
    let mut sowings = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let fail = |why: String| format!("move {} ({text:?}) cannot be played: {why}", i + 1);
        let m = match text.trim().strip_suffix(":*") {
            Some(house) => {
                let h = crate::engine::parse_house_number(house).map_err(fail)?;
                game.position().house_move(h).map_err(|e| fail(e.to_string()))?
            }
            None => text.parse::<Move>().map_err(|e| fail(e.reason))?,
        };
        sowings.push(game.play(m).map_err(|e| fail(e.to_string()))?);
    }
    Ok((game, sowings))
}

fn perft_command(args: &[String], err: &mut dyn Write) -> Result<String, String> {
    let variant = parse_variant(args.first())?;
    let depth_text = args.get(1).ok_or("the depth is missing: mancala perft VARIANT DEPTH [MOVE...]")?;
    let depth: usize = depth_text
        .parse()
        .ok()
        .filter(|d| *d <= 64)
        .ok_or_else(|| format!("the depth must be a number from 0 to 64, not {depth_text:?}"))?;
    let (game, _) = replay(variant, &args[2..])?;
    let started = Instant::now();
    let counts = perft(game.position(), depth);
    let _ = writeln!(err, "perft {variant} depth {depth}: {:.3} s", started.elapsed().as_secs_f64());
    Ok(counts.iter().enumerate().map(|(d, n)| format!("{} {n}\n", d + 1)).collect())
}

fn play_command(args: &[String]) -> Result<String, String> {
    let trace = args.first().is_some_and(|a| a == "--trace");
    let args = if trace { &args[1..] } else { args };
    let variant = parse_variant(args.first())?;
    let (game, sowings) = replay(variant, &args[1..])?;
    let pos = game.position();
    let outcome = game.outcome();
    let mut legal = Vec::new();
    if outcome.is_none() {
        for source in pos.sources() {
            match (variant, source) {
                (Variant::Banana { .. }, Source::House(h)) => legal.push(format!("{h}:*")),
                _ => pos.for_each_move_from(source, |m| legal.push(m.to_string())),
            }
        }
    }
    let mut value = json!({
        "variant": variant.to_string(),
        "to_move": pos.to_move(),
        "over": outcome.is_some(),
        "winner": outcome.map(|o| o.winner.map_or("draw", |s| s.name())),
        "reason": outcome.map(|o| o.reason),
        "score": outcome.map_or_else(|| pos.score(), |o| o.score),
        "legal": legal,
        "moves": game.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "position": pos,
    });
    if trace {
        value["sowings"] = json!(sowings);
    }
    Ok(format!("{value}\n"))
}
