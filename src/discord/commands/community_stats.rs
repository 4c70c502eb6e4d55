//! `/community stats [member:]` and `/community voters [period:]`: what
//! members' votes did in this server's community games, and for managers
//! the votes the voter rules refused.
//!
//! Which games and members count is the service's decision (this server's
//! sides only); this file words the figures. Members are named as `<@id>`,
//! which Discord shows as their name, in replies that allow no mention, so
//! nobody is pinged.

use crate::discord::keys::server_of;
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang, post_lang};
use crate::i18n::Lang;
use crate::model::{MemberVotes, ServerKey, VoteFigures, VoterFigures};
use crate::service::{VoterRanking, VoterRule, VotersPeriod};
use crate::t;
use poise::serenity_prelude as serenity;

/// How many members `/community voters` lists: a ranking read at a glance.
const SHOWN: usize = 10;

/// The periods members are ranked over, in UTC.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum PeriodChoice {
    #[name = "this month"]
    Month,
    #[name = "this season (calendar quarter)"]
    Season,
    #[name = "all time"]
    AllTime,
}

impl PeriodChoice {
    fn period(self) -> VotersPeriod {
        match self {
            PeriodChoice::Month => VotersPeriod::Month,
            PeriodChoice::Season => VotersPeriod::Season,
            PeriodChoice::AllTime => VotersPeriod::AllTime,
        }
    }
}

/// What a member's votes did in this server's community games, shown only to you.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "The member (you if left out)"] member: Option<serenity::User>,
) -> Result<(), Error> {
    // `guild_only`: Discord sends this command from a server only.
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let member = member.as_ref().unwrap_or_else(|| ctx.author()).id.get();
    let votes = match ctx
        .data()
        .service
        .votes()
        .member_votes(&server, &member.to_string())
        .await
    {
        Ok(votes) => votes,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let mut text = stats_text(lang, &format!("<@{member}>"), &votes);
    // The voter rules' refusals are the managers' to see, as the rules are.
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    if by.can_manage {
        match ctx
            .data()
            .service
            .votes()
            .refusal_counts(&ServerKey(server), &by)
            .await
        {
            Ok(counts) => {
                text.push_str("\n\n");
                text.push_str(&refusals_text(lang, &counts));
            }
            Err(error) => return answer_error(ctx, error).await,
        }
    }
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}

/// The members whose votes did most in this server's community games.
#[poise::command(slash_command, guild_only)]
pub async fn voters(
    ctx: Context<'_>,
    #[description = "The period (default: this month)"] period: Option<PeriodChoice>,
) -> Result<(), Error> {
    // `guild_only`: Discord sends this command from a server only.
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let period = period.unwrap_or(PeriodChoice::Month).period();
    let ranking = match ctx
        .data()
        .service
        .votes()
        .top_voters(&server, period, SHOWN)
        .await
    {
        Ok(ranking) => ranking,
        Err(error) => return answer_error(ctx, error).await,
    };
    // Posted for the channel: the server's language.
    let text = voters_text(post_lang(ctx).await, period, &ranking);
    crate::discord::reply::send(
        ctx,
        poise::CreateReply::default()
            .content(text)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}

fn stats_text(lang: Lang, member: &str, votes: &MemberVotes) -> String {
    let f = &votes.figures;
    if f.ballots == 0 {
        return t!(lang, "community-stats-none", member = member);
    }
    [
        t!(lang, "community-stats-heading", member = member),
        t!(
            lang,
            "community-stats-ballots",
            ballots = f.ballots,
            became = f.became_move
        ),
        t!(
            lang,
            "community-stats-engine",
            judged = f.judged,
            matched = f.matched_engine
        ),
        t!(lang, "community-stats-streak", streak = votes.streak),
        t!(
            lang,
            "community-stats-suggestions",
            suggested = votes.suggested,
            adopted = votes.adopted
        ),
    ]
    .join("\n")
}

/// How many votes each voter rule refused, for the server's managers.
fn refusals_text(lang: Lang, counts: &[(VoterRule, i64)]) -> String {
    if counts.is_empty() {
        return t!(lang, "voters-refusals-none");
    }
    let mut lines = vec![t!(lang, "voters-refusals-heading")];
    lines.extend(counts.iter().map(|(rule, count)| {
        format!(
            "- {}",
            t!(
                lang,
                "voters-refusals-line",
                rule = rule.as_str(),
                count = *count
            )
        )
    }));
    lines.join("\n")
}

fn voters_text(lang: Lang, period: VotersPeriod, ranking: &VoterRanking) -> String {
    let period = match period {
        VotersPeriod::Month => "month",
        VotersPeriod::Season => "season",
        VotersPeriod::AllTime => "all",
    };
    // Discord shows `<t:…:D>` as a date in each reader's own format.
    let since = ranking
        .since
        .map_or_else(String::new, |at| format!("<t:{}:D>", at.div_euclid(1000)));
    if ranking.voters.is_empty() {
        return t!(
            lang,
            "community-voters-empty",
            period = period,
            since = since.as_str()
        );
    }
    let mut lines = vec![t!(
        lang,
        "community-voters-heading",
        period = period,
        since = since.as_str()
    )];
    lines.extend(
        ranking
            .voters
            .iter()
            .enumerate()
            .map(|(i, voter)| voter_line(lang, i + 1, voter)),
    );
    lines.push(t!(lang, "community-voters-engine-note"));
    lines.join("\n")
}

fn voter_line(lang: Lang, rank: usize, voter: &VoterFigures) -> String {
    let VoteFigures {
        ballots,
        became_move,
        judged,
        matched_engine,
    } = voter.figures;
    t!(
        lang,
        "community-voters-line",
        rank = rank,
        member = format!("<@{}>", voter.voter),
        ballots = ballots,
        became = became_move,
        judged = judged,
        matched = matched_engine
    )
}

#[cfg(test)]
mod tests;
