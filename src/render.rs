//! Drawing a position as text for a terminal.
//!
//! The engine fills a [`BoardView`] (plain data); this module draws it with
//! Unicode glyphs or letters, coloured squares and owners (unless colour is
//! off: `NO_COLOR`, `--ascii`, or not a terminal), holes, the squares where a
//! floating area may still grow, the last move, hands and decks.

use crate::ir::{Coord, Letter};
use std::fmt::Write as _;

pub mod hex;
pub mod hue;
pub mod palette;
pub mod svg;
pub mod svg_style;

/// One man as the renderer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManView {
    /// `R`, or `+R` for a promoted form without a letter of its own.
    pub letter: Letter,
    /// Glyphs for a light-side and a dark-side man, if the piece has them.
    pub glyphs: Option<[String; 2]>,
    pub owner: usize,
}

/// What a square shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Man(ManView),
    /// Not part of the board.
    Hole,
    /// A wall (`then place wall`): a square no man may enter.
    Wall,
    /// Outside the current area but the area may still grow here.
    Growable,
    /// An empty square next to men where the player to act may place
    /// nothing now.
    Barred,
    /// A square the seat whose view this is cannot see (`fog of war`):
    /// nothing about what stands there is in the view.
    Fog,
}

/// A position to draw.
#[derive(Debug, Clone)]
pub struct BoardView {
    /// Grid coordinates of the first cell (the window's lower-left corner);
    /// labels show `x0 + x`, `y0 + y`.
    pub x0: i32,
    pub y0: i32,
    pub width: i32,
    pub height: i32,
    /// Row-major from (0,0) = a1; `width * height` cells.
    pub cells: Vec<Cell>,
    pub player_names: Vec<String>,
    /// The seat to move, marked in the legend; `usize::MAX` once the game
    /// is over (nobody is to move).
    pub to_move: usize,
    /// Squares of the last action, highlighted.
    pub last: Vec<Coord>,
    /// Per player: the men in hand, as (letter, count).
    pub hands: Vec<Vec<(Letter, u32)>>,
    /// Per player: cards left in the deck, if there are decks.
    pub decks: Vec<Option<u32>>,
    /// Per player: the cards left in the deck as (label, count), in the
    /// variant's card order (public; the deck's order is not shown).
    pub deck_cards: Vec<Vec<(String, u32)>>,
    /// Lines shown under the board (check, result, ...).
    pub notes: Vec<String>,
    /// Eliminated players.
    pub out: Vec<bool>,
    /// `score ...`: each player's points now, in turn order (`None`: the
    /// variant keeps no points).
    pub points: Option<Vec<u32>>,
    /// `board hex N`: the grid is a hexagon's axial grid, drawn as
    /// hexagons (`render::hex`).
    pub hex: Option<u8>,
    /// `board ... wrap`: which edges are joined (drawn as seams).
    pub wrap: crate::ir::Wrap,
    /// `board ... layers N`: the grid's rows are N stacked boards, drawn
    /// side by side (1: a flat board).
    pub layers: u8,
}

/// A mark on a square of a move diagram: where a man moves, captures, or
/// moves only while it has never moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Moves there (only to an empty square).
    Move,
    /// Captures there (only onto an enemy man).
    Capture,
    /// Moves or captures there.
    MoveOrCapture,
    /// Moves there only while it has never moved.
    Initial,
}

impl Mark {
    /// The symbol a text diagram writes on the square.
    pub fn symbol(self) -> char {
        match self {
            Mark::Move => 'o',
            Mark::Capture => 'x',
            Mark::MoveOrCapture => '*',
            Mark::Initial => 'i',
        }
    }

    /// What the symbol means, for a legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Mark::Move => "moves (to an empty square)",
            Mark::Capture => "captures (an enemy man)",
            Mark::MoveOrCapture => "moves or captures",
            Mark::Initial => "moves only on its first move",
        }
    }
}

/// How to draw.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    /// Letters instead of glyphs.
    pub ascii: bool,
    /// Draw from the top player's side (rank 1 at the top).
    pub flipped: bool,
}

use palette::{Palette, Role};

/// A file's name as moves write it: `a`..`z`, `[-1]` beyond.
fn file_label(x: i32) -> String {
    if (0..26).contains(&x) {
        ((b'a' + x as u8) as char).to_string()
    } else {
        format!("[{x}]")
    }
}

