//! The rule modules: one file per rule kind, each compiled from the IR
//! into its own data and filling only the hook points it needs.
//!
//! | hook | when | rule kinds |
//! |---|---|---|
//! | source | generating actions | board moves (with en passant, castling, promotion), promotions as actions, drops, hostage exchanges, deck, swap, suicide (`actions ..., suicide`), pass (`actions ..., pass`) |
//! | guard | before a source runs | board moves (`move requires`), first action, deck (a returned card, a lost player) |
//! | constraint | after an action, for it to be legal | royal safety, limit box, connectivity |
//! | filter | on the whole legal list | pass when stuck, `facing ...: must break`, `turn checks last only` |
//! | consequence | after an action, as part of it | captures, promotion, en passant, castling rights, passes, swap uses, surround, counting, limit box, elimination, the turn plan (who acts next) |
//! | ending | deciding the result | `endings` (the one place), reading surround, hands, passes, decks, elimination, material |
//!
//! Dispatch is static: every hook is a `match` over an enum or an
//! `Option` of a rule's data, so a variant pays only for the rules it has.
//! Rule modules depend on the core, the compile stage and movement, never
//! on positions, move generation or status; where a rule needs to know
//! whether a player has a legal action (elimination, endings), the caller
//! passes that in.

use crate::engine::core::Bits;
use crate::ir::KindSet;
pub(crate) mod board_moves;
pub(crate) mod captures;
pub(crate) mod castling;
pub(crate) mod check_bound;
pub(crate) mod checks;
pub(crate) mod connectivity;
pub(crate) mod constraint;
pub(crate) mod counting;
pub(crate) mod deck;
pub(crate) mod dice;
pub(crate) mod drops;
pub(crate) mod elimination;
pub(crate) mod en_passant;
pub(crate) mod enclose;
pub(crate) mod endings;
pub(crate) mod exchange;
pub(crate) mod explosion;
pub(crate) mod faces;
pub(crate) mod facing;
pub(crate) mod first_action;
pub(crate) mod flip;
pub(crate) mod gates;
pub(crate) mod gating;
pub(crate) mod goals;
pub(crate) mod layers;
pub(crate) mod limit_box;
pub(crate) mod lion;
pub(crate) mod lion_trade;
pub(crate) mod material;
pub(crate) mod move_where;
pub(crate) mod pass;
pub(crate) mod pred;
pub(crate) mod promote_action;
pub(crate) mod promotion;
pub(crate) mod quiet;
pub(crate) mod rebirth;
pub(crate) mod scores;
pub(crate) mod sink;
pub(crate) mod strike;
pub(crate) mod suicide;
pub(crate) mod surround;
pub(crate) mod swap;
pub(crate) mod turns;
pub(crate) mod walls;

use crate::engine::compile::{atoms::lame_path_len, AKind, Base, CompileError};
use crate::engine::core::{EpRecord, Layout, Move, State};
use crate::ir::{EndRule, PlayerId};

pub(crate) use board_moves::BoardMoves;
pub(crate) use captures::CaptureRule;
pub(crate) use castling::Castling;
pub(crate) use check_bound::CheckBound;
pub(crate) use checks::CheckCount;
pub(crate) use constraint::{Constraints, Legality};
pub(crate) use deck::DeckRule;
pub(crate) use drops::Drops;
pub(crate) use elimination::{Elimination, Seen};
pub(crate) use en_passant::EnPassant;
pub use endings::{Cause, Share, Status};
pub(crate) use explosion::Explosion;
pub(crate) use first_action::FirstAction;
pub(crate) use gating::Gating;
pub(crate) use goals::Goals;
pub(crate) use pass::Passing;
pub(crate) use promote_action::PromoteAction;
pub(crate) use promotion::Promotion;
pub(crate) use quiet::QuietResets;
pub(crate) use sink::{Any, Count, Sink, Tactical, Tally};
pub(crate) use surround::Surround;
pub(crate) use swap::Swaps;
pub(crate) use turns::Turns;
pub(crate) use walls::Walls;

