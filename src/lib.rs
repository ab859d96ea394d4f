//! Mancala games for children: Kalah, Kid-Cala (beginner and classic), Banana-Cala and Kauri.
//!
//! # Module map
//!
//! | module | what lives there | web crates |
//! | --- | --- | --- |
//! | [`engine`] | the rules of all five games: positions, moves, sowing traces, game records, perft | none |
//! | [`cli`] | the `mancala` command-line front end (`src/bin/mancala.rs` only calls it) | none |
//! | [`demo`] | the moves of each game shown for a child to watch from the rules panel, step by step | none |
//!
//! The engine's types are re-exported here, so `mancala::Position` is `mancala::engine::Position`.
//! The rules the engine follows are explained in `RULES.md` at the root of the project.
//!
//! ```
//! use mancala::{Game, Move, Variant};
//! let mut game = Game::new("kauri".parse::<Variant>().unwrap());
//! let sowing = game.play(Move::House(1)).unwrap();
//! assert_eq!(sowing.events.len(), 1 + 6); // picked up 5 seeds and a cowrie, dropped all six
//! ```

// No unsafe code, but for two hints to the machine that change no value, both in `ai::memory`: big
// memory pages for the solver's tables, and reading a part of a table ahead.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod cli;
pub mod engine;
pub mod demo;
pub mod show;
pub mod text;
pub mod worker;
#[cfg(target_arch = "wasm32")]
pub mod ui;

pub use engine::*;
