//! Endings: the one place where a game's result is decided, from the
//! variant's `end` rules in the order written (the first that fires
//! decides) and the endings that follow from other rules (a revealed card
//! that cannot be placed, a single team left after eliminations).
//!
//! The rules read the position and, through [`Facts`], what only the game
//! knows: whether the player to act has a legal action (asked lazily, as it
//! costs a generation), how often the position has occurred, check.

use super::deck::DeckRule;
use super::elimination::{one_team_left, Elimination};
use super::goals::Goals;
use super::material;
use super::pass::Passing;
use super::surround::Surround;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{PlayerSet, State};
use crate::ir::{CheckPlus, EndRule, Event, Outcome, PieceId, PlayerId};

/// Which end rule fired.
#[derive(Clone, Debug, PartialEq)]
pub struct Cause {
    /// Index in `Variant::end`.
    pub rule: usize,
    pub event: Event,
    /// The game's points when they are not 1, ½ or 0 (a rule `score
    /// N/D`); `None` for every other rule.
    pub share: Option<Share>,
}

/// A share of the game other than 1, ½ or 0 (`score N/D`): `player`
/// scores `num/den` of it, the other player `(den - num)/den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub player: PlayerId,
    pub num: u16,
    pub den: u16,
}

/// The state of a game after its last action.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// No end rule fired (a draw may still be claimable).
    Ongoing,
    /// The game is over. `winners` is a bit mask of players; 0 is a draw.
    /// When the cause carries a [`Share`] (`score N/D`), `winners` is the
    /// player who scored more.
    Ended { winners: u8, cause: Cause },
    /// A rule fired whose outcome does not end the game: an elimination
    /// while several sides remain.
    Pending {
        cause: Cause,
        outcome: Outcome,
        subject: Option<PlayerId>,
    },
}

impl Status {
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Ended { .. })
    }
}

/// What the game knows beyond the position.
pub trait Facts {
    /// Whether the player to act has a legal action.
    fn has_legal(&mut self) -> bool;
    /// How many times the current position has occurred (1 = first time).
    fn occurrences(&mut self) -> u32;
    /// Whether a royal man of the player to act is attacked.
    fn in_check(&mut self) -> bool;
    /// The action that led to the position, when known.
    fn last_action(&mut self) -> Option<crate::engine::core::Move> {
        None
    }
    /// The player who made the action that led to the position, when
    /// known (`for mover`; `None`: a position with no action before it,
    /// such as one read from FEN, where such a rule does not fire).
    fn last_mover(&mut self) -> Option<PlayerId> {
        None
    }
    /// When the current position has occurred `n` times: the players who
    /// gave check with every one of their actions since the first of those
    /// `n` occurrences (each with at least one). Empty otherwise, or where
    /// the history is not kept.
    fn perpetual_checkers(&mut self, _n: u32) -> PlayerSet {
        PlayerSet::EMPTY
    }
    /// `back and forth N`: the player who just acted, if its last `moves`
    /// moves went back and forth (see [`crate::ir::Event::BackAndForth`]),
    /// a man of the `except` kinds (a mask) not counting. `None` where
    /// the history is not kept.
    fn back_and_forth(&mut self, _moves: u32, _except: u64) -> Option<PlayerId> {
        None
    }
    /// `perpetual chase`: when the current position has occurred
    /// `rule.times` times, the players who chased the same enemy man with
    /// every one of their actions since the first of those occurrences
    /// (see [`crate::ir::Event::PerpetualChase`]). Empty otherwise, or
    /// where the history is not kept.
    fn perpetual_chasers(&mut self, _rule: &crate::ir::Chase) -> PlayerSet {
        PlayerSet::EMPTY
    }
    /// `quiet ... plus K plies per check over M`: the most checks one
    /// player gave within the plies the clause counts (see
    /// [`super::quiet::most_checks`]); 0 where the history is not kept.
    fn quiet_checks(&mut self) -> u32 {
        0
    }
    /// The kinds of the men giving check to the player to act (a mask).
    fn checker_kinds(&mut self) -> u64 {
        0
    }
    /// The kinds of the men that gave check to the player to act at each
    /// of its turns back to the start of the current series of checks,
    /// this one included (a mask); where the history is not kept, this
    /// turn's only.
    fn check_series_kinds(&mut self) -> u64 {
        self.checker_kinds()
    }
}

