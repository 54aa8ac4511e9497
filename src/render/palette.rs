//! Terminal colours chosen for contrast: the squares, the last move's
//! highlight and each player's men, for 16-colour, 256-colour and
//! true-colour terminals, on a dark or a light theme.
//!
//! Every man's colour has a contrast ratio of at least 4.5:1 (WCAG AA)
//! with every square colour it can stand on (both square colours and both
//! highlights), as the tests compute it: for 16 colours with xterm's
//! default palette, for 256 colours with xterm's table, for true colour
//! exactly. A seat's label is drawn in its men's colour on the dark
//! square's colour, so it reads on any terminal background.
//!
//! The theme is the board's: `dark` (dark squares, light men; the default)
//! or `light` (light squares, dark men). Where 16 colours cannot give more
//! than two sides distinct colours with that contrast, men of three or
//! four sides share one colour and carry their owner's number, as
//! without colour.

pub use super::hue::Hue;

/// A colour as red, green, blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// How many colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// The 16 ANSI colours (whatever the terminal's palette makes them).
    Ansi16,
    /// xterm's 256 colours.
    Ansi256,
    /// 24-bit colour.
    TrueColor,
}

/// The board's theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Dark squares and light men (for dark terminals; the default).
    #[default]
    Dark,
    /// Light squares and dark men.
    Light,
}

/// What a colour is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    LightSquare,
    DarkSquare,
    /// The last move's squares.
    LastLight,
    LastDark,
    /// The men of a player (`owner`, of `players`).
    Man {
        owner: usize,
        players: usize,
    },
    /// The men of a player named after a hue (see [`Palette::man`]).
    Hue(Hue),
}

/// The colours of a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub depth: Depth,
    pub theme: Theme,
}

impl Default for Palette {
    /// 16 colours, dark theme: what any colour terminal shows.
    fn default() -> Palette {
        Palette {
            depth: Depth::Ansi16,
            theme: Theme::Dark,
        }
    }
}

/// xterm's default RGB of the 16 ANSI colours, by SGR foreground code.
fn ansi_rgb(code: u8) -> Rgb {
    match code {
        30 => Rgb(0, 0, 0),
        31 => Rgb(205, 0, 0),
        32 => Rgb(0, 205, 0),
        33 => Rgb(205, 205, 0),
        34 => Rgb(0, 0, 238),
        35 => Rgb(205, 0, 205),
        36 => Rgb(0, 205, 205),
        37 => Rgb(229, 229, 229),
        90 => Rgb(127, 127, 127),
        91 => Rgb(255, 0, 0),
        92 => Rgb(0, 255, 0),
        93 => Rgb(255, 255, 0),
        94 => Rgb(92, 92, 255),
        95 => Rgb(255, 0, 255),
        96 => Rgb(0, 255, 255),
        _ => Rgb(255, 255, 255),
    }
}

/// The RGB of an xterm 256-colour index (16 and above).
fn xterm_rgb(i: u8) -> Rgb {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    if i >= 232 {
        let g = 8 + 10 * (i - 232);
        return Rgb(g, g, g);
    }
    let i = i.saturating_sub(16);
    Rgb(
        LEVELS[(i / 36) as usize],
        LEVELS[(i / 6 % 6) as usize],
        LEVELS[(i % 6) as usize],
    )
}

/// The colours of a theme: light, dark, last light, last dark squares,
/// then the men of two sides and of four; as true colours, and as xterm
/// 256-colour indices (chosen apart: the nearest index of a true colour
/// may lose the contrast).
struct Set {
    squares: [Rgb; 4],
    two: [Rgb; 2],
    many: [Rgb; 4],
    squares_256: [u8; 4],
    two_256: [u8; 2],
    many_256: [u8; 4],
    /// Per [`Hue`] (in [`Hue::ALL`]'s order): its tone on this theme,
    /// and its 256-colour index where one reads (none: xterm's cube has
    /// no dark yellow or orange with the contrast).
    hues: [Rgb; 10],
    hues_256: [Option<u8>; 10],
}

