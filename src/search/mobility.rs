//! A man's mobility on the empty board, from its kind's atoms: what the
//! evaluation derives piece values and piece-square terms from, and the
//! structure terms' test of an undeveloped man.

use crate::engine::{Square, Tables};
use crate::ir::{Dir, Mode, Path, PieceId};

/// How many squares a man of `kind` facing `f` reaches from `sq` on the
/// empty board: (by leaps, by ride steps). Move-only and capture-only
/// atoms count half; initial-only atoms not at all.
pub(super) fn mobility(t: &Tables, kind: PieceId, f: Dir, sq: Square) -> (f64, f64) {
    let geo = t.geometry();
    let p = &t.variant().pieces[kind as usize];
    let mut seen = vec![0u8; geo.len()];
    let (mut leap, mut ride) = (0.0, 0.0);
    for a in &p.moves {
        if a.initial() {
            continue;
        }
        let w = if a.mode == Mode::Both { 1.0 } else { 0.5 };
        for &(dx, dy) in &a.vectors {
            let v = f.rotate((dx as i32, dy as i32));
            let range = if a.range == 0 { 64 } else { a.range as i32 };
            let mut at = sq;
            for step in 0..range {
                let Some(n) = geo.offset(at, v) else { break };
                at = n;
                if matches!(a.path, Path::Hop | Path::Grasshop) && step == 0 {
                    continue;
                }
                if seen[n.index()] < 2 {
                    seen[n.index()] += 1;
                    if a.range == 1 {
                        leap += w;
                    } else {
                        ride += w;
                    }
                }
            }
        }
    }
    (leap, ride)
}
