//! `varia import` (Fairy-Stockfish's variants.ini to rule files) and
//! `varia export` (a variant to a variants.ini section).

use clap::{Args, ValueEnum};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use varia::fsf::ledger::Note;

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// A Fairy-Stockfish variants.ini file.
    pub file: String,
    /// Write one `NAME.variant` file per section into this directory
    /// (created if missing); without it, the files are printed.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Overwrite files that already exist in --out.
    #[arg(long)]
    pub force: bool,
    /// `text`: the files (or nothing, with --out) on standard output, the
    /// findings on standard error; `json`: one JSON object with every
    /// section's account (and its file's text without --out).
    #[arg(long, value_enum, default_value_t = ImportFormat::Text)]
    pub format: ImportFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ImportFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The variant: a built-in name, a `.variant` file, or FILE.variant:NAME.
    pub variant: String,
    /// The output format (Fairy-Stockfish's variants.ini section).
    #[arg(long, value_enum, default_value_t = ExportFormat::FsfIni)]
    pub format: ExportFormat,
    /// The section's name (default: the variant's name, or `varia-NAME`
    /// when Fairy-Stockfish has a built-in variant NAME).
    #[arg(long, value_name = "SECTION")]
    pub name: Option<String>,
    /// Set an option of the variant, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ExportFormat {
    /// A section of Fairy-Stockfish's variants.ini.
    FsfIni,
}

fn notes(v: &[Note]) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or_default()
}

pub fn import(a: &ImportArgs) -> i32 {
    let text = match varia::textfile::read_text(Path::new(&a.file), varia::textfile::MAX_RULE_FILE)
    {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", a.file);
            return 1;
        }
    };
    let imported = varia::fsf::import(&a.file, &text);
    // Where each converted section goes.
    let mut targets: Vec<Option<PathBuf>> = vec![None; imported.sections.len()];
    if let Some(dir) = &a.out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: cannot create {}: {e}", dir.display());
            return 1;
        }
        let mut clash = Vec::new();
        for (i, s) in imported.sections.iter().enumerate() {
            if s.text.is_none() {
                continue;
            }
            // The name has no separator and no `..`: it stays inside DIR.
            let path = dir.join(&s.file_name);
            match std::fs::symlink_metadata(&path) {
                Ok(m) if m.file_type().is_symlink() || !m.is_file() => {
                    eprintln!(
                        "error: {} exists and is not a regular file; nothing was written",
                        path.display()
                    );
                    return 1;
                }
                Ok(_) if !a.force => clash.push(path.display().to_string()),
                _ => {}
            }
            targets[i] = Some(path);
        }
        if !clash.is_empty() {
            eprintln!(
                "error: {} file(s) already exist: {}\nhint: nothing was written; add --force to overwrite them",
                clash.len(),
                clash.join(", ")
            );
            return 1;
        }
        for (i, s) in imported.sections.iter().enumerate() {
            if let (Some(path), Some(t)) = (&targets[i], &s.text) {
                if let Err(e) = std::fs::write(path, t) {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    return 1;
                }
            }
        }
    }
    let refused = imported
        .sections
        .iter()
        .filter(|s| s.text.is_none())
        .count();
    match a.format {
        ImportFormat::Json => {
            let sections: Vec<serde_json::Value> = imported
                .sections
                .iter()
                .zip(&targets)
                .map(|(s, t)| {
                    let mut o = serde_json::json!({
                        "section": s.section,
                        "parent": s.parent,
                        "line": s.line,
                        "variant": s.variant,
                        "status": if s.text.is_some() { "converted" } else { "refused" },
                        "file": t.as_ref().map(|p| p.display().to_string()),
                        "converted": notes(&s.converted),
                        "display": notes(&s.display),
                        "not_encoded": notes(&s.not_encoded),
                        "refused": notes(&s.refused),
                        "unknown": notes(&s.unknown),
                    });
                    if a.out.is_none() {
                        o["text"] = serde_json::json!(s.text);
                    }
                    o
                })
                .collect();
            let out = serde_json::json!({
                "file": a.file,
                "sections": sections,
                "converted": imported.sections.len() - refused,
                "refused": refused,
                "diagnostics": varia::diagnostic::to_json(&imported.diagnostics, &imported.sources),
            });
            outln!("{out}");
        }
        ImportFormat::Text => {
            if a.out.is_none() {
                let mut first = true;
                for s in &imported.sections {
                    if let Some(t) = &s.text {
                        if !first {
                            outln!();
                        }
                        first = false;
                        out!("{t}");
                    }
                }
            }
            if !imported.diagnostics.is_empty() {
                let r = varia::diagnostic::render(
                    &imported.diagnostics,
                    &imported.sources,
                    varia::diagnostic::Style {
                        color: super::use_color(),
                    },
                );
                eprint!("{r}");
            }
            let _ = std::io::stderr().flush();
            let names: Vec<&str> = imported
                .sections
                .iter()
                .filter(|s| s.text.is_none())
                .map(|s| s.section.as_str())
                .collect();
            eprintln!(
                "imported {} of {} section(s){}{}",
                imported.sections.len() - refused,
                imported.sections.len(),
                match &a.out {
                    Some(d) => format!(" into {}", d.display()),
                    None => String::new(),
                },
                if names.is_empty() {
                    String::new()
                } else {
                    format!("; refused: {}", names.join(", "))
                }
            );
        }
    }
    i32::from(refused > 0)
}

pub fn export(a: &ExportArgs) -> i32 {
    let (spec, _) = varia::load::split_spec(&a.variant);
    let overrides = match super::parse_overrides(&a.options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let checked = match varia::load::resolve(&a.variant, &overrides) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}", e.report());
            return 1;
        }
    };
    let variant = match varia::load::variant(&a.variant, &overrides, super::use_color()) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{}", e.report());
            return 1;
        }
    };
    let section = match varia::fsf::export::section_name(&variant, a.name.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    match a.format {
        ExportFormat::FsfIni => match varia::fsf::export::export(&variant, &checked, &section) {
            Ok(exported) => {
                if !exported.warnings.is_empty() {
                    let r = varia::diagnostic::render(
                        &exported.warnings,
                        &checked.sources,
                        varia::diagnostic::Style {
                            color: super::use_color(),
                        },
                    );
                    eprint!("{r}");
                }
                out!("{}", exported.text);
                0
            }
            Err(refusals) => {
                let r = varia::diagnostic::render(
                    &refusals,
                    &checked.sources,
                    varia::diagnostic::Style {
                        color: super::use_color(),
                    },
                );
                eprint!("{r}");
                eprintln!("cannot export {spec}: Fairy-Stockfish cannot express the rules above");
                1
            }
        },
    }
}
