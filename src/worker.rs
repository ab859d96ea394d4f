//! The computer player's side of the Web Worker: the messages between the page and the worker, and
//! what the worker does with them. Plain Rust, tested natively; `src/bin/worker.rs` only passes the
//! browser's messages in and out, and `src/ui/thinker.rs` is the page's side.
//!
//! Messages are JSON text. The page sends a [`Request`] with a number; the worker answers with an
//! [`Answer`] carrying the same number, so that the page can tell a stale answer (from before an undo
//! or a new game) from the one it waits for.

use std::io::Write as _;

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
    /// Make ready what the computer's moves at `level` will need in this game, while the child
    /// chooses a move: level 5's exact solver and its endgame table (nothing at the other levels
    /// or in other games). Sent on each turn, and first to every worker started, so that the
    /// computer's first move has its time for the solve itself (asked again, it has nothing to
    /// do) (in Kalah(6,3), making the table took 0.4 of the 0.9 s the solver has, and
    /// Dragon's first answer to house 3, from a search, threw away 4 seeds).
    Prepare {
        /// The game's position.
        position: Setup,
        /// 1..=5.
        level: u8,
        /// At most this long, in milliseconds.
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
        /// Keep the endgame table in the browser for the next solve of the same game (`Some(true)`,
        /// read back if an earlier solve kept it), or forget the one kept (`Some(false)`); see
        /// [`KeptFile`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keep: Option<bool>,
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
        /// What became of the kept endgame table, when the solve asked to keep or forget it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kept: Option<String>,
    },
    /// What a [`Task::Prepare`] made ready in time.
    Prepared {
        /// The exact solver's endgame table is made (false: none needed, or out of time).
        ready: bool,
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
        self.handle_keeping(message, clock, Keeping::None)
    }

    /// [`Thinker::handle`] for a message that asks to keep or forget an endgame table
    /// ([`kept_table`]), with the table's file as the browser could open it.
    pub fn handle_keeping(&mut self, message: &str, clock: std::rc::Rc<dyn Fn() -> f64>, keeping: Keeping<'_>) -> String {
        let answer = match serde_json::from_str::<Request>(message) {
            Ok(request) => Answer { id: request.id, reply: self.serve(request.task, clock, keeping) },
            // Answered under its number where that can be read, so that the page hears of it at
            // once rather than when its wait runs out.
            Err(e) => {
                let id = serde_json::from_str::<serde_json::Value>(message).ok().and_then(|v| v.get("id")?.as_u64()?.try_into().ok());
                Answer { id: id.unwrap_or(0), reply: Reply::Error { message: format!("unreadable request: {e}") } }
            }
        };
        serde_json::to_string(&answer).unwrap_or_else(|_| r#"{"id":0,"reply":{"reply":"error","message":"unwritable answer"}}"#.into())
    }

    fn serve(&mut self, task: Task, clock: std::rc::Rc<dyn Fn() -> f64>, keeping: Keeping<'_>) -> Reply {
        match task {
            Task::Move { position, level, time_ms } => self.think(&position, level, time_ms, clock),
            Task::Hint { position, time_ms } => self.think(&position, HINT_LEVEL, time_ms, clock),
            Task::Review { game, player, time_ms } => review(&game, player, time_ms, clock),
            Task::Prepare { position, level, time_ms } => match Position::from_setup(&position) {
                Ok(pos) => {
                    let deadline = clock() + f64::from(time_ms);
                    self.computer.set_check(move || clock() > deadline);
                    Reply::Prepared { ready: self.computer.prepare(pos.variant(), level) }
                }
                Err(e) => Reply::Error { message: format!("bad position: {e}") },
            },
            Task::Bench => {
                let lines = bench::run(&*clock);
                let (nodes, ms) = lines.iter().fold((0u64, 0f64), |(n, t), l| (n + l.nodes, t + l.ms));
                Reply::Bench { report: bench::report(&lines), nps: if ms > 0.0 { nodes as f64 * 1000.0 / ms } else { 0.0 } }
            }
            Task::Solve { variant, moves, endgame, table_bits, keep } => solve(&variant, &moves, endgame, table_bits, (keep, keeping), &*clock),
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
        // The exact solver (level 5, Kalah) may use three quarters of the time: if it cannot
        // finish, the search still has the rest, many times what its 100,000 positions take (50
        // ms). With half, Dragon's first answer in Kalah(6,3) came from a search, the solve
        // taking 0.6 to 0.7 s of the 0.9 (its endgame table made before, [`Task::Prepare`]).
        let solve_deadline = now + f64::from(time_ms) * 0.75;
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
fn review(saved: &SavedGame, player: Side, time_ms: u32, clock: std::rc::Rc<dyn Fn() -> f64>) -> Reply {
    let game = match Game::from_saved(saved) {
        Ok(game) => game,
        Err(e) => return Reply::Error { message: format!("the game cannot be looked back at: {e}") },
    };
    let deadline = clock() + f64::from(time_ms);
    let turn = crate::ai::review::turning_point(game.history(), game.moves(), player, crate::ai::review::REVIEW_LIMITS, std::rc::Rc::new(move || clock() > deadline));
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

/// The size of the solver's table in the worker with an endgame table of [`BIG_ENDGAME`] seeds or
/// more: 2^23 entries, 64 MB. Kalah(6,4) with a 20-seed endgame table searches only 20 million
/// positions, and with this table, beside the endgame table's 226 MB, its search took 7.3 to 7.8 s
/// in the worker against 8.6 with 2^25 entries (7.6 to 7.8 with 2^21 or 2^22, 7.9 with 2^20).
const BIG_ENDGAME_SOLVE_TABLE_BITS: u32 = 23;

/// An endgame table this big (in seeds) leaves a small search.
const BIG_ENDGAME: usize = 18;

/// The biggest endgame table the worker makes: 2^29 boards, 512 MB (21 seeds on the 6-house board,
/// 355 million boards; 22 seeds would be 548 million).
const MAX_WORKER_BOARDS: u64 = 1 << 29;

/// The solve a page's address asks for (`?solve=kalah:6:4&moves=3,1&endgame=16&bits=22&keep=1`):
/// the game, and the values of `moves`, `endgame`, `bits` and `keep` as written there, if given. A
/// value that is not a number (or a list of house numbers, or for `keep` 1 or 0) is an error said on
/// the page, not left out: the position after "3,x,1" was solved as if "3,1" had been asked.
///
/// # Errors
/// Which value is not what it should be.
pub fn solve_task(variant: String, moves: Option<&str>, endgame: Option<&str>, bits: Option<&str>, keep: Option<&str>) -> Result<Task, String> {
    let number = |name: &str, text: &str| text.trim().parse::<u8>().map_err(|_| format!("{name}={text:?}: not a number from 0 to 255"));
    let moves = match moves.map(str::trim) {
        None | Some("") => Vec::new(),
        Some(list) => list.split(',').map(|h| number("moves", h)).collect::<Result<_, _>>()?,
    };
    let endgame = endgame.map(|e| number("endgame", e)).transpose()?;
    let table_bits = bits.map(|b| number("bits", b)).transpose()?;
    let keep = match keep.map(str::trim) {
        None => None,
        Some("1") => Some(true),
        Some("0") => Some(false),
        Some(other) => return Err(format!("keep={other:?}: 1 to keep the endgame table in this browser, 0 to forget it")),
    };
    Ok(Task::Solve { variant, moves, endgame, table_bits, keep })
}

/// A file the browser keeps for the worker from visit to visit (the page's own private file
/// system), where a solve asked to keep its endgame table ([`Task::Solve`]'s `keep`) finds the table
/// an earlier solve of the same game made, or keeps the one it makes. Filling the 21-seed table of
/// the 6-house board takes the worker over a minute, and reading it back about a second and a half:
/// with it, Kalah(6,4) is solved from the start in about 7 s instead of about 25 (see the README). A
/// grown-up asks for it (`?solve=kalah:6:4&endgame=21&keep=1`); the game never fills a child's
/// tablet with hundreds of megabytes by itself. Opening the file is asynchronous in the browser, so
/// `src/bin/worker.rs` opens it before the solve ([`kept_table`] names it); reading and writing it
/// are not, and are done here. The file is given up (dropped, which closes it) as soon as the table
/// is read or written, before the search: while it is open, another page of the game can neither
/// open it nor remove it.
pub trait KeptFile: std::io::Read + std::io::Write + std::io::Seek {
    /// Cuts the file to `len` bytes.
    ///
    /// # Errors
    /// When the browser refuses.
    fn set_len(&mut self, len: u64) -> std::io::Result<()>;
}

impl<F: KeptFile + ?Sized> KeptFile for &mut F {
    fn set_len(&mut self, len: u64) -> std::io::Result<()> {
        (**self).set_len(len)
    }
}

impl KeptFile for std::io::Cursor<Vec<u8>> {
    fn set_len(&mut self, len: u64) -> std::io::Result<()> {
        self.get_mut().truncate(usize::try_from(len).unwrap_or(usize::MAX));
        Ok(())
    }
}

/// The kept endgame table a request asks for (see [`KeptFile`]): the file's name, and whether to
/// keep it (`true`) or forget it (`false`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptTable {
    /// The file's name: the game's rules and the table's seeds (`endgame-6-e1-c1-r0-20.table`).
    pub name: String,
    /// Keep, or forget.
    pub keep: bool,
}

/// The kept endgame table a message asks for, if it is a solve asked to keep or forget one, of a
/// position the worker can solve with a table.
#[must_use]
pub fn kept_table(message: &str) -> Option<KeptTable> {
    let Ok(Request { task: Task::Solve { variant, moves, endgame, table_bits, keep: Some(keep) }, .. }) = serde_json::from_str(message) else {
        return None;
    };
    let plan = SolvePlan::of(&variant, &moves, endgame, table_bits).ok()?;
    let r = plan.rules;
    let name = format!(
        "endgame-{}-e{}-c{}-r{}-{}.table",
        r.m,
        u8::from(r.empty_capture),
        u8::from(r.counted),
        u8::from(r.relay),
        plan.table_seeds
    );
    (plan.table_seeds > 0).then_some(KeptTable { name, keep })
}

/// The kept table's file, as `src/bin/worker.rs` could open it for a solve.
pub enum Keeping<'a> {
    /// Not asked for (or no table to keep).
    None,
    /// The file, to read the table from or write it to.
    File(Box<dyn KeptFile + 'a>),
    /// Forgetting was asked: the kept table was removed (`true`), or there was none (`false`).
    Forgotten(bool),
    /// The browser could not open the file (to keep) or remove it (to forget): why.
    Unavailable(String),
}

/// What a solve asked for by address works on: the position, the rules, the size of the tables.
struct SolvePlan {
    game: crate::Game,
    rules: crate::ai::Rules,
    bits: u32,
    table_seeds: usize,
}

impl SolvePlan {
    fn of(variant: &str, moves: &[u8], endgame: Option<u8>, table_bits: Option<u8>) -> Result<SolvePlan, String> {
        let variant: crate::Variant = variant.parse().map_err(|e| format!("{e}"))?;
        let rules = crate::ai::Rules::of(variant).ok_or_else(|| format!("{variant} cannot be solved: the solver knows the Kalah games"))?;
        let mut game = crate::Game::new(variant);
        for &house in moves {
            let played = game.position().house_move(house).map_err(|e| e.to_string()).and_then(|m| game.play(m).map(|_| ()).map_err(|e| e.to_string()));
            if let Err(e) = played {
                return Err(format!("house {house} cannot be played: {e}"));
            }
        }
        let seeds = crate::ai::Houses::of(game.position()).seeds() as usize;
        // Never a table of more seeds than the game has left: it would know nothing more.
        let table_seeds = endgame.map_or_else(|| crate::ai::endgame::default_seeds(rules.m, seeds), usize::from).min(seeds);
        if crate::ai::endgame::Endgame::size(rules.m, table_seeds) > MAX_WORKER_BOARDS {
            return Err(format!("an endgame table of {table_seeds} seeds is too big for the browser"));
        }
        let bits = match table_bits {
            None if table_seeds >= BIG_ENDGAME => BIG_ENDGAME_SOLVE_TABLE_BITS,
            None => SOLVE_TABLE_BITS,
            Some(b @ 16..=27) => u32::from(b),
            Some(b) => return Err(format!("a transposition table of 2^{b} entries: the worker takes 2^16 to 2^27")),
        };
        Ok(SolvePlan { game, rules, bits, table_seeds })
    }
}

/// Solves a Kalah position exactly, with the time it took; `keeping` is what the solve asked of
/// the kept table (keep or forget it) and what the browser gave for it.
fn solve(variant: &str, moves: &[u8], endgame: Option<u8>, table_bits: Option<u8>, keeping: (Option<bool>, Keeping<'_>), clock: &dyn Fn() -> f64) -> Reply {
    use crate::ai::endgame::Endgame;
    let error = |message: String| Reply::Error { message };
    let SolvePlan { game, rules, bits, table_seeds } = match SolvePlan::of(variant, moves, endgame, table_bits) {
        Ok(plan) => plan,
        Err(e) => return error(e),
    };
    let start = clock();
    let mut solver = match crate::ai::Solver::try_new(rules, bits) {
        Ok(solver) => solver,
        Err(e) => return error(format!("a transposition table of 2^{bits} entries: {e}")),
    };
    let (mut kept, mut file) = match keeping {
        (_, Keeping::None) => (None, None),
        (_, Keeping::File(file)) => (None, Some(file)),
        (_, Keeping::Forgotten(true)) => (Some("forgotten by this browser".to_string()), None),
        (_, Keeping::Forgotten(false)) => (Some("not kept in this browser: nothing to forget".to_string()), None),
        (Some(false), Keeping::Unavailable(why)) => (Some(format!("not forgotten: {why}")), None),
        (_, Keeping::Unavailable(why)) => (Some(format!("not kept: {why}")), None),
    };
    if table_seeds > 0 {
        // A table kept by an earlier solve, whole and of this game, is read back; one that cannot
        // be (damaged, cut short, of other rules) is made again and replaces it.
        match file.as_mut().map(|f| read_back(&mut **f, rules, table_seeds)) {
            Some(Ok(table)) => {
                solver.set_endgame_table(table);
                kept = Some("read back from this browser".to_string());
            }
            back => {
                match Endgame::try_new(rules, table_seeds) {
                    Ok(table) => solver.set_endgame_table(table),
                    Err(e) => return error(format!("an endgame table of {table_seeds} seeds: {e}")),
                }
                solver.fill_endgame();
                if let (Some(f), Some(table), Some(Err(refused))) = (file.as_mut(), solver.endgame(), back) {
                    kept = Some(match (keep_table(&mut **f, table), refused) {
                        (Err(e), _) => format!("not kept: this browser could not write it ({e})"),
                        (Ok(()), None) => "made and kept in this browser".to_string(),
                        (Ok(()), Some(why)) => format!("made again and kept in this browser (the one kept was refused: {why})"),
                    });
                }
            }
        }
    }
    // Given up now, before the search: another page of the game may open it.
    drop(file);
    let table_ms = clock() - start;
    let table = solver.endgame().map_or(0, |t| t.max() as u8);
    match solver.solve(game.position()) {
        Ok(s) => Reply::Solved { value: s.value, best: s.best, nodes: s.nodes, endgame: table, table_ms, ms: clock() - start, kept },
        Err(e) => error(format!("the solve stopped: {e:?}")),
    }
}

/// The table of `seeds` seeds kept in `f`, if it is whole and of this game; else why not (`None`
/// for an empty file: nothing was kept). The file's size and its header's seeds are looked at
/// first: a header damaged to say more seeds would have the table's room taken (gigabytes, which
/// WebAssembly never gives back) before the file's end showed.
fn read_back(mut f: &mut dyn KeptFile, rules: crate::ai::Rules, seeds: usize) -> Result<crate::ai::endgame::Endgame, Option<String>> {
    let size = 24 + crate::ai::endgame::Endgame::size(rules.m, seeds);
    match f.seek(std::io::SeekFrom::End(0)).map_err(|e| Some(e.to_string()))? {
        0 => Err(None),
        n if n != size => Err(Some(format!("{n} bytes, not {size}"))),
        _ => {
            f.seek(std::io::SeekFrom::Start(0)).map_err(|e| Some(e.to_string()))?;
            crate::ai::endgame::Endgame::read_from_of(rules, seeds, &mut f).map_err(|e| Some(e.to_string()))
        }
    }
}

/// A kept file's writes, checked: a browser out of room was seen to answer a write with a count
/// of bytes bigger than it was given (Chromium, the count -8 read as a large number), which
/// taken as it came made the writer behind it stop the worker.
struct Checked<'f>(&'f mut dyn KeptFile);

impl std::io::Write for Checked<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.write(buf)? {
            0 if !buf.is_empty() => Err(std::io::Error::new(std::io::ErrorKind::WriteZero, "no room left")),
            n if n > buf.len() => Err(std::io::Error::other("no room left (the browser said it wrote more than it was given)")),
            n => Ok(n),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Writes a whole table to its kept file, in place of what the file held; a file left half written
/// (the browser full) is emptied, so that no later solve tries to read it back.
fn keep_table(f: &mut dyn KeptFile, table: &crate::ai::endgame::Endgame) -> std::io::Result<()> {
    let written = f.seek(std::io::SeekFrom::Start(0)).and_then(|_| f.set_len(0)).and_then(|()| {
        let mut out = std::io::BufWriter::with_capacity(1 << 20, Checked(&mut *f));
        table.write_to(&mut out)?;
        out.flush()
    });
    if written.is_err() {
        let _ = f.set_len(0);
    }
    written
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
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![], endgame: None, table_bits: None, keep: None });
        let Reply::Solved { value, best, endgame, .. } = reply else { panic!("{reply:?}") };
        assert_eq!((value, best, endgame), (6, vec![2], 8));
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![2], endgame: Some(0), table_bits: Some(18), keep: None });
        assert!(matches!(reply, Reply::Solved { value: 6, endgame: 0, .. }), "{reply:?}");
        for (variant, moves) in [("kauri", vec![]), ("kalah:4:3", vec![9]), ("chess", vec![])] {
            let reply = ask(&mut t, Task::Solve { variant: variant.into(), moves, endgame: None, table_bits: None, keep: None });
            assert!(matches!(reply, Reply::Error { .. }), "{variant}: {reply:?}");
        }
        let reply = ask(&mut t, Task::Solve { variant: "kalah:6:4".into(), moves: vec![], endgame: Some(30), table_bits: None, keep: None });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("too big")), "{reply:?}");
        // A table asked of more seeds than the game has (from a page's address, `&endgame=`):
        // one of the seeds left, not a panic (past 128 seeds) nor, where its size cannot be
        // counted, a table as big as memory allows.
        for asked in [3, 129, 200, 255] {
            let reply = ask(&mut t, Task::Solve { variant: "kalah:1:1".into(), moves: vec![], endgame: Some(asked), table_bits: None, keep: None });
            assert!(matches!(reply, Reply::Solved { endgame: 2, .. }), "{asked}: {reply:?}");
        }
        let reply = ask(&mut t, Task::Solve { variant: "kalah:8:8".into(), moves: vec![], endgame: Some(100), table_bits: None, keep: None });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("too big")), "{reply:?}");
        // A table size the worker does not take is said, not changed.
        let reply = ask(&mut t, Task::Solve { variant: "kalah:4:3".into(), moves: vec![], endgame: None, table_bits: Some(99), keep: None });
        assert!(matches!(&reply, Reply::Error { message } if message.contains("2^16 to 2^27")), "{reply:?}");
    }

    /// A kept file that takes only so many bytes, as a browser out of room: then it refuses
    /// (`boasts` false) or, as Chromium was seen to, says it wrote more than it was given.
    struct Cramped {
        file: std::io::Cursor<Vec<u8>>,
        room: usize,
        boasts: bool,
    }

    impl std::io::Read for Cramped {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.file.read(buf)
        }
    }

    impl std::io::Write for Cramped {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let room = self.room.saturating_sub(self.file.position() as usize);
            if room < buf.len() && self.boasts {
                self.file.write_all(&buf[..room])?;
                return Ok(4_294_967_288);
            }
            if room == 0 {
                return Err(std::io::Error::other("no room"));
            }
            self.file.write(&buf[..buf.len().min(room)])
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl std::io::Seek for Cramped {
        fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
            self.file.seek(to)
        }
    }

    impl KeptFile for Cramped {
        fn set_len(&mut self, len: u64) -> std::io::Result<()> {
            self.file.set_len(len)
        }
    }

    fn file(f: &mut std::io::Cursor<Vec<u8>>) -> Keeping<'_> {
        Keeping::File(Box::new(f))
    }

    #[test]
    fn a_kept_endgame_table_is_read_back_and_one_that_cannot_be_is_made_again() {
        let message = |keep, endgame| {
            let task = Task::Solve { variant: "kalah:4:3".into(), moves: vec![2], endgame: Some(endgame), table_bits: Some(18), keep };
            serde_json::to_string(&Request { id: 9, task }).unwrap()
        };
        let solved = |t: &mut Thinker, text: &str, keeping: Keeping<'_>| {
            let answer: Answer = serde_json::from_str(&t.handle_keeping(text, clock(), keeping)).unwrap();
            assert_eq!(answer.id, 9);
            match answer.reply {
                Reply::Solved { value, best, endgame, kept, .. } => (value, best, endgame, kept.unwrap_or_default()),
                other => panic!("{other:?}"),
            }
        };
        let keep = message(Some(true), 8);
        // The file is named by the game's rules and the table's seeds; only a solve asked to keep
        // or forget a table names one, and a table of no seeds is nothing to keep.
        let kept = kept_table(&keep).unwrap();
        assert!(kept.keep && kept.name.starts_with("endgame-4-e") && kept.name.ends_with("-8.table"), "{kept:?}");
        assert_ne!(kept_table(&message(Some(true), 7)).unwrap().name, kept.name);
        assert_eq!(kept_table(&message(Some(false), 8)), Some(KeptTable { name: kept.name.clone(), keep: false }));
        assert_eq!(kept_table(&message(None, 8)), None);
        assert_eq!(kept_table(&message(Some(true), 0)), None);
        assert_eq!(kept_table("{"), None);
        let six_seeds = serde_json::to_string(&Request {
            id: 1,
            task: Task::Solve { variant: "kalah:6:4".into(), moves: vec![], endgame: None, table_bits: None, keep: Some(true) },
        })
        .unwrap();
        assert!(kept_table(&six_seeds).unwrap().name.ends_with("-16.table"));

        let mut t = Thinker::new();
        let plain = solved(&mut t, &message(None, 8), Keeping::None);
        assert_eq!((plain.2, plain.3.as_str()), (8, ""));
        // Made and kept, then read back: the same answer, and the file as it was.
        let mut kept_file = std::io::Cursor::new(Vec::new());
        let made = solved(&mut t, &keep, file(&mut kept_file));
        assert_eq!(made.3, "made and kept in this browser");
        assert_eq!(made.0, plain.0);
        let boards = crate::ai::endgame::Endgame::size(4, 8) as usize;
        assert_eq!(kept_file.get_ref().len(), 24 + boards);
        let whole = kept_file.get_ref().clone();
        let back = solved(&mut t, &keep, file(&mut kept_file));
        assert_eq!(back.3, "read back from this browser");
        assert_eq!((&back.0, &back.1, back.2), (&plain.0, &plain.1, 8));
        assert_eq!(kept_file.get_ref(), &whole);
        // Damaged, cut short, longer, another table's, or a header that says far more seeds (whose
        // table would take gigabytes before its file's end showed): made again, kept whole in its
        // place, and said.
        let mut other = std::io::Cursor::new(Vec::new());
        solved(&mut t, &message(Some(true), 7), file(&mut other));
        let mut wrong = whole.clone();
        wrong[24 + boards / 2] ^= 0x11;
        let mut boasting = whole.clone();
        boasting[12] = 48;
        for (bytes, why) in [
            (wrong, "not an endgame table of this game: its contents were changed or damaged"),
            (whole[..whole.len() - 1].to_vec(), "12893 bytes, not 12894"),
            ([whole.clone(), vec![0]].concat(), "12895 bytes, not 12894"),
            (other.into_inner(), "bytes, not 12894"),
            (vec![1, 2, 3], "3 bytes, not 12894"),
            (boasting[..24].to_vec(), "24 bytes, not 12894"),
            ([boasting[..24].to_vec(), vec![0; boards]].concat(), "not an endgame table of this game: it holds boards of up to 48 seeds, not 8"),
        ] {
            let mut damaged = std::io::Cursor::new(bytes);
            let again = solved(&mut t, &keep, file(&mut damaged));
            assert!(again.3.starts_with("made again and kept in this browser (the one kept was refused: ") && again.3.contains(why), "{}", again.3);
            assert_eq!(again.0, plain.0);
            assert_eq!(damaged.get_ref(), &whole);
        }
        // A browser out of room, refusing or saying it wrote more than it was given: the solve
        // goes on, says so, and leaves no half a table.
        for boasts in [false, true] {
            let mut cramped = Cramped { file: std::io::Cursor::new(Vec::new()), room: boards / 2, boasts };
            let full = solved(&mut t, &keep, Keeping::File(Box::new(&mut cramped)));
            assert!(full.3.starts_with("not kept: this browser could not write it (no room"), "{}", full.3);
            assert_eq!(full.0, plain.0);
            assert!(cramped.file.get_ref().is_empty());
        }
        // Forgotten (or nothing to forget), or a file that could not be had: said, and solved as
        // ever.
        let forget = message(Some(false), 8);
        for (keeping, said) in [
            (Keeping::Forgotten(true), "forgotten by this browser"),
            (Keeping::Forgotten(false), "not kept in this browser: nothing to forget"),
            (Keeping::Unavailable("another page of the game is using it".into()), "not forgotten: another page of the game is using it"),
        ] {
            let answer = solved(&mut t, &forget, keeping);
            assert_eq!((answer.0, answer.3.as_str()), (plain.0, said));
        }
        let none = solved(&mut t, &keep, Keeping::Unavailable("this browser keeps no files (no private files)".into()));
        assert_eq!((none.0, none.3.as_str()), (plain.0, "not kept: this browser keeps no files (no private files)"));
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
        let task = solve_task("kalah:6:4".into(), Some("3, 1"), Some("16"), Some("22"), Some("1")).unwrap();
        assert_eq!(task, Task::Solve { variant: "kalah:6:4".into(), moves: vec![3, 1], endgame: Some(16), table_bits: Some(22), keep: Some(true) });
        let task = solve_task("kalah:6:4".into(), None, None, None, None).unwrap();
        assert_eq!(task, Task::Solve { variant: "kalah:6:4".into(), moves: vec![], endgame: None, table_bits: None, keep: None });
        assert_eq!(solve_task("kalah:6:4".into(), Some(""), None, None, None).unwrap(), task);
        let forget = solve_task("kalah:6:4".into(), None, None, None, Some("0")).unwrap();
        assert!(matches!(forget, Task::Solve { keep: Some(false), .. }), "{forget:?}");
        let why = solve_task("kalah:6:4".into(), None, None, None, Some("yes")).unwrap_err();
        assert!(why.starts_with("keep=\"yes\""), "{why}");
        for (moves, endgame, bits, said) in [
            (Some("3,x,1"), None, None, "moves=\"x\""),
            (Some("3,,1"), None, None, "moves=\"\""),
            (Some("300"), None, None, "moves=\"300\""),
            (Some("-1"), None, None, "moves=\"-1\""),
            (None, Some("abc"), None, "endgame=\"abc\""),
            (None, None, Some("300"), "bits=\"300\""),
        ] {
            let why = solve_task("kalah:6:4".into(), moves, endgame, bits, None).unwrap_err();
            assert!(why.starts_with(said), "{why}");
        }
    }
}
