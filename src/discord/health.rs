//! The operator's endpoint (`HOLOTABLE_METRICS_ADDR`): `GET /metrics` in
//! Prometheus' text format, `GET /health` for a health probe. Off unless
//! the setting names an address; it serves nothing a user sent, so it
//! needs no authentication, but it should listen on a private address.

use crate::service::Service;
use crate::service::metrics::metrics;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use poise::serenity_prelude as serenity;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

/// Binds `address` now (so a taken port stops the bot with a clear error)
/// and serves from a task of its own.
///
/// # Errors
/// The address cannot be bound.
pub async fn serve(
    address: SocketAddr,
    service: Arc<Service>,
    manager: Arc<serenity::ShardManager>,
    shards: u32,
) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let (service, manager) = (service.clone(), manager.clone());
            tokio::spawn(async move {
                let answer = hyper::service::service_fn(move |request| {
                    answer(service.clone(), manager.clone(), shards, request)
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), answer)
                    .await;
            });
        }
    });
    Ok(bound)
}

async fn answer(
    service: Arc<Service>,
    manager: Arc<serenity::ShardManager>,
    shards: u32,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if request.method() != Method::GET {
        return Ok(plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "Only GET is served here.\n".into(),
        ));
    }
    Ok(match request.uri().path() {
        "/metrics" => {
            metrics().set_shards_connected(connected_shards(&manager).await);
            // Counted at scrape time, so the figure is the database's (every
            // process's ballots), not a count this process could get wrong.
            match service.games().open_ballot_count().await {
                Ok(open) => metrics().set_open_ballots(open),
                Err(error) => tracing::warn!(%error, "counting open ballots for metrics failed"),
            }
            let mut response = plain(StatusCode::OK, metrics().text());
            response.headers_mut().insert(
                hyper::header::CONTENT_TYPE,
                hyper::header::HeaderValue::from_static(
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
            );
            response
        }
        "/health" => {
            // The same count /metrics makes: a statement like any other,
            // bounded by the store's timeout, so a database that stopped
            // answering shows here within that time.
            let database = service.games().open_ballot_count().await.map(drop);
            if let Err(error) = &database {
                tracing::warn!(%error, "the health check found the database not answering");
            }
            health(connected_shards(&manager).await, shards, database.is_ok())
        }
        _ => plain(
            StatusCode::NOT_FOUND,
            "Nothing here: try /metrics or /health.\n".into(),
        ),
    })
}

/// This process's shards connected now, as serenity's shard manager knows
/// them: serenity tells of a shard's connection only to an event handler,
/// which the bot does not have (`bot.rs`).
async fn connected_shards(manager: &serenity::ShardManager) -> i64 {
    let connected = manager
        .runners
        .lock()
        .await
        .values()
        .filter(|runner| runner.stage == serenity::ConnectionStage::Connected)
        .count();
    i64::try_from(connected).unwrap_or(i64::MAX)
}

/// Healthy when every shard of this process is connected and the
/// database answers: a process whose gateway is down still closes
/// ballots, but hears no votes; one whose database is silent does
/// nothing but retry.
fn health(connected: i64, shards: u32, database_answers: bool) -> Response<Full<Bytes>> {
    let plural = if shards == 1 { "" } else { "s" };
    let gateway = format!("{connected} of {shards} shard{plural} connected");
    let healthy = connected >= i64::from(shards) && database_answers;
    let (status, word) = if healthy {
        (StatusCode::OK, "OK")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "Waiting")
    };
    let database = if database_answers {
        "the database answers"
    } else {
        "the database does not answer"
    };
    plain(status, format!("{word}: {gateway}, and {database}.\n"))
}

fn plain(status: StatusCode, text: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(text)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    async fn said(response: Response<Full<Bytes>>) -> (u16, String) {
        let status = response.status().as_u16();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn healthy_only_with_every_shard_and_the_database() {
        for (connected, shards, database, expected) in [
            (
                2,
                2,
                true,
                (
                    200,
                    "OK: 2 of 2 shards connected, and the database answers.\n",
                ),
            ),
            (
                1,
                1,
                true,
                (
                    200,
                    "OK: 1 of 1 shard connected, and the database answers.\n",
                ),
            ),
            (
                1,
                2,
                true,
                (
                    503,
                    "Waiting: 1 of 2 shards connected, and the database answers.\n",
                ),
            ),
            (
                2,
                2,
                false,
                (
                    503,
                    "Waiting: 2 of 2 shards connected, and the database does not answer.\n",
                ),
            ),
        ] {
            let (status, text) = said(health(connected, shards, database)).await;
            assert_eq!((status, text.as_str()), expected);
        }
    }
}
