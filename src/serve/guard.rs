//! The checks every request passes before a handler sees it.
//!
//! - **Host.** The `Host` header must name the address the server is bound
//!   to (`127.0.0.1:PORT`, or `localhost:PORT` on a loopback address): a
//!   page of another site whose name was made to resolve to this machine
//!   (DNS rebinding) sends its own name and is refused.
//! - **Origin.** A request that changes anything (every method but `GET`
//!   and `HEAD`) must come from the page itself: an `Origin` header equal
//!   to the server's own origin, and a JSON body. Forms and scripts of other
//!   sites are refused; so are requests without an `Origin`.
//! - **Size.** A request body larger than [`MAX_BODY`] is refused before
//!   it is read.
//! - Every answer carries a Content-Security-Policy that lets the page run
//!   scripts only from its own origin (no inline script, no `eval`), and
//!   headers that keep it out of other sites' frames and stop content
//!   sniffing.

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};

/// The largest request body (a rule file of 4 MiB, as JSON, with room).
pub const MAX_BODY: usize = 9 << 20;

/// The page's policy: scripts, styles, pictures and connections from its
/// own origin only (styles may be inline: the editor sets them).
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'self'";

/// A study report shown in the page's frame: no script at all.
pub const REPORT_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/// Who may talk to the server.
#[derive(Debug, Clone)]
pub struct Guard {
    /// The accepted `Host` values (`127.0.0.1:8080`, `localhost:8080`).
    hosts: Vec<String>,
    /// The accepted `Origin` values (`http://` and a host).
    origins: Vec<String>,
}

impl Guard {
    /// For a server bound to `host:port`.
    pub fn new(host: &str, port: u16) -> Guard {
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let shown = if bare.contains(':') {
            format!("[{bare}]")
        } else {
            bare.to_string()
        };
        let mut hosts = vec![format!("{shown}:{port}")];
        let loopback = bare
            .parse::<std::net::IpAddr>()
            .is_ok_and(|a| a.is_loopback());
        if loopback {
            hosts.push(format!("localhost:{port}"));
        }
        let origins = hosts.iter().map(|h| format!("http://{h}")).collect();
        Guard { hosts, origins }
    }

    /// The URL of the page.
    pub fn url(&self) -> String {
        format!("{}/", self.origins[0])
    }

    /// Check a request's method and headers: `Err` with the status and the
    /// reason to refuse it.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), (StatusCode, String)> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !self.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return Err((
                StatusCode::FORBIDDEN,
                format!(
                    "the Host header must name this server ({}); varia serve answers no other name",
                    self.hosts.join(" or ")
                ),
            ));
        }
        if let Some(len) = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
        {
            if len > MAX_BODY as u64 {
                return Err((
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("a request body is limited to {MAX_BODY} bytes"),
                ));
            }
        }
        if method == Method::GET || method == Method::HEAD {
            return Ok(());
        }
        let origin = headers
            .get(header::ORIGIN)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !self.origins.iter().any(|o| o.eq_ignore_ascii_case(origin)) {
            return Err((
                StatusCode::FORBIDDEN,
                "a request that changes something must come from varia's own page (its \
                 Origin header)"
                    .into(),
            ));
        }
        if headers
            .get("sec-fetch-site")
            .and_then(|h| h.to_str().ok())
            .is_some_and(|s| s != "same-origin" && s != "none")
        {
            return Err((
                StatusCode::FORBIDDEN,
                "cross-site requests are refused".into(),
            ));
        }
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|t| {
                t.trim()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            });
        if !json {
            return Err((
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON (Content-Type: application/json)".into(),
            ));
        }
        Ok(())
    }
}

/// The headers every answer carries.
pub fn secure(headers: &mut HeaderMap, csp: &'static str) {
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(csp));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn host_and_origin() {
        let g = Guard::new("127.0.0.1", 8080);
        assert_eq!(g.url(), "http://127.0.0.1:8080/");
        let ok = headers(&[("host", "127.0.0.1:8080")]);
        assert!(g.check(&Method::GET, &ok).is_ok());
        assert!(g
            .check(&Method::GET, &headers(&[("host", "localhost:8080")]))
            .is_ok());
        for bad in ["evil.example:8080", "127.0.0.1:8081", "127.0.0.1", ""] {
            let e = g
                .check(&Method::GET, &headers(&[("host", bad)]))
                .unwrap_err();
            assert_eq!(e.0, StatusCode::FORBIDDEN, "{bad}");
        }
        let post = |origin: &str, ctype: &str| {
            g.check(
                &Method::POST,
                &headers(&[
                    ("host", "127.0.0.1:8080"),
                    ("origin", origin),
                    ("content-type", ctype),
                ]),
            )
        };
        assert!(post("http://127.0.0.1:8080", "application/json").is_ok());
        assert!(post("http://localhost:8080", "application/json; charset=utf-8").is_ok());
        assert_eq!(
            post("http://evil.example", "application/json")
                .unwrap_err()
                .0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            post("null", "application/json").unwrap_err().0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            post("http://127.0.0.1:8080", "text/plain").unwrap_err().0,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        let no_origin = headers(&[
            ("host", "127.0.0.1:8080"),
            ("content-type", "application/json"),
        ]);
        assert!(g.check(&Method::POST, &no_origin).is_err());
        let big = headers(&[("host", "127.0.0.1:8080"), ("content-length", "999999999")]);
        assert_eq!(
            g.check(&Method::GET, &big).unwrap_err().0,
            StatusCode::PAYLOAD_TOO_LARGE
        );
        // Another address is named as given, without `localhost`.
        let g = Guard::new("0.0.0.0", 9);
        assert!(g
            .check(&Method::GET, &headers(&[("host", "localhost:9")]))
            .is_err());
        assert_eq!(Guard::new("::1", 9).url(), "http://[::1]:9/");
    }
}
