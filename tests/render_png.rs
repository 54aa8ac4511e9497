//! The pictures, looked at: `show --svg` and the HTML report's charts and
//! boards are rendered to PNG with `rsvg-convert` (librsvg; `.ci/run`
//! installs it) and their pixels checked. Without `rsvg-convert` these
//! tests fail, unless `VARIA_SKIP_RENDER=1` says to skip them.
//!
//! The report page is also parsed as XML: it is well-formed XHTML, inline
//! SVG included.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn varia() -> Command {
    let mut c = Command::cargo_bin("varia").unwrap();
    c.env("NO_COLOR", "1");
    c
}

fn ok(args: &[&str]) -> String {
    let out = varia().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether to render: `rsvg-convert` present, or the opt-out set.
fn renderer() -> bool {
    if std::process::Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return true;
    }
    if std::env::var_os("VARIA_SKIP_RENDER").is_some_and(|v| v == "1") {
        eprintln!("rsvg-convert is missing and VARIA_SKIP_RENDER=1: rendering not checked");
        return false;
    }
    panic!(
        "rsvg-convert is not installed: install librsvg2-bin (apt-get install librsvg2-bin), \
         or set VARIA_SKIP_RENDER=1 to skip the rendering checks"
    );
}

/// An RGBA image.
struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Image {
    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        assert!(x < self.width && y < self.height, "({x}, {y}) is outside");
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }
    fn count(&self, c: [u8; 3]) -> usize {
        self.rgba
            .chunks(4)
            .filter(|p| close([p[0], p[1], p[2]], c))
            .count()
    }
    fn colours(&self) -> usize {
        let mut seen: Vec<[u8; 4]> = self
            .rgba
            .chunks(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= 3)
}

