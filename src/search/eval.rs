//! The evaluation, derived from the rule file alone.
//!
//! Nothing here names a game. Every term comes from the variant:
//!
//! - **material**: the file's `value`, or a value computed from the piece's
//!   mobility on the empty board (leaps count more than ride steps, and the
//!   square of the mobility rewards compound pieces);
//! - **piece-square terms**: each kind's mobility from each square of the
//!   empty board, against its mean (a knight in the corner reaches 2 squares,
//!   in the centre 8);
//! - **promotion**: how many of its own moves a promoting man needs to reach
//!   its zone on the empty board (a graph distance table), worth a growing
//!   share of what it promotes to;
//! - **royal safety** where a royal exists and checkmate ends the game:
//!   friendly men around the royal, enemy pieces near it, and the royal
//!   kept back while the enemy has pieces, central once they are gone
//!   (where captured men go to a hand and are placed again, no man leaves
//!   the game: the phase is always a full middle game);
//! - **the variant's own endings**: the blocked sides of a man whose
//!   surrounding loses (or removes it), men still to place when placing them
//!   all wins, progress against a move counter that draws.
//!
//! Besides these static terms, the **dynamic terms** read the actual
//! position through one attack set per man (the engine's compiled attack
//! tables, all filled in one pass by `Position::attack_map` into a buffer
//! the caller keeps; never a generation of actions), in
//! two-player games where material is worth having (not where losing men
//! wins) and men move; elsewhere they are not computed at all
//! (`super::dynamic`). Each has its own weight (`weights::TERMS`):
//!
//! - **mobility** (`mobility`): per man that is neither royal nor
//!   pawn-like, the squares it attacks that no man of its side holds,
//!   scaled by its kind as the piece-square terms are (a leaper's square
//!   counts more than a rider's) and measured from half the kind's mean
//!   mobility on the empty board;
//! - **threats** (`threat`): a man attacked by a cheaper enemy man loses a
//!   share of the difference of their values (a royal attacker is never
//!   cheaper);
//! - **hanging men** (`hanging`): an attacked man that no man of its side
//!   defends loses a share of its value;
//! - **passed men** (`passed`): a pawn-like man (one that promotes and moves
//!   one step forward and nothing else) whose way to its zone no enemy
//!   pawn-like man can block or take (none on its path, none that can
//!   attack its square or its path from where it stands or by walking
//!   forward) gains what promoting gains over twice the square of its
//!   distance plus one;
//! - **attack on a royal's zone** (`king_attack`, where checkmate
//!   matters): the royal's square and the squares it attacks; per enemy
//!   man that is not royal, the zone's squares it attacks (units), times
//!   how many men attack it (at most 4), weighed by the game phase; where
//!   captured men go to a hand, what the enemy's men in hand add to it,
//!   each kind on the squares where it may be placed (`hand_attack`,
//!   `super::dynamic`);
//! - **tempo** (`tempo`): a bonus for the side to act.
//!
//! Where points for events decide the game (`score ...` with `most
//! points` or eliminations), the **points term** (`points`,
//! `super::points`) counts the searching side's lead in points. Where
//! giving N checks wins (`checks N -> win`), the **checks term**
//! (`checks`, `super::checks`) counts the checks each side still needs.
//!
//! The **structure terms** (`super::structure`) read where the pawn-like
//! men stand, for kinds that promote, move one step forward and nothing
//! else, and capture aside (so they can defend one another), in the same
//! games as the dynamic terms; a variant without such a kind computes
//! nothing. Each has its own weight:
//!
//! - **blockers** (`blocker`): per own man (not pawn-like) on the square in
//!   front of a pawn-like man still on its setup square;
//! - **development** (`development`): per man, neither royal nor pawn-like,
//!   still on a setup square of its kind from which the kind reaches fewer
//!   squares on the empty board than on average, weighed by the phase;
//! - **doubled men** (`doubled`): per pawn-like man with another of its
//!   side ahead on its file (the line it moves along);
//! - **isolated men** (`isolated`): per pawn-like man with none of its side
//!   on the two files beside it;
//! - **pawn shield** (`pawn_shield`): per pawn-like man of its side on the
//!   three squares just ahead of a royal that stands on the rank of its
//!   setup square (half for the three squares two ahead), weighed by the
//!   phase.
//! - **pair** (`pair`): per side and bound kind (one whose moves split the
//!   empty board into 2 to 8 parts it never leaves, as a bishop's
//!   colours), the parts its men stand in less one;
//! - **open lines** (`open_line`): per man riding along its file, 1 with no
//!   pawn-like man of its side on the file, 2 with none of either side;
//! - **chains** (`chain`): per pawn-like man a pawn-like man of its side
//!   defends.

