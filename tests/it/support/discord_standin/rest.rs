//! The stand-in's REST API: the routes the bot uses, each request body
//! checked against the spec and the house rules, faults on demand.

use super::{
    APPLICATION, BOT_USER, Image, Inner, Posted, Request, State, TOKEN, Thread, message_json,
    user_json,
};
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Response, StatusCode};
use serde_json::{Value, json};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// What a 429 asks the client to wait, in seconds.
pub const RETRY_AFTER: f64 = 0.3;

pub async fn serve(state: Arc<State>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binding REST");
    let address = listener.local_addr().expect("REST address");
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let state = state.clone();
            tokio::spawn(async move {
                let service =
                    hyper::service::service_fn(move |request| handle(state.clone(), request));
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    address
}

type Reply = Response<Full<Bytes>>;

fn reply(status: u16, body: Value) -> Reply {
    let status = StatusCode::from_u16(status).expect("a valid status");
    let mut response = Response::builder()
        .status(status)
        .header("content-type", "application/json");
    if status == StatusCode::TOO_MANY_REQUESTS {
        response = response
            .header("retry-after", "1")
            .header("x-ratelimit-scope", "user");
    }
    let text = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    response
        .body(Full::new(Bytes::from(text)))
        .expect("a response")
}

/// A request's body: JSON, or multipart's `payload_json` and files.
struct Parsed {
    json: Value,
    files: Vec<(String, Vec<u8>)>,
}

async fn handle(state: Arc<State>, request: hyper::Request<Incoming>) -> Result<Reply, Infallible> {
    let latency = state.lock().latency;
    if !latency.is_zero() {
        tokio::time::sleep(latency).await;
    }
    let method = request.method().clone();
    let uri = request.uri().clone();
    let path = uri.path().to_string();
    let authorised = request
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        == Some(&format!("Bot {TOKEN}"));
    let content_type = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let bytes = request
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let Some(route) = path.strip_prefix("/api/v10") else {
        return Ok(reply(
            404,
            json!({ "message": "404: Not Found", "code": 0 }),
        ));
    };
    let route = route.to_string();
    let delay = {
        let text = String::from_utf8_lossy(&bytes);
        let mut inner = state.lock();
        let delay = inner
            .delays
            .iter_mut()
            .find(|d| d.count > 0 && route.contains(&d.path) && text.contains(&d.body))
            .map(|d| {
                d.count -= 1;
                d.until.clone()
            });
        if delay.is_some() {
            inner.held.push(Request {
                at: Instant::now(),
                method: method.to_string(),
                path: route.clone(),
                status: 0,
            });
        }
        delay
    };
    if let Some(delay) = delay {
        delay.wait().await;
    }
    let parsed = parse_body(&content_type, &bytes);
    let mut inner = state.lock();
    let record = |inner: &mut Inner, status: u16| {
        inner.requests.push(Request {
            at: Instant::now(),
            method: method.to_string(),
            path: route.clone(),
            status,
        })
    };
    if !authorised {
        record(&mut inner, 401);
        return Ok(reply(
            401,
            json!({ "message": "401: Unauthorized", "code": 0 }),
        ));
    }
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            inner.violations.push(format!("{method} {route}: {error}"));
            record(&mut inner, 400);
            return Ok(reply(400, json!({ "message": error, "code": 50109 })));
        }
    };
    // Every request, bodiless GETs too: a route the spec lacks is a
    // violation, so a route added here is one Discord serves.
    {
        let mut found = match &state.spec {
            Some(spec) => spec.check(method.as_str(), &route, &parsed.json),
            None => Vec::new(),
        };
        found.extend(house_rules(method.as_str(), &route, &parsed.json));
        found.extend(alt_text_rules(method.as_str(), &route, &parsed));
        inner.violations.extend(found);
    }
    // Scripted faults.
    let fault = inner
        .faults
        .iter_mut()
        .find(|f| f.count > 0 && route.contains(&f.path))
        .map(|f| {
            f.count -= 1;
            (f.status, f.after)
        });
    if let Some((status, false)) = fault {
        record(&mut inner, status);
        return Ok(fault_reply(status));
    }
    let (status, body) = route_request(
        &state,
        &mut inner,
        &method,
        &route,
        uri.query().unwrap_or(""),
        parsed,
    );
    if let Some((status, true)) = fault {
        inner.answers_lost.insert(route.clone());
        record(&mut inner, status);
        return Ok(fault_reply(status));
    }
    record(&mut inner, status);
    Ok(reply(status, body))
}

