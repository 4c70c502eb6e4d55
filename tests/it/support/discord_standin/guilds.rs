//! What the stand-in's guilds announce: the GUILD_CREATE a connection
//! sends for each of them, and the guild `GET /guilds/{id}` answers.
//!
//! A [`Shape`] says how big each guild is. Ten thousand guilds of a few
//! hundred members are some hundreds of megabytes of JSON, so a
//! GUILD_CREATE is written as text, one at a time, and the member list,
//! the same people in every guild, is written once ([`Members`]).

use super::{BOT_USER, Guild, schema::Spec};
use serde_json::{Value, json};

/// How much each guild announces in its GUILD_CREATE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Channels, at least the guild's text channels the tests play in
    /// ([`Guild::channels`]); the rest are a category, more text channels
    /// under it and voice channels.
    pub channels: u64,
    /// Roles besides @everyone.
    pub roles: u64,
    /// Members listed, the bot first.
    pub members: u64,
}

impl Shape {
    /// What the tests of one feature need: the text channels, nobody else.
    pub const PLAIN: Shape = Shape {
        channels: super::CHANNELS_PER_GUILD,
        roles: 0,
        members: 0,
    };

    /// A lively community server, as the scale measurement announces it.
    pub const COMMUNITY: Shape = Shape {
        channels: super::MAX_CHANNELS,
        roles: 10,
        members: 300,
    };
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::PLAIN
    }
}

/// The `members` array every guild of a shape shares, as JSON text.
pub struct Members {
    text: String,
    count: u64,
}

impl Members {
    pub fn new(shape: Shape) -> Members {
        let members: Vec<Value> = (0..shape.members).map(member).collect();
        Members {
            text: Value::Array(members).to_string(),
            count: shape.members,
        }
    }
}

/// The `n`th member: the bot, then people who are in every guild.
fn member(n: u64) -> Value {
    let (id, name, bot) = match n {
        0 => (BOT_USER, "holotable".to_string(), true),
        _ => (600_000_000_000_000_000 + n, format!("member{n}"), false),
    };
    json!({
        "user": {
            "id": id.to_string(), "username": name, "global_name": name, "discriminator": "0",
            "avatar": null, "bot": bot, "public_flags": 0, "flags": 0, "primary_guild": null,
        },
        "nick": null, "avatar": null, "banner": null, "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "premium_since": null,
        "communication_disabled_until": null, "pending": false, "flags": 0,
        "deaf": false, "mute": false,
    })
}

/// The guild's GUILD_CREATE data (the event's `d`), as JSON text.
pub fn guild_create(guild: Guild, shape: Shape, members: &Members) -> String {
    let mut payload = guild_object(guild);
    let extra = json!({
        "roles": roles(guild, shape),
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        // Discord's "large" starts at the large_threshold serenity asks for.
        "large": members.count > 250,
        "unavailable": false,
        "member_count": members.count.max(1),
        "channels": channels(guild, shape),
        "threads": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    });
    if let (Some(payload), Some(extra)) = (payload.as_object_mut(), extra.as_object()) {
        payload.extend(extra.clone());
    }
    let text = payload.to_string();
    let open = text.strip_suffix('}').expect("a guild is a JSON object");
    format!(r#"{open},"members":{}}}"#, members.text)
}

fn channels(guild: Guild, shape: Shape) -> Vec<Value> {
    let texts = super::CHANNELS_PER_GUILD;
    let category = guild.channel + texts * super::CHANNEL_STEP;
    // The last quarter of the others are voice channels.
    let voice_from = shape.channels - shape.channels.saturating_sub(texts) / 4;
    (0..shape.channels.max(texts))
        .map(|k| {
            let id = guild.channel + k * super::CHANNEL_STEP;
            let mut channel = json!({
                "id": id.to_string(), "type": 0, "guild_id": guild.id.to_string(),
                "name": "holochess", "position": k, "flags": 0,
                "permission_overwrites": [], "nsfw": false,
            });
            if k == texts {
                channel["type"] = json!(4);
                channel["name"] = json!("community");
            } else if k > texts {
                channel["parent_id"] = json!(category.to_string());
                channel["name"] = json!(format!("room-{k}"));
            }
            if k > texts && k >= voice_from {
                channel["type"] = json!(2);
                channel["bitrate"] = json!(64_000);
                channel["user_limit"] = json!(0);
                channel["rtc_region"] = json!(null);
            }
            channel
        })
        .collect()
}

/// @everyone (the guild's own id, as Discord numbers it) and `shape.roles`
/// more.
fn roles(guild: Guild, shape: Shape) -> Vec<Value> {
    (0..=shape.roles)
        .map(|k| {
            let (id, name) = match k {
                0 => (guild.id, "@everyone".to_string()),
                // Between the channels' ids, which step by a thousand.
                _ => (guild.id + 500 + k, format!("role {k}")),
            };
            json!({
                "id": id.to_string(), "name": name, "permissions": "1024", "position": k,
                "color": 0, "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
                "hoist": false, "managed": false, "mentionable": false, "icon": null,
                "unicode_emoji": null, "flags": 0,
            })
        })
        .collect()
}

/// Where `guild`'s GUILD_CREATE breaks the spec's shapes of a channel, a
/// role and a member (the gateway's event itself is not in the REST spec).
pub fn violations(spec: &Spec, guild: Guild, shape: Shape, members: &Members) -> Vec<String> {
    let payload: Value =
        serde_json::from_str(&guild_create(guild, shape, members)).expect("GUILD_CREATE is JSON");
    let parts = [
        ("channels", "GuildChannelResponse"),
        ("roles", "GuildRoleResponse"),
        ("members", "GuildMemberResponse"),
    ];
    parts
        .iter()
        .flat_map(|(field, schema)| {
            let items = payload[field].as_array().cloned().unwrap_or_default();
            items.into_iter().flat_map(move |item| {
                spec.check_schema(schema, &item)
                    .into_iter()
                    .map(move |problem| format!("GUILD_CREATE {field}: {problem}"))
            })
        })
        .collect()
}

/// The guild as `GET /guilds/{id}` answers.
pub(super) fn guild_object(guild: Guild) -> Value {
    json!({
        "id": guild.id.to_string(),
        "name": guild.name(),
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
    })
}
