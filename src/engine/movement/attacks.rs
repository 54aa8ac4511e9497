//! Attacks: where a man's atoms reach, and "is this square attacked?".

use crate::engine::compile::{AKind, Base, CAtom, RideGroup, RIDE_NONE};
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::PlayerId;

/// The squares an atom of a man on `from` reaches with the given occupancy:
/// every landing square, including the first man met by a rider (which it
/// would capture if it is an enemy). `friends` are the men a `passes_own`
/// rider may cross. Modes are not applied.
#[inline]
pub fn reach<B: Bits>(t: &Base<B>, a: &CAtom, from: Square, occ: B, friends: B) -> B {
    match a.kind {
        AKind::Leap => t.atoms.leap_bb[a.table as usize][from.index()],
        AKind::Ride => {
            let ray = if a.range == 0 {
                t.ray(a.dir, from)
            } else {
                t.atoms.ranged[a.table as usize][from.index()]
            };
            let blockers = if a.passes_own {
                ray & occ & !friends
            } else {
                ray & occ
            };
            match blockers.nearest(t.atoms.dirs[a.dir as usize].lowest) {
                Some(b) => ray & !t.ray(a.dir, b),
                None => ray,
            }
        }
        AKind::Hop => {
            let lowest = t.atoms.dirs[a.dir as usize].lowest;
            let full = t.ray(a.dir, from);
            let Some(screen) = (full & occ).nearest(lowest) else {
                return B::EMPTY;
            };
            let mut beyond = t.ray(a.dir, screen);
            if a.range > 0 {
                beyond &= t.atoms.ranged[a.table as usize][from.index()];
            }
            match (beyond & occ).nearest(lowest) {
                Some(b) => beyond & !t.ray(a.dir, b),
                None => beyond,
            }
        }
        AKind::Grasshop => {
            let lowest = t.atoms.dirs[a.dir as usize].lowest;
            let Some(hurdle) = (t.ray(a.dir, from) & occ).nearest(lowest) else {
                return B::EMPTY;
            };
            match t.ray(a.dir, hurdle).nearest(lowest) {
                Some(land) => B::from_square(land),
                None => B::EMPTY,
            }
        }
        AKind::Lame => {
            let mut out = B::EMPTY;
            for &d in &a.dirs {
                let st = t.lame_step(d, from);
                if let (Some(to), true) = (st.to, (st.path & occ).is_empty()) {
                    out.insert(to);
                }
            }
            out
        }
        AKind::LameRide => {
            let mut out = B::EMPTY;
            let mut cur = from;
            let mut n = 0u32;
            loop {
                let st = t.lame_step(a.dir, cur);
                let Some(to) = st.to else { break };
                if (st.path & occ).any() {
                    break;
                }
                out.insert(to);
                n += 1;
                if occ.contains(to) || (a.range != 0 && n >= a.range as u32) {
                    break;
                }
                cur = to;
            }
            out
        }
        AKind::WrapRide | AKind::WrapHop | AKind::WrapGrasshop => {
            wrap_reach(t, a, from, occ, friends)
        }
        AKind::Bent => bent_reach(t, a, from, occ),
    }
}

/// [`reach`] of a bent move ([`AKind::Bent`]): its first leg to each empty
/// turn square, then its second legs from there, the start square empty
/// (the man has left it), never back onto it. A square reached by two
/// paths is in the set once.
#[inline(never)]
fn bent_reach<B: Bits>(t: &Base<B>, a: &CAtom, from: Square, occ: B) -> B {
    let legs = &t.atoms.bent[a.table as usize];
    let turns = reach(t, &legs.first, from, occ, B::EMPTY) & !occ;
    let left = occ & !B::single(from);
    let mut out = B::EMPTY;
    for turn in turns {
        for leg in &legs.second {
            out |= reach(t, leg, turn, left, B::EMPTY);
        }
    }
    out & !B::single(from)
}

