//! `Promotion<B>`: a man of a promoting kind that reaches its zone becomes one
//! of its choices (one move per choice). With `from pool`, each choice is
//! taken from the owner's pool and used up; a man that finds no choice
//! left stays as it is.

use crate::engine::compile::{Base, CompileError};
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::{Dir, PieceId, PlayerId, Zone, MAX_PIECES};

#[derive(Clone, Debug)]
struct Info {
    /// Per player: the kinds its men may become.
    choices: Vec<Vec<PieceId>>,
    from_pool: bool,
}

/// `promotion limit PIECE N`: a choice open while its owner has fewer than
/// `n` men of the kind (its patterns `pids`) on the board.
#[derive(Clone, Debug)]
struct Limit {
    kind: PieceId,
    n: u32,
    pids: Vec<u8>,
}

/// The promotion rules of a variant.
#[derive(Clone, Debug)]
pub struct Promotion<B: Bits> {
    per_kind: Vec<Option<Info>>,
    /// Kinds that promote (bit mask).
    kinds: u32,
    /// `(kind * 4 + owner) * 4 + facing`: the zone.
    zones: Vec<B>,
    limits: Vec<Limit>,
}

impl<B: Bits> Promotion<B> {
    pub fn new(t: &Base<B>) -> Result<Promotion<B>, CompileError> {
        let v = &t.variant;
        let nkinds = t.nkinds;
        let mut per_kind = vec![None; nkinds];
        let mut zones = vec![B::EMPTY; nkinds * 16];
        let mut kinds = 0u32;
        for (k, piece) in v.pieces.iter().enumerate() {
            let Some(pr) = &piece.promotion else { continue };
            if pr
                .choices
                .iter()
                .chain(pr.by_player.iter().flatten())
                .any(|&c| c as usize >= nkinds)
            {
                return Err(CompileError::Piece {
                    piece: piece.name.clone(),
                    message: "a promotion choice is not a piece".into(),
                });
            }
            if pr.by_player.len() > t.nplayers {
                return Err(CompileError::Piece {
                    piece: piece.name.clone(),
                    message: "promotion choices for more players than the variant has".into(),
                });
            }
            per_kind[k] = Some(Info {
                choices: (0..t.nplayers)
                    .map(|p| pr.choices_of(p as PlayerId).to_vec())
                    .collect(),
                from_pool: pr.from_pool,
            });
            kinds |= 1 << k;
            for owner in 0..t.nplayers {
                for f in Dir::ALL {
                    let z = match pr.zone {
                        Zone::FarEdge => far_edge(t, f),
                        Zone::Region(r) => {
                            if r as usize >= t.regions.len() {
                                return Err(CompileError::Piece {
                                    piece: piece.name.clone(),
                                    message: format!("promotion region {r} does not exist"),
                                });
                            }
                            t.region(r, owner as PlayerId)
                        }
                    };
                    zones[(k * 4 + owner) * 4 + f.index()] = z;
                }
            }
        }
        let limits = v
            .turn
            .promotion_limits
            .iter()
            .filter(|&&(k, _)| (k as usize) < nkinds)
            .map(|&(kind, n)| Limit {
                kind,
                n,
                pids: t.atoms.kind_pids[kind as usize].clone(),
            })
            .collect();
        Ok(Promotion {
            per_kind,
            kinds,
            zones,
            limits,
        })
    }

    /// Whether men of this kind can promote at all.
    #[inline]
    pub fn promotes(&self, kind: PieceId) -> bool {
        self.kinds & (1 << kind) != 0
    }

    /// The promotion zone of a man.
    #[inline]
    pub fn zone(&self, man: Man) -> B {
        self.zones[(man.kind() as usize * 4 + man.owner() as usize) * 4 + man.facing().index()]
    }

    /// Whether a move of `man` to `to` promotes (when a choice is left).
    #[inline]
    pub fn applies(&self, man: Man, to: Square) -> bool {
        self.promotes(man.kind()) && self.zone(man).contains(to)
    }

    /// Whether some kind promotes from a pool.
    pub fn uses_pools(&self) -> bool {
        self.per_kind.iter().flatten().any(|p| p.from_pool)
    }

    /// The choices open to `man` now, into `out`; returns how many.
    #[inline]
    pub fn choices(&self, s: &State<B>, man: Man, out: &mut [PieceId; MAX_PIECES]) -> usize {
        let Some(pr) = &self.per_kind[man.kind() as usize] else {
            return 0;
        };
        let mut n = 0;
        for &c in &pr.choices[man.owner() as usize] {
            if (!pr.from_pool || s.pools[man.owner() as usize][c as usize] > 0)
                && (self.limits.is_empty() || self.below_limit(s, man.owner(), c))
            {
                out[n] = c;
                n += 1;
            }
        }
        n
    }

    /// Whether `owner` may still promote to `kind` under `promotion limit`.
    fn below_limit(&self, s: &State<B>, owner: PlayerId, kind: PieceId) -> bool {
        self.limits.iter().all(|l| {
            l.kind != kind || (s.pids_bb(&l.pids) & s.by_player[owner as usize]).count() < l.n
        })
    }

    /// Whether some promotion choice is a royal kind.
    pub fn makes_royal(&self, t: &Base<B>) -> bool {
        self.per_kind
            .iter()
            .flatten()
            .flat_map(|i| i.choices.iter().flatten())
            .any(|&c| t.is_royal(c))
    }

    /// Make: `man` becomes `to_kind`; a pool choice is used up.
    #[inline]
    pub fn apply(&self, t: &Base<B>, s: &mut State<B>, man: Man, to_kind: PieceId) -> Man {
        if let Some(pr) = &self.per_kind[man.kind() as usize] {
            if pr.from_pool {
                s.add_pool(&t.layout, man.owner(), to_kind, -1);
            }
        }
        man.with_kind(to_kind)
    }
}

/// The last real square of each column (row) in a facing's forward
/// direction: only holes or the edge lie beyond.
fn far_edge<B: Bits>(t: &Base<B>, f: Dir) -> B {
    let geo = &t.geo;
    let fv = f.rotate((0, 1));
    geo.squares()
        .filter(|&s| {
            let (mut x, mut y) = geo.coords(s);
            loop {
                x += fv.0;
                y += fv.1;
                match geo.grid_square(x, y) {
                    None => return true,
                    Some(n) if geo.is_real(n) => return false,
                    Some(_) => {}
                }
            }
        })
        .collect()
}
