//! Lowering of the prison (Hostage chess): `captures to prison` (in
//! `moves`), the action `exchange` (in `actions`) and its value order,
//! `exchange KIND < KIND = KIND ...`, and what they need of the rest of
//! the variant.

use super::*;

const HINT: &str = "write the kinds from the lowest value up, `<` between values and `=` between kinds of one value: `exchange pawn < knight = bishop < rook < queen`";

/// `exchange KIND (< | =) KIND ...`: the value order of the exchange.
pub(super) fn exchange_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.exchange_span = Some((it.file.clone(), it.stmt.head_span()));
    let mut rank: Vec<Option<u8>> = vec![None; l.pieces.len()];
    let mut r = 0u8;
    loop {
        let sp = c.here();
        let k = l
            .piece_ref(c, "a piece (its value in the exchange)")
            .map_err(|e| e.hint(HINT))?;
        let slot = &mut rank[k as usize];
        if slot.is_some() {
            return Err(Diagnostic::error(
                "bad-argument",
                c.file,
                sp,
                format!(
                    "`{}` is listed twice in the exchange's order",
                    l.pieces[k as usize].piece.name
                ),
            )
            .hint(HINT));
        }
        *slot = Some(r);
        if c.done() {
            break;
        }
        if c.eat_op("<") {
            r = r.saturating_add(1);
        } else {
            c.expect_op("=").map_err(|e| e.hint(HINT))?;
        }
    }
    d.turn.exchange = rank;
    Ok(())
}

/// What the prison and the exchange need of the rest of the variant, each
/// conflict an error at the statement that brings it.
pub(super) fn prison_checks(
    l: &mut Lower,
    v: &Variant,
    captures: Option<&(Arc<str>, Span)>,
    action: Option<&(Arc<str>, Span)>,
    order: Option<&(Arc<str>, Span)>,
) {
    let t = &v.turn;
    let mut clash = |at: &(Arc<str>, Span), what: String, hint: &str| {
        l.diags
            .push(Diagnostic::error("contradiction", &at.0, at.1, what).hint(hint.to_string()));
    };
    if t.captures == Captures::ToPrison {
        if let Some(at) = captures {
            if v.players.len() != 2 {
                clash(
                    at,
                    format!(
                        "`captures to prison` is played by two players, not {}",
                        v.players.len()
                    ),
                    "each player's prison holds the other's men: give the variant two players",
                );
            }
            if t.fog_of_war {
                clash(
                    at,
                    "`captures to prison` cannot be used with `fog of war`".into(),
                    "a seat's view has no prisons to show: remove one of the two",
                );
            }
        }
    }
    match (action, order) {
        (Some(at), None) => clash(
            at,
            "the action `exchange` needs the exchange's value order".into(),
            "add `exchange pawn < knight = bishop < rook < queen` (the kinds that may be exchanged, lowest value first)",
        ),
        (None, Some(at)) => clash(
            at,
            "`exchange` gives a value order, but `exchange` is not among the `actions`".into(),
            "add it: `actions move, place, exchange`",
        ),
        _ => {}
    }
    let Some(at) = action else {
        return;
    };
    if t.captures != Captures::ToPrison {
        clash(
            at,
            "the action `exchange` needs `captures to prison`: it takes men out of the prisons"
                .into(),
            "add `captures to prison`",
        );
    }
    if !t.place {
        clash(
            at,
            "the action `exchange` needs `place` among the `actions`: the man taken back is put down by the placement rules, and the hostage given is placed from its owner's hand".into(),
            "write `actions move, place, exchange`",
        );
    }
    if t.must_place || !t.must_place_kinds.is_empty() {
        clash(
            at,
            "the action `exchange` cannot be used with `must place`".into(),
            "an exchange is no placement: remove `must place` or the exchange",
        );
    }
}