/// [`reach`] along a line that crosses a wrapped edge: the atom's compiled
/// line from `from` is followed square by square (at most `range` of them
/// for a ranged ride or hop), so nothing about the wrap is tested here.
#[inline(never)]
fn wrap_reach<B: Bits>(t: &Base<B>, a: &CAtom, from: Square, occ: B, friends: B) -> B {
    let line = t.atoms.lines[a.table as usize].from(from);
    let line = match a.range {
        0 => line,
        r => &line[..line.len().min(r as usize)],
    };
    let blocks = |q: Square| occ.contains(q) && !(a.passes_own && friends.contains(q));
    let mut out = B::EMPTY;
    match a.kind {
        AKind::WrapRide => {
            for &q in line {
                out.insert(q);
                if blocks(q) {
                    break;
                }
            }
        }
        AKind::WrapHop => {
            if let Some(k) = line.iter().position(|&q| occ.contains(q)) {
                for &q in &line[k + 1..] {
                    out.insert(q);
                    if occ.contains(q) {
                        break;
                    }
                }
            }
        }
        _ => {
            if let Some(k) = line.iter().position(|&q| occ.contains(q)) {
                if let Some(&q) = line.get(k + 1) {
                    out.insert(q);
                }
            }
        }
    }
    out
}

/// The screen a hop along a wrapped line jumps first (`AKind::WrapHop`).
#[inline(never)]
fn wrap_screen<B: Bits>(t: &Base<B>, a: &CAtom, from: Square, occ: B) -> Option<Square> {
    t.atoms.lines[a.table as usize]
        .from(from)
        .iter()
        .copied()
        .find(|&q| occ.contains(q))
}

/// [`reach`], where a hop (`AKind::Hop`) may not jump a man of `no_hurdle`.
#[inline(always)]
pub fn reach_over<B: Bits>(
    t: &Base<B>,
    a: &CAtom,
    from: Square,
    occ: B,
    friends: B,
    no_hurdle: B,
) -> B {
    if no_hurdle.any() {
        match a.kind {
            AKind::Hop => {
                let lowest = t.atoms.dirs[a.dir as usize].lowest;
                if let Some(screen) = (t.ray(a.dir, from) & occ).nearest(lowest) {
                    if no_hurdle.contains(screen) {
                        return B::EMPTY;
                    }
                }
            }
            AKind::WrapHop
                if wrap_screen(t, a, from, occ).is_some_and(|q| no_hurdle.contains(q)) =>
            {
                return B::EMPTY;
            }
            _ => {}
        }
    }
    reach(t, a, from, occ, friends)
}

/// The squares the man `man` on `from` attacks, with occupancy `occ`.
pub fn attack_set<B: Bits>(t: &Base<B>, s: &State<B>, from: Square, man: Man, occ: B) -> B {
    let p = &t.atoms.patterns[t.layout.pid(man)];
    // The union of the atoms' reaches: the plain leaps in one table, the
    // plain rides by direction, then the other atoms one by one.
    let ap = &p.attack_plan;
    let mut out = match ap.leaps {
        Some(i) => t.atoms.plan_bb[i as usize][from.index()],
        None => B::EMPTY,
    };
    for &d in &ap.rides {
        out |= super::ride(t, d, from, occ);
    }
    if !ap.rest.is_empty() || !p.zone_attacks.is_empty() {
        let friends = friends_bb(t, s, man.owner()) & occ;
        let unmoved = t.initial_open(s, from, man);
        let no_hurdle = if p.plan.no_hurdle.is_empty() {
            B::EMPTY
        } else {
            s.pids_bb(&p.plan.no_hurdle) & occ
        };
        for a in &ap.rest {
            if a.initial && !unmoved {
                continue;
            }
            out |= reach_over(t, a, from, occ, friends, no_hurdle);
        }
        for z in &p.zone_attacks {
            let m = t.atoms.masks[z.mask as usize];
            if m.contains(from) {
                let r = reach_over(t, &z.atom, from, occ, friends, no_hurdle);
                out |= if z.inside { r & m } else { r };
            }
        }
    }
    if !p.plan.immune.is_empty() {
        out &= !s.pids_bb(&p.plan.immune);
    }
    match p.plan.confine {
        Some(m) => out & t.atoms.masks[m as usize],
        None => out,
    }
}

