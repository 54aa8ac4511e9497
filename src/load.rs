//! Finding and loading a variant by name or path, and reading files the
//! user named, within limits.
//!
//! Every file varia reads on the user's behalf (rule files, game records,
//! files named by `extends`) goes through [`crate::textfile::read_text`]:
//! it must be a regular file (not a device, FIFO or directory), no larger
//! than its kind's limit, and UTF-8 text. A game record names its variant; such a name loads
//! a built-in variant, or a `.variant` file only from a directory the user
//! allowed ([`for_record`]).

use crate::check::{self, Checked};
use crate::diagnostic::{self, Diagnostic, Sources, Span, Style};
use crate::ir::Variant;
use std::path::{Path, PathBuf};

/// A variant could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String, Shape);

/// Whether a [`LoadError`] is a sentence or rendered diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Sentence,
    Rendered,
}

impl LoadError {
    fn sentence(s: impl Into<String>) -> LoadError {
        LoadError(s.into(), Shape::Sentence)
    }

    /// The text to show a user: `error: ` and the sentence, or the rendered
    /// diagnostics as they are (they carry their own `error[code]` heads).
    pub fn report(&self) -> String {
        match self.1 {
            Shape::Sentence => format!("error: {}", self.0),
            Shape::Rendered => self.0.trim_end().to_string(),
        }
    }
}

/// Check a file given as text (see [`check::check_str`]).
pub fn load_str(name: &str, text: &str, overrides: &[(String, String)]) -> Checked {
    check::check_str(name, text, None, overrides)
}

/// Check a rule file on disk (read with [`crate::textfile::read_text`] and
/// [`crate::textfile::MAX_RULE_FILE`]).
pub fn load_path(path: &Path, overrides: &[(String, String)]) -> Result<Checked, std::io::Error> {
    check::check_path(path, overrides)
}

fn builtin_checked(name: &str, overrides: &[(String, String)]) -> Option<Checked> {
    builtin_file(name).map(|(n, t)| check::check_str(n, t, None, overrides))
}

/// A variant spec split into the file (or built-in name) and the variant
/// it selects: `FILE.variant:NAME` selects variant NAME of a file that
/// defines several (`NAME` alone: the file's first). A spec that names an
/// existing file as it is never splits.
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    if Path::new(spec).exists() {
        return (spec, None);
    }
    match spec.rsplit_once(':') {
        Some((file, name))
            if !file.is_empty()
                && !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                && (Path::new(file).exists() || builtin_file(file).is_some()) =>
        {
            (file, Some(name))
        }
        _ => (spec, None),
    }
}

/// The values file beside the rule file `spec` names by path (`DIR/NAME.variant`
/// or `DIR/NAME.variant:VARIANT` → `DIR/NAME.values.toml`), if that file
/// exists: naming a rule file names its values file too (docs/LANGUAGE.md,
/// "Values files"). A built-in name's is [`builtin_values`].
pub fn values_beside(spec: &str) -> Option<PathBuf> {
    let (file, _) = split_spec(spec);
    let path = Path::new(file);
    let stem = path.file_name()?.to_str()?.strip_suffix(".variant")?;
    if stem.is_empty() || !path.is_file() {
        return None;
    }
    let beside = path.with_file_name(format!("{stem}.values.toml"));
    beside.is_file().then_some(beside)
}

/// The values file shipped with a built-in name (`chess` → the embedded
/// `chess.values.toml`, whose name and text are returned), if there is
/// one: a built-in name reads its own values file as a path names the one
/// beside it. (A spec that names a file on disk is that file, not the
/// built-in: see [`resolve`].)
pub fn builtin_values(spec: &str) -> Option<(&'static str, &'static str)> {
    let (file, _) = split_spec(spec);
    let (name, _) = builtin_file(file)?;
    let stem = name.strip_suffix(".variant")?;
    let wanted = format!("{stem}.values.toml");
    check::builtin_values_files()
        .iter()
        .find(|(n, _)| *n == wanted)
        .copied()
}

