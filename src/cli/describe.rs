//! `varia describe`, and the words of explanations as the terminal shows
//! them (`why MOVE`, a refused move in `play`).

use varia::explain::Explanation;

/// An explanation as the terminal shows it: its sentence, the rule that
/// forbids the action (quoted with its file and line when known), and what
/// the other men the text may mean would meet.
pub fn explanation(e: &Explanation) -> String {
    let mut s = e.text.clone();
    if let Some(r) = &e.rule {
        match (&r.file, r.line) {
            (Some(f), Some(l)) => s.push_str(&format!("\n  rule ({f}:{l}): {}", r.text)),
            _ => s.push_str(&format!("\n  rule: {}", r.text)),
        }
    }
    for a in &e.also {
        s.push_str(&format!("\n  also: {a}"));
    }
    s
}
