//! `varia describe`: a variant for players (the board, the players, the
//! turn, the end rules, each piece with its move diagram); `play`'s
//! `pieces` and `info PIECE`; and explanations as the terminal shows them
//! (`why MOVE`, a refused move).

use clap::Args;
use std::fmt::Write as _;
use varia::describe::{Description, Diagram, PieceCard};
use varia::explain::Explanation;
use varia::render::{self, svg, Style};

#[derive(Args, Debug)]
pub struct DescribeArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// One piece, by name or letter (`knight`, `N`): its card alone.
    pub piece: Option<String>,
    /// Draw the move diagrams as one SVG picture to FILE (`-` for standard
    /// output).
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<String>,
    /// Output format: text, or json (the `Description` or `PieceCard`
    /// data, for scripts and pages).
    #[arg(long, value_enum, default_value_t = super::validate::Format::Text)]
    pub format: super::validate::Format,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The AI's evaluation weights to show: a values file written by
    /// `varia tune` (`none`: the rule file's own). Default:
    /// NAME.values.toml beside a rule file named by path, or the one
    /// shipped with a built-in name, if there is one.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
}

pub fn describe(a: &DescribeArgs) -> i32 {
    match run(a) {
        Ok(()) => 0,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            code
        }
    }
}

fn run(a: &DescribeArgs) -> Result<(), super::Fail> {
    let (variant, _) = super::load_variant(&a.variant, &a.options)?;
    let mut d = varia::describe::describe(&variant).map_err(|e| super::Fail::msg(e, 1))?;
    // The AI's weights, from a values file if one applies.
    let weights = match varia::play::session::Prepared::new(&variant) {
        Ok(p) => {
            let (p, file) = super::with_values(p, &a.variant, a.values.as_deref())?;
            if file.is_some() {
                if let Ok(s) = p.session(None, 1) {
                    d = varia::describe::describe_session(&s);
                }
            }
            Some(weights_view(&variant, p.eval(), file))
        }
        Err(_) => None,
    };
    let cards: Vec<&PieceCard> = match &a.piece {
        Some(name) => {
            let k = varia::describe::find_piece(&variant, name).ok_or_else(|| {
                let names: Vec<String> = variant
                    .pieces
                    .iter()
                    .map(|p| format!("{} ({})", p.name, p.letter))
                    .collect();
                super::Fail::msg(
                    format!(
                        "{} has no piece `{name}`; its pieces: {}",
                        variant.name,
                        names.join(", ")
                    ),
                    2,
                )
            })?;
            vec![&d.pieces[k as usize]]
        }
        None => d.pieces.iter().collect(),
    };
    if let Some(path) = &a.svg {
        let picture = pictures(&cards).map_err(|e| super::Fail::msg(e, 1))?;
        if path == "-" {
            out!("{picture}");
        } else {
            std::fs::write(path, picture)
                .map_err(|e| super::Fail::msg(format!("cannot write {path}: {e}"), 1))?;
        }
        if a.format == super::validate::Format::Text && path != "-" {
            outln!("Wrote the move diagrams to {path}.");
        }
        return Ok(());
    }
    let json = a.format == super::validate::Format::Json;
    match (&a.piece, json) {
        (Some(_), true) => outln!("{}", to_json(cards[0])),
        (None, true) => {
            let mut j = serde_json::to_value(&d).unwrap_or_default();
            if let (Some(w), Some(o)) = (&weights, j.as_object_mut()) {
                o.insert(
                    "weights".into(),
                    serde_json::to_value(w).unwrap_or_default(),
                );
            }
            outln!("{}", to_json(&j))
        }
        (Some(_), false) => out!("{}", card_text(cards[0], &glyphs(&variant, cards[0]))),
        (None, false) => {
            out!("{}", description_text(&d, &variant));
            if let Some(w) = &weights {
                out!("{}", weights_text(w));
            }
        }
    }
    Ok(())
}

/// The AI's weights as `describe` shows them.
#[derive(serde::Serialize)]
struct WeightsView {
    /// The values file read, or none (the rule file's own weights).
    file: Option<String>,
    /// (key, in use, the rule file's own), terms first, then `values.NAME`
    /// and `hand.NAME` of the kinds that are not royal.
    weights: Vec<(String, i32, i32)>,
    /// The kinds with square tables (`[squares.KIND]`).
    squares: Vec<String>,
}

