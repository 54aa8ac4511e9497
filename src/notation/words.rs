//! Words for explanations and descriptions: men, pieces, squares, lists,
//! conditions written back in the rule language, end rules and movement
//! atoms in plain English.

use crate::engine::{Position, Square};
use crate::ir::{
    Atom, EndRule, Event, Mode, Outcome, Path, PieceId, Pred, Selector, Timing, Variant, Who,
};

/// A square as players name it (`e4`).
pub(crate) fn square(pos: &Position, sq: Square) -> String {
    crate::notation::square(pos.named(sq))
}

/// A piece's name (`knight`), or `piece K` for an unknown index.
pub(crate) fn piece(v: &Variant, k: PieceId) -> String {
    v.pieces
        .get(k as usize)
        .map_or_else(|| format!("piece {k}"), |p| p.name.clone())
}

/// A player's name, capitalised (`White`).
pub(crate) fn player(v: &Variant, p: u8) -> String {
    v.players
        .get(p as usize)
        .map_or_else(|| format!("Player {}", p + 1), |x| capital(&x.name))
}

/// The first letter in upper case.
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `a` or `an` before a word.
pub(crate) fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => "an",
        _ => "a",
    }
}

/// The man on `sq` as the player to act sees it: `your knight on g1`,
/// `Black's pawn on e5`, `a wall on d4`; `nothing on d4`.
pub(crate) fn man_on(pos: &Position, sq: Square) -> String {
    let v = pos.tables().variant();
    let name = square(pos, sq);
    match pos.man_at(sq) {
        Some(m) if m.owner() == pos.turn() => format!("your {} on {name}", piece(v, m.kind())),
        Some(m) => format!(
            "{}'s {} on {name}",
            player(v, m.owner()),
            piece(v, m.kind())
        ),
        None if crate::engine::Bits::contains(&pos.walls(), sq) => format!("a wall on {name}"),
        None => format!("nothing on {name}"),
    }
}

/// The man on `sq` without its square: `your pawn`, `Black's king`, `a
/// wall`, `nothing`.
pub(crate) fn man_brief(pos: &Position, sq: Square) -> String {
    let full = man_on(pos, sq);
    let tail = format!(" on {}", square(pos, sq));
    full.strip_suffix(&tail)
        .map_or(full.clone(), str::to_string)
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}

