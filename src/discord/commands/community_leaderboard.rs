//! `/community leaderboard`: communities ranked by their rating in one
//! game, across servers, as an embed posted for the channel.
//!
//! Which communities are named is the service's decision (only those that
//! have shown their name to other servers); this file words the rest.

use crate::discord::{Context, Error, answer_error, post_lang};
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::service::CommunityStanding;
use crate::t;
use poise::serenity_prelude as serenity;

/// Leaderboard length.
const BOARD: usize = 10;

/// The games communities are rated in. Not `/community start`'s list: its
/// two Djambi choices (four armies, or two) share one Djambi rating, so
/// here Djambi is one choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum RatedGame {
    #[name = "Space Checkers"]
    SpaceCheckers,
    #[name = "Dejarik"]
    Dejarik,
    #[name = "Holochess"]
    Holochess,
    #[name = "Djambi"]
    Djambi,
}

impl RatedGame {
    pub(super) fn kind(self) -> GameKind {
        match self {
            RatedGame::SpaceCheckers => GameKind::SpaceCheckers,
            RatedGame::Dejarik => GameKind::Dejarik,
            RatedGame::Holochess => GameKind::Holochess,
            RatedGame::Djambi => GameKind::Djambi,
        }
    }
}

/// The best rated communities of a game, across servers.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game"] game: RatedGame,
) -> Result<(), Error> {
    let kind = game.kind();
    let standings = match ctx.data().service.versus().leaderboard(kind, BOARD).await {
        Ok(standings) => standings,
        Err(error) => return answer_error(ctx, error).await,
    };
    // Posted for the channel: the server's language.
    let lang = post_lang(ctx).await;
    let embed = serenity::CreateEmbed::new()
        .title(t!(
            lang,
            "community-leaderboard-title",
            game = crate::service::text::game_title(lang, kind)
        ))
        .description(board_text(lang, &standings));
    crate::discord::reply::send(
        ctx,
        poise::CreateReply::default()
            .embed(embed)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}

/// One line a community: "1. Rebel Base — 1662 ± 580 (1 game, 1 win)",
/// the deviation doubled as `/leaderboard` shows it.
fn board_text(lang: Lang, standings: &[CommunityStanding]) -> String {
    if standings.is_empty() {
        return t!(lang, "community-leaderboard-empty");
    }
    standings
        .iter()
        .map(|s| {
            let community = match &s.community {
                Some(name) => name.clone(),
                None => t!(lang, "community-leaderboard-hidden"),
            };
            let record = t!(
                lang,
                "rating-record",
                rating = s.rating.round() as i64,
                deviation = (2.0 * s.deviation).round() as i64,
                games = s.games,
                wins = s.wins
            );
            t!(
                lang,
                "community-leaderboard-line",
                rank = s.rank,
                community = community,
                record = record
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(rank: usize, community: Option<&str>) -> CommunityStanding {
        CommunityStanding {
            rank,
            community: community.map(str::to_string),
            page: community.map(|_| "0123456789abcdef0123456789abcdef".to_string()),
            rating: 1662.3,
            deviation: 290.3,
            games: 1,
            wins: 1,
            draws: 0,
            losses: 0,
        }
    }

    #[test]
    fn a_hidden_community_keeps_its_place_without_its_name() {
        let board = [standing(1, None), standing(2, Some("Echo Station"))];
        assert_eq!(
            board_text(Lang::En, &board),
            "1. a community that has not shown its name — 1662 ± 581 (1 game, 1 win)\n\
             2. Echo Station — 1662 ± 581 (1 game, 1 win)"
        );
        assert_eq!(
            board_text(Lang::Es, &board[..1]),
            "1. una comunidad que aún no ha mostrado su nombre — 1662 ± 581 (1 partida, 1 victoria)"
        );
        assert_eq!(
            board_text(Lang::Ja, &board[1..]),
            "2. Echo Station — 1662 ± 581（1局、1勝）"
        );
        assert_eq!(
            board_text(Lang::En, &[]),
            "No community has played a rated game of this yet."
        );
    }
}
