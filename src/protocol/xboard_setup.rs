//! What XBoard is told of a variant it has not built in: the `setup` line
//! (its piece table, board size, holdings, parent variant and start
//! position) and one `piece` line per kind, promoted forms in XBoard's own
//! terms (`+X`, as varia's FEN writes every promoted form); and what such
//! a description cannot carry ([`refusal`]).
//!
//! XBoard 4.9's table (`pieceToCharTable`, read by `SetCharTableEsc` in
//! its `backend.c`) has 66 piece types a side, the king last; an entry
//! `^X` is the promoted form of the piece lettered `X`, written `+X` in
//! FEN and reached by a move ending in `+`. A variant with promoted forms
//! is given XBoard's `chu` as its parent: XBoard takes a `+` move from any
//! type with a form only there and in `shogi` (`LegalityTest` in its
//! `moves.c`; elsewhere only from its types 1 to 10, and `shogi` adds its
//! own zones and forced promotions), and writes a promotion's `+` in the
//! saved game's SAN only there (elsewhere a `+` is check, and the
//! promotion is not written at all).

use super::xboard_betza::piece_betza;
use crate::ir::{Captures, Shape, Variant};

/// XBoard's classic table: 21 piece types a side and the king.
pub const SLOTS: usize = 22;
/// XBoard 4.9's table: 65 piece types a side and the king.
const WIDE: usize = 66;
/// XBoard's lion type: XBoard's lion-capture rules apply to whatever
/// stands there, so a wide table leaves it empty.
const LION: usize = 21;
/// The types whose men XBoard lets promote by `+` in any parent variant
/// (a piece with a form takes one if it can), and the offset of the type
/// XBoard pairs with each (its default promoted form).
const PROMOTING: std::ops::Range<usize> = 1..11;
/// The standard letters and their types (pawn, knight, bishop, rook,
/// queen).
const STANDARD: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

/// Each piece's promoted form (`promotes to`), by index: `(piece, form)`.
fn forms(v: &Variant) -> Vec<(usize, usize)> {
    v.pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.promotes_to.map(|f| (i, f as usize)))
        .filter(|&(i, f)| f != i && f < v.pieces.len())
        .collect()
}

/// The piece whose promoted form kind `k` is, if it is one.
fn base_of(v: &Variant, k: usize) -> Option<usize> {
    forms(v).into_iter().find(|&(_, f)| f == k).map(|(b, _)| b)
}

/// Which kind stands in each of XBoard's slots (the king's last), or why
/// XBoard's table cannot hold the variant's kinds.
fn layout(v: &Variant) -> Result<Vec<Option<usize>>, String> {
    let forms = forms(v);
    let is_form = |k: usize| forms.iter().any(|&(_, f)| f == k);
    for (i, &(b, f)) in forms.iter().enumerate() {
        if let Some(&(other, _)) = forms[..i].iter().find(|&&(_, g)| g == f) {
            return Err(format!(
                "{}: {} is the promoted form of both {} and {}, and XBoard pairs a promoted form with one piece",
                v.name, v.pieces[f].name, v.pieces[other].name, v.pieces[b].name
            ));
        }
    }
    if let Some(&(b, _)) = forms.iter().find(|&&(b, _)| is_form(b)) {
        return Err(format!(
            "{}: the promoted form {} promotes again, and XBoard's promoted men do not",
            v.name, v.pieces[b].name
        ));
    }
    let kinds = v.pieces.len();
    let n = if forms.is_empty() && kinds < SLOTS {
        SLOTS
    } else {
        WIDE
    };
    let mut table: Vec<Option<usize>> = vec![None; n];
    // XBoard's pawn type promotes to a piece on the last rank, and is
    // dropped on neither the first rank nor the last: in a wide table, a
    // man lettered `P` takes it only if it promotes so.
    let pawnlike = |k: usize| {
        let p = &v.pieces[k];
        p.promotion
            .as_ref()
            .is_some_and(|pr| pr.choices.iter().any(|&c| Some(c) != p.promotes_to))
    };
    let std_slot = |k: usize| {
        let l = v.pieces[k].letter;
        (!l.is_plus())
            .then(|| STANDARD.iter().position(|&c| c == l.ch()))
            .flatten()
            .filter(|&s| n == SLOTS || s != 0 || pawnlike(k))
    };
    let mut placed = vec![false; kinds];
    // The king first, then the pieces with a form in the slots that
    // promote (their standard slot if it is one), their forms, the rest.
    let promotes = |k: usize| forms.iter().any(|&(b, _)| b == k);
    if let Some(k) = (0..kinds).find(|&k| v.pieces[k].letter.is('K') && !is_form(k) && !promotes(k))
    {
        table[n - 1] = Some(k);
        placed[k] = true;
    }
    // (Those whose standard slot promotes take it first.)
    let mut bases: Vec<usize> = forms.iter().map(|&(b, _)| b).collect();
    bases.sort_by_key(|&b| !std_slot(b).is_some_and(|s| PROMOTING.contains(&s)));
    let free = |table: &[Option<usize>], from: usize| {
        (from..n - 1).find(|&s| table[s].is_none() && (n == SLOTS || s != LION))
    };
    for &b in &bases {
        let s = std_slot(b)
            .filter(|s| PROMOTING.contains(s) && table[*s].is_none())
            .or_else(|| free(&table, PROMOTING.start))
            .ok_or_else(|| too_many(v))?;
        table[s] = Some(b);
        placed[b] = true;
    }
    // A form takes the slot XBoard pairs with its piece's (11 on) where
    // it can.
    for &b in &bases {
        let f = forms.iter().find(|&&(x, _)| x == b).map_or(b, |&(_, f)| f);
        let paired = table
            .iter()
            .position(|&k| k == Some(b))
            .map(|s| s + PROMOTING.end)
            .filter(|&s| s != LION && s < n - 1 && table[s].is_none());
        let s = paired
            .or_else(|| free(&table, PROMOTING.end))
            .ok_or_else(|| too_many(v))?;
        table[s] = Some(f);
        placed[f] = true;
    }
    for k in (0..kinds).filter(|&k| !placed[k] && !is_form(k)) {
        let s = std_slot(k)
            .filter(|&s| table[s].is_none())
            .or_else(|| free(&table, STANDARD.len()))
            .ok_or_else(|| too_many(v))?;
        table[s] = Some(k);
    }
    Ok(table)
}

