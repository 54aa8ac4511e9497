//! Drawing a position as SVG: the squares (holes left out, the squares a
//! floating area may still reach shaded, its men's box dashed), the men as
//! letters in discs coloured by owner (any number of players), file and
//! rank labels, the last move, arrows, and per player the men in hand and
//! the public count of the deck.
//!
//! Every text that reaches the picture goes through [`esc`]. The size is
//! bounded: a board of more than [`MAX_CELLS`] squares is refused.

use super::{BoardView, Cell};
use crate::ir::Coord;
use std::fmt::Write as _;

pub use super::svg_style::*;

/// A file's label: `a`..`z`, `[n]` beyond.
fn file_label(x: i32) -> String {
    if (0..26).contains(&x) {
        ((b'a' + x as u8) as char).to_string()
    } else {
        format!("[{x}]")
    }
}

/// Read a square name (`e4`, `[-1]3`, `b-2`) at the start of `s`: the
/// square and the rest.
fn read_square(s: &str) -> Option<(Coord, &str)> {
    let (x, rest) = if let Some(r) = s.strip_prefix('[') {
        let (n, rest) = r.split_once(']')?;
        (n.parse::<i32>().ok()?, rest)
    } else {
        let c = s.chars().next()?;
        if !c.is_ascii_lowercase() {
            return None;
        }
        (i32::from(c as u8 - b'a'), &s[1..])
    };
    let neg = rest.starts_with('-');
    let digits = rest[usize::from(neg)..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let end = usize::from(neg) + digits;
    let rank: i32 = rest[..end].parse().ok()?;
    Some((Coord::new(x, rank - 1), &rest[end..]))
}

/// An arrow written as two square names, `e2e4` (anything after the
/// second square, such as a promotion letter, is ignored).
pub fn parse_arrow(s: &str) -> Option<(Coord, Coord)> {
    let s = s.trim();
    let s = s.split_once('@').map_or(s, |(_, r)| r);
    let (from, rest) = read_square(s)?;
    let (to, _) = read_square(rest.trim_start_matches(['-', 'x']))?;
    Some((from, to))
}

/// How to draw a board for a page: turned by quarter turns (clockwise;
/// `2` shows it from the top player's side, `1` from the right-hand
/// side's, `3` from the left's), and with each square named by a
/// `data-sq` attribute (`e4`, as moves name it) for clicks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    pub turn: u8,
    pub squares: bool,
}

/// The grid's columns and rows as drawn (turned a quarter, they swap).
fn drawn(v: &BoardView, turn: u8) -> (i32, i32) {
    if let Some((n, lh)) = stacked(v) {
        // Side by side, a column apart; turned by half turns only.
        return (n * v.width + n - 1, lh);
    }
    if turn % 2 == 1 {
        (v.height, v.width)
    } else {
        (v.width, v.height)
    }
}

/// `board ... layers N`: the number of layers and the rows of each, when
/// the view is a stack of boards (drawn side by side, the first on the
/// left).
fn stacked(v: &BoardView) -> Option<(i32, i32)> {
    let n = i32::from(v.layers);
    (n > 1 && v.hex.is_none() && v.height % n == 0).then(|| (n, v.height / n))
}

/// The size in pixels of a view's picture: the board, or the widest
/// player's line (about 8 pixels a character) if wider.
pub fn size(v: &BoardView) -> (i32, i32) {
    size_turned(v, 0)
}

/// [`size`] of a view turned by `turn` quarter turns.
pub fn size_turned(v: &BoardView, turn: u8) -> (i32, i32) {
    let (cols, rows) = drawn(v, turn);
    let widest_line = || {
        (0..v.player_names.len())
            .map(|p| player_line(v, p).chars().count())
            .max()
            .unwrap_or(0)
            .min(10_000) as i32
    };
    if v.hex.is_some() {
        let (bw, bh) = super::hex::board_size(v);
        let w = bw.max(LEFT + 8 * widest_line() + TOP);
        return (
            w.max(240),
            bh + PLAYER_LINE * v.player_names.len() as i32 + TOP,
        );
    }
    let widest = (0..v.player_names.len())
        .map(|p| player_line(v, p).chars().count())
        .max()
        .unwrap_or(0)
        .min(10_000) as i32;
    let w = (LEFT + cols * CELL + TOP).max(LEFT + 8 * widest + TOP);
    let h = TOP + rows * CELL + LABELS + PLAYER_LINE * v.player_names.len() as i32 + TOP;
    (w.max(240), h)
}

