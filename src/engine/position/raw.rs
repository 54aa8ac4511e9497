//! Raw positions: plain, unchecked data (what FEN parsing and the variant's
//! setup produce), and the checked conversion into a [`State<B>`].

use crate::engine::core::Bits;
use crate::engine::core::{EpRecord, Man, PlayerSet, Square, State};
use crate::engine::movement::royal_attacked;
use crate::engine::rules::limit_box;
use crate::engine::tables::Compiled;
use crate::ir::{Card, Dir, PieceId, PlayerId, Shape};

/// Why a raw position is not a valid position of the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);

/// One man of a [`RawPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawMan {
    pub at: Square,
    pub kind: PieceId,
    pub owner: PlayerId,
    pub facing: Dir,
    /// Has never moved (kept only for kinds where it matters: `initial`
    /// moves and castling).
    pub unmoved: bool,
    /// Was promoted (`~` in FEN): demoted when captured, in variants that
    /// demote; ignored elsewhere.
    pub promoted: bool,
}

/// An en-passant record of a [`RawPosition`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawEp {
    /// The man that made the lame move.
    pub victim: Square,
    /// The squares it passed (1 to 3).
    pub targets: Vec<Square>,
    /// Players who may still capture it (bit mask).
    pub eligible: u8,
}

/// The state of the rules that keep counts: swap uses, passes, men
/// removed from the game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Extra {
    /// Per player: swap powers used so far.
    pub swaps: Vec<u32>,
    /// Consecutive passes just played.
    pub passes: u32,
    /// Per player, per kind: men removed from the game for good.
    pub removed: Vec<Vec<u32>>,
    /// Per player: checks given so far (`checks N`); empty for none.
    pub checks: Vec<u32>,
    /// `counting`: the running count's limit and the plies counted, both
    /// in plies (`None`: no count runs).
    pub counting: Option<(u32, u32)>,
    /// `turn actions ...`: the turn's number from 0 (`None`: from the
    /// move number, which counts turns).
    pub turn_index: Option<u32>,
    /// `turn actions ...`: the actions left in the turn, the next one
    /// included (`None`: the whole turn).
    pub turn_left: Option<u32>,
    /// `dice`: the roll's code (0: not rolled; see `rules::dice`).
    pub roll: u32,
    /// `face down`: what is known of each slot (empty: nothing said; see
    /// `rules::faces`).
    pub faces: Vec<crate::engine::rules::faces::SlotText>,
    /// `gating ... above`: the live gates (owner, square, waiting kind).
    pub gates: Vec<(PlayerId, Square, PieceId)>,
    /// `score ...`: per player, its points (empty: none said, all 0).
    pub scores: Vec<u32>,
    /// `lion trading`: the player to act may not take a lion with a
    /// non-lion (a lion was just taken by a non-lion).
    pub lion_barred: bool,
}

/// A position as plain data, not yet checked: what FEN parsing and the
/// variant setup produce. [`Position::from_raw`](super::Position::from_raw)
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RawPosition {
    pub men: Vec<RawMan>,
    /// Walls (`then place wall`): squares with no man that block every
    /// man (`*` on a square in FEN).
    pub walls: Vec<Square>,
    pub turn: PlayerId,
    /// Per player, per kind: men in hand.
    pub hands: Vec<Vec<u32>>,
    /// Per player, per kind: men left in the promotion pool.
    pub pools: Vec<Vec<u32>>,
    /// Per holder, per kind: the enemy men in its prison (`captures to
    /// prison`).
    pub prisons: Vec<Vec<u32>>,
    pub en_passant: Vec<RawEp>,
    /// Plies since the last reset of the quiet-move counter.
    pub quiet: u32,
    /// Plies played since the start of the game.
    pub ply: u32,
    /// Players still in the game (bit mask).
    pub alive: u8,
    /// Swap uses, passes, removed men.
    pub extra: Extra,
    /// Per player: the cards left in the deck, top first.
    pub decks: Vec<Vec<Card>>,
    /// Players who owe a board move after returning a card (bit mask).
    pub must_move: u8,
    /// Unbounded boards: the absolute coordinate of grid square (0, 0),
    /// counted from the start position's frame (whose a1 is (0, 0)), so
    /// that a man keeps its square's name for the whole game. (0, 0) on a
    /// board.
    pub origin: (i32, i32),
}