/// The rules endings read.
#[derive(Clone, Copy)]
pub struct Parts<'a, B: Bits> {
    pub end: &'a [EndRule],
    pub steps: &'a Steps,
    pub surround: Option<&'a Surround>,
    pub passing: Option<&'a Passing>,
    pub deck: Option<&'a DeckRule<B>>,
    pub elimination: Option<&'a Elimination>,
    pub goals: Option<&'a Goals<B>>,
    pub dead_material: Option<&'a material::DeadMaterial>,
    pub counting: Option<&'a super::counting::Counting>,
    /// `score ...`: the players' points, which rank them where `most
    /// points` decides and at the end of a game of eliminations.
    pub scores: Option<&'a super::scores::Scores>,
}

/// The status of the game in state `s`.
pub fn status<B: Bits>(
    t: &Base<B>,
    parts: &Parts<B>,
    s: &State<B>,
    facts: &mut impl Facts,
) -> Status {
    if let Some(st) = forced(t, parts, s, facts) {
        return st;
    }
    // Goals are decided first, in the order written.
    if let Some(goals) = parts.goals {
        for g in &goals.goals {
            let subjects = goals.subjects(t, s, g);
            // A goal that waits for the player to act: the game goes on
            // while that player can still act (with all its actions: see
            // the guard in movegen).
            if !subjects.is_empty() && goals.waits(t, s, g, subjects) && facts.has_legal() {
                continue;
            }
            if let Some(st) = for_subjects(t, parts, s, g.rule, &parts.end[g.rule], subjects) {
                return st;
            }
        }
    }
    let me = s.turn;
    for &Step { rule: i, test } in &parts.steps.walk {
        if matches!(test, Test::Perpetual(_) | Test::Chase) {
            let checkers = match (test, &parts.end[i].when) {
                (Test::Perpetual(n), _) => facts.perpetual_checkers(n),
                (_, Event::PerpetualChase(rule)) => facts.perpetual_chasers(rule),
                _ => PlayerSet::EMPTY,
            } & s.alive;
            let rule = &parts.end[i];
            match checkers.lowest() {
                None => continue,
                Some(p) if checkers.len() == 1 => {
                    return outcome(t, parts, s, i, rule, p, rule.then)
                }
                // Both sides checked throughout: a draw.
                Some(_) => {
                    return Status::Ended {
                        winners: 0,
                        cause: Cause {
                            rule: i,
                            event: rule.when.clone(),
                            share: None,
                        },
                    }
                }
            }
        }
        if let Test::BackAndForth { moves, except } = test {
            match facts.back_and_forth(moves, except) {
                Some(p) if s.alive.contains(p) => {
                    let rule = &parts.end[i];
                    return outcome(t, parts, s, i, rule, p, rule.then);
                }
                _ => continue,
            }
        }
        if test.finds_subjects() {
            if let Some(st) =
                for_subjects(t, parts, s, i, &parts.end[i], subjects(t, parts, s, test))
            {
                return st;
            }
        } else if test.holds(t, parts, s, facts) {
            let rule = &parts.end[i];
            // `for PLAYER`: that player's outcome; a player out of the
            // game has none.
            let subject = match rule.player {
                Some(p) if !s.alive.contains(p) => continue,
                Some(p) => p,
                // `for mover`: the player who made the last action.
                None if rule.mover => match facts.last_mover() {
                    Some(p) if s.alive.contains(p) => p,
                    _ => continue,
                },
                None => me,
            };
            return outcome(t, parts, s, i, rule, subject, rule.then);
        }
    }
    Status::Ongoing
}

