//! Elimination of players in games of more than two: a player with no legal
//! action is eliminated when the variant's checkmate or stalemate rule says
//! `-> eliminated`; the royal men are removed and the rest of the army
//! passes to the mover, to a surviving partner, or leaves the board
//! (`eliminated army to ...`).
//!
//! With `checked after_every_move`, every other player still in the game is
//! examined after each action, in turn order from the mover, and the pass is
//! repeated until nothing changes (an army transfer can mate a third
//! player). With `checked at_own_turn`, only the player whose turn comes is
//! examined (again and again while players drop out).
//!
//! Eliminations are part of the action (a consequence applied by a full
//! make, not by the make of a legality test); every change goes through the
//! journal, so unmake takes them back like any other.

use super::castling::Castling;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{PlayerSet, Square, State};
use crate::engine::movement::{
    enemies, royal_attacked, royal_attacked_after, royal_square_attacked, royals,
};
use crate::ir::{ArmyTo, EliminationCheck, Event, Outcome, PlayerId, Variant};

/// The elimination rules of a variant (more than two players and a
/// checkmate or stalemate rule with `-> eliminated`).
#[derive(Clone, Copy, Debug)]
pub struct Elimination {
    pub mate: bool,
    pub stalemate: bool,
    pub army_to: ArmyTo,
    pub checked: EliminationCheck,
}

impl Elimination {
    pub fn new(v: &Variant, nplayers: usize) -> Option<Elimination> {
        let first = |e: Event| v.end.iter().find(|r| r.when == e).map(|r| r.then);
        let mate = first(Event::Checkmate) == Some(Outcome::Eliminated);
        let stalemate = first(Event::Stalemate) == Some(Outcome::Eliminated);
        (nplayers > 2 && (mate || stalemate)).then_some(Elimination {
            mate,
            stalemate,
            army_to: v.elimination.army_to,
            checked: v.elimination.checked,
        })
    }

