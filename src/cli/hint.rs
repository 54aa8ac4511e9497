//! `play`'s `hint [LEVEL]`: what the built-in AI would play for the side
//! to act, with its score and the line it expects, as the terminal says it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use varia::play::ai::{DEFAULT_LEVEL, MAX_LEVEL};
use varia::play::hint::{hint, NoHint};
use varia::play::session::Session;
use varia::search::game::Game as _;
use varia::search::Score;

/// The answer to `hint ARGS` in `s`; `seed` makes the same question give
/// the same answer (ties and hidden things are sampled from it).
pub fn hint_text(s: &Session, args: &str, seed: u64) -> String {
    let level = match args.trim() {
        "" => DEFAULT_LEVEL,
        a => match a.parse::<u8>() {
            Ok(n @ 1..=MAX_LEVEL) => n,
            _ => {
                return format!(
                    "Say a level from 1 to {MAX_LEVEL}: hint, or hint 3 (default {DEFAULT_LEVEL})."
                )
            }
        },
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let h = match hint(s, level, &mut rng) {
        Ok(h) => h,
        Err(NoHint::Fog) => {
            return "Under fog of war there is no hint: the AI would read men you cannot see."
                .into()
        }
        Err(NoHint::NoAction) => return "There is no legal action to suggest.".into(),
    };
    let me = s
        .variant()
        .players
        .get(s.to_move())
        .map_or_else(|| "the side to act".to_string(), |p| p.name.clone());
    let score = match h.score {
        Score::Cp(v) => format!("{} for {me}", varia::search::pawns(v)),
        Score::Mate(n) if n > 0 => format!("{me} mates in {n}"),
        Score::Mate(n) => format!("{me} is mated in {}", -n),
    };
    // Paranoid search: with more than two sides (teams), the value
    // weighs the side to act against all the others together.
    let against_all = s.variant().teams.len() > 2;
    let score = if against_all {
        format!("{score}, counting all the others as one side")
    } else {
        score
    };
    let mut out = format!(
        "Hint (AI level {level}, depth {}): {}, {score}.",
        h.depth, h.action
    );
    if h.line.len() > 1 {
        out.push_str(&format!("\n  expected line: {}", h.line.join(" ")));
    }
    out
}
