//! The stand-in's gateway: HELLO, IDENTIFY → READY + GUILD_CREATE,
//! heartbeats, RESUME, and the scripted dispatches. Text frames only (the
//! bot asks for no compression that needs the stand-in's help: serenity
//! reads text frames as they are).
//!
//! Each connection serves the shard its IDENTIFY names (`[id, count]`,
//! none meaning `[0, 1]`): READY lists that shard's guilds, one
//! GUILD_CREATE follows for each, and a guild's later events wait until a
//! connection of its shard takes them. The session id carries the shard,
//! so a RESUME serves the same one.

use super::{APPLICATION, BOT_USER, Dispatched, Guild, State, TOKEN, guilds, shard_of, user_json};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Short, so a dead connection shows quickly, yet far above the test's
/// pace of events.
const HEARTBEAT_MS: u64 = 5_000;

pub async fn serve(state: Arc<State>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binding the gateway");
    let address = listener.local_addr().expect("gateway address");
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let state = state.clone();
            tokio::spawn(async move {
                if let Ok(socket) = tokio_tungstenite::accept_async(stream).await {
                    connection(state, socket).await;
                }
            });
        }
    });
    address
}

async fn connection(
    state: Arc<State>,
    mut socket: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
) {
    state.lock().connections += 1;
    let mut shard: Option<(u32, u32)> = None;
    serve_connection(&state, &mut socket, &mut shard).await;
    if let Some(shard) = shard {
        let mut inner = state.lock();
        if let Some(at) = inner.connected.iter().position(|s| *s == shard) {
            inner.connected.remove(at);
        }
    }
}

/// Why a connection may be refused: Discord's close codes.
const AUTHENTICATION_FAILED: u16 = 4004;
const INVALID_SHARD: u16 = 4010;

