//! Stage 2: spanned AST to checked IR.
//!
//! The checker resolves `extends` chains and the prelude, gives every option
//! its value (defaults, then command-line overrides), decides every `if`,
//! substitutes `$option` references, and lowers each statement to the IR,
//! collecting every mistake it finds as a [`Diagnostic`].

// A mistake in the rules is the ordinary outcome of a check, not a rare
// failure: diagnostics are returned by value, and boxing them would buy
// nothing.
#![allow(clippy::result_large_err)]

pub mod betza;
mod continued;
mod cursor;
mod lower;
mod pred;

use crate::diagnostic::{self, Diagnostic, Sources, Span};
use crate::ir::Variant;
use crate::syntax::{
    self,
    ast::{Arg, ArgKind, Block, File, Stmt},
};
use continued::{split_continued, Ctx};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// Name of the prelude file (embedded).
pub const PRELUDE: &str = "prelude.variant";

/// The embedded files of `variants/`, as `(file name, text)`.
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    builtin::FILES
}

/// The embedded values files beside them (`NAME.values.toml`), as `(file
/// name, text)`.
pub fn builtin_values_files() -> &'static [(&'static str, &'static str)] {
    builtin::VALUES
}

/// Names of the embedded variants (file stems, prelude excluded).
pub fn builtin_names() -> Vec<&'static str> {
    builtin::FILES
        .iter()
        .filter(|(n, _)| *n != PRELUDE)
        .map(|(n, _)| n.trim_end_matches(".variant"))
        .collect()
}

/// The result of checking one file.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The variants the file defines, lowered with the options in force.
    pub variants: Vec<Variant>,
    /// Every finding, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// Texts of every file involved, for rendering.
    pub sources: Sources,
    /// The file's syntax tree (when it parsed).
    pub ast: Option<File>,
}

impl Checked {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// One statement after `if`s were decided and `$options` substituted.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub file: Arc<str>,
    /// 0 for the root ancestor of an `extends` chain, +1 per generation.
    pub level: usize,
    pub stmt: Stmt,
}

/// A declared option.
#[derive(Debug, Clone)]
pub(crate) struct OptDecl {
    pub name: String,
    pub values: OptValues,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub(crate) enum OptValues {
    Choice(Vec<String>),
    Int { default: i64, lo: i64, hi: i64 },
}

impl OptDecl {
    fn default_value(&self) -> String {
        match &self.values {
            OptValues::Choice(v) => v[0].clone(),
            OptValues::Int { default, .. } => default.to_string(),
        }
    }

    fn allowed(&self) -> String {
        match &self.values {
            OptValues::Choice(v) => v.join(" | "),
            OptValues::Int { lo, hi, .. } => format!("{lo}..{hi}"),
        }
    }

