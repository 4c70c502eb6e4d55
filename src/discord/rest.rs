//! The bot's own REST calls for delivery (posting boards and ballots,
//! editing tallies, ending polls) and interaction replies, with retries.
//!
//! serenity runs with its rate limiter off behind `DISCORD_API_URL` (the
//! limiter would ignore the proxy), and its errors keep neither the 429
//! `retry_after` nor the headers. Delivery therefore talks HTTP itself: a
//! 429 waits `retry_after` (body or `Retry-After` header), a 5xx or a lost
//! connection backs off exponentially, any other 4xx is final; nothing
//! waits after the last attempt, since no attempt follows. Messages
//! carry a `nonce` with `enforce_nonce`, so a post whose answer was lost is
//! not posted twice when retried.

use crate::service::RetryPolicy;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::time::Duration;

/// Attempts per call before the outbox takes over (it retries later).
const ATTEMPTS: u32 = 6;
/// A 429 asking for longer than this is left to the outbox's next round.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(30);
/// A 5xx or a lost connection: a few quick tries inside one delivery.
const BACKOFF: RetryPolicy = RetryPolicy {
    first: Duration::from_millis(250),
    max: Duration::from_secs(8),
};

/// Which failures a call may be tried again after.
#[derive(Clone, Copy, Debug)]
pub enum Retries {
    /// Rate limits, server errors and lost connections, [`ATTEMPTS`] in all.
    Every,
    /// Rate limits only: Discord did not do the request. After a server
    /// error or a lost answer it may have done it, and a request that posts
    /// a message with no nonce (an interaction's follow-up) would post it
    /// twice if tried again.
    Unambiguous,
    /// Every, but none begun after this instant: an interaction's
    /// acknowledgement is worth nothing after Discord's three seconds, and
    /// a place in the queue of answers is worth more. An attempt under way
    /// is never cut off: Discord may have done it, and only its answer
    /// tells.
    Until(tokio::time::Instant),
}

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
        /// Discord's JSON error code, e.g. 40060 "already acknowledged".
        code: Option<u64>,
        message: String,
    },
    /// Rate limits, server errors or the network outlasted the retries.
    #[error("{method} {path}: gave up after {ATTEMPTS} attempts: {last}")]
    Exhausted {
        method: Method,
        path: String,
        last: String,
    },
    /// A server error or a lost answer on a call not to be tried again
    /// ([`Retries::Unambiguous`]): Discord may have done it.
    #[error("{method} {path}: not tried again, since Discord may have done it: {last}")]
    Unclear {
        method: Method,
        path: String,
        last: String,
    },
    /// A [`Retries::Until`] deadline came before an attempt: the first
    /// (nothing was sent), or a retry (Discord may have done an earlier
    /// one).
    #[error("{method} {path}: its deadline passed before it could be (re)tried")]
    Late {
        method: Method,
        path: String,
        /// An earlier attempt was made.
        attempted: bool,
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

/// Idle connections an HTTP client keeps to Discord. Without a bound, a
/// burst of interactions (a connection each, on HTTP/1.1) leaves them all
/// open for 90 s, at some 150 kB each: measured, 3,046 connections and
/// 450 MB after a command in each of 10,000 servers at once. Past this
/// many, a connection closes once its request is done.
const IDLE_CONNECTIONS: usize = 32;

/// The HTTP client settings for Discord, for the bot's own calls and for
/// serenity's.
pub fn client_builder() -> reqwest::ClientBuilder {
    reqwest::Client::builder()
        .pool_max_idle_per_host(IDLE_CONNECTIONS)
        .user_agent(concat!(
            "DiscordBot (https://github.com/holotable, ",
            env!("CARGO_PKG_VERSION"),
            ")"
        ))
}

impl Rest {
    /// `proxy`: the `DISCORD_API_URL` (scheme and host), or Discord itself.
    ///
    /// # Errors
    /// When the HTTP client cannot be built (no TLS backend).
    pub fn new(token: &str, proxy: Option<&str>) -> Result<Rest, RestError> {
        let host = proxy.unwrap_or("https://discord.com").trim_end_matches('/');
        let client = client_builder()
            .timeout(Duration::from_secs(30))
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
        self.call_with(Retries::Every, method, path, body).await
    }

    /// Like [`Rest::call`], retrying only what `retries` allows.
    ///
    /// # Errors
    /// As [`Rest::call`]; [`RestError::Late`] when a [`Retries::Until`]
    /// deadline came before an attempt.
    pub async fn call_with(
        &self,
        retries: Retries,
        method: Method,
        path: &str,
        body: &Body,
    ) -> Result<Value, RestError> {
        let method = &method;
        let deadline = match retries {
            Retries::Until(deadline) => Some(deadline),
            Retries::Every | Retries::Unambiguous => None,
        };
        let attempted = std::sync::atomic::AtomicBool::new(false);
        let pause = |wait: Duration| {
            tracing::debug!(%method, path, ?wait, "retrying a Discord call");
            // Past the deadline, the next attempt is not made: no use
            // sleeping to it.
            let wait = deadline.map_or(wait, |deadline| {
                wait.min(deadline.saturating_duration_since(tokio::time::Instant::now()))
            });
            tokio::time::sleep(wait)
        };
        let outcome = retried(ATTEMPTS, pause, || async {
            if deadline.is_some_and(|deadline| tokio::time::Instant::now() >= deadline) {
                return Attempt::Final(RestError::Late {
                    method: method.clone(),
                    path: path.to_string(),
                    attempted: attempted.load(std::sync::atomic::Ordering::Relaxed),
                });
            }
            attempted.store(true, std::sync::atomic::Ordering::Relaxed);
            let request = match self.build(method.clone(), path, body) {
                Ok(request) => request,
                Err(error) => return Attempt::Final(error),
            };
            let attempt = match request.send().await {
                Ok(response) => answer(method, path, response).await,
                // reqwest's error text has no headers, so no token.
                Err(error) => Attempt::Backoff(error.without_url().to_string()),
            };
            match (retries, attempt) {
                (Retries::Unambiguous, Attempt::Backoff(why)) => Attempt::Unclear(why),
                (_, attempt) => attempt,
            }
        })
        .await;
        outcome.map_err(|failure| match failure {
            Failure::Final(error) => error,
            Failure::Exhausted(last) => RestError::Exhausted {
                method: method.clone(),
                path: path.to_string(),
                last,
            },
            Failure::Unclear(last) => RestError::Unclear {
                method: method.clone(),
                path: path.to_string(),
                last,
            },
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

/// What one attempt came to.
enum Attempt {
    Done(Value),
    /// A final answer: retrying cannot help.
    Final(RestError),
    /// Rate limited: try again after this long.
    Wait(Duration, String),
    /// A server error or a lost connection: try again after backing off.
    Backoff(String),
    /// A server error or a lost connection where trying again could do
    /// the request twice ([`Retries::Unambiguous`]).
    Unclear(String),
}

enum Failure {
    Final(RestError),
    /// The attempts ran out; the last reason.
    Exhausted(String),
    /// Discord may or may not have done it; not tried again.
    Unclear(String),
}

/// Reads one answer: success, a 429 with its `retry_after`, a 5xx, or a
/// final 4xx.
async fn answer(method: &Method, path: &str, response: reqwest::Response) -> Attempt {
    let status = response.status();
    if status.is_success() {
        let text = response.text().await.unwrap_or_default();
        return Attempt::Done(serde_json::from_str(&text).unwrap_or(Value::Null));
    }
    if status == StatusCode::TOO_MANY_REQUESTS {
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
        return Attempt::Wait(
            Duration::from_secs_f64(seconds),
            format!("rate limited for {seconds:.2}s"),
        );
    }
    if status.is_server_error() {
        return Attempt::Backoff(format!("HTTP {status}"));
    }
    let text = response.text().await.unwrap_or_default();
    let json = serde_json::from_str::<Value>(&text).ok();
    let code = json
        .as_ref()
        .and_then(|v| v.get("code"))
        .and_then(Value::as_u64);
    let message = json
        .as_ref()
        .and_then(|v| v.get("message").and_then(Value::as_str).map(String::from))
        .unwrap_or(text);
    Attempt::Final(RestError::Rejected {
        method: method.clone(),
        path: path.to_string(),
        status,
        code,
        message: message.chars().take(300).collect(),
    })
}

/// Runs `attempt` up to `attempts` times, pausing with `sleep` between
/// two attempts (never after the last: nobody waits for nothing). A 429
/// waits its `retry_after`, unless that is longer than the outbox's own
/// retry would be; a 5xx or a lost connection backs off, doubling.
async fn retried<A, F, S, W>(attempts: u32, sleep: S, mut attempt: A) -> Result<Value, Failure>
where
    A: FnMut() -> F,
    F: Future<Output = Attempt>,
    S: Fn(Duration) -> W,
    W: Future<Output = ()>,
{
    let mut backoffs = 0;
    let mut last = String::new();
    for round in 1..=attempts {
        let wait = match attempt().await {
            Attempt::Done(value) => return Ok(value),
            Attempt::Final(error) => return Err(Failure::Final(error)),
            Attempt::Unclear(why) => return Err(Failure::Unclear(why)),
            Attempt::Wait(wait, why) => {
                last = why;
                if wait > MAX_RETRY_AFTER {
                    break;
                }
                wait
            }
            Attempt::Backoff(why) => {
                last = why;
                backoffs += 1;
                BACKOFF.wait_after(backoffs)
            }
        };
        if round == attempts {
            break;
        }
        tracing::debug!(round, %last, "a Discord call failed");
        sleep(wait).await;
    }
    Err(Failure::Exhausted(last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Runs `retried` over `answers` (one per attempt) and returns the
    /// outcome and every pause it took.
    async fn run(answers: Vec<Attempt>) -> (Result<Value, Failure>, Vec<Duration>, usize) {
        let answers = Mutex::new(answers.into_iter());
        let pauses = Mutex::new(Vec::new());
        let tries = Mutex::new(0);
        let outcome = retried(
            ATTEMPTS,
            |wait| {
                pauses.lock().unwrap().push(wait);
                std::future::ready(())
            },
            || {
                *tries.lock().unwrap() += 1;
                let next = answers.lock().unwrap().next();
                std::future::ready(next.unwrap_or(Attempt::Backoff("HTTP 502".into())))
            },
        )
        .await;
        let tries = *tries.lock().unwrap();
        (outcome, pauses.into_inner().unwrap(), tries)
    }

    #[tokio::test]
    async fn an_exhausted_call_slept_after_its_last_attempt() {
        let (outcome, pauses, tries) = run(Vec::new()).await;
        assert!(matches!(outcome, Err(Failure::Exhausted(ref last)) if last == "HTTP 502"));
        assert_eq!(tries, ATTEMPTS as usize);
        // One pause between two attempts, none after the last.
        let ms: Vec<u128> = pauses.iter().map(Duration::as_millis).collect();
        assert_eq!(ms, [250, 500, 1000, 2000, 4000]);
    }

    #[tokio::test]
    async fn a_429_waits_its_retry_after_and_a_final_answer_stops_at_once() {
        let limited = Attempt::Wait(Duration::from_millis(300), "rate limited".into());
        let (outcome, pauses, _) = run(vec![limited, Attempt::Done(Value::Bool(true))]).await;
        assert!(matches!(outcome, Ok(Value::Bool(true))));
        assert_eq!(pauses, [Duration::from_millis(300)]);
        let rejected = Attempt::Final(RestError::Local("no".into()));
        let (outcome, pauses, tries) = run(vec![rejected]).await;
        assert!(matches!(outcome, Err(Failure::Final(_))));
        assert_eq!((pauses.len(), tries), (0, 1));
    }
}