fn err<T>(m: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError(m.into()))
}

impl RawPosition {
    /// The variant's starting position (decks not dealt).
    pub fn from_setup(t: &crate::engine::tables::Tables) -> Result<RawPosition, PositionError> {
        crate::engine::tables::with_compiled!(&t.width, c => RawPosition::from_setup_in(c))
    }

    /// [`RawPosition::from_setup`] for a compiled variant.
    pub(crate) fn from_setup_in<B: Bits>(t: &Compiled<B>) -> Result<RawPosition, PositionError> {
        let b = &t.base;
        let v = &b.variant;
        let setup = &v.setup;
        let shift = match (&v.board.shape, b.geo.anchor()) {
            (Shape::Unbounded { .. }, Some((ax, ay))) => {
                let minx = setup.men.iter().map(|m| m.at.x).min().unwrap_or(0);
                let miny = setup.men.iter().map(|m| m.at.y).min().unwrap_or(0);
                (ax - minx, ay - miny)
            }
            _ => (0, 0),
        };
        let mut men = Vec::with_capacity(setup.men.len());
        for m in &setup.men {
            let (x, y) = (
                m.at.x as i64 + shift.0 as i64,
                m.at.y as i64 + shift.1 as i64,
            );
            let at = i32::try_from(x)
                .ok()
                .zip(i32::try_from(y).ok())
                .and_then(|(x, y)| b.geo.square(x, y))
                .ok_or_else(|| {
                    PositionError(format!(
                        "setup puts a man on ({}, {}), which is not a square of the board",
                        m.at.x, m.at.y
                    ))
                })?;
            // A man of a `face down` kind starts face down.
            let kind = t
                .rules
                .faces
                .as_ref()
                .and_then(|f| f.face_of(m.piece))
                .unwrap_or(m.piece);
            men.push(RawMan {
                at,
                kind,
                owner: m.owner,
                facing: m.facing,
                unmoved: true,
                promoted: false,
            });
        }
        let table = |src: &Vec<Vec<(PieceId, u32)>>| -> Vec<Vec<u32>> {
            (0..b.nplayers)
                .map(|p| {
                    let mut row = vec![0u32; b.nkinds];
                    for &(k, n) in src.get(p).into_iter().flatten() {
                        if let Some(c) = row.get_mut(k as usize) {
                            *c = c.saturating_add(n);
                        }
                    }
                    row
                })
                .collect()
        };
        let mut gates = Vec::with_capacity(setup.gates.len());
        for g in &setup.gates {
            let at = b
                .geo
                .square(g.at.x + shift.0, g.at.y + shift.1)
                .ok_or_else(|| {
                    PositionError(format!(
                        "setup puts a gate above ({}, {}), which is not a square of the board",
                        g.at.x, g.at.y
                    ))
                })?;
            gates.push((g.owner, at, g.piece));
        }
        Ok(RawPosition {
            extra: Extra {
                gates,
                ..Extra::default()
            },
            men,
            turn: setup.first,
            hands: table(&setup.hands),
            pools: table(&setup.pools),
            alive: PlayerSet::first(b.nplayers).bits(),
            // The start frame's a1 is (0, 0), wherever the setup put the men.
            origin: b.geo.anchor().map_or((0, 0), |(ax, ay)| (-ax, -ay)),
            ..RawPosition::default()
        })
    }