    fn accepts(&self, v: &str) -> bool {
        match &self.values {
            OptValues::Choice(c) => c.iter().any(|x| x == v),
            OptValues::Int { lo, hi, .. } => v.parse::<i64>().is_ok_and(|n| n >= *lo && n <= *hi),
        }
    }
}

/// Where to look for files named by `extends`.
struct Resolver {
    dir: Option<PathBuf>,
    sources: Sources,
    /// Parsed files, shared: a chain of `extends` walks them without
    /// copying.
    parsed: HashMap<Arc<str>, Option<Arc<File>>>,
    diags: Vec<Diagnostic>,
}

impl Resolver {
    /// Load and parse a file by name (relative to `dir`, else embedded).
    fn file(&mut self, name: &str) -> Option<(Arc<str>, Arc<File>)> {
        let candidates: Vec<(Arc<str>, Option<String>)> = {
            let mut c = Vec::new();
            if let Some(dir) = &self.dir {
                let p = dir.join(name);
                if let Ok(text) = crate::textfile::read_text(&p, crate::textfile::MAX_RULE_FILE) {
                    c.push((Arc::from(p.to_string_lossy().as_ref()), Some(text)));
                }
            }
            if c.is_empty() {
                if let Some((n, t)) = builtin::FILES.iter().find(|(n, _)| *n == name) {
                    c.push((Arc::from(*n), Some(t.to_string())));
                }
            }
            c
        };
        let (fname, text) = candidates.into_iter().next()?;
        let text = text?;
        if let Some(p) = self.parsed.get(&fname) {
            return p.clone().map(|f| (fname, f));
        }
        let t: Arc<str> = Arc::from(text.as_str());
        self.sources.add(&fname, &t);
        let parsed = match syntax::parse(&fname, &t) {
            Ok(f) => Some(Arc::new(f)),
            Err(d) => {
                self.diags.push(d);
                None
            }
        };
        self.parsed.insert(fname.clone(), parsed.clone());
        parsed.map(|f| (fname, f))
    }
}

/// Check a rule file given as text. `dir` is where `extends` looks first;
/// `overrides` are `name=value` option settings from the command line.
pub fn check_str(
    name: &str,
    text: &str,
    dir: Option<&Path>,
    overrides: &[(String, String)],
) -> Checked {
    check_inner(name, text, dir, overrides, true)
}

fn check_inner(
    name: &str,
    text: &str,
    dir: Option<&Path>,
    overrides: &[(String, String)],
    all_branches: bool,
) -> Checked {
    let fname: Arc<str> = Arc::from(name);
    let ftext: Arc<str> = Arc::from(text);
    let mut r = Resolver {
        dir: dir.map(Path::to_path_buf),
        sources: Sources::new(),
        parsed: HashMap::new(),
        diags: Vec::new(),
    };
    r.sources.add(&fname, &ftext);
    let file = match syntax::parse(&fname, text) {
        Ok(f) => f,
        Err(d) => {
            return Checked {
                variants: Vec::new(),
                diagnostics: vec![d],
                sources: r.sources,
                ast: None,
            };
        }
    };
    let file = Arc::new(file);
    r.parsed.insert(fname.clone(), Some(file.clone()));
    let mut variants = Vec::new();
    let mut names: HashMap<String, Span> = HashMap::new();
    let mut diags = Vec::new();
    let mut any_variant = false;
    for st in &file.stmts {
        match st.keyword() {
            Some("variant") => {
                any_variant = true;
                if let Some(v) =
                    check_variant(&mut r, &fname, &file, st, overrides, &mut diags, &mut names)
                {
                    variants.push(v);
                }
                if all_branches {
                    // Check every non-default value of every option, so a
                    // mistake in an `if` branch is found too.
                    for (oname, value) in option_alternatives(&mut r, &fname, &file, st) {
                        if overrides.iter().any(|(k, _)| *k == oname) {
                            continue;
                        }
                        let mut ov = overrides.to_vec();
                        ov.push((oname, value));
                        let mut extra = Vec::new();
                        let mut n2 = HashMap::new();
                        check_variant(&mut r, &fname, &file, st, &ov, &mut extra, &mut n2);
                        // Say which setting shows a finding the defaults do not.
                        let (oname, value) = ov.last().cloned().unwrap_or_default();
                        // Findings already made, by identity (a set: a file
                        // may have thousands).
                        let known: std::collections::HashSet<(&str, &str, Span, &str)> = diags
                            .iter()
                            .map(|e| (e.code, &*e.file, e.span, e.message.as_str()))
                            .collect();
                        let fresh: Vec<Diagnostic> = extra
                            .into_iter()
                            .filter(|d| {
                                !known.contains(&(d.code, &*d.file, d.span, d.message.as_str()))
                            })
                            .collect();
                        for d in fresh {
                            diags.push(d.hint(format!("with `--option {oname}={value}`")));
                        }
                    }
                }
            }
            Some("piece") => {} // a library piece: checked when used
            Some(other) => diags.push(
                Diagnostic::error(
                    "unknown-statement",
                    &fname,
                    st.head_span(),
                    format!("`{other}` cannot stand at the top level of a file"),
                )
                .hint("a file holds `variant NAME { ... }` blocks and library `piece` definitions"),
            ),
            None => diags.push(
                Diagnostic::error(
                    "unknown-statement",
                    &fname,
                    st.head_span(),
                    "a statement must start with a keyword",
                )
                .hint("for example `variant mygame \"My Game\" { ... }`"),
            ),
        }
    }
    // Library pieces of this file are checked by lowering them once.
    if !any_variant && diags.is_empty() {
        if file.stmts.iter().any(|s| s.keyword() == Some("piece")) {
            lower::check_library(&fname, &file, &mut diags);
        } else {
            diags.push(
                Diagnostic::error(
                    "no-variant",
                    &fname,
                    Span::new(0, 0),
                    "this file defines no variant",
                )
                .hint("add `variant NAME \"Title\" { ... }`"),
            );
        }
    }
    diags.append(&mut r.diags);
    diagnostic::sort(&mut diags);
    Checked {
        variants,
        diagnostics: diags,
        sources: r.sources,
        ast: Some(Arc::try_unwrap(file).unwrap_or_else(|shared| (*shared).clone())),
    }
}

/// Check a file on disk.
pub fn check_path(path: &Path, overrides: &[(String, String)]) -> Result<Checked, std::io::Error> {
    let text = crate::textfile::read_text(path, crate::textfile::MAX_RULE_FILE)?;
    let name = path.to_string_lossy();
    Ok(check_str(&name, &text, path.parent(), overrides))
}

/// Header of a variant statement: `variant NAME "Title"? (extends NAME)? { ... }`.
struct Header<'a> {
    name: String,
    name_span: Span,
    title: Option<String>,
    parent: Option<(String, Span)>,
    block: Option<&'a Block>,
}

