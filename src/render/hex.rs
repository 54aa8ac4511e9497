//! Drawing a hexagonal board (`board hex N`): in the terminal as an offset
//! layout (each file a column, each cell half a row above or below its
//! neighbours in the next file), and as SVG hexagons with flat tops.
//!
//! The view's grid is the board's axial grid (`ir::grid`): the cell
//! `(x, y)` is drawn at the doubled height `2y + x`, so a step up a file
//! is two text rows and a step into the next file one.

use super::palette::{Palette, Role};
use super::svg_style::{esc, owner_color, CELL, LEFT, PLAYER_LINE, TOP};
use super::{BoardView, Cell, Mark, Style};
use crate::ir::{Board, Coord, Shape};
use std::fmt::Write as _;

/// The naming of the view's hexagon of side `n`.
fn names(n: u8) -> Board {
    let w = 2 * n - 1;
    Board {
        shape: Shape::Rect {
            width: w,
            height: w,
            holes: Vec::new(),
        },
        a1_dark: true,
        hex: Some(n),
        wrap: crate::ir::Wrap::default(),
        layers: 1,
    }
}

/// The doubled heights the cells of the view reach: (lowest, highest).
fn heights(v: &BoardView) -> (i32, i32) {
    let mut lo = i32::MAX;
    let mut hi = i32::MIN;
    for y in 0..v.height {
        for x in 0..v.width {
            if v.cells[(y * v.width + x) as usize] != Cell::Hole {
                lo = lo.min(2 * y + x);
                hi = hi.max(2 * y + x);
            }
        }
    }
    (lo.min(hi), hi.max(lo))
}

/// The text of a hexagonal view: one line per doubled height, the files'
/// cells two characters apart, the ranks of each row's edge cells beside it, the
/// file letters under the board; `.`, `-`, `:` are light, middle and dark
/// cells without colour.
pub fn draw_text(
    v: &BoardView,
    n: u8,
    style: Style,
    marks: &[(Coord, Mark)],
    pal: &Palette,
) -> String {
    let b = names(n);
    let players = v.player_names.len();
    let (lo, hi) = heights(v);
    let rows: Vec<i32> = if style.flipped {
        (lo..=hi).collect()
    } else {
        (lo..=hi).rev().collect()
    };
    let xs: Vec<i32> = if style.flipped {
        (0..v.width).rev().collect()
    } else {
        (0..v.width).collect()
    };
    let mut out = String::new();
    for &h in &rows {
        let mut line = String::new();
        let mut left_label: Option<i32> = None;
        let mut right_label: Option<i32> = None;
        for &x in &xs {
            let real = (h - x).rem_euclid(2) == 0
                && (0..v.height).contains(&((h - x) / 2))
                && v.cells[(((h - x) / 2) * v.width + x) as usize] != Cell::Hole;
            if !real {
                line.push_str("  ");
                continue;
            }
            let y = (h - x) / 2;
            left_label.get_or_insert(b.rank_number(x, y));
            right_label = Some(b.rank_number(x, y));
            let c = &v.cells[(y * v.width + x) as usize];
            let at = Coord::new(v.x0 + x, v.y0 + y);
            let colour = Board::hex_colour(i32::from(n), x, y);
            let is_last = v.last.contains(&at);
            let mark = marks.iter().find(|(m, _)| *m == at).map(|&(_, k)| k);
            let text = match c {
                Cell::Man(m) => match (&m.glyphs, style.ascii) {
                    (Some(g), false) if players <= 2 => g[m.owner.min(1)].clone(),
                    _ if players <= 2 && m.owner == 1 => m.letter.text(true),
                    _ => m.letter.text(false),
                },
                Cell::Empty if mark.is_some() => mark.map_or(' ', Mark::symbol).to_string(),
                Cell::Empty if style.color => " ".into(),
                Cell::Empty if is_last => "*".into(),
                Cell::Empty => [".", "-", ":"][colour as usize].into(),
                Cell::Wall => "@".into(),
                _ => " ".into(),
            };
            if style.color {
                let bg = match (is_last, colour) {
                    (true, 0) => pal.bg(Role::LastLight),
                    (true, _) => pal.bg(Role::LastDark),
                    (false, 0) => pal.bg(Role::LightSquare),
                    (false, 1) => "47".to_string(),
                    _ => pal.bg(Role::DarkSquare),
                };
                let fg = match c {
                    Cell::Man(m) => pal.fg(pal.man(m.owner, &v.player_names)),
                    _ => pal.fg(Role::Man {
                        owner: 0,
                        players: 2,
                    }),
                };
                let _ = write!(line, "\x1b[1;{fg};{bg}m{text} \x1b[0m");
            } else {
                let _ = write!(line, "{text} ");
            }
        }
        // Each row's edge cells carry their rank numbers.
        let _ = writeln!(
            out,
            "{:>3} {}{}",
            left_label.map_or(String::new(), |r| r.to_string()),
            line.trim_end(),
            right_label.map_or(String::new(), |r| format!(" {r}"))
        );
    }
    let mut footer = String::from("    ");
    for &x in &xs {
        let _ = write!(footer, "{} ", b.file_letter(v.x0 + x));
    }
    out.push_str(footer.trim_end());
    out.push('\n');
    out
}

/// The circumradius of a drawn hexagon, in pixels.
const R: f64 = CELL as f64 * 0.55;
/// Half a hexagon's height.
const HALF: f64 = R * 0.866_025_403_784_438_6;

