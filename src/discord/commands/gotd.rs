//! `/gotd`: the server's daily Gamer of the Day post: set it up, turn it
//! off, preview it, post it now. The posting itself is the scheduler's and
//! the outbox's (see `service::gotd` and `delivery`).

use crate::discord::keys::{channel_id, channel_key, server_of};
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::model::{DailySettings, Millis};
use crate::service::{DailyPost, DailySetup, PostNow, zone_names_matching};
use crate::t;
use poise::serenity_prelude as serenity;

/// Gamer of the Day: a daily post naming the server's best player.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("setup", "off", "preview", "now"),
    subcommand_required
)]
pub async fn gotd(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Zone names for the `timezone` option, as the user types.
pub(super) async fn zones(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let choices = zone_names_matching(partial, 25)
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Post the Gamer of the Day every day (server managers).
#[poise::command(slash_command, guild_only)]
async fn setup(
    ctx: Context<'_>,
    #[description = "Where to post"]
    #[channel_types("Text", "News")]
    channel: serenity::ChannelId,
    #[description = "Local time of the post, HH:MM (24-hour), e.g. 09:00"]
    #[max_length = 10]
    time: String,
    #[description = "Your time zone, e.g. Europe/London"]
    #[autocomplete = "zones"]
    #[max_length = 64]
    timezone: String,
    #[description = "Ping the Gamer of the Day (off: named without a ping)"] mentions: Option<bool>,
) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let request = DailySetup {
        server,
        channel: channel_key(channel.get()),
        time,
        time_zone: timezone,
        mentions: mentions.unwrap_or(false),
        by,
    };
    let service = &ctx.data().service;
    match service.gamer_of_the_day().set_up(request).await {
        Ok(plan) => {
            let next_post = (plan.next_post > service.now()).then_some(plan.next_post);
            let text = setup_reply(member_lang(ctx), &plan.settings, channel.get(), next_post);
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Stop the daily post (server managers).
#[poise::command(slash_command, guild_only)]
async fn off(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let service = &ctx.data().service;
    match service.gamer_of_the_day().off(&by, &server).await {
        Ok(was_on) => {
            let lang = member_lang(ctx);
            let mut text = if was_on {
                t!(lang, "gotd-off-done")
            } else {
                t!(lang, "gotd-off-was-off")
            };
            // The puzzle goes out with the post: say that it stops too.
            if was_on && service.puzzles().is_on(&server).await.unwrap_or(false) {
                let also = t!(lang, "puzzle-stops-with-daily");
                text = crate::service::text::sentences(lang, &[text, also]);
            }
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Show today's post, only to you, without posting it.
#[poise::command(slash_command, guild_only)]
async fn preview(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let service = &ctx.data().service;
    let post_lang = match service.servers().server_language(&server).await {
        Ok(language) => language.lang,
        Err(error) => return answer_error(ctx, error).await,
    };
    match service.gamer_of_the_day().preview(&server).await {
        Ok((post, posted)) => {
            let text = preview_reply(member_lang(ctx), post_lang, &post, posted);
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Post today's Gamer of the Day now, if it has not gone out (server managers).
#[poise::command(slash_command, guild_only)]
async fn now(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let service = &ctx.data().service;
    match service.gamer_of_the_day().post_now(&by, &server).await {
        Ok(done) => {
            crate::discord::reply::send(ctx, ephemeral(now_reply(member_lang(ctx), &done))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// `/gotd setup`'s answer; `next_post` is `None` when today's post goes
/// out at once.
fn setup_reply(
    lang: Lang,
    settings: &DailySettings,
    channel: u64,
    next_post: Option<Millis>,
) -> String {
    // The setting is a wall-clock time in the server's zone, shown as
    // `HH:MM` + zone: a timestamp would show the reader's local time of
    // one day only, which daylight saving then changes. The next post is
    // a moment, so it is a timestamp each client shows in local time.
    let on = t!(
        lang,
        "gotd-setup-on",
        time = settings.post_time.as_str(),
        zone = settings.time_zone.as_str(),
        channel = format!("<#{channel}>")
    );
    let ping = if settings.mentions {
        t!(lang, "gotd-setup-pinged")
    } else {
        t!(lang, "gotd-setup-not-pinged")
    };
    let when = match next_post {
        Some(at) => t!(lang, "gotd-setup-next-at", unix = at / 1000),
        None => t!(lang, "gotd-setup-next-now"),
    };
    // One sentence a line: Japanese does not separate sentences by spaces.
    format!("{on}\n{ping}\n{when}")
}

/// `/gotd preview`'s answer: a heading in the member's language over the
/// post as the server will read it.
fn preview_reply(lang: Lang, server_lang: Lang, post: &DailyPost, posted: bool) -> String {
    let date = post.date.as_str();
    let heading = if posted {
        t!(lang, "gotd-preview-posted", date = date)
    } else {
        t!(lang, "gotd-preview-not-posted", date = date)
    };
    let text = post.text(server_lang, |id| format!("<@{id}>"));
    format!("{heading}\n\n{text}")
}

fn now_reply(lang: Lang, done: &PostNow) -> String {
    match done {
        PostNow::Posted { channel, .. } => match channel_id(channel) {
            Some(channel) => t!(lang, "gotd-now-posted", channel = format!("<#{channel}>")),
            None => t!(lang, "gotd-now-posted-elsewhere"),
        },
        PostNow::AlreadyPosted { date } => {
            t!(lang, "gotd-now-already-posted", date = date.as_str())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Honoree, Record};

    fn settings(mentions: bool) -> DailySettings {
        DailySettings {
            server: "discord:1".into(),
            channel: "discord:100".into(),
            post_time: "09:00".into(),
            time_zone: "Europe/Madrid".into(),
            mentions,
            configured_at: 0,
        }
    }

    #[test]
    fn the_setup_answer_shows_the_setting_as_written_and_the_next_post_as_a_timestamp() {
        let next = Some(1_781_082_000_000);
        assert_eq!(
            setup_reply(Lang::En, &settings(false), 100, next),
            "Gamer of the Day is on: every day at 09:00 (Europe/Madrid) in <#100>.\n\
             The Gamer of the Day is named without a ping.\n\
             The next one goes out <t:1781082000:F> (<t:1781082000:R>)."
        );
        assert_eq!(
            setup_reply(Lang::Es, &settings(true), 100, None),
            "El Gamer del Día está activado: todos los días a las 09:00 (Europe/Madrid) en <#100>.\n\
             Se mencionará al Gamer del Día, que recibirá una notificación.\n\
             La publicación de hoy ya está en camino."
        );
        assert_eq!(
            setup_reply(Lang::Ja, &settings(false), 100, next),
            "今日のゲーマーをオンにしました。毎日09:00（Europe/Madrid）に<#100>へ投稿します。\n\
             今日のゲーマーは通知なしで名前だけ紹介します。\n\
             次回の投稿は<t:1781082000:F>（<t:1781082000:R>）です。"
        );
    }

    #[test]
    fn the_preview_heading_follows_the_member_and_the_post_the_server() {
        let post = DailyPost {
            date: "2026-06-10".into(),
            honoree: Honoree::Member {
                id: "7".into(),
                record: Record {
                    matches_won: 1,
                    ..Record::default()
                },
            },
            fact: "undo".into(),
            mentions: false,
        };
        let text = preview_reply(Lang::Ja, Lang::Es, &post, false);
        assert!(
            text.starts_with(
                "2026-06-10の投稿のプレビュー（未投稿）：\n\n**El Gamer del Día es <@7>**\n\
                 Ayer en la mesa holográfica: 1 duelo ganado."
            ),
            "{text}"
        );
        let text = preview_reply(Lang::Es, Lang::En, &post, true);
        assert!(
            text.starts_with(
                "Vista previa de la publicación del 2026-06-10 (ya publicada):\n\n\
                 **Today's Gamer of the Day is: <@7>**"
            ),
            "{text}"
        );
    }

    #[test]
    fn the_now_answer_names_the_channel_or_the_day_already_posted() {
        let posted = PostNow::Posted {
            post: DailyPost {
                date: "2026-06-10".into(),
                honoree: Honoree::Character { id: "grogu".into() },
                fact: "undo".into(),
                mentions: false,
            },
            channel: "discord:100".into(),
        };
        assert_eq!(
            now_reply(Lang::Es, &posted),
            "La publicación del Gamer del Día de hoy ya está en camino a <#100>."
        );
        let already = PostNow::AlreadyPosted {
            date: "2026-06-10".into(),
        };
        assert_eq!(
            now_reply(Lang::En, &already),
            "Today's post (2026-06-10) has gone out already; the next one comes tomorrow."
        );
        assert_eq!(
            now_reply(Lang::Ja, &already),
            "本日（2026-06-10）の投稿はすでに済んでいます。次回は明日です。"
        );
    }
}