/// What the action itself did, for the consequences.
#[derive(Clone, Copy, Debug, Default)]
pub struct Applied {
    /// The action resets the quiet-move counter.
    pub reset: bool,
    /// The same player acts again (a joker, a returned card, an extra action).
    pub stay: bool,
    /// A lame move left this en-passant record.
    pub ep: Option<EpRecord>,
    /// A has-moved flag of a castling kind changed.
    pub castle_flags: bool,
    /// The man the action captured (set by the moves that capture).
    pub captured: Option<crate::engine::core::Man>,
}

/// What follows a capture on the board (see [`Rules::on_capture`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnCapture {
    Nothing,
    /// `explode on capture`.
    Explode,
    /// `captures reborn [capturer]`.
    Reborn,
    /// `captures in place`: the capturer goes back to the square it left.
    InPlace,
    /// `petrify PIECE, ...`: a capturer of these kinds (bit per kind)
    /// becomes a wall.
    Petrify(KindSet),
}

impl OnCapture {
    fn of(explode: bool, reborn: bool, in_place: bool, petrify: KindSet) -> OnCapture {
        match (explode, reborn, in_place) {
            (true, _, _) => OnCapture::Explode,
            (false, true, _) => OnCapture::Reborn,
            (false, false, true) => OnCapture::InPlace,
            _ if !petrify.is_empty() => OnCapture::Petrify(petrify),
            _ => OnCapture::Nothing,
        }
    }

    /// Whether walls may stand on the board (a petrified man leaves one).
    pub fn walls(&self) -> bool {
        matches!(self, OnCapture::Petrify(_))
    }
}

/// Every rule of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Rules<B: Bits> {
    pub captures: CaptureRule,
    pub promotion: Promotion<B>,
    /// `promote ... as action` (a source of promotions of their own).
    pub promote_action: Option<PromoteAction<B>>,
    /// `lion "BETZA"`: moves of two steps (a source beside the board
    /// moves).
    pub lion: Option<Box<lion::Lion>>,
    /// `lion trading ...`: the lion trading rules (judged in the capture
    /// probe, their bar set in make).
    pub lion_trade: Option<Box<lion_trade::LionTrade>>,
    pub en_passant: Option<EnPassant<B>>,
    pub castling: Option<Castling<B>>,
    pub board_moves: BoardMoves<B>,
    pub drops: Option<Drops<B>>,
    /// `actions ..., exchange` (a source of hostage exchanges, beside the
    /// placements: `captures to prison`).
    pub exchange: Option<exchange::Exchange>,
    /// `gating PIECE, ... in REGION` (a source of board moves with a man
    /// put on the square left).
    pub gating: Option<Gating<B>>,
    /// `gating PIECE, ... above REGION`: per-square gates (a consequence).
    pub gates: Option<gates::Gates>,
    /// `then place wall [reached]` (board moves followed by a wall).
    pub walls: Option<Walls>,
    pub deck: Option<DeckRule<B>>,
    pub swaps: Option<Swaps>,
    /// `actions ..., suicide`: an immobilised man leaves the game (a
    /// source beside the others).
    pub suicide: Option<suicide::Suicide>,
    /// `flip enclosed | touching SEL`.
    pub flips: Option<flip::Flips<B>>,
    pub passing: Option<Passing>,
    /// `facing PIECE: must break` (a filter on the legal list while the
    /// player to act faces).
    pub must_break: Option<facing::Facing<B>>,
    /// `move ... where`: the conditions on board moves, a filter of the
    /// legal list.
    pub move_where: Option<move_where::MoveWhere<B>>,
    pub first_action: Option<FirstAction>,
    pub constraints: Constraints<B>,
    pub surround: Option<Surround>,
    pub elimination: Option<Elimination>,
    /// `reach`, `count`, `extinct` and `checks` endings (a guard and the
    /// first ending).
    pub goals: Option<Goals<B>>,
    /// The check counts of `checks N`.
    pub checks: Option<CheckCount>,
    /// `score ...`: each player's points for events (`rules::scores`).
    pub scores: Option<scores::Scores>,
    /// Promoted men keep their mark (`~`): captures demote them, or a
    /// capture scores them apart (`score capture ..., promoted N`).
    pub marks_promoted: bool,
    /// `counting lone | board: ...` (the counts `counted out` ends).
    pub counting: Option<counting::Counting>,
    /// `turn actions ...`: turns of several actions.
    pub turns: Option<Turns>,
    /// `dice N: ...`: the roll decides which kinds may move.
    pub dice: Option<dice::Dice>,
    /// `must capture` (a filter on the legal list).
    pub must_capture: bool,
    /// `while in check` and `initial ... not in check | lost when aimed by`.
    pub check_bound: Option<CheckBound>,
    /// `face down KIND, ...`: the slots of the face-down men and their
    /// true kinds' variables (`rules::faces`).
    pub faces: Option<faces::Faces>,
    /// `board ... layers N`: the pass to the next layer after each board
    /// move, and its test (`rules::layers`).
    pub layers: Option<layers::Layers>,
    /// `explode on capture`.
    pub explosion: Option<Explosion<B>>,
    /// `mutually immune`: kinds whose men may not capture their own kind
    /// (bit mask).
    pub mutually_immune: KindSet,
    /// `captures reborn [capturer]` (Circe, Anti-Circe).
    pub rebirth: Option<rebirth::Rebirth>,
    /// `captures in place`: the kinds whose captures leave the capturer
    /// on its square (bit mask).
    pub in_place: KindSet,
    /// Some kind captures by approach or withdrawal, or immobilises
    /// ([`crate::engine::compile::strikes::Strikes`]).
    pub strikes: bool,
    /// Captures must each be made and tested, never taken from the
    /// pseudo-legal list: `mutually immune` or rebirth (the one test the
    /// generation pays for both).
    pub special_captures: bool,
    /// What happens on the board after a capture, once the capturer has
    /// landed: nothing, an explosion or a rebirth (the one test `make`
    /// pays for both).
    pub on_capture: OnCapture,
    /// A probe must make some actions whole: a rebirth (its third square),
    /// a capture in place (the capturer does not land) or a promotion into
    /// a royal kind under `check ... when at most N` (the one test the
    /// probes pay for them all).
    pub probe_by_make: bool,
    pub quiet: QuietResets,
    /// `dead material` patterns, for the ending `insufficient material`.
    pub dead_material: Option<material::DeadMaterial>,
    /// The end rules, in the order written.
    pub end: Vec<EndRule>,
    /// The end rules compiled for the endings' walk.
    pub end_steps: endings::Steps,
    /// Some rule has a consequence after every action (see
    /// [`Rules::after_action`]).
    any_consequence: bool,
    /// Some rule moves a man again or takes more men after a move (layers,
    /// strikers: [`Rules::move_again`]).
    moves_again: bool,
    /// `check ... when at most N`: the variable that tells whether the
    /// last action brought a royal man in ([`crate::engine::compile::RoyalCheck`]).
    royal_made: Option<crate::engine::core::Var>,
}

