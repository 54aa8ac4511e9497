//! The hash of a state computed from scratch (make updates it
//! incrementally; tests compare the two).

use crate::engine::core::Bits;
use crate::engine::core::State;
use crate::engine::tables::Compiled;

/// The Zobrist hash of `s`: men (kind, owner, facing), side to move,
/// has-moved flags that matter (initial moves, castling rights), raw
/// en-passant records, hands, pools, hashed rule variables and the decks'
/// public multisets.
pub(crate) fn compute<B: Bits>(t: &Compiled<B>, s: &State<B>) -> u64 {
    let b = &t.base;
    let l = &b.layout;
    let mut h = l.zob.turn[s.turn as usize];
    for sq in s.walls {
        h ^= l.zob.wall(sq);
    }
    for sq in s.occ & !s.walls {
        let man = s.at(sq);
        h ^= l.zob.man(sq, man);
        if s.unmoved.contains(sq) && l.initial_kinds.contains(man.kind()) {
            h ^= l.zob.unmoved[sq.index()];
        }
    }
    h ^= s.castle_key;
    for r in s.ep.iter().flatten() {
        h ^= l.zob.ep[r.victim.index()];
    }
    for p in 0..b.nplayers {
        for k in 0..b.nkinds {
            h ^= l.zob.hand(p, k, s.hands[p][k] as u32);
            h ^= l.zob.pool(p, k, s.pools[p][k] as u32);
            h ^= l.zob.prison(p, k, s.prisons[p][k] as u32);
        }
    }
    h ^= s.vars_hash(l);
    if let Some(d) = &t.rules.deck {
        h ^= d.hash(s);
    }
    h
}
