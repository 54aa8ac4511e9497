//! Make and unmake. An action is applied by the rule module of its kind,
//! then the consequences run in order; every change goes through the
//! state's journal, so unmake is [`State::rewind`] to the [`Mark`] that
//! make returns.

use crate::engine::core::Bits;
use crate::engine::core::{Man, Mark, Move, Square, State};
use crate::engine::rules::{captures, drops, en_passant, gating, walls, Applied, OnCapture};
use crate::engine::tables::Compiled;
use crate::ir::KindSet;
use crate::ir::PlayerId;

/// Make a move (assumed pseudo-legal) without the eliminations it causes
/// (legality tests use this); returns where to rewind to.
pub(crate) fn make<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move) -> Mark {
    let mark = s.mark();
    let (b, r) = (&t.base, &t.rules);
    let l = &b.layout;
    let me = s.turn;
    if let Some(d) = &r.deck {
        d.before_action(b, s, mv);
    }
    // `lion trading`: the counter-strike bar the action leaves, judged
    // before it is made (out of line), set after.
    let bar = r.lion_trade.as_deref().map(|lt| lt.bars_next(s, mv));
    let mut a = Applied {
        castle_flags: clear_flags(t, s, mv),
        ..Applied::default()
    };
    apply(t, s, me, mv, &mut a);
    s.set_quiet(if a.reset { 0 } else { s.quiet + 1 });
    s.set_ply(s.ply + 1);
    let next = if a.stay { me } else { s.next_player(l, me) };
    s.set_turn(l, next);
    r.after_action(b, s, me, mv, &a);
    if let (Some(lt), Some(bar)) = (r.lion_trade.as_deref(), bar) {
        lt.set(l, s, bar);
    }
    mark
}

/// The action itself, by the rule of its kind, telling `a` what it did.
#[inline(always)]
fn apply<B: Bits>(t: &Compiled<B>, s: &mut State<B>, me: PlayerId, mv: Move, a: &mut Applied) {
    let (b, r) = (&t.base, &t.rules);
    let l = &b.layout;
    // Kinds whose placed men count as moved: the castling kinds, and
    // every kind where gating reads the flags.
    let castle_kinds = if r.gating.is_some() {
        !KindSet::EMPTY
    } else {
        r.castle_kinds()
    };
    let quiet = &r.quiet;
    // A placement takes its man from the hand, unless hands are unlimited.
    let from_hand = !r.drops.as_ref().is_some_and(|d| d.unlimited);
    match mv {
        Move::Normal { from, to, promote }
        | Move::Lame {
            from, to, promote, ..
        } => {
            let cap = s.at(to);
            if !cap.is_empty() {
                s.take(l, to);
                a.reset |= quiet.capture;
                a.captured = Some(cap);
                captures::captured(&r.captures, b, s, me, cap);
            }
            let man = match promote {
                Some(k) => {
                    a.reset |= quiet.promotion;
                    let man = s.take(l, from);
                    let placed = promoted(t, s, man, k);
                    s.put(l, to, placed);
                    man
                }
                None => s.shift(l, from, to),
            };
            a.reset |= quiet.kinds.contains(man.kind());
            if let Move::Lame { dir, .. } = mv {
                a.ep = Some(en_passant::record_of(b, from, to, dir));
            }
            if !cap.is_empty() {
                a.castle_flags |= after_capture(t, s, mv, to, cap, man);
            }
        }
        Move::EnPassant {
            from,
            to,
            victim,
            promote,
        } => {
            let cap = s.take(l, victim);
            a.reset |= quiet.capture;
            a.captured = Some(cap);
            captures::captured(&r.captures, b, s, me, cap);
            let man = s.take(l, from);
            a.reset |= quiet.kinds.contains(man.kind());
            let placed = match promote {
                Some(k) => {
                    a.reset |= quiet.promotion;
                    promoted(t, s, man, k)
                }
                None => man,
            };
            s.put(l, to, placed);
            a.castle_flags |= after_capture(t, s, mv, to, cap, man);
        }
        Move::Castle {
            from,
            to,
            partner,
            partner_to,
        }
        | Move::CastleGate {
            from,
            to,
            partner,
            partner_to,
            ..
        } => {
            let royal = s.take(l, from);
            let rook = s.take(l, partner);
            a.reset |= quiet.castling || quiet.kinds.contains(royal.kind());
            s.put(l, to, royal);
            s.put(l, partner_to, rook);
            if let Some((piece, at)) = mv.gated() {
                gating::gate(b, s, me, piece, at);
            }
        }
        Move::Gate { from, to, piece } => {
            let cap = s.at(to);
            if !cap.is_empty() {
                s.take(l, to);
                a.reset |= quiet.capture;
                a.captured = Some(cap);
                captures::captured(&r.captures, b, s, me, cap);
            }
            let man = s.take(l, from);
            a.reset |= quiet.kinds.contains(man.kind());
            s.put(l, to, man);
            gating::gate(b, s, me, piece, from);
        }
        Move::Walled { .. } => walled(t, s, me, mv, a),
        Move::Drop {
            piece,
            to,
            promoted,
        } => {
            let face = match (promoted, &r.drops) {
                (true, Some(d)) => d.promoted_form(piece).unwrap_or(piece),
                _ => piece,
            };
            drops::place(b, s, castle_kinds, me, piece, face, to, from_hand);
            a.reset |= quiet.place;
            if let (Some(d), false) = (&r.drops, promoted) {
                a.stay = d.extra_action(piece);
                a.castle_flags |= d.mark_unmoved(b, s, me, piece, to);
            }
        }
        Move::Exchange { give, piece, to } => exchange(t, s, me, give, piece, to, castle_kinds, a),
        Move::PlaceAndMove { piece, at, to } => {
            drops::place(b, s, castle_kinds, me, piece, piece, at, from_hand);
            a.reset |= quiet.place;
            s.set_unmoved(l, at, false);
            if !s.at(to).is_empty() {
                s.take(l, to);
            }
            let man = s.take(l, at);
            s.put(l, to, man);
        }
        Move::PlaceAndReturn {
            piece,
            at,
            returned,
        } => {
            drops::place(b, s, castle_kinds, me, piece, piece, at, from_hand);
            a.reset |= quiet.place;
            let back: Man = s.take(l, returned);
            s.add_hand(l, back.owner(), back.kind(), 1);
        }
        Move::PlaceAndRemove { piece, at, removed } => {
            drops::place(b, s, castle_kinds, me, piece, piece, at, from_hand);
            a.reset |= quiet.place;
            s.take(l, removed);
        }
        Move::Draw { .. } | Move::DrawJoker { .. } | Move::Reveal { .. } => {
            if let Some(d) = &r.deck {
                let (stay, removed) = d.apply(b, s, castle_kinds, mv);
                a.stay = stay;
                if removed.is_some() {
                    a.reset |= quiet.capture;
                } else if matches!(mv, Move::Draw { .. }) {
                    a.reset |= quiet.place;
                }
            }
        }
        Move::Swap { a: x, b: y } => {
            if let Some(sw) = &r.swaps {
                sw.apply(b, s, me, x, y);
            }
        }
        Move::Promote { from, to, piece } => {
            let man = s.take(l, from);
            a.reset |= quiet.promotion || quiet.kinds.contains(man.kind());
            let placed = man.with_kind(piece);
            let placed = if r.captures.demotes() {
                placed.with_promoted(true)
            } else {
                placed
            };
            s.put(l, to, placed);
        }
        Move::Lion { from, mid, to } => lion(t, s, me, from, mid, to, a),
        Move::Suicide { at } => {
            // The man leaves the game: the board changes for good, as on
            // a capture.
            s.take(l, at);
            a.reset |= quiet.capture;
        }
        Move::Pass => {}
        Move::Resign => {
            if let Some(e) = &r.elimination {
                e.resign(b, s, r.castling.as_ref(), me);
            }
        }
    }
}

