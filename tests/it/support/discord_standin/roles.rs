//! The roles of the stand-in's first guild ([`GUILD`]) and who holds them,
//! for calling members: the bot's own role, which may manage roles; a
//! role members join to be called ([`VOTERS`]); one above the bot's role,
//! which the bot may not give ([`ABOVE_BOT`]); and one nobody may mention
//! ([`UNMENTIONABLE`]); and one that grants a permission ([`HELPERS`]),
//! which anyone asking to be called could take. Giving a role answers as Discord does: refused
//! with 50013 without Manage Roles or for a role at or above the bot's.

use super::{BOT_USER, GUILD, Inner};
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};

pub const BOT_ROLE: u64 = GUILD + 900;
pub const VOTERS: u64 = GUILD + 901;
pub const ABOVE_BOT: u64 = GUILD + 902;
pub const UNMENTIONABLE: u64 = GUILD + 903;
pub const HELPERS: u64 = GUILD + 904;

const VIEW_AND_SEND: u64 = (1 << 10) | (1 << 11);
pub const MANAGE_ROLES: u64 = 1 << 28;

pub(super) struct Roles {
    /// The permissions of the bot's own role.
    pub bot_permissions: u64,
    /// user → roles given by the bot.
    pub held: HashMap<u64, BTreeSet<u64>>,
    /// role → permissions a server manager gave it since.
    pub granted: HashMap<u64, u64>,
}

impl Default for Roles {
    fn default() -> Roles {
        Roles {
            bot_permissions: VIEW_AND_SEND | MANAGE_ROLES,
            held: HashMap::new(),
            granted: HashMap::new(),
        }
    }
}

const MANAGE_MESSAGES: u64 = 1 << 13;

/// (id, name, position, mentionable, permissions) of the guild's roles
/// but @everyone.
const ROLES: [(u64, &str, i64, bool, u64); 5] = [
    (UNMENTIONABLE, "lurkers", 1, false, 0),
    (VOTERS, "voters", 2, true, 0),
    (HELPERS, "helpers", 3, true, MANAGE_MESSAGES),
    (BOT_ROLE, "holotable", 5, false, 0),
    (ABOVE_BOT, "moderators", 9, true, 0),
];

/// A role object as Discord sends it, in `resolved` and in role lists.
pub fn role_json(id: u64) -> Value {
    let (name, position, mentionable, permissions) = ROLES
        .iter()
        .find(|r| r.0 == id)
        .map_or(("@everyone", 0, false, 0), |r| (r.1, r.2, r.3, r.4));
    json!({
        "id": id.to_string(), "name": name, "permissions": permissions.to_string(), "position": position,
        "color": 0, "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false, "managed": false, "mentionable": mentionable, "icon": null,
        "unicode_emoji": null, "flags": 0,
    })
}

fn position(id: u64) -> i64 {
    ROLES.iter().find(|r| r.0 == id).map_or(0, |r| r.2)
}

/// The answer to a role route of [`GUILD`], or `None` for any other route.
pub(super) fn route(inner: &mut Inner, method: &str, parts: &[&str]) -> Option<(u16, Value)> {
    let guild = GUILD.to_string();
    let roles = &mut inner.roles;
    match (method, parts) {
        ("GET", ["guilds", g, "roles"]) if *g == guild => {
            let mut all = vec![role_json(GUILD)];
            all[0]["permissions"] = json!(VIEW_AND_SEND.to_string());
            for (id, ..) in ROLES {
                let mut role = role_json(id);
                if id == BOT_ROLE {
                    role["permissions"] = json!(roles.bot_permissions.to_string());
                }
                if let Some(granted) = roles.granted.get(&id) {
                    let had: u64 = role["permissions"]
                        .as_str()
                        .unwrap_or("0")
                        .parse()
                        .unwrap_or(0);
                    role["permissions"] = json!((had | granted).to_string());
                }
                all.push(role);
            }
            Some((200, Value::Array(all)))
        }
        ("GET", ["guilds", g, "members", user]) if *g == guild => {
            let id: u64 = user.parse().unwrap_or(0);
            let held: Vec<String> = if id == BOT_USER {
                vec![BOT_ROLE.to_string()]
            } else {
                roles
                    .held
                    .get(&id)
                    .into_iter()
                    .flatten()
                    .map(u64::to_string)
                    .collect()
            };
            // Another member than the bot is read for the voter rules.
            if id != BOT_USER {
                inner.member_reads += 1;
            }
            Some((
                200,
                json!({
                    "user": { "id": user, "username": "member", "global_name": null,
                              "discriminator": "0", "avatar": null, "public_flags": 0, "flags": 0 },
                    "nick": null, "avatar": null, "banner": null, "roles": held,
                    "joined_at": "2024-01-01T00:00:00.000000+00:00", "premium_since": null,
                    "communication_disabled_until": null, "pending": false, "flags": 0,
                    "deaf": false, "mute": false,
                }),
            ))
        }
        ("PUT" | "DELETE", ["guilds", g, "members", user, "roles", role]) if *g == guild => {
            let (user, role): (u64, u64) = (user.parse().unwrap_or(0), role.parse().unwrap_or(0));
            if roles.bot_permissions & MANAGE_ROLES == 0 || position(role) >= position(BOT_ROLE) {
                return Some((
                    403,
                    json!({ "message": "Missing Permissions", "code": 50013 }),
                ));
            }
            let held = roles.held.entry(user).or_default();
            if method == "PUT" {
                held.insert(role);
            } else {
                held.remove(&role);
            }
            Some((204, Value::Null))
        }
        _ => None,
    }
}