/// Steps from `a` to `b` along a ride group's direction.
#[inline]
fn steps<B: Bits>(t: &Base<B>, g: &RideGroup, a: Square, b: Square) -> i32 {
    let (ax, ay) = t.geo.coords(a);
    let (bx, by) = t.geo.coords(b);
    let v = t.atoms.dirs[g.dir as usize].v;
    if v.0 != 0 {
        (bx - ax) / v.0
    } else {
        (by - ay) / v.1
    }
}

/// Whether `sq` is attacked by one of the men in `attackers`, with
/// occupancy `occ` (which may differ from the position's, e.g. without the
/// royal that is about to move). `attackers` must be a subset of `occ`.
pub fn attacked<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B, occ: B) -> bool {
    attacked_by(t, s, sq, attackers, attackers, occ)
}

/// The men of `attackers` that may attack along a line: those of a pattern
/// that rides (see [`Groups::rider_pids`]).
///
/// [`Groups::rider_pids`]: crate::engine::compile::Groups::rider_pids
#[inline]
pub fn riders<B: Bits>(t: &Base<B>, s: &State<B>, attackers: B) -> B {
    attackers & s.pids_bb(&t.groups.rider_pids)
}

/// [`attacked`] where `riders` holds at least the men of `attackers` that
/// ride ([`riders`]): only they are looked for along the lines.
#[inline]
pub fn attacked_by<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    sq: Square,
    attackers: B,
    riders: B,
    occ: B,
) -> bool {
    let g = &t.groups;
    let near = g.leap_near[sq.index()] & attackers;
    if near.any() && leap_attackers(t, s, sq, near).any() {
        return true;
    }
    let lines = g.ride_lines[sq.index()] & riders;
    if lines.any() && ride_attacked(t, s, sq, lines, occ) {
        return true;
    }
    // Hoppers and complex patterns, out of line: one test where neither
    // is used, so the common path stays small.
    g.hop_or_complex && hop_or_complex_attacked(t, s, sq, attackers, occ)
}

/// Whether a man of `attackers` attacks `sq` by a hop or by a complex
/// pattern (the rest of [`attacked_by`]).
#[inline(never)]
fn hop_or_complex_attacked<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> bool {
    if !t.groups.hop.is_empty() && hop_attacker(t, s, sq, attackers, occ).is_some() {
        return true;
    }
    if (t.groups.lame_near[sq.index()] & attackers).any() && lame_attacked(t, s, sq, attackers, occ)
    {
        return true;
    }
    for &pid in &t.groups.complex_pids {
        for from in s.by_pattern[pid as usize] & attackers {
            let man = s.board[from.index()];
            if attack_set(t, s, from, man, occ).contains(sq) {
                return true;
            }
        }
    }
    false
}

/// The men of `attackers` of a lame group's patterns that stand where
/// the group attacks `sq` from (see [`LameGroup`]).
///
/// [`LameGroup`]: crate::engine::compile::groups::LameGroup
#[inline]
fn lame_men<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    l: &crate::engine::compile::groups::LameGroup<B>,
    sq: Square,
    attackers: B,
) -> B {
    let mut men = l.near[sq.index()] & attackers;
    for from in men {
        if !l.member[t.layout.pid(s.board[from.index()])] {
            men.remove(from);
        }
    }
    men
}

/// Whether a man of `attackers` attacks `sq` by a lame leap of a lame
/// group, with the occupancy `occ`.
#[inline(never)]
fn lame_attacked<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B, occ: B) -> bool {
    t.groups.lame.iter().any(|l| {
        let men = lame_men(t, s, l, sq, attackers);
        men.any() && l.attacks(sq, men, occ)
    })
}

