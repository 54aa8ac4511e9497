//! The page's files, embedded in the binary from `assets/`: nothing is
//! fetched at run time, and nothing needs building by the user.
//! `assets/vendor/codemirror.js` is CodeMirror 6 bundled into one ES
//! module by `scripts/vendor-codemirror.sh` (pinned npm versions; MIT,
//! licences in `assets/vendor/codemirror.LICENSE`).

/// One embedded file: its path under `/assets/`, its type, its bytes.
pub struct Asset {
    pub path: &'static str,
    pub mime: &'static str,
    pub bytes: &'static [u8],
}

/// The page itself.
pub const INDEX: &str = include_str!("../../assets/index.html");

/// Every file under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "app.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/app.js"),
    },
    Asset {
        path: "board.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/board.js"),
    },
    Asset {
        path: "boards.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/boards.js"),
    },
    Asset {
        path: "study.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/study.js"),
    },
    Asset {
        path: "style.css",
        mime: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/style.css"),
    },
    Asset {
        path: "vendor/codemirror.js",
        mime: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/vendor/codemirror.js"),
    },
    Asset {
        path: "vendor/codemirror.LICENSE",
        mime: "text/plain; charset=utf-8",
        bytes: include_bytes!("../../assets/vendor/codemirror.LICENSE"),
    },
];

/// The embedded file at `path`, if any.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

/// The page's size in bytes: with and without the vendored editor.
pub fn sizes() -> (usize, usize) {
    let own = INDEX.len()
        + ASSETS
            .iter()
            .filter(|a| !a.path.starts_with("vendor/"))
            .map(|a| a.bytes.len())
            .sum::<usize>();
    let editor = find("vendor/codemirror.js").map_or(0, |a| a.bytes.len());
    (own + editor, own)
}
