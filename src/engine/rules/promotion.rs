//! `Promotion<B>`: a man of a promoting kind that reaches its zone becomes one
//! of its choices (one move per choice). With `from pool`, each choice is
//! taken from the owner's pool and used up; a man that finds no choice
//! left stays as it is.
//!
//! Shogi-style zones: with `leaving`, a move that starts in the zone
//! promotes too; with `capturing`, only captures promote; with `entering`,
//! a move from inside the zone promotes only when it captures; with `optional`,
//! each promoting move also exists unpromoted, except onto squares from
//! which the unpromoted man would have no move on an empty board.

use crate::engine::compile::prison::{PrisonAttacks, PrisonMan};
use crate::engine::compile::{Base, CompileError};
use crate::engine::core::man::CODES_PER_KIND;
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::KindSet;
use crate::ir::{Dir, PieceId, PlayerId, Zone, MAX_PIECES, MAX_PLAYERS};

#[derive(Clone, Debug)]
struct Info {
    /// Per player: the kinds its men may become.
    choices: Vec<Vec<PieceId>>,
    from_pool: bool,
    /// `from prison`: each choice is the owner's own man held in the
    /// other player's prison; the promoting man takes its place there.
    from_prison: bool,
    /// Per kind: a choice only while its owner has fewer men of it on the
    /// board (0: no limit).
    limits: [u8; MAX_PIECES],
    /// Whether some choice has a limit.
    limited: bool,
    /// `optional`: the man may stay as it is, except on a dead square.
    optional: bool,
    leaving: bool,
    capturing: bool,
    /// `entering`: from inside the zone, only captures promote.
    entering: bool,
    /// `captures in place`: a capture leaves the man where it stands, so
    /// only moves to empty squares promote.
    quiet_only: bool,
}

/// The promotion rules of a variant.
#[derive(Clone, Debug)]
pub struct Promotion<B: Bits> {
    per_kind: Vec<Option<Info>>,
    /// Kinds that promote (bit mask).
    kinds: KindSet,
    /// By man code (the promoted mark counted, so every code of a man
    /// has the same zone): the zone.
    zones: Vec<B>,
    /// Every zone's squares together: a move that lands outside them does
    /// not promote, unless on `leaving` terms.
    any_zone: B,
    /// By pattern id and owner (`pid * MAX_PLAYERS + owner`): the squares
    /// a move of such a man may promote on (a superset).
    by_pattern: Vec<B>,
    /// The same index: squares from which the man has no move on an empty
    /// board (only for `optional` promotions).
    dead: Vec<B>,
    /// Per kind: its pattern ids (to count men of a kind).
    kind_pids: Vec<Vec<u8>>,
    /// Some kind promotes on `leaving` or `capturing` terms, or captures
    /// in place (its captures never promote).
    by_terms: bool,
}