/// The embedded file of a built-in name.
fn builtin_file(name: &str) -> Option<&'static (&'static str, &'static str)> {
    let files = check::builtin_files();
    let file = format!("{name}.variant");
    if let Some(f) = files.iter().find(|(n, _)| **n == file) {
        return Some(f);
    }
    let wanted = name.trim();
    let lower = wanted.to_ascii_lowercase();
    if lower != wanted {
        let file = format!("{lower}.variant");
        if let Some(f) = files.iter().find(|(n, _)| **n == file) {
            return Some(f);
        }
    }
    builtin_aliases()
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(wanted))
        .and_then(|(_, i)| files.get(*i))
}

/// Every other name (`also known as`) of a built-in file's first variant,
/// with the file's index in [`check::builtin_files`]; read once per process.
/// A name that is some built-in file's own name is left out: the file of
/// that name is found first anyway.
fn builtin_aliases() -> &'static [(String, usize)] {
    static ALIASES: std::sync::OnceLock<Vec<(String, usize)>> = std::sync::OnceLock::new();
    ALIASES.get_or_init(|| {
        let files = check::builtin_files();
        let own = check::builtin_names();
        let mut out = Vec::new();
        for (i, (n, t)) in files.iter().enumerate() {
            // Only a file that says `also` can give other names: the
            // others are not checked here.
            if *n == check::PRELUDE || !t.contains("also") {
                continue;
            }
            let c = check::check_str(n, t, None, &[]);
            if let Some(v) = c.variants.first() {
                for a in &v.aliases {
                    if !own.iter().any(|o| o.eq_ignore_ascii_case(a)) {
                        out.push((a.clone(), i));
                    }
                }
            }
        }
        out
    })
}

/// Resolve `spec` (a path to a `.variant` file, or a built-in name, with
/// `:NAME` after it to select one of its variants) and check the file.
pub fn resolve(spec: &str, overrides: &[(String, String)]) -> Result<Checked, LoadError> {
    let spec = split_spec(spec).0;
    let path = Path::new(spec);
    if path.exists() {
        return load_path(path, overrides)
            .map_err(|e| LoadError::sentence(format!("cannot read {spec}: {e}")));
    }
    if let Some(c) = builtin_checked(spec, overrides) {
        return Ok(c);
    }
    let names = check::builtin_names();
    let mut msg = format!("no file `{spec}` and no built-in variant of that name");
    if let Some(s) = diagnostic::suggest(spec, names.iter().copied()) {
        msg.push_str(&format!("; {s}"));
    }
    msg.push_str(&format!("\nbuilt-in variants: {}", names.join(", ")));
    Err(LoadError::sentence(msg))
}

/// Resolve and check, returning the (first) variant or the rendered errors.
pub fn variant(
    spec: &str,
    overrides: &[(String, String)],
    color: bool,
) -> Result<Variant, LoadError> {
    let c = resolve(spec, overrides)?;
    pick_variant(c, split_spec(spec).1, color)
}

/// A built-in variant by name.
pub fn builtin(name: &str, overrides: &[(String, String)]) -> Result<Variant, LoadError> {
    let c = builtin_checked(name, overrides)
        .ok_or_else(|| LoadError::sentence(format!("no built-in variant `{name}`")))?;
    first_variant(c, false)
}