fn fault_reply(status: u16) -> Reply {
    if status == 429 {
        reply(
            429,
            json!({ "message": "You are being rate limited.", "retry_after": RETRY_AFTER, "global": false }),
        )
    } else {
        reply(
            status,
            json!({ "message": "Internal Server Error", "code": 0 }),
        )
    }
}

fn route_request(
    state: &State,
    inner: &mut Inner,
    method: &Method,
    route: &str,
    query: &str,
    body: Parsed,
) -> (u16, Value) {
    let parts: Vec<&str> = route.trim_matches('/').split('/').collect();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => (
            200,
            json!({ "url": state.gateway_url.lock().unwrap().clone() }),
        ),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({
                "url": state.gateway_url.lock().unwrap().clone(),
                "shards": inner.shards.max(1),
                "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 },
            }),
        ),
        ("GET", ["users", "@me"]) => (200, user_json(BOT_USER, "holotable", true)),
        ("PUT", ["applications", _, "guilds", _, "commands"])
        | ("PUT", ["applications", _, "commands"]) => {
            let guild = (parts.len() == 5).then(|| parts[3].to_string());
            let commands: Vec<Value> = body
                .json
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut command| {
                    let id = State::next_id(inner);
                    command["id"] = json!(id.to_string());
                    command["application_id"] = json!(APPLICATION.to_string());
                    command["version"] = json!("1");
                    command["guild_id"] = json!(guild);
                    if command.get("type").is_none() {
                        command["type"] = json!(1);
                    }
                    command
                })
                .collect();
            inner.commands = Value::Array(commands.clone());
            (200, Value::Array(commands))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            let Some(answer) = inner.answer_by_token(token) else {
                return (
                    404,
                    json!({ "message": "Unknown interaction", "code": 10062 }),
                );
            };
            if answer.id.to_string() != *id {
                return (
                    400,
                    json!({ "message": "interaction id and token disagree", "code": 0 }),
                );
            }
            if answer.answered() {
                // Discord refuses it; the bot takes the refusal as done, so
                // only this record shows that it answered twice (unless it
                // retried a callback whose answer was lost).
                if !inner.answers_lost.contains(route) {
                    inner
                        .violations
                        .push(format!("interaction {id} was answered a second time"));
                }
                return (
                    400,
                    json!({ "message": "Interaction has already been acknowledged.", "code": 40060 }),
                );
            }
            answer.answered_in = answer.sent.map(|sent| sent.elapsed());
            answer.last_at = Some(std::time::SystemTime::now());
            let mut violations = Vec::new();
            let images = decode_images(&body, &mut violations);
            answer.callbacks.push(body.json);
            inner.violations.extend(violations);
            let answer = inner.answer_by_token(token).expect("found above");
            answer.images.extend(images);
            (204, Value::Null)
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"])
        | ("POST", ["webhooks", _, token]) => {
            let content = body.json["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let images = decode_images(&body, &mut inner.violations);
            let unknown = json!({ "message": "Unknown Webhook", "code": 10015 });
            match inner.answer_by_token(token).map(|a| a.answered()) {
                None => return (404, unknown),
                // Discord has no response to edit, nor a webhook to follow
                // up on, before the interaction is acknowledged.
                Some(false) => {
                    let early =
                        format!("{method} {route}: before the interaction was acknowledged");
                    inner.violations.push(early);
                    return (404, unknown);
                }
                Some(true) => {}
            }
            let answer = inner.answer_by_token(token).expect("found above");
            if *method == Method::POST {
                answer.followups.push(body.json.clone());
            }
            answer.later.push(body.json);
            answer.last_at = Some(std::time::SystemTime::now());
            answer.images.extend(images);
            let id = State::next_id(inner);
            (200, message_json(id, super::CHANNEL, &content, json!([])))
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            let Some(answer) = inner.answer_by_token(token) else {
                return (404, json!({ "message": "Unknown Webhook", "code": 10015 }));
            };
            answer.original_deleted = true;
            (204, Value::Null)
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let nonce = body.json["nonce"]
                .as_str()
                .map(|n| format!("{channel}/{n}"));
            if body.json["enforce_nonce"] == true
                && let Some(existing) = nonce.as_ref().and_then(|n| inner.nonces.get(n))
            {
                let existing = *existing;
                inner.nonce_reuses += 1;
                let message = inner
                    .messages
                    .iter()
                    .find(|m| m.id == existing)
                    .expect("nonce of a message");
                return (
                    200,
                    message_json(message.id, channel, &message.content, json!([])),
                );
            }
            let id = State::next_id(inner);
            let poll = body.json.get("poll").filter(|p| !p.is_null()).cloned();
            if let Some(poll) = &poll {
                let answers = poll["answers"].as_array().map_or(0, Vec::len);
                inner.polls.entry(id).or_default().answers = answers;
            }
            let posted = Posted {
                id,
                channel,
                content: body.json["content"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                components: body.json.get("components").cloned().unwrap_or(json!([])),
                poll,
                poll_expired: false,
                images: decode_images(&body, &mut inner.violations),
                edits: 0,
                mentions: body.json["allowed_mentions"].clone(),
            };
            let content = posted.content.clone();
            inner.messages.push(posted);
            if let Some(nonce) = nonce {
                inner.nonces.insert(nonce, id);
            }
            (200, message_json(id, channel, &content, json!([])))
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let id: u64 = message.parse().unwrap_or(0);
            let Some(posted) = inner.messages.iter_mut().find(|m| m.id == id) else {
                return (404, json!({ "message": "Unknown Message", "code": 10008 }));
            };
            if let Some(content) = body.json["content"].as_str() {
                posted.content = content.to_string();
            }
            if let Some(components) = body.json.get("components") {
                posted.components = components.clone();
            }
            posted.edits += 1;
            (200, message_json(id, channel, &posted.content, json!([])))
        }
        // A message as Discord reads it back, with the thread opened on
        // it, if any (the spec's `MessageResponse.thread`).
        ("GET", ["channels", channel, "messages", message]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let id: u64 = message.parse().unwrap_or(0);
            let Some(posted) = inner
                .messages
                .iter()
                .find(|m| m.id == id && m.channel == channel)
            else {
                return (404, json!({ "message": "Unknown Message", "code": 10008 }));
            };
            let mut message = message_json(id, channel, &posted.content, posted.components.clone());
            if let Some(thread) = inner.threads.iter().find(|t| t.message == Some(id)) {
                message["thread"] = json!({
                    "id": thread.id.to_string(), "type": 11,
                    "guild_id": inner.guild_of(thread.parent).to_string(),
                    "parent_id": thread.parent.to_string(), "name": thread.name,
                });
            }
            (200, message)
        }
        ("POST", ["channels", channel, "messages", _, "threads"])
        | ("POST", ["channels", channel, "threads"]) => {
            let parent: u64 = channel.parse().unwrap_or(0);
            let message: Option<u64> = (parts.len() == 5).then(|| parts[3].parse().unwrap_or(0));
            if message.is_some_and(|m| inner.threads.iter().any(|t| t.message == Some(m))) {
                return (
                    400,
                    json!({ "message": "A thread has already been created for this message", "code": 160004 }),
                );
            }
            let id = State::next_id(inner);
            let name = body.json["name"].as_str().unwrap_or_default().to_string();
            inner.threads.push(Thread {
                id,
                parent,
                name: name.clone(),
                message,
            });
            let guild = inner.guild_of(parent);
            (
                201,
                json!({
                    "id": id.to_string(), "type": 11, "guild_id": guild.to_string(),
                    "parent_id": parent.to_string(), "name": name, "owner_id": BOT_USER.to_string(),
                    "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
                    "thread_metadata": {
                        "archived": false, "auto_archive_duration": body.json["auto_archive_duration"],
                        "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": false,
                    },
                }),
            )
        }
        ("DELETE", ["channels", channel]) => {
            let id: u64 = channel.parse().unwrap_or(0);
            let Some(at) = inner.threads.iter().position(|t| t.id == id) else {
                return (404, json!({ "message": "Unknown Channel", "code": 10003 }));
            };
            let thread = inner.threads.remove(at);
            (
                200,
                json!({ "id": id.to_string(), "type": 11, "parent_id": thread.parent.to_string(), "name": thread.name }),
            )
        }
        ("GET", ["channels", channel]) => {
            let id: u64 = channel.parse().unwrap_or(0);
            let guild = inner.guild_of(id);
            if let Some(thread) = inner.threads.iter().find(|t| t.id == id) {
                return (
                    200,
                    json!({
                        "id": id.to_string(), "type": 11, "guild_id": guild.to_string(),
                        "parent_id": thread.parent.to_string(), "name": thread.name,
                    }),
                );
            }
            if !inner.guilds.iter().any(|g| g.channels().contains(&id)) {
                return (404, json!({ "message": "Unknown Channel", "code": 10003 }));
            }
            (
                200,
                json!({ "id": id.to_string(), "type": 0, "guild_id": guild.to_string(), "name": "holochess" }),
            )
        }
        ("GET", ["guilds", guild]) => {
            let id: u64 = guild.parse().unwrap_or(0);
            let Some(guild) = inner.guilds.iter().find(|g| g.id == id) else {
                return (404, json!({ "message": "Unknown Guild", "code": 10004 }));
            };
            inner.guild_reads += 1;
            (200, super::guilds::guild_object(*guild))
        }
        ("POST", ["channels", channel, "polls", message, "expire"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let id: u64 = message.parse().unwrap_or(0);
            let Some(posted) = inner
                .messages
                .iter_mut()
                .find(|m| m.id == id && m.poll.is_some())
            else {
                return (404, json!({ "message": "Unknown Message", "code": 10008 }));
            };
            if posted.poll_expired {
                return (400, json!({ "message": "Poll expired", "code": 520001 }));
            }
            posted.poll_expired = true;
            (
                200,
                message_json(id, channel, &posted.content.clone(), json!([])),
            )
        }
        ("GET", ["channels", _, "polls", message, "answers", answer]) => {
            let id: u64 = message.parse().unwrap_or(0);
            let answer: u64 = answer.parse().unwrap_or(0);
            let Some(poll) = inner.polls.get(&id) else {
                return (404, json!({ "message": "Unknown Message", "code": 10008 }));
            };
            let mut limit = 25;
            let mut after = 0u64;
            for pair in query.split('&') {
                match pair.split_once('=') {
                    Some(("limit", v)) => limit = v.parse().unwrap_or(25),
                    Some(("after", v)) => after = v.parse().unwrap_or(0),
                    _ => {}
                }
            }
            let mut voters: Vec<u64> = poll
                .votes
                .iter()
                .filter(|(user, a)| **a == answer && **user > after)
                .map(|(user, _)| *user)
                .collect();
            voters.sort_unstable();
            voters.truncate(limit);
            let users: Vec<Value> = voters
                .iter()
                .map(|u| user_json(*u, "voter", false))
                .collect();
            (200, json!({ "users": users }))
        }
        _ if let Some(answer) = super::roles::route(inner, method.as_str(), &parts) => answer,
        _ => {
            inner.violations.push(format!(
                "{method} {route}: a route the stand-in does not serve"
            ));
            (404, json!({ "message": "404: Not Found", "code": 0 }))
        }
    }
}

/// Rules the spec does not say but Discord enforces, or holotable
/// promises: content of at most 2000 characters, poll answers of at most
/// 55, select menus of at most 25 options, no pings but of the users the
/// message mentions, and command registration as `commands.rs` checks.
fn house_rules(method: &str, route: &str, body: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let mut check_message = |message: &Value, creates: bool| {
        if let Some(content) = message["content"].as_str()
            && content.chars().count() > 2000
        {
            found.push(format!(
                "{method} {route}: content of {} characters",
                content.chars().count()
            ));
        }
        for answer in message["poll"]["answers"].as_array().into_iter().flatten() {
            let text = answer["poll_media"]["text"].as_str().unwrap_or_default();
            if text.chars().count() > 55 {
                found.push(format!(
                    "{method} {route}: poll answer {text:?} over 55 characters"
                ));
            }
        }
        for row in message["components"].as_array().into_iter().flatten() {
            for menu in row["components"].as_array().into_iter().flatten() {
                if menu["options"].as_array().is_some_and(|o| o.len() > 25) {
                    found.push(format!("{method} {route}: a select menu over 25 options"));
                }
            }
        }
        // A targeted ping is allowed: users and roles named in
        // allowed_mentions must be mentioned in the content (a player whose
        // turn it is, the role a ballot calls).
        let content = message["content"].as_str().unwrap_or_default();
        let silent = message["allowed_mentions"]["parse"]
            .as_array()
            .is_some_and(Vec::is_empty)
            && message["allowed_mentions"]["users"]
                .as_array()
                .is_none_or(|users| {
                    users.iter().all(|u| {
                        u.as_str()
                            .is_some_and(|id| content.contains(&format!("<@{id}>")))
                    })
                })
            && message["allowed_mentions"]["roles"]
                .as_array()
                .is_none_or(|roles| {
                    roles.iter().all(|r| {
                        r.as_str()
                            .is_some_and(|id| content.contains(&format!("<@&{id}>")))
                    })
                });
        if creates && !silent {
            found.push(format!(
                "{method} {route}: a message without empty allowed_mentions"
            ));
        }
    };
    let parts: Vec<&str> = route.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("POST", ["channels", _, "messages"]) | ("POST", ["webhooks", _, _]) => {
            check_message(body, true)
        }
        ("PATCH", _) => check_message(body, false),
        ("POST", ["interactions", _, _, "callback"]) if body["type"] == 4 => {
            check_message(&body["data"], true)
        }
        ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]) => {
            found.extend(super::commands::registration_rules(route, body))
        }
        _ => {}
    }
    found
}