    /// Put the men of the setup's `shuffle` lines on their squares: each
    /// line's arrangement (of `arrangements`, the line's list) is its
    /// `number`, or drawn from `seed`
    /// ([`crate::ir::Shuffle::pick`]). A setup without shuffles is left as
    /// it is, at no cost.
    pub(crate) fn deal_shuffles<B: Bits>(
        &mut self,
        t: &Compiled<B>,
        arrangements: &[Vec<Vec<PieceId>>],
        seed: u64,
    ) -> Result<(), PositionError> {
        let b = &t.base;
        let v = &b.variant;
        for (i, (s, all)) in v.setup.shuffles.iter().zip(arrangements).enumerate() {
            let n = s.pick(i, seed, all.len() as u64);
            let a = all.get(n as usize).ok_or_else(|| {
                PositionError(format!(
                    "shuffle line {}: arrangement {n} of {} does not exist",
                    i + 1,
                    all.len()
                ))
            })?;
            for (owner, at, kind) in s.men(a) {
                let sq = b.geo.coord_square(at).ok_or_else(|| {
                    PositionError(format!(
                        "setup shuffles a man onto ({}, {}), which is not a square of the board",
                        at.x, at.y
                    ))
                })?;
                let facing = v
                    .players
                    .get(owner as usize)
                    .map_or(Dir::North, |p| p.forward);
                self.men.push(RawMan {
                    at: sq,
                    kind,
                    owner,
                    facing,
                    unmoved: true,
                    promoted: false,
                });
            }
        }
        Ok(())
    }