/// What follows the capture of `cap` by the board move `mv` (ending on
/// `to`) of `man` (as it stood before the move), once the capturer has
/// landed: the blast (`explode on capture`), the rebirth (`captures reborn
/// [capturer]`), the return (`captures in place`) or the petrification
/// (`petrify`). Returns whether a castling kind's flag changed. One test
/// for the variants with none (always inlined: one test on the capture
/// path).
#[inline(always)]
fn after_capture<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mv: Move,
    to: Square,
    cap: Man,
    man: Man,
) -> bool {
    match t.rules.on_capture {
        OnCapture::Nothing => false,
        OnCapture::Explode => explode(t, s, to),
        OnCapture::Reborn => reborn(t, s, mv, cap),
        OnCapture::InPlace => back_in_place(t, s, mv, to),
        OnCapture::Petrify(kinds) => petrify(t, s, to, man, kinds),
    }
}

/// `petrify`: a capturer of a listed kind (`kinds`, a bit per kind; its
/// kind before the move) leaves the game and its landing square becomes a
/// wall (out of line: few variants have it). Returns false: its has-moved
/// flag was cleared before the move.
#[inline(never)]
fn petrify<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    to: Square,
    man: Man,
    kinds: KindSet,
) -> bool {
    if kinds.contains(man.kind()) {
        let l = &t.base.layout;
        s.take(l, to);
        s.set_wall(l, to, true);
    }
    false
}

/// `captures in place`: the capturer, landed on `to`, goes back to the
/// square it left, if its kind captures in place (out of line: few
/// variants have it). Its kind never promotes by capturing
/// ([`crate::engine::rules::Promotion`] leaves such captures out), so the
/// man that goes back is the man that came. Returns false: no has-moved
/// flag changes (both squares' flags were cleared before the move).
#[inline(never)]
fn back_in_place<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move, to: Square) -> bool {
    let man = s.at(to);
    if let (Some(from), false) = (mv.from(), man.is_empty()) {
        if t.rules.in_place.contains(man.kind()) && from != to && s.at(from).is_empty() {
            s.shift(&t.base.layout, to, from);
        }
    }
    false
}