/// A man of `attackers` that attacks `sq` by a hop of a hop group (see
/// [`HopGroup`]): along each group's line from `sq`, the hurdle (the
/// nearest man, or for a grasshopper the square next to `sq`, which must
/// hold a man) and the nearest man past it, taken when it is one of
/// `attackers` whose pattern hops with the group.
///
/// [`HopGroup`]: crate::engine::compile::groups::HopGroup
#[inline(never)]
fn hop_attacker<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> Option<Square> {
    let g = &t.groups;
    let hoppers = attackers & g.hop_lines[sq.index()] & s.pids_bb(&g.hop_pids);
    if hoppers.is_empty() {
        return None;
    }
    for h in &g.hop {
        let ray = t.ray(h.rdir, sq);
        if (ray & hoppers).is_empty() {
            continue;
        }
        let hurdle = if h.grass {
            ray.nearest(h.lowest).filter(|&x| occ.contains(x))
        } else {
            (ray & occ).nearest(h.lowest)
        };
        let Some(hurdle) = hurdle else { continue };
        if let Some(a) = (t.ray(h.rdir, hurdle) & occ).nearest(h.lowest) {
            if hoppers.contains(a) && h.member[t.layout.pid(s.board[a.index()])] {
                return Some(a);
            }
        }
    }
    None
}

/// Whether one of the men `attackers`, all on some ride line of `sq`,
/// attacks it by a ride.
#[inline]
fn ride_attacked<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B, occ: B) -> bool {
    let gs = &t.groups;
    if !gs.ride_from.is_empty() && attackers.count() <= 2 {
        // Only the lines that hold a man are looked along, each once (a
        // square's lines rarely hold more than one or two of them; chess
        // has 8 groups). With more men on them, looking along every line
        // costs less.
        let row = &gs.ride_from[sq.index() * gs.ride_nsq..][..gs.ride_nsq];
        let mut left = attackers;
        while let Some(x) = left.first() {
            let gi = row[x.index()];
            if gi == RIDE_NONE {
                left.remove(x);
                continue;
            }
            let g = &gs.ride[gi as usize];
            let ray = t.ray(g.rdir, sq);
            if let Some(b) = (ray & occ).nearest(g.lowest) {
                if attackers.contains(b) && rides_to(t, s, g, b, sq) {
                    return true;
                }
            }
            // Every other man on this line stands behind the nearest.
            left &= !ray;
        }
        return false;
    }
    for g in &gs.ride {
        if ray_attacker(t, s, g, sq, attackers, occ).is_some() {
            return true;
        }
    }
    false
}

/// The nearest man on the line of ride group `g` from `sq`, when it is one
/// of `attackers` whose pattern rides this way far enough to reach `sq`.
#[inline(always)]
pub(super) fn ray_attacker<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    g: &RideGroup,
    sq: Square,
    attackers: B,
    occ: B,
) -> Option<Square> {
    let ray = t.ray(g.rdir, sq);
    if (ray & attackers).is_empty() {
        return None;
    }
    let b = (ray & occ).nearest(g.lowest)?;
    (attackers.contains(b) && rides_to(t, s, g, b, sq)).then_some(b)
}

/// Whether the man on `b` rides with group `g` (its pattern is a member)
/// far enough to reach `sq`.
#[inline]
pub fn rides_to<B: Bits>(t: &Base<B>, s: &State<B>, g: &RideGroup, b: Square, sq: Square) -> bool {
    match g.range.get(t.layout.pid(s.board[b.index()])) {
        Some(0) | None => false,
        Some(255) => true,
        Some(&r) => steps(t, g, b, sq) <= r as i32,
    }
}

/// The men of `near` (attackers standing where some leap group attacks
/// `sq` from, see `Groups::leap_near`) that attack `sq` with their own
/// pattern's leaps.
#[inline(always)]
pub fn leap_attackers<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, near: B) -> B {
    let g = &t.groups;
    let mut out = B::EMPTY;
    for from in near {
        let base = g.leap_of_pid[t.layout.pid(s.board[from.index()])];
        if let Some(rev) = g.rev_leap.get(base as usize) {
            if rev[sq.index()].contains(from) {
                out.insert(from);
            }
        }
    }
    out
}