/// Every uploaded file is an attachment with alt text (Discord's
/// `description`, at most 1,024 characters), so a screen reader can speak
/// every board and replay the bot posts.
fn alt_text_rules(method: &str, route: &str, parsed: &Parsed) -> Vec<String> {
    const MAX_DESCRIPTION: usize = 1024;
    let mut found = Vec::new();
    for index in 0..parsed.files.len() {
        let description = attachment_of(parsed, index).and_then(|a| a["description"].as_str());
        match description {
            None => found.push(format!(
                "{method} {route}: file {index} has no attachment description (alt text)"
            )),
            Some(text) if text.trim().is_empty() => found.push(format!(
                "{method} {route}: file {index} has an empty attachment description"
            )),
            Some(text) if text.chars().count() > MAX_DESCRIPTION => found.push(format!(
                "{method} {route}: file {index} has a description of {} characters",
                text.chars().count()
            )),
            Some(_) => {}
        }
    }
    found
}

/// The `attachments` entry of file `index` (`files[index]`), in a message
/// body or an interaction callback's `data`.
fn attachment_of(parsed: &Parsed, index: usize) -> Option<&Value> {
    let message = match parsed.json.get("data") {
        Some(data) if data.is_object() => data,
        _ => &parsed.json,
    };
    message["attachments"]
        .as_array()?
        .iter()
        .find(|a| a["id"].as_str() == Some(&index.to_string()) || a["id"] == index)
}