impl<B: Bits> Rules<B> {
    /// Compile every rule of `base.variant`; rule variables are allocated
    /// in `layout` (the base's layout, completed).
    pub fn new(base: &Base<B>, layout: &mut Layout) -> Result<Rules<B>, CompileError> {
        let v = &base.variant;
        let captures = captures::compile(v)?;
        let promotion = Promotion::new(base)?;
        let promote_action = PromoteAction::new(base)?;
        let lion = lion::Lion::new(base).map(Box::new);
        let lion_trade = lion_trade::LionTrade::new(v, base.nkinds, layout).map(Box::new);
        let traded = lion_trade.is_some();
        let en_passant = EnPassant::new(v, base, captures.any());
        if en_passant.is_some() {
            check_lame_paths(base)?;
        }
        let castling = Castling::new(v, base)?;
        if let Some(c) = &castling {
            layout.tracked_kinds |= c.kinds();
        }
        let board_moves = BoardMoves::new(v, base);
        let drops = Drops::new(v, base);
        let gating = Gating::new(v, base);
        let gates = gates::Gates::new(v, base, layout);
        if gating.is_some() {
            // Every man's has-moved flag is kept: it is the right to gate.
            layout.tracked_kinds = KindSet::first(base.nkinds);
        }
        let deck = DeckRule::new(v, base, layout).map_err(CompileError::Setup)?;
        let swaps = Swaps::new(v, layout);
        let passing = Passing::new(v, layout);
        let surround = Surround::new(v, layout);
        let constraints = Constraints::new(v, base);
        if surround.is_some() || !constraints.connected.is_empty() {
            // Both grow sets of men by a row or a column with shifts.
            base.needs_row_major()?;
        }
        let checks = CheckCount::new(v, layout);
        let scores = scores::Scores::new(v, layout);
        let marks_promoted =
            captures.demotes() || scores.as_ref().is_some_and(|s| s.marks_promoted());
        let counting = counting::Counting::new(base, layout);
        let flips = flip::Flips::new(v, base);
        let check_bound = CheckBound::new(v);
        let turns = Turns::new(v, layout);
        let dice = dice::Dice::new(v, base, layout);
        if let Some(tr) = turns.as_ref().filter(|tr| tr.plan.royal_safe_at_end) {
            // The checker's guard, for an IR made another way.
            let long =
                (0..base.nplayers as PlayerId).any(|p| tr.length(p, 0) > 2 || tr.length(p, 1) > 2);
            if base.nplayers != 2 || long || tr.plan.growing {
                return Err(CompileError::Other(
                    "`turn royal safe at end` is carried for two players and turns of at most two actions".into(),
                ));
            }
        }
        let royal_made = match base.royal_check {
            crate::engine::compile::RoyalCheck::AtMost { made, .. } => Some(made),
            _ => None,
        };
        let rebirth = rebirth::Rebirth::new(base);
        let in_place = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.captures_in_place)
            .map(|(k, _)| k as crate::ir::PieceId)
            .collect::<KindSet>();
        let strikers = base
            .strikes
            .as_ref()
            .is_some_and(|st| !st.strikers().is_empty());
        let layers = layers::Layers::new(base);
        let faces = faces::Faces::new(v, base, layout);
        let moves_again = layers.is_some() || strikers;
        if layers.is_some() {
            refuse_on_layers(
                drops.is_some()
                    || Walls::new(v).is_some()
                    || gating.is_some()
                    || gates.is_some()
                    || deck.is_some()
                    || swaps.is_some()
                    || flips.is_some()
                    || surround.is_some()
                    || !constraints.connected.is_empty()
                    || rebirth.is_some()
                    || !in_place.is_empty()
                    || base.strikes.is_some()
                    || turns.is_some()
                    || promote_action.is_some()
                    || v.turn.explosion.is_some(),
            )?;
        }
        let any_consequence = layers.is_some()
            || faces.is_some()
            || gates.is_some()
            || dice.is_some()
            || strikers
            || turns.is_some()
            || royal_made.is_some()
            || flips.is_some()
            || en_passant.is_some()
            || castling.is_some()
            || passing.is_some()
            || surround.is_some()
            || checks.is_some()
            || scores.is_some()
            || counting.is_some()
            || check_bound.as_ref().is_some_and(|c| c.aims());
        let dead_material = material::DeadMaterial::new(base);
        let elimination = Elimination::new(v, base.nplayers);
        let mutually_immune = v
            .turn
            .mutually_immune
            .iter()
            .filter(|&&k| (k as usize) < base.nkinds)
            .collect::<KindSet>();
        // `promote ... from prison`: captures and promotions change which
        // attacks count, so they are made and tested whole.
        let prison_promotion = promotion.uses_prisons();
        Ok(Rules {
            captures,
            promotion,
            promote_action,
            lion,
            lion_trade,
            en_passant,
            castling,
            board_moves,
            exchange: exchange::Exchange::new(v).filter(|_| drops.is_some()),
            drops,
            gating,
            gates,
            walls: Walls::new(v),
            deck,
            swaps,
            suicide: suicide::Suicide::new(v, base),
            flips,
            passing,
            must_break: facing::Facing::must_break(v, base),
            move_where: move_where::MoveWhere::new(v, base),
            first_action: FirstAction::new(v),
            constraints,
            surround,
            elimination,
            goals: Goals::new(base, checks.as_ref(), passing.as_ref()),
            checks,
            marks_promoted,
            scores,
            counting,
            turns,
            dice,
            must_capture: v.turn.must_capture,
            check_bound,
            explosion: Explosion::new(v, base),
            mutually_immune,
            special_captures: !mutually_immune.is_empty()
                || prison_promotion
                || traded
                || layers.is_some()
                || rebirth.is_some()
                || !in_place.is_empty()
                || base.strikes.is_some(),
            on_capture: OnCapture::of(
                v.turn.explosion.is_some(),
                rebirth.is_some(),
                !in_place.is_empty(),
                v.turn.petrify.iter().collect::<KindSet>(),
            ),
            probe_by_make: rebirth.is_some()
                || royal_made.is_some()
                || prison_promotion
                || !in_place.is_empty()
                || strikers
                || layers.is_some(),
            layers,
            faces,
            rebirth,
            in_place,
            strikes: base.strikes.is_some(),
            quiet: QuietResets::new(v),
            end_steps: endings::Steps::new(&v.end, dead_material.is_some(), elimination.is_some()),
            dead_material,
            end: v.end.clone(),
            any_consequence,
            moves_again,
            royal_made,
        })
    }

    /// Whether walls may stand on the board: placed after moves (`then
    /// place wall`, `then move wall`) or left by petrified men (`petrify`).
    pub fn has_walls(&self) -> bool {
        self.walls.is_some() || self.on_capture.walls()
    }

    /// Whether the legal actions are the legal board moves and nothing else:
    /// no other source (placements, cards, swaps, walls, gating), no
    /// filter of the list (`must capture`, passing when stuck, a goal
    /// reached, a first action), no connectivity split. Then "has the
    /// player a legal action" goes straight to the board moves.
    pub fn board_only(&self) -> bool {
        self.plain_list() && self.goals.is_none() && self.drops.is_none()
    }

    /// No source of actions besides board moves and placements (cards,
    /// dice, exchanges, walls, gating, promotion actions, lions, swaps,
    /// suicides),
    /// and no filter of the list (`must capture`, passing, `must break`,
    /// `move ... where`, a first action, connectivity, the turn-plan
    /// rules): what [`Rules::board_only`] and [`Rules::tactical_alone`]
    /// both ask.
    fn plain_list(&self) -> bool {
        self.deck.is_none()
            && self.dice.is_none()
            && !self.must_capture
            && self.exchange.is_none()
            && self.passing.is_none()
            && self.must_break.is_none()
            && self.move_where.is_none()
            && self.walls.is_none()
            && self.gating.is_none()
            && self.promote_action.is_none()
            && self.lion.is_none()
            && self.swaps.is_none()
            && self.suicide.is_none()
            && self.first_action.is_none()
            && self.constraints.connected.is_empty()
            && !self
                .turns
                .as_ref()
                .is_some_and(|tr| tr.plan.checks_last_only || tr.plan.royal_safe_at_end)
    }

    /// Whether the tactical actions (captures on the destination, en
    /// passant, promotions) can be generated alone, as the legal board
    /// moves that are tactical (`position::tactical`, quiescence's list):
    /// the legal actions are the legal board moves
    /// ([`Rules::board_only`]) and, where men are placed from the hand,
    /// the placements (never tactical) without `must place` (which makes
    /// a board move illegal while a placement is legal), and goals (a
    /// position where one is reached takes the whole generation, whose
    /// guard reads it); and no man takes off its destination (`captures
    /// by ...`, whose captures look quiet).
    pub fn tactical_alone(&self) -> bool {
        let placements_only = self.drops.as_ref().is_some_and(|d| !d.must_place);
        self.plain_list() && (self.drops.is_none() || placements_only) && !self.strikes
    }

    /// Whether a plain board move (a man from one square to another,
    /// taking what stands there) changes the board on those two squares
    /// only: no blast, no flips, no men taken by surrounding, no deck.
    pub fn plain_moves_local(&self) -> bool {
        !self.strikes
            && self.layers.is_none()
            && self.explosion.is_none()
            && self.rebirth.is_none()
            && self.in_place.is_empty()
            && self.flips.is_none()
            && self.surround.is_none()
            && self.deck.is_none()
            && self.faces.is_none()
    }

    /// Whether board moves must each be tested one by one (made or probed):
    /// explosions, captures barred between kinds, royals counted together
    /// or made by promotion rule out checkers-and-pins generation.
    pub fn needs_move_tests(&self, base: &Base<B>) -> bool {
        self.explosion.is_some()
            || self.special_captures
            || base.royal_check != crate::engine::compile::RoyalCheck::Any
            || self.promotion.makes_royal(base)
    }

    /// Kinds whose has-moved flags feed castling (bit mask).
    #[inline]
    pub fn castle_kinds(&self) -> KindSet {
        self.castling.as_ref().map_or(KindSet::EMPTY, |c| c.kinds())
    }

    /// What an action probed on the board is checked against.
    #[inline]
    pub fn legality(&self, split: bool) -> Legality<'_, B> {
        Legality {
            constraints: &self.constraints,
            surround: self.surround.as_ref(),
            split,
            known: constraint::Known::NOTHING,
        }
    }

    /// The parts the endings read.
    pub fn ending_parts(&self) -> endings::Parts<'_, B> {
        endings::Parts {
            end: &self.end,
            steps: &self.end_steps,
            surround: self.surround.as_ref(),
            passing: self.passing.as_ref(),
            deck: self.deck.as_ref(),
            elimination: self.elimination.as_ref(),
            goals: self.goals.as_ref(),
            dead_material: self.dead_material.as_ref(),
            counting: self.counting.as_ref(),
            scores: self.scores.as_ref(),
        }
    }

    /// The consequences of `me`'s action `mv`, in their fixed order: flips,
    /// en passant, castling rights, passes, surround, check counts, aimed
    /// castlers, counting, the turn plan. Each is one test of whether the variant has the rule (no
    /// loop over a list: the set-up work of a loop was done for every
    /// action, whatever rules it held).
    #[inline]
    pub fn after_action(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, mv: Move, a: &Applied) {
        if !self.any_consequence {
            return;
        }
        if self.moves_again {
            return self.after_moving_again(t, s, me, mv, a);
        }
        // The record and the capture as the action made them, read in
        // place (building a pair of them cost every make).
        self.consequences(t, s, me, mv, a, &a.ep, a.captured.is_some());
    }

    /// [`Rules::after_action`] where a consequence moves a man again or
    /// takes more men (out of line): the record that stands after it and
    /// whether the action captured, then the rest.
    #[inline(never)]
    fn after_moving_again(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        mv: Move,
        a: &Applied,
    ) {
        let (ep_made, captured) = self.move_again(t, s, me, mv, a);
        self.consequences(t, s, me, mv, a, &ep_made, captured);
    }

    /// The consequences after the man's own moves: `ep_made`, the
    /// en-passant record the action leaves, `captured`, whether it took a
    /// man.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn consequences(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        mv: Move,
        a: &Applied,
        ep_made: &Option<EpRecord>,
        captured: bool,
    ) {
        if let Some(g) = &self.gates {
            // First: the man that enters counts for the rest.
            g.after_action(t, s, me, mv);
        }
        if let Some(f) = &self.faces {
            // First: what a man turned face up attacks counts for the rest.
            f.after_action(t, s, mv);
        }
        if let Some(f) = &self.flips {
            cold(|| f.after_action(t, s, me, mv));
        }
        if let Some(ep) = &self.en_passant {
            if ep.per_turn {
                // Before the turn plan below moves on to the next action.
                let first = self.turns.as_ref().is_none_or(|tr| tr.at_start(s, me));
                ep.after_turn_action(t, s, me, ep_made, mv, first);
            } else {
                ep.after_action(t, s, me, ep_made);
            }
        }
        if let (Some(c), true) = (&self.castling, a.castle_flags) {
            c.refresh_key(t, s);
        }
        if let Some(p) = &self.passing {
            p.after_action(t, s, me, mv, self.must_break.as_ref());
        }
        // Past the limit the action is illegal (it is about to be taken
        // back): the end rules do not apply.
        if let Some(sur) = &self.surround {
            if limit_box::fits(t, s) {
                cold(|| sur.after_action(t, s));
            }
        }
        if let Some(c) = &self.checks {
            cold(|| c.after_action(t, s, me));
        }
        if let Some(sc) = &self.scores {
            cold(|| sc.after_action(t, s, me, a.captured));
        }
        if let Some(c) = self.check_bound.as_ref().filter(|c| c.aims()) {
            cold(|| c.after_action(t, s, me, mv));
        }
        if let Some(c) = &self.counting {
            cold(|| c.after_action(t, s, me, mv, a.captured));
        }
        if let Some(v) = self.royal_made {
            cold(|| royal_made(t, s, me, mv, v));
        }
        // Last: it may hand the turn back to `me`.
        if let Some(tr) = &self.turns {
            tr.after_action(t, s, me, captured);
        }
        // The next player's roll is not known yet.
        if let Some(d) = &self.dice {
            s.set_var(&t.layout, d.roll, 0);
        }
    }
}

