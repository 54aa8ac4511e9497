//! Castling. FIDE style (the default): the castler moves two squares
//! toward an unmoved partner on the same line with only empty squares
//! between; the partner lands on the square the castler crossed. With
//! destination files (`to files E W`, Capablanca, Janus, Chess960 rules):
//! along the castler's rank, the castler goes to file E (partner on a higher
//! file) or W (lower file) and the partner lands beside it on the inner
//! side; every square either crosses or lands on must be empty but for the
//! two men. A royal castler may not be in check, nor cross or land on an
//! attacked square (landing is tested with the other constraints, after the
//! move); a castler that is not royal castles whatever attacks it.
//!
//! The right to castle lives in the has-moved flags of the royal and the
//! partner; the hash holds it as one key per partner that can still castle.

use crate::engine::compile::{Base, CompileError};
use crate::engine::core::Bits;
use crate::engine::core::{Man, Move, Square, State};
use crate::engine::movement::{kind_bb, royal_square_attacked, Ctx};
use crate::ir::KindSet;
use crate::ir::{PieceId, PlayerId, Variant};

/// One way to castle, precomputed: the partner's square, the squares
/// between that must be empty, and where the two men land.
#[derive(Clone, Copy, Debug)]
pub struct Line<B: Bits> {
    pub partner: Square,
    /// Squares that must be empty (the castler and the partner aside).
    pub between: B,
    /// Squares the castler crosses (not its origin nor its landing): not
    /// attacked, for a royal castler.
    pub path: B,
    /// Where the partner lands.
    pub partner_to: Square,
    pub dest: Square,
}

/// The castling rule of a variant.
#[derive(Clone, Debug)]
pub struct Castling<B: Bits> {
    pub royal: PieceId,
    /// The partner kinds (bit mask).
    pub partners: KindSet,
    /// The partner kinds, as movement patterns.
    partner_pids: Vec<u8>,
    /// The castler is royal: attacks on its path forbid castling.
    guarded: bool,
    /// Every line, of every royal square.
    lines: Vec<Line<B>>,
    /// Per royal square and partner square (`royal * squares + partner`):
    /// the index of their line in `lines` (`u32::MAX`: none).
    line_of: Vec<u32>,
    /// Per royal square: the partner squares of its lines (one entry per
    /// square of the board).
    reach: Vec<B>,
}

