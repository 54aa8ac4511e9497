//! A minimal WebDriver client: chromedriver started on a free port,
//! headless Chromium with a fresh profile, and the few commands the tests
//! use (navigate, find, click, type, run a script, screenshot). Written
//! over the tests' own HTTP client so that no WebDriver crate (and its
//! async stack) is compiled for CI.

#![allow(dead_code)]

use super::http::request;
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Chromium and chromedriver, if installed.
pub fn tools() -> Option<(String, String)> {
    let find = |names: &[&str]| {
        names
            .iter()
            .find(|n| std::path::Path::new(n).exists())
            .map(|n| n.to_string())
    };
    Some((
        find(&["/usr/bin/chromium", "/usr/bin/chromium-browser"])?,
        find(&["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"])?,
    ))
}

pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
    _profile: tempfile::TempDir,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Browser {
    pub fn start(chromium: &str, chromedriver: &str) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let t0 = Instant::now();
        while request(&addr, "GET", "/status", &[], b"").is_err() {
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().unwrap();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                    "--window-size=1400,1000",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            },
        }}});
        let mut b = Browser {
            driver,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let v = b.call("POST", "/session", &caps);
        b.session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = if method == "GET" {
            Vec::new()
        } else {
            body.to_string().into_bytes()
        };
        let a = request(
            &self.addr,
            method,
            path,
            &[("Content-Type", "application/json")],
            &body,
        )
        .unwrap_or_else(|e| panic!("webdriver {path}: {e}"));
        let v = a.json();
        assert_eq!(a.status, 200, "webdriver {method} {path}: {v}");
        v
    }

    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        let p = format!("/session/{}{path}", self.session);
        self.call(method, &p, &body)["value"].clone()
    }

    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Run a script in the page (its `return` value).
    pub fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": []}),
        )
    }

    /// Wait until `script` returns something truthy (its value).
    pub fn wait(&self, what: &str, script: &str) -> Value {
        self.wait_for(what, script, Duration::from_secs(20))
    }

    pub fn wait_for(&self, what: &str, script: &str, limit: Duration) -> Value {
        let t0 = Instant::now();
        loop {
            let v = self.js(script);
            let truthy =
                !matches!(&v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
            if truthy {
                return v;
            }
            if t0.elapsed() > limit {
                let msg = self.js("return document.getElementById('message') && document.getElementById('message').textContent");
                panic!("waited {limit:?} for {what}; message: {msg}");
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// The element `css` selects (waiting for it).
    pub fn find(&self, css: &str) -> String {
        let t0 = Instant::now();
        loop {
            let p = format!("/session/{}/element", self.session);
            let a = request(
                &self.addr,
                "POST",
                &p,
                &[("Content-Type", "application/json")],
                json!({"using": "css selector", "value": css})
                    .to_string()
                    .as_bytes(),
            )
            .unwrap();
            if a.status == 200 {
                let v = a.json();
                return v["value"][ELEMENT]
                    .as_str()
                    .unwrap_or_else(|| panic!("no element in {v}"))
                    .to_string();
            }
            assert!(t0.elapsed() < Duration::from_secs(20), "no element {css}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// A real click on the element `css` selects (found again if the page
    /// redrew it meanwhile).
    pub fn click(&self, css: &str) {
        for _ in 0..20 {
            let e = self.find(css);
            let p = format!("/session/{}/element/{e}/click", self.session);
            let a = request(
                &self.addr,
                "POST",
                &p,
                &[("Content-Type", "application/json")],
                b"{}",
            )
            .unwrap();
            if a.status == 200 {
                return;
            }
            assert!(
                a.text().contains("stale element"),
                "click {css}: {}",
                a.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("{css} kept being redrawn");
    }

    /// Type text into the element `css` selects.
    pub fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{e}/value"),
            json!({ "text": text }),
        );
    }

    /// The page as a PNG.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.cmd("GET", "/screenshot", json!({}));
        base64(v.as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let p = format!("/session/{}", self.session);
            let _ = request(&self.addr, "DELETE", &p, &[], b"");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 decoded.
pub fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter_map(val) {
        acc = (acc << 6) | u32::from(c);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
