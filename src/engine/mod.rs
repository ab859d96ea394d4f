//! The rules of every game: pure Rust, no web crate, built natively and for WebAssembly.
//!
//! One file per domain type, re-exported flat:
//!
//! | file | what |
//! | --- | --- |
//! | `side.rs` | [`Side`] (South, North) and [`BySide`], one value per player |
//! | `piece.rs` | [`Piece`] kinds, a [`Pile`] of them, a [`FruitOrder`] |
//! | `variant.rs` | [`Variant`]: which game, its options, its text form |
//! | `hole.rs` | [`Hole`]: houses and stores, their order around the board |
//! | `moves.rs` | [`Move`] and its text form |
//! | `position.rs` | [`Position`]: legal moves and the rules for playing one; [`Setup`], unchecked parts |
//! | `sowing.rs` | the trace of a move: [`Sowing`], made of [`Event`]s |
//! | `outcome.rs` | [`Outcome`]: winner, score, [`EndReason`] |
//! | `game.rs` | [`Game`]: the record with undo, redo, the third-occurrence rule and saving |
//! | `perft.rs` | [`perft`]: counting move sequences |
//! | `error.rs` | [`IllegalMove`] and [`PositionError`] |

mod error;
mod game;
mod hole;
mod moves;
mod outcome;
mod perft;
mod piece;
mod position;
mod side;
mod sowing;
mod variant;

pub use error::{IllegalMove, PositionError};
pub use game::{Game, LoadError, SavedGame, FORMAT_VERSION};
pub use hole::Hole;
pub use moves::{parse_house as parse_house_number, Move, ParseMoveError};
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use piece::{FruitOrder, OrderError, ParsePileError, Piece, Pile, MAX_ORDER};
pub use position::{Position, Setup, SideSetup, Source, SourceList, MAX_HOLES, MAX_STORE_MOVE};
pub use side::{BySide, Side};
pub use sowing::{Event, Place, Sowing};
pub use variant::{KalahRules, ParseVariantError, Variant, MAX_HOUSES, MAX_SEEDS, VARIANT_FORMS};