/// The letter of a man: upper case for the first player, lower case for the
/// second; with more players, upper case plus the owner's number when
/// colours do not tell the owners apart.
fn letter_of(m: &ManView, players: usize, color: bool) -> String {
    if players <= 2 {
        m.letter.text(m.owner != 0)
    } else if color {
        m.letter.text(false)
    } else {
        format!("{}{}", m.letter, m.owner + 1)
    }
}

pub fn draw(v: &BoardView, style: Style) -> String {
    draw_marked(v, style, &[])
}

/// [`draw`] with diagram marks on empty squares.
pub fn draw_marked(v: &BoardView, style: Style, marks: &[(Coord, Mark)]) -> String {
    draw_in(v, style, marks, &Palette::default())
}

/// [`draw_marked`] in a terminal's colours (see [`palette`]).
pub fn draw_in(v: &BoardView, style: Style, marks: &[(Coord, Mark)], pal: &Palette) -> String {
    let mut out = String::new();
    if let Some(n) = v.hex {
        out = hex::draw_text(v, n, style, marks, pal);
        out.push_str(&players_and_notes(v, style, pal));
        return out;
    }
    let players = v.player_names.len();
    // Where colours cannot tell more than two sides apart, men carry
    // their owner's number, as without colour.
    let colored_men = style.color && !pal.numbered(players);
    // Cells are wide enough for every file's name (`[-1]` on a floating
    // board), so the labels stand under their files.
    let widest = (0..v.width)
        .map(|x| file_label(v.x0 + x).chars().count())
        .max()
        .unwrap_or(1);
    // A promoted form written `+R` takes one more column.
    let plus = v.cells.iter().any(
        |c| matches!(c, Cell::Man(m) if m.letter.is_plus() && (style.ascii || m.glyphs.is_none())),
    );
    let cell_w =
        (if players > 2 && !colored_men { 3 } else { 2 } + usize::from(plus)).max(widest + 1);
    let ys: Vec<i32> = if style.flipped {
        (0..v.height).collect()
    } else {
        (0..v.height).rev().collect()
    };
    let xs: Vec<i32> = if style.flipped {
        (0..v.width).rev().collect()
    } else {
        (0..v.width).collect()
    };
    let footer = {
        let mut f = String::from("    ");
        for &x in &xs {
            let _ = write!(f, "{:<w$}", file_label(v.x0 + x), w = cell_w);
        }
        f
    };
    // A wrapped edge is a seam drawn `~`: beside each rank where the
    // files wrap, above and below the board where the ranks do.
    let seam_row = {
        let mut f = String::from("    ");
        for _ in &xs {
            let _ = write!(f, "{:<w$}", "~", w = cell_w);
        }
        f.push('\n');
        f
    };
    if v.wrap.ranks {
        out.push_str(&seam_row);
    }
    let draw_row = |out: &mut String, y: i32| {
        for &x in &xs {
            let c = &v.cells[(y * v.width + x) as usize];
            let light = (x + y) % 2 == 1;
            let is_last = v.last.contains(&Coord::new(v.x0 + x, v.y0 + y));
            let mark = marks
                .iter()
                .find(|(at, _)| *at == Coord::new(v.x0 + x, v.y0 + y))
                .map(|&(_, m)| m);
            let text = match c {
                Cell::Empty if mark.is_some() => {
                    let sym = mark.map_or(' ', Mark::symbol).to_string();
                    let pad = " ".repeat(cell_w.saturating_sub(1));
                    if style.color {
                        let fg = pal.fg(Role::Man {
                            owner: 0,
                            players: 2,
                        });
                        format!("\x1b[1;{fg}m{sym}{pad}")
                    } else {
                        format!("{sym}{pad}")
                    }
                }
                Cell::Empty => {
                    if style.color {
                        " ".repeat(cell_w)
                    } else if is_last {
                        format!("{:<w$}", "*", w = cell_w)
                    } else {
                        format!("{:<w$}", if light { "." } else { ":" }, w = cell_w)
                    }
                }
                Cell::Hole => {
                    if style.color {
                        " ".repeat(cell_w)
                    } else {
                        format!("{:<w$}", "#", w = cell_w)
                    }
                }
                Cell::Wall if style.color => format!("\x1b[97m{:<w$}", "@", w = cell_w),
                Cell::Wall => format!("{:<w$}", "@", w = cell_w),
                Cell::Growable => {
                    if style.color {
                        format!("\x1b[30m{:<w$}", "+", w = cell_w)
                    } else {
                        format!("{:<w$}", "+", w = cell_w)
                    }
                }
                Cell::Barred if style.color => format!("\x1b[30m{:<w$}", "x", w = cell_w),
                Cell::Barred => format!("{:<w$}", "x", w = cell_w),
                Cell::Fog if style.color => format!("\x1b[37m{:<w$}", "?", w = cell_w),
                Cell::Fog => format!("{:<w$}", "?", w = cell_w),
                Cell::Man(m) => {
                    let glyph = match (&m.glyphs, style.ascii) {
                        (Some(g), false) if players <= 2 => g[m.owner.min(1)].clone(),
                        (Some(g), false) if colored_men => g[1].clone(),
                        _ => letter_of(m, players, colored_men),
                    };
                    let pad = cell_w.saturating_sub(glyph.chars().count());
                    let text = format!("{glyph}{}", " ".repeat(pad));
                    if style.color {
                        let fg = pal.fg(pal.man(m.owner, &v.player_names));
                        format!("\x1b[1;{fg}m{text}")
                    } else {
                        text
                    }
                }
            };
            if style.color {
                let bg = match c {
                    Cell::Hole => "49".to_string(),
                    Cell::Wall => "41".to_string(),
                    Cell::Fog => "100".to_string(),
                    Cell::Growable | Cell::Barred => "47".to_string(),
                    _ if is_last && light => pal.bg(Role::LastLight),
                    _ if is_last => pal.bg(Role::LastDark),
                    _ if light => pal.bg(Role::LightSquare),
                    _ => pal.bg(Role::DarkSquare),
                };
                let _ = write!(out, "\x1b[{bg}m{text}\x1b[0m");
            } else {
                out.push_str(&text);
            }
        }
    };
    let layers = i32::from(v.layers.max(1));
    if layers > 1 && v.height % layers == 0 {
        // Stacked boards side by side, the first on the left, each row
        // with its own rank number (`board ... layers N`).
        let lh = v.height / layers;
        let ks: Vec<i32> = if style.flipped {
            (0..layers).rev().collect()
        } else {
            (0..layers).collect()
        };
        let mut head = String::new();
        for &k in &ks {
            let title = format!("    layer {}", k + 1);
            let w = 4 + cell_w * xs.len() + 2;
            let _ = write!(head, "{title:<w$}");
        }
        out.push_str(head.trim_end());
        out.push('\n');
        for &y in ys.iter().filter(|&&y| y < lh) {
            for (i, &k) in ks.iter().enumerate() {
                if i > 0 {
                    out.push_str("  ");
                }
                let _ = write!(out, "{:>3} ", v.y0 + k * lh + y + 1);
                draw_row(&mut out, k * lh + y);
            }
            out.push('\n');
        }
        let mut f = String::new();
        for i in 0..ks.len() {
            if i > 0 {
                f.push_str("  ");
            }
            f.push_str(&footer);
        }
        out.push_str(f.trim_end());
        out.push('\n');
        out.push_str(&players_and_notes(v, style, pal));
        return out;
    }
    for &y in &ys {
        let side = if v.wrap.files { '~' } else { ' ' };
        let _ = write!(out, "{:>3}{side}", v.y0 + y + 1);
        draw_row(&mut out, y);
        if v.wrap.files {
            out.push('~');
        }
        out.push('\n');
    }
    if v.wrap.ranks {
        out.push_str(&seam_row);
    }
    out.push_str(&footer);
    out.push('\n');
    if let Some(legend) = wrap_legend(v) {
        out.push_str(&legend);
        out.push('\n');
    }
    out.push_str(&players_and_notes(v, style, pal));
    out
}