    /// Check the raw position and build its state.
    pub(crate) fn into_state<B: Bits>(self, t: &Compiled<B>) -> Result<State<B>, PositionError> {
        let raw = self;
        let b = &t.base;
        let r = &t.rules;
        let l = &b.layout;
        let mut s: State<B> = State::empty(l);
        let all = PlayerSet::first(b.nplayers);
        let alive = PlayerSet::from_bits(raw.alive);
        if alive.is_empty() || alive & all != alive {
            return err(format!("bad set of players in the game: {:#b}", raw.alive));
        }
        s.alive = alive;
        if raw.turn as usize >= b.nplayers {
            return err(format!("player {} to move does not exist", raw.turn));
        }
        if !alive.contains(raw.turn) {
            return err("the player to move is out of the game");
        }
        s.turn = raw.turn;
        let mut raw = raw;
        if let Some(f) = &r.faces {
            face_men(b, f, &mut raw.men)?;
        }
        for m in &raw.men {
            if m.at.index() >= b.nsq || !b.geo.is_real(m.at) {
                return err(format!(
                    "a man stands on {}, which is not a square",
                    b.geo.name(m.at)
                ));
            }
            if m.kind as usize >= b.nkinds {
                return err(format!("piece kind {} does not exist", m.kind));
            }
            if m.owner as usize >= b.nplayers {
                return err(format!("player {} does not exist", m.owner));
            }
            if !s.at(m.at).is_empty() {
                return err(format!("two men on {}", b.geo.name(m.at)));
            }
            s.probe(
                l,
                m.at,
                Man::new(m.kind, m.owner, m.facing)
                    .with_promoted(m.promoted && t.rules.marks_promoted),
            );
            if m.unmoved && l.tracked_kinds.contains(m.kind) {
                s.unmoved.insert(m.at);
            }
        }
        for &w in &raw.walls {
            if !r.has_walls() {
                return err(format!(
                    "a wall stands on {}, but the variant has no walls",
                    b.geo.name(w)
                ));
            }
            if w.index() >= b.nsq || !b.geo.is_real(w) {
                return err(format!(
                    "a wall stands on {}, which is not a square",
                    b.geo.name(w)
                ));
            }
            if !s.at(w).is_empty() || s.walls.contains(w) {
                return err(format!(
                    "a wall and a man, or two walls, on {}",
                    b.geo.name(w)
                ));
            }
            s.probe_wall(w);
        }
        for (name, src, dst) in [
            ("hand", &raw.hands, &mut s.hands),
            ("pool", &raw.pools, &mut s.pools),
            ("prison", &raw.prisons, &mut s.prisons),
        ] {
            if src.len() > b.nplayers {
                return err(format!("{name}s given for {} players", src.len()));
            }
            for (p, row) in src.iter().enumerate() {
                if row.len() > b.nkinds {
                    return err(format!("{name} of player {p} lists {} kinds", row.len()));
                }
                for (k, &n) in row.iter().enumerate() {
                    if n > 255 {
                        return err(format!(
                            "{name} of player {p} holds {n} men of one kind (at most 255)"
                        ));
                    }
                    dst[p][k] = n as u8;
                }
            }
        }
        check_hand_room(t, &s)?;
        for e in &raw.en_passant {
            read_ep(t, &mut s, e)?;
        }
        s.quiet = raw.quiet;
        s.ply = raw.ply;
        read_extra(t, &mut s, &raw.extra)?;
        if let Some(f) = &r.faces {
            let on_board: Vec<bool> = (0..f.slots.len()).map(|i| f.on_board(&s, i)).collect();
            f.read(&mut s, &raw.extra.faces, &on_board)
                .map_err(PositionError)?;
        } else if !raw.extra.faces.is_empty() {
            return err("face-down slots are given but the variant has no face-down men");
        }
        read_gates(t, &mut s, &raw.extra.gates)?;
        if let Some(d) = &r.deck {
            s.decks = d.decks_of(b.nplayers, &raw.decks).map_err(PositionError)?;
            for p in 0..b.nplayers {
                if raw.must_move & (1 << p) != 0 {
                    s.vars[d.must_move.at(p).0 as usize] = 1;
                }
            }
        } else if !raw.decks.is_empty() && raw.decks.iter().any(|d| !d.is_empty()) {
            return err("decks are given but the variant has none");
        } else {
            s.decks = Vec::new();
        }
        s.origin = raw.origin;
        if let Some(c) = &r.castling {
            s.castle_key = c.key(b, &s);
        }
        s.hash = super::hash::compute(t, &s);
        // Unbounded boards: positions are kept up to translation.
        if b.geo.limit().is_some() {
            if !limit_box::fits(b, &s) {
                let (w, h) = b.geo.limit().unwrap_or((0, 0));
                return err(format!("the men do not fit the {w}x{h} limit"));
            }
            if limit_box::recentre(b, &mut s) {
                s.hash = super::hash::compute(t, &s);
            }
            s.forget();
        }
        // The player who moved last may not have left a royal attacked.
        let prev = s.prev_player(l, s.turn);
        if prev != s.turn && (royal_attacked(b, &s, prev) || threatened_at_start(t, &mut s, prev)) {
            return err(format!(
                "{} (not to move) has a royal man in check",
                b.variant.players[prev as usize].name
            ));
        }
        Ok(s)
    }
}

/// `face down`: every face-down man stands on a slot of its owner, and
/// is made the face kind of that slot (FEN writes every face kind `X`).
fn face_men<B: Bits>(
    b: &crate::engine::compile::Base<B>,
    f: &crate::engine::rules::faces::Faces,
    men: &mut [RawMan],
) -> Result<(), PositionError> {
    for m in men.iter_mut() {
        if !f.face_kinds.contains(m.kind) {
            continue;
        }
        let slot = f
            .slot_at(m.at)
            .map(|i| f.slots[i])
            .filter(|sl| sl.owner == m.owner);
        let Some(sl) = slot else {
            return err(format!(
                "a face-down man stands on {}, which is not a start square of its owner's face-down men",
                b.geo.name(m.at)
            ));
        };
        m.kind = sl.face;
    }
    Ok(())
}

