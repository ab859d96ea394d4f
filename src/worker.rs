//! The computer player's side of the Web Worker: the messages between the page and the worker, and
//! what the worker does with them. Plain Rust, tested natively; `src/bin/worker.rs` only passes the
//! browser's messages in and out, and `src/ui/thinker.rs` is the page's side.
//!
//! Messages are JSON text. The page sends a [`Request`] with a number; the worker answers with an
//! [`Answer`] carrying the same number, so that the page can tell a stale answer (from before an undo
//! or a new game) from the one it waits for.

use serde::{Deserialize, Serialize};

use crate::ai::{bench, reason, Computer, Reason};
use crate::{Game, Move, Position, SavedGame, Setup, Side};

/// This build of the game (see `build.rs`), the same in the page and in its worker.
pub const BUILD: &str = env!("MANCALA_BUILD");

/// The worker's first message: it listens, and is of this [`BUILD`], so that a page from another
/// build of the game can tell.
pub fn ready_message() -> String {
    format!("ready {BUILD}")
}

/// The build a worker's first message names: `None` for any other message (an [`Answer`], JSON),
/// `Some("")` for a worker from before builds were named.
pub fn ready_build(message: &str) -> Option<&str> {
    message.strip_prefix("ready").filter(|rest| rest.is_empty() || rest.starts_with(' ')).map(str::trim)
}

/// What the page asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// A number the answer repeats.
    pub id: u32,
    /// The task.
    pub task: Task,
}

/// The tasks of the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
pub enum Task {
    /// Choose a move for the player to move at a level.
    Move {
        /// The position.
        position: Setup,
        /// 1..=5.
        level: u8,
        /// Think at most this long, in milliseconds (the level's effort may stop it sooner).
        time_ms: u32,
    },
    /// Suggest a move to the player to move, with its reason.
    Hint {
        /// The position.
        position: Setup,
        /// Think at most this long, in milliseconds.
        time_ms: u32,
    },
    /// Look back at a finished game: the turn where `player` gave away the most, and the better move
    /// there (see [`crate::ai::review`]).
    Review {
        /// The game.
        game: SavedGame,
        /// Whose turns to look at.
        player: Side,
        /// Think at most this long, in milliseconds (the turns looked at by then decide).
        time_ms: u32,
    },
    /// Run the benchmark.
    Bench,
    /// Solve a Kalah position exactly (for measuring the solver in the browser).
    Solve {
        /// The game, as on the command line (`kalah:6:4`).
        variant: String,
        /// House numbers played from the start.
        moves: Vec<u8>,
        /// The endgame table's seeds (a third of the seeds left when absent).
        endgame: Option<u8>,
        /// The transposition table: 2^bits entries of 8 bytes (25 when absent, 256 MB).
        table_bits: Option<u8>,
    },
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The request's number.
    pub id: u32,
    /// The answer.
    pub reply: Reply,
}

/// The answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    /// A move (for [`Task::Move`] and [`Task::Hint`]), in the move's text form.
    Move {
        /// The move.
        mv: String,
        /// "extra_move", "capture", or none.
        reason: Option<String>,
        /// How many pieces the move captures, when it does.
        captured: u32,
        /// Positions looked at.
        nodes: u64,
    },
    /// The turn to go back to (for [`Task::Review`]), if there is one worth it.
    Review {
        /// The turn.
        turn: Option<Turn>,
    },
    /// The benchmark's report, and its total positions per second.
    Bench {
        /// The report, one line per search.
        report: String,
        /// Positions per second in all.
        nps: f64,
    },
    /// The exact value of a position (for [`Task::Solve`]).
    Solved {
        /// South's store minus North's at the end under perfect play.
        value: i32,
        /// The best moves, as house numbers.
        best: Vec<u8>,
        /// Positions searched.
        nodes: u64,
        /// The endgame table's seeds.
        endgame: u8,
        /// Milliseconds spent on the endgame table.
        table_ms: f64,
        /// Milliseconds in all.
        ms: f64,
    },
    /// The request could not be served.
    Error {
        /// Why, for the developer's console (the child is told in plain words by the page).
        message: String,
    },
}