/// The men of `attackers` that attack `sq` (with the position's occupancy).
pub fn attackers_of<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B) -> B {
    let occ = s.occ;
    let mut out = leap_attackers(t, s, sq, t.groups.leap_near[sq.index()] & attackers);
    for g in &t.groups.ride {
        if let Some(b) = ray_attacker(t, s, g, sq, attackers, occ) {
            out.insert(b);
        }
    }
    if !t.groups.hop.is_empty() {
        // Each hopper found is taken out and the lines looked along again.
        let mut left = attackers;
        while let Some(a) = hop_attacker(t, s, sq, left, occ) {
            out.insert(a);
            left.remove(a);
        }
    }
    for l in &t.groups.lame {
        let men = lame_men(t, s, l, sq, attackers);
        if men.any() {
            out |= l.attackers(sq, men, occ);
        }
    }
    for &pid in &t.groups.complex_pids {
        for from in s.by_pattern[pid as usize] & attackers {
            if attack_set(t, s, from, s.board[from.index()], occ).contains(sq) {
                out.insert(from);
            }
        }
    }
    out
}

/// Men friendly to `p` (p's and p's team mates').
#[inline(always)]
pub fn friends_bb<B: Bits>(t: &Base<B>, s: &State<B>, p: PlayerId) -> B {
    let set = t.friends[p];
    if set.len() == 1 {
        s.by_player[p as usize]
    } else {
        s.players_bb(set)
    }
}

/// Men that are enemies of `p` (not p's, not a team mate's).
#[inline]
pub fn enemies<B: Bits>(t: &Base<B>, s: &State<B>, p: PlayerId) -> B {
    s.occ & !(friends_bb(t, s, p) | s.walls)
}

/// Men of a kind.
#[inline]
pub fn kind_bb<B: Bits>(t: &Base<B>, s: &State<B>, kind: crate::ir::PieceId) -> B {
    s.pids_bb(&t.atoms.kind_pids[kind as usize])
}

/// Royal men of a player.
#[inline]
pub fn royals<B: Bits>(t: &Base<B>, s: &State<B>, p: PlayerId) -> B {
    if t.royal_pids.is_empty() {
        return B::EMPTY;
    }
    s.pids_bb(&t.royal_pids) & s.by_player[p as usize]
}

#[cfg(test)]
mod tests {
    use super::{attack_set, attacked, attacked_by, riders};
    use crate::engine::core::{Bits, Square};
    use crate::engine::position::checked::with_pos;
    use crate::engine::testing::each_random_position;
    use crate::engine::Tables;
    use std::sync::Arc;

    /// Leapers, unlimited and limited riders and a pawn on a small board
    /// (the rule text is written here).
    const TEXT: &str = "variant riders \"Riders\" {
  players white, black
  board 6x6
  piece king K moves \"K\" royal
  piece queen Q moves \"Q\"
  piece rook R moves \"R\"
  piece bishop B moves \"B\"
  piece knight N moves \"N\"
  piece short S moves \"R2F\"
  piece pawn P moves \"fmW fcF\"
  setup {
    white: K c1, Q d1, R a1, B b1, N e1, S f1, P a2..f2
    black: mirror white
  }
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
";

    #[test]
    fn attacks_looked_for_among_the_riders_are_the_attacks_of_every_man() {
        let v = crate::engine::testing::variant_from_text("riders.variant", TEXT);
        let tables = Arc::new(Tables::new(&v).expect("compiles"));
        let mut compared = 0usize;
        let mut attacked_squares = 0usize;
        each_random_position(&tables, 0x2545_f491_4f6c_dd1d, 40, 60, |p| {
            with_pos!(&p.inner, c, s => {
                let b = &c.base;
                for me in 0..2u8 {
                    let enemy = s.occ & !s.by_player[me as usize];
                    let r = riders(b, s, enemy);
                    assert!((r & !enemy).is_empty());
                    for i in 0..b.nsq {
                        let sq = Square::new(i);
                        let want = attacked(b, s, sq, enemy, s.occ);
                        let got = attacked_by(b, s, sq, enemy, r, s.occ);
                        assert_eq!(got, want, "square {i}, player {me}: {}", p.fen());
                        compared += 1;
                        attacked_squares += usize::from(want);
                    }
                }
            });
        });
        assert!(compared > 50_000, "{compared}");
        assert!(
            attacked_squares > compared / 4,
            "{attacked_squares} of {compared}"
        );
    }