use super::checks::Checks;
use super::dynamic::Dynamic;
use super::mobility::mobility;
use super::points::Points;
use super::squares::{self, SquareTerms, Sums};
use super::structure::Structure;
use super::threats::Threats;
use super::weights::{self as w, Weights};
use crate::engine::{AttackMap, AttackMaps, Bits, Bitset, Man, MapIn, Position, Square, Tables};
use crate::ir::KindSet;
use crate::ir::{Dir, Event, Outcome, Path, PieceId, Variant, WhenStuck, Zone};

pub use super::weights::Cp;

// Declared here rather than in `search/mod.rs`: the features read the
// evaluation's own tables.
#[path = "features.rs"]
mod features;

/// The evaluation tables of one variant.
#[derive(Debug, Clone)]
pub struct Eval {
    /// Material value per kind (0 for a royal).
    pub values: Vec<Cp>,
    /// Material value per kind in hand.
    hand: Vec<Cp>,
    /// The weights in use, and the rule file's own (without a values file).
    pub(super) weights: Weights,
    defaults: Weights,
    /// Piece-square term per kind, facing and square index, as derived.
    pub(super) base_pst: Vec<[Vec<i16>; 4]>,
    /// The same, scaled by the `pst` weight.
    pst: Vec<[Vec<i16>; 4]>,
    /// Per facing and grid square, its entry in a square table
    /// (`u16::MAX`: none; `super::squares`).
    square_entries: [Vec<u16>; 4],
    /// The entries of a square table: the board's `W x H`.
    square_len: usize,
    /// The square tables of the weights, where any kind has one.
    squares: Option<SquareTerms>,
    /// Moves to the promotion zone per kind, facing and square (255: never).
    pub(super) promo_dist: Vec<Option<[Vec<u8>; 4]>>,
    /// What each kind may promote to.
    promo_choices: Vec<Vec<PieceId>>,
    /// What promoting gains per kind (best choice minus the man's value),
    /// scaled by the `promotion` weight.
    promo_gain: Vec<Cp>,
    royal: Vec<bool>,
    /// Checkmate ends the game (or eliminates): royal safety matters.
    mate_matters: bool,
    /// Per square (where royal safety matters): the squares beside it,
    /// one step away by coordinates in any direction (a royal's shelter).
    pub(super) beside: Vec<Bitset>,
    /// Per owner: its team (`Variant::team_of`).
    pub(super) teams: [usize; 8],
    /// Kinds whose surrounding loses the game (weight) or removes the man.
    surround: Vec<(PieceId, Cp)>,
    /// The same before the `surround` weight: a fixed weight where the
    /// surrounding loses, `None` where it removes the man (from its value).
    surround_base: Vec<(PieceId, Option<Cp>)>,
    /// The kinds of the men of the setup, for the start material.
    setup_kinds: Vec<PieceId>,
    /// Placing every man wins: men in hand are a debt, not material.
    hand_debt: bool,
    /// A move counter draws the game.
    quiet_rule: bool,
    /// Material of the non-royal men at the start, for the game phase.
    pub(super) start_material: Cp,
    pub(super) nplayers: usize,
    /// A repeated position is a draw (the search scores a first repetition so).
    pub(crate) repetition_draws: bool,
    /// The rules allow a null move at all (see [`Eval::null_move_variant`]).
    pub(crate) null_move_variant: bool,
    /// Kinds that count for the null-move test: neither royal nor promoting.
    pub(crate) piece_kinds: KindSet,
    /// Captured men go to the captor's hand and are placed again (drop
    /// games): a man in hand counts for the null-move test.
    pub(crate) drops: bool,
    /// -1 when losing men wins (`count men at most N -> win`, `extinct men
    /// -> win`: antichess, losers), else 1: material is then a burden.
    material_sign: Cp,
    /// `reach REGION with PIECE -> win`: per goal, the kind and, per
    /// facing, its move distance to the region (a breadth-first table over
    /// its own moves on the empty board).
    goals: Vec<(PieceId, [Vec<u8>; 4])>,
    /// The dynamic terms' tables (`super::dynamic`).
    pub(super) dynamic: Dynamic,
    /// What promoting gains per kind (best choice minus the man's value),
    /// before any weight: a passed man's worth.
    pub(super) passed_gain: Vec<Cp>,
    /// The structure terms' tables (`super::structure`).
    pub(super) structure: Structure,
    /// The points term, where points for events decide (`super::points`).
    points: Option<Points>,
    /// The checks term, where giving N checks wins (`super::checks`).
    checks: Option<Checks>,
    /// The check-threats term's tables (`super::threats`).
    pub(super) threats: Threats,
}

