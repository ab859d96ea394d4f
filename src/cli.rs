//! The `mancala` command-line front end: perft, replaying moves as JSON, and the computer player:
//! solving, the benchmark, matches between levels, and looking back at a game.
//!
//! `src/bin/mancala.rs` calls [`main`]; [`run`] takes its output streams as arguments so that tests
//! can read what it prints. Errors go to the error stream with exit code 2, never a panic; output
//! that cannot be written (a full disk) is told with exit code 1, but for a pipe closed by its
//! reader (`mancala ... | head`), who has what they wanted.

use std::io::Write;
use std::time::Instant;

use serde_json::json;

use crate::{perft, Game, Move, Source, Variant, VARIANT_FORMS};

/// Exit code for bad input (an unknown game, a malformed or illegal move, bad arguments).
pub const EXIT_USAGE: i32 = 2;
/// Exit code for output that could not be written.
pub const EXIT_OUTPUT: i32 = 1;

/// Why a command failed: what to say, and the exit code that says it ([`EXIT_USAGE`] unless the
/// output could not be written, as when `mancala endgame` finds the disk full while writing).
struct Failure {
    message: String,
    code: i32,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure { message, code: EXIT_USAGE }
    }
}

impl Failure {
    fn output(message: String) -> Self {
        Failure { message, code: EXIT_OUTPUT }
    }
}

const HELP: &str = "\
mancala: the rules engine of the mancala games, on the command line

Usage:
  mancala perft VARIANT DEPTH [MOVE...]   count move sequences
  mancala play VARIANT [MOVE...]          replay moves, print the position as JSON
  mancala solve VARIANT [MOVE...]         exact value (South minus North) and best moves, Kalah family
  mancala endgame VARIANT SEEDS FILE      compute the solver's endgame table and keep it in FILE
  mancala bench                           fixed searches: nodes, time, nodes per second
  mancala match VARIANT LEVEL_A LEVEL_B GAMES [SEED]
                                          computer levels (1-5) against each other
  mancala review VARIANT PLAYER [MOVE...] the turn where PLAYER gave away the most, and the better move
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

From the position after the given MOVEs, prints one line `d count` for each d = 1..DEPTH, as soon as
it is counted: the number of distinct sequences of exactly d moves. A move is one sowing or a Kauri
pass; an extra move is simply the next move; sequences that end the game early are not counted;
Banana-Cala moves that differ in fruit order are distinct. The third-occurrence rule is ignored.
The time taken goes to stderr.

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

const SOLVE_HELP: &str = "\
mancala solve [--endgame SEEDS | --endgame-file FILE] [--table BITS] [--threads N] [--progress] VARIANT [MOVE...]

Solves the position after the MOVEs exactly (Kalah and Kid-Cala classic, with any options). Prints the
value, South's store minus North's at the end under perfect play, as a signed integer alone on the
first line, then the best moves of the player to move, the positions searched, the null-window
searches made, the endgame table and the transposition table used and the time.

The solver first computes an endgame table: the exact result of every board with at most SEEDS seeds
left in the houses, one byte per board (16 seeds on the 6-house board by default, 30 million boards;
0 for none). With --endgame-file it reads one made by `mancala endgame` instead. --table sets the
size of the transposition table: 2^BITS entries of 8 bytes (by default 21, 25 or 27, for up to 24,
32 or more seeds left above the endgame table: 16 MB, 256 MB or 1 GB), and never more than twice
as many as the game has boards (at least 2^10). --threads sets how many
threads compute the table and search together (by default one for each processor the system
offers): the value and best moves are the same with any number, and the positions counted are all
the threads'. --progress reports each null-window search to stderr as it ends, for long solves.

Example: mancala solve kalah:6:3
";

const ENDGAME_HELP: &str = "\
mancala endgame VARIANT SEEDS FILE

