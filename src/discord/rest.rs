//! The bot's own REST calls for delivery (posting boards and ballots,
//! editing tallies, ending polls), with retries.
//!
//! serenity runs with its rate limiter off behind `DISCORD_API_URL` (the
//! limiter would ignore the proxy), and its errors keep neither the 429
//! `retry_after` nor the headers. Delivery therefore talks HTTP itself: a
//! 429 waits `retry_after` (body or `Retry-After` header), a 5xx or a lost
//! connection backs off exponentially, any other 4xx is final. Messages
//! carry a `nonce` with `enforce_nonce`, so a post whose answer was lost is
//! not posted twice when retried.

use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::time::Duration;

/// Attempts per call before the outbox takes over (it retries later).
const ATTEMPTS: u32 = 6;
/// A 429 asking for longer than this is left to the outbox's next round.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(30);
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// Discord's REST API, or a proxy in front of it. Not `Debug`: it holds the
/// token.
pub struct Rest {
    client: reqwest::Client,
    /// e.g. `https://discord.com/api/v10`
    base: String,
    authorization: String,
}

#[derive(Debug, thiserror::Error)]
pub enum RestError {
    /// A final answer: the request itself is wrong or not allowed.
    #[error("{method} {path}: HTTP {status}: {message}")]
    Rejected {
        method: Method,
        path: String,
        status: StatusCode,
        message: String,
    },
    /// Rate limits, server errors or the network outlasted the retries.
    #[error("{method} {path}: gave up after {ATTEMPTS} attempts: {last}")]
    Exhausted {
        method: Method,
        path: String,
        last: String,
    },
    #[error("{0}")]
    Local(String),
}

impl RestError {
    /// The resource is gone or already in the wanted state (a deleted
    /// message, a poll that already ended): tidying can move on.
    pub fn is_final_client_error(&self) -> bool {
        matches!(self, RestError::Rejected { status, .. } if status.is_client_error())
    }
}

/// A request body. Files are attached as `files[n]` with the JSON as
/// `payload_json`, as Discord expects.
pub enum Body {
    Empty,
    Json(Value),
    WithFiles {
        payload: Value,
        files: Vec<(String, Vec<u8>)>,
    },
}

impl Rest {
    /// `proxy`: the `DISCORD_API_URL` (scheme and host), or Discord itself.
    ///
    /// # Errors
    /// When the HTTP client cannot be built (no TLS backend).
    pub fn new(token: &str, proxy: Option<&str>) -> Result<Rest, RestError> {
        let host = proxy.unwrap_or("https://discord.com").trim_end_matches('/');
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .user_agent(concat!(
                "DiscordBot (https://github.com/holotable, ",
                env!("CARGO_PKG_VERSION"),
                ")"
            ))
            .build()
            .map_err(|e| RestError::Local(e.to_string()))?;
        Ok(Rest {
            client,
            base: format!("{host}/api/v10"),
            authorization: format!("Bot {}", token.trim().trim_start_matches("Bot ")),
        })
    }

    /// Sends one request, retrying rate limits and server errors, and
    /// returns the JSON answer (`Null` for an empty one).
    ///
    /// # Errors
    /// [`RestError::Rejected`] for a final 4xx; [`RestError::Exhausted`]
    /// when retries ran out.
    pub async fn call(&self, method: Method, path: &str, body: &Body) -> Result<Value, RestError> {
        let mut backoff = FIRST_BACKOFF;
        let mut last = String::new();
        for attempt in 1..=ATTEMPTS {
            let request = self.build(method.clone(), path, body)?;
            let wait = match request.send().await {
                Ok(response) if response.status().is_success() => {
                    let text = response.text().await.unwrap_or_default();
                    return Ok(serde_json::from_str(&text).unwrap_or(Value::Null));
                }
                Ok(response) if response.status() == StatusCode::TOO_MANY_REQUESTS => {
                    let header = response
                        .headers()
                        .get("retry-after")
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| v.parse::<f64>().ok());
                    let text = response.text().await.unwrap_or_default();
                    let body = serde_json::from_str::<Value>(&text)
                        .ok()
                        .and_then(|v| v.get("retry_after").and_then(Value::as_f64));
                    let seconds = body.or(header).unwrap_or(1.0).max(0.0);
                    last = format!("rate limited for {seconds:.2}s");
                    let wait = Duration::from_secs_f64(seconds);
                    if wait > MAX_RETRY_AFTER {
                        break;
                    }
                    wait
                }
                Ok(response) if response.status().is_server_error() => {
                    last = format!("HTTP {}", response.status());
                    next_backoff(&mut backoff)
                }
                Ok(response) => {
                    let status = response.status();
                    let text = response.text().await.unwrap_or_default();
                    let message = serde_json::from_str::<Value>(&text)
                        .ok()
                        .and_then(|v| v.get("message").and_then(Value::as_str).map(String::from))
                        .unwrap_or(text);
                    return Err(RestError::Rejected {
                        method,
                        path: path.to_string(),
                        status,
                        message: message.chars().take(300).collect(),
                    });
                }
                Err(error) => {
                    // reqwest's error text has no headers, so no token.
                    last = error.without_url().to_string();
                    next_backoff(&mut backoff)
                }
            };
            tracing::debug!(%method, path, attempt, ?wait, %last, "retrying a Discord call");
            tokio::time::sleep(wait).await;
        }
        Err(RestError::Exhausted {
            method,
            path: path.to_string(),
            last,
        })
    }

    fn build(
        &self,
        method: Method,
        path: &str,
        body: &Body,
    ) -> Result<reqwest::RequestBuilder, RestError> {
        let request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("Authorization", &self.authorization);
        Ok(match body {
            Body::Empty => request,
            Body::Json(value) => request
                .header("Content-Type", "application/json")
                .body(value.to_string()),
            Body::WithFiles { payload, files } => {
                let mut form = reqwest::multipart::Form::new().part(
                    "payload_json",
                    reqwest::multipart::Part::text(payload.to_string())
                        .mime_str("application/json")
                        .map_err(|e| RestError::Local(e.to_string()))?,
                );
                for (index, (name, bytes)) in files.iter().enumerate() {
                    let mime = if name.ends_with(".gif") {
                        "image/gif"
                    } else {
                        "image/png"
                    };
                    let part = reqwest::multipart::Part::bytes(bytes.clone())
                        .file_name(name.clone())
                        .mime_str(mime)
                        .map_err(|e| RestError::Local(e.to_string()))?;
                    form = form.part(format!("files[{index}]"), part);
                }
                request.multipart(form)
            }
        })
    }
}

fn next_backoff(backoff: &mut Duration) -> Duration {
    let wait = *backoff;
    *backoff = (*backoff * 2).min(MAX_BACKOFF);
    wait
}
