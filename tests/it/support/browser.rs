//! Minimal Chrome DevTools Protocol client for integration tests that drive headless Chromium.
//!
//! One websocket to the *browser* endpoint carries every tab: tabs are attached with
//! `flatten: true`, so their commands and events share the socket, tagged with a `sessionId`.
//! This is test support: failures panic with a message naming the CDP method involved.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, MutexGuard};
use std::time::{Duration, Instant};

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const TIMEOUT: Duration = Duration::from_secs(20);

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

// Nothing panics while holding these locks, so poisoning cannot happen in practice.
fn lock<T>(m: &StdMutex<T>) -> MutexGuard<'_, T> {
    m.lock().expect("CDP client mutex poisoned")
}

fn str_field(v: &Value, key: &str, method: &str) -> String {
    let s = v[key].as_str();
    s.unwrap_or_else(|| panic!("CDP {method} result has no {key}: {v}"))
        .to_string()
}

struct Conn {
    // Async mutex: a send holds the lock across an await.
    sink: Mutex<SplitSink<Ws, Message>>,
    // Std mutexes: never held across an await, and the reader task needs them without awaiting.
    pending: StdMutex<HashMap<u64, oneshot::Sender<Value>>>,
    // Event subscribers by sessionId. Only `open` subscribes, and only until the load event, so
    // events of long-lived tabs are not buffered forever with nobody reading them.
    sessions: StdMutex<HashMap<String, mpsc::UnboundedSender<Value>>>,
    next_id: AtomicU64,
}

impl Conn {
    async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = s.into();
        }
        // Register before sending: the reply may be routed before `send` even returns.
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(id, tx);
        let mut sink = self.sink.lock().await;
        let sent = sink.send(Message::Text(msg.to_string())).await;
        drop(sink);
        sent.unwrap_or_else(|e| panic!("CDP {method}: websocket send failed: {e}"));
        let mut reply = match timeout(TIMEOUT, rx).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) => panic!("CDP {method}: connection to chromium closed (did it crash?)"),
            Err(_) => panic!("CDP {method}: no reply within {TIMEOUT:?}"),
        };
        if let Some(err) = reply.get("error") {
            panic!("CDP {method} failed: {err} (params: {})", msg["params"]);
        }
        reply["result"].take()
    }
}

/// Routes replies (by `id`) to waiting callers and events (by `sessionId`) to subscribers.
async fn read_loop(mut stream: SplitStream<Ws>, conn: Arc<Conn>) {
    while let Some(Ok(msg)) = stream.next().await {
        let Message::Text(text) = msg else { continue };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        // Send errors only mean the waiter already gave up (timed out, or `open` finished).
        if let Some(id) = v["id"].as_u64() {
            let waiter = lock(&conn.pending).remove(&id);
            if let Some(tx) = waiter {
                let _ = tx.send(v);
            }
        } else if let Some(session) = v["sessionId"].as_str() {
            let subscriber = lock(&conn.sessions).get(session).cloned();
            if let Some(tx) = subscriber {
                let _ = tx.send(v);
            }
        }
    }
    // Socket gone: dropping the senders wakes every waiter with a clear "connection closed" panic
    // instead of letting them sit until their timeout.
    lock(&conn.pending).clear();
    lock(&conn.sessions).clear();
}

pub struct Browser {
    conn: Arc<Conn>,
    // std (not tokio) Child so that Drop can wait for the process synchronously before the
    // profile directory is removed; otherwise chromium may still be writing into it.
    child: Child,
    profile: tempfile::TempDir,
}

pub struct Tab {
    conn: Arc<Conn>,
    session: String,
    target: String,
}

fn find_chromium() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("chromium"))
        .find(|p| p.is_file())
}

/// None when chromium is not installed and the env var CI is unset (a developer machine);
/// panics with a clear message when CI is set and chromium is missing.
pub async fn launch() -> Option<Browser> {
    let Some(exe) = find_chromium() else {
        if std::env::var_os("CI").is_some() {
            panic!("chromium not found in PATH, and CI is set: browser tests must not be skipped");
        }
        eprintln!("chromium not found in PATH; skipping browser test");
        return None;
    };
    let profile = tempfile::tempdir().expect("cannot create chromium user-data-dir");
    let mut child = Command::new(&exe)
        // --no-sandbox: the sandbox refuses to start as root (containers/CI).
        // --disable-dev-shm-usage: /dev/shm is tiny in containers and chromium crashes when it fills.
        // --remote-debugging-port=0: let chromium pick a free port; we learn it from stderr.
        .args("--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage".split(' '))
        .args("--no-first-run --no-default-browser-check --remote-debugging-port=0".split(' '))
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let stderr = child.stderr.take().expect("stderr was piped");

    // A plain thread reads stderr: it must keep draining after startup (a full pipe would block
    // chromium), and blocking reads need no runtime. Lines seen before the URL are kept so a
    // failed start can show why.
    let (url_tx, url_rx) = oneshot::channel::<Result<String, String>>();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stderr).lines();
        let mut seen = String::new();
        for line in lines.by_ref().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("DevTools listening on ") {
                let _ = url_tx.send(Ok(url.trim().to_string()));
                lines.for_each(drop);
                return;
            }
            seen.push_str(&line);
            seen.push('\n');
        }
        let _ = url_tx.send(Err(seen));
    });
    let ws_url = match timeout(TIMEOUT, url_rx).await {
        Ok(Ok(Ok(url))) => url,
        Ok(Ok(Err(log))) => panic!("chromium exited before printing its DevTools URL:\n{log}"),
        Ok(Err(_)) => panic!("chromium stderr reader died"),
        Err(_) => panic!("chromium did not print its DevTools URL within {TIMEOUT:?}"),
    };
    let (ws, _) = tokio_tungstenite::connect_async(&ws_url)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to chromium at {ws_url}: {e}"));
    let (sink, stream) = ws.split();
    let conn = Arc::new(Conn {
        sink: Mutex::new(sink),
        pending: StdMutex::default(),
        sessions: StdMutex::default(),
        next_id: AtomicU64::new(1),
    });
    tokio::spawn(read_loop(stream, conn.clone()));
    Some(Browser {
        conn,
        child,
        profile,
    })
}

