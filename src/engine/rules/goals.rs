//! Goals: endings decided at once and before every other rule. `reach
//! REGION with PIECE` holds for a player with a man of that kind on the
//! region (its own squares of a per-player region; with `at own turn`,
//! only while that player is to act); `count KINDS at most N`
//! (and `extinct KINDS`, at most 0) holds for a player with at most N men of
//! one of the kinds (of all of them together, with `all of`), or N men in
//! all for `men`, counting men on the board
//! and in hand; `checks N` holds for a player who has given check N times
//! (counted by `checks`); `board full`, `passes N` (with an outcome
//! that ends the game) and `facing kept` hold for every player.
//!
//! Hooks: a **guard** (while a goal holds, the game is over and the player
//! to act has no action, so perft and search stop there) and the first
//! **ending** `endings::status` looks at.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Bitset, Man, Move, PlayerSet, Square, State, Var};
use crate::engine::movement::{attacked, friends_bb};
use crate::engine::rules::{CheckCount, Passing};
use crate::engine::rules::{Promotion, Sink};
use crate::ir::KindSet;
use crate::ir::{Event, Outcome, PieceId, MAX_PIECES, MAX_PLAYERS};

/// What one goal tests.
#[derive(Clone, Debug)]
enum Test<B: Bits> {
    /// A man of `piece` on `squares[player]`; with `reply`, see
    /// [`Goals::reply_pending`].
    Reach {
        piece: PieceId,
        squares: [B; MAX_PLAYERS],
        reply: bool,
        /// Holds only for the player to act.
        own_turn: bool,
        /// Only a man no enemy man attacks counts.
        unattacked: bool,
    },
    /// At most `at_most` men of one of `kinds` (a bit mask), or in all when
    /// the mask is 0; with `reply`, only while the others have more.
    Count {
        kinds: KindSet,
        at_most: u32,
        reply: bool,
        /// Men in hand do not count (`on board`).
        on_board: bool,
        /// `all of`: the men of every kind of the mask together.
        all_of: bool,
        /// `men except KINDS`: the mask holds the kinds counted (every
        /// kind but the listed ones, together), and `reply` counts the
        /// other players' men the same way.
        except: bool,
        /// `while opponents have at least M`: every other player still in
        /// the game holds at least M men counted the same way (of the same
        /// kind, for one of several kinds).
        against: Option<u32>,
    },
    /// At least `at_least` checks given (the counts of `checks`).
    Checks { at_least: u32, given: Var },
    /// Every square holds a man (`board full`): holds for every player.
    BoardFull,
    /// At least `n` passes in a row (`passes N` with an outcome that ends
    /// the game): holds for every player.
    Passes { n: u32, count: Var },
    /// The last action was a pass that kept a facing (`facing kept`):
    /// holds for every player.
    FacingKept { kept: Var },
}

/// One goal with the index of its rule in `Variant::end`.
#[derive(Clone, Debug)]
pub struct Goal<B: Bits> {
    pub rule: usize,
    test: Test<B>,
}

/// The goals of a variant, in the order written.
#[derive(Clone, Debug)]
pub struct Goals<B: Bits> {
    pub goals: Vec<Goal<B>>,
}

impl<B: Bits> Goals<B> {
    pub fn new(
        b: &Base<B>,
        checks: Option<&CheckCount>,
        passing: Option<&Passing>,
    ) -> Option<Goals<B>> {
        let goals: Vec<Goal<B>> = b
            .variant
            .end
            .iter()
            .enumerate()
            .filter_map(|(rule, r)| {
                let test = match &r.when {
                    Event::Reach {
                        region,
                        piece,
                        reply,
                        own_turn,
                        unattacked,
                    } => {
                        let mut squares = [B::EMPTY; MAX_PLAYERS];
                        for (p, sq) in squares.iter_mut().enumerate().take(b.nplayers) {
                            *sq = b.region(*region, p as u8);
                        }
                        Test::Reach {
                            piece: *piece,
                            squares,
                            reply: *reply,
                            own_turn: *own_turn,
                            unattacked: *unattacked,
                        }
                    }
                    Event::Count {
                        kinds,
                        at_most,
                        reply,
                        on_board,
                        all_of,
                        except,
                        against,
                    } => {
                        let listed = kinds.iter().collect::<KindSet>();
                        Test::Count {
                            kinds: if *except {
                                KindSet::first(b.nkinds) & !listed
                            } else {
                                listed
                            },
                            at_most: *at_most,
                            reply: *reply,
                            on_board: *on_board,
                            all_of: *all_of,
                            except: *except,
                            against: *against,
                        }
                    }
                    Event::Checks(n) => Test::Checks {
                        at_least: *n,
                        given: checks?.given,
                    },
                    Event::BoardFull => Test::BoardFull,
                    Event::Passes(n)
                        if matches!(
                            r.then,
                            Outcome::Win
                                | Outcome::Lose
                                | Outcome::Draw
                                | Outcome::MostMen
                                | Outcome::FewestMen
                                | Outcome::MostPoints
                        ) =>
                    {
                        Test::Passes {
                            n: *n,
                            count: passing?.count,
                        }
                    }
                    Event::FacingKept => Test::FacingKept {
                        kept: passing?.kept?,
                    },
                    _ => return None,
                };
                Some(Goal { rule, test })
            })
            .collect();
        (!goals.is_empty()).then_some(Goals { goals })
    }