fn header<'a>(file: &Arc<str>, st: &'a Stmt, diags: &mut Vec<Diagnostic>) -> Option<Header<'a>> {
    let mut c = cursor::Cur::new(&st.args, file, st.span);
    c.next();
    let (name, name_span) = match c.expect_word("the variant's name") {
        Ok((n, s)) => (n.to_string(), s),
        Err(d) => {
            diags.push(d.hint("write `variant mygame \"My Game\" { ... }`"));
            return None;
        }
    };
    let title = c.peek().and_then(|a| match &a.kind {
        ArgKind::Str(s) => Some(s.clone()),
        _ => None,
    });
    if title.is_some() {
        c.next();
    }
    let mut parent = None;
    if c.eat_word("extends") {
        match c.expect_word("the name of the variant to extend") {
            Ok((p, s)) => parent = Some((p.to_string(), s)),
            Err(d) => diags.push(d),
        }
    }
    if let Err(d) = c.finish() {
        diags.push(d);
    }
    if st.block.is_none() {
        diags.push(
            Diagnostic::error(
                "missing-block",
                file,
                st.span,
                format!("variant `{name}` has no body"),
            )
            .hint("add `{ ... }` with its rules"),
        );
    }
    Some(Header {
        name,
        name_span,
        title,
        parent,
        block: st.block.as_ref(),
    })
}

/// One generation of an `extends` chain.
struct Level {
    file: Arc<str>,
    stmts: Vec<Stmt>,
    library: Vec<(Arc<str>, Stmt)>,
}

/// Resolve the chain of ancestors, root first.
fn chain(
    r: &mut Resolver,
    file: &Arc<str>,
    f: &Arc<File>,
    st: &Stmt,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Header<'static>, Vec<Level>)> {
    let h = header(file, st, diags)?;
    // No body: reported by `header`; checking nothing would only add noise.
    h.block?;
    let name = h.name.clone();
    let text = r.sources.get(file).map(str::to_string);
    let mut levels = vec![Level {
        file: file.clone(),
        stmts: split_continued(
            file,
            text.as_deref(),
            &h.block.map(|b| b.stmts.clone()).unwrap_or_default(),
            Ctx::Body,
            diags,
        ),
        library: library_of(file, f),
    }];
    let mut seen = vec![name.clone()];
    let mut parent = h.parent.clone();
    let mut from_file = file.clone();
    let mut from_ast = f.clone();
    while let Some((pname, pspan)) = parent.take() {
        if seen.contains(&pname) {
            // Point into the file being checked when the cycle comes back to
            // it, else at the link that closes the cycle.
            let (cf, cs) = match &h.parent {
                Some((_, root_span)) if pname == name => (file.clone(), *root_span),
                _ => (from_file.clone(), pspan),
            };
            diags.push(
                Diagnostic::error(
                    "extends-cycle",
                    &cf,
                    cs,
                    format!(
                        "`extends {}` makes a cycle: {} -> {pname}",
                        if cs == pspan { &pname } else { &seen[1] },
                        seen.join(" -> ")
                    ),
                )
                .hint("a variant cannot extend itself, directly or through others"),
            );
            // The rules of a broken chain are incomplete: checking them
            // would report mistakes that are not there.
            return None;
        }
        seen.push(pname.clone());
        // Same file first, then `<dir>/<name>.variant`, then the embedded ones.
        let found = find_variant(&from_ast, &pname)
            .map(|s| (from_file.clone(), from_ast.clone(), s.clone()))
            .or_else(|| {
                let (pf, past) = r.file(&format!("{pname}.variant"))?;
                let s = find_variant(&past, &pname)?.clone();
                Some((pf, past, s))
            });
        let Some((pf, past, pst)) = found else {
            let mut d = Diagnostic::error(
                "unknown-variant",
                &from_file,
                pspan,
                format!("no variant called `{pname}` to extend"),
            );
            let names = builtin_names();
            if let Some(hn) = diagnostic::suggest(&pname, names.iter().copied()) {
                d = d.hint(hn);
            }
            diags.push(d.hint(format!(
                "put `{pname}.variant` beside this file, or extend one of: {}",
                names.join(", ")
            )));
            return None;
        };
        let mut tmp = Vec::new();
        let ph = header(&pf, &pst, &mut tmp)?;
        let ptext = r.sources.get(&pf).map(str::to_string);
        levels.push(Level {
            file: pf.clone(),
            stmts: split_continued(
                &pf,
                ptext.as_deref(),
                &ph.block.map(|b| b.stmts.clone()).unwrap_or_default(),
                Ctx::Body,
                diags,
            ),
            library: library_of(&pf, &past),
        });
        parent = ph.parent.clone();
        from_file = pf;
        from_ast = past;
    }
    levels.reverse();
    let h = Header {
        name: h.name,
        name_span: h.name_span,
        title: h.title,
        parent: h.parent,
        block: None,
    };
    Some((h, levels))
}

