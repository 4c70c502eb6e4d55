//! The stand-in's gateway: HELLO, IDENTIFY → READY + GUILD_CREATE,
//! heartbeats, RESUME, and the scripted dispatches. Text frames only (the
//! bot asks for no compression that needs the stand-in's help: serenity
//! reads text frames as they are).

use super::{APPLICATION, BOT_USER, CHANNEL, GUILD, State, TOKEN, user_json};
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
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_MS } });
    if socket.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut ready = false;
    let mut tick = tokio::time::interval(Duration::from_millis(30));
    loop {
        tokio::select! {
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
                            let _ = socket.close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: 4004.into(),
                                reason: "Authentication failed.".into(),
                            })).await;
                            return;
                        }
                        state.lock().identifies += 1;
                        ready = true;
                        vec![dispatch(&state, "READY", ready_payload(&state)), dispatch(&state, "GUILD_CREATE", guild_payload())]
                    }
                    Some(6) => {
                        state.lock().resumes += 1;
                        ready = true;
                        vec![dispatch(&state, "RESUMED", json!({}))]
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
                    let events: Vec<(String, Value)> = if ready && !drop { inner.events.drain(..).collect() } else { Vec::new() };
                    (drop, events)
                };
                if drop {
                    // No close frame: as if the network went away.
                    return;
                }
                for (kind, data) in events {
                    let event = dispatch(&state, &kind, data);
                    if socket.send(Message::Text(event.to_string())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

fn dispatch(state: &State, kind: &str, data: Value) -> Value {
    let seq = {
        let mut inner = state.lock();
        inner.seq += 1;
        inner.seq
    };
    json!({ "op": 0, "t": kind, "s": seq, "d": data })
}

fn ready_payload(state: &State) -> Value {
    json!({
        "v": 10,
        "user": user_json(BOT_USER, "holotable", true),
        "guilds": [{ "id": GUILD.to_string(), "unavailable": true }],
        "session_id": "standin-session",
        "resume_gateway_url": state.gateway_url.lock().unwrap().clone(),
        "shard": [0, 1],
        "application": { "id": APPLICATION.to_string(), "flags": 0 },
    })
}

fn guild_payload() -> Value {
    json!({
        "id": GUILD.to_string(),
        "name": "Holochess Club",
        "icon": null,
        "owner_id": "800000000000000099",
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "stickers": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "large": false,
        "unavailable": false,
        "member_count": 1,
        "members": [],
        "channels": [{ "id": CHANNEL.to_string(), "type": 0, "guild_id": GUILD.to_string(), "name": "holochess", "position": 0, "permission_overwrites": [], "nsfw": false }],
        "threads": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    })
}
