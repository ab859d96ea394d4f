//! The computer player: search and evaluation on top of the engine, with no web crate, so that it
//! builds and is tested natively and runs unchanged in the browser's worker.
//!
//! | file | what |
//! | --- | --- |
//! | `eval.rs` | the moves searched (a chosen subset of Banana-Cala's fruit orders), values, bounds |
//! | `houses.rs` | the Kalah board as the solver sees it: sowing on two words, the number of a board |
//! | `table.rs` | the search's transposition table (the solver keeps its own, in `solver.rs`) |
//! | `search.rs` | iterative-deepening alpha-beta for every game |
//! | `solver.rs` | the exact solver of the Kalah family |
//! | `endgame.rs` | its endgame table: computed all at once or as asked, kept in a file |
//! | `level.rs` | the five levels, the computer player, hints |
//! | `matches.rs` | level against level |
//! | `review.rs` | looking back at a game: the turn that gave away the most, and the better move |
//! | `memory.rs` | big tables, in big memory pages where the system has them |
//! | `bench.rs` | the fixed benchmark |

pub mod bench;
pub mod endgame;
pub mod eval;
pub mod houses;
pub mod level;
pub mod matches;
mod memory;
pub mod review;
pub mod search;
pub mod solver;
pub mod table;

pub use level::{effort, effort_in, reason, Choice, Computer, Effort, Reason, Rng, LEVELS};
pub use matches::{play_match, play_match_with, play_players, Player, Tally};
pub use search::{Found, Limits, Searcher};
pub use solver::{Houses, Probe, Rules, Solution, Solver, Stopped};