/// The sentence under a board that wraps: which edges are joined (the
/// seams drawn `~`), `None` on a board that does not.
pub fn wrap_legend(v: &BoardView) -> Option<String> {
    let last_file = file_label(v.x0 + v.width - 1);
    let last_rank = v.y0 + v.height;
    match (v.wrap.files, v.wrap.ranks) {
        (true, true) => Some(format!(
            "~ seams: the files and the ranks wrap round (file a is next to file {last_file}, rank 1 next to rank {last_rank})"
        )),
        (true, false) => Some(format!(
            "~ seams: the files wrap round (file a is next to file {last_file})"
        )),
        (false, true) => Some(format!(
            "~ seams: the ranks wrap round (rank 1 is next to rank {last_rank})"
        )),
        (false, false) => None,
    }
}

/// `n points` (`1 point`): a player's score as the lines under a board
/// write it.
pub(crate) fn points_text(n: u32) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

/// The lines under a board: each player (to move, out, points, hand, deck), the
/// notes, and the legend of the marks shown.
fn players_and_notes(v: &BoardView, style: Style, pal: &Palette) -> String {
    let mut out = String::new();
    for (p, name) in v.player_names.iter().enumerate() {
        let marker = if p == v.to_move { "▶" } else { " " };
        let marker = if style.ascii {
            if p == v.to_move {
                ">"
            } else {
                " "
            }
        } else {
            marker
        };
        // The seat's name in its men's colour on the dark square's: it
        // reads on a light or a dark terminal.
        let shown = if style.color {
            let fg = pal.fg(pal.man(p, &v.player_names));
            let bg = pal.bg(Role::DarkSquare);
            format!("\x1b[1;{fg};{bg}m {name} \x1b[0m")
        } else {
            name.clone()
        };
        let mut line = format!("{marker} {shown}");
        if v.out.get(p).copied().unwrap_or(false) {
            line.push_str(" (out)");
        }
        if let Some(n) = v.points.as_ref().and_then(|pts| pts.get(p)) {
            let _ = write!(line, "  {}", points_text(*n));
        }
        if let Some(h) = v.hands.get(p).filter(|h| !h.is_empty()) {
            let items: Vec<String> = h
                .iter()
                .map(|(l, n)| {
                    if *n > 1 {
                        format!("{l}×{n}")
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            let items = if style.ascii {
                items.join(" ").replace('×', "x")
            } else {
                items.join(" ")
            };
            let _ = write!(line, "  hand: {items}");
        }
        if let Some(Some(d)) = v.decks.get(p) {
            let _ = write!(line, "  deck: {d} card{}", if *d == 1 { "" } else { "s" });
            if let Some(cards) = v.deck_cards.get(p).filter(|c| !c.is_empty()) {
                let times = if style.ascii { "x" } else { "×" };
                let items: Vec<String> = cards
                    .iter()
                    .map(|(l, n)| {
                        if *n > 1 {
                            format!("{l}{times}{n}")
                        } else {
                            l.clone()
                        }
                    })
                    .collect();
                let _ = write!(line, " ({})", items.join(" "));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    for n in &v.notes {
        out.push_str(n);
        out.push('\n');
    }
    // What the marks of a floating area and of placements mean.
    let mut legend = Vec::new();
    if v.cells.contains(&Cell::Growable) {
        legend.push("+ the area may still grow here");
    }
    if v.cells.contains(&Cell::Barred) {
        legend.push("x no man of your hand may be placed here now");
    }
    if v.cells.contains(&Cell::Wall) {
        legend.push("@ a wall");
    }
    if v.cells.contains(&Cell::Fog) {
        legend.push("? fog: a square you cannot see");
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "({})", legend.join("; "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> BoardView {
        let mut cells = vec![Cell::Empty; 9];
        cells[0] = Cell::Man(ManView {
            letter: crate::ir::Letter::own('K'),
            glyphs: Some(["♔".into(), "♚".into()]),
            owner: 0,
        });
        cells[8] = Cell::Man(ManView {
            letter: crate::ir::Letter::own('K'),
            glyphs: Some(["♔".into(), "♚".into()]),
            owner: 1,
        });
        cells[4] = Cell::Hole;
        BoardView {
            x0: 0,
            y0: 0,
            width: 3,
            height: 3,
            cells,
            player_names: vec!["white".into(), "black".into()],
            to_move: 0,
            last: vec![],
            hands: vec![vec![(crate::ir::Letter::own('Q'), 1)], vec![]],
            decks: vec![None, None],
            deck_cards: vec![Vec::new(), Vec::new()],
            notes: vec!["check".into()],
            out: vec![false, false],
            points: None,
            hex: None,
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        }
    }

    #[test]
    fn ascii_board() {
        let s = draw(
            &view(),
            Style {
                color: false,
                ascii: true,
                flipped: false,
            },
        );
        assert_eq!(
            s,
            "  3 : . k \n  2 . # . \n  1 K . : \n    a b c \n> white  hand: Q\n  black\ncheck\n"
        );
        assert!(!s.contains('\x1b'));
    }

    #[test]
    fn each_players_points_follow_the_name() {
        let v = BoardView {
            points: Some(vec![1, 12]),
            ..view()
        };
        let style = Style {
            color: false,
            ascii: true,
            flipped: false,
        };
        let s = draw(&v, style);
        assert!(s.contains("> white  1 point  hand: Q\n"), "{s}");
        assert!(s.contains("  black  12 points\n"), "{s}");
        // A variant without points says nothing of them.
        assert!(!draw(&view(), style).contains("point"));
        let svg = svg::draw(&v, &[]).unwrap();
        assert!(
            svg.contains("white (to move) — 1 point — hand: Q×1"),
            "{svg}"
        );
        assert!(svg.contains("black — 12 points<"), "{svg}");
    }

    #[test]
    fn unicode_and_flip() {
        let s = draw(
            &view(),
            Style {
                color: false,
                ascii: false,
                flipped: true,
            },
        );
        assert!(s.starts_with("  1 : . ♔ "), "{s}");
        let c = draw(
            &view(),
            Style {
                color: true,
                ascii: false,
                flipped: false,
            },
        );
        assert!(c.contains("\x1b["));
    }

    /// Coloured ASCII drawing on a true-colour terminal, dark theme.
    fn true_colour() -> (Style, palette::Palette) {
        let style = Style {
            color: true,
            ascii: true,
            flipped: false,
        };
        let pal = palette::Palette {
            depth: palette::Depth::TrueColor,
            theme: palette::Theme::Dark,
        };
        (style, pal)
    }

    #[test]
    fn colours_come_from_the_palette_and_seats_are_badges() {
        let (style, pal) = true_colour();
        let s = draw_in(&view(), style, &[], &pal);
        // White's king in white, Black's in amber, on the theme's squares.
        assert!(s.contains("\x1b[1;38;2;255;255;255mK"), "{s:?}");
        assert!(s.contains("\x1b[1;38;2;255;200;87mk"), "{s:?}");
        assert!(s.contains("48;2;34;42;51m"), "{s:?}");
        // The seat's label: its men's colour on the dark square's colour.
        assert!(
            s.contains("\x1b[1;38;2;255;200;87;48;2;34;42;51m black \x1b[0m"),
            "{s:?}"
        );
        // The old pair that hid White's men (bright white on light grey)
        // is gone from the 16-colour default.
        let d = draw(&view(), style);
        assert!(!d.contains("\x1b[47m\x1b[1;97m"), "{d:?}");
    }

    /// Four players named red, blue, yellow, green: in true colour each
    /// one's men and label are in a tone of its name (red's light red,
    /// blue's light blue), not by turn order (red white, blue red).
    #[test]
    fn players_named_after_colours_are_drawn_in_them() {
        let mut v = view();
        v.player_names = ["red", "blue", "yellow", "green"]
            .map(String::from)
            .to_vec();
        v.out = vec![false; 4];
        v.hands = vec![vec![]; 4];
        v.decks = vec![None; 4];
        v.deck_cards = vec![Vec::new(); 4];
        let (style, pal) = true_colour();
        let s = draw_in(&v, style, &[], &pal);
        // Red's king (owner 0) light red, blue's (owner 1) light blue.
        assert!(s.contains("\x1b[1;38;2;255;168;168mK"), "{s:?}");
        assert!(s.contains("\x1b[1;38;2;168;200;255mK"), "{s:?}");
        assert!(
            s.contains("38;2;168;200;255;48;2;34;42;51m blue \x1b[0m"),
            "{s:?}"
        );
        // In 16 colours: numbered men, as before.
        let d = draw_in(&v, style, &[], &palette::Palette::default());
        assert!(d.contains("K1") || d.contains("1K"), "{d:?}");
    }

    #[test]
    fn the_marks_of_a_floating_area_have_a_legend() {
        let mut v = view();
        v.cells[1] = Cell::Growable;
        v.cells[2] = Cell::Barred;
        let s = draw(
            &v,
            Style {
                color: false,
                ascii: true,
                flipped: false,
            },
        );
        assert!(
            s.ends_with(
                "(+ the area may still grow here; x no man of your hand may be placed here now)\n"
            ),
            "{s}"
        );
    }
}
