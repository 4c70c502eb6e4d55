//! The operator's endpoint (`HOLOTABLE_METRICS_ADDR`): `GET /metrics` in
//! Prometheus' text format, `GET /health` for a liveness probe. Off unless
//! the setting names an address; it serves nothing a user sent, so it
//! needs no authentication, but it should listen on a private address.

use crate::service::Service;
use crate::service::metrics::metrics;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
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
    shards: u32,
) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let service = service.clone();
            tokio::spawn(async move {
                let answer = hyper::service::service_fn(move |request| {
                    answer(service.clone(), shards, request)
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
            // Counted at scrape time, so the figure is the database's (every
            // process's ballots), not a count this process could get wrong.
            match service.open_ballot_count().await {
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
        "/health" => health(shards),
        _ => plain(
            StatusCode::NOT_FOUND,
            "Nothing here: try /metrics or /health.\n".into(),
        ),
    })
}

/// Healthy when every shard of this process is connected: a process whose
/// gateway is down still closes ballots, but hears no votes.
fn health(shards: u32) -> Response<Full<Bytes>> {
    let connected = metrics().shards_connected();
    let plural = if shards == 1 { "" } else { "s" };
    if connected >= i64::from(shards) {
        plain(
            StatusCode::OK,
            format!("OK: {connected} of {shards} shard{plural} connected.\n"),
        )
    } else {
        plain(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("Waiting: {connected} of {shards} shard{plural} connected.\n"),
        )
    }
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