async fn serve_connection(
    state: &Arc<State>,
    socket: &mut tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    shard: &mut Option<(u32, u32)>,
) {
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_MS } });
    if socket.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut tick = tokio::time::interval(Duration::from_millis(30));
    // GUILD_CREATEs still to send, one per turn of the loop, so heartbeats
    // are answered while thousands of guilds go out.
    let mut announcing = std::collections::VecDeque::new();
    loop {
        tokio::select! {
            biased;
            incoming = socket.next() => {
                let Some(Ok(message)) = incoming else { return };
                let Message::Text(text) = message else { continue };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    state.lock().violations.push(format!("gateway: not JSON: {text}"));
                    continue;
                };
                let replies = match payload["op"].as_u64() {
                    Some(1) => vec![json!({ "op": 11 })],
                    Some(2) => {
                        if payload["d"]["token"].as_str() != Some(&format!("Bot {TOKEN}")) && payload["d"]["token"].as_str() != Some(TOKEN) {
                            close(socket, AUTHENTICATION_FAILED, "Authentication failed.").await;
                            return;
                        }
                        let named = match identified_shard(&payload["d"]["shard"]) {
                            Ok(named) => named,
                            Err(problem) => {
                                state.lock().violations.push(format!("gateway: IDENTIFY {problem}"));
                                close(socket, INVALID_SHARD, "Invalid shard.").await;
                                return;
                            }
                        };
                        *shard = Some(named);
                        let guilds = {
                            let mut inner = state.lock();
                            inner.identifies += 1;
                            inner.identified.push(named);
                            inner.connected.push(named);
                            let guilds: Vec<Guild> = inner.guilds.iter().copied().filter(|g| g.shard(named.1) == named.0).collect();
                            let sent: Vec<Guild> = guilds.iter().copied().filter(|g| !inner.withheld.contains(&g.id)).collect();
                            inner.dispatched.extend(sent.iter().map(|g| Dispatched { shard: named, kind: "GUILD_CREATE".into(), guild: g.id }));
                            (guilds, sent)
                        };
                        let (guilds, sent) = guilds;
                        announcing.extend(sent);
                        vec![dispatch(state, "READY", ready_payload(state, named, &guilds))]
                    }
                    Some(6) => {
                        let Some(resumed) = session_shard(&payload["d"]["session_id"]) else {
                            state.lock().violations.push(format!("gateway: RESUME of an unknown session: {}", payload["d"]));
                            close(socket, INVALID_SHARD, "Unknown session.").await;
                            return;
                        };
                        *shard = Some(resumed);
                        let mut inner = state.lock();
                        inner.resumes += 1;
                        inner.connected.push(resumed);
                        drop(inner);
                        vec![dispatch(state, "RESUMED", json!({}))]
                    }
                    // Presence and other updates need no answer.
                    _ => Vec::new(),
                };
                for reply in replies {
                    if socket.send(Message::Text(reply.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            _ = tick.tick() => {
                let (drop, events) = {
                    let mut inner = state.lock();
                    let drop = std::mem::take(&mut inner.drop_gateway);
                    // A guild's events follow its GUILD_CREATE, as on Discord.
                    let events = match *shard {
                        Some(serving) if !drop && announcing.is_empty() => take_events(&mut inner, serving),
                        _ => Vec::new(),
                    };
                    (drop, events)
                };
                if drop {
                    // No close frame: as if the network went away.
                    return;
                }
                for (kind, data) in events {
                    // Discord's three seconds run from here.
                    if kind == "INTERACTION_CREATE"
                        && let Some(id) = data["id"].as_str().and_then(|id| id.parse().ok())
                    {
                        state.lock().sending(id);
                    }
                    let event = dispatch(state, &kind, data);
                    if socket.send(Message::Text(event.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            () = std::future::ready(()), if !announcing.is_empty() => {
                let guild = announcing.pop_front().expect("a guild is waiting");
                if socket.send(Message::Text(guild_create_frame(state, guild))).await.is_err() {
                    return;
                }
                state.lock().announced += 1;
            }
        }
    }
}

/// The queued events of `shard`'s guilds, recorded as sent on it.
fn take_events(inner: &mut super::Inner, shard: (u32, u32)) -> Vec<(String, Value)> {
    let mut taken = Vec::new();
    let mut kept = std::collections::VecDeque::new();
    for (kind, data, guild) in inner.events.drain(..) {
        if shard_of(guild, shard.1) == shard.0 {
            taken.push((kind, data, guild));
        } else {
            kept.push_back((kind, data, guild));
        }
    }
    inner.events = kept;
    for (kind, _, guild) in &taken {
        inner.dispatched.push(Dispatched {
            shard,
            kind: kind.clone(),
            guild: *guild,
        });
    }
    taken
        .into_iter()
        .map(|(kind, data, _)| (kind, data))
        .collect()
}

/// IDENTIFY's `shard`: absent is `[0, 1]`; else two whole numbers, the
/// id below the count, as Discord checks (close code 4010 otherwise).
fn identified_shard(shard: &Value) -> Result<(u32, u32), String> {
    if shard.is_null() {
        return Ok((0, 1));
    }
    let pair = shard
        .as_array()
        .filter(|pair| pair.len() == 2)
        .ok_or_else(|| format!("shard is not [id, count]: {shard}"))?;
    let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    match (number(&pair[0]), number(&pair[1])) {
        (Some(id), Some(count)) if id < count => Ok((id, count)),
        _ => Err(format!(
            "shard {shard} names no shard (id must be below count)"
        )),
    }
}

fn session_id(shard: (u32, u32)) -> String {
    format!("standin-session-{}-{}", shard.0, shard.1)
}

fn session_shard(session: &Value) -> Option<(u32, u32)> {
    let (id, count) = session
        .as_str()?
        .strip_prefix("standin-session-")?
        .split_once('-')?;
    Some((id.parse().ok()?, count.parse().ok()?))
}

async fn close(
    socket: &mut tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    code: u16,
    reason: &str,
) {
    let frame = tokio_tungstenite::tungstenite::protocol::CloseFrame {
        code: code.into(),
        reason: reason.to_string().into(),
    };
    let _ = socket.close(Some(frame)).await;
}

fn dispatch(state: &State, kind: &str, data: Value) -> Value {
    json!({ "op": 0, "t": kind, "s": next_seq(state), "d": data })
}

/// A guild's GUILD_CREATE event, written as text (see `guilds`).
fn guild_create_frame(state: &State, guild: Guild) -> String {
    let data = guilds::guild_create(guild, state.shape, &state.members);
    format!(
        r#"{{"op":0,"t":"GUILD_CREATE","s":{},"d":{data}}}"#,
        next_seq(state)
    )
}

fn next_seq(state: &State) -> u64 {
    let mut inner = state.lock();
    inner.seq += 1;
    inner.seq
}

fn ready_payload(state: &State, shard: (u32, u32), guilds: &[Guild]) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({ "id": g.id.to_string(), "unavailable": true }))
        .collect();
    json!({
        "v": 10,
        "user": user_json(BOT_USER, "holotable", true),
        "guilds": guilds,
        "session_id": session_id(shard),
        "resume_gateway_url": state.gateway_url.lock().unwrap().clone(),
        "shard": [shard.0, shard.1],
        "application": { "id": APPLICATION.to_string(), "flags": 0 },
    })
}