fn weights_view(
    v: &varia::ir::Variant,
    eval: &varia::search::eval::Eval,
    file: Option<String>,
) -> WeightsView {
    let (w, d) = (eval.weights(), eval.default_weights());
    let mut rows: Vec<(String, i32, i32)> = varia::search::weights::TERMS
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("terms.{}", t.key), w.terms[i], d.terms[i]))
        .collect();
    for (k, p) in v.pieces.iter().enumerate().filter(|(_, p)| !p.royal) {
        rows.push((format!("values.{}", p.name), w.values[k], d.values[k]));
    }
    if v.turn.place {
        for (k, p) in v.pieces.iter().enumerate().filter(|(_, p)| !p.royal) {
            rows.push((format!("hand.{}", p.name), w.hand[k], d.hand[k]));
        }
    }
    let squares = w
        .squares
        .iter()
        .zip(&v.pieces)
        .filter(|(t, _)| t.is_some())
        .map(|(_, p)| p.name.clone())
        .collect();
    WeightsView {
        file,
        weights: rows,
        squares,
    }
}

fn weights_text(w: &WeightsView) -> String {
    let mut s = match &w.file {
        Some(f) => format!("\nThe AI's evaluation weights (values file {f}):\n"),
        None => "\nThe AI's evaluation weights (the rule file's own; no values file):\n".into(),
    };
    for (k, x, d) in &w.weights {
        if x == d {
            let _ = writeln!(s, "  {k} = {x}");
        } else {
            let _ = writeln!(s, "  {k} = {x} (rule file: {d})");
        }
    }
    for k in &w.squares {
        let _ = writeln!(s, "  squares.{k}: mid and end tables");
    }
    s
}

fn to_json<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_string_pretty(t).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The glyphs of a card's piece, if the rule file gives them.
fn glyphs(v: &varia::ir::Variant, c: &PieceCard) -> Option<[String; 2]> {
    v.pieces
        .iter()
        .find(|p| p.name == c.name)
        .and_then(|p| p.glyphs.clone())
}

/// A diagram as text, with its legend.
pub fn diagram_text(d: &Diagram, letter: varia::ir::Letter) -> String {
    let (view, marks) = d.view(letter, None);
    let style = Style {
        color: false,
        ascii: true,
        flipped: false,
    };
    let mut title = d.title.clone();
    if let Some(f) = title.get(..1) {
        title.replace_range(..1, &f.to_uppercase());
    }
    let mut s = format!("{title}:\n");
    s.push_str(&render::draw_marked(&view, style, &marks));
    let legend: Vec<String> = d
        .marks()
        .iter()
        .map(|m| format!("{} {}", m.symbol(), m.meaning()))
        .collect();
    if !legend.is_empty() {
        let _ = writeln!(s, "    {}", legend.join("; "));
    }
    s
}

/// A piece's card as text.
pub fn card_text(c: &PieceCard, _glyphs: &Option<[String; 2]>) -> String {
    let mut s = format!("{} ({})", c.name, c.letter);
    match (c.royal, c.value) {
        (true, _) => s.push_str(" — royal"),
        (false, Some(v)) if c.value_given => {
            let _ = write!(s, " — value {} (from the rule file)", pawns(v));
        }
        (false, Some(v)) => {
            let _ = write!(s, " — value {} (estimated from its moves)", pawns(v));
        }
        (false, None) => {}
    }
    let _ = writeln!(s, "\n  moves `{}`:", c.betza);
    for m in &c.moves {
        let _ = writeln!(s, "    - {m}");
    }
    if let Some(p) = &c.promotion {
        let _ = writeln!(s, "  {p}");
    }
    for r in &c.rules {
        let _ = writeln!(s, "  {r}");
    }
    for d in &c.diagrams {
        s.push('\n');
        s.push_str(&diagram_text(d, c.letter));
    }
    s
}