/// Draw a view as a whole SVG document.
pub fn draw(v: &BoardView, arrows: &[(Coord, Coord)]) -> Result<String, String> {
    draw_with(v, arrows, Options::default())
}

/// [`draw`], turned and with named squares as `opt` says.
pub fn draw_with(v: &BoardView, arrows: &[(Coord, Coord)], opt: Options) -> Result<String, String> {
    let mut s = String::new();
    let (w, h) = size_turned(v, opt.turn);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    s.push_str(&body_with(v, arrows, opt)?);
    s.push_str("</svg>\n");
    Ok(s)
}

/// The elements of a view's picture (for embedding in a page), after a
/// size check.
pub fn body(v: &BoardView, arrows: &[(Coord, Coord)]) -> Result<String, String> {
    body_with(v, arrows, Options::default())
}

/// [`body`] with the marks of a move diagram: a dot where the man moves,
/// a ring where it captures, both where it does either, a hollow dot
/// where it moves only on its first move.
pub fn body_marked(
    v: &BoardView,
    arrows: &[(Coord, Coord)],
    marks: &[(Coord, super::Mark)],
) -> Result<String, String> {
    let mut s = body(v, arrows)?;
    let at = |x: i32, y: i32| (LEFT + x * CELL, TOP + (v.height - 1 - y) * CELL);
    for &(c, m) in marks {
        let (x, y) = (c.x - v.x0, c.y - v.y0);
        if !(0..v.width).contains(&x) || !(0..v.height).contains(&y) {
            continue;
        }
        let (px, py) = at(x, y);
        let (cx, cy) = match v.hex {
            Some(_) => {
                let (cx, cy) = super::hex::cell_centre(v, x, y);
                (cx.round() as i32, cy.round() as i32)
            }
            None => (px + CELL / 2, py + CELL / 2),
        };
        let dot = CELL / 7;
        let ring = CELL * 2 / 5;
        use super::Mark;
        if matches!(m, Mark::Move | Mark::MoveOrCapture) {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{dot}" fill="#15781b"/>"##
            );
        }
        if matches!(m, Mark::Capture | Mark::MoveOrCapture) {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{ring}" fill="none" stroke="#b22222" stroke-width="4"/>"##
            );
        }
        if m == Mark::Initial {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{dot}" fill="none" stroke="#15781b" stroke-width="3"/>"##
            );
        }
    }
    Ok(s)
}