fn find_variant<'a>(f: &'a File, name: &str) -> Option<&'a Stmt> {
    f.stmts
        .iter()
        .find(|s| s.keyword() == Some("variant") && s.args.get(1).and_then(Arg::word) == Some(name))
}

fn library_of(file: &Arc<str>, f: &File) -> Vec<(Arc<str>, Stmt)> {
    f.stmts
        .iter()
        .filter(|s| s.keyword() == Some("piece"))
        .map(|s| (file.clone(), s.clone()))
        .collect()
}

/// Every (option, non-default value) pair of a variant, for branch checking.
fn option_alternatives(
    r: &mut Resolver,
    file: &Arc<str>,
    f: &Arc<File>,
    st: &Stmt,
) -> Vec<(String, String)> {
    let mut sink = Vec::new();
    let Some((_, levels)) = chain(r, file, f, st, &mut sink) else {
        return Vec::new();
    };
    let decls = collect_options(&levels, &mut sink);
    let mut out = Vec::new();
    for d in decls.values() {
        match &d.values {
            OptValues::Choice(v) => {
                out.extend(v.iter().skip(1).map(|x| (d.name.clone(), x.clone())))
            }
            OptValues::Int { default, lo, hi } => {
                for x in [*lo, *hi] {
                    if x != *default {
                        out.push((d.name.clone(), x.to_string()));
                    }
                }
            }
        }
    }
    out
}