    /// The players (still in the game) for whom `g` holds.
    pub fn subjects(&self, b: &Base<B>, s: &State<B>, g: &Goal<B>) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        for p in s.alive.iter() {
            let holds = match &g.test {
                Test::Reach {
                    piece,
                    squares,
                    own_turn,
                    unattacked,
                    ..
                } => {
                    (!own_turn || p == s.turn)
                        && (s.by_player[p as usize] & squares[p as usize])
                            .iter()
                            .any(|sq| {
                                s.at(sq).kind() == *piece
                                    && (!unattacked || {
                                        let enemy = s.occ & !(friends_bb(b, s, p) | s.walls);
                                        !attacked(b, s, sq, enemy, s.occ)
                                    })
                            })
                }
                Test::Count {
                    kinds,
                    at_most,
                    on_board,
                    all_of,
                    except,
                    against: Some(m),
                    ..
                } => short_against(
                    b,
                    s,
                    p,
                    *kinds,
                    *at_most,
                    *m,
                    *on_board,
                    *all_of || *except || kinds.is_empty(),
                ),
                Test::Count {
                    kinds,
                    at_most,
                    reply,
                    on_board,
                    all_of,
                    except,
                    against: None,
                } => {
                    // Whether `q` has at most `n` men of `kinds` (every
                    // man, for an empty mask); `men except ...` counts
                    // until the answer is known.
                    let within = |q: u8, kinds: KindSet, n: u32| {
                        if *except {
                            at_most_of(b, s, q, kinds, *on_board, n)
                        } else {
                            count(b, s, q, kinds, *on_board, *all_of) <= n
                        }
                    };
                    // `with reply`: every other player has more men than
                    // that (the listed kinds' under `except`, else all),
                    // one more when `p` is to act.
                    let reply_kinds = if *except { *kinds } else { KindSet::EMPTY };
                    within(p, *kinds, *at_most)
                        && (!reply
                            || s.alive
                                .iter()
                                .filter(|&q| q != p)
                                .all(|q| !within(q, reply_kinds, at_most + u32::from(p == s.turn))))
                }
                Test::Checks { at_least, given } => s.var(given.at(p as usize)) >= *at_least,
                Test::BoardFull => (b.real & !s.occ).is_empty(),
                Test::Passes { n, count } => s.var(*count) >= *n,
                Test::FacingKept { kept } => s.var(*kept) != 0,
            };
            if holds {
                set.insert(p);
            }
        }
        set
    }

    /// Whether some goal holds: the game is over (unless
    /// [`Goals::reply_pending`]).
    pub fn any(&self, b: &Base<B>, s: &State<B>) -> bool {
        self.goals
            .iter()
            .any(|g| !self.subjects(b, s, g).is_empty())
    }

    /// Whether goal `g`, holding for `subjects`, waits for the player to
    /// act: a `reach ... with reply` goal whose subjects all acted earlier
    /// in the round than the player to act, who has not reached it.
    pub fn waits(&self, b: &Base<B>, s: &State<B>, g: &Goal<B>, subjects: PlayerSet) -> bool {
        let Test::Reach { reply: true, .. } = g.test else {
            return false;
        };
        let n = b.nplayers as u32;
        let first = b.variant.setup.first as u32;
        let order = |p: u8| (p as u32 + n - first % n) % n;
        !subjects.contains(s.turn) && subjects.iter().all(|p| order(p) < order(s.turn))
    }

    /// When every goal that holds waits for the player to act
    /// ([`Goals::waits`]): the kind and the squares that player must reach
    /// with one of its actions for the game to go on.
    pub fn reply_pending(&self, b: &Base<B>, s: &State<B>) -> Option<(PieceId, B)> {
        let mut pending = None;
        for g in &self.goals {
            let subjects = self.subjects(b, s, g);
            if subjects.is_empty() {
                continue;
            }
            if !self.waits(b, s, g, subjects) {
                return None;
            }
            if let Test::Reach { piece, squares, .. } = &g.test {
                pending.get_or_insert((*piece, squares[s.turn as usize]));
            }
        }
        pending
    }
}