/// What an evaluation reuses from one call to the next, so that it
/// allocates nothing once grown (the search's games keep one each:
/// [`Eval::evaluate_with`]).
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// The men's attack sets in the board's set width, for the dynamic
    /// and structure terms.
    maps: AttackMaps,
    /// The dynamic terms' cheapest attacker per square (`Cp::MAX` between
    /// calls).
    cheapest: Vec<Cp>,
    /// Per man worth at least [`TROPISM_VALUE`]: its coordinates, team
    /// and value, for the royals' safety.
    near: Vec<Near>,
    /// The men on the board with their squares (`Position::men_into`).
    men: Vec<(Square, Man)>,
    /// The royal men and their owners.
    royals: Vec<(Square, u8)>,
    /// Per kind, the squares the enemy's men of it attack (check threats).
    reach: Vec<Bitset>,
}

/// The men of a filled attack map with their squares.
fn men_of<B: Bits>(m: &AttackMap<B>) -> impl Iterator<Item = (Square, Man)> + '_ {
    m.men().iter().map(|x| (x.sq, x.man))
}

/// A man as a royal's safety sees it: coordinates, team (`team_of` its
/// owner), value.
pub(super) type Near = (i32, i32, u8, Cp);

/// The least value of an enemy man that counts near a royal (tropism).
pub(super) const TROPISM_VALUE: Cp = 250;

/// A kind's value computed from its mobility on the empty board.
fn derived_value(leap: f64, ride: f64) -> Cp {
    let m = leap + ride;
    (45.0 * leap + 28.0 * ride + m * m / 2.0 + 70.0).clamp(50.0, 2500.0) as Cp
}

/// The squares where the board is "the board": every real square, or on an
/// unbounded board the limit-sized box in the middle of the grid.
fn board_squares(t: &Tables) -> Vec<Square> {
    let geo = t.geometry();
    match geo.limit() {
        None => geo.squares().collect(),
        Some((w, h)) => {
            let (gw, gh) = (geo.width() as i32, geo.height() as i32);
            let (x0, y0) = ((gw - w as i32) / 2, (gh - h as i32) / 2);
            geo.squares()
                .filter(|&s| {
                    let (x, y) = geo.coords(s);
                    x >= x0 && y >= y0 && x < x0 + w as i32 && y < y0 + h as i32
                })
                .collect()
        }
    }
}

/// Moves a man of `kind` facing `f` needs to reach `zone` on the empty board.
fn distance_table(t: &Tables, kind: PieceId, f: Dir, zone: &[bool]) -> Vec<u8> {
    let geo = t.geometry();
    let p = &t.variant().pieces[kind as usize];
    let mut dist = vec![u8::MAX; geo.len()];
    let mut frontier: Vec<Square> = geo.squares().filter(|s| zone[s.index()]).collect();
    for s in &frontier {
        dist[s.index()] = 0;
    }
    // Walk backwards: a square is at d+1 if one move from it reaches a square at d.
    let steps: Vec<((i32, i32), i32)> = p
        .moves
        .iter()
        .filter(|a| {
            a.mode.can_move() && !a.initial() && !matches!(a.path, Path::Hop | Path::Grasshop)
        })
        .flat_map(|a| {
            let r = if a.range == 0 { 64 } else { a.range as i32 };
            a.vectors
                .iter()
                .map(move |&(dx, dy)| (f.rotate((dx as i32, dy as i32)), r))
        })
        .collect();
    let mut d = 0u8;
    while !frontier.is_empty() && d < 250 {
        d += 1;
        let mut next = Vec::new();
        for &s in &frontier {
            for &(v, r) in &steps {
                let back = (-v.0, -v.1);
                let mut at = s;
                for _ in 0..r {
                    let Some(n) = geo.offset(at, back) else { break };
                    at = n;
                    if dist[n.index()] == u8::MAX {
                        dist[n.index()] = d;
                        next.push(n);
                    }
                }
            }
        }
        frontier = next;
    }
    dist
}