/// Under `turn royal safe at end`: whether a royal man of `prev`, who
/// acted last, is threatened by the turn of the player to act (out of
/// line: other variants test one flag).
#[inline(never)]
fn threatened_at_start<B: Bits>(t: &Compiled<B>, s: &mut State<B>, prev: PlayerId) -> bool {
    match t
        .rules
        .turns
        .as_ref()
        .filter(|tr| tr.plan.royal_safe_at_end)
    {
        Some(tr) => {
            let n = tr.left(s);
            super::turn_end::threatened(t, s, prev, n)
        }
        None => false,
    }
}

/// Men move into hands (captures, returns): the counts must stay within
/// what a hand holds, so no more than 255 men on the board and in hands.
fn check_hand_room<B: Bits>(t: &Compiled<B>, s: &State<B>) -> Result<(), PositionError> {
    let grows = t.rules.captures.to_hand()
        || t.rules.captures.rule == crate::ir::Captures::ToPrison
        || t.base
            .variant
            .turn
            .on_place
            .iter()
            .any(|o| matches!(o.effect, crate::ir::FollowUp::ReturnToHand { .. }))
        || matches!(
            t.base.variant.turn.on_joker,
            Some(crate::ir::JokerEffect::ReturnToHand { .. })
        );
    if !grows {
        return Ok(());
    }
    let in_hands: u32 = s
        .hands
        .iter()
        .chain(s.prisons.iter())
        .flatten()
        .map(|&n| n as u32)
        .sum();
    let total = s.occ.count() + in_hands;
    if total > 255 {
        return err(format!(
            "{total} men on the board and in hands; a variant where men go to hands allows at most 255"
        ));
    }
    Ok(())
}

fn read_ep<B: Bits>(t: &Compiled<B>, s: &mut State<B>, e: &RawEp) -> Result<(), PositionError> {
    let b = &t.base;
    if t.rules.en_passant.is_none() {
        return err("en passant is given but the variant has no en-passant captures");
    }
    if e.victim.index() >= b.nsq || s.at(e.victim).is_empty() {
        return err(format!("en passant: no man on {}", b.geo.name(e.victim)));
    }
    let owner = s.at(e.victim).owner();
    // The owner's first free slot (one per player, or one per action of a
    // turn under `en passant per turn`).
    let slots = t
        .rules
        .en_passant
        .as_ref()
        .map_or(b.nplayers, |ep| ep.slots);
    let Some(slot) = (owner as usize..slots)
        .step_by(b.nplayers)
        .find(|&i| s.ep[i].is_none())
    else {
        return err(if slots > b.nplayers {
            "more en-passant records of one player than actions in its turn"
        } else {
            "two en-passant records of one player"
        });
    };
    if e.targets.is_empty() || e.targets.len() > 3 {
        return err("an en-passant record needs 1 to 3 target squares");
    }
    let mut rec = EpRecord {
        victim: e.victim,
        targets: [Square::default(); 3],
        ntargets: e.targets.len() as u8,
        eligible: PlayerSet::EMPTY,
    };
    for (i, &tg) in e.targets.iter().enumerate() {
        if tg.index() >= b.nsq || !b.geo.is_real(tg) {
            return err("an en-passant target is not a square");
        }
        // An occupied target is fine: with several opponents another man
        // may stand there for a while; the capture then waits.
        rec.targets[i] = tg;
    }
    rec.eligible = PlayerSet::from_bits(e.eligible) & s.alive & !b.friends[owner];
    if !rec.eligible.is_empty() {
        s.ep[slot] = Some(rec);
    }
    Ok(())
}