fn check_variant(
    r: &mut Resolver,
    file: &Arc<str>,
    f: &Arc<File>,
    st: &Stmt,
    overrides: &[(String, String)],
    diags: &mut Vec<Diagnostic>,
    names: &mut HashMap<String, Span>,
) -> Option<Variant> {
    let start = diags.len();
    let (h, levels) = chain(r, file, f, st, diags)?;
    if let Some(prev) = names.get(&h.name) {
        diags.push(
            Diagnostic::error(
                "duplicate-variant",
                file,
                h.name_span,
                format!(
                    "a variant called `{}` is already defined in this file",
                    h.name
                ),
            )
            .label(*prev, "first defined here"),
        );
    }
    names.insert(h.name.clone(), h.name_span);
    // The prelude is the library below every chain.
    let mut library: Vec<(Arc<str>, Stmt)> = Vec::new();
    if let Some((pf, past)) = r.file(PRELUDE) {
        library.extend(library_of(&pf, &past));
    }
    for l in &levels {
        library.extend(l.library.iter().cloned());
    }
    let decls = collect_options(&levels, diags);
    let mut values: BTreeMap<String, String> = decls
        .iter()
        .map(|(k, d)| (k.clone(), d.default_value()))
        .collect();
    let cli: Arc<str> = Arc::from("<command line>");
    // All overrides as one line, so every message points into the same text.
    let cli_words: Vec<String> = overrides
        .iter()
        .map(|(k, v)| format!("--option {k}={v}"))
        .collect();
    let cli_text: Arc<str> = Arc::from(cli_words.join(" ").as_str());
    let mut at = 0;
    for (k, v) in overrides {
        let here = at;
        at += format!("--option {k}={v} ").len();
        match decls.get(k) {
            None => {
                // The first text is the user's: the checks of other option
                // values append overrides the user did not type.
                if r.sources.get(&cli).is_none() {
                    r.sources.add(&cli, &cli_text);
                }
                let mut d = Diagnostic::error(
                    "unknown-option",
                    &cli,
                    Span::new(here + 9, here + 9 + k.len()),
                    format!("variant `{}` has no option `{k}`", h.name),
                );
                if let Some(s) = diagnostic::suggest(k, decls.keys().map(String::as_str)) {
                    d = d.hint(s);
                }
                let list: Vec<&str> = decls.keys().map(String::as_str).collect();
                diags.push(d.hint(if list.is_empty() {
                    "this variant declares no options".to_string()
                } else {
                    format!("its options are: {}", list.join(", "))
                }));
            }
            Some(d) if !d.accepts(v) => {
                // The first text is the user's: the checks of other option
                // values append overrides the user did not type.
                if r.sources.get(&cli).is_none() {
                    r.sources.add(&cli, &cli_text);
                }
                let start = here + 10 + k.len();
                diags.push(
                    Diagnostic::error(
                        "option-value",
                        &cli,
                        Span::new(start, start + v.len()),
                        format!("`{v}` is not a value of option `{k}`"),
                    )
                    .hint(format!("the values are {}", d.allowed())),
                );
            }
            Some(_) => {
                values.insert(k.clone(), v.clone());
            }
        }
    }
    let mut items = Vec::new();
    for (lvl, l) in levels.iter().enumerate() {
        expand(&l.file, lvl, &l.stmts, &decls, &values, &mut items, diags);
    }
    // A variant's other names are its own: `also known as` is not inherited.
    let own = levels.len().saturating_sub(1);
    items.retain(|i| i.level == own || i.stmt.keyword() != Some("also"));
    let options = decls
        .values()
        .map(|d| crate::ir::OptionValue {
            name: d.name.clone(),
            value: values[&d.name].clone(),
            default: d.default_value(),
            allowed: d.allowed(),
        })
        .collect();
    let v = lower::lower(
        &h.name,
        h.title.clone(),
        file,
        h.name_span,
        &items,
        &library,
        options,
        diags,
        &r.sources,
    );
    if diags[start..].iter().any(Diagnostic::is_error) {
        // "No rule ends the game" is then mostly an echo of a broken `end`
        // rule: say it once the errors are fixed.
        let tail = diags.split_off(start);
        diags.extend(tail.into_iter().filter(|d| d.code != "no-ending"));
    }
    if diags.iter().any(Diagnostic::is_error) {
        None
    } else {
        v
    }
}

/// All `option` statements of a chain (children override parents).
fn collect_options(levels: &[Level], diags: &mut Vec<Diagnostic>) -> BTreeMap<String, OptDecl> {
    let mut out: BTreeMap<String, OptDecl> = BTreeMap::new();
    for (lvl, l) in levels.iter().enumerate() {
        let mut here: HashMap<String, Span> = HashMap::new();
        // In source order (the stack is popped from the end), so the first
        // declaration is the one called first.
        let mut stack: Vec<(&Stmt, bool)> = l.stmts.iter().rev().map(|s| (s, false)).collect();
        // Options may only be declared at the variant's top level, but look
        // inside blocks to report misplaced ones.
        while let Some((st, in_if)) = stack.pop() {
            if st.keyword() == Some("option") && in_if {
                diags.push(
                    Diagnostic::error(
                        "misplaced-statement",
                        &l.file,
                        st.head_span(),
                        "an option is declared at the top level of a variant, not inside an `if`",
                    )
                    .hint("move this `option` line out of the `if` block"),
                );
                continue;
            }
            if st.keyword() == Some("option") {
                if let Some(d) = option_decl(&l.file, st, diags) {
                    if let Some(prev) = here.get(&d.name) {
                        diags.push(
                            Diagnostic::error(
                                "duplicate-option",
                                &l.file,
                                d.span,
                                format!("option `{}` is declared twice", d.name),
                            )
                            .label(*prev, "first declared here"),
                        );
                        continue;
                    }
                    here.insert(d.name.clone(), d.span);
                    let _ = lvl;
                    out.insert(d.name.clone(), d);
                }
            }
            if let Some(b) = &st.block {
                if st.keyword() == Some("if") {
                    stack.extend(b.stmts.iter().rev().map(|s| (s, true)));
                }
            }
        }
    }
    out
}