/// The variant a game record names, loaded safely.
///
/// `spec` is the record's `[Variant]` tag. It loads, in this order: a
/// built-in variant of that name or of one of its other names (`also known
/// as`, case-insensitive: the names other tools write); otherwise a `.variant` file of
/// that name (or that file name) inside one of the `allowed` directories, such
/// as the record's own directory or a `--variant-path`. Nothing outside those
/// directories is opened, and a path that does not end in `.variant` is
/// refused without being read, so a record cannot make varia show a file.
pub fn for_record(
    spec: &str,
    allowed: &[PathBuf],
    overrides: &[(String, String)],
    color: bool,
) -> Result<Variant, LoadError> {
    let lower = spec.trim().to_ascii_lowercase();
    if let Some(c) = builtin_checked(&lower, overrides) {
        return first_variant(c, color);
    }
    // `FILE.variant:NAME` or `BUILTIN:NAME`: the file, then the variant.
    let (spec, selected) = match spec.rsplit_once(':') {
        Some((file, name))
            if !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-') =>
        {
            (file, Some(name))
        }
        _ => (spec, None),
    };
    if let Some(name) = selected {
        if let Some(c) = builtin_checked(&spec.trim().to_ascii_lowercase(), overrides) {
            return pick_variant(c, Some(name), color);
        }
    }
    let shown: String = spec.chars().take(80).collect();
    let not_found = || {
        let dirs: Vec<String> = allowed.iter().map(|d| d.display().to_string()).collect();
        LoadError::sentence(format!(
            "the record names variant `{}`, which is not a built-in variant nor a \
             `.variant` file in {}; give the directory that holds its rule file with \
             --variant-path DIR",
            shown.escape_debug(),
            if dirs.is_empty() {
                "any allowed directory".to_string()
            } else {
                dirs.join(", ")
            }
        ))
    };
    let rel = Path::new(spec);
    if rel.extension().is_none_or(|e| e != "variant") {
        return Err(not_found());
    }
    for dir in allowed {
        let Ok(root) = dir.canonicalize() else {
            continue;
        };
        let mut candidates = Vec::new();
        if rel.is_relative() {
            candidates.push(root.join(rel));
        } else {
            candidates.push(rel.to_path_buf());
        }
        if let Some(name) = rel.file_name() {
            candidates.push(root.join(name));
        }
        for c in candidates {
            let Ok(real) = c.canonicalize() else {
                continue;
            };
            if !real.starts_with(&root) || real.extension().is_none_or(|e| e != "variant") {
                continue;
            }
            let checked = load_path(&real, overrides)
                .map_err(|e| LoadError::sentence(format!("cannot read {}: {e}", real.display())))?;
            return pick_variant(checked, selected, color);
        }
    }
    Err(not_found())
}

/// Where variant `name` is declared (its `variant NAME` header).
fn variant_site(c: &Checked, name: &str) -> (std::sync::Arc<str>, Span) {
    let header = format!("variant {name}");
    let place = c.sources.iter().find_map(|(file, text)| {
        text.find(&header)
            .map(|i| (file.clone(), Span::new(i, i + header.len())))
    });
    place.unwrap_or_else(|| {
        let file = c
            .sources
            .iter()
            .next()
            .map_or_else(|| std::sync::Arc::from("?"), |(n, _)| n.clone());
        (file, Span::new(0, 0))
    })
}

/// What the checker cannot see but the engine finds when a game starts: a
/// setup that is not a legal position (the side not to act in check, say),
/// men outside an unbounded board's limit box, a board too large to
/// compile. One `cannot-start` error per variant of `c` that cannot start,
/// placed on its `variant NAME` header; and an `unreachable` warning for
/// squares no man of the setup can ever reach (a board check on the
/// board's graph).
pub fn startable(c: &Checked) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &c.variants {
        // The tables and the start position, as a game would build them
        // (without the evaluation a game also prepares).
        let started = crate::engine::Tables::new(v)
            .map_err(|e| format!("cannot compile the variant: {e}"))
            .inspect(|t| {
                // A board check on the board's graph: squares no man of the
                // setup can ever reach.
                let never: Vec<String> = t
                    .unreachable_squares()
                    .into_iter()
                    .map(|sq| t.geometry().name(sq))
                    .collect();
                if !never.is_empty() {
                    let (file, span) = variant_site(c, &v.name);
                    let shown = never.iter().take(8).cloned().collect::<Vec<_>>().join(" ");
                    let more = if never.len() > 8 {
                        format!(" and {} more", never.len() - 8)
                    } else {
                        String::new()
                    };
                    out.push(
                        Diagnostic::warning(
                            "unreachable",
                            &file,
                            span,
                            format!(
                                "no man of variant `{}` can ever stand on {}: {shown}{more}",
                                v.name,
                                if never.len() == 1 {
                                    "this square"
                                } else {
                                    "these squares"
                                }
                            ),
                        )
                        .hint("make them holes, or give a piece a move that reaches them"),
                    );
                }
            })
            .and_then(|t| {
                crate::engine::Position::start_seeded(std::sync::Arc::new(t), 0)
                    .map_err(|e| format!("bad setup: {}", e.0))
            });
        let e = match started {
            Ok(pos) => {
                out.extend(over_at_start(c, v, pos));
                continue;
            }
            Err(e) => e,
        };
        let (file, span) = variant_site(c, &v.name);
        out.push(
            Diagnostic::error(
                "cannot-start",
                &file,
                span,
                format!("variant `{}` cannot start a game: {e}", v.name),
            )
            .hint("the setup must be a position the rules allow, on the board"),
        );
    }
    out
}