impl Eval {
    pub fn new(t: &Tables) -> Eval {
        let v = t.variant();
        let geo = t.geometry();
        let nk = v.pieces.len();
        let squares = board_squares(t);
        let mut values = Vec::with_capacity(nk);
        let mut pst = Vec::with_capacity(nk);
        let mut royal = Vec::with_capacity(nk);
        let mut mean_mobility = Vec::with_capacity(nk);
        for (k, p) in v.pieces.iter().enumerate() {
            let k = k as PieceId;
            royal.push(p.royal);
            let mut tables: [Vec<i16>; 4] = Default::default();
            let mut mean_total = 0.0;
            for f in Dir::ALL {
                let mob: Vec<(Square, f64)> = squares
                    .iter()
                    .map(|&s| {
                        let (l, r) = mobility(t, k, f, s);
                        (s, l + r)
                    })
                    .collect();
                let mean = mob.iter().map(|x| x.1).sum::<f64>() / mob.len().max(1) as f64;
                mean_total += mean;
                let mut tab = vec![0i16; geo.len()];
                for (s, m) in mob {
                    tab[s.index()] = ((m - mean) * 4.0).round().clamp(-40.0, 40.0) as i16;
                }
                tables[f.index()] = tab;
            }
            let value = match p.value {
                Some(x) => x,
                None if p.royal => 0,
                None => {
                    let (mut l, mut r) = (0.0, 0.0);
                    for &s in &squares {
                        let (a, b) = mobility(t, k, Dir::North, s);
                        l += a;
                        r += b;
                    }
                    let n = squares.len().max(1) as f64;
                    derived_value(l / n, r / n)
                }
            };
            // Scale the square terms with the mean mobility: a rider's squares
            // matter less per square than a leaper's.
            let mean = (mean_total / 4.0).max(1.0);
            mean_mobility.push(mean);
            let scale = (8.0 / mean).clamp(0.25, 2.0);
            for tab in &mut tables {
                for x in tab.iter_mut() {
                    *x = (*x as f64 * scale).round() as i16;
                }
            }
            values.push(value);
            pst.push(tables);
        }
        // Promotion distance tables.
        let mut promo_dist = Vec::with_capacity(nk);
        let mut promo_choices = Vec::with_capacity(nk);
        for (k, p) in v.pieces.iter().enumerate() {
            let Some(pr) = &p.promotion else {
                promo_dist.push(None);
                promo_choices.push(Vec::new());
                continue;
            };
            promo_choices.push(pr.choices.clone());
            let mut tabs: [Vec<u8>; 4] = Default::default();
            for f in Dir::ALL {
                let zone = zone_squares(t, &pr.zone, f);
                tabs[f.index()] = distance_table(t, k as PieceId, f, &zone);
            }
            promo_dist.push(Some(tabs));
        }
        let mate_matters = v.pieces.iter().any(|p| p.royal)
            && v.end.iter().any(|r| {
                r.when == Event::Checkmate && matches!(r.then, Outcome::Lose | Outcome::Eliminated)
            });
        let surround_base = v
            .end
            .iter()
            .filter_map(|r| match (&r.when, r.then) {
                (Event::Surrounded(k), Outcome::Lose) => Some((*k, Some(60))),
                _ => None,
            })
            .chain(v.removals.iter().map(|rm| (rm.piece, None)))
            .collect();
        let hand_debt = v
            .end
            .iter()
            .any(|r| r.when == Event::HandEmpty && r.then == Outcome::Win);
        let quiet_rule = v.end.iter().any(|r| matches!(r.when, Event::Quiet { .. }));
        let material_sign = if v.end.iter().any(|r| {
            matches!(&r.when, Event::Count { kinds, reply: false, .. } if kinds.is_empty())
                && r.then == Outcome::Win
        }) {
            -1
        } else {
            1
        };
        let goals = v
            .end
            .iter()
            .filter_map(|r| match (&r.when, r.then) {
                (Event::Reach { region, piece, .. }, Outcome::Win) => {
                    let mut tabs: [Vec<u8>; 4] = Default::default();
                    for f in Dir::ALL {
                        let zone = zone_squares(t, &Zone::Region(*region), f);
                        tabs[f.index()] = distance_table(t, *piece, f, &zone);
                    }
                    Some((*piece, tabs))
                }
                _ => None,
            })
            .collect();
        let mut defaults = Weights::with_values(values.clone());
        let dynamic = Dynamic::new(t, &mean_mobility, &promo_dist, material_sign, mate_matters);
        let threats = Threats::new(v, dynamic.on && mate_matters);
        defaults.terms[w::CHECK_THREATS] = threats.default_weight();
        defaults.terms[w::HAND_ATTACK] = dynamic.hand_attack_default();
        let structure = Structure::new(t, &mean_mobility, material_sign);
        let mut beside = vec![Bitset::EMPTY; if mate_matters { geo.len() } else { 0 }];
        for (s, b) in geo
            .squares()
            .filter(|_| mate_matters)
            .map(|s| (s, geo.coords(s)))
        {
            for n in geo.squares() {
                let c = geo.coords(n);
                if (c.0 - b.0).abs().max((c.1 - b.1).abs()) == 1 {
                    beside[s.index()].insert(n);
                }
            }
        }
        let mut teams = [0usize; 8];
        for (o, t) in teams.iter_mut().enumerate() {
            *t = v.team_of(o as u8);
        }
        let mut e = Eval {
            values,
            hand: Vec::new(),
            weights: defaults.clone(),
            defaults,
            base_pst: pst,
            pst: Vec::new(),
            square_entries: squares::entries(geo),
            square_len: squares::board_size(v).map_or(0, |(w, h)| w * h),
            squares: None,
            promo_dist,
            promo_choices,
            promo_gain: Vec::new(),
            royal,
            mate_matters,
            beside,
            teams,
            surround: Vec::new(),
            surround_base,
            setup_kinds: v.setup.men.iter().map(|m| m.piece).collect(),
            hand_debt,
            quiet_rule,
            start_material: 1,
            nplayers: v.players.len(),
            repetition_draws: v
                .end
                .iter()
                .any(|r| matches!(r.when, Event::Repetition(_)) && r.then == Outcome::Draw),
            null_move_variant: Eval::null_move_variant(v),
            drops: v.turn.place && v.turn.captures.to_hand(),
            material_sign,
            goals,
            dynamic,
            passed_gain: Vec::new(),
            structure,
            points: Points::new(v),
            checks: Checks::new(v),
            threats,
            piece_kinds: v
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.royal && p.promotion.is_none())
                .map(|(k, _)| k as PieceId)
                .collect::<KindSet>(),
        };
        let w = e.defaults.clone();
        e.set_weights(w);
        e
    }

    /// Whether the variant is won by bringing a piece to a region
    /// (`reach REGION with PIECE -> win`).
    pub fn has_goals(&self) -> bool {
        !self.goals.is_empty()
    }

    /// Whether a man of `kind` facing `f` on `sq` stands in one of its
    /// goal regions.
    pub fn goal_square(&self, kind: PieceId, f: Dir, sq: Square) -> bool {
        self.goals
            .iter()
            .any(|(k, tabs)| *k == kind && tabs[f.index()].get(sq.index()).is_some_and(|&d| d == 0))
    }

    /// For ordering, where points for events decide the game: the points
    /// of taking `man`, weighed as the evaluation weighs a point (0
    /// elsewhere).
    #[inline]
    pub fn capture_points(&self, man: Man) -> Cp {
        self.points.as_ref().map_or(0, |p| {
            (i64::from(p.capture(man)) * i64::from(self.weights.terms[w::POINTS])).min(1_000_000)
                as Cp
        })
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The weights derived from the rule file alone (no values file).
    pub fn default_weights(&self) -> &Weights {
        &self.defaults
    }

    /// Use these weights (laid out for this variant: one value per kind),
    /// and recompute what depends on them. With the default weights the
    /// evaluation is exactly the one derived from the rule file.
    pub fn set_weights(&mut self, wt: Weights) {
        let nk = self.royal.len();
        assert_eq!(wt.values.len(), nk, "weights for another variant");
        self.values = (0..nk)
            .map(|k| if self.royal[k] { 0 } else { wt.values[k] })
            .collect();
        // A royal kind given a value in the rule file keeps it.
        for k in 0..nk {
            if self.royal[k] {
                self.values[k] = self.defaults.values[k];
            }
        }
        self.hand = wt.hand.clone();
        let pct = |x: Cp, p: Cp| x * p / 100;
        self.pst = self
            .base_pst
            .iter()
            .map(|tabs| {
                tabs.clone().map(|tab| {
                    tab.into_iter()
                        .map(|x| pct(x as Cp, wt.terms[w::PST]).clamp(-400, 400) as i16)
                        .collect()
                })
            })
            .collect();
        self.passed_gain = (0..nk)
            .map(|k| {
                let best = self.promo_choices[k]
                    .iter()
                    .map(|&c| self.values.get(c as usize).copied().unwrap_or(0))
                    .max();
                best.map_or(0, |b| (b - self.values[k]).max(0))
            })
            .collect();
        self.dynamic.set_values(&self.values, &self.passed_gain);
        self.promo_gain = self
            .passed_gain
            .iter()
            .map(|&g| pct(g, wt.terms[w::PROMOTION]))
            .collect();
        self.surround = self
            .surround_base
            .iter()
            .map(|&(k, base)| {
                let b = base.unwrap_or_else(|| (self.values[k as usize] / 40).clamp(5, 60));
                (k, pct(b, wt.terms[w::SURROUND]))
            })
            .collect();
        self.squares = SquareTerms::new(&wt.squares, &self.square_entries);
        self.start_material = self
            .setup_kinds
            .iter()
            .map(|&k| self.values[k as usize].max(0))
            .sum::<Cp>()
            .max(1);
        self.weights = wt;
    }

    /// Whether a null move (passing the turn) is a sound test in this
    /// variant, decided per rule kind:
    ///
    /// - **allowed**: two players who move men on the board, captured men
    ///   leaving the game (chess and its kin) or going to the captor's hand
    ///   to be placed again (drop games: a man in hand is almost always a
    ///   useful action, so zugzwang is rarer than in chess);
    /// - **refused**: placement without drops (a pass is often the best
    ///   action there, and zugzwang the rule), card draws, powers, pass
    ///   counts (`passes`, `hand empty`), passing when stuck, `must capture`
    ///   and stalemate that does not draw (antichess and kin: zugzwang is
    ///   the game).
    ///
    /// Where allowed, the position decides too ([`Game::null_move_ok`]
    /// for the engine's games): the side to act needs a man that is
    /// neither royal nor promoting on the board, or one in hand; with at
    /// most one such man and an empty hand (where zugzwang is possible: a
    /// lone piece's endgames) a null move that holds is verified by a
    /// shallower search of the position without null moves
    /// ([`Game::null_move_verify`]).
    ///
    /// [`Game::null_move_ok`]: crate::search::game::Game::null_move_ok
    /// [`Game::null_move_verify`]: crate::search::game::Game::null_move_verify
    pub fn null_move_variant(v: &Variant) -> bool {
        v.players.len() == 2
            && v.turn.moves
            && (!v.turn.place || v.turn.captures.to_hand())
            && !v.turn.draw
            && v.turn.powers.is_empty()
            && v.turn.when_stuck != WhenStuck::Pass
            && !v.turn.must_capture
            && !v.end.iter().any(|r| {
                matches!(r.when, Event::Passes(_) | Event::HandEmpty)
                    || matches!(r.when, Event::Stalemate) && r.then != Outcome::Draw
            })
    }

    /// The value of the position for `player`'s team.
    pub fn evaluate(&self, pos: &Position, player: usize) -> Cp {
        self.evaluate_with(pos, player, &mut Scratch::default())
    }

    /// [`Eval::evaluate`] with buffers the caller keeps (the search's
    /// games keep one each, so an evaluation allocates nothing).
    pub fn evaluate_with(&self, pos: &Position, player: usize, scratch: &mut Scratch) -> Cp {
        let t = &**pos.tables();
        let v = t.variant();
        let team = v.team_of(player as u8);
        // Each owner's team and side (not asked once per man).
        let mut teams = [0u8; 8];
        let mut signs = [-1 as Cp; 8];
        for (o, (tv, sg)) in teams.iter_mut().zip(signs.iter_mut()).enumerate() {
            let tm = self.teams[o];
            *tv = tm as u8;
            if tm == team {
                *sg = 1;
            }
        }
        let sign = |owner: u8| signs[owner as usize & 7];
        let mut score = 0;
        let mut royals = std::mem::take(&mut scratch.royals);
        royals.clear();
        scratch.near.clear();
        // The men's attack sets in the board's own width, for the dynamic
        // and structure terms (filled only where one applies): its list of
        // men is then the men walked here.
        let map =
            (self.dynamic.on || self.structure.on).then(|| pos.attack_map_in(&mut scratch.maps));
        let (near, royals_out) = (&mut scratch.near, &mut royals);
        // Per owner, its men's square-table entries (mid, end).
        let mut sums: Sums = [[0; 2]; 8];
        let sq = &mut sums;
        // Material on the board per player, for the phase.
        let (men_score, mut material) = match map {
            // (One walk per width: the loop's state stays in registers.)
            Some(MapIn::W64(m)) => {
                self.men_of_any(pos, men_of(m), &signs, &teams, near, royals_out, sq)
            }
            Some(MapIn::W128(m)) => {
                self.men_of_any(pos, men_of(m), &signs, &teams, near, royals_out, sq)
            }
            Some(MapIn::W192(m)) => {
                self.men_of_any(pos, men_of(m), &signs, &teams, near, royals_out, sq)
            }
            Some(MapIn::W256(m)) => {
                self.men_of_any(pos, men_of(m), &signs, &teams, near, royals_out, sq)
            }
            None => {
                let mut men = std::mem::take(&mut scratch.men);
                pos.men_into(&mut men);
                let all = men.iter().copied();
                let out = self.men_of_any(pos, all, &signs, &teams, near, royals_out, sq);
                scratch.men = men;
                out
            }
        };
        score += men_score;
        if let (Some(map), true) = (map, self.structure.on) {
            score += self.structure_score(map, team, &material);
        }
        // Men in hand: material, or a debt when placing them all wins
        // (a kind past the hand's list holds none).
        for p in 0..self.nplayers as u8 {
            let hand = pos.hand_counts(p);
            for (k, &n) in hand.iter().enumerate().take(self.values.len()) {
                let n = n as Cp;
                if n == 0 {
                    continue;
                }
                let each = if self.hand_debt {
                    -100
                } else {
                    self.hand[k] * self.material_sign
                };
                score += sign(p) * n * each;
                if self.drops {
                    // Placed again: it counts for the phase.
                    material[p as usize & 7] += n * self.values[k];
                }
            }
        }
        // Each owner's phase, once.
        let phases = self.phases(&material);
        if self.squares.is_some() {
            score += SquareTerms::score(&sums, &phases, &signs);
        }
        if self.mate_matters {
            for &(sq, owner) in &royals {
                let phase = phases[owner as usize & 7];
                score += sign(owner) * self.royal_safety(pos, sq, owner, phase, &scratch.near);
            }
        }
        if let (Some(map), true) = (map, self.dynamic.on) {
            let (cheapest, reach) = (&mut scratch.cheapest, &mut scratch.reach);
            score += self.dynamic_score(pos, map, cheapest, reach, team, &royals, &phases);
        }
        scratch.royals = royals;
        // Progress: the side that is ahead wants the move counter reset
        // before it draws the game.
        if self.quiet_rule && score != 0 {
            score -=
                score.signum() * pos.quiet_plies().min(200) as Cp * score.abs().min(300) / 300 * 2;
        }
        // The lead in points, after the progress term: where the points
        // decide, the side ahead on them is glad of a counter that ends
        // the game.
        if let Some(p) = &self.points {
            score += p.value(pos, player, self.weights.terms[w::POINTS]);
        }
        // The checks still needed, after the progress term too: a move
        // counter does not make a check given worth less.
        if let Some(c) = &self.checks {
            score += c.value(pos, player, self.weights.terms[w::CHECKS]);
        }
        score
    }

    /// [`Eval::men_terms`], with the square tables' sums only where the
    /// weights have tables (so that a variant without them does no work
    /// per man for them).
    #[allow(clippy::too_many_arguments)]
    fn men_of_any(
        &self,
        pos: &Position,
        men: impl Iterator<Item = (Square, Man)>,
        signs: &[Cp; 8],
        teams: &[u8; 8],
        near: &mut Vec<Near>,
        royals: &mut Vec<(Square, u8)>,
        sums: &mut Sums,
    ) -> (Cp, [Cp; 8]) {
        if self.squares.is_some() {
            self.men_terms::<true>(pos, men, signs, teams, near, royals, sums)
        } else {
            self.men_terms::<false>(pos, men, signs, teams, near, royals, sums)
        }
    }

    /// The terms of the men on the board, per man (`men`: each with its
    /// square, in square order): material, goals, piece-square terms,
    /// promotion, surrounding. Returns the score for the side whose
    /// owners have sign 1 in `signs`, and the material per owner; pushes
    /// the men worth at least [`TROPISM_VALUE`] to `near` (where mate
    /// matters) and the royals to `royals`; with `SQUARES`, adds each
    /// man's square-table entries to its owner's `sums`.
    #[allow(clippy::too_many_arguments)]
    fn men_terms<const SQUARES: bool>(
        &self,
        pos: &Position,
        men: impl Iterator<Item = (Square, Man)>,
        signs: &[Cp; 8],
        teams: &[u8; 8],
        near: &mut Vec<Near>,
        royals: &mut Vec<(Square, u8)>,
        sums: &mut Sums,
    ) -> (Cp, [Cp; 8]) {
        let geo = pos.tables().geometry();
        let sign = |owner: u8| signs[owner as usize & 7];
        let mut score = 0;
        let mut material = [0 as Cp; 8];
        for (sq, m) in men {
            let k = m.kind() as usize;
            let s = sign(m.owner());
            let val = self.values[k];
            material[m.owner() as usize & 7] += val;
            if self.mate_matters && val >= TROPISM_VALUE {
                let (x, y) = geo.coords(sq);
                near.push((x, y, teams[m.owner() as usize & 7], val));
            }
            score += s * val * self.material_sign;
            if SQUARES {
                if let Some(t) = &self.squares {
                    t.add(sq, m, sums);
                }
            }
            // A goal piece nearer its region: worth up to a pawn and a half.
            for (kind, tabs) in &self.goals {
                if *kind == m.kind() {
                    let d = tabs[m.facing().index()][sq.index()];
                    if d != u8::MAX {
                        let d = d as Cp;
                        score += s * self.weights.terms[w::GOAL] / (1 + d * d);
                    }
                }
            }
            let f = m.facing().index();
            if self.royal[k] {
                royals.push((sq, m.owner()));
            } else {
                score += s * self.pst[k][f][sq.index()] as Cp;
            }
            if let Some(tabs) = &self.promo_dist[k] {
                let d = tabs[f][sq.index()];
                if d != u8::MAX {
                    let d = d as Cp + 1;
                    score += s * self.promo_gain[k] / (4 * d * d);
                }
            }
            for &(kind, w) in &self.surround {
                if kind == m.kind() {
                    let blocked = blocked_sides(pos, sq);
                    score -= s * blocked * blocked * w;
                }
            }
        }
        (score, material)
    }
}

