//! The web pages: a page per game that updates itself as the game is
//! played, an overlay of it for streaming software, a community's page,
//! the leaderboards and the lobby. Read-only, and the service decides what
//! each page may show (`holotable_service::pages`); this adapter only lays
//! it out.
//!
//! `holotable bot` serves them beside the bot when `HOLOTABLE_WEB_ADDR` is
//! set (the binary starts both; the bot knows nothing of the pages), and
//! `holotable web --db URL` serves them alone from a database, with a role
//! that may only read. A page's address is the model's (`page_url`), since
//! the bot's posts link to it too.

mod assets;
mod game;
mod lang;
mod listings;
mod live;
mod page;
mod reviews;

use crate::service::Service;
use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;

pub use live::Watchers;

/// Where the pages listen unless told otherwise: this machine alone.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// What every handler reads.
#[derive(Clone)]
struct Site {
    service: Arc<Service>,
    /// The address links from elsewhere reach the pages by
    /// (`HOLOTABLE_PUBLIC_URL`), for a link's unfurl; unset: the host the
    /// request named.
    public_url: Option<Arc<str>>,
    watchers: Arc<Watchers>,
    boards: Arc<game::BoardCache>,
}

/// The pages' port, bound and not served yet: bound before anything else
/// starts, so a taken port stops the start with a clear error before a
/// database is opened or a gateway connected. Until [`Port::serve`],
/// connections wait in the port's queue unanswered: a TCP check sees the
/// port open while the bot is still opening, and an HTTP request waits
/// for it.
pub struct Port {
    listener: tokio::net::TcpListener,
    address: SocketAddr,
}

impl Port {
    /// Binds `address` (port 0 picks one).
    ///
    /// # Errors
    /// The address cannot be bound.
    pub async fn bind(address: SocketAddr) -> std::io::Result<Port> {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let address = listener.local_addr()?;
        Ok(Port { listener, address })
    }

    /// Serves the pages from `service` on this port, from a task of its
    /// own. Returns the bound address.
    ///
    /// # Panics
    /// Outside a tokio runtime, where no task can be spawned.
    pub fn serve(self, service: Arc<Service>, public_url: Option<&str>) -> SocketAddr {
        let bound = self.address;
        let app = router(service, public_url);
        tokio::spawn(async move {
            if let Err(error) = axum::serve(self.listener, app).await {
                tracing::error!(%error, "the web pages stopped serving");
            }
        });
        tracing::info!(address = %bound, "serving the web pages");
        bound
    }
}

/// Binds `address` now, so a taken port stops the caller with a clear
/// error, and serves the pages from a task of its own. Returns the bound
/// address (port 0 picks one).
///
/// # Errors
/// The address cannot be bound.
pub async fn serve(
    address: SocketAddr,
    service: Arc<Service>,
    public_url: Option<&str>,
) -> std::io::Result<SocketAddr> {
    Ok(Port::bind(address).await?.serve(service, public_url))
}

fn router(service: Arc<Service>, public_url: Option<&str>) -> Router {
    let site = Site {
        public_url: public_url.map(|url| url.trim_end_matches('/').into()),
        watchers: Arc::new(Watchers::new(service.clone())),
        boards: Arc::new(game::BoardCache::default()),
        service,
    };
    Router::new()
        .route("/", get(listings::home))
        .route("/g/{token}", get(game::page))
        .route("/g/{token}/overlay", get(game::overlay))
        .route("/g/{token}/events", get(live::page_events))
        .route("/g/{token}/overlay/events", get(live::overlay_events))
        .route("/g/{token}/board.png", get(game::board))
        .route("/g/{token}/replay.gif", get(game::replay))
        .route("/community/{server}", get(listings::community))
        .route("/leaderboards", get(listings::leaderboards))
        .route("/lobby", get(listings::lobby))
        .route("/static/{file}", get(assets::file))
        .fallback(page::not_found)
        .layer(axum::middleware::map_response(guard))
        .with_state(site)
}

/// Headers on every answer. The policy lets a page load only its own
/// script, style and images, so a name that slipped past escaping still
/// could not run; no referrer, so an unlisted page's address does not
/// leak to a site it links to.
async fn guard(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
             connect-src 'self'; base-uri 'none'; form-action 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    // Pages change with every move, and a page turned off must not be
    // served on by a cache: revalidated unless a route says otherwise.
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-cache"));
    response
}
