//! A `varia serve` started for a test, and a minimal HTTP/1.1 client over
//! a TCP stream (also the WebDriver client's transport): requests with a
//! body length, `Connection: close`, answers read to the end.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// An answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// One request to `addr` (`host:port`); `headers` are sent as given (a
/// `Host` among them replaces the default).
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-length"))
    {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("Connection: close\r\n\r\n");
    s.write_all(head.as_bytes())?;
    // A server may answer (and close) before reading a refused body.
    let _ = s.write_all(body);
    let mut r = BufReader::new(s);
    let mut line = String::new();
    r.read_line(&mut line)?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        r.read_line(&mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let len = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok());
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            r.read_line(&mut line)?;
            let n = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16)
                .unwrap_or(0);
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk)?;
            body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = len {
        body.resize(n, 0);
        r.read_exact(&mut body)?;
    } else {
        r.read_to_end(&mut body)?;
    }
    Ok(Answer {
        status,
        headers,
        body,
    })
}

/// A `varia serve` running for a test (stopped when dropped).
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
}

impl Server {
    /// `varia serve ARGS --port 0`, waiting for its URL line.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("varia serve starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let url = line
            .trim()
            .strip_prefix("varia serve: ")
            .unwrap_or_else(|| panic!("no URL line: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        let addr = url.trim_start_matches("http://").to_string();
        Server {
            child,
            addr,
            origin: url,
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        request(&self.addr, "GET", path, &[], b"").unwrap()
    }

    /// A POST as the page sends it (its Origin, a JSON body).
    pub fn post(&self, path: &str, body: &serde_json::Value) -> Answer {
        request(
            &self.addr,
            "POST",
            path,
            &[
                ("Origin", &self.origin),
                ("Content-Type", "application/json"),
            ],
            body.to_string().as_bytes(),
        )
        .unwrap()
    }

    /// [`Server::post`], asserting success, as JSON.
    pub fn ok(&self, path: &str, body: &serde_json::Value) -> serde_json::Value {
        let a = self.post(path, body);
        assert_eq!(a.status, 200, "{path}: {}", a.text());
        a.json()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server's event stream, read line by line.
pub struct Events {
    r: BufReader<TcpStream>,
}

impl Events {
    pub fn open(addr: &str) -> Events {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        write!(s, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
        let mut r = BufReader::new(s);
        // The headers, then the stream's opening comment.
        let t0 = std::time::Instant::now();
        let mut line = String::new();
        while t0.elapsed() < Duration::from_secs(10) {
            line.clear();
            if r.read_line(&mut line).is_ok() && line.contains(": open") {
                return Events { r };
            }
        }
        panic!("the event stream did not open");
    }

    /// The next event for which `want` holds, within `limit`.
    pub fn wait(
        &mut self,
        limit: Duration,
        want: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let t0 = std::time::Instant::now();
        let mut line = String::new();
        while t0.elapsed() < limit {
            // A read that times out keeps what it read: a line is taken
            // only whole.
            match self.r.read_line(&mut line) {
                Ok(0) => panic!("the event stream ended"),
                Ok(_) if line.ends_with('\n') => {
                    // A chunk-size line or an empty line comes between events.
                    if let Some(data) = line.trim().strip_prefix("data: ") {
                        if let Ok(v) = serde_json::from_str(data) {
                            if want(&v) {
                                return v;
                            }
                        }
                    }
                    line.clear();
                }
                _ => {}
            }
        }
        panic!("no such event within {limit:?}");
    }
}