/// Draw claims available now (rules with outcome `ClaimDraw` that hold).
pub fn claimable<B: Bits>(
    t: &Base<B>,
    parts: &Parts<B>,
    s: &State<B>,
    facts: &mut impl Facts,
) -> Vec<Cause> {
    parts
        .steps
        .claims
        .iter()
        .filter(|step| step.test.holds(t, parts, s, facts))
        .map(|step| Cause {
            rule: step.rule,
            event: parts.end[step.rule].when.clone(),
            share: None,
        })
        .collect()
}

/// Endings decided by the state rather than by a rule firing now: a
/// revealed card with no legal square (or, after returning it, no board
/// move), and a single team left after eliminations.
fn forced<B: Bits>(
    t: &Base<B>,
    parts: &Parts<B>,
    s: &State<B>,
    facts: &mut impl Facts,
) -> Option<Status> {
    let me = s.turn;
    if let Some(deck) = parts.deck {
        let lost = deck.losers(s).lowest();
        let stuck = lost.is_none() && deck.owes_move(s, me) && !facts.has_legal();
        if lost.is_some() || stuck {
            let i = parts
                .end
                .iter()
                .position(|r| r.when == Event::UnplaceableCard)?;
            return Some(outcome(
                t,
                parts,
                s,
                i,
                &parts.end[i],
                lost.unwrap_or(me),
                Outcome::Lose,
            ));
        }
    }
    if parts.elimination.is_some() && one_team_left(t, s.alive) {
        let i = parts
            .end
            .iter()
            .position(|r| r.then == Outcome::Eliminated)
            .unwrap_or(0);
        // The surviving team wins, members who were eliminated included;
        // where players score, the most points win, whoever is left.
        let team = match parts.scores {
            Some(sc) => super::scores::top(&sc.all(t, s)),
            None => s.alive.iter().fold(s.alive, |w, p| w | t.friends[p]),
        };
        return Some(Status::Ended {
            winners: team.bits(),
            cause: Cause {
                rule: i,
                event: parts
                    .end
                    .get(i)
                    .map_or(Event::Checkmate, |r| r.when.clone()),
                share: None,
            },
        });
    }
    None
}

/// The players a test that finds its subjects in the position
/// ([`Test::finds_subjects`]) names: the owners of a surrounded man, the
/// players whose hand is empty, the player to act after N passes. Empty:
/// the rule does not fire.
fn subjects<B: Bits>(t: &Base<B>, parts: &Parts<B>, s: &State<B>, test: Test) -> PlayerSet {
    match test {
        Test::Surrounded(k) => parts
            .surround
            .map_or(PlayerSet::EMPTY, |r| r.subjects(t, s, k) & s.alive),
        Test::HandEmpty => {
            let mut set = PlayerSet::EMPTY;
            for p in s.alive.iter() {
                let hand = s.hand_empty(p);
                let deck = s
                    .decks
                    .get(p as usize)
                    .is_none_or(|d| d.remaining().is_empty());
                if hand && deck {
                    set.insert(p);
                }
            }
            set
        }
        Test::Passes(n) if parts.passing.is_some_and(|p| p.count(s) >= n) => PlayerSet::one(s.turn),
        _ => PlayerSet::EMPTY,
    }
}

/// The status when rule `i` holds for `subjects` (none: it does not fire).
fn for_subjects<B: Bits>(
    t: &Base<B>,
    parts: &Parts<B>,
    s: &State<B>,
    i: usize,
    rule: &EndRule,
    subjects: PlayerSet,
) -> Option<Status> {
    if subjects.is_empty() {
        return None;
    }
    let alive = s.alive;
    let mut team = PlayerSet::EMPTY;
    for p in subjects.iter() {
        team = team | t.friends[p];
    }
    team = team & alive;
    let winners = match rule.then {
        // Every player is a subject: the shares are equal, a draw.
        Outcome::Score { .. } if team == alive => PlayerSet::EMPTY,
        Outcome::Score { num, den } => {
            let p = subjects.lowest()?;
            return Some(scored(p, team, alive & !team, num, den, i, rule));
        }
        Outcome::MostMen => most_men(s, false),
        Outcome::FewestMen => most_men(s, true),
        Outcome::MostPoints => match parts.scores {
            Some(sc) => super::scores::top(&sc.at_end(t, s, Some(&rule.when), s.turn)),
            None => most_points(t, s),
        },
        Outcome::Draw => PlayerSet::EMPTY,
        Outcome::Win if team == alive => PlayerSet::EMPTY,
        Outcome::Win => team,
        Outcome::Lose => alive & !team,
        _ => return None,
    };
    Some(Status::Ended {
        winners: winners.bits(),
        cause: Cause {
            rule: i,
            event: rule.when.clone(),
            share: None,
        },
    })
}

