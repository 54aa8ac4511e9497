//! Finding and loading a variant by name or path.

use crate::check::{self, Checked};
use crate::diagnostic::{self, Diagnostic, Sources, Style};
use crate::ir::Variant;
use std::path::Path;

/// A variant could not be loaded: the rendered reason.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

/// Check a file given as text (see [`check::check_str`]).
pub fn load_str(name: &str, text: &str, overrides: &[(String, String)]) -> Checked {
    check::check_str(name, text, None, overrides)
}

/// Check a file on disk.
pub fn load_path(path: &Path, overrides: &[(String, String)]) -> Result<Checked, std::io::Error> {
    check::check_path(path, overrides)
}

/// Resolve `spec` (a path to a `.variant` file, or a built-in name) and check it.
pub fn resolve(spec: &str, overrides: &[(String, String)]) -> Result<Checked, LoadError> {
    let path = Path::new(spec);
    if path.exists() {
        return load_path(path, overrides)
            .map_err(|e| LoadError(format!("cannot read {spec}: {e}")));
    }
    let file = format!("{spec}.variant");
    if let Some((n, t)) = check::builtin_files().iter().find(|(n, _)| **n == file) {
        return Ok(check::check_str(n, t, None, overrides));
    }
    let names = check::builtin_names();
    let mut msg = format!("no file `{spec}` and no built-in variant of that name");
    if let Some(s) = diagnostic::suggest(spec, names.iter().copied()) {
        msg.push_str(&format!("; {s}"));
    }
    msg.push_str(&format!("\nbuilt-in variants: {}", names.join(", ")));
    Err(LoadError(msg))
}

/// Resolve and check, returning the (first) variant or the rendered errors.
pub fn variant(
    spec: &str,
    overrides: &[(String, String)],
    color: bool,
) -> Result<Variant, LoadError> {
    let c = resolve(spec, overrides)?;
    first_variant(c, color)
}

/// A built-in variant by name.
pub fn builtin(name: &str, overrides: &[(String, String)]) -> Result<Variant, LoadError> {
    let file = format!("{name}.variant");
    let (n, t) = check::builtin_files()
        .iter()
        .find(|(n, _)| **n == file)
        .ok_or_else(|| LoadError(format!("no built-in variant `{name}`")))?;
    first_variant(check::check_str(n, t, None, overrides), false)
}

fn first_variant(c: Checked, color: bool) -> Result<Variant, LoadError> {
    if c.has_errors() || c.variants.is_empty() {
        let errs: Vec<Diagnostic> = c
            .diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
        return Err(LoadError(render(&errs, &c.sources, color)));
    }
    Ok(c.variants.into_iter().next().expect("checked above"))
}

/// Render diagnostics (see [`diagnostic::render`]).
pub fn render(d: &[Diagnostic], sources: &Sources, color: bool) -> String {
    diagnostic::render(d, sources, Style { color })
}
