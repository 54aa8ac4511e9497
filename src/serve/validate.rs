//! Checking a rule file's text as `varia validate --format json` does.

use crate::check::Checked;
use crate::diagnostic;
use std::path::Path;

/// Check `text` (named `name`, with `extends` looking in `dir`) and start
/// each variant as `validate` does (the engine has the last word on the
/// setup). Also returns the checked file, for a game.
pub fn check(name: &str, text: &str, dir: Option<&Path>) -> Checked {
    let mut c = crate::check::check_str(name, text, dir, &[]);
    if !c.has_errors() {
        let more = crate::load::startable(&c);
        c.diagnostics.extend(more);
    }
    c
}

/// The JSON `varia validate --format json` prints for one file: its name,
/// whether it is valid, its variants and every diagnostic with its line,
/// column, end and hints.
pub fn report(name: &str, c: &Checked) -> serde_json::Value {
    let ds = diagnostic::to_json(&c.diagnostics, &c.sources);
    serde_json::json!({
        "file": name,
        "valid": !c.has_errors(),
        "variants": c.variants.iter().map(|v| &v.name).collect::<Vec<_>>(),
        "diagnostics": ds,
    })
}