/// An end rule's event as the walk of [`status`] tests it, decided when
/// the variant is compiled: one small value per rule instead of the
/// event, and no step at all for the events decided elsewhere (by
/// [`forced`], the goals, or a rule the variant does not have).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Test {
    /// `counted out`: the count of `counting` has run out, and the player
    /// to act is not checkmated.
    CountedOut,
    /// The player to act has no legal action, and a royal of theirs is
    /// attacked (`checkmate`, `check: true`) or not (`stalemate`).
    NoAction { check: bool },
    /// `checkmate by placing KIND`: checkmate given by placing a man of
    /// this kind from the hand.
    MateByPlacing(PieceId),
    /// The same position for the n-th time.
    Repetition(u32),
    /// `perpetual check N`: the subject is found in the history.
    Perpetual(u32),
    /// `perpetual chase N ...` (read from the rule): the subject is found
    /// in the history.
    Chase,
    /// `back and forth N except KINDS` (a mask): the subject is found in
    /// the history.
    BackAndForth { moves: u32, except: u64 },
    /// `checkmate given only by KINDS` (a mask of kinds).
    MateOnlyBy(u64),
    /// `checkmate without check by KINDS` (a mask of kinds).
    MateWithoutCheckBy(u64),
    /// `quiet N plies`; with eliminations, N counts in rounds of the
    /// players still in (N moves by each survivor); with `plus`, N is
    /// lengthened by the checks given within it.
    Quiet {
        plies: u32,
        per_survivor: bool,
        plus: Option<CheckPlus>,
    },
    /// The game has lasted this many plies.
    PlyLimit(u32),
    /// `insufficient material` (only with `dead material` patterns).
    DeadMaterial,
    /// No empty square is left.
    BoardFull,
    /// `surrounded KIND`: the owners of a surrounded man of this kind.
    Surrounded(PieceId),
    /// `hand empty`: the players with nothing left to place.
    HandEmpty,
    /// `passes N`: the player to act, once N passes in a row were made.
    Passes(u32),
}

impl Test {
    /// The test for `ev`; `None` for the events no walk step decides.
    fn of(ev: &Event, dead_material: bool, elimination: bool) -> Option<Test> {
        Some(match *ev {
            Event::Checkmate => Test::NoAction { check: true },
            Event::CheckmateByPlacing(k) => Test::MateByPlacing(k),
            Event::CheckmateGivenOnlyBy(ref ks) => Test::MateOnlyBy(kind_mask(ks)),
            Event::CheckmateWithoutCheckBy(ref ks) => Test::MateWithoutCheckBy(kind_mask(ks)),
            Event::Stalemate => Test::NoAction { check: false },
            Event::Repetition(n) => Test::Repetition(n),
            Event::PerpetualCheck(n) => Test::Perpetual(n),
            Event::PerpetualChase(_) => Test::Chase,
            Event::BackAndForth { moves, ref except } => Test::BackAndForth {
                moves,
                except: kind_mask(except),
            },
            Event::Quiet { plies, plus } => Test::Quiet {
                plies,
                per_survivor: elimination,
                plus,
            },
            Event::PlyLimit(n) => Test::PlyLimit(n),
            Event::CountedOut => Test::CountedOut,
            Event::InsufficientMaterial if dead_material => Test::DeadMaterial,
            Event::BoardFull => Test::BoardFull,
            Event::Surrounded(k) => Test::Surrounded(k),
            Event::HandEmpty => Test::HandEmpty,
            Event::Passes(n) => Test::Passes(n),
            // Decided by `forced` or the goals, or (insufficient material
            // without patterns) never.
            Event::InsufficientMaterial
            | Event::UnplaceableCard
            | Event::Reach { .. }
            | Event::Count { .. }
            | Event::Checks(_)
            | Event::FacingKept => return None,
        })
    }

