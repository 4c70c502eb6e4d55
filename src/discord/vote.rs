//! Voting from Discord: `/vote` with autocompleted moves, and the ballot
//! menus (a click votes, or first picks a piece and then shows its moves).

use super::deliver::channel_key;
use super::present::{self, MenuAction};
use super::{APOLOGY, Context, Data, Error, answer_error, channel_of, ephemeral, snowflake_millis};
use crate::service::text::sentence;
use crate::service::{ServiceError, VoteReceipt};
use crate::store::{BallotId, BallotRow, BallotStatus};
use poise::serenity_prelude as serenity;

/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

/// Vote for the community's next move.
#[poise::command(slash_command, guild_only)]
pub async fn vote(
    ctx: Context<'_>,
    #[description = "A move like A1-B1, or an option number from the board"]
    #[autocomplete = "autocomplete_move"]
    #[max_length = 40]
    #[rename = "move"]
    mv: String,
) -> Result<(), Error> {
    let channel = channel_of(ctx);
    let voter = ctx.author().id.get().to_string();
    let sent_at = snowflake_millis(ctx.id());
    match ctx
        .data()
        .service
        .vote(&channel, &voter, &mv, sent_at)
        .await
    {
        Ok(receipt) => {
            ctx.data().tallies.mark(&channel);
            super::reply::send(ctx, ephemeral(receipt_text(&receipt))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// The open ballot's moves containing what was typed, numbered options
/// first.
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let mut choices = Vec::new();
    if let Ok(view) = ctx.data().service.status(&channel_of(ctx)).await
        && let Some(ballot) = view.ballot.filter(|b| b.status == BallotStatus::Open)
    {
        let wanted = partial.trim().to_ascii_uppercase();
        let numbered = ballot
            .featured
            .iter()
            .enumerate()
            .map(|(i, mv)| (format!("#{} {mv}", i + 1), mv));
        let others = ballot
            .legal
            .iter()
            .filter(|mv| !ballot.featured.contains(mv))
            .map(|mv| (mv.clone(), mv));
        choices = numbered
            .chain(others)
            .filter(|(label, _)| label.to_ascii_uppercase().contains(&wanted))
            .take(CHOICES)
            .map(|(label, mv)| serenity::AutocompleteChoice::new(label, mv.clone()))
            .collect();
    }
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn receipt_text(receipt: &VoteReceipt) -> String {
    let option = receipt
        .option
        .map(|n| format!(" (option {n})"))
        .unwrap_or_default();
    match &receipt.replaced {
        Some(old) if *old != receipt.mv => {
            format!("Your vote is now {}{option}, instead of {old}.", receipt.mv)
        }
        _ => format!("You voted for {}{option}.", receipt.mv),
    }
}

/// A click on a ballot menu. Always answered (ephemerally), so Discord
/// never shows "interaction failed".
pub async fn on_menu(data: &Data, click: &serenity::ComponentInteraction) -> Result<(), Error> {
    let value = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let channel = channel_key(click.channel_id.get());
    let voter = click.user.id.get().to_string();
    let reply = match (MenuAction::parse(&click.data.custom_id), value) {
        (Some(MenuAction::Vote(ballot)), Some(mv)) => {
            match data.service.vote_on(&channel, ballot, &voter, &mv).await {
                Ok(receipt) => {
                    data.tallies.mark(&channel);
                    message(receipt_text(&receipt))
                }
                Err(error) => message(error_text(error)),
            }
        }
        (Some(MenuAction::Piece(ballot)), Some(piece)) => {
            step_reply(data, ballot, &piece, present::piece_menus).await
        }
        (Some(MenuAction::Destination(ballot)), Some(destination)) => {
            step_reply(data, ballot, &destination, present::destination_menus).await
        }
        _ => message("That menu is not one of mine any more; use `/vote`.".to_string()),
    };
    let response = serenity::CreateInteractionResponse::Message(reply);
    super::reply::answer_click(&data.rest, click, response).await;
    Ok(())
}

/// A step between the ballot message and the vote (a piece, then maybe a
/// destination): the next menus, only while the ballot is open.
async fn step_reply(
    data: &Data,
    ballot: BallotId,
    chosen: &str,
    menus: fn(&BallotRow, &str) -> Vec<present::Menu>,
) -> serenity::CreateInteractionResponseMessage {
    match data.service.store().ballot(ballot).await {
        Ok(Some(row)) if row.status == BallotStatus::Open => {
            let menus = menus(&row, chosen);
            if menus.is_empty() {
                message(format!(
                    "{chosen} has no legal move now; pick another piece."
                ))
            } else {
                message(format!("Moves of {chosen}:"))
                    .components(menus.into_iter().map(menu_row).collect())
            }
        }
        Ok(_) => message("Voting on that ballot has closed.".to_string()),
        Err(error) => {
            tracing::error!(%error, "reading a ballot failed");
            message(APOLOGY.to_string())
        }
    }
}

fn message(text: String) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

fn error_text(error: ServiceError) -> String {
    match error {
        ServiceError::Refused(refusal) => sentence(&refusal.to_string()),
        ServiceError::Failed(failure) => {
            tracing::error!(error = %failure, "recording a menu vote failed");
            APOLOGY.to_string()
        }
    }
}

pub(super) fn menu_row(menu: present::Menu) -> serenity::CreateActionRow {
    let options = menu
        .options
        .into_iter()
        .map(|(label, value)| serenity::CreateSelectMenuOption::new(label, value))
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            menu.custom_id,
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(menu.placeholder),
    )
}