fn read_extra<B: Bits>(t: &Compiled<B>, s: &mut State<B>, x: &Extra) -> Result<(), PositionError> {
    let b = &t.base;
    let r = &t.rules;
    if x.swaps.len() > b.nplayers {
        return err(format!("swap counts given for {} players", x.swaps.len()));
    }
    for (p, &n) in x.swaps.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let Some(sw) = &r.swaps else {
            return err("swap counts are given but the variant has no swap power");
        };
        s.vars[sw.used.at(p).0 as usize] = n;
    }
    if x.passes > 0 {
        let Some(pa) = &r.passing else {
            return err("a pass count is given but the variant has no passes");
        };
        s.vars[pa.count.0 as usize] = x.passes;
    }
    if !x.scores.is_empty() {
        let Some(sc) = &r.scores else {
            return err("points are given but the variant keeps no points");
        };
        if x.scores.len() != b.nplayers {
            return err(format!(
                "points given for {} players, not {}",
                x.scores.len(),
                b.nplayers
            ));
        }
        for (p, &n) in x.scores.iter().enumerate() {
            s.vars[sc.points.at(p).0 as usize] = n;
        }
    }
    if x.checks.iter().any(|&n| n > 0) {
        let Some(c) = &r.checks else {
            return err("check counts are given but the variant counts no checks");
        };
        if x.checks.len() > b.nplayers {
            return err(format!("check counts given for {} players", x.checks.len()));
        }
        for (p, &n) in x.checks.iter().enumerate() {
            if n > c.target {
                return err(format!(
                    "{n} checks given, more than the {} that end the game",
                    c.target
                ));
            }
            s.vars[c.given.at(p).0 as usize] = n;
        }
    }
    match &r.turns {
        Some(tr) => {
            // Without a turn number, the move number counts turns (as
            // other programs write these games).
            let index = x.turn_index.unwrap_or(s.ply);
            tr.set(&b.layout, s, index, x.turn_left)
                .map_err(PositionError)?;
        }
        None if x.turn_index.is_some() || x.turn_left.is_some() => {
            return err("a turn's actions are given but every turn of the variant is one action");
        }
        None => {}
    }
    if x.lion_barred {
        let Some(lt) = &r.lion_trade else {
            return err("a lion trade is given but the variant has no `lion trading`");
        };
        s.vars[lt.barred.0 as usize] = 1;
    }
    if x.roll != 0 {
        let Some(d) = r.dice.as_ref().filter(|d| d.valid(x.roll)) else {
            return err("a roll is given that the variant's dice cannot show");
        };
        s.vars[d.roll.0 as usize] = x.roll;
    }
    if let Some((limit, ply)) = x.counting {
        let Some(c) = &r.counting else {
            return err("a count is given but the variant has no counting");
        };
        s.vars[c.limit.0 as usize] = limit;
        s.vars[c.ply.0 as usize] = ply;
    }
    for (p, row) in x.removed.iter().enumerate() {
        for (k, &n) in row.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let var = r
                .surround
                .as_ref()
                .and_then(|sur| sur.removed_var(&b.layout, p, k))
                .filter(|_| p < b.nplayers && k < b.nkinds);
            let Some(v) = var else {
                return err("removed men are given but the variant removes none");
            };
            s.vars[v.0 as usize] = n;
        }
    }
    Ok(())
}

/// The gates of `gating ... above`: each of a listed kind, above a square
/// of its owner's region where its owner's man stands, one per square.
fn read_gates<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    gates: &[(PlayerId, Square, PieceId)],
) -> Result<(), PositionError> {
    if gates.is_empty() {
        return Ok(());
    }
    let b = &t.base;
    let Some(g) = &t.rules.gates else {
        return err("gates are given but the variant has no `gating ... above`");
    };
    for &(p, sq, k) in gates {
        let name = || b.geo.name(sq);
        if !g.kinds.contains(&k) {
            return err(format!(
                "a gate above {} holds a kind that is not gated",
                name()
            ));
        }
        let Some(v) = g.var_of(p, sq) else {
            return err(format!(
                "a gate above {} is not on its owner's gating region",
                name()
            ));
        };
        if s.vars[v.0 as usize] != 0 {
            return err(format!("two gates above {}", name()));
        }
        let man = s.at(sq);
        if man.is_empty() || man.owner() != p {
            return err(format!(
                "a gate above {} has no man of its owner on its square",
                name()
            ));
        }
        s.vars[v.0 as usize] = k as u32 + 1;
    }
    Ok(())
}