    /// Whether the test names players found in the position ([`subjects`])
    /// rather than holding for the player to act or the whole game.
    fn finds_subjects(self) -> bool {
        matches!(
            self,
            Test::Surrounded(_) | Test::HandEmpty | Test::Passes(_)
        )
    }

    /// Whether the test holds for the player to act or the whole game
    /// (a test that [`finds_subjects`](Test::finds_subjects) never does:
    /// see [`subjects`]).
    #[inline(always)]
    fn holds<B: Bits>(
        self,
        t: &Base<B>,
        parts: &Parts<B>,
        s: &State<B>,
        facts: &mut impl Facts,
    ) -> bool {
        match self {
            Test::NoAction { check } => !facts.has_legal() && facts.in_check() == check,
            Test::MateByPlacing(k) => {
                matches!(facts.last_action(), Some(crate::engine::core::Move::Drop { piece, promoted: false, .. }) if piece == k)
                    && !facts.has_legal()
                    && facts.in_check()
            }
            Test::MateOnlyBy(kinds) => {
                !facts.has_legal() && facts.in_check() && facts.checker_kinds() & !kinds == 0
            }
            Test::MateWithoutCheckBy(kinds) => {
                !facts.has_legal() && facts.in_check() && facts.check_series_kinds() & kinds == 0
            }
            Test::Repetition(n) => facts.occurrences() >= n,
            // Its subject is found in the history: see `status`.
            Test::Perpetual(_) | Test::Chase | Test::BackAndForth { .. } => false,
            Test::Quiet {
                plies,
                per_survivor,
                plus,
            } => {
                let need = if per_survivor {
                    plies * s.alive.len() / t.nplayers as u32
                } else {
                    plies
                };
                // The checks are read from the record only once the
                // count is reached.
                s.quiet >= need
                    && plus.is_none_or(|p| {
                        u64::from(s.quiet)
                            >= super::quiet::lengthened(need, p, facts.quiet_checks())
                    })
            }
            Test::PlyLimit(n) => s.ply >= n,
            Test::CountedOut => {
                parts.counting.is_some_and(|c| c.out(s)) && (!facts.in_check() || facts.has_legal())
            }
            Test::DeadMaterial => parts.dead_material.is_some_and(|d| d.dead(t, s)),
            Test::BoardFull => (t.real & !s.occ).is_empty(),
            Test::Surrounded(_) | Test::HandEmpty | Test::Passes(_) => false,
        }
    }
}

/// A set of piece kinds as a mask (kinds past 63 are left out: the checker
/// allows fewer).
fn kind_mask(kinds: &[PieceId]) -> u64 {
    kinds
        .iter()
        .filter(|&&k| k < 64)
        .fold(0, |m, &k| m | 1u64 << k)
}

/// One rule of the walk: its index in `Variant::end` and its test.
#[derive(Clone, Copy, Debug)]
struct Step {
    rule: usize,
    test: Test,
}

/// The end rules compiled for [`status`] (the rules that end the game, in
/// the order written) and [`claimable`] (the `claim draw` rules).
#[derive(Clone, Debug, Default)]
pub struct Steps {
    walk: Vec<Step>,
    claims: Vec<Step>,
}