Computes the solver's endgame table of a Kalah game: the exact result of every board with at most
SEEDS seeds left in the houses, one byte per board, and writes it to FILE (with a header naming the
rules and a checksum), for `mancala solve --endgame-file FILE`, with one thread for each processor
the system offers. On the 6-house board, 20 seeds make 226 million boards (226 MB), 24 seeds 1.25
billion; a table may hold at most 2^31 boards.

Example: mancala endgame kalah:6:4 20 kalah-6-20.table
";

const BENCH_HELP: &str = "\
mancala bench

Searches a fixed set of positions of every game to fixed depths, then solves Kalah(6,3), and prints
for each the positions visited, the time and the positions per second, with a total. The browser's
worker runs the same benchmark (see the README), so the two speeds can be compared.
";

const MATCH_HELP: &str = "\
mancala match VARIANT LEVEL_A LEVEL_B GAMES [SEED]

Plays GAMES games of computer level LEVEL_A (1 to 5) against LEVEL_B. Each game starts from a short
random opening (two random moves, from SEED, 1 by default); each opening is played twice, each level
starting once. Prints the wins, draws and losses of LEVEL_A and its score (draws count half).
Levels are search efforts that do not depend on the machine, so a match gives the same result
everywhere.

Either level may instead be a young child, as a model: `random` plays any move at random; `child`
takes an extra move when there is one, else the biggest catch, else any move at random.

Examples: mancala match kalah:6:4 5 1 20
          mancala match kauri random 1 200
";

const REVIEW_HELP: &str = "\
mancala review VARIANT PLAYER [MOVE...]

Looks back at the game of the MOVEs, as the end screen does for a child who lost to the computer:
each turn where PLAYER (south or north) had a choice is searched with the hint's effort (in the Kalah
family, with 24 seeds or fewer left in the houses, solved exactly), and the turn where the move
played gave away the most against the best one, 2 pieces (or points) or more, is printed on one
line: `turn N: played MOVE, better MOVE (why), gave away K`, N counting the game's moves from 1 and
the reason there when it is a simple one (an extra move, a catch). When no turn gave away that
much, the line is `no turn to go back to`. The same moves give the same line on every machine.
K counts pieces in a store (points in Banana-Cala). Kid-Cala beginner and Kauri are won rather than
scored: there K is `the game` where the move played lets the other player win, or misses a win, as
far as the search sees; otherwise the search's count (in Kid-Cala beginner the pieces still at hand
on one's own side against the other's, in Kauri the pieces caught).

Example: mancala review kalah:4:3 south 2 3 1 2 4 3 1 1 3 4
";

/// Runs the command line with real standard output and error; returns the exit code. A word
/// that is not text (bytes that are not UTF-8, say a file's name) is refused, not a panic.
#[must_use]
pub fn main(args: Vec<std::ffi::OsString>) -> i32 {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let mut words = Vec::with_capacity(args.len());
    for (i, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(word) => words.push(word),
            Err(raw) => {
                let _ = writeln!(err, "mancala: word {} ({:?}) is not text (UTF-8)", i + 1, raw.to_string_lossy());
                return EXIT_USAGE;
            }
        }
    }
    run(&words, &mut stdout.lock(), &mut err)
}

