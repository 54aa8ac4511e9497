//! The pieces of a variant as the page's cards: the card of
//! [`crate::describe`] (the one `varia describe` prints: Betza, the moves
//! in words, the value given or estimated, the promotion, the rules that
//! name the piece), each move diagram drawn as SVG by the board's renderer
//! ([`crate::render::svg::body_marked`]), which escapes every text.

use crate::describe::{self, Diagram, PieceCard, Spot};
use crate::ir::Coord;
use crate::play::session::Prepared;
use crate::render::{svg, Mark};

/// One card per piece, in the variant's order (a man's `kind` in a
/// position is its card's index).
pub fn cards(prepared: &Prepared) -> Result<Vec<serde_json::Value>, String> {
    let v = prepared.variant();
    let described = match prepared.session(None, 1) {
        Ok(s) => describe::describe_session(&s),
        // A setup that does not start (a FEN is given instead): the
        // variant compiled again on its own.
        Err(_) => describe::describe(v)?,
    };
    described
        .pieces
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let glyphs = v.pieces.get(k).and_then(|p| p.glyphs.clone());
            card(k, c, glyphs)
        })
        .collect()
}

fn card(
    kind: usize,
    c: &PieceCard,
    glyphs: Option<[String; 2]>,
) -> Result<serde_json::Value, String> {
    let diagrams = c
        .diagrams
        .iter()
        .map(|d| {
            Ok(serde_json::json!({
                "title": d.title,
                "square": d.square,
                "svg": picture(d, c, glyphs.clone())?,
                "marked": marked(d),
                "legend": d.marks().into_iter().map(legend).collect::<Vec<_>>(),
            }))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(serde_json::json!({
        "kind": kind,
        "letter": c.letter.to_string(),
        "name": c.name,
        "betza": c.betza,
        "moves": c.moves,
        "value": c.value,
        "value_given": c.value_given,
        "royal": c.royal,
        "promotion": c.promotion,
        "rules": c.rules,
        "diagrams": diagrams,
    }))
}

/// What the diagram shows on each square that is not empty, by the
/// square's name: `piece` (the man), `hurdle` (a man of its side in the
/// way), and the marks (`move`, `capture`, `move_or_capture`, `initial`),
/// for scripts and tests to read what the picture draws.
fn marked(d: &Diagram) -> serde_json::Map<String, serde_json::Value> {
    d.spots
        .iter()
        .enumerate()
        .filter(|(_, s)| !matches!(s, Spot::Empty | Spot::Hole))
        .map(|(i, s)| {
            let c = Coord::new(d.x0 + i as i32 % d.width, d.y0 + i as i32 / d.width);
            (
                crate::notation::square(c),
                serde_json::to_value(s).unwrap_or_default(),
            )
        })
        .collect()
}

/// A diagram as one SVG picture, named for screen readers.
fn picture(d: &Diagram, c: &PieceCard, glyphs: Option<[String; 2]>) -> Result<String, String> {
    let (view, marks) = d.view(c.letter, glyphs);
    let (w, h) = svg::size(&view);
    let body = svg::body_marked(&view, &[], &marks)?;
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"DejaVu Sans, Arial, sans-serif\" role=\"img\" aria-label=\"{}\">\n{body}</svg>\n",
        svg::esc(&format!("{} ({}) {}", c.name, c.letter, d.title))
    ))
}

/// A mark of the diagram as the legend says it: how it is drawn, what it
/// means.
fn legend(m: Mark) -> serde_json::Value {
    let sign = match m {
        Mark::Move => "dot",
        Mark::Capture => "ring",
        Mark::MoveOrCapture => "dot in a ring",
        Mark::Initial => "hollow dot",
    };
    serde_json::json!({"mark": m, "sign": sign, "meaning": m.meaning()})
}
