//! `varia show`: one position of a variant, as text or as an SVG picture.

use clap::Args;
use std::io::IsTerminal;
use varia::engine::{Move, MoveKind};
use varia::play::session::Session;
use varia::render::{self, svg, Style};
use varia::search::game::Game as _;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// Start from this position instead of the variant's setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Then play these actions, separated by spaces (SAN or coordinates,
    /// as `varia play` reads them); the last is highlighted.
    #[arg(long, value_name = "\"m1 m2 ...\"")]
    pub moves: Option<String>,
    /// Draw the position as SVG to FILE (`-` for standard output).
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<String>,
    /// Arrows to draw in the picture, each as two squares (`"e2e4 g1f3"`).
    #[arg(long, value_name = "\"e2e4 ...\"", requires = "svg")]
    pub arrows: Option<String>,
    /// The seed of a seeded setup (a shuffled deck or start).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Letters instead of glyphs, and no colour (text board).
    #[arg(long)]
    pub ascii: bool,
    /// Under fog of war, draw what this seat sees (0 for the first
    /// player): the squares it cannot see are fog. Without it, the whole
    /// position (a referee's picture).
    #[arg(long, value_name = "N")]
    pub seat: Option<usize>,
    /// For scripts: the position as one JSON object instead of a board
    /// (`variant`, `fen`, `to_move`, `check`, `over`, `result`, `reason`,
    /// `points`, `legal`: each legal action's `san` and `text`, and `draw`:
    /// whether a card may be drawn). What the text board without --seat
    /// shows: the whole board; face-down men's kinds, a deck's order and
    /// its top card hidden.
    #[arg(long, conflicts_with_all = ["svg", "seat"])]
    pub json: bool,
}

pub fn show(a: &ShowArgs) -> i32 {
    match run(a) {
        Ok(()) => 0,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            code
        }
    }
}

fn run(a: &ShowArgs) -> Result<(), super::Fail> {
    super::paths::check_command(&[("--svg", a.svg.as_deref())], &a.variant, &[])
        .map_err(|e| super::Fail::msg(e, 2))?;
    let (variant, _) = super::load_variant(&a.variant, &a.options)?;
    let mut s = Session::new(&variant, a.fen.as_deref(), a.seed)
        .map_err(|e| super::Fail::msg(e, if a.fen.is_some() { 2 } else { 1 }))?;
    let mut last = None;
    for (i, mv) in a
        .moves
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .enumerate()
    {
        if let Some(o) = s.result() {
            return Err(super::Fail::msg(
                format!("action {} `{mv}`: the game is over ({})", i + 1, o.reason()),
                2,
            ));
        }
        // A card drawn is named as the card on top of the deck of --seed
        // (`R@e4`), but a mistake is answered as a player is: the
        // suggestions never name a card, so they cannot tell the top one.
        let m = s.parse(mv).map_err(|_| {
            let e = match s.parse_public(mv) {
                Err(e) => varia::explain::refusal_line(&s, mv, &e),
                Ok(_) => "that is not a legal action here".into(),
            };
            super::Fail::msg(format!("action {} `{mv}` is not legal: {e}", i + 1), 2)
        })?;
        s.play(m);
        last = Some(m);
    }
    if a.json {
        out!("{}\n", position_json(&s));
        return Ok(());
    }
    let mut view = match a.seat {
        Some(p) if p >= s.variant().players.len() => {
            return Err(super::Fail::msg(
                format!(
                    "--seat {p}: the variant has {} seats (0 to {})",
                    s.variant().players.len(),
                    s.variant().players.len() - 1
                ),
                2,
            ))
        }
        Some(p) => s.view_for(p, last),
        None => s.view(last),
    };
    if let Some(o) = s.result() {
        view.notes.push(s.result_sentence(&o));
    }
    let Some(path) = &a.svg else {
        let style = Style {
            color: super::use_color() && !a.ascii && std::io::stdout().is_terminal(),
            ascii: a.ascii,
            flipped: false,
        };
        out!("{}", render::draw(&view, style));
        return Ok(());
    };
    let arrows = a
        .arrows
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .map(|t| {
            svg::parse_arrow(t).ok_or_else(|| {
                super::Fail::msg(format!("arrow `{t}` is not two squares, such as e2e4"), 2)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // On a hexagonal board the names are Gliński's: their grid cells come
    // from the board (a name that is no cell falls off the grid).
    let arrows: Vec<_> = match variant.board.hex {
        Some(_) => arrows
            .into_iter()
            .map(|(f, t)| {
                let cell = |c: varia::ir::Coord| {
                    variant
                        .board
                        .from_token(c.x, c.y + 1)
                        .unwrap_or(varia::ir::Coord::new(-1, -1))
                };
                (cell(f), cell(t))
            })
            .collect(),
        None => arrows,
    };
    // Both ends of an arrow must be squares of the board drawn.
    let on_board = |c: varia::ir::Coord| {
        let (x, y) = (c.x - view.x0, c.y - view.y0);
        (0..view.width).contains(&x)
            && (0..view.height).contains(&y)
            && !matches!(
                view.cells.get((y * view.width + x) as usize),
                Some(render::Cell::Hole) | None
            )
    };
    for (t, &(from, to)) in a
        .arrows
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .zip(&arrows)
    {
        if !on_board(from) || !on_board(to) {
            return Err(super::Fail::msg(
                format!(
                    "arrow `{}` names a square that is not on the board drawn",
                    t.chars().take(40).collect::<String>()
                ),
                2,
            ));
        }
    }
    let picture = svg::draw(&view, &arrows).map_err(|e| super::Fail::msg(e, 1))?;
    if path == "-" {
        out!("{picture}");
        return Ok(());
    }
    std::fs::write(path, picture)
        .map_err(|e| super::Fail::msg(format!("cannot write {path}: {e}"), 1))
}

/// `show --json`: the position, its state and its legal actions.
fn position_json(s: &Session) -> serde_json::Value {
    let v = s.variant();
    let outcome = s.result();
    // Drawing a card is told apart (`draw`): the squares its card may
    // go to would tell which card lies on top of the deck.
    let all = if outcome.is_some() {
        Vec::new()
    } else {
        s.legal()
    };
    let draw = all.iter().any(|m| m.kind() == MoveKind::DrawPlace);
    let moves: Vec<Move> = all
        .into_iter()
        .filter(|m| m.kind() != MoveKind::DrawPlace)
        .collect();
    let infos = s.infos(&moves);
    let legal: Vec<serde_json::Value> = (0..infos.len())
        .map(|i| {
            serde_json::json!({
                "san": varia::notation::san(&infos, i),
                "text": varia::notation::coordinate(&infos[i]),
            })
        })
        .collect();
    let pos = s.position();
    serde_json::json!({
        "variant": v.name,
        // As the board shows it: face-down men's kinds and a deck's order
        // stay hidden.
        "fen": pos.public_fen(),
        "to_move": outcome
            .is_none()
            .then(|| v.players.get(pos.turn() as usize).map(|p| p.name.clone())),
        "check": outcome.is_none() && pos.in_check(),
        "over": outcome.is_some(),
        "result": outcome.as_ref().map(|o| {
            varia::notation::record::Record::result_for(v.players.len(), Some(&o.winners()))
        }),
        "reason": outcome.as_ref().map(|o| o.reason().to_string()),
        "points": s.points(),
        "legal": legal,
        "draw": draw,
    })
}