/// Runs the command line: `args` without the program name. Returns the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        None => Err(format!("a command is missing\n\n{HELP}")),
        Some("-h" | "--help" | "help") => nothing_after(args, 2, "mancala help [COMMAND]").and_then(|()| match args.get(1).map(String::as_str) {
            Some("perft") => Ok(format!("{PERFT_HELP}\n{VARIANT_HELP}")),
            Some("play") => Ok(format!("{PLAY_HELP}\n{VARIANT_HELP}")),
            Some("solve") => Ok(format!("{SOLVE_HELP}\n{VARIANT_HELP}")),
            Some("endgame") => Ok(format!("{ENDGAME_HELP}\n{VARIANT_HELP}")),
            Some("bench") => Ok(BENCH_HELP.to_string()),
            Some("match") => Ok(format!("{MATCH_HELP}\n{VARIANT_HELP}")),
            Some("review") => Ok(format!("{REVIEW_HELP}\n{VARIANT_HELP}")),
            Some("help" | "-h" | "--help") | None => Ok(format!("{HELP}\n{VARIANT_HELP}")),
            Some(other) => Err(format!("no command {other:?} to help with\n\n{HELP}")),
        }),
        Some("solve") if wants_help(&args[1..]) => Ok(format!("{SOLVE_HELP}\n{VARIANT_HELP}")),
        Some("bench") if wants_help(&args[1..]) => Ok(BENCH_HELP.to_string()),
        Some("match") if wants_help(&args[1..]) => Ok(format!("{MATCH_HELP}\n{VARIANT_HELP}")),
        Some("endgame") if wants_help(&args[1..]) => Ok(format!("{ENDGAME_HELP}\n{VARIANT_HELP}")),
        Some("review") if wants_help(&args[1..]) => Ok(format!("{REVIEW_HELP}\n{VARIANT_HELP}")),
        Some("review") => review_command(&args[1..]),
        Some("solve") => solve_command(&args[1..]),
        Some("endgame") => return finish(endgame_command(&args[1..]), out, err),
        Some("bench") => nothing_after(&args[1..], 0, "mancala bench").map(|()| bench_command()),
        Some("match") => match_command(&args[1..]),
        Some("perft") if wants_help(&args[1..]) => Ok(format!("{PERFT_HELP}\n{VARIANT_HELP}")),
        Some("play") if wants_help(&args[1..]) => Ok(format!("{PLAY_HELP}\n{VARIANT_HELP}")),
        Some("perft") => return finish(perft_command(&args[1..], out, err), out, err),
        Some("play") => play_command(&args[1..]),
        Some(other) => Err(format!("unknown command {other:?}\n\n{HELP}")),
    };
    finish(result.map_err(Failure::from), out, err)
}

/// Writes a command's output, or says why it failed; returns the exit code.
fn finish(result: Result<String, Failure>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match result {
        Ok(text) => match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => 0,
            // A pipe closed by its reader (`mancala ... | head`): they have what they wanted.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
            Err(e) => {
                let _ = writeln!(err, "mancala: cannot write the output: {e}");
                EXIT_OUTPUT
            }
        },
        Err(Failure { message, code }) => {
            let _ = writeln!(err, "mancala: {}", message.trim_end());
            code
        }
    }
}

/// Refuses words after the last one a command takes (`taken` of them), with the command's form
/// (`usage`): a mistyped command line is told, not run as if the words were not there.
fn nothing_after(args: &[String], taken: usize, usage: &str) -> Result<(), String> {
    match args.get(taken) {
        Some(extra) => Err(format!("{extra:?} is one word too many: {usage}")),
        None => Ok(()),
    }
}

fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// The game named by `text`. A word of the form `--name` where the game should be is an option
/// the command does not know (its `options` go before it): said as such, not as an unknown game.
fn parse_variant(text: Option<&String>, options: &[&str]) -> Result<Variant, String> {
    let text = text.ok_or_else(|| format!("the game is missing. Valid games: {VARIANT_FORMS}"))?;
    if text.starts_with("--") {
        return Err(unknown_option(text, options));
    }
    text.parse().map_err(|e| format!("{e}"))
}

/// The error for an option the command does not take, with those it does.
fn unknown_option(text: &str, options: &[&str]) -> String {
    match options {
        [] => format!("unknown option {text}: this command takes none"),
        _ => format!("unknown option {text}: this command takes {}", options.join(", ")),
    }
}

/// A number written as `text` in digits alone ("+3" is not one) that lies in `range`, or the error
/// `message`.
fn number_in<T: std::str::FromStr + PartialOrd>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
    message: impl FnOnce() -> String,
) -> Result<T, String> {
    digits(text).then(|| text.parse().ok()).flatten().filter(|n| range.contains(n)).ok_or_else(message)
}

