//! A TCP proxy to PostgreSQL on 127.0.0.1, for one test's view of the
//! database going away without stopping the server the others share: it
//! can close every connection ([`PgProxy::stop`], the server shut down),
//! close them and refuse new ones for a while ([`PgProxy::cut`], a
//! network that resets), or pass nothing more either way while closing
//! nothing ([`PgProxy::go_silent`], a network that drops every packet).
//!
//! It runs on a thread and runtime of its own, so a test without a
//! runtime (one that drives the binary) and an async test use it alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub struct PgProxy {
    /// The database's URL with the proxy's address in place of its host.
    pub url: String,
    silent: Arc<AtomicBool>,
    /// Each cut ends every connection open; new ones are closed at once
    /// until the instant it holds.
    cut: tokio::sync::watch::Sender<std::time::Instant>,
    /// New connections closed at once during cuts, so far.
    refused: Arc<std::sync::atomic::AtomicU64>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl PgProxy {
    /// Listens on 127.0.0.1 and forwards to the host and port of `url`.
    pub fn start(url: &str) -> PgProxy {
        use std::str::FromStr;
        let options = sqlx::postgres::PgConnectOptions::from_str(url).unwrap();
        let upstream = format!("{}:{}", options.get_host(), options.get_port());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let silent = Arc::new(AtomicBool::new(false));
        let quiet = silent.clone();
        let (cut, cuts) = tokio::sync::watch::channel(std::time::Instant::now());
        let refused = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let refusing = refused.clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                let mut links = tokio::task::JoinSet::new();
                let accepting = async {
                    while let Ok((client, _)) = listener.accept().await {
                        if std::time::Instant::now() < *cuts.borrow() {
                            drop(client);
                            refusing.fetch_add(1, Ordering::SeqCst);
                            continue;
                        }
                        let (upstream, quiet) = (upstream.clone(), quiet.clone());
                        let mut cut = cuts.clone();
                        cut.mark_unchanged();
                        links.spawn(async move {
                            tokio::select! {
                                () = link(client, upstream, quiet) => {}
                                _ = cut.changed() => {}
                            }
                        });
                    }
                };
                tokio::select! {
                    () = accepting => {}
                    _ = stopped => {}
                }
                links.abort_all();
            });
        });
        PgProxy {
            url: with_address(url, port),
            silent,
            cut,
            refused,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// From now on nothing passes, on the connections open or new ones,
    /// and none is closed.
    pub fn go_silent(&self) {
        self.silent.store(true, Ordering::SeqCst);
    }

    /// Closes every open connection now, and each new one at once until
    /// [`PgProxy::mend`].
    pub fn cut(&self) {
        let _ = self
            .cut
            .send(std::time::Instant::now() + std::time::Duration::from_secs(3600));
    }

    /// Ends a [`PgProxy::cut`]: new connections pass again.
    pub fn mend(&self) {
        let _ = self.cut.send(std::time::Instant::now());
    }

    /// New connections closed at once during cuts, so far.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::SeqCst)
    }

    /// Closes every connection and stops listening.
    pub fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap();
    }
}

/// One client's connection to the server, until either closes.
async fn link(client: tokio::net::TcpStream, upstream: String, silent: Arc<AtomicBool>) {
    if silent.load(Ordering::SeqCst) {
        return std::future::pending().await;
    }
    let server = tokio::net::TcpStream::connect(upstream).await.unwrap();
    let (from_client, to_client) = client.into_split();
    let (from_server, to_server) = server.into_split();
    tokio::join!(
        pass(from_client, to_server, silent.clone()),
        pass(from_server, to_client, silent)
    );
}

/// Copies `from` to `to` until either closes, or for ever once `silent`.
async fn pass(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    silent: Arc<AtomicBool>,
) {
    let mut buffer = vec![0; 16 * 1024];
    loop {
        let read = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(read) => read,
        };
        if silent.load(Ordering::SeqCst) {
            return std::future::pending().await;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}

/// `url` with its host and port replaced by 127.0.0.1:`port`.
fn with_address(url: &str, port: u16) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let user = authority
        .rsplit_once('@')
        .map_or(String::new(), |(user, _)| format!("{user}@"));
    format!("{scheme}://{user}127.0.0.1:{port}{tail}")
}
