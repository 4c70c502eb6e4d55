//! Logging: `tracing` to stderr, filtered by `RUST_LOG` (by default `warn`
//! for the bot and the pages, nothing for the terminal's commands),
//! so stdout stays clean for output that scripts read; and a promise that
//! no level shows the bot token.
//!
//! Two defences, because `RUST_LOG` is the operator's to set and the
//! dependencies are not ours to audit at every upgrade:
//! - **Structural**: the websocket libraries (tungstenite, through
//!   `log`) print every frame at trace, the gateway's IDENTIFY with its
//!   token included, as a byte array and as hex. Their targets are capped
//!   at `info` by a filter layered after the user's, which no `RUST_LOG`
//!   can lift; their debug and trace lines are wire dumps nobody needs.
//! - **Safety net**: every line is written through a redacting writer that
//!   replaces each registered secret, whether it appears as text, as hex
//!   (either case, either byte alignment) or as decimal bytes (`[66, 111,
//!   …]`, as `Debug` prints a `[u8]`). It catches what the cap cannot
//!   know of: another library, or a future one, printing a request.

use std::io::{self, Write};
use std::sync::{PoisonError, RwLock};
use tracing_subscriber::filter::{FilterExt, filter_fn};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Targets whose debug and trace lines dump the wire, token included.
const WIRE_TARGETS: [&str; 2] = ["tungstenite", "tokio_tungstenite"];

/// What the redacting writer puts in place of a secret.
const REDACTED: &[u8] = b"[redacted]";

/// Secrets shorter than this are not redacted: a one- or two-byte
/// "secret" would blank out ordinary text and numbers.
const MIN_SECRET: usize = 4;

static SECRETS: RwLock<Vec<Vec<u8>>> = RwLock::new(Vec::new());

/// Starts logging at `RUST_LOG`'s levels, or `default` without it (a
/// filter such as `warn`, or `off`). `DISCORD_TOKEN`, when set, is a
/// secret from the start.
pub fn init(default: &str) {
    if let Ok(token) = std::env::var("DISCORD_TOKEN") {
        keep_secret(&token);
    }
    let user = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let wire_capped = filter_fn(|meta| {
        let wire = WIRE_TARGETS
            .iter()
            .any(|t| meta.target() == *t || meta.target().starts_with(&format!("{t}::")));
        !wire || *meta.level() <= tracing::Level::INFO
    });
    tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(RedactingStderr)
                .with_filter(user.and(wire_capped)),
        )
        .init();
}

/// Registers `secret` (a token, with or without its `Bot ` prefix): from
/// now on it never reaches the log or the command's output.
pub fn keep_secret(secret: &str) {
    let secret = secret.trim().trim_start_matches("Bot ").trim();
    if secret.len() < MIN_SECRET {
        return;
    }
    let mut secrets = SECRETS.write().unwrap_or_else(PoisonError::into_inner);
    if !secrets.iter().any(|s| s == secret.as_bytes()) {
        secrets.push(secret.as_bytes().to_vec());
    }
}

/// Registers the password of database URL `url`, if it has one (in its
/// authority, `user:PASSWORD@`, or as a `password=` parameter): from now
/// on it reaches neither the log nor the command's output, whatever
/// message (ours, sqlx's) might quote it. Both its written and its
/// percent-decoded forms, since a driver may quote either.
pub fn keep_database_password(url: &str) {
    for password in holotable::model::passwords_in(url) {
        keep_secret(&password);
    }
}

/// `text` with every registered secret redacted.
pub fn redacted(mut text: Vec<u8>) -> Vec<u8> {
    let secrets = SECRETS.read().unwrap_or_else(PoisonError::into_inner);
    for secret in secrets.iter() {
        text = redact(&text, secret);
    }
    text
}

struct RedactingStderr;

impl<'a> MakeWriter<'a> for RedactingStderr {
    type Writer = RedactingWriter;

    fn make_writer(&'a self) -> RedactingWriter {
        RedactingWriter
    }
}

/// `fmt` formats a whole event, then writes it with one `write_all`, so
/// each `write` here sees whole lines and a secret is never split.
struct RedactingWriter;

impl Write for RedactingWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stderr().write_all(&redacted(buf.to_vec()))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// `text` with every appearance of `secret` replaced: as itself, as hex,
/// and as decimal bytes.
fn redact(text: &[u8], secret: &[u8]) -> Vec<u8> {
    let text = replace_runs(text, |t| as_text(t, secret));
    let text = replace_runs(&text, |t| hex_run(t, secret));
    replace_runs(&text, |t| decimal_run(t, secret))
}