fn too_many(v: &Variant) -> String {
    format!(
        "{} has more piece kinds than XBoard can show ({} a side)",
        v.name,
        WIDE - 1
    )
}

/// Why XBoard cannot be told this variant by `setup` and `piece`, if it
/// cannot: its kinds do not fit XBoard's table, or a move has no XBoard
/// text (beside promoted forms, a promotion to anything but a man's own
/// form; a promoted man turned back, a man placed as its promoted form,
/// a bent move XBoard's legs cannot write, a move of two steps).
pub fn refusal(v: &Variant) -> Option<String> {
    if let Err(why) = layout(v) {
        return Some(why);
    }
    let has_forms = !forms(v).is_empty();
    for (k, p) in v.pieces.iter().enumerate() {
        let Some(pr) = p.promotion.as_ref().filter(|_| has_forms) else {
            continue;
        };
        for &c in pr.choices.iter().chain(pr.by_player.iter().flatten()) {
            let c = c as usize;
            if base_of(v, k) == Some(c) {
                return Some(format!(
                    "{} turns a promoted {} back into a {} (`-`), which XBoard's moves cannot express",
                    v.name, p.name, v.pieces[c].name
                ));
            }
            if p.promotes_to.map(|f| f as usize) != Some(c) {
                // With forms, XBoard's parent is `chu`, where a promotion
                // is `+` (the man's own form) and nothing else.
                return Some(format!(
                    "{} promotes a {} to a {} beside its promoted forms, and XBoard then takes only a man's own form (`+`)",
                    v.name, p.name, v.pieces[c].name
                ));
            }
        }
    }
    if let Some(&k) = v.turn.place_promoted.first() {
        return Some(format!(
            "{} places a {} as its promoted form (`+{}@`), which XBoard's drops cannot express",
            v.name, v.pieces[k as usize].name, v.pieces[k as usize].letter
        ));
    }
    if v.turn.place && v.turn.captures == Captures::ToHand && has_forms {
        return Some(format!(
            "{} puts a promoted man in hand as it is, and XBoard's holdings take it back to its piece",
            v.name
        ));
    }
    if let Some(why) = v.pieces.iter().find_map(|p| piece_betza(p).err()) {
        return Some(format!("{}: {why}", v.name));
    }
    if let Some(p) = v.pieces.iter().find(|p| !p.lion.is_empty()) {
        return Some(format!(
            "{}: the {}'s moves of two steps (`lion`) cannot be told to XBoard by `piece`",
            v.name, p.name
        ));
    }
    None
}

/// `setup` and `piece` lines for a variant XBoard does not know (`None`
/// where its kinds do not fit XBoard's table or a bent move has no
/// XBoard text: see `refusal`).
pub fn setup_lines(v: &Variant, fen: &str) -> Option<Vec<String>> {
    let table = layout(v).ok()?;
    let (w, h) = match v.board.shape {
        Shape::Rect { width, height, .. } | Shape::Unbounded { width, height } => (width, height),
    };
    let entry = |slot: &Option<usize>, lower: bool| -> String {
        let case = |c: char| {
            if lower {
                c.to_ascii_lowercase()
            } else {
                c
            }
        };
        match *slot {
            None => ".".into(),
            Some(k) => match base_of(v, k) {
                Some(b) => format!("^{}", case(v.pieces[b].letter.ch())),
                None => case(v.pieces[k].letter.ch()).to_string(),
            },
        }
    };
    let white: String = table.iter().map(|s| entry(s, false)).collect();
    let black: String = table.iter().map(|s| entry(s, true)).collect();
    let drops = v.turn.place;
    let pocket = if drops {
        (0..v.pieces.len())
            .filter(|&k| !v.pieces[k].royal && base_of(v, k).is_none())
            .count()
    } else {
        0
    };
    let parent = if table.iter().flatten().any(|&k| base_of(v, k).is_some()) {
        "chu"
    } else if drops {
        "crazyhouse"
    } else {
        "fairy"
    };
    let mut out = vec![format!(
        "setup ({white}{black}) {w}x{h}+{pocket}_{parent} {fen}"
    )];
    for (k, p) in v.pieces.iter().enumerate() {
        let mut betza = piece_betza(p).ok()?;
        if v.turn
            .castling
            .as_ref()
            .is_some_and(|c| c.royal as usize == k)
        {
            // `iO2`, not Fairy-Stockfish's `O2`: XBoard's `O` atom castles
            // whenever the king can slide to a rook that stands where it
            // started, rights or not, and a king that has moved and been
            // mated (a rook still in its corner) was not mate to XBoard,
            // which forfeited the mating side for a false claim. `i` keeps
            // the castling to a king on its first square, not yet moved.
            betza.push_str("iO2");
        }
        let id = match base_of(v, k) {
            Some(b) => format!("+{}", v.pieces[b].letter.ch()),
            None => p.letter.ch().to_string(),
        };
        out.push(format!("piece {id}& {betza}"));
    }
    Some(out)
}