/// [`body`], turned and with named squares as `opt` says.
pub fn body_with(v: &BoardView, arrows: &[(Coord, Coord)], opt: Options) -> Result<String, String> {
    let cells = i64::from(v.width) * i64::from(v.height);
    if v.width <= 0 || v.height <= 0 || cells > MAX_CELLS {
        return Err(format!(
            "a board of {} × {} squares is too large to draw (at most {MAX_CELLS} squares)",
            v.width, v.height
        ));
    }
    let mut s = String::new();
    let turn = match (opt.turn % 4, stacked(v)) {
        // Stacked boards turn by half turns only.
        (t, Some(_)) => t / 2 * 2,
        (t, None) => t,
    };
    let (w, h) = size_turned(v, turn);
    if let Some(n) = v.hex {
        // A hexagon turns by half turns only: a quarter turn draws it as
        // the half turn before it.
        let _ = writeln!(
            s,
            r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##
        );
        s.push_str(&super::hex::svg_body(v, n, turn >= 2, opt.squares, arrows));
        let (_, bh) = super::hex::board_size(v);
        let players = v.player_names.len();
        for p in 0..players {
            let y = bh + PLAYER_LINE * p as i32;
            let fill = owner_color(p, &v.player_names);
            let line = esc(&player_line(v, p));
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="7" fill="{fill}" stroke="#000000" stroke-width="1.5"/><text x="{}" y="{}" font-size="13" fill="#000000">{line}</text>"##,
                LEFT / 2,
                y + PLAYER_LINE / 2,
                LEFT,
                y + PLAYER_LINE / 2 + 5
            );
        }
        return Ok(s);
    }
    let (cols, rows) = drawn(v, turn);
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##
    );
    let players = v.player_names.len();
    // Pixel corner of grid cell (x, y): rank 1 at the bottom, turned.
    let (gw, gh) = (v.width, v.height);
    let layered = stacked(v);
    let at = |x: i32, y: i32| {
        if let Some((n, lh)) = layered {
            let (k, y) = (y.div_euclid(lh), y.rem_euclid(lh));
            let (c, r) = if turn == 2 {
                ((n - 1 - k) * (gw + 1) + gw - 1 - x, y)
            } else {
                (k * (gw + 1) + x, lh - 1 - y)
            };
            return (LEFT + c * CELL, TOP + r * CELL);
        }
        let (c, r) = match turn {
            0 => (x, gh - 1 - y),
            1 => (y, x),
            2 => (gw - 1 - x, y),
            _ => (gh - 1 - y, gw - 1 - x),
        };
        (LEFT + c * CELL, TOP + r * CELL)
    };
    let mut men = String::new();
    let mut area: Option<(i32, i32, i32, i32)> = None;
    let mut growable = false;
    for y in 0..v.height {
        for x in 0..v.width {
            let c = &v.cells[(y * v.width + x) as usize];
            let (px, py) = at(x, y);
            let light = (v.x0 + x + v.y0 + y).rem_euclid(2) == 1;
            let fill = match c {
                Cell::Hole => continue,
                Cell::Wall => WALL,
                Cell::Fog => FOG,
                Cell::Growable => {
                    growable = true;
                    GROWABLE
                }
                _ if light => LIGHT,
                _ => DARK,
            };
            if matches!(c, Cell::Man(_)) {
                area = Some(match area {
                    None => (x, x, y, y),
                    Some((a, b, c, d)) => (a.min(x), b.max(x), c.min(y), d.max(y)),
                });
            }
            let name = if opt.squares {
                format!(
                    r#" data-sq="{}""#,
                    esc(&crate::notation::square(Coord::new(v.x0 + x, v.y0 + y)))
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                r#"<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}"{name}/>"#
            );
            if v.last.contains(&Coord::new(v.x0 + x, v.y0 + y)) {
                let _ = writeln!(
                    s,
                    r##"<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="#f6f669" fill-opacity="0.6"/>"##
                );
            }
            match c {
                Cell::Barred => {
                    let (a, b) = (px + CELL / 3, px + 2 * CELL / 3);
                    let (c, d) = (py + CELL / 3, py + 2 * CELL / 3);
                    let _ = writeln!(
                        s,
                        r##"<path d="M{a} {c}L{b} {d}M{b} {c}L{a} {d}" stroke="#7a4a2a" stroke-width="2"/>"##
                    );
                }
                Cell::Man(m) => {
                    let fill = owner_color(m.owner, &v.player_names);
                    let letter = m.letter.text(players == 2 && m.owner == 1);
                    let (cx, cy) = (px + CELL / 2, py + CELL / 2);
                    let _ = writeln!(
                        men,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2"/><text x="{cx}" y="{}" text-anchor="middle" font-size="{}" font-weight="bold" fill="{}">{}</text>"##,
                        CELL * 2 / 5,
                        cy + CELL / 6,
                        CELL / 2,
                        ink(fill),
                        esc(&letter.to_string())
                    );
                }
                _ => {}
            }
        }
    }
    // The box of a floating area: the box of its men now.
    if let (true, Some((a, b, c, d))) = (growable, area) {
        let ((x0, y0), (x1, y1)) = (at(a, c), at(b, d));
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#1f77b4" stroke-width="3" stroke-dasharray="8 5"/>"##,
            x0.min(x1),
            y0.min(y1),
            (x1 - x0).abs() + CELL,
            (y1 - y0).abs() + CELL
        );
    }
    // The seams of a board that wraps: a dashed line along each joined
    // edge, between the edge cell and the one it would have beyond.
    if v.wrap.any() {
        let centre = |x: i32, y: i32| {
            let (px, py) = at(x, y);
            (px + CELL / 2, py + CELL / 2)
        };
        let mut d = String::new();
        let mut edge = |a: (i32, i32), b: (i32, i32)| {
            let (c0, c1) = (centre(a.0, a.1), centre(b.0, b.1));
            let (mx, my) = ((c0.0 + c1.0) / 2, (c0.1 + c1.1) / 2);
            // Half a cell across the line from one centre to the other.
            let (hx, hy) = ((c1.1 - c0.1) / 2, (c0.0 - c1.0) / 2);
            let _ = write!(d, "M{} {}L{} {}", mx - hx, my - hy, mx + hx, my + hy);
        };
        if v.wrap.files {
            for y in 0..gh {
                edge((0, y), (-1, y));
                edge((gw - 1, y), (gw, y));
            }
        }
        if v.wrap.ranks {
            for x in 0..gw {
                edge((x, 0), (x, -1));
                edge((x, gh - 1), (x, gh));
            }
        }
        let title = super::wrap_legend(v).unwrap_or_default();
        let _ = writeln!(
            s,
            r##"<path class="seam" d="{d}" stroke="#c0392b" stroke-width="3" stroke-dasharray="6 4" fill="none"><title>{}</title></path>"##,
            esc(&title)
        );
    }
    s.push_str(&men);
    // Arrows between square centres.
    if !arrows.is_empty() {
        s.push_str(r##"<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="#15781b"/></marker></defs>"##);
        s.push('\n');
        for &(from, to) in arrows {
            let (fx, fy) = at(from.x - v.x0, from.y - v.y0);
            let (tx, ty) = at(to.x - v.x0, to.y - v.y0);
            // The head ends at the target square's centre.
            let (dx, dy) = (f64::from(tx - fx), f64::from(ty - fy));
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let back = f64::from(CELL) / 3.0;
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{:.1}" y2="{:.1}" stroke="#15781b" stroke-opacity="0.8" stroke-width="{}" marker-end="url(#head)"/>"##,
                fx + CELL / 2,
                fy + CELL / 2,
                f64::from(tx + CELL / 2) - dx / len * back,
                f64::from(ty + CELL / 2) - dy / len * back,
                CELL / 6
            );
        }
    }
    // Labels: under each column and left of each row as drawn, the file
    // or rank that runs there.
    let fs = 13;
    let file = |x: i32| esc(&file_label(v.x0 + x));
    let rank = |y: i32| (v.y0 + y + 1).to_string();
    if let Some((n, lh)) = layered {
        // Each board's files under it and its ranks at its left.
        for k in 0..n {
            for x in 0..gw {
                let (px, _) = at(x, k * lh);
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" text-anchor="middle" font-size="{fs}" fill="#333333">{}</text>"##,
                    px + CELL / 2,
                    TOP + rows * CELL + 17,
                    file(x)
                );
            }
            let left = (0..gw).map(|x| at(x, k * lh).0).min().unwrap_or(LEFT);
            for y in 0..lh {
                let (_, py) = at(0, k * lh + y);
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" text-anchor="end" font-size="{fs}" fill="#333333">{}</text>"##,
                    left - 6,
                    py + CELL / 2 + 5,
                    rank(k * lh + y)
                );
            }
        }
    }
    for c in 0..cols {
        if layered.is_some() {
            break;
        }
        let label = match turn {
            0 => file(c),
            1 => rank(c),
            2 => file(gw - 1 - c),
            _ => rank(gh - 1 - c),
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="{fs}" fill="#333333">{label}</text>"##,
            LEFT + c * CELL + CELL / 2,
            TOP + rows * CELL + 17,
        );
    }
    for r in 0..rows {
        if layered.is_some() {
            break;
        }
        let label = match turn {
            0 => rank(gh - 1 - r),
            1 => file(r),
            2 => rank(r),
            _ => file(gw - 1 - r),
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="end" font-size="{fs}" fill="#333333">{label}</text>"##,
            LEFT - 6,
            TOP + r * CELL + CELL / 2 + 5,
        );
    }
    // One line per player: disc, name, hand, deck.
    for p in 0..v.player_names.len() {
        let y = TOP + rows * CELL + LABELS + PLAYER_LINE * p as i32;
        let fill = owner_color(p, &v.player_names);
        let line = esc(&player_line(v, p));
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="7" fill="{fill}" stroke="#000000" stroke-width="1.5"/><text x="{}" y="{}" font-size="{fs}" fill="#000000">{line}</text>"##,
            LEFT / 2,
            y + PLAYER_LINE / 2,
            LEFT,
            y + PLAYER_LINE / 2 + 5
        );
    }
    Ok(s)
}