fn parse_body(content_type: &str, bytes: &Bytes) -> Result<Parsed, String> {
    if bytes.is_empty() {
        return Ok(Parsed {
            json: Value::Null,
            files: Vec::new(),
        });
    }
    if let Some(boundary) = content_type.split("boundary=").nth(1) {
        let boundary = boundary.trim_matches('"');
        let mut json = Value::Null;
        let mut files = Vec::new();
        for (name, filename, data) in multipart(bytes, boundary) {
            if name == "payload_json" {
                json = serde_json::from_slice(&data)
                    .map_err(|e| format!("payload_json is not JSON: {e}"))?;
            } else if name.starts_with("files[") {
                files.push((filename.unwrap_or_default(), data));
            } else {
                return Err(format!("unexpected multipart field {name:?}"));
            }
        }
        return Ok(Parsed { json, files });
    }
    let json = serde_json::from_slice(bytes).map_err(|e| format!("body is not JSON: {e}"))?;
    Ok(Parsed {
        json,
        files: Vec::new(),
    })
}

/// The parts of a multipart body: (name, filename, data).
fn multipart(bytes: &[u8], boundary: &str) -> Vec<(String, Option<String>, Vec<u8>)> {
    let delimiter = format!("--{boundary}");
    let mut parts = Vec::new();
    let mut rest = bytes;
    while let Some(start) = find(rest, delimiter.as_bytes()) {
        rest = &rest[start + delimiter.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(end) = find(rest, delimiter.as_bytes()) else {
            break;
        };
        let part = &rest[..end];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        if let Some(split) = find(part, b"\r\n\r\n") {
            let headers = String::from_utf8_lossy(&part[..split]).to_string();
            let data = part[split + 4..].to_vec();
            let field = |key: &str| {
                headers
                    .split(';')
                    .map(str::trim)
                    .find_map(|h| h.strip_prefix(&format!("{key}=\"")))
                    .map(|v| v.split('"').next().unwrap_or_default().to_string())
            };
            parts.push((field("name").unwrap_or_default(), field("filename"), data));
        }
        rest = &rest[end..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn decode_images(body: &Parsed, violations: &mut Vec<String>) -> Vec<Image> {
    let mut images = Vec::new();
    for (index, (name, data)) in body.files.iter().enumerate() {
        let decoded = image::guess_format(data)
            .and_then(|format| Ok((format, image::load_from_memory(data)?)));
        match decoded {
            Ok((format, picture)) => images.push(Image {
                format,
                width: picture.width(),
                height: picture.height(),
                description: attachment_of(body, index)
                    .and_then(|a| a["description"].as_str())
                    .map(String::from),
            }),
            Err(error) => violations.push(format!("attachment {name} does not decode: {error}")),
        }
    }
    images
}