const DARK: Set = Set {
    squares: [
        Rgb(0x3a, 0x46, 0x54),
        Rgb(0x22, 0x2a, 0x33),
        Rgb(0x5a, 0x4a, 0x14),
        Rgb(0x4a, 0x3c, 0x10),
    ],
    two: [Rgb(0xff, 0xff, 0xff), Rgb(0xff, 0xc8, 0x57)],
    many: [
        Rgb(0xff, 0xff, 0xff),
        Rgb(0xff, 0xa8, 0xa8),
        Rgb(0xff, 0xc8, 0x57),
        Rgb(0x8c, 0xf0, 0x8c),
    ],
    squares_256: [238, 236, 52, 52],
    two_256: [231, 221],
    many_256: [231, 217, 221, 120],
    // Black men on dark squares are amber, as a second side's.
    hues: [
        Rgb(0xff, 0xff, 0xff),
        Rgb(0xff, 0xc8, 0x57),
        Rgb(0xff, 0xa8, 0xa8),
        Rgb(0x8c, 0xf0, 0x8c),
        Rgb(0xa8, 0xc8, 0xff),
        Rgb(0xff, 0xf0, 0x7a),
        Rgb(0xff, 0xb0, 0x66),
        Rgb(0xd8, 0xb0, 0xff),
        Rgb(0xe0, 0xc0, 0x9a),
        Rgb(0xc8, 0xc8, 0xc8),
    ],
    hues_256: [
        Some(231),
        Some(221),
        Some(217),
        Some(120),
        Some(153),
        Some(228),
        Some(215),
        Some(183),
        Some(180),
        Some(251),
    ],
};

const LIGHT: Set = Set {
    squares: [
        Rgb(0xf0, 0xe4, 0xcc),
        Rgb(0xc8, 0xb0, 0x90),
        Rgb(0xf5, 0xe2, 0x7a),
        Rgb(0xd4, 0xc0, 0x60),
    ],
    two: [Rgb(0x1a, 0x3a, 0x8a), Rgb(0, 0, 0)],
    many: [
        Rgb(0x1a, 0x3a, 0x8a),
        Rgb(0x7f, 0x14, 0x14),
        Rgb(0, 0, 0),
        Rgb(0x0f, 0x4d, 0x0f),
    ],
    squares_256: [230, 187, 229, 186],
    two_256: [18, 16],
    many_256: [18, 88, 16, 22],
    // White men on light squares are navy, as a first side's.
    hues: [
        Rgb(0x1a, 0x3a, 0x8a),
        Rgb(0, 0, 0),
        Rgb(0x7f, 0x14, 0x14),
        Rgb(0x0f, 0x4d, 0x0f),
        Rgb(0, 0, 0xc0),
        Rgb(0x4a, 0x3b, 0),
        Rgb(0x6b, 0x30, 0),
        Rgb(0x4b, 0x0f, 0x80),
        Rgb(0x4a, 0x2a, 0x10),
        Rgb(0x3a, 0x3a, 0x3a),
    ],
    hues_256: [
        Some(18),
        Some(16),
        Some(88),
        Some(22),
        Some(19),
        None,
        None,
        Some(54),
        Some(52),
        Some(238),
    ],
};

impl Palette {
    /// The depth a terminal announces: `COLORTERM` of `truecolor` or
    /// `24bit` for true colour, a `TERM` with `256color` for 256 colours,
    /// else 16; `None` for `TERM=dumb` (no colour).
    pub fn detect(colorterm: Option<&str>, term: Option<&str>) -> Option<Depth> {
        let ct = colorterm.unwrap_or("").to_ascii_lowercase();
        let term = term.unwrap_or("").to_ascii_lowercase();
        if term == "dumb" {
            return None;
        }
        Some(if ct == "truecolor" || ct == "24bit" {
            Depth::TrueColor
        } else if term.contains("256color") || term.contains("direct") {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        })
    }