    /// Riders, a limited rider, leapers and a pawn; `{board}` and
    /// `{extra}` (a dabbaba rider, whose lines run along the rook's, or
    /// nothing) are set per test.
    const LINES: &str = "variant lines \"Lines\" {
  players white, black
  board {board}
  piece king K moves \"K\" royal
  piece rook R moves \"R\"
  piece bishop B moves \"B\"
  piece knight N moves \"N\"
  piece queen Q moves \"Q\"
  {extra}
  piece short S moves \"R2F\"
  piece pawn P moves \"fmW fcF\"
  setup {
    white: K e1, R a1, B c1, N b1, D d1, S f1, R h1, P a2..h2
    black: mirror white
  }
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
";

    /// With the table of lines per pair of squares (8x8, no overlapping
    /// lines), without it where lines overlap (8x8 with a dabbaba rider)
    /// and on a board too large for it (9x9): a square is attacked exactly
    /// when some enemy man's forward attack set holds it.
    #[test]
    fn attacks_looked_for_along_the_lines_that_hold_a_man_match_the_forward_attacks() {
        let cases = [
            ("8x8", "piece dabbaba D moves \"R\"", true),
            ("8x8", "piece dabbaba D moves \"DD\"", false),
            ("9x9", "piece dabbaba D moves \"R\"", false),
        ];
        for (board, extra, table) in cases {
            let text = LINES.replace("{board}", board).replace("{extra}", extra);
            let v = crate::engine::testing::variant_from_text("lines.variant", &text);
            let tables = Arc::new(Tables::new(&v).expect("compiles"));
            let (mut compared, mut attacked_squares) = (0usize, 0usize);
            each_random_position(&tables, 0x9e37_79b9_7f4a_7c15, 30, 80, |p| {
                with_pos!(&p.inner, c, s => {
                    let b = &c.base;
                    assert_eq!(!b.groups.ride_from.is_empty(), table, "{board} {extra}");
                    for me in 0..2u8 {
                        let enemy = s.occ & !s.by_player[me as usize];
                        let r = riders(b, s, enemy);
                        let seen = enemy.iter().fold(s.occ & !s.occ, |acc, from| {
                            acc | attack_set(b, s, from, s.board[from.index()], s.occ)
                        });
                        for i in 0..b.nsq {
                            let sq = Square::new(i);
                            let want = seen.contains(sq);
                            let got = attacked_by(b, s, sq, enemy, r, s.occ);
                            assert_eq!(got, want, "{board} {extra}, square {i}, player {me}: {}", p.fen());
                            compared += 1;
                            attacked_squares += usize::from(want);
                        }
                    }
                });
            });
            assert!(compared > 100_000, "{board} {extra}: {compared}");
            assert!(
                attacked_squares > compared / 5,
                "{board} {extra}: {attacked_squares} of {compared}"
            );
        }
    }

    /// Lame leapers (a horse, an elephant confined to its half, a camel
    /// with a lame region atom that lands inside its region),
    /// men with leaps from a region (a soldier that steps sideways across
    /// the river), a confined leaper, a cannon and a rook on a 9x10 board
    /// (the rule text is written here).
    const LAME: &str = "variant lame \"Lame\" {
  players white, black
  board 9x10
  piece king K moves \"W\" royal
  piece advisor A moves \"F\"
  piece elephant B moves \"nA\"
  piece horse N moves \"nN\"
  piece rook R moves \"R\"
  piece cannon C moves \"mRcpR\"
  piece soldier P moves \"fW\"
  piece camel M moves \"nN\"
  region palace: white squares d1 e1 f1 d2 e2 f2 d3 e3 f3,
                 black squares d8 e8 f8 d9 e9 f9 d10 e10 f10
  region own_side: white ranks 1..5, black ranks 6..10
  region across_river: white ranks 6..10, black ranks 1..5
  setup {
    white: R a1 i1, N b1 h1, B c1 g1, A d1 f1, K e1, C b3 h3, P a4 c4 e4 g4 i4, M e3
    black: mirror white
  }
  confined king, advisor to palace
  confined elephant to own_side
  moves soldier in across_river: \"sW\"
  moves camel in across_river: \"nA\" inside
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
";