/// Copies `text`, replacing each span `find` reports: `find(rest)` gives
/// the next span (start, end) within `rest` to redact, if any.
fn replace_runs(text: &[u8], find: impl Fn(&[u8]) -> Option<(usize, usize)>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some((start, end)) = find(rest) {
        out.extend_from_slice(&rest[..start]);
        out.extend_from_slice(REDACTED);
        rest = &rest[end..];
    }
    out.extend_from_slice(rest);
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn as_text(text: &[u8], secret: &[u8]) -> Option<(usize, usize)> {
    let start = text.windows(secret.len()).position(|w| w == secret)?;
    Some((start, start + secret.len()))
}

/// The first run of hex digits that decodes (at either alignment) to
/// bytes containing the secret.
fn hex_run(text: &[u8], secret: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < text.len() {
        if !text[i].is_ascii_hexdigit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && text[i].is_ascii_hexdigit() {
            i += 1;
        }
        let run = &text[start..i];
        if run.len() >= 2 * secret.len() {
            let found = (0..2).any(|skip| {
                let bytes: Vec<u8> = run[skip..]
                    .chunks_exact(2)
                    .map(|pair| (hex_value(pair[0]) << 4) | hex_value(pair[1]))
                    .collect();
                contains(&bytes, secret)
            });
            if found {
                return Some((start, i));
            }
        }
    }
    None
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

/// The first list of decimal bytes (`115, 116, …`, any whitespace after
/// the commas) that contains the secret.
fn decimal_run(text: &[u8], secret: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < text.len() {
        let starts_number = text[i].is_ascii_digit() && (i == 0 || !text[i - 1].is_ascii_digit());
        if !starts_number {
            i += 1;
            continue;
        }
        let start = i;
        let mut bytes = Vec::new();
        let mut end = i;
        let mut at = i;
        while let Some((byte, after)) = decimal_byte(text, at) {
            bytes.push(byte);
            end = after;
            at = after;
            if text.get(at) != Some(&b',') {
                break;
            }
            at += 1;
            while text.get(at).is_some_and(u8::is_ascii_whitespace) {
                at += 1;
            }
        }
        if contains(&bytes, secret) {
            return Some((start, end));
        }
        i = end.max(i + 1);
    }
    None
}

/// A number from 0 to 255 starting at `at`, and where it ends.
fn decimal_byte(text: &[u8], at: usize) -> Option<(u8, usize)> {
    let digits = text[at.min(text.len())..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if !(1..=3).contains(&digits) {
        return None;
    }
    let number: u16 = std::str::from_utf8(&text[at..at + digits])
        .ok()?
        .parse()
        .ok()?;
    Some((u8::try_from(number).ok()?, at + digits))
}

#[cfg(test)]
mod tests {
    use super::redact;

    const SECRET: &[u8] = b"MTI3.secret-Token";

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn decimal(bytes: &[u8], separator: &str) -> String {
        let numbers: Vec<String> = bytes.iter().map(u8::to_string).collect();
        numbers.join(separator)
    }

    fn redacted(line: &str) -> String {
        String::from_utf8(redact(line.as_bytes(), SECRET)).unwrap()
    }

    #[test]
    fn the_token_in_a_frame_dump_is_redacted_in_every_encoding() {
        let frame = br#"{"op":2,"d":{"token":"Bot MTI3.secret-Token","intents":513}}"#;
        let lines = [
            String::from_utf8(frame.to_vec()).unwrap(),
            format!("payload: 0x{}", hex(frame)),
            format!("payload: 0x{}", hex(frame).to_uppercase()),
            // An odd number of hex digits before it: the other alignment.
            format!("payload: 0x7{}", hex(frame)),
            format!(
                "Sending frame: Frame {{ payload: [{}] }}",
                decimal(frame, ", ")
            ),
            format!("payload: [\n    {},\n]", decimal(frame, ",\n    ")),
        ];
        for line in lines {
            let clean = redacted(&line);
            assert!(clean.contains("[redacted]"), "{line} → {clean}");
            assert!(!clean.contains("MTI3.secret-Token"), "{clean}");
            assert!(!clean.contains(&hex(SECRET)), "{clean}");
            assert!(!clean.contains(&hex(SECRET).to_uppercase()), "{clean}");
            assert!(!clean.contains(&decimal(SECRET, ", ")), "{clean}");
            assert!(!clean.contains(&decimal(SECRET, ",\n    ")), "{clean}");
        }
    }

    #[test]
    fn lines_without_the_token_are_left_alone() {
        for line in [
            "2026-12-01T08:00:00Z INFO holotable: ballot posted game=3 ply=0 legal=8",
            "payload: 0x7b226f70223a31317d",
            "Sending frame: Frame { payload: [123, 34, 111, 112, 34, 58, 49, 125] }",
            "",
        ] {
            assert_eq!(redacted(line), line);
        }
    }
}
