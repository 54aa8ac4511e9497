//! Live updates to the page, as server-sent events: a rule file changed on
//! disk, a game changed (the AI played), an analysis line, a study's
//! progress. Each event is one JSON object with a `type`.

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::Response;
use tokio::sync::broadcast;

/// How many events a slow page may fall behind before it misses some (it
/// then reloads what it shows).
const BACKLOG: usize = 256;

/// The channel every event goes through.
pub struct Bus {
    tx: broadcast::Sender<String>,
}

impl Default for Bus {
    fn default() -> Self {
        Bus::new()
    }
}

impl Bus {
    pub fn new() -> Bus {
        Bus {
            tx: broadcast::channel(BACKLOG).0,
        }
    }

    /// Send an event to every page listening (none listening is fine).
    pub fn send(&self, event: serde_json::Value) {
        let _ = self.tx.send(event.to_string());
    }

    /// The event stream of one page.
    pub fn response(&self) -> Response {
        let rx = self.tx.subscribe();
        // A comment first, so the page knows the stream is open; then
        // every event, and a comment every 15 s to keep the line alive.
        let first = futures_util::stream::once(async {
            Ok::<_, std::convert::Infallible>(axum::body::Bytes::from_static(b": open\n\n"))
        });
        let rest = futures_util::stream::unfold(rx, |mut rx| async move {
            let next = tokio::time::timeout(std::time::Duration::from_secs(15), rx.recv()).await;
            let chunk = match next {
                Err(_) => ": keep-alive\n\n".to_string(),
                Ok(Ok(data)) => format!("data: {data}\n\n"),
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => {
                    "data: {\"type\":\"lagged\"}\n\n".to_string()
                }
                Ok(Err(broadcast::error::RecvError::Closed)) => return None,
            };
            Some((Ok(axum::body::Bytes::from(chunk)), rx))
        });
        let stream = futures_util::StreamExt::chain(first, rest);
        let mut r = Response::new(Body::from_stream(stream));
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/event-stream"),
        );
        r
    }
}