    /// The theme a name asks for (`light`, `dark`), else the one
    /// `COLORFGBG` suggests (a light background: `light`), else `dark`.
    pub fn theme(name: Option<&str>, colorfgbg: Option<&str>) -> Theme {
        match name.map(str::to_ascii_lowercase).as_deref() {
            Some("light") => return Theme::Light,
            Some("dark") => return Theme::Dark,
            _ => {}
        }
        // `COLORFGBG=0;15`: black text on a white background.
        let bg = colorfgbg
            .and_then(|v| v.rsplit(';').next())
            .and_then(|b| b.trim().parse::<u8>().ok());
        match bg {
            Some(7 | 15) => Theme::Light,
            _ => Theme::Dark,
        }
    }

    /// The role of the men of player `owner` of the players named
    /// `names`: with more than two players all named after different
    /// hues (`red, blue, yellow, green`), the tone of its hue, where the
    /// terminal shows more than 16 colours and every one of those hues has
    /// a readable tone there; otherwise by its place in the turn order.
    pub fn man(&self, owner: usize, names: &[String]) -> Role {
        let players = names.len();
        if players > 2 && self.depth != Depth::Ansi16 {
            if let Some(hues) = Hue::of_players(names) {
                let set = self.set();
                let shown = self.depth == Depth::TrueColor
                    || hues.iter().all(|&h| set.hues_256[h as usize].is_some());
                if let Some(&h) = hues.get(owner).filter(|_| shown) {
                    return Role::Hue(h);
                }
            }
        }
        Role::Man { owner, players }
    }

    /// Whether men of `players` sides share one colour and carry their
    /// owner's number (16 colours, more than two sides).
    pub fn numbered(&self, players: usize) -> bool {
        self.depth == Depth::Ansi16 && players > 2
    }

    /// The SGR code (foreground) of a 16-colour role.
    fn ansi(&self, role: Role) -> u8 {
        let dark = self.theme == Theme::Dark;
        match role {
            Role::LightSquare => {
                if dark {
                    34
                } else {
                    97
                }
            }
            Role::DarkSquare => {
                if dark {
                    30
                } else {
                    33
                }
            }
            Role::LastLight | Role::LastDark => {
                if dark {
                    31
                } else {
                    96
                }
            }
            Role::Hue(_) => {
                if dark {
                    97
                } else {
                    30
                }
            }
            Role::Man { owner, players } => match (dark, players > 2, owner % 2) {
                (true, true, _) => 97,
                (true, false, 0) => 97,
                (true, false, _) => 93,
                (false, true, _) => 30,
                (false, false, 0) => 34,
                (false, false, _) => 30,
            },
        }
    }

    fn set(&self) -> &'static Set {
        match self.theme {
            Theme::Dark => &DARK,
            Theme::Light => &LIGHT,
        }
    }

    /// The xterm 256-colour index of a role.
    fn index(&self, role: Role) -> u8 {
        let set = self.set();
        match role {
            Role::LightSquare => set.squares_256[0],
            Role::DarkSquare => set.squares_256[1],
            Role::LastLight => set.squares_256[2],
            Role::LastDark => set.squares_256[3],
            Role::Man { owner, players } if players <= 2 => set.two_256[owner % 2],
            Role::Man { owner, .. } => set.many_256[owner % 4],
            Role::Hue(h) => set.hues_256[h as usize].unwrap_or(set.many_256[0]),
        }
    }

    /// The colour of a role as a true colour.
    fn true_rgb(&self, role: Role) -> Rgb {
        let set = self.set();
        match role {
            Role::LightSquare => set.squares[0],
            Role::DarkSquare => set.squares[1],
            Role::LastLight => set.squares[2],
            Role::LastDark => set.squares[3],
            Role::Man { owner, players } if players <= 2 => set.two[owner % 2],
            Role::Man { owner, .. } => set.many[owner % 4],
            Role::Hue(h) => set.hues[h as usize],
        }
    }

    /// The colour a role shows (for 16 colours: with xterm's defaults).
    pub fn rgb(&self, role: Role) -> Rgb {
        match self.depth {
            Depth::Ansi16 => ansi_rgb(self.ansi(role)),
            Depth::Ansi256 => xterm_rgb(self.index(role)),
            Depth::TrueColor => self.true_rgb(role),
        }
    }

    /// The SGR parameters that set a role's colour as the foreground.
    pub fn fg(&self, role: Role) -> String {
        match self.depth {
            Depth::Ansi16 => self.ansi(role).to_string(),
            Depth::Ansi256 => format!("38;5;{}", self.index(role)),
            Depth::TrueColor => {
                let Rgb(r, g, b) = self.true_rgb(role);
                format!("38;2;{r};{g};{b}")
            }
        }
    }

    /// The SGR parameters that set a role's colour as the background.
    pub fn bg(&self, role: Role) -> String {
        match self.depth {
            Depth::Ansi16 => (self.ansi(role) + 10).to_string(),
            Depth::Ansi256 => format!("48;5;{}", self.index(role)),
            Depth::TrueColor => {
                let Rgb(r, g, b) = self.true_rgb(role);
                format!("48;2;{r};{g};{b}")
            }
        }
    }
}

