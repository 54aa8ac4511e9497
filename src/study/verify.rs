//! Checking a game record against the rules, as `varia replay` and `varia
//! merge` do: every action legal in turn, and the record's result exactly
//! the one the rules give, or one the record explains.
//!
//! When the rules did not end the game, a record may still give a result:
//! a resignation (`[Termination "resignation"]`: one seat's team lost), a
//! claimed draw (a termination ending in `(claimed)`, where the rules let a
//! draw be claimed after the last action), or a forfeit (`[Forfeit
//! "SEAT"]`: that seat's team lost outside the rules). Anything else must
//! be `*`. Results are compared as text, exactly: `1` is not `1-0`. A
//! record that says `*` (result unknown) agrees with any end. A record's
//! `[Points]` tag, where it has one, must be the points the rules give
//! after its last action.

use crate::engine::Move;
use crate::notation::record::Record;
use crate::play::session::{Prepared, Session};
use crate::search::game::Game as _;

/// A record played through from its start.
pub struct Replayed {
    /// The game after the actions played.
    pub session: Session,
    /// How many actions were played.
    pub played: usize,
    /// The rules ended the game before the record's last action: how many
    /// actions the record has after the end (not played).
    pub unplayed: usize,
    /// The last action played.
    pub last: Option<Move>,
}

/// Play the record's actions on a game of `prepared` (which must be the
/// record's variant with its options), from its FEN or from the setup of its
/// seed. `each(i, seat, san, action, session)` is told every action after
/// it is played: its index (from 0), the seat that played it, its SAN (only
/// when `named`: writing it costs a move made per legal action; else empty),
/// the action and the game after it. Stops at the first action that is not
/// legal (an error naming it) or where the rules end the game.
///
/// An action written exactly as varia writes it (its SAN, with or without
/// the check sign) is found among the legal actions without their check
/// signs; anything else is read as `play` reads a typed action.
pub fn play(
    prepared: &Prepared,
    rec: &Record,
    named: bool,
    mut each: impl FnMut(usize, usize, &str, Move, &Session),
) -> Result<Replayed, String> {
    rec.playable()?;
    let mut s = prepared
        .session(rec.fen.as_deref(), rec.seed)
        .map_err(|e| e.0)?;
    let mut last = None;
    for (i, mv) in rec.moves.iter().enumerate() {
        if s.result().is_some() {
            return Ok(Replayed {
                session: s,
                played: i,
                unplayed: rec.moves.len() - i,
                last,
            });
        }
        if let Some(r) = rec.rolls.get(i).filter(|r| !r.is_empty()) {
            s.set_roll_text(r)
                .map_err(|e| format!("action {} `{mv}`: roll `{r}`: {e}", i + 1))?;
        }
        let seat = s.to_move();
        let m = match exact(&s, mv) {
            Some(m) => Ok(m),
            None => s.parse(mv),
        };
        let m = m.map_err(|e| {
            format!(
                "action {} `{mv}` ({} to play) is not legal: {}",
                i + 1,
                prepared
                    .variant()
                    .players
                    .get(seat)
                    .map_or("?", |p| p.name.as_str()),
                crate::explain::refusal_line(&s, mv, &e)
            )
        })?;
        let san = if named { s.san(m) } else { String::new() };
        s.play(m);
        last = Some(m);
        each(i, seat, &san, m, &s);
    }
    Ok(Replayed {
        session: s,
        played: rec.moves.len(),
        unplayed: 0,
        last,
    })
}

/// The one legal action whose SAN without check signs is `text`, or `text`
/// without its final `+` or `#`.
fn exact(s: &Session, text: &str) -> Option<Move> {
    use crate::notation::Describe as _;
    let moves = s.legal();
    let infos = s.position().plain_infos(&moves);
    let bare = text
        .strip_suffix('#')
        .or_else(|| text.strip_suffix('+'))
        .unwrap_or(text);
    let mut found = None;
    for i in 0..infos.len() {
        // SAN names the square a move goes to (castling aside): only the
        // actions to a square the text names are written out.
        if let (Some(to), None) = (infos[i].to, infos[i].castle) {
            if !text.contains(&crate::notation::square(to)) {
                continue;
            }
        }
        let san = crate::notation::san(&infos, i);
        if san == text || san == bare {
            if found.is_some() {
                return None;
            }
            found = Some(moves[i]);
        }
    }
    found
}