/// `option NAME = a | b | c` or `option NAME = 3 in 0..10`.
fn option_decl(file: &Arc<str>, st: &Stmt, diags: &mut Vec<Diagnostic>) -> Option<OptDecl> {
    let mut c = cursor::Cur::new(&st.args, file, st.span);
    c.next();
    let r = (|| {
        let (name, nspan) = c.expect_word("the option's name")?;
        c.expect_op("=")?;
        let mut vals = Vec::new();
        let first = c.peek().cloned();
        // `3 in 0..10` is an integer option; `3 | 5` a choice of numbers.
        let choice = c.args.get(c.i + 1).is_some_and(|a| a.is_op("|"));
        match first.as_ref().map(|a| &a.kind) {
            Some(ArgKind::Number(n)) if !choice => {
                c.next();
                c.expect_keyword("in")
                    .map_err(|d| d.hint("an integer option reads `option name = 0 in 0..100`"))?;
                let rg = c.next().cloned();
                match rg.as_ref().map(|a| &a.kind) {
                    Some(ArgKind::Range(a, b)) => match (&a.kind, &b.kind) {
                        (ArgKind::Number(lo), ArgKind::Number(hi)) if lo <= hi => {
                            if n < lo || n > hi {
                                return Err(Diagnostic::error(
                                    "option-value",
                                    file,
                                    first.as_ref().map_or(nspan, |a| a.span),
                                    format!("the default {n} is outside {lo}..{hi}"),
                                )
                                .hint(format!(
                                    "the number after `=` is the default: one from {lo} to {hi}"
                                )));
                            }
                            c.finish()?;
                            return Ok(OptDecl {
                                name: name.to_string(),
                                values: OptValues::Int {
                                    default: *n,
                                    lo: *lo,
                                    hi: *hi,
                                },
                                span: nspan,
                            });
                        }
                        _ => {
                            return Err(Diagnostic::error(
                                "bad-argument",
                                file,
                                rg.as_ref().map_or(nspan, |a| a.span),
                                "expected a range of numbers such as `0..100`",
                            ))
                        }
                    },
                    _ => {
                        return Err(Diagnostic::error(
                            "bad-argument",
                            file,
                            rg.as_ref().map_or(c.here(), |a| a.span),
                            "expected a range of numbers such as `0..100`",
                        ))
                    }
                }
            }
            _ => {
                loop {
                    let a = c.next().cloned();
                    match a.as_ref().map(|a| &a.kind) {
                        Some(ArgKind::Word(w)) => vals.push(w.clone()),
                        Some(ArgKind::Number(n)) => vals.push(n.to_string()),
                        _ => return Err(Diagnostic::error(
                            "bad-argument",
                            file,
                            a.as_ref().map_or(c.here(), |a| a.span),
                            "expected an option value",
                        )
                        .hint(
                            "write `option name = first | second`; the first value is the default",
                        )),
                    }
                    if c.done() {
                        break;
                    }
                    c.expect_op("|")?;
                }
            }
        }
        Ok(OptDecl {
            name: name.to_string(),
            values: OptValues::Choice(vals),
            span: nspan,
        })
    })();
    match r {
        Ok(d) => Some(d),
        Err(d) => {
            diags.push(d);
            None
        }
    }
}

