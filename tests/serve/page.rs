//! The browser tests' common steps: a server and a headless Chromium,
//! screenshots decoded as pictures, clicks on the page's board and hands.
//! Each test binary that drives the page includes it with `#[path]`, next
//! to `http.rs` and `webdriver.rs`.

#![allow(dead_code)]

pub use super::http::Server;
use super::webdriver;
pub use super::webdriver::Browser;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One browser at a time: the machine has few cores.
pub static ONE: Mutex<()> = Mutex::new(());

/// The browser and a server of `args`, or `None` when the browser tests
/// are skipped on purpose.
pub fn setup(args: &[&str]) -> Option<(Server, Browser, std::sync::MutexGuard<'static, ()>)> {
    let guard = ONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((chromium, driver)) = webdriver::tools() else {
        if std::env::var_os("VARIA_SKIP_BROWSER").is_some_and(|v| v == "1") {
            eprintln!("chromium or chromedriver missing and VARIA_SKIP_BROWSER=1: not checked");
            return None;
        }
        panic!(
            "chromium and chromedriver are not installed: apt-get install chromium \
             chromium-driver, or set VARIA_SKIP_BROWSER=1 to skip the browser tests"
        );
    };
    let server = Server::start(args);
    let b = Browser::start(&chromium, &driver);
    b.goto(&format!("{}/", server.origin));
    Some((server, b, guard))
}

/// A folder with catalogue files the server lists.
pub fn catalogue_folder(names: &[&str]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for n in names {
        std::fs::copy(
            format!("{}/variants/catalogue/{n}", env!("CARGO_MANIFEST_DIR")),
            d.path().join(n),
        )
        .unwrap();
    }
    d
}

pub fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for f in ["chess.variant", "echek.variant", "quatrochess.variant"] {
        std::fs::copy(
            format!("{}/variants/{f}", env!("CARGO_MANIFEST_DIR")),
            d.path().join(f),
        )
        .unwrap();
    }
    d
}

/// Keep a screenshot where `VARIA_SCREENSHOTS` says, and decode it.
pub fn shot(b: &Browser, name: &str) -> Picture {
    let png = b.screenshot();
    if let Some(dir) = std::env::var_os("VARIA_SCREENSHOTS") {
        let _ = std::fs::create_dir_all(&dir);
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), &png).unwrap();
    }
    Picture::decode(&png)
}

pub struct Picture {
    pub w: usize,
    pub h: usize,
    pub rgb: Vec<[u8; 3]>,
}

impl Picture {
    pub fn decode(png_bytes: &[u8]) -> Picture {
        let mut d = png::Decoder::new(std::io::Cursor::new(png_bytes));
        d.set_transformations(png::Transformations::normalize_to_color8());
        let mut r = d.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        let ch = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(ch)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Picture {
            w: info.width as usize,
            h: info.height as usize,
            rgb,
        }
    }

    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y.min(self.h - 1) * self.w + x.min(self.w - 1)]
    }
}

/// WCAG relative luminance and contrast ratio.
pub fn luminance(c: [u8; 3]) -> f64 {
    let f = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2])
}

pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// A square's box on the screen: (x, y, side) in pixels.
pub fn square_box(b: &Browser, sq: &str) -> (usize, usize, usize) {
    let v = b.js(&format!(
        "const r = document.querySelector('#board rect[data-sq=\"{sq}\"]').getBoundingClientRect();\
         return [r.left, r.top, r.width];"
    ));
    let f = |i: usize| v[i].as_f64().unwrap().round() as usize;
    (f(0), f(1), f(2))
}

/// The share of a square's pixels that stand out from its colour (a
/// contrast ratio of 3 or more: the man's outline and letter).
pub fn standing_out(p: &Picture, (x, y, side): (usize, usize, usize)) -> (f64, [u8; 3]) {
    // The square's colour: its corner, inside the edge.
    let bg = p.at(x + 2, y + 2);
    let mut n = 0;
    let mut total = 0;
    for yy in y + 2..y + side - 2 {
        for xx in x + 2..x + side - 2 {
            total += 1;
            if contrast(p.at(xx, yy), bg) >= 3.0 {
                n += 1;
            }
        }
    }
    (f64::from(n) / f64::from(total.max(1)), bg)
}

/// Check that men are drawn and visible on light and dark squares: the
/// squares with men have many pixels in contrast with their colour, the
/// empty ones none.
pub fn check_board(b: &Browser, p: &Picture, men: &[&str], empty: &[&str]) {
    let mut colours = std::collections::HashSet::new();
    for sq in men {
        let (share, bg) = standing_out(p, square_box(b, sq));
        assert!(
            share > 0.05,
            "the man on {sq} does not stand out ({share:.3})"
        );
        colours.insert(bg);
    }
    assert!(
        colours.len() >= 2,
        "men on both square colours: {colours:?}"
    );
    for sq in empty {
        let (share, _) = standing_out(p, square_box(b, sq));
        assert!(share < 0.01, "{sq} should be empty ({share:.3})");
    }
}