/// The result the rules give a game, as a record writes it, with the
/// reason: `1-0 (checkmate)`, or `*` while the game goes on.
pub fn rules_result(s: &Session) -> String {
    let seats = s.variant().players.len();
    match s.result() {
        Some(o) => {
            let result = Record::result_for(seats, Some(&o.winners()));
            let score = o.score_tag();
            let score = score.map_or_else(String::new, |s| format!(", scoring {s}"));
            format!("{result} ({}{score})", o.reason())
        }
        None => "*".into(),
    }
}

/// The result of a game that `seat`'s team lost (the other seats won).
fn lost_by(s: &Session, seat: usize) -> String {
    let team = s.team_of(seat);
    let seats = s.variant().players.len();
    let winners: Vec<usize> = (0..seats).filter(|p| !team.contains(p)).collect();
    Record::result_for(seats, Some(&winners))
}

/// Whether the record's result is the one the rules give after the game
/// `s` (the record played through), or one the record explains (see the
/// module docs). The error says what the record and the rules say.
pub fn judge(rec: &Record, s: &Session) -> Result<(), String> {
    let seats = s.variant().players.len();
    if let Some(says) = &rec.points {
        let rules = s
            .points()
            .map(|p| p.iter().map(u32::to_string).collect::<Vec<_>>().join("-"));
        if rules.as_deref() != Some(says.as_str()) {
            return Err(match rules {
                Some(r) => format!("the record's points are {says}, the rules give {r}"),
                None => format!(
                    "the record gives points ({says}), but {} keeps none",
                    s.variant().name
                ),
            });
        }
    }
    let says = |rules: &str| format!("the record says {}, the rules give {rules}", rec.result);
    if let Some(o) = s.result() {
        let want = Record::result_for(seats, Some(&o.winners()));
        if rec.forfeit.is_some() {
            return Err(format!(
                "the record names a forfeit, but the rules ended the game: {}",
                rules_result(s)
            ));
        }
        return if rec.result == want || rec.result == "*" {
            Ok(())
        } else {
            Err(says(&rules_result(s)))
        };
    }
    if let Some(name) = &rec.forfeit {
        let Some(seat) = s.variant().players.iter().position(|p| &p.name == name) else {
            return Err(format!(
                "the record's forfeit names `{name}`, which is not a seat of {}",
                s.variant().name
            ));
        };
        let want = lost_by(s, seat);
        return if rec.result == want {
            Ok(())
        } else {
            Err(format!(
                "the record says {}, but a forfeit by {name} gives {want}",
                rec.result
            ))
        };
    }
    if rec.result == "*" {
        return Ok(());
    }
    let termination = rec.termination.as_deref().unwrap_or("");
    if termination == "resignation" && (0..seats).any(|p| lost_by(s, p) == rec.result) {
        return Ok(());
    }
    if termination.ends_with("(claimed)") && rec.result == Record::result_for(seats, Some(&[])) {
        return if s.game.claimable().is_empty() {
            Err(format!(
                "the record says a draw was claimed ({termination}), but no draw can be \
                 claimed after its last action"
            ))
        } else {
            Ok(())
        };
    }
    Err(says("*"))
}

/// A cache of compiled variants, so that a file of many games compiles each
/// variant (with its options) once.
#[derive(Default)]
pub struct Compiled {
    entries: Vec<Entry>,
}

/// A variant's name, its options, and the variant compiled.
type Entry = (String, Vec<(String, String)>, Prepared);

/// The most variants a [`Compiled`] keeps (a file naming more compiles the
/// oldest again when it comes back).
const MAX_COMPILED: usize = 32;

impl Compiled {
    /// The compiled variant `spec` with `options`: from the cache, or from
    /// `load` (which loads and checks it) and compiled now.
    pub fn get<E: From<String>>(
        &mut self,
        spec: &str,
        options: &[(String, String)],
        load: impl FnOnce() -> Result<crate::ir::Variant, E>,
    ) -> Result<&Prepared, E> {
        let found = self
            .entries
            .iter()
            .position(|(s, o, _)| s == spec && o.as_slice() == options);
        let i = match found {
            Some(i) => i,
            None => {
                let variant = load()?;
                let prepared = Prepared::new(&variant).map_err(|e| E::from(e.0))?;
                if self.entries.len() >= MAX_COMPILED {
                    self.entries.remove(0);
                }
                self.entries
                    .push((spec.to_string(), options.to_vec(), prepared));
                self.entries.len() - 1
            }
        };
        Ok(&self.entries[i].2)
    }
}