fn hex(s: &str) -> [u8; 3] {
    let v = u32::from_str_radix(s.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// Read a PNG file's pixels.
fn read_png(path: &Path) -> Image {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    Image {
        width: info.width,
        height: info.height,
        rgba: buf,
    }
}

/// Render an SVG file to PNG and read the pixels.
fn render(svg: &Path) -> Image {
    let png = svg.with_extension("png");
    let out = std::process::Command::new("rsvg-convert")
        .arg(svg)
        .arg("-o")
        .arg(&png)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "rsvg-convert {}: {}",
        svg.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    Image {
        width: info.width,
        height: info.height,
        rgba: buf,
    }
}

// The board's layout (src/render/svg.rs): squares of 48 pixels, the board's
// top-left corner at (36, 8).
const CELL: u32 = 48;
const LEFT: u32 = 36;
const TOP: u32 = 8;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// The pixel corner (3 pixels in) and centre of square (file, rank) on a
/// board of `ranks` ranks.
fn square(file: u32, rank: u32, ranks: u32) -> ((u32, u32), (u32, u32)) {
    let x = LEFT + file * CELL;
    let y = TOP + (ranks - 1 - rank) * CELL;
    ((x + 3, y + 3), (x + CELL / 2, y + CELL / 2))
}

#[test]
fn a_board_drawn_as_svg_renders_with_its_squares_and_men() {
    if !renderer() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("start.svg");
    ok(&["show", "chess", "--svg", svg.to_str().unwrap()]);
    let img = render(&svg);
    assert!(img.width >= 8 * CELL + LEFT && img.height >= 8 * CELL + TOP);
    assert!(img.colours() > 20, "a blank picture");
    // a1 dark, b1 light, a2 light, h1 light, e4 light and empty.
    for (file, rank, colour) in [(0, 0, DARK), (1, 0, LIGHT), (0, 1, LIGHT), (7, 0, LIGHT)] {
        let (corner, _) = square(file, rank, 8);
        assert!(
            close(img.at(corner.0, corner.1), hex(colour)),
            "square ({file}, {rank}) is {:?}, not {colour}",
            img.at(corner.0, corner.1)
        );
    }
    let ((cx, cy), (mx, my)) = square(4, 3, 8);
    assert!(close(img.at(mx, my), hex(LIGHT)), "e4 is not empty");
    assert!(close(img.at(cx, cy), hex(LIGHT)));
    // A white man on e1 (a white disc left of its letter on a dark
    // square), a black one on e8.
    let ((cx, cy), (mx, my)) = square(4, 0, 8);
    assert!(close(img.at(cx, cy), hex(DARK)));
    assert!(
        close(img.at(mx - 15, my), [255, 255, 255]),
        "no white man on e1"
    );
    let (_, (mx, my)) = square(4, 7, 8);
    assert!(
        close(img.at(mx - 15, my), hex("#222222")),
        "no black man on e8"
    );

    // After 1. e4 with an arrow: e2 and e4 are highlighted, e4 holds a
    // man, and the arrow's green lies between g1 and f3.
    let svg = dir.path().join("e4.svg");
    ok(&[
        "show",
        "chess",
        "--moves",
        "e4",
        "--arrows",
        "g1f3",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let img = render(&svg);
    let ((cx, cy), (mx, my)) = square(4, 3, 8);
    let e4 = img.at(cx, cy);
    assert!(
        !close(e4, hex(LIGHT)) && !close(e4, hex(DARK)),
        "e4 not highlighted: {e4:?}"
    );
    assert!(close(img.at(mx - 15, my), [255, 255, 255]), "no man on e4");
    let (_, (gx, gy)) = square(6, 0, 8);
    let (_, (fx, fy)) = square(5, 2, 8);
    let (x, y) = ((gx + fx) / 2, (gy + fy) / 2);
    let p = img.at(x, y);
    assert!(
        p[1] > p[0] + 20 && p[1] > p[2] + 20,
        "no green arrow at ({x}, {y}): {p:?}"
    );
}

#[test]
fn four_players_and_holes_are_drawn() {
    if !renderer() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("q.svg");
    ok(&["show", "quatrochess", "--svg", svg.to_str().unwrap()]);
    let img = render(&svg);
    // Four disc colours: white, red, black, green.
    for c in ["#ffffff", "#d62728", "#222222", "#2ca02c"] {
        assert!(img.count(hex(c)) > 500, "{c} missing");
    }
    // The centre squares g7 to h8 are holes: the page's white shows.
    let (corner, centre) = square(6, 6, 14);
    assert!(close(img.at(corner.0, corner.1), [255, 255, 255]));
    assert!(close(img.at(centre.0, centre.1), [255, 255, 255]));
    let (corner, _) = square(5, 6, 14);
    assert!(!close(img.at(corner.0, corner.1), [255, 255, 255]));
}

/// `board hex 6` (LANGUAGE.md §5): 91 hexagons in three colours, no
/// square drawn for the grid's corners, Gliński's names on the labels; in
/// the terminal, an offset layout with each row's edge ranks.
#[test]
fn a_hexagonal_board_is_drawn_as_hexagons_in_three_colours() {
    let text = ok(&["show", "variants/catalogue/glinski.variant", "--ascii"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].trim(), "11           b 11", "{text}");
    assert_eq!(lines[20].trim(), "1           B 1", "{text}");
    assert_eq!(lines[21].trim(), "a b c d e f g h i k l", "{text}");
    assert_eq!(text.matches('P').count(), 9, "{text}");
    if !renderer() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("g.svg");
    ok(&[
        "show",
        "variants/catalogue/glinski.variant",
        "--moves",
        "f5f6",
        "--arrows",
        "h1g3",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let body = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(body.matches("<line").count(), 1, "the arrow h1g3");
    assert_eq!(
        body.matches("stroke=\"#5a3d22\"").count(),
        91,
        "one hexagon a cell"
    );
    assert!(
        body.contains(">k</text>") && !body.contains(">j</text>"),
        "Gliński's files"
    );
    let img = render(&svg);
    for c in ["#f0d9b5", "#d2a679", "#a9754a"] {
        assert!(img.count(hex(c)) > 10_000, "cell colour {c} missing");
    }
    // The grid's top-left corner is off the hexagon: the page shows.
    assert!(close(img.at(LEFT + 3, TOP + 3), [255, 255, 255]));
    // f6, the centre (middle colour), now holds the white pawn.
    let (r, half) = (CELL as f64 * 0.55, CELL as f64 * 0.55 * 0.866_025_4);
    let (x, y) = (LEFT as f64 + r + 7.5 * r, TOP as f64 + half + 10.0 * half);
    assert!(
        close(img.at(x as u32, y as u32 - 14), [255, 255, 255]),
        "the pawn's disc"
    );
    // f4 (two cells below, light... middle, dark from f1: f4 light) empty.
    let f4 = img.at(x as u32, (y + 4.0 * half) as u32);
    assert!(close(f4, hex("#f0d9b5")), "{f4:?}");
}

#[test]
fn an_unbounded_board_shows_where_it_may_grow_and_its_box() {
    if !renderer() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("u.svg");
    ok(&[
        "show",
        "echek",
        "--moves",
        "K[-1]1 B@b3",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">[-2]</text>"), "file labels beyond a");
    let img = render(&svg);
    // Squares the area may still grow into, grey; the men's box, dashed
    // blue; the hands listed under the board (dark text on white).
    assert!(img.count(hex("#dddddd")) > 5 * CELL as usize * CELL as usize);
    assert!(img.count(hex("#1f77b4")) > 200, "no box");
    let below = (TOP + 5 * CELL + 30..img.height)
        .flat_map(|y| (0..img.width).map(move |x| (x, y)))
        .filter(|&(x, y)| img.at(x, y)[0] < 80)
        .count();
    assert!(below > 300, "no player lines");
}

/// The `<svg>` elements of a page, each as its own document.
fn svgs_of(html: &str, dir: &Path) -> Vec<PathBuf> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(html, opts)
        .unwrap_or_else(|e| panic!("the report is not well-formed: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "html");
    doc.descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .enumerate()
        .map(|(i, n)| {
            let p = dir.join(format!("part{i}.svg"));
            std::fs::write(&p, &html[n.range()]).unwrap();
            p
        })
        .collect()
}

#[test]
fn the_report_is_well_formed_and_its_charts_and_boards_render() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    ok(&[
        "simulate",
        "chess",
        "-n",
        "40",
        "--players",
        "random,random",
        "--max-plies",
        "500",
        "--report",
        html.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(!text.contains("http://") || !text.contains("src=\"http"));
    assert!(!text.contains("<script"), "the page needs no script");
    let parts = svgs_of(&text, dir.path());
    // The boards of the shortest decisive games (up to five), three
    // charts and three sample boards.
    let short = text.matches("<div class=\"game\">").count();
    assert!((1..=5).contains(&short), "{text}");
    assert_eq!(parts.len(), short + 6, "{text}");
    for needle in [
        "95% interval",
        "How games ended",
        "Shortest decisive games",
        "First actions",
        "Sample games",
        "Game 1:",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    let (boards, parts) = parts.split_at(short);
    if !renderer() {
        return;
    }
    // The score chart: the draws' grey bar (most random games of chess
    // are drawn), the first mover's score bar, and black error bars.
    let img = render(&parts[0]);
    assert!(img.colours() > 10, "a blank chart");
    for c in ["#7f7f7f", "#393b79"] {
        assert!(img.count(hex(c)) > 100, "score chart: {c} missing");
    }
    assert!(img.count([0, 0, 0]) > 50);
    // The length histogram: bars.
    let img = render(&parts[1]);
    assert!(img.count(hex("#1f77b4")) > 500, "no histogram bars");
    // Win rate by length: lines in the seat colours.
    let img = render(&parts[2]);
    assert!(img.count(hex("#7f7f7f")) > 50, "no draw line");
    // The boards, shortest games' and samples': squares of both colours.
    for p in boards.iter().chain(&parts[3..]) {
        let img = render(p);
        assert!(img.count(hex(LIGHT)) > 10_000 && img.count(hex(DARK)) > 10_000);
    }
}

/// The whole report page in a real browser: headless Chromium (Debian's
/// `chromium`) takes a screenshot, whose pixels must show the charts' bars
/// and the sample boards' squares. Needs Chromium, so it is not part of the
/// ordinary run: `cargo test --test render_png -- --ignored`.
#[test]
#[ignore]
fn the_report_renders_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    ok(&[
        "simulate",
        "chess",
        "-n",
        "40",
        "--players",
        "random,random",
        "--report",
        html.to_str().unwrap(),
    ]);
    let shot = dir.path().join("r.png");
    let out = std::process::Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1200,6000",
        ])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium is not installed (apt-get install chromium)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = read_png(&shot);
    assert_eq!((img.width, img.height), (1200, 6000));
    assert!(img.colours() > 100, "a blank page");
    // The histogram's bars, the score chart's first-mover bar and the
    // first sample board's squares.
    assert!(img.count(hex("#1f77b4")) > 2_000, "no chart bars");
    assert!(img.count(hex("#393b79")) > 500, "no score bar");
    assert!(
        img.count(hex(LIGHT)) > 20_000 && img.count(hex(DARK)) > 20_000,
        "no board"
    );
}

/// `board 8x8 wrap files` (LANGUAGE.md §5, "Boards that wrap"): the
/// terminal draws the seam as `~` beside every rank with a line saying
/// which files are joined; the SVG draws it as a dashed red line along the
/// left and right edges, titled with the same sentence; `describe` says
/// the board wraps.
#[test]
fn a_wrapped_board_shows_its_seams() {
    let text = ok(&["show", "variants/catalogue/cylinder.variant", "--ascii"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("  8~") && lines[0].ends_with('~'),
        "{text}"
    );
    assert!(
        text.contains("~ seams: the files wrap round (file a is next to file h)"),
        "{text}"
    );
    let d = ok(&["describe", "variants/catalogue/cylinder.variant"]);
    assert!(
        d.contains("It wraps round, a cylinder: file a is next to file h."),
        "{d}"
    );
    let flat = ok(&["show", "chess", "--ascii"]);
    assert!(!flat.contains('~'), "{flat}");
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    ok(&[
        "show",
        "variants/catalogue/cylinder.variant",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let body = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(body.matches("class=\"seam\"").count(), 1, "{body}");
    assert!(
        body.contains("<title>~ seams: the files wrap round"),
        "{body}"
    );
    if !renderer() {
        return;
    }
    let img = render(&svg);
    // The seam's red on the left edge of the board, beside rank 4.
    let seam = img.at(LEFT, TOP + 4 * CELL + CELL / 2 - 2);
    let red = [0xc0, 0x39, 0x2b];
    let gap = img.at(LEFT, TOP + 4 * CELL + CELL / 2 + 5);
    assert!(close(seam, red) || close(gap, red), "{seam:?} {gap:?}");
}

/// `board 8x8 layers 2` (LANGUAGE.md §5, "Boards in layers"): the terminal
/// draws the two layers side by side, each row with its own rank numbers
/// (8 beside 16); the SVG puts board B a column to the right of board A
/// (a white king on A's e1 and nothing on B's e1); `describe` says the
/// board is in layers.
#[test]
fn a_board_in_layers_is_drawn_side_by_side() {
    let text = ok(&["show", "variants/catalogue/alice.variant", "--ascii"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("layer 1") && lines[0].contains("layer 2"),
        "{text}"
    );
    assert!(
        lines[1].trim_start().starts_with("8 r n b q k b n r") && lines[1].contains(" 16 "),
        "{text}"
    );
    assert!(
        lines[8].trim_start().starts_with("1 R N B Q K B N R") && lines[8].contains("  9 "),
        "{text}"
    );
    assert_eq!(text.matches("a b c d e f g h").count(), 2, "{text}");
    let d = ok(&["describe", "variants/catalogue/alice.variant"]);
    assert!(d.contains("2 boards of 8×8 in layers"), "{d}");
    assert!(d.contains("layer 2 is ranks 9 to 16"), "{d}");
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("a.svg");
    ok(&[
        "show",
        "variants/catalogue/alice.variant",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let body = std::fs::read_to_string(&svg).unwrap();
    // 17 columns (8, a gap, 8) and 8 rows.
    let width: i32 = body
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .and_then(|w| w.parse().ok())
        .unwrap();
    assert!(width >= LEFT as i32 + 17 * CELL as i32, "{width}");
    if !renderer() {
        return;
    }
    let img = render(&svg);
    // A's e1 holds the white king (a disc: not a plain square colour at
    // its centre); B's e1, 9 columns to the right, is an empty square.
    let centre = |col: u32| img.at(LEFT + col * CELL + CELL / 2, TOP + 7 * CELL + CELL / 2);
    let (a, b) = (centre(4), centre(13));
    assert!(!close(a, hex(LIGHT)) && !close(a, hex(DARK)), "{a:?}");
    assert!(close(b, hex(LIGHT)) || close(b, hex(DARK)), "{b:?}");
}

/// Players named after colours are drawn in them: four-player chess's
/// red, blue, yellow and green (blue's men were drawn red, yellow's
/// black). Names that are not all colours keep the seat palette (white,
/// black for two players; quatrochess's white, red, black, green).
#[test]
fn players_named_after_colours_are_drawn_in_them() {
    let dir = tempfile::tempdir().unwrap();
    let drawn = |variant: &str| {
        let path = dir.path().join(format!("{variant}.svg"));
        ok(&["show", variant, "--svg", path.to_str().unwrap()]);
        std::fs::read_to_string(&path).unwrap()
    };
    let svg = drawn("fourplayer");
    // A man's disc: its fill, then the letter's ink.
    let disc = |fill: &str| format!(r##"fill="{fill}" stroke="##);
    for (colour, fill) in [
        ("red", "#d62728"),
        ("blue", "#1f77b4"),
        ("yellow", "#f2c200"),
        ("green", "#2ca02c"),
    ] {
        assert!(svg.contains(&disc(fill)), "{colour}: {fill} not drawn");
    }
    assert!(
        !svg.contains(&disc("#222222")),
        "no black men in fourplayer"
    );
    let svg = drawn("quatrochess");
    for fill in ["#ffffff", "#d62728", "#222222", "#2ca02c"] {
        assert!(svg.contains(&disc(fill)), "quatrochess: {fill}");
    }
    let svg = drawn("chess");
    assert!(svg.contains(&disc("#ffffff")) && svg.contains(&disc("#222222")));
}