    /// Whether `q`, whose royal men are `ks`, is eliminated now;
    /// `has_action` says whether a player has a legal action (as if it were
    /// their turn), told the square of the player's only royal when it is
    /// known to be safe (`safe`).
    fn out_now<B: Bits, F>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        q: PlayerId,
        ks: B,
        safe: bool,
        has_action: &mut F,
    ) -> Option<Out>
    where
        F: FnMut(&mut State<B>, PlayerId, Option<Square>) -> bool,
    {
        let mated = self.mate.then_some(Out::Mated);
        // A player whose every royal was captured (possible with three or
        // more players: one opponent checks, another takes) is out as if
        // mated.
        if !t.royal_kinds.is_empty() && ks.is_empty() {
            return mated;
        }
        if has_action(s, q, if safe { ks.first() } else { None }) {
            return None;
        }
        if royal_attacked(t, s, q) {
            mated
        } else {
            self.stalemate.then_some(Out::Stalemated)
        }
    }

    /// Apply the eliminations after `mover`'s action. `seen` is what the
    /// action may tell about the royals' safety (see [`Seen`]); the players
    /// found safe are left in `State::safe` for the next action. Returns
    /// the players it eliminated, mated and stalemated (for `score`).
    pub fn after_action<B: Bits, F>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        mover: PlayerId,
        mut seen: Seen,
        mut has_action: F,
    ) -> Eliminated
    where
        F: FnMut(&mut State<B>, PlayerId, Option<Square>) -> bool,
    {
        let l = &t.layout;
        let mut any = false;
        let mut out = Eliminated::default();
        let mut safe = PlayerSet::EMPTY;
        // Every player's royal men, when the pass found them (found again
        // after a change).
        let mut royals_now = None;
        match self.checked {
            EliminationCheck::AfterEveryMove => loop {
                let mut changed = false;
                let mut q = mover;
                // (Changes only when someone is eliminated.)
                let mut over = one_team_left(t, s.alive);
                let mut royal_men = s.pids_bb(&t.royal_pids);
                for _ in 0..t.nplayers {
                    q = if q as usize + 1 == t.nplayers {
                        0
                    } else {
                        q + 1
                    };
                    if over || q == mover || !s.alive.contains(q) {
                        continue;
                    }
                    let ks = royal_men & s.by_player[q as usize];
                    let q_safe = seen.safe(t, s, q, ks);
                    if let Some(how) = self.out_now(t, s, q, ks, q_safe, &mut has_action) {
                        out.note(q, how);
                        let to = self.receiver(t, s, q, mover);
                        self.eliminate(t, s, castling, q, to);
                        any = true;
                        changed = true;
                        over = one_team_left(t, s.alive);
                        royal_men = s.pids_bb(&t.royal_pids);
                        // The board changed beyond the move: look again.
                        seen.moved = None;
                    } else if q_safe {
                        safe.insert(q);
                    }
                }
                royals_now = Some(royal_men);
                if !changed {
                    break;
                }
            },
            EliminationCheck::AtOwnTurn => {
                while !one_team_left(t, s.alive) && s.turn != mover {
                    let Some(how) =
                        self.out_now(t, s, s.turn, royals(t, s, s.turn), false, &mut has_action)
                    else {
                        break;
                    };
                    let q = s.turn;
                    out.note(q, how);
                    let to = self.receiver(t, s, q, mover);
                    self.eliminate(t, s, castling, q, to);
                    any = true;
                    let next = s.next_player(l, q);
                    s.set_turn(l, next);
                }
            }
        }
        if any && !s.alive.contains(s.turn) {
            let next = s.next_player(l, s.turn);
            s.set_turn(l, next);
        }
        if seen.mover_safe(t, s, mover, royals_now) {
            safe.insert(mover);
        }
        // After an elimination the safety found before it may be stale.
        s.safe = if any { PlayerSet::EMPTY } else { safe };
        out
    }

    /// Who inherits `q`'s army when `mover`'s action eliminates `q`.
    fn receiver<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        q: PlayerId,
        mover: PlayerId,
    ) -> Option<PlayerId> {
        match self.army_to {
            ArmyTo::Nobody => None,
            ArmyTo::Mover => Some(mover),
            ArmyTo::Partner => Some(partner(t, s, q).unwrap_or(mover)),
        }
    }

    /// `q` resigns: it leaves the game, its royals are removed, and its army
    /// goes to a surviving partner under `eliminated army to partner`;
    /// otherwise (nobody delivered the elimination) the army leaves the
    /// board. The turn passes to the next player still in.
    pub fn resign<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        q: PlayerId,
    ) {
        let to = match self.army_to {
            ArmyTo::Partner => partner(t, s, q),
            ArmyTo::Nobody | ArmyTo::Mover => None,
        };
        self.eliminate(t, s, castling, q, to);
        if !s.alive.contains(s.turn) {
            let next = s.next_player(&t.layout, s.turn);
            s.set_turn(&t.layout, next);
        }
    }

    /// Eliminate `q`: remove the royals, pass the army to `receiver` (or
    /// off the board).
    fn eliminate<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        q: PlayerId,
        receiver: Option<PlayerId>,
    ) {
        let l = &t.layout;
        // Has-moved flags of squares left empty no longer count (cleared
        // while the man still stands there, for the hash).
        for sq in royals(t, s, q) {
            s.set_unmoved(l, sq, false);
            s.take(l, sq);
        }
        for sq in s.by_player[q as usize] {
            if receiver.is_none() {
                s.set_unmoved(l, sq, false);
            }
            let man = s.take(l, sq);
            if let Some(r) = receiver {
                s.put(l, sq, man.with_owner(r));
            }
        }
        let mut alive = s.alive;
        alive.remove(q);
        s.set_alive(alive);
        // En passant: q's records go, and q may no longer take any (slot
        // `p` is player `p % players`'s, see `en_passant`).
        for p in 0..s.ep.len() {
            let Some(mut r) = s.ep[p] else {
                continue;
            };
            r.eligible.remove(q);
            let next = if p % t.nplayers == q as usize || r.eligible.is_empty() {
                None
            } else {
                Some(r)
            };
            s.set_ep(l, p as PlayerId, next);
        }
        if let Some(c) = castling {
            c.refresh_key(t, s);
        }
    }
}