/// Under `check ... when at most N`: note the square of a royal man of
/// `me`'s the action brought in (a promotion into a royal kind, a
/// placement or a gating of one), which the royal rule leaves out for
/// this action (see [`crate::engine::compile::RoyalCheck::AtMost`]).
fn royal_made<B: Bits>(
    t: &Base<B>,
    s: &mut State<B>,
    me: PlayerId,
    mv: Move,
    v: crate::engine::core::Var,
) {
    let royal = |k: crate::ir::PieceId| t.royal_kinds.contains(k);
    let placed = mv.placed().map(|k| {
        if mv.placed_promoted() {
            t.variant.pieces[k as usize].promotes_to.unwrap_or(k)
        } else {
            k
        }
    });
    let at = if mv.promotion().is_some_and(royal) || placed.is_some_and(royal) {
        match mv {
            Move::PlaceAndMove { .. } => mv.aux_square(),
            _ => mv.to(),
        }
    } else {
        mv.gated().filter(|&(k, _)| royal(k)).map(|(_, at)| at)
    };
    let at = at.filter(|&q| s.at(q).owner() == me && !s.at(q).is_empty());
    s.set_var(
        &t.layout,
        v,
        at.map_or(0, |q| crate::engine::movement::made_royal_value(q, me)),
    );
}

