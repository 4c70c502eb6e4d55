//! `/community challenge` opens an invitation for another community and
//! answers the manager with its code and a Withdraw button;
//! `/community challenge-cancel` and that button withdraw it.
//!
//! The code reaches only the manager (an ephemeral reply) unless the
//! challenge is public. A public one is listed in every server's lobby
//! anyway, so the channel is told too, code included: its members learn
//! that their channel is waiting for an opponent and can pass the code on.
//! A private code posted in the channel would let any member hand it to a
//! server the manager did not choose.

use super::{Action, click_actor, click_lang, click_message, error_text, server_name, settled};
use crate::discord::commands::community::{BallotChoice, GameChoice, TallyChoice, game_timing};
use crate::discord::keys::{channel_key, channel_of, server_of};
use crate::discord::reply::Click;
use crate::discord::rest::Body;
use crate::discord::{
    Context, Data, Error, actor, answer_error, ephemeral, member_lang, post_lang, reply,
};
use crate::i18n::Lang;
use crate::model::BallotFormat;
use crate::service::text::{self, relative_time, sentences};
use crate::service::{ChallengeCommunity, Invitation, Side, normalise_code};
use crate::t;
use poise::serenity_prelude as serenity;

/// The challenger's side. Not `/community start`'s choice, whose black
/// says the engine opens: here the other community does.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ChallengeSide {
    #[name = "white (moves first)"]
    White,
    #[name = "black (the other community opens)"]
    Black,
    #[name = "alternate (swaps each new game here)"]
    Alternate,
}

impl ChallengeSide {
    fn side(self) -> Side {
        match self {
            ChallengeSide::White => Side::White,
            ChallengeSide::Black => Side::Black,
            ChallengeSide::Alternate => Side::Alternate,
        }
    }
}

/// How many communities play. A choice rather than a number: Discord
/// would let a number option be typed out of range before we could say no.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum CommunitiesChoice {
    #[name = "two"]
    Two,
    #[name = "three (four-army Djambi)"]
    Three,
    #[name = "four (four-army Djambi)"]
    Four,
}

impl CommunitiesChoice {
    fn count(self) -> u8 {
        match self {
            CommunitiesChoice::Two => 2,
            CommunitiesChoice::Three => 3,
            CommunitiesChoice::Four => 4,
        }
    }
}

/// Challenge another community to a game in this channel (server managers).
#[poise::command(slash_command, guild_only)]
// Each argument is one of the command's options, as poise reads them.
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The game to play"] game: GameChoice,
    #[description = "This channel's side (default: white)"] side: Option<ChallengeSide>,
    #[description = "How long each vote lasts, like 30m, 2h or 1d"]
    #[max_length = 20]
    vote: Option<String>,
    #[description = "How each move's ballot is shown (default: auto)"] ballot: Option<BallotChoice>,
    #[description = "List it in the lobby for every server (default: only a code to share)"]
    public: Option<bool>,
    #[description = "Four-army Djambi only: how many communities play, 2 to 4 (default 2)"]
    communities: Option<CommunitiesChoice>,
    #[description = "Time to suggest moves before each vote opens, like 10m (default: none)"]
    #[max_length = 20]
    discuss: Option<String>,
    #[description = "Whether members see the votes before the close (default: live)"] tally: Option<
        TallyChoice,
    >,
) -> Result<(), Error> {
    reply::defer(ctx).await?;
    let lang = member_lang(ctx);
    let (vote_ms, deliberation) =
        match game_timing(lang, vote.as_deref(), discuss.as_deref(), tally) {
            Ok(timing) => timing,
            Err(message) => {
                reply::send(ctx, ephemeral(message)).await;
                return Ok(());
            }
        };
    let by = match actor(ctx, true).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let data = ctx.data();
    let request = ChallengeCommunity {
        channel: channel_of(ctx),
        server: server_of(ctx),
        server_name: server_name(data, ctx.guild_id()).await,
        kind: game.kind(),
        rules: game.rules(),
        side: side.map_or(Side::White, ChallengeSide::side),
        vote_ms,
        ballot_format: ballot.map_or(BallotFormat::Auto, BallotChoice::format),
        deliberation,
        public: public.unwrap_or(false),
        communities: communities.map_or(2, CommunitiesChoice::count),
        by: by.clone(),
    };
    let invitation = match data.service.versus().challenge(request).await {
        Ok(invitation) => invitation,
        Err(error) => return answer_error(ctx, error).await,
    };
    if invitation.public {
        announce_public(ctx, &invitation, &by.id).await;
    }
    let withdraw = Action::Withdraw {
        code: normalise_code(&invitation.code),
    };
    let button = serenity::CreateButton::new(withdraw.custom_id())
        .label(t!(lang, "versus-withdraw-button"))
        .style(serenity::ButtonStyle::Danger);
    let reach = if invitation.public {
        "versus-challenge-public"
    } else {
        "versus-challenge-private"
    };
    let text = sentences(
        lang,
        &[
            offer_text(lang, &invitation),
            t!(
                lang,
                "versus-challenge-how",
                code = invitation.code.as_str()
            ),
            t!(lang, reach),
        ],
    );
    let answer = ephemeral(text).components(vec![serenity::CreateActionRow::Buttons(vec![button])]);
    reply::send(ctx, answer).await;
    Ok(())
}

