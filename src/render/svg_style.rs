//! The SVG pictures' measures, colours and text escaping, shared by the
//! square and the hexagonal drawings (`svg`, `hex`).

/// The most squares a picture may hold (a 256 × 256 window).
pub const MAX_CELLS: i64 = 256 * 256;

/// The side of a square, in pixels.
pub const CELL: i32 = 48;
/// Left margin (rank labels) and bottom margin (file labels).
pub const LEFT: i32 = 36;
pub const TOP: i32 = 8;
pub const LABELS: i32 = 24;
/// The height of one player's line under the board.
pub const PLAYER_LINE: i32 = 24;

/// Light and dark squares.
pub const LIGHT: &str = "#f0d9b5";
pub const DARK: &str = "#b58863";
/// Squares a floating area may still reach.
pub const GROWABLE: &str = "#dddddd";
/// A wall's square (`then place wall`).
pub const WALL: &str = "#3a3a3a";
/// A square the seat cannot see (`fog of war`).
pub const FOG: &str = "#6b6b6b";

/// Disc colours: two players, and more.
const TWO: [&str; 2] = ["#ffffff", "#222222"];
const MANY: [&str; 8] = [
    "#ffffff", "#d62728", "#222222", "#2ca02c", "#1f77b4", "#ff7f0e", "#9467bd", "#8c564b",
];

/// The colour a player's name says (`red`), if it is one of the
/// palette's.
fn named(name: &str) -> Option<&'static str> {
    use super::hue::Hue;
    Some(match Hue::named(name)? {
        Hue::White => "#ffffff",
        Hue::Black => "#222222",
        Hue::Red => "#d62728",
        Hue::Green => "#2ca02c",
        Hue::Blue => "#1f77b4",
        Hue::Orange => "#ff7f0e",
        Hue::Purple => "#9467bd",
        Hue::Brown => "#8c564b",
        Hue::Yellow => YELLOW,
        Hue::Gray => GRAY,
    })
}

const YELLOW: &str = "#f2c200";
const GRAY: &str = "#9a9a9a";

/// The disc colour of the men of player `owner` of the players named
/// `names`: when every player is named after a colour of the palette, and
/// no two after the same (`red, blue, yellow, green`), the colour of its
/// name; otherwise by its place in the turn order (white and black for
/// two players).
pub fn owner_color(owner: usize, names: &[String]) -> &'static str {
    let colours: Vec<&'static str> = names.iter().filter_map(|n| named(n)).collect();
    let distinct = colours
        .iter()
        .enumerate()
        .all(|(i, c)| !colours[..i].contains(c));
    if colours.len() == names.len() && distinct {
        if let Some(&c) = colours.get(owner) {
            return c;
        }
    }
    if names.len() <= 2 {
        TWO[owner % 2]
    } else {
        MANY[owner % MANY.len()]
    }
}

/// The letter colour on a disc of `fill`.
pub fn ink(fill: &str) -> &'static str {
    match fill {
        "#ffffff" | "#ff7f0e" | "#2ca02c" | YELLOW | GRAY => "#000000",
        _ => "#ffffff",
    }
}

/// Text escaped for XML (element content and attribute values).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}