/// The rebirth of a capture (out of line: few variants have it).
#[inline(never)]
fn reborn<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move, cap: Man) -> bool {
    let r = &t.rules;
    r.rebirth
        .is_some_and(|rb| rb.after_capture(&t.base, s, mv, cap, r.castle_kinds()))
}

/// The blast of a capture that ended on `to` (`explode on capture`): its
/// men leave the game. Returns whether a castling kind's flag changed.
#[inline]
fn explode<B: Bits>(t: &Compiled<B>, s: &mut State<B>, to: Square) -> bool {
    let Some(x) = &t.rules.explosion else {
        return false;
    };
    let mut castle = false;
    // Walls are no men: a blast leaves them standing.
    for sq in x.blast(s, to, s.occ & !s.walls) {
        castle |= clear_flag(t, s, Some(sq));
        s.take(&t.base.layout, sq);
    }
    castle
}

/// The man a promotion makes, marked promoted where captured men are demoted.
#[inline]
fn promoted<B: Bits>(t: &Compiled<B>, s: &mut State<B>, man: Man, k: crate::ir::PieceId) -> Man {
    let m = t.rules.promotion.apply(&t.base, s, man, k);
    if t.rules.marks_promoted {
        m.with_promoted(true)
    } else {
        m
    }
}

/// Clear the has-moved flags of the squares an action touches (read before
/// the board changes). Returns whether a castling kind's flag changed.
#[inline]
fn clear_flags<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move) -> bool {
    let mut castle = clear_flag(t, s, mv.from());
    castle |= clear_flag(t, s, mv.to());
    castle |= clear_flag(t, s, mv.aux_square());
    castle
}

#[inline]
fn clear_flag<B: Bits>(t: &Compiled<B>, s: &mut State<B>, sq: Option<Square>) -> bool {
    match sq {
        Some(sq) if s.unmoved.contains(sq) => {
            let man = s.at(sq);
            s.set_unmoved(&t.base.layout, sq, false);
            !man.is_empty() && t.rules.castle_kinds().contains(man.kind())
        }
        _ => false,
    }
}

/// Make of a hostage exchange (`captures to prison`): the hostage `give`
/// to its owner's hand, the actor's man of `piece` out of that owner's
/// prison and onto `to`, as a plain placement. Out of line: `make` of
/// other variants is as it was.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn exchange<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    me: PlayerId,
    give: crate::ir::PieceId,
    piece: crate::ir::PieceId,
    to: Square,
    castle_kinds: KindSet,
    a: &mut Applied,
) {
    let (b, r) = (&t.base, &t.rules);
    let l = &b.layout;
    let opp = crate::engine::rules::exchange::Exchange::opponent(me);
    s.add_prison(l, me, give, -1);
    s.add_hand(l, opp, give, 1);
    s.add_prison(l, opp, piece, -1);
    drops::place(b, s, castle_kinds, me, piece, piece, to, false);
    a.reset |= r.quiet.place;
    if let Some(d) = &r.drops {
        a.castle_flags |= d.mark_unmoved(b, s, me, piece, to);
    }
}

/// Make of a walled move (`then place wall`, `then move wall`): the board
/// move, then the wall. Kept out of line so variants without walls keep
/// `make` as it was.
#[inline(never)]
fn walled<B: Bits>(t: &Compiled<B>, s: &mut State<B>, me: PlayerId, mv: Move, a: &mut Applied) {
    let (base, wall) = mv.split_wall();
    apply(t, s, me, base, a);
    if let (Some(w), Some(wr)) = (wall, &t.rules.walls) {
        walls::place(&t.base, s, wr, w, &mut a.ep);
    }
}

/// Make of a move of two steps (`lion`): the man on `mid` taken if any,
/// then the man on `to` (unless the move ends where it began), and the
/// mover put on `to`. Out of line: `make` of other variants is as it was.
#[inline(never)]
fn lion<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    me: PlayerId,
    from: Square,
    mid: Square,
    to: Square,
    a: &mut Applied,
) {
    let (b, r) = (&t.base, &t.rules);
    let l = &b.layout;
    let quiet = &r.quiet;
    for sq in [mid, to] {
        if sq == from {
            continue;
        }
        let cap = s.at(sq);
        if !cap.is_empty() {
            s.take(l, sq);
            a.reset |= quiet.capture;
            a.captured = Some(cap);
            captures::captured(&r.captures, b, s, me, cap);
        }
    }
    let man = if to == from {
        s.at(from)
    } else {
        s.shift(l, from, to)
    };
    a.reset |= quiet.kinds.contains(man.kind());
}