/// What the challenge offers and until when.
fn offer_text(lang: Lang, invitation: &Invitation) -> String {
    t!(
        lang,
        "versus-challenge-open",
        code = invitation.code.as_str(),
        game = crate::service::text::game_title(lang, invitation.kind),
        seats = text::seats(lang, &invitation.seats),
        vote = text::duration(lang, invitation.vote_ms),
        expires = relative_time(invitation.expires_at)
    )
}

/// Tells the channel, in the server's language, that it challenged every
/// server. A failed post is logged: the challenge stands and is listed.
async fn announce_public(ctx: Context<'_>, invitation: &Invitation, by: &str) {
    let lang = post_lang(ctx).await;
    let content = t!(
        lang,
        "versus-challenge-posted",
        by = format!("<@{by}>"),
        code = invitation.code.as_str(),
        game = crate::service::text::game_title(lang, invitation.kind),
        seats = text::seats(lang, &invitation.seats),
        vote = text::duration(lang, invitation.vote_ms),
        expires = relative_time(invitation.expires_at)
    );
    let body = Body::Json(serde_json::json!({
        "content": content,
        "allowed_mentions": { "parse": [] },
    }));
    let path = format!("/channels/{}/messages", ctx.channel_id().get());
    if let Err(error) = ctx
        .data()
        .rest
        .call(reqwest::Method::POST, &path, &body)
        .await
    {
        tracing::warn!(%error, "posting a public challenge failed; it is listed all the same");
    }
}

/// Withdraw this channel's open challenges, or one of them (server managers).
#[poise::command(slash_command, guild_only, rename = "challenge-cancel")]
pub async fn challenge_cancel(
    ctx: Context<'_>,
    #[description = "The code of one challenge; leave out to withdraw them all"]
    #[max_length = 20]
    code: Option<String>,
) -> Result<(), Error> {
    let result = match actor(ctx, true).await {
        Ok(by) => {
            ctx.data()
                .service
                .versus()
                .withdraw(&channel_of(ctx), code.as_deref(), &by)
                .await
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(codes) => {
            reply::send(ctx, ephemeral(withdrawn_text(member_lang(ctx), &codes))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// The Withdraw button: the challenge's message says it is withdrawn and
/// loses the button; a refusal leaves it as it was.
pub(super) async fn on_withdraw(data: &Data, click: &Click<'_>, code: &str) {
    let lang = click_lang(click);
    let channel = channel_key(click.channel_id.get());
    let result = match click_actor(data, click).await {
        Ok(by) => {
            data.service
                .versus()
                .withdraw(&channel, Some(code), &by)
                .await
        }
        Err(error) => Err(error),
    };
    let response = match result {
        Ok(codes) => settled(withdrawn_text(lang, &codes)),
        Err(error) => {
            serenity::CreateInteractionResponse::Message(click_message(error_text(lang, error)))
        }
    };
    click.answer(&data.rest, response).await;
}

fn withdrawn_text(lang: Lang, codes: &[String]) -> String {
    t!(
        lang,
        "versus-withdrawn",
        count = codes.len(),
        codes = text::and_list(lang, codes)
    )
}