impl<B: Bits> Promotion<B> {
    pub fn new(t: &Base<B>) -> Result<Promotion<B>, CompileError> {
        let v = &t.variant;
        let nkinds = t.nkinds;
        let mut per_kind = vec![None; nkinds];
        let mut zones = vec![B::EMPTY; nkinds * CODES_PER_KIND];
        let mut dead = vec![B::EMPTY; nkinds * 16];
        let mut kinds = KindSet::EMPTY;
        let mut by_terms = false;
        let mut by_pattern = vec![B::EMPTY; t.atoms.patterns.len() * MAX_PLAYERS];
        for (k, piece) in v.pieces.iter().enumerate() {
            let Some(pr) = &piece.promotion else { continue };
            if pr.as_action {
                // A promotion of its own (`promote_action`): no move
                // promotes.
                continue;
            }
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
            let mut limits = [0u8; MAX_PIECES];
            for &(c, n) in &pr.limits {
                if c as usize >= nkinds {
                    return Err(CompileError::Piece {
                        piece: piece.name.clone(),
                        message: "a promotion limit is not for a piece".into(),
                    });
                }
                limits[c as usize] = n.min(255) as u8;
            }
            per_kind[k] = Some(Info {
                choices: (0..t.nplayers)
                    .map(|p| pr.choices_of(p as PlayerId).to_vec())
                    .collect(),
                from_pool: pr.from_pool,
                from_prison: pr.from_prison,
                limits,
                limited: limits.iter().any(|&n| n > 0),
                optional: pr.optional,
                leaving: pr.leaving,
                capturing: pr.capturing,
                entering: pr.entering,
                quiet_only: piece.captures_in_place,
            });
            by_terms |= pr.leaving || pr.capturing || pr.entering || piece.captures_in_place;
            kinds.insert(k as PieceId);
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
                    let man = Man::new(k as PieceId, owner as PlayerId, f);
                    // (On `leaving` terms a man leaving its zone promotes
                    // wherever it goes.)
                    by_pattern[t.layout.pid(man) * MAX_PLAYERS + owner] |=
                        if pr.leaving { B::FULL } else { z };
                    zones[man.code()] = z;
                    zones[man.with_promoted(true).code()] = z;
                    if pr.optional {
                        dead[(k * 4 + owner) * 4 + f.index()] = dead_squares(t, k as PieceId, f);
                    }
                }
            }
        }
        let any_zone = zones.iter().fold(B::EMPTY, |acc, &z| acc | z);
        Ok(Promotion {
            per_kind,
            kinds,
            zones,
            any_zone,
            by_pattern,
            dead,
            kind_pids: t.atoms.kind_pids.clone(),
            by_terms,
        })
    }

    /// Whether men of this kind can promote at all.
    #[inline]
    pub fn promotes(&self, kind: PieceId) -> bool {
        self.kinds.contains(kind)
    }

    /// The squares a move of a man of pattern `pid` owned by `owner` may
    /// promote on: none when its kind does not promote, else its zone, or
    /// every square where leaving the zone counts (a superset: the moves
    /// to these squares are looked at one by one).
    #[inline]
    pub fn may_promote_on(&self, pid: usize, owner: PlayerId) -> B {
        self.by_pattern
            .get(pid * MAX_PLAYERS + owner as usize)
            .copied()
            .unwrap_or(B::EMPTY)
    }

    /// Whether `targets` surely miss every zone (tested on narrow sets
    /// only, where the test is cheaper than the zone lookup it saves).
    #[inline(always)]
    fn outside(&self, targets: B) -> bool {
        B::SQUARES <= 64 && !self.by_terms && (targets & self.any_zone).is_empty()
    }

    /// The promotion zone of a man.
    #[inline]
    pub fn zone(&self, man: Man) -> B {
        self.zones.get(man.code()).copied().unwrap_or(B::EMPTY)
    }

    /// Of the `targets` of a move of `man` from `from`, the squares where
    /// it promotes (or may, under `optional`).
    #[inline(always)]
    pub fn promo_squares(&self, s: &State<B>, from: Square, man: Man, targets: B) -> B {
        if !self.promotes(man.kind()) || self.outside(targets) {
            return B::EMPTY;
        }
        let zone = self.zone(man);
        if !self.by_terms {
            return targets & zone;
        }
        self.squares_by_terms(s, from, man, targets, zone)
    }

    /// [`Promotion::promo_squares`] where some kind promotes by its terms
    /// (on entering, leaving or only when capturing).
    #[inline(never)]
    fn squares_by_terms(&self, s: &State<B>, from: Square, man: Man, targets: B, zone: B) -> B {
        let Some(pr) = &self.per_kind[man.kind() as usize] else {
            return B::EMPTY;
        };
        let mut b = if pr.leaving && zone.contains(from) {
            targets
        } else {
            targets & zone
        };
        if pr.capturing || (pr.entering && zone.contains(from)) {
            b &= s.occ;
        }
        if pr.quiet_only {
            b &= !s.occ;
        }
        b
    }

    /// Whether a move of `man` from `from` to `to` promotes (when a choice
    /// is left).
    #[inline]
    pub fn applies(&self, s: &State<B>, man: Man, from: Option<Square>, to: Square) -> bool {
        if !self.promotes(man.kind()) {
            return false;
        }
        let zone = self.zone(man);
        match from {
            Some(f) if self.by_terms => self
                .squares_by_terms(s, f, man, B::from_square(to), zone)
                .any(),
            _ => zone.contains(to),
        }
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
        let owner = man.owner() as usize;
        let mut n = 0;
        for &c in &pr.choices[owner] {
            if pr.from_pool && s.pools[owner][c as usize] == 0 {
                continue;
            }
            if pr.from_prison && s.prisons[owner ^ 1][c as usize] == 0 {
                continue;
            }
            if pr.limited {
                let lim = pr.limits[c as usize] as u32;
                if lim > 0
                    && (s.pids_bb(&self.kind_pids[c as usize]) & s.by_player[owner]).count() >= lim
                {
                    continue;
                }
            }
            out[n] = c;
            n += 1;
        }
        n
    }

    /// Whether a move of `man` into its zone, to `to`, may leave it as it
    /// is, when `n` choices are open: with `optional`, unless `to` is a dead
    /// square for it; else only when no choice is open.
    #[inline]
    pub fn stays(&self, man: Man, to: Square, n: usize) -> bool {
        match &self.per_kind[man.kind() as usize] {
            Some(pr) if pr.optional => !self.dead_squares(man).contains(to),
            Some(pr) if pr.from_prison => false,
            _ => n == 0,
        }
    }

    /// The squares of `man`'s zone where it may stay as it is, when `n`
    /// choices are open (see [`Promotion::stays`]).
    #[inline]
    pub fn staying(&self, man: Man, zone: B, n: usize) -> B {
        match &self.per_kind[man.kind() as usize] {
            Some(pr) if pr.optional => zone & !self.dead_squares(man),
            Some(pr) if pr.from_prison => B::EMPTY,
            _ if n == 0 => zone,
            _ => B::EMPTY,
        }
    }

    /// The squares from which `man` has no move on an empty board (only
    /// for kinds with an `optional` promotion; empty otherwise).
    #[inline]
    fn dead_squares(&self, man: Man) -> B {
        self.dead[(man.kind() as usize * 4 + man.owner() as usize) * 4 + man.facing().index()]
    }

    /// Whether some promotion choice is a royal kind.
    pub fn makes_royal(&self, t: &Base<B>) -> bool {
        self.per_kind
            .iter()
            .flatten()
            .flat_map(|i| i.choices.iter().flatten())
            .any(|&c| t.is_royal(c))
    }

    /// Make: `man` becomes `to_kind`; a pool choice is used up; a choice
    /// from a prison leaves it, and the man of `man`'s kind takes its place.
    #[inline]
    pub fn apply(&self, t: &Base<B>, s: &mut State<B>, man: Man, to_kind: PieceId) -> Man {
        if let Some(pr) = &self.per_kind[man.kind() as usize] {
            if pr.from_pool {
                s.add_pool(&t.layout, man.owner(), to_kind, -1);
            }
            if pr.from_prison {
                let holder = man.owner() ^ 1;
                s.add_prison(&t.layout, holder, to_kind, -1);
                s.add_prison(&t.layout, holder, man.kind(), 1);
            }
        }
        man.with_kind(to_kind)
    }

    /// Whether a move of `man` to `to` is barred by a promotion `from
    /// prison` with no choice held (for explanations).
    pub fn unheld(&self, s: &State<B>, man: Man, to: Square) -> bool {
        let prison = self
            .per_kind
            .get(man.kind() as usize)
            .is_some_and(|p| p.as_ref().is_some_and(|p| p.from_prison));
        let mut ch = [0u8; MAX_PIECES];
        prison && self.zone(man).contains(to) && self.choices(s, man, &mut ch) == 0
    }

    /// Whether some kind promotes `from prison`.
    pub fn uses_prisons(&self) -> bool {
        self.per_kind.iter().flatten().any(|p| p.from_prison)
    }

    /// The attacks that promotions `from prison` void
    /// ([`PrisonAttacks`]), when some kind promotes so.
    pub fn prison_attacks(&self, t: &Base<B>) -> Option<PrisonAttacks<B>> {
        let mut men = Vec::new();
        for (k, pr) in self.per_kind.iter().enumerate() {
            let Some(pr) = pr.as_ref().filter(|pr| pr.from_prison) else {
                continue;
            };
            for owner in 0..t.nplayers.min(2) {
                let mut choices = KindSet::EMPTY;
                for &c in &pr.choices[owner] {
                    choices.insert(c);
                }
                for f in Dir::ALL {
                    let man = Man::new(k as PieceId, owner as PlayerId, f);
                    men.push(PrisonMan {
                        owner: owner as PlayerId,
                        pid: t.layout.pid(man) as u8,
                        zone: self.zone(man),
                        choices,
                    });
                }
            }
        }
        (!men.is_empty()).then(|| PrisonAttacks::new(men))
    }
}