/// The promotion zone as seen by a man facing `f`.
fn zone_squares(t: &Tables, zone: &Zone, f: Dir) -> Vec<bool> {
    let geo = t.geometry();
    let v: &Variant = t.variant();
    let mut out = vec![false; geo.len()];
    match zone {
        Zone::FarEdge => {
            // The last real square on each line in the forward direction.
            let fwd = f.rotate((0, 1));
            for s in geo.squares() {
                if geo.flat_offset(s, fwd).is_none() {
                    out[s.index()] = true;
                }
            }
        }
        Zone::Region(r) => {
            // The region as seen by the player whose men face this way.
            let owner = v.players.iter().position(|p| p.forward == f).unwrap_or(0);
            if let Some(reg) = v.regions.get(*r as usize) {
                let (ox, oy) = geo.anchor().unwrap_or((0, 0));
                for c in reg.squares.get(owner).into_iter().flatten() {
                    if let Some(s) = geo.square(c.x + ox, c.y + oy) {
                        out[s.index()] = true;
                    }
                }
            }
        }
    }
    out
}

/// How many of the four sides of `sq` (up, right, down, left) are blocked:
/// off the board or holding a man (the surround terms, in the evaluation
/// and in its features).
pub(super) fn blocked_sides(pos: &Position, sq: Square) -> Cp {
    let geo = pos.tables().geometry();
    let (x, y) = geo.coords(sq);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .iter()
        .filter(|(dx, dy)| match geo.square(x + dx, y + dy) {
            Some(n) => pos.man_at(n).is_some(),
            None => true,
        })
        .count() as Cp
}