impl Steps {
    /// `dead_material`: the variant has `dead material` patterns (and two
    /// players); `elimination`: players are eliminated one by one.
    pub fn new(end: &[EndRule], dead_material: bool, elimination: bool) -> Steps {
        let mut steps = Steps::default();
        for (rule, r) in end.iter().enumerate() {
            let Some(test) = Test::of(&r.when, dead_material, elimination) else {
                continue;
            };
            let step = Step { rule, test };
            if r.then != Outcome::ClaimDraw {
                steps.walk.push(step);
            } else if !test.finds_subjects() {
                // A claim is only ever a test on the player to act or the
                // whole game.
                steps.claims.push(step);
            }
        }
        steps
    }
}

/// `most men` (`fewest men` when `fewest`): the player (still in the game)
/// with the most (fewest) men on the board; nobody (a draw) when several
/// share it.
fn most_men<B: Bits>(s: &State<B>, fewest: bool) -> PlayerSet {
    let mut best = PlayerSet::EMPTY;
    let mut most = 0;
    for p in s.alive.iter() {
        let n = s.by_player[p as usize].count();
        if best.is_empty() || (if fewest { n < most } else { n > most }) {
            best = PlayerSet::one(p);
            most = n;
        } else if n == most {
            best.insert(p);
        }
    }
    if best.len() == 1 {
        best
    } else {
        PlayerSet::EMPTY
    }
}

/// The player with the most points (`points ...`): its men on the board
/// and its own; none when several share the most (a draw). Computed when
/// the rule fires only, in units of the values' common denominator.
fn most_points<B: Bits>(t: &Base<B>, s: &State<B>) -> PlayerSet {
    let Some(pts) = t.variant.turn.points.as_ref() else {
        return PlayerSet::EMPTY;
    };
    let l = pts.denominator();
    let unit = |n: u32, d: u32| u64::from(n) * (l / u64::from(d.max(1)));
    let mut per_kind = [0u64; crate::ir::MAX_PIECES];
    for &(k, n, d) in &pts.pieces {
        if let Some(x) = per_kind.get_mut(k as usize) {
            *x = unit(n, d);
        }
    }
    let mut best = PlayerSet::EMPTY;
    let mut most = 0u64;
    for p in s.alive.iter() {
        let own: u64 = pts
            .players
            .iter()
            .filter(|&&(q, _, _)| q == p)
            .map(|&(_, n, d)| unit(n, d))
            .sum();
        let men: u64 = s.by_player[p as usize]
            .into_iter()
            .map(|sq| per_kind.get(s.at(sq).kind() as usize).copied().unwrap_or(0))
            .sum();
        let total = own + men;
        if best.is_empty() || total > most {
            best = PlayerSet::one(p);
            most = total;
        } else if total == most {
            best.insert(p);
        }
    }
    if best.len() == 1 {
        best
    } else {
        PlayerSet::EMPTY
    }
}

/// The status when rule `i` fires with `subject` as its subject.
fn outcome<B: Bits>(
    t: &Base<B>,
    parts: &Parts<B>,
    s: &State<B>,
    i: usize,
    rule: &EndRule,
    subject: PlayerId,
    then: Outcome,
) -> Status {
    let cause = Cause {
        rule: i,
        event: rule.when.clone(),
        share: None,
    };
    let alive = s.alive;
    let team = t.friends[subject] & alive;
    let others = alive & !team;
    // The teams among `others`.
    let single_team = others.iter().all(|p| t.friends[p] & others == others);
    let mut mates = team;
    mates.remove(subject);
    match then {
        Outcome::MostMen | Outcome::FewestMen => Status::Ended {
            winners: most_men(s, then == Outcome::FewestMen).bits(),
            cause,
        },
        Outcome::MostPoints => Status::Ended {
            winners: match parts.scores {
                Some(sc) => super::scores::top(&sc.at_end(t, s, Some(&rule.when), subject)),
                None => most_points(t, s),
            }
            .bits(),
            cause,
        },
        Outcome::Draw => Status::Ended { winners: 0, cause },
        Outcome::Win => Status::Ended {
            winners: team.bits(),
            cause,
        },
        Outcome::Score { num, den } => scored(subject, team, others, num, den, i, rule),
        // An elimination ends the game only when it leaves one team.
        Outcome::Eliminated if !mates.is_empty() => Status::Pending {
            cause,
            outcome: then,
            subject: Some(subject),
        },
        Outcome::Lose | Outcome::Eliminated if others.is_empty() => {
            Status::Ended { winners: 0, cause }
        }
        Outcome::Lose | Outcome::Eliminated if single_team => Status::Ended {
            winners: others.bits(),
            cause,
        },
        other => Status::Pending {
            cause,
            outcome: other,
            subject: Some(subject),
        },
    }
}