/// A selector as the rule language writes it: `own`, `enemy king`.
fn selector(v: &Variant, s: &Selector) -> String {
    let who = match s.who {
        Who::Own => Some("own"),
        Who::Friend => Some("friend"),
        Who::Enemy => Some("enemy"),
        Who::Any if s.piece.is_none() => Some("any"),
        Who::Any => None,
    };
    let kind = s.piece.map(|k| piece(v, k));
    [who.map(str::to_string), kind]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A condition written back in the rule language
/// (`touching(own) and not beside(enemy king)`).
pub(crate) fn pred(v: &Variant, p: &Pred) -> String {
    pred_in(v, p, 0)
}

/// [`pred`] inside an operator of binding `level` (0: top, 1: `or`, 2:
/// `and`, 3: `not`): parentheses where the operator binds less.
fn pred_in(v: &Variant, p: &Pred, level: u8) -> String {
    let region = |r: u16| {
        v.regions
            .get(r as usize)
            .map_or_else(|| format!("region {r}"), |x| x.name.clone())
    };
    let wrap = |s: String, mine: u8| if mine < level { format!("({s})") } else { s };
    match p {
        Pred::True => "true".into(),
        Pred::Not(q) => format!("not {}", pred_in(v, q, 3)),
        Pred::And(qs) => wrap(
            qs.iter()
                .map(|q| pred_in(v, q, 2))
                .collect::<Vec<_>>()
                .join(" and "),
            2,
        ),
        Pred::Or(qs) => wrap(
            qs.iter()
                .map(|q| pred_in(v, q, 1))
                .collect::<Vec<_>>()
                .join(" or "),
            1,
        ),
        Pred::In(r) => format!("in {}", region(*r)),
        Pred::Touching(s) => format!("touching({})", selector(v, s)),
        Pred::Beside(s) => format!("beside({})", selector(v, s)),
        Pred::Attacked => "attacked".into(),
        Pred::Attacks(s) => format!("attacks({})", selector(v, s)),
        Pred::Is(s) => selector(v, s),
        Pred::IsSelf => "self".into(),
        Pred::Surrounded => "surrounded".into(),
        Pred::DistinctColour => "distinct colour".into(),
        Pred::InPlay(s) => format!("in_play({})", selector(v, s)),
        Pred::SameFile { men, at_least } if *at_least <= 1 => {
            format!("same_file({})", selector(v, men))
        }
        Pred::SameFile { men, at_least } => {
            format!("same_file({}, {at_least})", selector(v, men))
        }
        Pred::Immobile => "immobile".into(),
        Pred::Encloses(s) => format!("encloses({})", selector(v, s)),
        Pred::Filled(r) => format!("filled {}", region(*r)),
        Pred::Check => "check".into(),
        Pred::Mate => "mate".into(),
        Pred::Capture => "capture".into(),
        Pred::CrossesGrid { w, h } => format!("crosses grid {w}x{h}"),
        Pred::Guarded => "guarded".into(),
    }
}

/// The event of an end rule as the rule language writes it.
pub(crate) fn event(v: &Variant, e: &Event) -> String {
    let region = |r: u16| {
        v.regions
            .get(r as usize)
            .map_or_else(|| format!("region {r}"), |x| x.name.clone())
    };
    match e {
        Event::Checkmate => "checkmate".into(),
        Event::CheckmateByPlacing(k) => format!("checkmate by placing {}", piece(v, *k)),
        Event::CheckmateGivenOnlyBy(ks) => format!(
            "checkmate given only by {}",
            ks.iter()
                .map(|&k| piece(v, k))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::CheckmateWithoutCheckBy(ks) => format!(
            "checkmate without check by {}",
            ks.iter()
                .map(|&k| piece(v, k))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Stalemate => "stalemate".into(),
        Event::Surrounded(k) => format!("surrounded {}", piece(v, *k)),
        Event::HandEmpty => "hand empty".into(),
        Event::Passes(n) => format!("passes {n}"),
        Event::Repetition(n) => format!("repetition {n}"),
        Event::PerpetualCheck(n) => format!("perpetual check {n}"),
        Event::PerpetualChase(ch) => chase_rule(v, ch),
        Event::BackAndForth { moves, except } if except.is_empty() => {
            format!("back and forth {moves}")
        }
        Event::BackAndForth { moves, except } => format!(
            "back and forth {moves} except {}",
            except
                .iter()
                .map(|&k| piece(v, k))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Quiet { plies, plus: None } => format!("quiet {plies} plies"),
        Event::Quiet {
            plies,
            plus: Some(p),
        } => format!(
            "quiet {plies} plies plus {} plies per check over {}",
            p.plies, p.over
        ),
        Event::InsufficientMaterial => "insufficient material".into(),
        Event::PlyLimit(n) => format!("plies {n}"),
        Event::CountedOut => "counted out".into(),
        Event::UnplaceableCard => "unplaceable card".into(),
        Event::Reach {
            region: r,
            piece: k,
            reply,
            own_turn,
            unattacked,
        } => {
            let mut s = format!("reach {} with {}", region(*r), piece(v, *k));
            if *unattacked {
                s.push_str(" unattacked");
            }
            if *reply {
                s.push_str(" with reply");
            }
            if *own_turn {
                s.push_str(" at own turn");
            }
            s
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
            let what = if kinds.is_empty() {
                "men".to_string()
            } else if *except {
                let names: Vec<String> = kinds.iter().map(|&k| piece(v, k)).collect();
                format!("men except {}", names.join(", "))
            } else {
                let names: Vec<String> = kinds.iter().map(|&k| piece(v, k)).collect();
                format!(
                    "{}{}",
                    if *all_of { "all of " } else { "" },
                    names.join(", ")
                )
            };
            let mut s = if *at_most == 0 && !*reply {
                format!("extinct {what}")
            } else {
                format!("count {what} at most {at_most}")
            };
            if *on_board {
                s.push_str(" on board");
            }
            if *reply {
                s.push_str(" with reply");
            }
            if let Some(m) = against {
                s.push_str(&format!(" while opponents have at least {m}"));
            }
            s
        }
        Event::Checks(n) => format!("checks {n}"),
        Event::BoardFull => "board full".into(),
        Event::FacingKept => "facing kept".into(),
    }
}

/// An end rule as the rule language writes it (`checkmate -> lose`).
pub(crate) fn end_rule(v: &Variant, when: &Event, then: Outcome) -> String {
    let then = match then {
        Outcome::Win => "win",
        Outcome::Lose => "lose",
        Outcome::Draw => "draw",
        Outcome::ClaimDraw => "claim draw",
        Outcome::Eliminated => "eliminated",
        Outcome::MostMen => "most men wins",
        Outcome::FewestMen => "fewest men wins",
        Outcome::MostPoints => "most points wins",
        Outcome::Score { num, den } => return format!("{} -> score {num}/{den}", event(v, when)),
    };
    format!("{} -> {then}", event(v, when))
}
/// An end rule in a plain sentence.
pub(crate) fn end_sentence(v: &Variant, rule: &EndRule) -> String {
    let (when, then) = (&rule.when, rule.then);
    let region = |r: u16| {
        v.regions
            .get(r as usize)
            .map_or_else(|| format!("region {r}"), |x| x.name.clone())
    };
    let subject = match when {
        Event::Checkmate => "A player who is checkmated (in check, with no legal action)".into(),
        Event::CheckmateGivenOnlyBy(ks) => {
            let names: Vec<String> = ks
                .iter()
                .map(|&k| format!("{} {}", article(&piece(v, k)), piece(v, k)))
                .collect();
            format!("A player checkmated only by {}", list(&names, "or"))
        }
        Event::CheckmateWithoutCheckBy(ks) => {
            let names: Vec<String> = ks.iter().map(|&k| piece(v, k)).collect();
            format!(
                "A player checkmated at the end of a series of checks none of which a {} gave",
                list(&names, "or")
            )
        }
        Event::CheckmateByPlacing(k) => format!(
            "A player checkmated by the placement of {} {}",
            article(&piece(v, *k)),
            piece(v, *k)
        ),
        Event::Stalemate => "A player with no legal action who is not in check".into(),
        Event::Surrounded(k) => format!(
            "The owner of {} {} blocked on its four sides",
            article(&piece(v, *k)),
            piece(v, *k)
        ),
        Event::HandEmpty => "A player who has placed every man of the hand".into(),
        Event::Passes(n) => format!("After {n} passes in a row, the game"),
        Event::Repetition(n) => format!("When the same position occurs {n} times, the game"),
        Event::PerpetualCheck(n) => format!(
            "A player who gave check with every action while the same position occurred {n} times"
        ),
        Event::PerpetualChase(ch) => format!(
            "A player who chased the same man with every action while the same position occurred {} times",
            ch.times
        ),
        Event::BackAndForth { moves, except } => {
            let mut s = format!(
                "A player who moved one man back and forth between two squares {moves} times in a row"
            );
            if !except.is_empty() {
                let names: Vec<String> = except.iter().map(|&k| piece(v, k)).collect();
                s += &format!(" (not a {})", list(&names, "or"));
            }
            s
        }
        Event::Quiet { plies, plus: None } => {
            format!("After {plies} plies without a capture or other reset, the game")
        }
        Event::Quiet {
            plies,
            plus: Some(p),
        } => format!(
            "After {plies} plies without a capture or other reset, {} more for each check beyond \
             {} given in them by the player who gave more, the game",
            p.plies, p.over
        ),
        Event::InsufficientMaterial => "When no side has the material to mate, the game".into(),
        Event::PlyLimit(n) => format!("After {n} plies, the game"),
        Event::CountedOut => "When the count of a reduced side runs out, the game".into(),
        Event::UnplaceableCard => "A player who draws a card with no legal square".into(),
        Event::Reach {
            region: r,
            piece: k,
            ..
        } => format!("A player whose {} reaches {}", piece(v, *k), region(*r)),
        Event::Count { kinds, at_most, .. } if kinds.is_empty() => {
            format!("A player left with at most {at_most} men")
        }
        Event::Count {
            kinds,
            at_most,
            except: true,
            reply,
            ..
        } => {
            let names: Vec<String> = kinds.iter().map(|&k| piece(v, k)).collect();
            let but = if *at_most == 0 {
                format!("with no man but a {}", list(&names, "or"))
            } else {
                format!(
                    "left with at most {at_most} men that are not a {}",
                    list(&names, "or")
                )
            };
            if *reply {
                format!(
                    "A player {but} (while every other player has more such men, \
                     and two more when that player is to act and may still answer)"
                )
            } else {
                format!("A player {but}")
            }
        }
        Event::Count {
            kinds,
            at_most,
            all_of: true,
            ..
        } => {
            let names: Vec<String> = kinds.iter().map(|&k| piece(v, k)).collect();
            if *at_most == 0 {
                format!(
                    "A player who has lost every man of the kinds {}",
                    list(&names, "and")
                )
            } else {
                format!(
                    "A player left with at most {at_most} men of {} together",
                    list(&names, "and")
                )
            }
        }
        Event::Count { kinds, at_most, .. } => {
            let names: Vec<String> = kinds.iter().map(|&k| piece(v, k)).collect();
            if *at_most == 0 {
                format!("A player who has lost every {}", list(&names, "or"))
            } else {
                format!(
                    "A player left with at most {at_most} {}",
                    list(&names, "or")
                )
            }
        }
        Event::Checks(n) => format!("A player who has given check {n} times"),
        Event::BoardFull => "When every square holds a man, the game".into(),
        Event::FacingKept => {
            "When a player passes instead of breaking a facing it must break, the game".into()
        }
    };
    // `while opponents have at least M`: the rule waits for the others.
    let subject = match when {
        Event::Count {
            against: Some(m), ..
        } => format!("{subject} (while every opponent holds at least {m} such men)"),
        _ => subject,
    };
    let game = subject.ends_with("the game");
    if let Some(name) = rule.player.and_then(|p| v.players.get(p as usize)) {
        let verb = if then == Outcome::Win {
            "is won"
        } else {
            "is lost"
        };
        return format!("{subject} {verb} by {}.", name.name);
    }
    if rule.mover {
        let verb = if then == Outcome::Win {
            "is won"
        } else {
            "is lost"
        };
        return format!("{subject} {verb} by the player who made the last action.");
    }
    if let Outcome::Score { num, den } = then {
        let who = if game { " (the player to move)" } else { "" };
        return format!(
            "{subject}{who} scores {num}/{den} of the game, the other player the rest."
        );
    }
    let verb = match (then, game) {
        (Outcome::Win, false) => "wins",
        (Outcome::Lose, false) => "loses",
        (Outcome::Draw, _) => "is drawn",
        (Outcome::ClaimDraw, _) => "may be claimed a draw",
        (Outcome::Eliminated, false) => "is out of the game",
        (Outcome::MostMen, _) => "is won by the player with the most men on the board",
        (Outcome::FewestMen, _) => "is won by the player with the fewest men on the board",
        (Outcome::MostPoints, _) => "is won by the player with the most points",
        (Outcome::Win, true) => "is won by the player to move",
        (Outcome::Lose, true) => "is lost by the player to move",
        (Outcome::Eliminated, true) => "ends",
        (Outcome::Score { .. }, _) => unreachable!("written above"),
    };
    let verb = if matches!(then, Outcome::Draw | Outcome::ClaimDraw) && !game {
        match then {
            Outcome::Draw => "draws",
            _ => "may claim a draw",
        }
    } else {
        verb
    };
    format!("{subject} {verb}.")
}

/// The number of vectors an atom's compass covers, in words: `in 8
/// directions`, `forward`.
fn directions(vectors: &[(i8, i8)]) -> String {
    if vectors.len() == 1 {
        let (dx, dy) = vectors[0];
        let name = match (dx.signum(), dy.signum()) {
            (0, 1) => "forward",
            (0, -1) => "backward",
            (1, 0) => "to the right",
            (-1, 0) => "to the left",
            (1, 1) => "diagonally forward to the right",
            (-1, 1) => "diagonally forward to the left",
            (1, -1) => "diagonally backward to the right",
            (-1, -1) => "diagonally backward to the left",
            _ => "in one direction",
        };
        return name.into();
    }
    if vectors.iter().all(|&(_, dy)| dy > 0) {
        return format!("forward ({} ways)", vectors.len());
    }
    if vectors.iter().all(|&(_, dy)| dy < 0) {
        return format!("backward ({} ways)", vectors.len());
    }
    if vectors.iter().all(|&(_, dy)| dy == 0) {
        return "sideways".into();
    }
    format!("in {} directions", vectors.len())
}

/// One movement atom on a hexagonal board (`board hex N`) in plain
/// words: its leaps named as hexagonal chess names them (`steps through a
/// cell edge`, `rides through cell corners`, `leaps as a knight`) and the
/// rest as [`atom`] says it.
pub(crate) fn hex_atom(a: &Atom) -> String {
    let Some(&(x, y)) = a.vectors.first() else {
        return atom(a);
    };
    let (x, y) = (i32::from(x), i32::from(y));
    let dist = x.abs().max(y.abs()).max((x + y).abs());
    let edge = x == 0 || y == 0 || x + y == 0;
    let corner = !edge && (x == y || x == -2 * y || y == -2 * x);
    let through = if edge { "a cell edge" } else { "a cell corner" };
    let lines = if edge { "cell edges" } else { "cell corners" };
    let n = a.vectors.len();
    let ways = if n == 1 {
        "one way".to_string()
    } else {
        format!("{n} ways")
    };
    let how = match (a.path, a.range, edge || corner) {
        (_, _, false) => format!("leaps as a knight ({ways})"),
        (Path::Hop, _, _) => {
            format!("hops over exactly one man along lines through {lines} ({ways})")
        }
        (Path::Grasshop, _, _) => {
            format!("hops right behind the first man along lines through {lines} ({ways})")
        }
        (_, 1, _) if edge && dist == 1 || corner && dist == 2 => {
            format!("steps through {through} ({ways})")
        }
        (Path::Lame, 1, _) => format!(
            "steps {} cells in a line through {lines}, if the way is empty ({ways})",
            if edge { dist } else { dist / 2 }
        ),
        (_, 1, _) => format!(
            "leaps {} cells in a line through {lines} ({ways})",
            if edge { dist } else { dist / 2 }
        ),
        (_, 0, _) => format!("rides through {lines} any distance ({ways})"),
        (_, r, _) => format!("rides through {lines} up to {r} cells ({ways})"),
    };
    let mut s = how;
    match a.mode {
        Mode::Move => s.push_str(", only to an empty cell"),
        Mode::Capture => s.push_str(", only to capture"),
        Mode::EnPassant => s.push_str(", only to capture (en passant too)"),
        Mode::Both => {}
    }
    if a.timing == Timing::Initial {
        s.push_str(", only on its first move");
    }
    s
}

/// One movement atom in plain words: `leaps (1,2) in 8 directions`,
/// `rides (0,1) forward, only to an empty square, only on its first move`.
pub(crate) fn atom(a: &Atom) -> String {
    let (dx, dy) = a
        .vectors
        .first()
        .map_or((0, 0), |&(x, y)| (x.unsigned_abs(), y.unsigned_abs()));
    let (lo, hi) = (dx.min(dy), dx.max(dy));
    let (how, cond) = match (a.path, a.range) {
        (Path::Hop, _) => (
            format!("hops along ({lo},{hi}) lines"),
            ", over exactly one man",
        ),
        (Path::Grasshop, _) => (
            format!("hops along ({lo},{hi}) lines"),
            ", landing right behind the first man",
        ),
        (Path::Lame, _) => (format!("steps ({lo},{hi})"), ", if the way is empty"),
        (_, 1) => (format!("leaps ({lo},{hi})"), ""),
        (_, 0) => (format!("rides ({lo},{hi}) any distance"), ""),
        (_, n) => (format!("rides ({lo},{hi}) up to {n} times"), ""),
    };
    let mut s = format!("{how} {}{cond}", directions(&a.vectors));
    if let Some(leg) = &a.then {
        s = bent(a, leg);
    }
    match a.mode {
        Mode::Move => s.push_str(", only to an empty square"),
        Mode::Capture => s.push_str(", only to capture"),
        Mode::EnPassant => s.push_str(", only to capture (en passant too)"),
        Mode::Both => {}
    }
    if a.timing == Timing::Initial {
        s.push_str(", only on its first move");
    }
    s
}

/// A bent move (Betza `then`) in words: `rides (0,1) in 4 directions to
/// an empty square, then turns and rides (0,1) any distance`.
fn bent(a: &Atom, leg: &crate::ir::Leg) -> String {
    let leg_words = |v: Option<&(i8, i8)>, range: u8| {
        let (dx, dy) = v.map_or((0, 0), |&(x, y)| (x.unsigned_abs(), y.unsigned_abs()));
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        match range {
            1 => format!("leaps ({lo},{hi})"),
            0 => format!("rides ({lo},{hi}) any distance"),
            n => format!("rides ({lo},{hi}) up to {n} times"),
        }
    };
    let seconds = leg.vectors.first().map_or(0, Vec::len);
    format!(
        "{} {} to an empty square, then {} in {} direction{} from there (the turn square empty, a capture only where it stops)",
        leg_words(a.vectors.first(), a.range),
        directions(&a.vectors),
        leg_words(leg.vectors.first().and_then(|v| v.first()), leg.range),
        seconds,
        if seconds == 1 { "" } else { "s" }
    )
}

/// `perpetual chase N by ... ignoring ... ranks ...` as written.
fn chase_rule(v: &Variant, ch: &crate::ir::Chase) -> String {
    let names = |ks: &[PieceId]| {
        ks.iter()
            .map(|&k| piece(v, k))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!("perpetual chase {}", ch.times);
    if !ch.by.is_empty() {
        s += &format!(" by {}", names(&ch.by));
    }
    if !ch.ignoring.is_empty() {
        let spared: Vec<String> = ch
            .ignoring
            .iter()
            .map(|&(k, r)| match r {
                Some(r) => format!(
                    "{} in {}",
                    piece(v, k),
                    v.regions.get(r as usize).map_or("?", |r| r.name.as_str())
                ),
                None => piece(v, k),
            })
            .collect();
        s += &format!(" ignoring {}", spared.join(", "));
    }
    if !ch.ranks.is_empty() {
        let ranks: Vec<String> = ch.ranks.iter().map(|g| names(g)).collect();
        s += &format!(" ranks {}", ranks.join(" < "));
    }
    s
}