/// Run `f` out of line: a consequence that few variants have stays out of
/// the code every action runs (inlined, its set-up work was done for every
/// action of every variant).
#[inline(never)]
fn cold(f: impl FnOnce()) {
    f()
}

impl<B: Bits> Rules<B> {
    /// The consequences that move a man again or take more men after its
    /// move (out of line, behind one flag: only boards in layers and
    /// strikers have them): the pass to the next layer, then the men
    /// taken by approach, withdrawal, leaping, coordination or custody.
    /// Returns the en-passant record that stands after the pass and
    /// whether the action captured.
    #[inline(never)]
    fn move_again(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        mv: Move,
        a: &Applied,
    ) -> (Option<EpRecord>, bool) {
        let mut ep_made = a.ep;
        if let Some(ly) = &self.layers {
            ep_made = ly.after_action(t, s, mv, a.ep);
        }
        let mut captured = a.captured.is_some();
        if let Some(st) = t.strikes.as_deref().filter(|st| !st.strikers().is_empty()) {
            if strike::after_move(t, st, &self.captures, s, me, mv, a.captured.is_some()) > 0 {
                captured = true;
                if self.quiet.capture {
                    s.set_quiet(0);
                }
            }
        }
        (ep_made, captured)
    }
}

/// En-passant targets are kept for lame moves passing at most 3 squares.
fn check_lame_paths<B: Bits>(t: &Base<B>) -> Result<(), CompileError> {
    for p in &t.atoms.patterns {
        for a in &p.moves {
            if !matches!(a.kind, AKind::Lame | AKind::LameRide) {
                continue;
            }
            for &d in &a.dirs {
                if lame_path_len(t.atoms.dirs[d as usize].v) > 3 {
                    return Err(CompileError::Piece {
                        piece: t.variant.pieces[p.kind as usize].name.clone(),
                        message: "a lame move passing more than 3 squares cannot leave en-passant targets (at most 3)".into(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A board in layers carries board moves only (the checker refuses the
/// rest at its statements; this is the engine's own guard, for an IR made
/// another way).
fn refuse_on_layers(other: bool) -> Result<(), CompileError> {
    if other {
        return Err(CompileError::Board(
            "a board in layers carries board moves only: no placements, gating, walls, cards, swaps, flips, surrounding, connectivity, rebirth, explosions, captures in place or by approach, promotions as actions or turns of several actions".into(),
        ));
    }
    Ok(())
}