    /// Lame leaps and region leaps are looked for backwards (lame groups,
    /// leap groups with region atoms), no longer forward: a square is
    /// attacked exactly when some enemy man's forward attack set holds it.
    #[test]
    fn lame_and_region_attacks_looked_for_backwards_match_the_forward_attacks() {
        let v = crate::engine::testing::variant_from_text("lame.variant", LAME);
        let tables = Arc::new(Tables::new(&v).expect("compiles"));
        let (mut compared, mut attacked_squares) = (0usize, 0usize);
        each_random_position(&tables, 0x5851_f42d_4c95_7f2d, 40, 80, |p| {
            with_pos!(&p.inner, c, s => {
                let b = &c.base;
                assert!(b.groups.complex_pids.is_empty(), "no pattern is tested forward");
                assert!(!b.groups.lame.is_empty());
                for me in 0..2u8 {
                    let enemy = s.occ & !s.by_player[me as usize];
                    let seen = enemy.iter().fold(s.occ & !s.occ, |acc, from| {
                        acc | attack_set(b, s, from, s.board[from.index()], s.occ)
                    });
                    for i in 0..b.nsq {
                        let sq = Square::new(i);
                        let want = seen.contains(sq);
                        let got = attacked(b, s, sq, enemy, s.occ);
                        assert_eq!(got, want, "square {i}, player {me}: {}", p.fen());
                        let from: Vec<_> = enemy
                            .iter()
                            .filter(|&f| attack_set(b, s, f, s.board[f.index()], s.occ).contains(sq))
                            .collect();
                        let got: Vec<_> = super::attackers_of(b, s, sq, enemy).iter().collect();
                        assert_eq!(got, from, "attackers of square {i}: {}", p.fen());
                        compared += 1;
                        attacked_squares += usize::from(want);
                    }
                }
            });
        });
        assert!(compared > 100_000, "{compared}");
        assert!(
            attacked_squares > compared / 10,
            "{attacked_squares} of {compared}"
        );
    }

    /// Leaps, rides, a limited ride, a hop, a friend-passing rider, a
    /// leaper-rider compound and pawns (the rule text is written here).
    const MIXED: &str = "variant mixed \"Mixed\" {
  players white, black
  board 8x8
  piece king K moves \"K\" royal
  piece archbishop A moves \"BN\"
  piece dragon D moves \"Q\"  passes own
  piece cannon C moves \"mRcpR\"
  piece short S moves \"R2F\"
  piece knight N moves \"N\"
  piece pawn P moves \"fmW fcF\"
  setup {
    white: K e1, A b1, D d1, C a1, S f1, N g1, C h1, P a2..h2
    black: mirror white
  }
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
";

    /// The attack set read through the pattern's attack plan (leaps in one
    /// table, plain rides by direction, the rest atom by atom) is the union
    /// of every attack atom's reach, as each atom gives it alone.
    #[test]
    fn attack_sets_by_plan_are_the_union_of_every_atom() {
        use super::{friends_bb, reach_over};
        let v = crate::engine::testing::variant_from_text("mixed.variant", MIXED);
        let tables = Arc::new(Tables::new(&v).expect("compiles"));
        let mut compared = 0usize;
        each_random_position(&tables, 0x9e37_79b9_7f4a_7c15, 30, 80, |p| {
            with_pos!(&p.inner, c, s => {
                let b = &c.base;
                for from in s.occ {
                    let man = s.board[from.index()];
                    let pat = &b.atoms.patterns[b.layout.pid(man)];
                    let friends = friends_bb(b, s, man.owner()) & s.occ;
                    let unmoved = b.initial_open(s, from, man);
                    let mut want = s.occ & !s.occ;
                    for a in pat.attacks.iter().filter(|a| !a.initial || unmoved) {
                        want |= reach_over(b, a, from, s.occ, friends, s.occ & !s.occ);
                    }
                    let got = attack_set(b, s, from, man, s.occ);
                    assert_eq!(got, want, "square {}: {}", from.index(), p.fen());
                    compared += 1;
                }
            });
        });
        assert!(compared > 10_000, "{compared}");
    }
}
