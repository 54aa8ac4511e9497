//! The pieces of a variant as the page's cards: letter, name, moves (the
//! Betza text), value, royalty, promotion.

use crate::ir::Variant;

/// One card per piece, in the variant's order.
pub fn cards(v: &Variant) -> Vec<serde_json::Value> {
    v.pieces
        .iter()
        .map(|p| {
            let mut lines = vec![format!("moves: {}", p.betza)];
            if let Some(val) = p.value {
                lines.push(format!("value: {:.2} pawns", f64::from(val) / 100.0));
            }
            if p.royal {
                lines.push("royal: it may not be left attacked".into());
            }
            if let Some(pr) = &p.promotion {
                let names: Vec<&str> = pr
                    .choices
                    .iter()
                    .filter_map(|&k| v.pieces.get(k as usize).map(|x| x.name.as_str()))
                    .collect();
                if !names.is_empty() {
                    lines.push(format!("promotes to: {}", names.join(", ")));
                }
            }
            if let Some(k) = p.promotes_to.and_then(|k| v.pieces.get(k as usize)) {
                lines.push(format!("promotes to its promoted form: {}", k.name));
            }
            serde_json::json!({
                "letter": p.letter.to_string(),
                "name": p.name,
                "lines": lines,
                "svg": serde_json::Value::Null,
            })
        })
        .collect()
}