/// The end of a game where `subject` (of team `team`) scores `num/den`
/// and `others` the rest: the side that scores more wins the game's
/// result, equal shares draw it.
fn scored(
    subject: PlayerId,
    team: PlayerSet,
    others: PlayerSet,
    num: u16,
    den: u16,
    i: usize,
    rule: &EndRule,
) -> Status {
    let (mine, theirs) = (u32::from(num), u32::from(den - num));
    let winners = match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => team,
        std::cmp::Ordering::Less => others,
        std::cmp::Ordering::Equal => PlayerSet::EMPTY,
    };
    Status::Ended {
        winners: winners.bits(),
        cause: Cause {
            rule: i,
            event: rule.when.clone(),
            share: Some(Share {
                player: subject,
                num,
                den,
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{Steps, Test};
    use crate::ir::{EndRule, Event, Outcome};

    fn rule(when: Event, then: Outcome) -> EndRule {
        EndRule {
            when,
            then,
            mover: false,
            player: None,
        }
    }

    /// The walk keeps the rules that end the game in the order written,
    /// each with its own test (the three that find their subjects in the
    /// position included), the claims keep the `claim draw` rules (but
    /// not those that find subjects), and the events decided
    /// elsewhere (or by a rule the variant lacks) get no step.
    #[test]
    fn end_rules_compile_to_steps_in_the_order_written() {
        let end = [
            rule(Event::Checkmate, Outcome::Lose),
            rule(Event::Repetition(3), Outcome::ClaimDraw),
            rule(Event::InsufficientMaterial, Outcome::Draw),
            rule(Event::UnplaceableCard, Outcome::Lose),
            rule(
                Event::Quiet {
                    plies: 100,
                    plus: None,
                },
                Outcome::Draw,
            ),
            rule(Event::HandEmpty, Outcome::Win),
            rule(Event::HandEmpty, Outcome::ClaimDraw),
            rule(Event::Stalemate, Outcome::Draw),
            rule(Event::Repetition(5), Outcome::Draw),
            rule(Event::Passes(2), Outcome::Draw),
            rule(Event::Surrounded(1), Outcome::Lose),
        ];
        let steps = |dead, elim| {
            let s = Steps::new(&end, dead, elim);
            let walk: Vec<(usize, Test)> = s.walk.iter().map(|x| (x.rule, x.test)).collect();
            let claims: Vec<(usize, Test)> = s.claims.iter().map(|x| (x.rule, x.test)).collect();
            (walk, claims)
        };
        let (walk, claims) = steps(false, false);
        assert_eq!(
            walk,
            [
                (0, Test::NoAction { check: true }),
                (
                    4,
                    Test::Quiet {
                        plies: 100,
                        per_survivor: false,
                        plus: None,
                    }
                ),
                (5, Test::HandEmpty),
                (7, Test::NoAction { check: false }),
                (8, Test::Repetition(5)),
                (9, Test::Passes(2)),
                (10, Test::Surrounded(1)),
            ]
        );
        assert_eq!(claims, [(1, Test::Repetition(3))]);
        // With `dead material` patterns the material rule gets its step;
        // with eliminations the quiet count is in rounds of survivors.
        let (walk, _) = steps(true, true);
        assert_eq!(walk[1], (2, Test::DeadMaterial));
        assert_eq!(
            walk[2],
            (
                4,
                Test::Quiet {
                    plies: 100,
                    per_survivor: true,
                    plus: None,
                }
            )
        );
    }
}