/// Decide `if`s and substitute `$options`, producing the flat item list.
fn expand(
    file: &Arc<str>,
    level: usize,
    stmts: &[Stmt],
    decls: &BTreeMap<String, OptDecl>,
    values: &BTreeMap<String, String>,
    out: &mut Vec<Item>,
    diags: &mut Vec<Diagnostic>,
) {
    for st in stmts {
        if st.keyword() == Some("if") {
            match condition(file, st, decls, values) {
                Ok(true) => {
                    if let Some(b) = &st.block {
                        expand(file, level, &b.stmts, decls, values, out, diags);
                    }
                }
                Ok(false) => {}
                Err(d) => diags.push(d),
            }
            if st.block.is_none() {
                diags.push(
                    Diagnostic::error("missing-block", file, st.span, "an `if` needs a block")
                        .hint("write `if option = value { ... }`"),
                );
            }
            continue;
        }
        let mut s = st.clone();
        let before = diags.len();
        subst_args(file, &mut s.args, decls, values, diags);
        if diags.len() > before && st.block.is_none() {
            // An unknown `$option` was reported; reading the statement
            // without its value would only add a second, misleading error.
            continue;
        }
        if let Some(b) = &st.block {
            // Blocks (setup, end) may hold `if`s too.
            let mut inner = Vec::new();
            expand(file, level, &b.stmts, decls, values, &mut inner, diags);
            s.block = Some(Block {
                stmts: inner.into_iter().map(|i| i.stmt).collect(),
                span: b.span,
            });
        }
        out.push(Item {
            file: file.clone(),
            level,
            stmt: s,
        });
    }
}

fn subst_args(
    file: &Arc<str>,
    args: &mut [Arg],
    decls: &BTreeMap<String, OptDecl>,
    values: &BTreeMap<String, String>,
    diags: &mut Vec<Diagnostic>,
) {
    for a in args.iter_mut() {
        match &mut a.kind {
            ArgKind::Var(v) => match values.get(v.as_str()) {
                Some(val) => {
                    a.kind = match val.parse::<i64>() {
                        Ok(n) => ArgKind::Number(n),
                        Err(_) => ArgKind::Word(val.clone()),
                    }
                }
                None => {
                    let mut d = Diagnostic::error(
                        "unknown-option",
                        file,
                        a.span,
                        format!("no option is called `{v}`"),
                    );
                    if let Some(s) = diagnostic::suggest(v, decls.keys().map(String::as_str)) {
                        d = d.hint(s);
                    }
                    diags.push(d.hint("declare it with `option NAME = value | other`"));
                }
            },
            ArgKind::Group(g) => subst_args(file, g, decls, values, diags),
            ArgKind::Range(x, y) => {
                subst_args(file, std::slice::from_mut(x), decls, values, diags);
                subst_args(file, std::slice::from_mut(y), decls, values, diags);
            }
            _ => {}
        }
    }
}

/// `if NAME = VALUE` / `if NAME != VALUE`.
fn condition(
    file: &Arc<str>,
    st: &Stmt,
    decls: &BTreeMap<String, OptDecl>,
    values: &BTreeMap<String, String>,
) -> Result<bool, Diagnostic> {
    let mut c = cursor::Cur::new(&st.args, file, st.span);
    c.next();
    let (name, nspan) = c
        .expect_word("an option name")
        .map_err(|d| d.hint("write `if option = value { ... }`"))?;
    let Some(decl) = decls.get(name) else {
        let mut d = Diagnostic::error(
            "unknown-option",
            file,
            nspan,
            format!("no option is called `{name}`"),
        );
        if let Some(s) = diagnostic::suggest(name, decls.keys().map(String::as_str)) {
            d = d.hint(s);
        }
        return Err(d.hint("declare it with `option NAME = value | other`"));
    };
    let neg = if c.eat_op("=") {
        false
    } else if c.eat_op("!=") {
        true
    } else {
        return Err(c.expected("`=` or `!=`"));
    };
    let a = c.next().ok_or_else(|| c.expected("a value"))?;
    let (v, vspan) = match &a.kind {
        ArgKind::Word(w) => (w.clone(), a.span),
        ArgKind::Number(n) => (n.to_string(), a.span),
        _ => {
            return Err(Diagnostic::error(
                "bad-argument",
                file,
                a.span,
                format!(
                    "expected a value of option `{name}`, found {}",
                    a.describe()
                ),
            ))
        }
    };
    if !decl.accepts(&v) {
        let mut d = Diagnostic::error(
            "option-value",
            file,
            vspan,
            format!("`{v}` is not a value of option `{name}`"),
        );
        if let OptValues::Choice(cs) = &decl.values {
            if let Some(s) = diagnostic::suggest(&v, cs.iter().map(String::as_str)) {
                d = d.hint(s);
            }
        }
        return Err(d
            .hint(format!("the values are {}", decl.allowed()))
            .label(decl.span, "declared here"));
    }
    c.finish()?;
    Ok((values[name] == v) != neg)
}
