//! `Position::attack_map`: every man's attack set in one pass, as the
//! evaluation's dynamic terms read it, equals `Position::attacks_from` of
//! each man, on boards of every kind (8x8, drops, 9x9 shogi, xiangqi's
//! palace and river, a hexagonal board, a board that wraps, hoppers); and
//! the evaluation's other one-pass scans (`Position::men_into`,
//! `Position::hand_counts`) equal the per-man and per-kind queries.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use varia::engine::{AttackMap, Bits, Bitset, Position};
use varia::play::session::Session;
use varia::search::game::Game as _;

/// Compare the map of `pos` (filled into `map`, which may hold an earlier
/// position's) with `attacks_from` per man and the per-player unions.
fn check(pos: &Position, map: &mut AttackMap, what: &str) {
    pos.attack_map(map);
    let men: Vec<_> = pos.men().collect();
    // The men in one pass, into a list that held another position's.
    let mut list = vec![(varia::engine::Square::default(), varia::engine::Man::EMPTY); 3];
    pos.men_into(&mut list);
    assert_eq!(list, men, "{what}: men_into is men");
    let nk = pos.tables().variant().pieces.len();
    for p in 0..pos.tables().variant().players.len() as u8 {
        let h = pos.hand_counts(p);
        assert!(h.len() >= nk, "{what}: a count per kind");
        for (k, &n) in h.iter().enumerate().take(nk) {
            assert_eq!(
                u32::from(n),
                pos.hand(p, k as u8),
                "{what}: hand {p} kind {k}"
            );
        }
    }
    assert_eq!(map.men().len(), men.len(), "{what}: one entry per man");
    let mut union = [Bitset::EMPTY; 8];
    for (e, &(sq, m)) in map.men().iter().zip(&men) {
        assert_eq!((e.sq, e.man), (sq, m), "{what}: the men in square order");
        let want = pos.attacks_from(sq);
        assert_eq!(e.attacks, want, "{what}: attacks of the man on {sq:?}");
        union[m.owner() as usize] |= want;
    }
    for (p, u) in union.iter().enumerate() {
        assert_eq!(map.of_player(p as u8), *u, "{what}: player {p}'s attacks");
    }
}

#[test]
fn the_attack_map_equals_attacks_from_per_man() {
    // One map for every variant and position: a refilled map keeps nothing
    // of the last position (fewer men, another board).
    let mut map = AttackMap::new();
    let mut checked = 0;
    for name in [
        "chess",
        "crazyhouse",
        "shogi",
        "xiangqi",
        "glinski",
        "cylinder",
        "grasshopper",
        "janggi",
        "atomic",
    ] {
        let v = varia::load::builtin(name, &[]).unwrap();
        for seed in 0..3u64 {
            let mut s = Session::new(&v, None, seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for ply in 0..100 {
                check(
                    s.position(),
                    &mut map,
                    &format!("{name} seed {seed} ply {ply}"),
                );
                checked += 1;
                if s.result().is_some() {
                    break;
                }
                let legal = s.legal();
                if legal.is_empty() {
                    break;
                }
                s.play(legal[rng.gen_range(0..legal.len())]);
            }
        }
    }
    assert!(checked > 1500, "{checked} positions checked");
}

#[test]
fn a_map_of_two_kings() {
    let v = varia::load::builtin("chess", &[]).unwrap();
    let s = Session::new(&v, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 1).unwrap();
    let mut map = AttackMap::new();
    check(s.position(), &mut map, "two kings");
    assert_eq!(map.men().len(), 2);
    // The king on e1 attacks its five neighbours.
    assert_eq!(map.men()[0].attacks.count(), 5);
}