/// The size in pixels of a hexagonal view's board (before the players'
/// lines).
pub fn board_size(v: &BoardView) -> (i32, i32) {
    let (lo, hi) = heights(v);
    let w = LEFT as f64 + 1.5 * R * f64::from(v.width - 1) + 2.0 * R + TOP as f64 + 24.0;
    let h = TOP as f64 + HALF * f64::from(hi - lo) + 2.0 * HALF + 22.0;
    (w.ceil() as i32, h.ceil() as i32)
}

/// The pixel centre of the view's grid cell `(x, y)`, drawn unturned.
pub fn cell_centre(v: &BoardView, x: i32, y: i32) -> (f64, f64) {
    let (_, hi) = heights(v);
    (
        LEFT as f64 + R + 1.5 * R * f64::from(x),
        TOP as f64 + HALF + HALF * f64::from(hi - (2 * y + x)),
    )
}

/// The SVG elements of a hexagonal view: a hexagon per cell in three
/// colours (named with `data-sq` when `squares`), the last action's cells
/// tinted, the men as letters in discs coloured by owner, each file's
/// letter under its lowest cell and each edge cell's rank beside it, and
/// `arrows` between cell centres (grid cells of the view);
/// `half_turn` draws it from the top player's side.
pub fn svg_body(
    v: &BoardView,
    n: u8,
    half_turn: bool,
    squares: bool,
    arrows: &[(Coord, Coord)],
) -> String {
    let b = names(n);
    let players = v.player_names.len();
    let (lo, hi) = heights(v);
    let centre = |x: i32, y: i32| {
        let (x, h) = if half_turn {
            (v.width - 1 - x, hi + lo - (2 * y + x))
        } else {
            (x, 2 * y + x)
        };
        (
            LEFT as f64 + R + 1.5 * R * f64::from(x),
            TOP as f64 + HALF + HALF * f64::from(hi - h),
        )
    };
    let fills = ["#f0d9b5", "#d2a679", "#a9754a"];
    let mut s = String::new();
    let mut men = String::new();
    for y in 0..v.height {
        for x in 0..v.width {
            let c = &v.cells[(y * v.width + x) as usize];
            if *c == Cell::Hole {
                continue;
            }
            let (cx, cy) = centre(x, y);
            let mut pts = String::new();
            for k in 0..6 {
                let a = std::f64::consts::PI / 3.0 * f64::from(k);
                let _ = write!(pts, "{:.1},{:.1} ", cx + R * a.cos(), cy + R * a.sin());
            }
            let at = Coord::new(v.x0 + x, v.y0 + y);
            let fill = match c {
                Cell::Wall => super::svg_style::WALL,
                _ => fills[Board::hex_colour(i32::from(n), x, y) as usize],
            };
            let name = if squares {
                format!(r#" data-sq="{}""#, esc(&b.square_name(x, y)))
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                r##"<polygon points="{}" fill="{fill}" stroke="#5a3d22" stroke-width="1"{name}/>"##,
                pts.trim_end()
            );
            if v.last.contains(&at) {
                let _ = writeln!(
                    s,
                    r##"<polygon points="{}" fill="#f6f669" fill-opacity="0.6"/>"##,
                    pts.trim_end()
                );
            }
            if let Cell::Man(m) = c {
                let fill = owner_color(m.owner, &v.player_names);
                let letter = m.letter.text(players == 2 && m.owner == 1);
                let ink = if fill == "#222222" {
                    "#ffffff"
                } else {
                    "#000000"
                };
                let _ = writeln!(
                    men,
                    r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}" stroke="#000000" stroke-width="2"/><text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="{}" font-weight="bold" fill="{ink}">{}</text>"##,
                    R * 0.68,
                    cy + f64::from(CELL) / 6.0,
                    CELL / 2,
                    esc(&letter.to_string())
                );
            }
        }
    }
    s.push_str(&men);
    if !arrows.is_empty() {
        s.push_str(r##"<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="#15781b"/></marker></defs>"##);
        s.push('\n');
        for &(from, to) in arrows {
            let (fx, fy) = centre(from.x - v.x0, from.y - v.y0);
            let (tx, ty) = centre(to.x - v.x0, to.y - v.y0);
            let (dx, dy) = (tx - fx, ty - fy);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let back = R * 0.6;
            let _ = writeln!(
                s,
                r##"<line x1="{fx:.1}" y1="{fy:.1}" x2="{:.1}" y2="{:.1}" stroke="#15781b" stroke-opacity="0.8" stroke-width="{}" marker-end="url(#head)"/>"##,
                tx - dx / len * back,
                ty - dy / len * back,
                CELL / 6
            );
        }
    }
    // Labels: each file's letter under its lowest cell (as drawn), the
    // rank of the cells on the lower edges beside them.
    for x in 0..v.width {
        let ys: Vec<i32> = (0..v.height)
            .filter(|&y| v.cells[(y * v.width + x) as usize] != Cell::Hole)
            .collect();
        let (Some(&y0), Some(&y1)) = (ys.first(), ys.last()) else {
            continue;
        };
        let low = if half_turn { y1 } else { y0 };
        let (cx, cy) = centre(x, low);
        let _ = writeln!(
            s,
            r##"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="13" fill="#333333">{}</text>"##,
            cy + HALF + 15.0,
            esc(&b.file_letter(v.x0 + x).to_string())
        );
    }
    for y in 0..v.height {
        for x in [0, v.width - 1] {
            if v.cells[(y * v.width + x) as usize] == Cell::Hole {
                continue;
            }
            let (cx, cy) = centre(x, y);
            let left = (x == 0) != half_turn;
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="{}" font-size="11" fill="#333333">{}</text>"##,
                if left { cx - R - 3.0 } else { cx + R + 3.0 },
                cy + 4.0,
                if left { "end" } else { "start" },
                b.rank_number(x, y)
            );
        }
    }
    let _ = PLAYER_LINE;
    s
}
