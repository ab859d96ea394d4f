//! Matches between levels: many games from varied short random openings, each opening played twice
//! so that each level starts once from it.

use super::level::{effort_in, Computer, Effort, Rng};
use crate::{Game, Move, Position, Side, Variant};

/// The result of a match, from the first level's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games the first level won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first level lost.
    pub losses: u32,
}

impl Tally {
    /// The first level's share of the points, draws counting half, from 0 to 1.
    #[must_use]
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games)
    }
}

/// Random moves played at the start of each opening (the same for both games of a pair).
pub const OPENING_PLIES: usize = 2;
/// A game still going after this many moves is counted as a draw (the rules end every game long
/// before: this only guards the match itself).
const MAX_MOVES: usize = 2000;

/// Plays `games` games between `level_a` and `level_b`, the first level South (starting) in even
/// games and North in odd ones; openings follow `seed`.
#[must_use]
pub fn play_match(variant: Variant, level_a: u8, level_b: u8, games: u32, seed: u64) -> Tally {
    play_match_with(variant, effort_in(variant, level_a), effort_in(variant, level_b), games, seed)
}

/// [`play_match`] with any two efforts.
#[must_use]
pub fn play_match_with(variant: Variant, level_a: Effort, level_b: Effort, games: u32, seed: u64) -> Tally {
    play_players(variant, Player::Computer(level_a), Player::Computer(level_b), games, seed)
}

/// Who plays one side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The computer, at a search effort.
    Computer(Effort),
    /// A young child who plays any move at random.
    Random,
    /// A young child who knows what the rules panel teaches: an extra move when there is one, else
    /// the biggest catch, else any move at random. (Not always better than [`Player::Random`]: in
    /// Kid-Cala beginner and Kauri it loses to random play more often than not.)
    Child,
}

impl Player {
    /// The move this player makes.
    fn choose(self, pos: &Position, computer: &mut Computer, rng: &mut Rng) -> Option<Move> {
        match self {
            Player::Computer(effort) => computer.choose_with(pos, effort).map(|c| c.mv),
            Player::Random => any_of(&super::eval::moves(pos), rng),
            Player::Child => {
                let me = pos.to_move();
                // How good a move looks at a glance: an extra move above everything, else what it catches.
                let looks = |m: Move| {
                    pos.play(m).map_or(0, |(_, sowing)| {
                        if sowing.extra_move() {
                            u32::MAX
                        } else {
                            sowing.caught_by(me)
                        }
                    })
                };
                let looked: Vec<(Move, u32)> = super::eval::moves(pos).iter().map(|&m| (m, looks(m))).collect();
                let best = looked.iter().map(|&(_, l)| l).max().unwrap_or(0);
                let good: Vec<Move> = looked.iter().filter(|&&(_, l)| l == best).map(|&(m, _)| m).collect();
                any_of(&good, rng)
            }
        }
    }
}

/// One of `moves` at random, if there is any.
fn any_of(moves: &[Move], rng: &mut Rng) -> Option<Move> {
    (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u64) as usize])
}

/// Plays `games` games between two players, `a` South (starting) in even games and North in odd
/// ones, from short random openings that follow `seed`; the tally is `a`'s.
#[must_use]
pub fn play_players(variant: Variant, player_a: Player, player_b: Player, games: u32, seed: u64) -> Tally {
    let mut tally = Tally::default();
    for g in 0..games {
        let pair = u64::from(g / 2);
        let mut game = opening(variant, seed ^ pair.wrapping_mul(0x2545_f491_4f6c_dd1d));
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let mut a = Computer::new(seed.wrapping_add(u64::from(g)), 16);
        let mut b = Computer::new(seed.wrapping_add(u64::from(g)) ^ 0xabcd, 16);
        let mut rng = Rng::new(seed.wrapping_add(u64::from(g)) ^ 0x5eed);
        let mut moves = 0;
        while game.outcome().is_none() && moves < MAX_MOVES {
            let pos = *game.position();
            let (computer, player) = if pos.to_move() == a_side { (&mut a, player_a) } else { (&mut b, player_b) };
            let Some(m) = player.choose(&pos, computer, &mut rng) else { break };
            if game.play(m).is_err() {
                break;
            }
            moves += 1;
        }
        match game.outcome().and_then(|o| o.winner) {
            Some(w) if w == a_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
    }
    tally
}

/// A game after a few random moves (an opening that is not already over).
fn opening(variant: Variant, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    for _ in 0..100 {
        let mut game = Game::new(variant);
        for _ in 0..OPENING_PLIES {
            let moves = super::eval::moves(game.position());
            if moves.is_empty() {
                break;
            }
            let m: Move = moves[rng.below(moves.len() as u64) as usize];
            if game.play(m).is_err() {
                break;
            }
        }
        if game.outcome().is_none() {
            return game;
        }
    }
    Game::new(variant)
}
