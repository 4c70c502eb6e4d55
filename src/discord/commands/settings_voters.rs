//! `/settings voters`: who may vote in this server's community games. The
//! thresholds are the managers' to see (a member who knew them could wait
//! them out with a sock account), so showing them is refused to others as
//! setting them is.

use crate::discord::keys::server_key;
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::model::ServerKey;
use crate::service::{RoleId, ServiceError, VoterRules, parse_voter_threshold, text};
use crate::t;
use poise::serenity_prelude as serenity;

/// Who may vote in this server's community games (server managers).
#[poise::command(slash_command, guild_only)]
pub async fn voters(
    ctx: Context<'_>,
    #[description = "How old an account must be to vote, like 7d or 12h; 0 for any age"]
    #[rename = "min-account-age"]
    #[max_length = 40]
    min_account_age: Option<String>,
    #[description = "How long a member must have been in the server to vote, like 1d; 0 for no minimum"]
    #[rename = "min-time-in-server"]
    #[max_length = 40]
    min_time_in_server: Option<String>,
    #[description = "The role needed to vote; @everyone for none"] role: Option<serenity::Role>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let server = ServerKey(server_key(guild));
    let lang = member_lang(ctx);
    let change = Change {
        min_account_age,
        min_time_in_server,
        // @everyone's role id is the server's own.
        role: role.map(|r| (r.id.get() != guild.get()).then(|| RoleId(r.id.get().to_string()))),
    };
    match apply(ctx, &server, change).await {
        Ok((rules, changed)) => {
            let heading = if changed {
                t!(lang, "voters-saved")
            } else {
                t!(lang, "voters-current")
            };
            let text = format!("{heading}\n{}", rules_text(lang, &rules));
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// What the manager typed: `None` keeps a setting; a role of `Some(None)`
/// asks for none.
struct Change {
    min_account_age: Option<String>,
    min_time_in_server: Option<String>,
    role: Option<Option<RoleId>>,
}

/// The server's rules after `change`, and whether anything was asked to
/// change. Every threshold is read before anything is saved, so a bad one
/// changes nothing.
async fn apply(
    ctx: Context<'_>,
    server: &ServerKey,
    change: Change,
) -> Result<(VoterRules, bool), ServiceError> {
    let by = actor(ctx, false).await?;
    by.must_manage("choose-voter-rules")?;
    let votes = ctx.data().service.votes();
    let mut rules = votes.rules(server, &by).await?;
    let Change {
        min_account_age,
        min_time_in_server,
        role,
    } = change;
    let changed = min_account_age.is_some() || min_time_in_server.is_some() || role.is_some();
    if let Some(typed) = min_account_age {
        rules.min_account_age_ms = parse_voter_threshold(&typed)?;
    }
    if let Some(typed) = min_time_in_server {
        rules.min_time_in_server_ms = parse_voter_threshold(&typed)?;
    }
    if let Some(role) = role {
        rules.required_role = role;
    }
    if changed {
        rules = votes.set_rules(server, rules, &by).await?;
    }
    Ok((rules, changed))
}

/// The rules, one line each, in `lang`.
fn rules_text(lang: Lang, rules: &VoterRules) -> String {
    let age = match rules.min_account_age_ms {
        0 => t!(lang, "voters-account-age-any"),
        ms => t!(lang, "voters-account-age", age = text::duration(lang, ms)),
    };
    let time = match rules.min_time_in_server_ms {
        0 => t!(lang, "voters-time-in-server-any"),
        ms => t!(
            lang,
            "voters-time-in-server",
            time = text::duration(lang, ms)
        ),
    };
    let role = match &rules.required_role {
        // Shown as the role's name; the reply allows no mention.
        Some(role) => t!(lang, "voters-role", role = format!("<@&{}>", role.0)),
        None => t!(lang, "voters-role-any"),
    };
    [age, time, role, t!(lang, "voters-league-note")]
        .map(|line| format!("- {line}"))
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_read_as_refusing_nobody_in_every_language() {
        for lang in Lang::ALL {
            let shown = rules_text(lang, &VoterRules::default());
            assert_eq!(shown.lines().count(), 4, "{shown}");
            assert!(!shown.contains("<@&"), "{shown}");
        }
    }

    #[test]
    fn thresholds_show_in_their_largest_unit() {
        let rules = VoterRules {
            min_account_age_ms: 7 * 86_400_000,
            min_time_in_server_ms: 12 * 3_600_000,
            required_role: Some(RoleId("42".into())),
        };
        let shown = rules_text(Lang::En, &rules);
        assert!(shown.contains("7 days"), "{shown}");
        assert!(shown.contains("12 hours"), "{shown}");
        assert!(shown.contains("<@&42>"), "{shown}");
    }
}