/// The raw data of a state.
pub(crate) fn to_raw<B: Bits>(t: &Compiled<B>, s: &State<B>) -> RawPosition {
    let b = &t.base;
    let r = &t.rules;
    let men = (s.occ & !s.walls)
        .iter()
        .map(|sq| {
            let m = s.at(sq);
            RawMan {
                at: sq,
                kind: m.kind(),
                owner: m.owner(),
                facing: m.facing(),
                unmoved: s.unmoved.contains(sq),
                promoted: m.promoted(),
            }
        })
        .collect();
    let counts = |src: &[[u8; crate::ir::MAX_PIECES]]| -> Vec<Vec<u32>> {
        (0..b.nplayers)
            .map(|p| (0..b.nkinds).map(|k| src[p][k] as u32).collect())
            .collect()
    };
    let extra = Extra {
        swaps: (0..b.nplayers)
            .map(|p| {
                r.swaps
                    .as_ref()
                    .map_or(0, |sw| sw.used_by(s, p as PlayerId))
            })
            .collect(),
        passes: r.passing.as_ref().map_or(0, |pa| pa.count(s)),
        counting: r.counting.as_ref().and_then(|c| {
            let limit = s.var(c.limit);
            (limit > 0).then(|| (limit, s.var(c.ply)))
        }),
        turn_index: r
            .turns
            .as_ref()
            .filter(|tr| tr.plan.growing || tr.plan.first.is_some())
            .map(|tr| tr.index(s)),
        turn_left: r.turns.as_ref().and_then(|tr| {
            let left = tr.left(s);
            (left != tr.length(s.turn, tr.index(s))).then_some(left)
        }),
        roll: r.dice.as_ref().map_or(0, |d| d.roll(s)),
        faces: r.faces.as_ref().map_or_else(Vec::new, |f| f.texts(s)),
        gates: r.gates.as_ref().map_or_else(Vec::new, |g| g.live(s)),
        scores: r.scores.as_ref().map_or_else(Vec::new, |sc| sc.all(b, s)),
        lion_barred: r.lion_trade.as_ref().is_some_and(|lt| lt.is_barred(s)),
        checks: r.checks.as_ref().map_or_else(Vec::new, |c| {
            (0..b.nplayers).map(|p| c.given(s, p as PlayerId)).collect()
        }),
        removed: (0..b.nplayers)
            .map(|p| {
                (0..b.nkinds)
                    .map(|k| {
                        r.surround
                            .as_ref()
                            .and_then(|sur| sur.removed_var(&b.layout, p, k))
                            .map_or(0, |v| s.var(v))
                    })
                    .collect()
            })
            .collect(),
    };
    let (decks, must_move) = match &r.deck {
        Some(d) => (
            d.cards_of(s),
            (0..b.nplayers)
                .filter(|&p| d.owes_move(s, p as PlayerId))
                .fold(0u8, |m, p| m | 1 << p),
        ),
        None => (Vec::new(), 0),
    };
    RawPosition {
        men,
        walls: s.walls.iter().collect(),
        turn: s.turn,
        hands: counts(&s.hands),
        pools: counts(&s.pools),
        prisons: if t.rules.captures.rule == crate::ir::Captures::ToPrison {
            counts(&s.prisons)
        } else {
            Vec::new()
        },
        en_passant: s
            .ep
            .iter()
            .flatten()
            .map(|r| RawEp {
                victim: r.victim,
                targets: r.targets().to_vec(),
                eligible: r.eligible.bits(),
            })
            .collect(),
        quiet: s.quiet,
        ply: s.ply,
        alive: s.alive.bits(),
        extra,
        decks,
        must_move,
        origin: s.origin,
    }
}
