//! `varia validate` and `varia dump`.

use clap::{Args, ValueEnum};
use varia::diagnostic::{self, Diagnostic};

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Rule files (or built-in names) to check.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Treat warnings as errors.
    #[arg(long)]
    pub deny_warnings: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct DumpArgs {
    /// The rule file or built-in name.
    pub file: String,
    /// Which stage to print.
    #[arg(long, value_enum, default_value_t = Stage::Ir)]
    pub stage: Stage,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DumpFormat::Json)]
    pub format: DumpFormat,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Stage {
    /// The spanned syntax tree (statements of tokens).
    Ast,
    /// The checked intermediate representation.
    Ir,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum DumpFormat {
    Json,
    Toml,
}

pub fn validate(a: &ValidateArgs) -> i32 {
    let overrides = match super::parse_overrides(&a.options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let color = super::use_color();
    let mut failed = false;
    let mut json = Vec::new();
    for f in &a.files {
        let checked = match varia::load::resolve(f, &overrides) {
            // A variant that checks must also start: the engine has the last
            // word on the setup.
            Ok(mut c) if !c.has_errors() => {
                let more = varia::load::startable(&c);
                c.diagnostics.extend(more);
                c
            }
            Ok(c) => c,
            Err(e) => {
                failed = true;
                if a.format == Format::Json {
                    json.push(serde_json::json!({"file": f, "valid": false, "diagnostics": [{"code": "io", "severity": "error", "file": f, "line": 0, "column": 0, "message": e.0}]}));
                } else {
                    eprintln!("error: {}", e.0);
                }
                continue;
            }
        };
        let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = checked.diagnostics.len() - errors;
        let bad = errors > 0 || (a.deny_warnings && warnings > 0);
        failed |= bad;
        match a.format {
            Format::Json => {
                let ds = diagnostic::to_json(&checked.diagnostics, &checked.sources);
                json.push(serde_json::json!({
                    "file": f,
                    "valid": !bad,
                    "variants": checked.variants.iter().map(|v| &v.name).collect::<Vec<_>>(),
                    "diagnostics": ds,
                }));
            }
            Format::Text => {
                if !checked.diagnostics.is_empty() {
                    let shown: Vec<Diagnostic> = checked.diagnostics.clone();
                    eprint!("{}", varia::load::render(&shown, &checked.sources, color));
                }
                if !bad {
                    let names: Vec<&str> =
                        checked.variants.iter().map(|v| v.name.as_str()).collect();
                    let what = if names.is_empty() {
                        "no variant: library pieces only, a prelude for the files beside it"
                            .to_string()
                    } else if names.len() > 12 {
                        format!(
                            "{} and {} more variants",
                            names[..10].join(", "),
                            names.len() - 10
                        )
                    } else {
                        names.join(", ")
                    };
                    outln!(
                        "ok: {f} ({what}){}",
                        if warnings > 0 {
                            format!(", {}", diagnostic::summary(0, warnings))
                        } else {
                            String::new()
                        }
                    );
                } else {
                    eprintln!("invalid: {f}");
                }
            }
        }
    }
    if a.format == Format::Json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        );
    }
    i32::from(failed)
}

pub fn dump(a: &DumpArgs) -> i32 {
    let overrides = match super::parse_overrides(&a.options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let checked = match varia::load::resolve(&a.file, &overrides) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {}", e.0);
            return 1;
        }
    };
    let color = super::use_color();
    let errors: Vec<Diagnostic> = checked
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    let value = match a.stage {
        Stage::Ast => match &checked.ast {
            Some(ast) => serde_json::to_value(ast),
            None => {
                eprint!("{}", varia::load::render(&errors, &checked.sources, color));
                return 1;
            }
        },
        Stage::Ir => {
            if !errors.is_empty() {
                eprint!("{}", varia::load::render(&errors, &checked.sources, color));
                return 1;
            }
            match checked.variants.as_slice() {
                [v] => serde_json::to_value(v),
                vs => serde_json::to_value(vs),
            }
        }
    };
    let value = match value {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: cannot serialise: {e}");
            return 1;
        }
    };
    match a.format {
        DumpFormat::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        ),
        DumpFormat::Toml => {
            match toml::to_string_pretty(&serde_json::json!({ "dump": without_nulls(value) })) {
                Ok(s) => out!("{s}"),
                Err(e) => {
                    eprintln!("error: TOML cannot hold this value ({e}); use --format json");
                    return 1;
                }
            }
        }
    }
    0
}

/// TOML has no null: drop absent optional fields (arrays keep their shape
/// with nulls turned into empty tables, which never happens in the IR).
fn without_nulls(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Object(m) => Value::Object(
            m.into_iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| (k, without_nulls(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(
            a.into_iter()
                .map(|x| {
                    if x.is_null() {
                        Value::Object(Default::default())
                    } else {
                        without_nulls(x)
                    }
                })
                .collect(),
        ),
        x => x,
    }
}