impl<B: Bits> Castling<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Result<Option<Castling<B>>, CompileError> {
        let Some(c) = &v.turn.castling else {
            return Ok(None);
        };
        if c.royal as usize >= t.nkinds
            || std::iter::once(&c.partner)
                .chain(&c.more_partners)
                .any(|&k| k as usize >= t.nkinds)
        {
            return Err(CompileError::Other(
                "castling names an unknown piece".into(),
            ));
        }
        let geo = &t.geo;
        let mut lines = vec![Vec::new(); t.nsq];
        for r in geo.squares() {
            let (rx, ry) = geo.coords(r);
            for p in geo.squares() {
                let (px, py) = geo.coords(p);
                if let Some(files) = c.files {
                    // Along the rank, to fixed files.
                    if py != ry || px == rx {
                        continue;
                    }
                    let east = px > rx;
                    let kx = if east { files[0] } else { files[1] };
                    let rtx = if east { kx - 1 } else { kx + 1 };
                    let span = |a: i32, b: i32| (a.min(b)..=a.max(b)).map(move |x| (x, ry));
                    let (Some(dest), Some(partner_to)) = (geo.square(kx, ry), geo.square(rtx, ry))
                    else {
                        continue;
                    };
                    let all: Option<B> = span(rx, kx)
                        .chain(span(px, rtx))
                        .map(|(x, y)| geo.square(x, y))
                        .collect();
                    let Some(mut between) = all else { continue };
                    between.remove(r);
                    between.remove(p);
                    let mut path: B = span(rx, kx).filter_map(|(x, y)| geo.square(x, y)).collect();
                    path.remove(r);
                    path.remove(dest);
                    lines[r.index()].push(Line {
                        partner: p,
                        between,
                        path,
                        partner_to,
                        dest,
                    });
                    continue;
                }
                let (dx, dy) = if ry == py && rx != px {
                    ((px - rx).signum(), 0)
                } else if rx == px && ry != py {
                    (0, (py - ry).signum())
                } else {
                    continue;
                };
                let dist = (px - rx).abs().max((py - ry).abs());
                if dist < 3 {
                    continue;
                }
                let between: Option<B> = (1..dist)
                    .map(|i| geo.square(rx + i * dx, ry + i * dy))
                    .collect();
                let (Some(between), Some(crossed), Some(dest)) = (
                    between,
                    geo.square(rx + dx, ry + dy),
                    geo.square(rx + 2 * dx, ry + 2 * dy),
                ) else {
                    continue;
                };
                let mut path = B::EMPTY;
                path.insert(crossed);
                lines[r.index()].push(Line {
                    partner: p,
                    between,
                    path,
                    partner_to: crossed,
                    dest,
                });
            }
        }
        let reach = lines
            .iter()
            .map(|ls| ls.iter().map(|l| l.partner).collect())
            .collect();
        let squares = t.nsq;
        let mut line_of = vec![u32::MAX; squares * squares];
        let mut flat = Vec::new();
        for (r, ls) in lines.into_iter().enumerate() {
            for l in ls {
                // (One line per royal and partner square; the first, were
                // there more.)
                let at = &mut line_of[r * squares + l.partner.index()];
                if *at == u32::MAX {
                    *at = flat.len() as u32;
                    flat.push(l);
                }
            }
        }
        Ok(Some(Castling {
            reach,
            line_of,
            royal: c.royal,
            partners: c.partner_kinds(),
            partner_pids: (0..t.nkinds)
                .filter(|&k| c.is_partner(k as PieceId))
                .flat_map(|k| t.atoms.kind_pids[k].iter().copied())
                .collect(),
            guarded: v.pieces[c.royal as usize].royal,
            lines: flat,
        }))
    }

    /// The two kinds (bit mask).
    #[inline]
    pub fn kinds(&self) -> KindSet {
        KindSet::one(self.royal) | self.partners
    }

    /// The castling part of the hash: each partner that can still castle
    /// (unmoved, with an unmoved royal of its owner on its line).
    pub fn key(&self, t: &Base<B>, s: &State<B>) -> u64 {
        let geo = &t.geo;
        let royals = kind_bb(t, s, self.royal) & s.unmoved;
        if royals.is_empty() {
            return 0;
        }
        let partners = s.pids_bb(&self.partner_pids) & s.unmoved;
        let mut k = 0;
        for p in partners {
            let owner = s.at(p).owner();
            let (px, py) = geo.coords(p);
            let ok = (royals & s.by_player[owner as usize]).iter().any(|r| {
                let (rx, ry) = geo.coords(r);
                r != p && (rx == px || ry == py)
            });
            if ok {
                k ^= t.layout.zob.castle[p.index()];
            }
        }
        k
    }

    /// Bring the castling key up to date after has-moved flags changed.
    pub fn refresh_key(&self, t: &Base<B>, s: &mut State<B>) {
        let k = self.key(t, s);
        s.hash ^= s.castle_key ^ k;
        s.castle_key = k;
    }

    /// The castling moves of the player of `c` that meet the conditions
    /// before the move (the landing square is tested after it).
    pub fn candidates(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        c: &Ctx<B>,
        f: impl FnMut(&mut State<B>, Move),
    ) {
        self.candidates_guarded(t, s, c, self.guarded, f);
    }

    /// Whether the castler is royal: castling is then tested for attacks
    /// on its origin and path ([`Castling::path_safe`]).
    pub fn guarded(&self) -> bool {
        self.guarded
    }

    /// [`Castling::candidates`], with the attack test only when `guard`
    /// (a source that tests each castling itself passes `false`).
    #[inline]
    pub fn candidates_guarded(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        c: &Ctx<B>,
        guard: bool,
        mut f: impl FnMut(&mut State<B>, Move),
    ) {
        let mine = s.by_player[c.me as usize] & s.unmoved;
        if mine.is_empty() {
            return;
        }
        let royals = mine & kind_bb(t, s, self.royal);
        if royals.is_empty() {
            return;
        }
        let partners = mine & s.pids_bb(&self.partner_pids);
        if partners.is_empty() {
            return;
        }
        for r in royals {
            let mut checked = None;
            // Only the partners present on this royal's lines, in square
            // order, each looked up.
            let row = r.index() * self.reach.len();
            for p in partners & self.reach[r.index()] {
                let line = &self.lines[self.line_of[row + p.index()] as usize];
                if (line.between & c.occ).any() {
                    continue;
                }
                if guard {
                    let in_check = *checked
                        .get_or_insert_with(|| royal_square_attacked(t, s, r, c.enemy, c.occ));
                    // Where captures explode, a castler shielded on its
                    // origin by an enemy royal is not in check there, and
                    // the squares it crosses are seen as it would stand on
                    // them: with its origin empty.
                    let mut occ = c.occ;
                    if !t.shield.is_empty() {
                        occ.remove(r);
                    }
                    if in_check
                        || line
                            .path
                            .iter()
                            .any(|sq| royal_square_attacked(t, s, sq, c.enemy, occ))
                    {
                        continue;
                    }
                }
                f(
                    s,
                    Move::Castle {
                        from: r,
                        to: line.dest,
                        partner: line.partner,
                        partner_to: line.partner_to,
                    },
                );
            }
        }
    }

    /// Whether the castling `mv` of a royal castler is not out of check
    /// nor through an attacked square, when the men `occ` block the lines
    /// (a board with its walls moved: `then move wall` tests each wall
    /// square so, as Fairy-Stockfish does) and the men `enemy` attack.
    pub fn path_safe(&self, t: &Base<B>, s: &State<B>, mv: Move, enemy: B, occ: B) -> bool {
        let (Some(r), Some(p)) = (mv.from(), mv.aux_square()) else {
            return true;
        };
        let row = r.index() * self.reach.len();
        let line = &self.lines[self.line_of[row + p.index()] as usize];
        let mut path_occ = occ;
        if !t.shield.is_empty() {
            path_occ.remove(r);
        }
        !royal_square_attacked(t, s, r, enemy, occ)
            && !line
                .path
                .iter()
                .any(|sq| royal_square_attacked(t, s, sq, enemy, path_occ))
    }

    /// The partners on the royal's rank, nearest first, on one side (+1
    /// east, -1 west), among `men` (for the FEN castling field).
    pub fn side_partners(
        &self,
        t: &Base<B>,
        men: &[(Square, Man)],
        royal: Square,
        owner: PlayerId,
        side: i32,
    ) -> Vec<Square> {
        let (rx, ry) = t.geo.coords(royal);
        let mut v: Vec<(i32, Square)> = men
            .iter()
            .filter(|(_, m)| self.partners.contains(m.kind()) && m.owner() == owner)
            .filter_map(|&(at, _)| {
                let (x, y) = t.geo.coords(at);
                (y == ry && (x - rx).signum() == side).then_some(((x - rx).abs(), at))
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect()
    }
}