/// A turn to play again: the position before the game's `index`th move (from 0), and the better
/// move there with its reason, as a hint gives them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Moves of the game before the turn.
    pub index: usize,
    /// The better move, in its text form.
    pub mv: String,
    /// "extra_move", "capture", or none.
    pub reason: Option<String>,
    /// How many pieces the better move captures, when it does.
    pub captured: u32,
}

/// The worker's state: the computer player, whose tables last from move to move.
pub struct Thinker {
    computer: Computer,
}

/// The effort of a hint: level 4, quick and good.
const HINT_LEVEL: u8 = 4;

impl Default for Thinker {
    fn default() -> Self {
        Thinker::new()
    }
}

impl Thinker {
    /// A new worker state.
    #[must_use]
    pub fn new() -> Thinker {
        Thinker { computer: Computer::new(0x5eed, 18) }
    }

    /// Answers one message (JSON text) with a message (JSON text). `clock` gives milliseconds: the
    /// time limit and the benchmark need it, and the standard library has no clock in the browser.
    pub fn handle(&mut self, message: &str, clock: std::rc::Rc<dyn Fn() -> f64>) -> String {
        let answer = match serde_json::from_str::<Request>(message) {
            Ok(request) => Answer { id: request.id, reply: self.serve(request.task, clock) },
            // Answered under its number where that can be read, so that the page hears of it at
            // once rather than when its wait runs out.
            Err(e) => {
                let id = serde_json::from_str::<serde_json::Value>(message).ok().and_then(|v| v.get("id")?.as_u64()?.try_into().ok());
                Answer { id: id.unwrap_or(0), reply: Reply::Error { message: format!("unreadable request: {e}") } }
            }
        };
        serde_json::to_string(&answer).unwrap_or_else(|_| r#"{"id":0,"reply":{"reply":"error","message":"unwritable answer"}}"#.into())
    }

    fn serve(&mut self, task: Task, clock: std::rc::Rc<dyn Fn() -> f64>) -> Reply {
        match task {
            Task::Move { position, level, time_ms } => self.think(&position, level, time_ms, clock),
            Task::Hint { position, time_ms } => self.think(&position, HINT_LEVEL, time_ms, clock),
            Task::Review { game, player, time_ms } => review(&game, player, time_ms, &*clock),
            Task::Bench => {
                let lines = bench::run(&*clock);
                let (nodes, ms) = lines.iter().fold((0u64, 0f64), |(n, t), l| (n + l.nodes, t + l.ms));
                Reply::Bench { report: bench::report(&lines), nps: if ms > 0.0 { nodes as f64 * 1000.0 / ms } else { 0.0 } }
            }
            Task::Solve { variant, moves, endgame, table_bits } => solve(&variant, &moves, endgame, table_bits, &*clock),
        }
    }

    fn think(&mut self, setup: &Setup, level: u8, time_ms: u32, clock: std::rc::Rc<dyn Fn() -> f64>) -> Reply {
        let pos = match Position::from_setup(setup) {
            Ok(p) => p,
            Err(e) => return Reply::Error { message: format!("bad position: {e}") },
        };
        let now = clock();
        let deadline = now + f64::from(time_ms);
        let c = clock.clone();
        self.computer.set_check(move || c() > deadline);
        // The exact solver (level 5, Kalah) may use half the time: if it cannot finish, the search
        // still has the other half.
        let solve_deadline = now + f64::from(time_ms) / 2.0;
        let c = clock.clone();
        self.computer.set_solve_check(move || c() > solve_deadline);
        match self.computer.choose(&pos, level) {
            Some(choice) => {
                let (reason, captured) = reason_of(&pos, choice.mv);
                Reply::Move { mv: choice.mv.to_string(), reason, captured, nodes: choice.nodes }
            }
            None => Reply::Error { message: "the game is over: no move to choose".into() },
        }
    }
}

/// Why a move is good, for the page: "extra_move" or "capture" (with the pieces caught), or none.
fn reason_of(pos: &Position, mv: Move) -> (Option<String>, u32) {
    match reason(pos, mv) {
        Some(Reason::ExtraMove) => (Some("extra_move".to_string()), 0),
        Some(Reason::Capture(n)) => (Some("capture".to_string()), n),
        None => (None, 0),
    }
}

/// The turn of a finished game that `player` would do best to play again.
fn review(saved: &SavedGame, player: Side, time_ms: u32, clock: &dyn Fn() -> f64) -> Reply {
    let game = match Game::from_saved(saved) {
        Ok(game) => game,
        Err(e) => return Reply::Error { message: format!("the game cannot be looked back at: {e}") },
    };
    let deadline = clock() + f64::from(time_ms);
    let turn = crate::ai::review::turning_point(game.history(), game.moves(), player, crate::ai::review::REVIEW_LIMITS, &|| clock() > deadline);
    let turn = turn.map(|t| {
        let (reason, captured) = reason_of(&game.history()[t.index], t.better);
        Turn { index: t.index, mv: t.better.to_string(), reason, captured }
    });
    Reply::Review { turn }
}

/// The size of the solver's table in the worker: 2^25 entries of 8 bytes, 256 MB, as on the
/// command line (with 2^23, Kalah(6,4) takes a third longer). Only a solve asked for by address
/// (`?solve=`) uses it; the computer player's own solver is much smaller.
const SOLVE_TABLE_BITS: u32 = 25;

/// The biggest endgame table the worker makes: 2^28 boards, 256 MB (20 seeds on the 6-house board).
const MAX_WORKER_BOARDS: u64 = 1 << 28;

/// The solve a page's address asks for (`?solve=kalah:6:4&moves=3,1&endgame=16&bits=22`): the
/// game, and the values of `moves`, `endgame` and `bits` as written there, if given. A value that
/// is not a number (or a list of house numbers) is an error said on the page, not left out: the
/// position after "3,x,1" was solved as if "3,1" had been asked.
///
/// # Errors
/// Which value is not what it should be.
pub fn solve_task(variant: String, moves: Option<&str>, endgame: Option<&str>, bits: Option<&str>) -> Result<Task, String> {
    let number = |name: &str, text: &str| text.trim().parse::<u8>().map_err(|_| format!("{name}={text:?}: not a number from 0 to 255"));
    let moves = match moves.map(str::trim) {
        None | Some("") => Vec::new(),
        Some(list) => list.split(',').map(|h| number("moves", h)).collect::<Result<_, _>>()?,
    };
    let endgame = endgame.map(|e| number("endgame", e)).transpose()?;
    let table_bits = bits.map(|b| number("bits", b)).transpose()?;
    Ok(Task::Solve { variant, moves, endgame, table_bits })
}

/// Solves a Kalah position exactly, with the time it took.
fn solve(variant: &str, moves: &[u8], endgame: Option<u8>, table_bits: Option<u8>, clock: &dyn Fn() -> f64) -> Reply {
    let error = |message: String| Reply::Error { message };
    let variant: crate::Variant = match variant.parse() {
        Ok(v) => v,
        Err(e) => return error(format!("{e}")),
    };
    let Some(rules) = crate::ai::Rules::of(variant) else {
        return error(format!("{variant} cannot be solved: the solver knows the Kalah games"));
    };
    let mut game = crate::Game::new(variant);
    for &house in moves {
        let played = game.position().house_move(house).map_err(|e| e.to_string()).and_then(|m| game.play(m).map(|_| ()).map_err(|e| e.to_string()));
        if let Err(e) = played {
            return error(format!("house {house} cannot be played: {e}"));
        }
    }
    let start = clock();
    let bits = match table_bits {
        None => SOLVE_TABLE_BITS,
        Some(b @ 16..=27) => u32::from(b),
        Some(b) => return error(format!("a transposition table of 2^{b} entries: the worker takes 2^16 to 2^27")),
    };
    let mut solver = match crate::ai::Solver::try_new(rules, bits) {
        Ok(solver) => solver,
        Err(e) => return error(format!("a transposition table of 2^{bits} entries: {e}")),
    };
    let seeds = crate::ai::Houses::of(game.position()).seeds() as usize;
    // Never a table of more seeds than the game has left: it would know nothing more.
    let table_seeds = endgame.map_or_else(|| crate::ai::endgame::default_seeds(rules.m, seeds), usize::from).min(seeds);
    if crate::ai::endgame::Endgame::size(rules.m, table_seeds) > MAX_WORKER_BOARDS {
        return error(format!("an endgame table of {table_seeds} seeds is too big for the browser"));
    }
    if table_seeds > 0 {
        match crate::ai::endgame::Endgame::try_new(rules, table_seeds) {
            Ok(table) => solver.set_endgame_table(table),
            Err(e) => return error(format!("an endgame table of {table_seeds} seeds: {e}")),
        }
    }
    solver.fill_endgame();
    let table_ms = clock() - start;
    let table = solver.endgame().map_or(0, |t| t.max() as u8);
    match solver.solve(game.position()) {
        Ok(s) => Reply::Solved { value: s.value, best: s.best, nodes: s.nodes, endgame: table, table_ms, ms: clock() - start },
        Err(e) => error(format!("the solve stopped: {e:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Variant};

    fn clock() -> std::rc::Rc<dyn Fn() -> f64> {
        let start = std::time::Instant::now();
        std::rc::Rc::new(move || start.elapsed().as_secs_f64() * 1000.0)
    }

    /// Sends `task` to the worker's side as the page would, and reads its reply.
    fn ask(t: &mut Thinker, task: Task) -> Reply {
        let text = serde_json::to_string(&Request { id: 2, task }).unwrap();
        serde_json::from_str::<Answer>(&t.handle(&text, clock())).unwrap().reply
    }

    #[test]
    fn the_first_message_names_the_build() {
        assert_eq!(BUILD.len(), 16);
        assert!(BUILD.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(ready_build(&ready_message()), Some(BUILD));
        assert_eq!(ready_build("ready"), Some(""));
        assert_eq!(ready_build("ready 0123456789abcdef"), Some("0123456789abcdef"));
        assert_eq!(ready_build("readying"), None);
        let answer = serde_json::to_string(&Answer { id: 1, reply: Reply::Error { message: "ready".into() } }).unwrap();
        assert_eq!(ready_build(&answer), None);
    }

    #[test]
    fn a_move_request_gets_a_legal_move() {
        let mut t = Thinker::new();
        for v in ["kalah:6:4", "kidcala-beginner", "kidcala-classic", "banana", "kauri"] {
            let pos = Position::new(v.parse::<Variant>().unwrap());
            let request = Request { id: 7, task: Task::Move { position: pos.to_setup(), level: 3, time_ms: 5000 } };
            let answer: Answer = serde_json::from_str(&t.handle(&serde_json::to_string(&request).unwrap(), clock())).unwrap();
            assert_eq!(answer.id, 7);
            let Reply::Move { mv, .. } = answer.reply else { panic!("{v}: {answer:?}") };
            let m: Move = mv.parse().unwrap();
            assert!(pos.check(m).is_ok(), "{v}: {mv}");
        }
    }

    #[test]
    fn a_hint_says_why() {
        let mut t = Thinker::new();
        // South's house 1 holds one seed; it lands in the empty house 2, across from North's ten.
        let mut setup = Position::new("kalah:6:4".parse::<Variant>().unwrap()).to_setup();
        let piles = |counts: &[u8]| counts.iter().map(|c| c.to_string().parse().unwrap()).collect::<Vec<_>>();
        setup.south.houses = piles(&[1, 0, 5, 5, 5, 0]);
        setup.south.store = "2".parse().unwrap();
        setup.north.houses = piles(&[4, 4, 4, 4, 10, 4]);
        let request = Request { id: 1, task: Task::Hint { position: setup, time_ms: 5000 } };
        let answer: Answer = serde_json::from_str(&t.handle(&serde_json::to_string(&request).unwrap(), clock())).unwrap();
        assert_eq!(
            answer.reply,
            Reply::Move { mv: "1".into(), reason: Some("capture".into()), captured: 11, nodes: match answer.reply {
                Reply::Move { nodes, .. } => nodes,
                _ => 0,
            } }
        );
    }

    #[test]
    fn a_review_sends_the_child_back_to_the_turn_that_mattered_with_its_reason() {
        let mut t = Thinker::new();
        // Kid-Cala classic: South opens with house 1 instead of house 3, whose last seed ends in the
        // store; North answers as its search would, and South goes on with its first move each time.
        let mut game = Game::new(Variant::KidCalaClassic);
        game.play(Move::House(1)).unwrap();
        let mut computer = crate::ai::Computer::new(1, 16);
        while !game.is_over() {
            let pos = *game.position();
            let m = if pos.to_move() == Side::North { computer.choose(&pos, 4).unwrap().mv } else { crate::ai::eval::moves(&pos)[0] };
            game.play(m).unwrap();
        }
        let reply = ask(&mut t, Task::Review { game: game.to_saved(), player: Side::South, time_ms: 60_000 });
        let Reply::Review { turn: Some(turn) } = reply else { panic!("{reply:?}") };
        let before = game.history()[turn.index];
        assert_eq!(before.to_move(), Side::South);
        let m: Move = turn.mv.parse().unwrap();
        assert_eq!(reason_of(&before, m), (turn.reason.clone(), turn.captured));
        assert_ne!(game.moves()[turn.index], m);
        // North played as well as the review looks: nothing to go back to.
        let reply = ask(&mut t, Task::Review { game: game.to_saved(), player: Side::North, time_ms: 60_000 });
        assert_eq!(reply, Reply::Review { turn: None });
        // A game that cannot be read is refused with its reason.
        let mut saved = game.to_saved();
        saved.moves.insert(0, Move::House(9));
        let reply = ask(&mut t, Task::Review { game: saved, player: Side::South, time_ms: 60_000 });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("move 1")), "{reply:?}");
        let text = r#"{"id":4,"task":{"task":"review","game":{"format":1,"variant":"kalah:6:4","moves":["x"]},"player":"south","time_ms":10}}"#;
        let answer: Answer = serde_json::from_str(&t.handle(text, clock())).unwrap();
        assert!(matches!(answer.reply, Reply::Error { .. }), "{answer:?}");
    }

    #[test]
    fn a_solve_request_gets_the_exact_value() {
        let mut t = Thinker::new();
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![], endgame: None, table_bits: None });
        let Reply::Solved { value, best, endgame, .. } = reply else { panic!("{reply:?}") };
        assert_eq!((value, best, endgame), (6, vec![2], 8));
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![2], endgame: Some(0), table_bits: Some(18) });
        assert!(matches!(reply, Reply::Solved { value: 6, endgame: 0, .. }), "{reply:?}");
        for (variant, moves) in [("kauri", vec![]), ("kalah:4:3", vec![9]), ("chess", vec![])] {
            let reply = ask(&mut t, Task::Solve { variant: variant.into(), moves, endgame: None, table_bits: None });
            assert!(matches!(reply, Reply::Error { .. }), "{variant}: {reply:?}");
        }
        let reply = ask(&mut t, Task::Solve { variant: "kalah:6:4".into(), moves: vec![], endgame: Some(30), table_bits: None });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("too big")), "{reply:?}");
        // A table asked of more seeds than the game has (from a page's address, `&endgame=`):
        // one of the seeds left, not a panic (past 128 seeds) nor, where its size cannot be
        // counted, a table as big as memory allows.
        for asked in [3, 129, 200, 255] {
            let reply = ask(&mut t, Task::Solve { variant: "kalah:1:1".into(), moves: vec![], endgame: Some(asked), table_bits: None });
            assert!(matches!(reply, Reply::Solved { endgame: 2, .. }), "{asked}: {reply:?}");
        }
        let reply = ask(&mut t, Task::Solve { variant: "kalah:8:8".into(), moves: vec![], endgame: Some(100), table_bits: None });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("too big")), "{reply:?}");
        // A table size the worker does not take is said, not changed.
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![], endgame: None, table_bits: Some(99) });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("2^16 to 2^27")), "{reply:?}");
    }

    #[test]
    fn bad_requests_get_an_error_answer() {
        let mut t = Thinker::new();
        for text in [
            "",
            "{",
            r#"{"id":3,"task":{"task":"move"}}"#,
            r#"{"id":3,"task":{"task":"fly"}}"#,
            r#"{"id":3,"task":{"task":"review","game":{"format":1,"variant":"kalah:6:4","moves":[]},"player":"east","time_ms":10}}"#,
            r#"{"id":3,"task":{"task":"review","game":{"format":2,"variant":"kalah:6:4","moves":[]},"player":"south","time_ms":10}}"#,
            r#"{"id":3,"task":{"task":"review","game":{"format":1,"variant":"kauri","start":{"variant":"kauri","to_move":"south","south":{"houses":[5,5,5,5,5,5],"store":70},"north":{"houses":[5,5,5,5,5,5],"store":0}},"moves":[]},"player":"south","time_ms":10}}"#,
        ] {
            let answer: Answer = serde_json::from_str(&t.handle(text, clock())).unwrap();
            assert!(matches!(answer.reply, Reply::Error { .. }), "{text}: {answer:?}");
            // Under the request's number where it can be read: the page hears of it at once.
            assert_eq!(answer.id, if text.contains(r#""id":3"#) { 3 } else { 0 }, "{text}");
        }
        // A player given as a number is told as one.
        let text = r#"{"id":5,"task":{"task":"review","game":{"format":1,"variant":"kalah:6:4","moves":[]},"player":1,"time_ms":10}}"#;
        let answer: Answer = serde_json::from_str(&t.handle(text, clock())).unwrap();
        assert!(
            matches!(&answer.reply, Reply::Error { message } if message.contains(r#"integer `1`, expected a player, "south" or "north""#)),
            "{answer:?}"
        );
        // A position that cannot come up in its game.
        let mut setup = Position::new(Variant::Kauri).to_setup();
        setup.south.store = "70".parse().unwrap();
        let request = Request { id: 4, task: Task::Move { position: setup, level: 1, time_ms: 100 } };
        let answer: Answer = serde_json::from_str(&t.handle(&serde_json::to_string(&request).unwrap(), clock())).unwrap();
        assert_eq!(answer.id, 4);
        assert!(matches!(answer.reply, Reply::Error { .. }), "{answer:?}");
    }

    #[test]
    fn a_solve_asked_by_the_pages_address_says_what_it_cannot_read() {
        let task = solve_task("kalah:6:4".into(), Some("3, 1"), Some("16"), Some("22")).unwrap();
        assert_eq!(task, Task::Solve { variant: "kalah:6:4".into(), moves: vec![3, 1], endgame: Some(16), table_bits: Some(22) });
        let task = solve_task("kalah:6:4".into(), None, None, None).unwrap();
        assert_eq!(task, Task::Solve { variant: "kalah:6:4".into(), moves: vec![], endgame: None, table_bits: None });
        assert_eq!(solve_task("kalah:6:4".into(), Some(""), None, None).unwrap(), task);
        for (moves, endgame, bits, said) in [
            (Some("3,x,1"), None, None, "moves=\"x\""),
            (Some("3,,1"), None, None, "moves=\"\""),
            (Some("300"), None, None, "moves=\"300\""),
            (Some("-1"), None, None, "moves=\"-1\""),
            (None, Some("abc"), None, "endgame=\"abc\""),
            (None, None, Some("300"), "bits=\"300\""),
        ] {
            let why = solve_task("kalah:6:4".into(), moves, endgame, bits).unwrap_err();
            assert!(why.starts_with(said), "{why}");
        }
    }
}