/// The last real square of each column (row) in a facing's forward
/// direction: only holes or the edge lie beyond.
pub(crate) fn far_edge<B: Bits>(t: &Base<B>, f: Dir) -> B {
    let geo = &t.geo;
    let fv = f.rotate((0, 1));
    geo.squares()
        .filter(|&s| {
            let (mut x, mut y) = geo.coords(s);
            let y0 = y;
            loop {
                x += fv.0;
                y += fv.1;
                if !geo.same_layer(y0, y) {
                    // The edge of the man's layer (`board ... layers N`).
                    return true;
                }
                match geo.grid_square(x, y) {
                    None => return true,
                    Some(n) if geo.is_real(n) => return false,
                    Some(_) => {}
                }
            }
        })
        .collect()
}

/// The squares from which a man of `kind` facing `f` has no move on an
/// empty board: none of its atoms that may move (not capture-only, not
/// initial, not a hop) reaches a square of the board.
pub fn dead_squares<B: Bits>(t: &Base<B>, kind: PieceId, f: Dir) -> B {
    let geo = &t.geo;
    let Some(p) = t.variant.pieces.get(kind as usize) else {
        return B::EMPTY;
    };
    let steps: Vec<(i32, i32)> = p
        .moves
        .iter()
        .filter(|a| {
            a.mode.can_move()
                && !a.initial()
                && !matches!(a.path, crate::ir::Path::Hop | crate::ir::Path::Grasshop)
        })
        .flat_map(|a| {
            a.vectors
                .iter()
                .map(move |&(dx, dy)| f.rotate((dx as i32, dy as i32)))
        })
        .collect();
    geo.squares()
        .filter(|&sq| steps.iter().all(|&v| geo.offset(sq, v).is_none()))
        .collect()
}
