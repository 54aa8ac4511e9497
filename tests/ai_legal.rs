//! The AI and the random player choose only legal actions, in every shipped
//! variant, including those with hidden decks (where the AI searches a
//! re-sampled copy and must still play the real card).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use varia::ai::{self, Player};
use varia::game::Game as _;
use varia::session::Session;

#[test]
fn chosen_actions_are_always_legal() {
    for name in varia::check::builtin_names() {
        let v = varia::load::builtin(name, &[]).unwrap();
        for seed in 0..3u64 {
            let mut s = Session::new(&v, None, seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for ply in 0..120 {
                if s.result().is_some() {
                    break;
                }
                let legal = s.legal();
                let who = if ply % 2 == 0 {
                    Player::Ai(1)
                } else {
                    Player::Random
                };
                let Some(a) = ai::choose(&s, who, &mut rng) else {
                    break;
                };
                assert!(
                    legal.contains(&a),
                    "{name} seed {seed} ply {ply}: {who} chose {a:?}, not among the legal actions"
                );
                s.play(a);
            }
        }
    }
}