/// The `over-at-start` warning: an end rule that already holds in the
/// setup, so the game is over before its first action (`perft` counts 0,
/// `play` ends at once). A warning, not an error: the rules still play
/// from other positions (a FEN).
fn over_at_start(c: &Checked, v: &Variant, pos: crate::engine::Position) -> Option<Diagnostic> {
    let game = crate::engine::Game::new(pos);
    let crate::engine::Status::Ended { winners, cause, .. } = game.status() else {
        return None;
    };
    let rule = v.end.get(cause.rule)?;
    let text = crate::notation::words::end_rule(v, &rule.when, rule.then);
    let result = if winners == 0 {
        "a draw".to_string()
    } else {
        let names: Vec<&str> = (0..v.players.len())
            .filter(|&p| winners & (1 << p) != 0)
            .map(|p| v.players[p].name.as_str())
            .collect();
        format!("won by {}", names.join(" and "))
    };
    let (file, span) = variant_site(c, &v.name);
    Some(
        Diagnostic::warning(
            "over-at-start",
            &file,
            span,
            format!(
                "variant `{}` is over before its first action: the end rule `{text}` already \
                 holds in the setup ({result}); `perft` counts 0 and a game ends at once",
                v.name
            ),
        )
        .hint("change the setup, or the rule, so that it cannot hold before anyone has acted"),
    )
}

fn first_variant(c: Checked, color: bool) -> Result<Variant, LoadError> {
    pick_variant(c, None, color)
}

/// The variant called `name` of a checked file, or its first; the errors
/// rendered.
fn pick_variant(c: Checked, name: Option<&str>, color: bool) -> Result<Variant, LoadError> {
    if !c.has_errors() && c.variants.is_empty() {
        return Err(LoadError::sentence(
            "the file defines no variant, only library pieces (a prelude for the \
             variant files beside it); give a file with a `variant` block"
                .to_string(),
        ));
    }
    if c.has_errors() || c.variants.is_empty() {
        let errs: Vec<Diagnostic> = c
            .diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
        return Err(LoadError(render(&errs, &c.sources, color), Shape::Rendered));
    }
    let Some(name) = name else {
        return Ok(c.variants.into_iter().next().expect("checked above"));
    };
    let names: Vec<String> = c.variants.iter().map(|v| v.name.clone()).collect();
    c.variants
        .into_iter()
        .find(|v| v.name == name)
        .ok_or_else(|| {
            let mut msg = format!(
                "the file defines no variant `{name}`; it defines {}",
                names.join(", ")
            );
            if let Some(s) = diagnostic::suggest(name, names.iter().map(String::as_str)) {
                msg.push_str(&format!(" ({s})"));
            }
            LoadError::sentence(msg)
        })
}

/// Render diagnostics (see [`diagnostic::render`]).
pub fn render(d: &[Diagnostic], sources: &Sources, color: bool) -> String {
    diagnostic::render(d, sources, Style { color })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_and_a_name_select_one_of_its_variants() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("two.variant");
        std::fs::write(
            &file,
            "variant first \"First\" extends chess {}\nvariant second \"Second\" extends chess {}\n",
        )
        .unwrap();
        let f = file.to_str().unwrap();
        assert_eq!(variant(f, &[], false).unwrap().name, "first");
        let spec = format!("{f}:second");
        assert_eq!(split_spec(&spec), (f, Some("second")));
        assert_eq!(variant(&spec, &[], false).unwrap().name, "second");
        let e = variant(&format!("{f}:secnd"), &[], false).unwrap_err();
        assert!(e.0.contains("defines first, second"), "{}", e.0);
        assert!(e.0.contains("did you mean `second`"), "{}", e.0);
        // A record that names it loads it from an allowed directory.
        let rec = for_record(
            "two.variant:second",
            &[dir.path().to_path_buf()],
            &[],
            false,
        );
        assert_eq!(rec.unwrap().name, "second");
        // A built-in name with its own variant's name.
        assert_eq!(variant("chess:chess", &[], false).unwrap().name, "chess");
        assert_eq!(split_spec("no/such.variant:x"), ("no/such.variant:x", None));
    }
}