/// `p`'s men on the board and in hand (on the board only, with
/// `on_board`): of the fewest of the kinds in the mask (of all of them
/// together, with `all_of`), or in all when the mask is 0.
/// `while opponents have at least m`: `p` has at most `at_most` men of a
/// counted kind and every other player still in the game holds at least
/// `m` of it. `together` (`all of`, `men except`, `men`): the kinds of the
/// mask are one count; else each listed kind on its own, the same kind for
/// `p` and the others.
#[allow(clippy::too_many_arguments)]
fn short_against<B: Bits>(
    b: &Base<B>,
    s: &State<B>,
    p: u8,
    kinds: KindSet,
    at_most: u32,
    m: u32,
    on_board: bool,
    together: bool,
) -> bool {
    let holds = |kinds: KindSet| {
        count(b, s, p, kinds, on_board, together) <= at_most
            && s.alive
                .iter()
                .filter(|&q| q != p)
                .all(|q| count(b, s, q, kinds, on_board, together) >= m)
    };
    if together {
        return holds(kinds);
    }
    (0..b.nkinds as PieceId)
        .filter(|&k| kinds.contains(k))
        .any(|k| holds([k].into_iter().collect()))
}

fn count<B: Bits>(
    b: &Base<B>,
    s: &State<B>,
    p: u8,
    kinds: KindSet,
    on_board: bool,
    all_of: bool,
) -> u32 {
    let mine = s.by_player[p as usize];
    let none = [0u8; MAX_PIECES];
    let hand = if on_board {
        &none[..b.nkinds]
    } else {
        &s.hands[p as usize][..b.nkinds]
    };
    if kinds.is_empty() {
        return mine.count() + hand.iter().map(|&n| n as u32).sum::<u32>();
    }
    let mut n = [0u32; MAX_PIECES];
    for sq in mine {
        n[s.at(sq).kind() as usize] += 1;
    }
    let each = (0..b.nkinds)
        .filter(|&k| kinds.contains(k as PieceId))
        .map(|k| n[k] + hand[k] as u32);
    if all_of {
        each.sum()
    } else {
        each.min().unwrap_or(u32::MAX)
    }
}

/// Whether `p` has at most `n` men of the kinds in the mask together, on
/// the board and in hand (on the board only, with `on_board`): counted
/// until the answer is known, the board first, so a bare-king test of a
/// full army stops at its first man that counts.
fn at_most_of<B: Bits>(
    b: &Base<B>,
    s: &State<B>,
    p: u8,
    kinds: KindSet,
    on_board: bool,
    n: u32,
) -> bool {
    let mut seen = 0u32;
    for sq in s.by_player[p as usize] {
        if kinds.contains(s.at(sq).kind()) {
            seen += 1;
            if seen > n {
                return false;
            }
        }
    }
    if !on_board {
        let hand = &s.hands[p as usize][..b.nkinds];
        for (k, &h) in hand.iter().enumerate() {
            if h > 0 && kinds.contains(k as PieceId) {
                seen += h as u32;
            }
        }
    }
    seen <= n
}

/// A probe for "does some action put a man of `piece` on `squares`" (the
/// reply a `reach ... with reply` goal waits for).
pub(crate) struct ReachProbe {
    pub(crate) piece: PieceId,
    pub(crate) squares: Bitset,
    /// The squares of the actor's men of `piece` before the action.
    pub(crate) from: Bitset,
    /// The kind in hand a placement `promoted too` puts down as `piece`.
    pub(crate) placed_as: Option<PieceId>,
    pub(crate) found: bool,
}

impl Sink for ReachProbe {
    const STOPS_EARLY: bool = true;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        _: &Promotion<B>,
        _: &State<B>,
        _: Square,
        man: Man,
        targets: B,
    ) {
        if man.kind() == self.piece && targets.into_iter().any(|sq| self.squares.contains(sq)) {
            self.found = true;
        }
    }
    #[inline]
    fn one<B: Bits>(&mut self, _: &Promotion<B>, _: &State<B>, mv: Move, man: Man) {
        if man.kind() == self.piece && mv.to().is_some_and(|to| self.squares.contains(to)) {
            self.found = true;
        }
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        let moved = match mv {
            Move::Drop {
                piece,
                to,
                promoted: false,
            } => piece == self.piece && self.squares.contains(to),
            Move::Drop { piece, to, .. } => {
                self.placed_as == Some(piece) && self.squares.contains(to)
            }
            Move::Exchange { piece, to, .. } => piece == self.piece && self.squares.contains(to),
            _ => {
                mv.from().is_some_and(|f| self.from.contains(f))
                    && mv.to().is_some_and(|to| self.squares.contains(to))
            }
        };
        self.found |= moved;
    }
    #[inline]
    fn done(&self) -> bool {
        self.found
    }
}