/// A player's line under the board (not escaped): name, whether to
/// move or out, the points, the men in hand and the deck's public counts.
fn player_line(v: &BoardView, p: usize) -> String {
    let mut line = v.player_names[p].clone();
    if p == v.to_move {
        line.push_str(" (to move)");
    }
    if v.out.get(p).copied().unwrap_or(false) {
        line.push_str(" (out)");
    }
    if let Some(n) = v.points.as_ref().and_then(|pts| pts.get(p)) {
        let _ = write!(line, " — {}", super::points_text(*n));
    }
    if let Some(hand) = v.hands.get(p).filter(|h| !h.is_empty()) {
        let items: Vec<String> = hand.iter().map(|(l, n)| format!("{l}×{n}")).collect();
        let _ = write!(line, " — hand: {}", items.join(" "));
    }
    if let Some(Some(d)) = v.decks.get(p) {
        let _ = write!(line, " — deck: {d}");
        if let Some(cards) = v.deck_cards.get(p).filter(|c| !c.is_empty()) {
            let items: Vec<String> = cards.iter().map(|(l, n)| format!("{l}×{n}")).collect();
            let _ = write!(line, " ({})", items.join(" "));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_escapes() {
        assert_eq!(
            parse_arrow("e2e4"),
            Some((Coord::new(4, 1), Coord::new(4, 3)))
        );
        assert_eq!(
            parse_arrow("[-1]3b-2"),
            Some((Coord::new(-1, 2), Coord::new(1, -3)))
        );
        assert_eq!(
            parse_arrow("P@e4e5"),
            Some((Coord::new(4, 3), Coord::new(4, 4)))
        );
        assert_eq!(parse_arrow("e2"), None);
        assert_eq!(parse_arrow("e99999999e1"), None);
        assert_eq!(parse_arrow("zz"), None);
        assert_eq!(
            esc("<a & \"b\">\u{1}"),
            "&lt;a &amp; &quot;b&quot;&gt;\u{fffd}"
        );
    }

    #[test]
    fn turned_boards_and_named_squares() {
        // A 3x2 board: a1 b1 c1 / a2 b2 c2, a man on a1.
        let mut cells = vec![Cell::Empty; 6];
        cells[0] = Cell::Man(super::super::ManView {
            letter: crate::ir::Letter::own('K'),
            glyphs: None,
            owner: 0,
        });
        let v = BoardView {
            x0: 0,
            y0: 0,
            width: 3,
            height: 2,
            cells,
            player_names: vec!["a".into(), "b".into()],
            to_move: 0,
            last: vec![],
            hands: vec![],
            decks: vec![],
            deck_cards: vec![],
            notes: vec![],
            out: vec![],
            points: None,
            hex: None,
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        };
        let corner = |turn: u8| {
            let s = draw_with(
                &v,
                &[],
                Options {
                    turn,
                    squares: true,
                },
            )
            .unwrap();
            let i = s.find(r#"data-sq="a1""#).unwrap();
            let rect = &s[s[..i].rfind("<rect").unwrap()..i];
            let num = |k: &str| -> i32 {
                let j = rect.find(k).unwrap() + k.len();
                rect[j..].split('"').next().unwrap().parse().unwrap()
            };
            (num(r#"x=""#), num(r#"y=""#))
        };
        // a1 is bottom-left, then top-left (a quarter turn clockwise),
        // top-right (half a turn), bottom-right.
        assert_eq!(corner(0), (LEFT, TOP + CELL));
        assert_eq!(corner(1), (LEFT, TOP));
        assert_eq!(corner(2), (LEFT + 2 * CELL, TOP));
        assert_eq!(corner(3), (LEFT + CELL, TOP + 2 * CELL));
        // Turned a quarter, the picture is as tall as the board is wide.
        assert_eq!(size_turned(&v, 1).1, size_turned(&v, 0).1 + CELL);
        // Squares are named only when asked.
        assert!(!draw(&v, &[]).unwrap().contains("data-sq"));
        let named = draw_with(
            &v,
            &[],
            Options {
                turn: 0,
                squares: true,
            },
        )
        .unwrap();
        assert_eq!(named.matches("data-sq=").count(), 6);
    }

    #[test]
    fn a_huge_view_is_refused_not_drawn() {
        let v = BoardView {
            x0: 0,
            y0: 0,
            width: 300,
            height: 300,
            cells: vec![Cell::Empty; 90_000],
            player_names: vec!["a".into(), "b".into()],
            to_move: 0,
            last: vec![],
            hands: vec![],
            decks: vec![],
            deck_cards: vec![],
            notes: vec![],
            out: vec![],
            points: None,
            hex: None,
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        };
        let e = draw(&v, &[]).unwrap_err();
        assert!(e.contains("too large"), "{e}");
        let small = BoardView {
            width: 2,
            height: 1,
            cells: vec![Cell::Empty, Cell::Hole],
            player_names: vec!["<&>".into()],
            ..v
        };
        let s = draw(&small, &[]).unwrap();
        assert!(s.contains("&lt;&amp;&gt;") && !s.contains("<&>"), "{s}");
        assert_eq!(
            s.matches("fill=\"#b58863\"").count(),
            1,
            "one square, one hole"
        );
    }
}