/// How a player was found out of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    Mated,
    Stalemated,
}

/// The players one pass eliminated, by how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eliminated {
    pub mated: PlayerSet,
    pub stalemated: PlayerSet,
}

impl Eliminated {
    fn note(&mut self, q: PlayerId, how: Out) {
        match how {
            Out::Mated => self.mated.insert(q),
            Out::Stalemated => self.stalemated.insert(q),
        }
    }
}

/// What an action tells the elimination pass about the royals' safety.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    /// Whether to look at all: the fast legality test uses what is found
    /// (plain leaps and rides only); elsewhere it would be wasted.
    pub look: bool,
    /// The players whose royal was safe before the action
    /// (`State::safe` then).
    pub before: PlayerSet,
    /// The squares of a plain move that changed the board only there.
    pub moved: Option<(Square, Square)>,
}

impl Seen {
    /// Whether `q`'s lone royal (`ks`: its royal men) is safe now (false
    /// when `q` has more or fewer royals than one, or when not looking):
    /// from the move when it was safe before, else by the full test.
    fn safe<B: Bits>(&self, t: &Base<B>, s: &State<B>, q: PlayerId, ks: B) -> bool {
        if !self.look {
            return false;
        }
        let Some(k) = ks.first() else {
            return false;
        };
        if ks.more_than_one() {
            return false;
        }
        match self.moved {
            Some((from, to)) if self.before.contains(q) => {
                !royal_attacked_after(t, s, q, k, from, to)
            }
            _ => !royal_square_attacked(t, s, k, enemies(t, s, q), s.occ),
        }
    }

    /// Whether the mover's lone royal is safe after its plain move: the
    /// fast legality test let no such move leave it attacked.
    /// `royal_men`: every player's royal men, when the caller has them.
    fn mover_safe<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        mover: PlayerId,
        royal_men: Option<B>,
    ) -> bool {
        if !self.look || self.moved.is_none() {
            return false;
        }
        let ks = match royal_men {
            Some(r) => r & s.by_player[mover as usize],
            None => royals(t, s, mover),
        };
        ks.any() && !ks.more_than_one()
    }
}

/// A partner of `q` still in the game, if any.
fn partner<B: Bits>(t: &Base<B>, s: &State<B>, q: PlayerId) -> Option<PlayerId> {
    let mut mates = t.friends[q] & s.alive;
    mates.remove(q);
    mates.lowest()
}

/// Whether the players still in the game form a single team.
pub fn one_team_left<B: Bits>(t: &Base<B>, alive: PlayerSet) -> bool {
    alive.iter().all(|p| t.friends[p] & alive == alive)
}

#[cfg(test)]
mod tests {
    use crate::engine::core::{Bits, MoveList, Square, State};
    use crate::engine::movement::{enemies, royal_square_attacked, royals};
    use crate::engine::position::checked::{with_pos, Position};
    use crate::engine::position::movegen;
    use crate::engine::tables::Compiled;
    use crate::engine::testing::{each_random_position, XorShift};
    use crate::engine::Tables;
    use std::sync::Arc;