pub fn wait_board(b: &Browser) {
    b.wait(
        "the board",
        "return document.querySelectorAll('#board rect[data-sq]').length",
    );
}

/// Click squares (and picker choices) and wait for the action to be played.
/// Wait until the page shows a game of two boards of 8x8, started.
pub fn wait_two_boards(b: &Browser) {
    b.wait(
        "both boards",
        "return document.querySelectorAll('#two-board-1 rect[data-sq]').length === 64 \
         && window.varia.board().two_boards && !window.varia.starting()",
    );
}

pub fn clicks(b: &Browser, steps: &[&str]) {
    let before = moves(b).len();
    for s in steps {
        if let Some(choice) = s.strip_prefix('=') {
            b.click(&format!(
                "#picker button[data-action][data-san=\"{choice}\"]"
            ));
        } else if let Some(k) = s.strip_prefix("hand:") {
            b.click(&format!("#hands button[data-step=\"h:{k}\"]"));
        } else if s.starts_with("p:") || s.starts_with("r:") {
            // A hostage given, a man taken back (`captures to prison`).
            b.click(&format!("#hands button[data-step=\"{s}\"]"));
        } else {
            b.click(&format!("#board rect[data-sq=\"{s}\"]"));
        }
    }
    let t0 = Instant::now();
    while moves(b).len() == before {
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "{steps:?} played nothing; message: {}",
            b.js("return document.getElementById('message').textContent")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn moves(b: &Browser) -> Vec<String> {
    b.js("return [...document.querySelectorAll('#moves span')].map(s => s.textContent.trim())")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

pub fn open_file(b: &Browser, name: &str, seats: usize) {
    // The page may have opened the file already (the folder's first):
    // opening it again would start a second game.
    b.js(&format!(
        "const s = document.getElementById('file'); if (s.value !== '{name}') {{ s.value = '{name}'; s.dispatchEvent(new Event('change')); }}"
    ));
    b.wait(
        name,
        &format!(
            "return window.varia.board() && window.varia.board().seats.length === {seats} \
             && window.varia.board().variant === '{}' && window.varia.state.name === '{name}' \
             && document.getElementById('status').className === 'ok' && !window.varia.starting()",
            name.trim_end_matches(".variant")
        ),
    );
    wait_board(b);
}

/// Make every seat a person.
pub fn all_human(b: &Browser) {
    b.js(
        "for (const s of document.querySelectorAll('#seats select')) s.value = 'human';\
          document.querySelector('#seats select').dispatchEvent(new Event('change'));",
    );
    b.wait(
        "people at every seat",
        "return window.varia.board().seats.every(s => s.player === 'human') && !window.varia.starting()",
    );
}

/// The click path of the first action whose path starts with `prefix`.
pub fn path_from(b: &Browser, kind: &str, prefix: &str) -> Vec<String> {
    let v = b.js(&format!(
        "const a = window.varia.board().actions.find(a => a.kind === '{kind}' && a.paths[0][0].startsWith('{prefix}'));\
         return a ? a.paths[0] : null;"
    ));
    v.as_array()
        .unwrap_or_else(|| panic!("no {kind} from {prefix}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Click a path's steps (hand buttons and squares).
pub fn click_path(b: &Browser, path: &[String]) {
    let steps: Vec<String> = path
        .iter()
        .map(|s| match s.split_once(':') {
            Some(("h", k)) => format!("hand:{k}"),
            Some(("s", sq)) => sq.to_string(),
            _ => panic!("step {s}"),
        })
        .collect();
    let refs: Vec<&str> = steps.iter().map(String::as_str).collect();
    clicks(b, &refs);
}

/// The centres of the elements `css` selects, in screen pixels.
pub fn centres(b: &Browser, css: &str) -> Vec<(usize, usize)> {
    b.js(&format!(
        "return [...document.querySelectorAll('{css}')].map(e => {{ const r = e.getBoundingClientRect(); \
         return [r.left + r.width / 2, r.top + r.height / 2]; }})"
    ))
    .as_array()
    .unwrap()
    .iter()
    .map(|p| {
        (
            p[0].as_f64().unwrap().round() as usize,
            p[1].as_f64().unwrap().round() as usize,
        )
    })
    .collect()
}

/// How many pixels of the box (x, y, side) are near `colour`.
pub fn pixels_near(p: &Picture, (x, y, side): (usize, usize, usize), colour: [u8; 3]) -> usize {
    let mut n = 0;
    for yy in y..y + side {
        for xx in x..x + side {
            let c = p.at(xx, yy);
            if (0..3).all(|i| c[i].abs_diff(colour[i]) < 40) {
                n += 1;
            }
        }
    }
    n
}
