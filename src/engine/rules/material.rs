//! `dead material` patterns and the ending `insufficient material`: two
//! sides' material that cannot lead to mate.

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::State;
use crate::ir::{MaterialTerm, Variant, MAX_PIECES};

/// Whether the material matches one of the variant's dead-material
/// patterns (two players only; any man in a hand or a deck keeps the game
/// alive).
pub fn dead<B: Bits>(t: &Base<B>, s: &State<B>) -> bool {
    let v: &Variant = &t.variant;
    if v.dead_material.is_empty() || t.nplayers != 2 {
        return false;
    }
    if (0..2).any(|p| s.hands[p][..t.nkinds].iter().any(|&n| n > 0)) {
        return false;
    }
    if s.decks.iter().any(|d| !d.remaining().is_empty()) {
        return false;
    }
    let mut counts = [[0u32; MAX_PIECES]; 2];
    for sq in s.occ {
        let m = s.at(sq);
        counts[m.owner() as usize][m.kind() as usize] += 1;
    }
    let side_matches = |terms: &[MaterialTerm], p: usize| {
        (0..t.nkinds).all(|k| {
            let exact = terms
                .iter()
                .filter(|x| x.piece as usize == k && !x.any)
                .count() as u32;
            let any = terms.iter().any(|x| x.piece as usize == k && x.any);
            let c = counts[p][k];
            if any {
                c >= exact
            } else {
                c == exact
            }
        })
    };
    v.dead_material.iter().any(|pat| {
        let fits = (side_matches(&pat.sides[0], 0) && side_matches(&pat.sides[1], 1))
            || (side_matches(&pat.sides[0], 1) && side_matches(&pat.sides[1], 0));
        if !fits {
            return false;
        }
        if !pat.same_colour {
            return true;
        }
        let mut kinds = 0u32;
        for side in &pat.sides {
            for term in side.iter().filter(|x| x.any) {
                kinds |= 1 << term.piece;
            }
        }
        let dark = t.dark;
        let mut colours = (false, false);
        for sq in s.occ {
            if kinds & (1 << s.at(sq).kind()) != 0 {
                if dark.contains(sq) {
                    colours.0 = true;
                } else {
                    colours.1 = true;
                }
            }
        }
        !(colours.0 && colours.1)
    })
}
