//! `also known as NAME, ...`: the other names of a variant.

use super::*;

/// Longest other name, in characters.
const MAX_NAME: usize = 40;
/// Most other names one variant may give.
const MAX_NAMES: usize = 16;

/// `also known as NAME, "NAME WITH SPACES", ...`
pub(super) fn also_known_as(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `also known as NAME, ...`, as `also known as standard, \"from position\"`";
    c.expect_keyword("known").map_err(|e| e.hint(hint))?;
    c.expect_keyword("as").map_err(|e| e.hint(hint))?;
    let mut seen: Vec<(String, Span)> = Vec::new();
    loop {
        let (name, span) = match c.peek() {
            Some(Arg {
                kind: ArgKind::Word(w) | ArgKind::Str(w),
                span,
            }) => (w.clone(), *span),
            Some(Arg {
                kind: ArgKind::Number(n),
                span,
            }) if *n >= 0 => (n.to_string(), *span),
            _ => {
                return Err(c
                    .expected("a name (a word, or a string in quotes)")
                    .hint(hint))
            }
        };
        c.next();
        let trimmed = name.trim();
        if trimmed.is_empty() || trimmed.chars().count() > MAX_NAME {
            l.err(
                Diagnostic::error(
                    "bad-argument",
                    &it.file,
                    span,
                    format!("a name has 1 to {MAX_NAME} characters"),
                )
                .hint("give the name as records and other tools write it"),
            );
        } else if let Some((_, first)) = seen.iter().find(|(n, _)| n.eq_ignore_ascii_case(trimmed))
        {
            l.err(
                Diagnostic::error(
                    "duplicate-name",
                    &it.file,
                    span,
                    format!("`{trimmed}` is given twice"),
                )
                .label(*first, "first given here")
                .hint("names are compared without regard to case: keep one"),
            );
        } else if seen.len() == MAX_NAMES {
            l.err(Diagnostic::error(
                "bad-argument",
                &it.file,
                span,
                format!("a variant has at most {MAX_NAMES} other names"),
            ));
        } else {
            seen.push((trimmed.to_string(), span));
        }
        match c.list_separator("separate the names with commas") {
            Ok(true) => continue,
            Ok(false) => break,
            Err((e, _)) => return Err(e),
        }
    }
    d.aliases = seen.into_iter().map(|(n, _)| n).collect();
    Ok(())
}