/// Whether `text` is written in digits alone, as the game writes its numbers.
fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A number of seeds for an endgame table: digits alone, however many (a table is never of more
/// seeds than the game has, so a number too big to hold is as good as the biggest).
fn seeds_number(text: &str) -> Option<usize> {
    digits(text).then(|| text.parse().unwrap_or(usize::MAX))
}

/// Plays the moves from the start. `H:*` stands for house H in its default order. A word of the
/// form `--name` among them is one of the command's `options` put after VARIANT, or an option it
/// does not know.
fn replay(variant: Variant, moves: &[String], options: &[&str]) -> Result<(Game, Vec<crate::Sowing>), String> {
    let mut game = Game::new(variant);
    let mut sowings = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let fail = |why: String| format!("move {} ({text:?}) cannot be played: {why}", i + 1);
        if text.starts_with("--") {
            return Err(if options.contains(&text.as_str()) {
                format!("{text} is an option, and options go before VARIANT")
            } else {
                unknown_option(text, options)
            });
        }
        // After the end, whatever the move: a game over by a third repetition has a board with
        // moves on it, and `1:*` said "house 1 is empty", true of the board but not why.
        if game.is_over() {
            return Err(fail(crate::IllegalMove::GameOver.to_string()));
        }
        let m = match text.trim().strip_suffix(":*") {
            // The store has no order of its own: its fruits are chosen, one to six of them.
            // (A game without store moves says so, as for M:GAB: the example led to a refusal.)
            Some(store) if store.eq_ignore_ascii_case("M") && !matches!(variant, Variant::Banana { .. }) => {
                return Err(fail(crate::IllegalMove::NoStoreMoveInThisGame.to_string()));
            }
            Some(store) if store.eq_ignore_ascii_case("M") => {
                return Err(fail("a move from the store names its fruits in dropping order, for example M:GAB".into()));
            }
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

/// Prints each depth's count as soon as it is counted (each depth counted anew, which costs a
/// little more than counting them all in one walk): a depth asked for that takes hours shows the
/// depths it has reached, and stopped, loses only the one it was on.
fn perft_command(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<String, Failure> {
    let variant = parse_variant(args.first(), &[])?;
    let depth_text = args.get(1).ok_or_else(|| "the depth is missing: mancala perft VARIANT DEPTH [MOVE...]".to_string())?;
    let depth: usize =
        number_in(depth_text, 0..=64, || format!("the depth must be a number from 0 to 64, not {depth_text:?}"))?;
    let (game, _) = replay(variant, &args[2..], &[])?;
    let started = Instant::now();
    for d in 1..=depth {
        let count = perft(game.position(), d)[d - 1];
        match writeln!(out, "{d} {count}").and_then(|()| out.flush()) {
            Ok(()) => {}
            // A pipe closed by its reader (`| head -3`): they have what they wanted.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(String::new()),
            Err(e) => return Err(Failure::output(format!("cannot write the output: {e}"))),
        }
    }
    let _ = writeln!(err, "perft {variant} depth {depth}: {:.3} s", started.elapsed().as_secs_f64());
    Ok(String::new())
}

fn play_command(args: &[String]) -> Result<String, String> {
    let trace = args.first().is_some_and(|a| a == "--trace");
    let args = if trace { &args[1..] } else { args };
    if trace && args.first().is_some_and(|a| a == "--trace") {
        return Err("--trace is given twice".into());
    }
    let variant = parse_variant(args.first(), &["--trace"])?;
    let (game, sowings) = replay(variant, &args[1..], &["--trace"])?;
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

/// Where the solver's endgame table comes from.
enum TableSource {
    /// A table computed of so many seeds, as typed.
    Seeds(usize, String),
    File(String),
}

/// The options of `mancala solve`.
const SOLVE_OPTIONS: [&str; 5] = ["--endgame", "--endgame-file", "--table", "--threads", "--progress"];

fn solve_command(args: &[String]) -> Result<String, String> {
    let mut args = args;
    let mut source = None;
    let mut bits = None;
    let mut threads = None;
    let mut progress = false;
    let mut given: Vec<&str> = Vec::new();
    while let Some(option) = args.first().map(String::as_str).filter(|o| SOLVE_OPTIONS.contains(o)) {
        // An option given twice, or both kinds of endgame table, would leave one of them unheard.
        if given.contains(&option) {
            return Err(format!("{option} is given twice"));
        }
        if let Some(other) = given.iter().find(|o| matches!((option, **o), ("--endgame", "--endgame-file") | ("--endgame-file", "--endgame"))) {
            return Err(format!("{option} and {other} both name the endgame table: give one of them"));
        }
        given.push(option);
        match option {
            "--progress" => {
                progress = true;
                args = &args[1..];
                continue;
            }
            "--endgame" => {
                let text = args.get(1).ok_or("--endgame needs a number of seeds")?;
                let seeds = seeds_number(text).ok_or_else(|| format!("--endgame takes a number of seeds, not {text:?}"))?;
                source = Some(TableSource::Seeds(seeds, text.clone()));
            }
            "--endgame-file" => {
                let file = args.get(1).ok_or("--endgame-file needs a file made by `mancala endgame`")?;
                source = Some(TableSource::File(file.clone()));
            }
            "--threads" => {
                let text = args.get(1).ok_or("--threads needs a number of threads")?;
                threads = Some(number_in(text, 1..=64, || {
                    format!("--threads takes a number of threads from 1 to 64, not {text:?}")
                })?);
            }
            _ => {
                let text = args.get(1).ok_or("--table needs a number of bits")?;
                bits = Some(number_in(text, 10..=30, || {
                    format!("--table takes a number of bits from 10 to 30, not {text:?}")
                })?);
            }
        }
        args = &args[2..];
    }
    let variant = parse_variant(args.first(), &SOLVE_OPTIONS)?;
    let rules = crate::ai::Rules::of(variant)
        .ok_or_else(|| format!("{variant} cannot be solved: the solver knows Kalah and Kid-Cala classic"))?;
    let (game, _) = replay(variant, &args[1..], &SOLVE_OPTIONS)?;
    let threads = threads.unwrap_or_else(processors);
    let started = Instant::now();
    let seeds_left = crate::ai::Houses::of(game.position()).seeds() as usize;
    let (table, text) = match source {
        Some(TableSource::File(file)) => {
            let mut input = std::fs::File::open(&file).map_err(|e| format!("cannot read {file:?}: {e}"))?;
            if input.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(format!("cannot read {file:?}: it is a folder, not a file made by `mancala endgame`"));
            }
            // The length of a file on disk; a pipe (`<(...)`, /dev/stdin) says none.
            let length = input.metadata().ok().filter(std::fs::Metadata::is_file).map(|m| m.len());
            let table = crate::ai::endgame::Endgame::read_from_sized(rules, length, &mut input).map_err(|e| format!("{file:?}: {e}"))?;
            let text = format!("{} seeds, read from {file} in {:.3} s", table.max(), started.elapsed().as_secs_f64());
            (Some(table), text)
        }
        source => {
            // Never a table of more seeds than are left: it would know nothing more.
            let seeds = match &source {
                Some(TableSource::Seeds(seeds, _)) => (*seeds).min(seeds_left),
                _ => crate::ai::endgame::default_seeds(rules.m, seeds_left),
            };
            // Told as typed, with the seeds it came to ("--endgame 999 (the 72 seeds left)").
            let asked = match &source {
                Some(TableSource::Seeds(asked, typed)) if *asked > seeds => format!("--endgame {typed} (the {seeds} seeds left)"),
                _ => format!("--endgame {seeds}"),
            };
            let table = if seeds > 0 { Some(crate::ai::endgame::Endgame::try_new(rules, seeds).map_err(|e| format!("{asked}: {e}"))?) } else { None };
            match table {
                Some(table) => {
                    table.fill_in_parallel(threads);
                    let text = format!("{} seeds, computed in {:.3} s", table.max(), started.elapsed().as_secs_f64());
                    (Some(table), text)
                }
                None => (None, "none".to_string()),
            }
        }
    };
    // The transposition table, by default sized to the seeds the search must get through above the
    // endgame table: 16 MB, 256 MB or 1 GB.
    let above = seeds_left.saturating_sub(table.as_ref().map_or(0, |t| t.max()));
    let asked_bits = bits.is_some();
    let bits = bits.unwrap_or(match above {
        0..=24 => 21,
        25..=32 => 25,
        _ => 27,
    });
    // Never more than twice the entries the game has boards (`--table 30` for a small board set up
    // 8 GB for a few hundred boards).
    let boards = crate::ai::endgame::Endgame::size(rules.m, seeds_left);
    // (2^(bit length of `boards`) is at most twice `boards`.)
    let bits = bits.min((u64::BITS - boards.leading_zeros()).max(10));
    // A table asked for (`--table`) is made as asked or refused; the default one is halved until
    // the system has the memory for it.
    let mut solver = if asked_bits {
        crate::ai::Solver::try_new(rules, bits).map_err(|e| format!("a transposition table of 2^{bits} entries (--table): {e}"))?
    } else {
        crate::ai::Solver::new(rules, bits)
    };
    solver.set_threads(threads);
    if let Some(table) = table {
        solver.set_endgame_table(table);
    }
    if progress {
        // The mover's gain is asked about; the value for South follows from it.
        solver.set_report(move |p| {
            let answer = if p.bound >= p.beta { format!("yes, at least {}", p.bound) } else { format!("no, at most {}", p.bound) };
            // Progress that cannot be written (a full disk, a reader gone) is let go: the solve
            // goes on, and its value is still printed.
            let seconds = started.elapsed().as_secs_f64();
            let _ = writeln!(std::io::stderr(), "gain of the player to move at least {}? {answer}: {} positions, {seconds:.1} s", p.beta, p.nodes);
        });
    }
    let table = text;
    let solution = solver.solve(game.position()).map_err(|e| format!("the solve stopped: {e:?}"))?;
    let seconds = started.elapsed().as_secs_f64();
    let best: Vec<String> = solution.best.iter().map(ToString::to_string).collect();
    Ok(format!(
        "{}\nbest: {}\nnodes: {}\nprobes: {}\nendgame table: {table}\ntransposition table: 2^{bits} entries\ntime: {seconds:.3} s\n",
        solution.value,
        if best.is_empty() { "none (the game is over)".to_string() } else { best.join(" ") },
        solution.nodes,
        solver.probes()
    ))
}

fn endgame_command(args: &[String]) -> Result<String, Failure> {
    let usage = "mancala endgame VARIANT SEEDS FILE";
    let variant = parse_variant(args.first(), &[])?;
    let rules = crate::ai::Rules::of(variant)
        .ok_or_else(|| format!("{variant} has no endgame table: the solver knows Kalah and Kid-Cala classic"))?;
    let text = args.get(1).ok_or_else(|| format!("SEEDS is missing: {usage}"))?;
    let seeds = seeds_number(text).ok_or_else(|| format!("SEEDS must be a number of seeds, not {text:?}"))?;
    let file = args.get(2).ok_or_else(|| format!("FILE is missing: {usage}"))?;
    nothing_after(args, 3, usage)?;
    // Never more seeds than the game has: the table would know nothing more.
    let seeds = seeds.min(crate::ai::Houses::of(&crate::Position::new(variant)).seeds() as usize);
    let table = crate::ai::endgame::Endgame::try_new(rules, seeds).map_err(|e| e.to_string())?;
    // FILE's place is checked before the table is computed: a place that cannot be written (a
    // missing folder, a folder's name, a file that may not be changed) is told before minutes of
    // computing, not after them. The table is written beside FILE, in FILE.part, and takes FILE's
    // place only once it is whole, with FILE's permissions: a FILE already there keeps its table
    // until then, even when the run is stopped or the disk fills up while writing. FILE.part is
    // made to check the place and taken away again until the table is computed, so a run stopped
    // while computing (most of its minutes) leaves nothing behind; one stopped in the seconds of
    // writing leaves FILE.part, which the next run writes over. A link writes
    // where it leads (a file made there if none is yet), and a device (`/dev/null`, to time the
    // computing alone) takes the table as it comes.
    let path = std::path::Path::new(file);
    if path.is_dir() {
        return Err(format!("cannot write {file:?}: it is a folder").into());
    }
    if file.ends_with(std::path::is_separator) || path.file_name().is_none() {
        return Err(format!("cannot write {file:?}: it names no file").into());
    }
    let cannot = |e: std::io::Error| format!("cannot write {file:?}: {e}");
    // A link to a link to no file yet is followed to its end (followed one step, the link it led
    // to was replaced by the table); links that go round in a circle are refused.
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(_) => {
            let mut target = path.to_path_buf();
            let mut links = 0;
            while let Ok(to) = std::fs::read_link(&target) {
                links += 1;
                if links > 40 {
                    return Err(format!("cannot write {file:?}: its links lead round in a circle").into());
                }
                target = target.parent().map_or_else(|| to.clone(), |folder| folder.join(&to));
            }
            target
        }
    };
    let before = target.metadata().ok();
    let device = before.as_ref().is_some_and(|m| !m.is_file());
    let part = {
        let mut name = target.file_name().unwrap_or_default().to_os_string();
        name.push(".part");
        target.with_file_name(name)
    };
    if before.is_some() && !device {
        std::fs::OpenOptions::new().write(true).open(&target).map_err(cannot)?;
    }
    let open = || {
        if device {
            std::fs::OpenOptions::new().write(true).open(&target)
        } else {
            std::fs::File::create(&part)
        }
        .map_err(|e| format!("cannot write {file:?} (the table is written first to {:?}): {e}", part.display().to_string()))
    };
    let checked = if device {
        Some(open()?)
    } else {
        open()?;
        let _ = std::fs::remove_file(&part);
        None
    };
    let started = Instant::now();
    table.fill_in_parallel(processors());
    let computed = started.elapsed().as_secs_f64();
    // The place was writable a moment ago: failing now is output lost, not bad input.
    let output = match checked {
        Some(device) => device,
        None => open().map_err(Failure::output)?,
    };
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(&output);
        table.write_to(&mut out)?;
        std::io::Write::flush(&mut out)?;
        if !device {
            if let Some(before) = &before {
                output.set_permissions(before.permissions())?;
            }
            output.sync_all()?;
        }
        Ok(())
    };
    if let Err(e) = write() {
        // A table half written would only be refused when read.
        if !device {
            let _ = std::fs::remove_file(&part);
        }
        // Output that could not be written (a full disk), not bad input.
        return Err(Failure::output(cannot(e)));
    }
    // Whole, it is not thrown away when it cannot take FILE's place.
    if !device {
        std::fs::rename(&part, &target).map_err(|e| {
            Failure::output(format!("the table is whole in {:?} but could not take the place of {file:?}: {e}", part.display().to_string()))
        })?;
    }
    Ok(format!(
        "{variant}: {} boards of at most {} seeds, computed in {computed:.1} s, written to {file}\n",
        crate::ai::endgame::Endgame::size(rules.m, table.max()),
        table.max()
    ))
}

/// The processors the system offers the command line (1 where it cannot say).
fn processors() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

fn bench_command() -> String {
    let started = Instant::now();
    let clock = move || started.elapsed().as_secs_f64() * 1000.0;
    let lines = crate::ai::bench::run(&clock);
    crate::ai::bench::report(&lines)
}

fn match_command(args: &[String]) -> Result<String, String> {
    use crate::ai::Player;
    let variant = parse_variant(args.first(), &[])?;
    let player = |i: usize, name: &str| -> Result<(String, Player), String> {
        let text = args.get(i).ok_or_else(|| format!("{name} is missing: mancala match VARIANT LEVEL_A LEVEL_B GAMES"))?;
        match text.as_str() {
            "random" => Ok(("a child playing at random".to_string(), Player::Random)),
            "child" => Ok(("a child taking extra moves and catches".to_string(), Player::Child)),
            _ => {
                let level = number_in(text, 1..=5, || format!("{name} must be a level from 1 to 5, random or child, not {text:?}"))?;
                Ok((format!("level {level}"), Player::Computer(crate::ai::effort_in(variant, level))))
            }
        }
    };
    let (a_name, a) = player(1, "LEVEL_A")?;
    let (b_name, b) = player(2, "LEVEL_B")?;
    let games_text = args.get(3).ok_or("GAMES is missing: mancala match VARIANT LEVEL_A LEVEL_B GAMES")?;
    let games: u32 =
        number_in(games_text, 1..=100_000, || format!("GAMES must be a number from 1 to 100000, not {games_text:?}"))?;
    let seed: u64 = match args.get(4) {
        Some(t) => number_in(t, 0..=u64::MAX, || format!("SEED must be a whole number, not {t:?}"))?,
        None => 1,
    };
    nothing_after(args, 5, "mancala match VARIANT LEVEL_A LEVEL_B GAMES [SEED]")?;
    let started = Instant::now();
    let tally = crate::ai::play_players(variant, a, b, games, seed);
    Ok(format!(
        "{variant}: {a_name} against {b_name}, {games} games\nwins {}\ndraws {}\nlosses {}\nscore {:.1}%\ntime {:.1} s\n",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score() * 100.0,
        started.elapsed().as_secs_f64()
    ))
}

fn review_command(args: &[String]) -> Result<String, String> {
    use crate::ai::review::{turning_point, MIN_LOSS, REVIEW_LIMITS};
    let variant = parse_variant(args.first(), &[])?;
    // In any case, as a game's name and its moves are.
    let player = match args.get(1).map(|a| (a, a.to_ascii_lowercase())) {
        Some((_, low)) if low == "south" => crate::Side::South,
        Some((_, low)) if low == "north" => crate::Side::North,
        Some((other, _)) => return Err(format!("PLAYER must be south or north, not {other:?}")),
        None => return Err("PLAYER is missing: mancala review VARIANT PLAYER [MOVE...]".into()),
    };
    let (game, _) = replay(variant, &args[2..], &[])?;
    let Some(turn) = turning_point(game.history(), game.moves(), player, REVIEW_LIMITS, std::rc::Rc::new(|| false)) else {
        return Ok(format!("no turn to go back to (none gave away {MIN_LOSS} or more)\n"));
    };
    let before = &game.history()[turn.index];
    let why = match crate::ai::reason(before, turn.better) {
        Some(crate::ai::Reason::ExtraMove) => " (extra move)".to_string(),
        Some(crate::ai::Reason::Capture(n)) => format!(" (catches {n})"),
        None => String::new(),
    };
    // Where the game is won rather than scored, a won game is worth more than any count of
    // pieces: a move that lets the other player win (or misses a win) gave away the game.
    let decided_by_winning = matches!(variant, crate::Variant::KidCalaBeginner | crate::Variant::Kauri);
    let lost = if decided_by_winning && turn.lost >= crate::ai::eval::WIN / 2 { "the game".to_string() } else { turn.lost.to_string() };
    Ok(format!("turn {}: played {}, better {}{why}, gave away {lost}\n", turn.index + 1, game.moves()[turn.index], turn.better))
}