    /// Four players on a small board, eliminated when mated or stalemated
    /// (the rule text is written here).
    const TEXT: &str = "variant four \"Four\" {
  players white, red, black, green
  board 8x8
  piece king K moves \"K\" royal
  piece queen Q moves \"Q\"
  piece rook R moves \"R\"
  piece bishop B moves \"B\"
  piece knight N moves \"N\"
  piece pawn P moves \"fmW fcF\"
  setup {
    white: K a1, R c1, B b2, N a3, Q d1, P a2 facing north, P b3 facing north, P c2 facing east
    red:   rotate white 90
    black: rotate white 180
    green: rotate white 270
  }
  eliminated army to mover, checked after_every_move
  end {
    checkmate -> eliminated
    stalemate -> eliminated
  }
}
";

    /// The safety the elimination pass leaves for the next action (found
    /// from the move where it can be) is true wherever it is claimed, and
    /// the game goes exactly as without it: the same players eliminated
    /// and the same legal moves, against the tables that test every move
    /// (which never claim anything).
    #[test]
    fn royals_claimed_safe_after_an_action_are_not_attacked() {
        let v = crate::engine::testing::variant_from_text("four.variant", TEXT);
        let fast = Arc::new(Tables::new(&v).expect("compiles"));
        assert!(fast.uses_fast_legality());
        let slow = Arc::new(Tables::new(&v).expect("compiles").without_fast_legality());
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let (mut claims, mut eliminated) = (0usize, 0usize);
        for _ in 0..60 {
            let mut p = Position::start(fast.clone()).expect("starts");
            let mut q = Position::start(slow.clone()).expect("starts");
            for _ in 0..120 {
                let moves = p.legal_moves();
                let others = q.legal_moves();
                // (The same moves; the two paths list them in other orders.)
                assert_eq!(moves.len(), others.len(), "{}", p.fen());
                assert!(moves.iter().all(|m| others.contains(m)), "{}", p.fen());
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                p.make(mv);
                q.make(mv);
                let alive = with_pos!(&p.inner, _c, s => s.alive);
                assert_eq!(alive, with_pos!(&q.inner, _c, s => s.alive), "{}", p.fen());
                eliminated += 4 - alive.len() as usize;
                with_pos!(&q.inner, _c, s => assert!(s.safe.is_empty()));
                with_pos!(&p.inner, c, s => {
                    for who in s.safe.iter() {
                        let ks = royals(&c.base, s, who);
                        assert!(!ks.more_than_one(), "{}", p.fen());
                        let k = ks.first().expect("a royal");
                        let enemy = enemies(&c.base, s, who);
                        assert!(
                            !royal_square_attacked(&c.base, s, k, enemy, s.occ),
                            "{}",
                            p.fen()
                        );
                        claims += 1;
                    }
                });
            }
        }
        assert!(claims > 10_000, "{claims}");
        assert!(eliminated > 0, "no game had an elimination");
    }

    /// Every square as the witness hint of every player whose lone royal is
    /// safe: the hint is taken at its word only when its man has a legal
    /// move (a man that is pinned, on the royal's lines or gone is not),
    /// and "has this player a legal action?" gets the same answer as with
    /// no hint. The number of hints taken.
    fn witnesses_agree<B: Bits>(c: &Compiled<B>, s: &mut State<B>) -> usize {
        let mut hits = 0;
        let (turn, saved) = (s.turn, s.witness);
        for q in s.alive.iter() {
            let ks = royals(&c.base, s, q);
            let Some(k) = ks.first() else { continue };
            if ks.more_than_one()
                || royal_square_attacked(&c.base, s, k, enemies(&c.base, s, q), s.occ)
            {
                continue;
            }
            s.turn = q;
            s.witness[q as usize] = k;
            let expected = movegen::has_legal(c, s);
            let mut legal = MoveList::new();
            movegen::gen_legal(c, s, &mut legal);
            for i in 0..B::SQUARES.min(256) {
                let w = Square::new(i);
                s.witness[q as usize] = w;
                let hit = movegen::witness_moves(c, s, k);
                // Taken at its word only when its man has a legal move.
                assert!(!hit || legal.iter().any(|m| m.from() == Some(w)));
                hits += hit as usize;
                assert_eq!(movegen::has_legal_known(c, s, Some(k)), expected);
            }
        }
        s.turn = turn;
        s.witness = saved;
        hits
    }

    /// A witness square taken at its word only where its man surely has a
    /// legal move: tried on every square at every position of random
    /// games, the answer never changes.
    #[test]
    fn a_witness_square_is_taken_only_when_its_man_can_move() {
        let v = crate::engine::testing::variant_from_text("four.variant", TEXT);
        let t = Arc::new(Tables::new(&v).expect("compiles"));
        let (mut hits, mut positions) = (0usize, 0usize);
        each_random_position(&t, 0x2545_f491_4f6c_dd1d, 12, 100, |p| {
            hits += with_pos!(&mut p.inner, c, s => witnesses_agree(c, s));
            positions += 1;
        });
        assert!(positions > 500, "{positions}");
        assert!(hits > 5_000, "{hits}");
    }
}