/// Hundredths of a pawn as pawns (`3.25`).
fn pawns(cp: i32) -> String {
    let p = f64::from(cp) / 100.0;
    if cp % 100 == 0 {
        format!("{p:.0}")
    } else {
        format!("{p:.2}")
    }
}

/// The whole description as text.
pub fn description_text(d: &Description, v: &varia::ir::Variant) -> String {
    let mut s = format!("{} ({})\n", d.title, d.name);
    if !d.aliases.is_empty() {
        let _ = writeln!(s, "Also known as: {}.", d.aliases.join(", "));
    }
    s.push('\n');
    let _ = writeln!(s, "Board: {}", d.board);
    let players: Vec<String> = d
        .players
        .iter()
        .map(|p| {
            let mut t = format!("{} (men face {})", p.name, p.forward);
            if !p.partners.is_empty() {
                let _ = write!(t, ", partner of {}", p.partners.join(" and "));
            }
            t
        })
        .collect();
    let _ = writeln!(s, "Players, in turn order: {}.", players.join(", "));
    s.push_str("\nThe turn:\n");
    for t in &d.turn {
        let _ = writeln!(s, "  {t}");
    }
    s.push_str("\nThe end:\n");
    if d.end.is_empty() {
        s.push_str("  No rule ends the game.\n");
    }
    for e in &d.end {
        let _ = writeln!(s, "  {e}");
    }
    if !d.options.is_empty() {
        s.push_str("\nOptions:\n");
        for o in &d.options {
            let _ = writeln!(s, "  {} = {} (of {})", o.name, o.value, o.allowed);
        }
    }
    s.push_str("\nThe pieces:\n");
    for c in &d.pieces {
        s.push('\n');
        s.push_str(&card_text(c, &glyphs(v, c)));
    }
    s
}

/// The pieces in one line each: name, letter, pattern, value.
pub fn pieces_text(d: &Description) -> String {
    let mut s = String::new();
    for c in &d.pieces {
        let value = match (c.royal, c.value) {
            (true, _) => "royal".to_string(),
            (false, Some(v)) => pawns(v),
            (false, None) => "-".into(),
        };
        let _ = writeln!(
            s,
            "  {:<3}{:<14}{:<8}`{}`",
            c.letter, c.name, value, c.betza
        );
    }
    s.push_str("Type `info PIECE` (a name or a letter) for a piece's moves drawn on a board.");
    s
}

/// Every diagram of the cards as one SVG picture: a column of diagrams,
/// each under its title.
fn pictures(cards: &[&PieceCard]) -> Result<String, String> {
    let mut body = String::new();
    let (mut width, mut y) = (0, 0);
    for c in cards {
        for d in &c.diagrams {
            let (view, marks) = d.view(c.letter, None);
            let (w, h) = svg::size(&view);
            let title = format!("{} ({}) {}", c.name, c.letter, d.title);
            let _ = writeln!(
                body,
                r##"<text x="8" y="{}" font-size="15" font-weight="bold" fill="#000000">{}</text>"##,
                y + 18,
                svg::esc(&title)
            );
            let _ = writeln!(body, r#"<g transform="translate(0,{})">"#, y + 26);
            body.push_str(&svg::body_marked(&view, &[], &marks)?);
            body.push_str("</g>\n");
            let legend: Vec<String> = d
                .marks()
                .iter()
                .map(|m| {
                    let sign = match m {
                        render::Mark::Move => "dot",
                        render::Mark::Capture => "ring",
                        render::Mark::MoveOrCapture => "dot in a ring",
                        render::Mark::Initial => "hollow dot",
                    };
                    format!("{sign}: {}", m.meaning())
                })
                .collect();
            let legend = legend.join("; ");
            let _ = writeln!(
                body,
                r##"<text x="8" y="{}" font-size="12" fill="#333333">{}</text>"##,
                y + 26 + h - 2,
                svg::esc(&legend)
            );
            width = width
                .max(w)
                .max(8 * title.chars().count() as i32 + 16)
                .max(7 * legend.chars().count() as i32 + 16);
            y += h + 26 + 12;
        }
    }
    if y == 0 {
        return Err("no move diagram to draw".into());
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{y}\" viewBox=\"0 0 {width} {y}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n{body}</svg>\n"
    ))
}

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