/// The relative luminance of a colour (WCAG 2).
pub fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// The contrast ratio of two colours (WCAG 2): from 1 to 21.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARES: [Role; 4] = [
        Role::LightSquare,
        Role::DarkSquare,
        Role::LastLight,
        Role::LastDark,
    ];

    fn palettes() -> Vec<Palette> {
        let mut out = Vec::new();
        for depth in [Depth::Ansi16, Depth::Ansi256, Depth::TrueColor] {
            for theme in [Theme::Dark, Theme::Light] {
                out.push(Palette { depth, theme });
            }
        }
        out
    }

    #[test]
    fn every_man_reads_on_every_square_at_4_5_to_1() {
        for p in palettes() {
            for players in [2, 4] {
                for owner in 0..players {
                    let man = Role::Man { owner, players };
                    for sq in SQUARES {
                        let c = contrast(p.rgb(man), p.rgb(sq));
                        assert!(
                            c >= 4.5,
                            "{p:?}: man {owner} of {players} on {sq:?}: {c:.2}:1 ({:?} on {:?})",
                            p.rgb(man),
                            p.rgb(sq)
                        );
                    }
                }
            }
        }
    }

    /// Every hue's tone, where the palette offers it, reads on every
    /// square at 4.5:1, and no two hues share a tone.
    #[test]
    fn every_hue_reads_on_every_square_and_hues_differ() {
        for p in palettes().into_iter().filter(|p| p.depth != Depth::Ansi16) {
            let offered: Vec<Hue> = Hue::ALL
                .into_iter()
                .filter(|&h| p.depth == Depth::TrueColor || p.set().hues_256[h as usize].is_some())
                .collect();
            assert!(offered.len() >= 8, "{p:?}: {offered:?}");
            for (i, &h) in offered.iter().enumerate() {
                for sq in SQUARES {
                    let c = contrast(p.rgb(Role::Hue(h)), p.rgb(sq));
                    assert!(c >= 4.5, "{p:?}: {h:?} on {sq:?}: {c:.2}:1");
                }
                for &g in &offered[..i] {
                    assert_ne!(
                        p.rgb(Role::Hue(h)),
                        p.rgb(Role::Hue(g)),
                        "{p:?}: {h:?} {g:?}"
                    );
                }
            }
        }
    }

    /// Players named after hues are drawn in them (more than two, more
    /// than 16 colours, every hue offered); otherwise by turn order.
    #[test]
    fn players_named_after_hues_are_drawn_in_them() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let four = names(&["red", "blue", "Yellow", "green"]);
        let truecolor = Palette {
            depth: Depth::TrueColor,
            theme: Theme::Dark,
        };
        assert_eq!(truecolor.man(0, &four), Role::Hue(Hue::Red));
        assert_eq!(truecolor.man(1, &four), Role::Hue(Hue::Blue));
        assert_eq!(truecolor.man(2, &four), Role::Hue(Hue::Yellow));
        assert_eq!(
            truecolor.rgb(truecolor.man(0, &four)),
            Rgb(0xff, 0xa8, 0xa8)
        );
        // 16 colours: numbered men, as before.
        let ansi = Palette::default();
        assert_eq!(
            ansi.man(0, &four),
            Role::Man {
                owner: 0,
                players: 4
            }
        );
        // Two players keep the two sides' colours.
        let two = names(&["white", "black"]);
        assert_eq!(
            truecolor.man(1, &two),
            Role::Man {
                owner: 1,
                players: 2
            }
        );
        // A name that is no hue, or two the same: by turn order.
        let odd = names(&["red", "blue", "gold", "green"]);
        assert_eq!(
            truecolor.man(0, &odd),
            Role::Man {
                owner: 0,
                players: 4
            }
        );
        let twice = names(&["red", "red", "blue"]);
        assert_eq!(
            truecolor.man(0, &twice),
            Role::Man {
                owner: 0,
                players: 3
            }
        );
        // On light squares in 256 colours yellow has no readable tone:
        // the whole game falls back to turn order, not yellow alone.
        let light256 = Palette {
            depth: Depth::Ansi256,
            theme: Theme::Light,
        };
        assert_eq!(
            light256.man(0, &four),
            Role::Man {
                owner: 0,
                players: 4
            }
        );
        let white_red_black_green = names(&["white", "red", "black", "green"]);
        assert_eq!(light256.man(1, &white_red_black_green), Role::Hue(Hue::Red));
    }

    #[test]
    fn sides_squares_and_highlights_are_told_apart() {
        for p in palettes() {
            // The two square colours, and each highlight from its square.
            let (l, d) = (p.rgb(Role::LightSquare), p.rgb(Role::DarkSquare));
            assert!(contrast(l, d) >= 1.2, "{p:?}: squares {l:?} {d:?}");
            assert_ne!(p.rgb(Role::LastLight), l, "{p:?}");
            assert_ne!(p.rgb(Role::LastDark), d, "{p:?}");
            // Two sides never share a colour; more share one only where
            // they are numbered.
            let two = |o| {
                p.rgb(Role::Man {
                    owner: o,
                    players: 2,
                })
            };
            assert_ne!(two(0), two(1), "{p:?}");
            if !p.numbered(4) {
                for a in 0..4 {
                    for b in a + 1..4 {
                        let m = |o| {
                            p.rgb(Role::Man {
                                owner: o,
                                players: 4,
                            })
                        };
                        assert_ne!(m(a), m(b), "{p:?}: owners {a} and {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn contrast_matches_known_values() {
        assert!((contrast(Rgb(0, 0, 0), Rgb(255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast(Rgb(119, 119, 119), Rgb(255, 255, 255)) - 4.48).abs() < 0.01);
        // The colours the board used before: a white man on a light-grey
        // square.
        assert!(contrast(ansi_rgb(97), ansi_rgb(37)) < 1.5);
    }

    #[test]
    fn depth_and_theme_come_from_the_environment() {
        assert_eq!(
            Palette::detect(Some("truecolor"), Some("xterm")),
            Some(Depth::TrueColor)
        );
        assert_eq!(
            Palette::detect(None, Some("xterm-256color")),
            Some(Depth::Ansi256)
        );
        assert_eq!(Palette::detect(None, Some("xterm")), Some(Depth::Ansi16));
        assert_eq!(Palette::detect(None, Some("dumb")), None);
        assert_eq!(Palette::theme(Some("light"), None), Theme::Light);
        assert_eq!(Palette::theme(None, Some("0;15")), Theme::Light);
        assert_eq!(Palette::theme(None, Some("15;0")), Theme::Dark);
        assert_eq!(Palette::theme(None, None), Theme::Dark);
    }
}
