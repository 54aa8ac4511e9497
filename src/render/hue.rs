//! The colours a player may be named after, read by the terminal's
//! palette and the SVG pictures alike (one list of names).

/// A colour a player may be named after (`players red, blue, yellow,
/// green`). With more than two players all named after different hues,
/// each player's men are drawn in a tone of its hue that reads on the
/// theme's squares (`palette::Palette::man`); the SVG pictures use the
/// same names (`svg_style::owner_color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hue {
    White,
    Black,
    Red,
    Green,
    Blue,
    Yellow,
    Orange,
    Purple,
    Brown,
    Gray,
}

impl Hue {
    pub const ALL: [Hue; 10] = [
        Hue::White,
        Hue::Black,
        Hue::Red,
        Hue::Green,
        Hue::Blue,
        Hue::Yellow,
        Hue::Orange,
        Hue::Purple,
        Hue::Brown,
        Hue::Gray,
    ];

    /// The hue a player's name is (`red`, `Grey`: any case), if any.
    pub fn named(name: &str) -> Option<Hue> {
        Some(match name.to_ascii_lowercase().as_str() {
            "white" => Hue::White,
            "black" => Hue::Black,
            "red" => Hue::Red,
            "green" => Hue::Green,
            "blue" => Hue::Blue,
            "yellow" => Hue::Yellow,
            "orange" => Hue::Orange,
            "purple" => Hue::Purple,
            "brown" => Hue::Brown,
            "gray" | "grey" => Hue::Gray,
            _ => return None,
        })
    }

    /// The hues of the players named `names`, when every name is one and
    /// no two are the same.
    pub fn of_players(names: &[String]) -> Option<Vec<Hue>> {
        let hues = names
            .iter()
            .map(|n| Hue::named(n))
            .collect::<Option<Vec<Hue>>>()?;
        let distinct = hues.iter().enumerate().all(|(i, h)| !hues[..i].contains(h));
        distinct.then_some(hues)
    }
}
