//! Hostage exchanges (`N-B@f7`, under `captures to prison`): the action
//! itself (the variant has none), a piece the value order of `exchange`
//! never lists, the hostage given (the player's prison must hold one of
//! that piece), the man taken back (the opponent's prison must hold one of
//! the player's men of that piece), the values, and then the drop as a
//! placement's: the square, its conditions and the constraints.

use super::reason::Reason;
use super::{words, Found, Role, RuleRef, Scene};
use crate::engine::{Move, Square};
use crate::ir::{Letter, PieceId};

/// The `exchange` statement as the IR keeps it: the kinds from the lowest
/// value up, `<` between values, `=` within one.
fn order(sc: &Scene) -> RuleRef {
    let ranks = &sc.v.turn.exchange;
    let mut kinds: Vec<(u8, PieceId)> = ranks
        .iter()
        .enumerate()
        .filter_map(|(k, r)| r.map(|r| (r, k as PieceId)))
        .collect();
    kinds.sort();
    let mut text = String::from("exchange");
    for (i, &(r, k)) in kinds.iter().enumerate() {
        if i > 0 {
            text.push_str(if kinds[i - 1].0 == r { " =" } else { " <" });
        }
        text.push(' ');
        text.push_str(&words::piece(sc.v, k));
    }
    RuleRef::said(text)
}

/// Why the exchange of a hostage lettered `give` for the player's own man
/// lettered `take`, put down on `to`, is refused (or that it is legal).
pub(crate) fn exchange(sc: &Scene, give: char, take: char, to: Square) -> Found {
    inner(sc, give, take, to).mark(sc.pos, to, Role::To)
}

fn inner(sc: &Scene, give: char, take: char, to: Square) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    if v.turn.exchange.is_empty() {
        return Found::new(Reason::NoExchanges);
    }
    let piece = |letter: char| {
        sc.piece(Letter::own(letter)).ok_or_else(|| {
            Found::new(Reason::NoSuchPiece {
                letter: letter.to_string(),
            })
        })
    };
    let (g, t) = match (piece(give), piece(take)) {
        (Ok(g), Ok(t)) => (g, t),
        (Err(f), _) | (_, Err(f)) => return f,
    };
    if let Some(&m) = sc.legal.iter().find(|&&m| {
        matches!(m, Move::Exchange { give, piece, to: x } if give == g && piece == t && x == to)
    }) {
        return Found::new(Reason::Legal { action: sc.san(m) });
    }
    let rank = |k: PieceId| v.turn.exchange.get(k as usize).copied().flatten();
    for k in [g, t] {
        if rank(k).is_none() {
            return Found::new(Reason::NeverExchanged {
                piece: words::piece(v, k),
            })
            .rule(Some(order(sc)));
        }
    }
    let me = pos.turn();
    let opponent = (me + 1) % 2;
    if pos.prison(me, g) == 0 {
        return Found::new(Reason::NoHostage {
            piece: words::piece(v, g),
        });
    }
    if pos.prison(opponent, t) == 0 {
        return Found::new(Reason::NotHeld {
            piece: words::piece(v, t),
        });
    }
    if rank(t) > rank(g) {
        return Found::new(Reason::ExchangeValue {
            give: words::piece(v, g),
            take: words::piece(v, t),
        })
        .rule(Some(order(sc)));
    }
    let mv = Move::Exchange {
        give: g,
        piece: t,
        to,
    };
    if let Some(f) = super::place::conditions(sc, t, to, mv) {
        return f;
    }
    super::board::filters(sc, mv)
}