impl Browser {
    /// Opens `url` in a new tab and returns once its load event fired.
    pub async fn open(&self, url: &str) -> Tab {
        let c = &self.conn;
        // Create at about:blank and navigate only after Page.enable: navigating in createTarget
        // could fire the load event before we are attached and subscribed.
        // newWindow: tabs sharing a window are hidden behind the front one, which stops
        // requestAnimationFrame there; a window each keeps every tab visible and rendering.
        let params = json!({ "url": "about:blank", "newWindow": true });
        let created = c.call(None, "Target.createTarget", params).await;
        let target = str_field(&created, "targetId", "Target.createTarget");
        let attach = json!({ "targetId": target, "flatten": true });
        let attached = c.call(None, "Target.attachToTarget", attach).await;
        let session = str_field(&attached, "sessionId", "Target.attachToTarget");
        let (tx, mut events) = mpsc::unbounded_channel();
        lock(&c.sessions).insert(session.clone(), tx);
        let tab = Tab {
            conn: c.clone(),
            session,
            target,
        };
        tab.call("Page.enable", json!({})).await;
        // Anything seen so far belongs to the initial about:blank, not to `url`.
        while events.try_recv().is_ok() {}
        let nav = tab.call("Page.navigate", json!({ "url": url })).await;
        if let Some(err) = nav.get("errorText") {
            panic!("navigating to {url} failed: {err}");
        }
        let load = async {
            while let Some(ev) = events.recv().await {
                if ev["method"] == "Page.loadEventFired" {
                    return;
                }
            }
            panic!("connection to chromium closed while loading {url}");
        };
        let loaded = timeout(TIMEOUT, load).await;
        loaded.unwrap_or_else(|_| panic!("no Page.loadEventFired for {url} in {TIMEOUT:?}"));
        lock(&c.sessions).remove(&tab.session);
        tab
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Errors are ignored: the process may already be dead, and Drop cannot report anyway.
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Chromium's helper processes (network service, GPU) outlive the browser process by a few
        // ms and keep writing into the profile, so a single remove_dir_all can race them and fail
        // with ENOTEMPTY. Retry briefly; TempDir's own drop then finds nothing left.
        for _ in 0..40 {
            let _ = std::fs::remove_dir_all(self.profile.path());
            if !self.profile.path().exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Tab {
    async fn call(&self, method: &str, params: Value) -> Value {
        self.conn.call(Some(&self.session), method, params).await
    }

    /// Evaluates `js` (awaiting a returned promise) and returns its JSON value; `undefined` and
    /// non-serialisable values come back as `Value::Null`. Panics if the script threw.
    pub async fn eval(&self, js: &str) -> Value {
        let params = json!({ "expression": js, "returnByValue": true, "awaitPromise": true });
        let mut r = self.call("Runtime.evaluate", params).await;
        if let Some(ex) = r.get("exceptionDetails") {
            let text = ex["exception"]["description"].as_str();
            let msg = text
                .or(ex["text"].as_str())
                .unwrap_or("(no exception text)");
            panic!("script threw: {msg}\nscript: {js}");
        }
        r["result"]["value"].take()
    }

    /// Polls `js_predicate` every 100 ms until it evaluates to `true` (exactly; truthy is not
    /// enough). Returns false on timeout. A predicate that throws panics, as in `eval`.
    pub async fn wait_for(&self, js_predicate: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.eval(js_predicate).await != true {
            if Instant::now() >= deadline {
                return false;
            }
            sleep(Duration::from_millis(100)).await;
        }
        true
    }

    /// `textContent` of the first element matching `selector`, None if nothing matches.
    pub async fn text(&self, selector: &str) -> Option<String> {
        // A JSON string literal is a valid JS string literal, so this quotes the selector safely.
        let sel = Value::from(selector);
        let js = format!("document.querySelector({sel})?.textContent ?? null");
        self.eval(&js).await.as_str().map(str::to_owned)
    }

    pub async fn viewport(&self, width: u32, height: u32, mobile: bool) {
        let p = json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile});
        self.call("Emulation.setDeviceMetricsOverride", p).await;
    }

    pub async fn screenshot_png(&self) -> Vec<u8> {
        let png = json!({ "format": "png" });
        let shot = self.call("Page.captureScreenshot", png).await;
        decode_base64(&str_field(&shot, "data", "Page.captureScreenshot"))
    }

    pub async fn close(self) {
        let params = json!({ "targetId": self.target });
        self.conn.call(None, "Target.closeTarget", params).await;
    }
}

/// Standard-alphabet base64 decoder; hand-written to avoid a dependency for one call site.
pub(crate) fn decode_base64(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c);
        let v = v.unwrap_or_else(|| panic!("invalid base64 byte {c:#04x}")) as u32;
        // Only the low 14 bits can still matter; masking keeps the shift from overflowing.
        acc = ((acc << 6) | v) & 0x3fff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
