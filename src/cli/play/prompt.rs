//! You are the community: the options, a prompt, and the service's own
//! refusals when the answer is not a legal move.

use super::{Voted, ballot_gone};
use crate::cli::output::outln;
use crate::cli::typed_lines::{Typed, TypedLines, not_text};
use holotable::i18n::Lang;
use holotable::model::BallotState;
use holotable::service::{Lease, Service, ServiceError};
use holotable::t;

/// Standard input, read line by line for the whole game: one buffered
/// reader, so lines typed (or piped) ahead are not lost between ballots.
pub struct Prompt {
    lines: TypedLines,
    lang: Lang,
}

impl Prompt {
    pub fn new(lang: Lang) -> Prompt {
        Prompt {
            lines: TypedLines::stdin(),
            lang,
        }
    }

    /// Asks for a vote until one is accepted, you quit (or standard input
    /// ends), the ballot closes elsewhere, or the game is found taken over
    /// (`held` lost) when a vote is to be sent.
    /// `voter` is who you are for this ballot's community.
    pub async fn vote(
        &mut self,
        service: &Service,
        channel: &str,
        voter: &str,
        ballot: &BallotState,
        held: &mut Lease,
    ) -> anyhow::Result<Voted> {
        let lang = self.lang;
        vote(&mut self.lines, lang, service, channel, voter, ballot, held).await
    }
}

async fn vote(
    lines: &mut TypedLines,
    lang: Lang,
    service: &Service,
    channel: &str,
    voter: &str,
    ballot: &BallotState,
    held: &mut Lease,
) -> anyhow::Result<Voted> {
    print_options(lang, ballot)?;
    loop {
        outln!("{}", t!(lang, "play-vote-prompt"));
        let line = match lines.next_line().await? {
            Typed::Text(line) => line,
            Typed::NotText => {
                outln!("{}", not_text(lang));
                continue;
            }
            Typed::End => return Ok(Voted::Quit),
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(Voted::Quit),
            // The person may have sat at the prompt for longer than the
            // hold lasts without being renewed: what they type is sent
            // only while the game is still this process's.
            _ if !held.still_ours().await? => return Ok(Voted::TakenOver),
            "list" => {
                outln!("  {}", ballot.legal.join("  "));
                continue;
            }
            // "suggest A1-B1 it holds the centre": argued for, not voted.
            text if text.starts_with("suggest ") => {
                let (mv, reason) = text["suggest ".len()..]
                    .trim()
                    .split_once(' ')
                    .unwrap_or((text["suggest ".len()..].trim(), ""));
                match service
                    .votes()
                    .suggest(channel, voter, mv, reason, service.now())
                    .await
                {
                    Ok(made) => outln!("  {}", t!(lang, "play-suggested", move = made.mv)),
                    Err(ServiceError::Refused(refusal)) => outln!("  {}", refusal.text(lang)),
                    Err(other) => return Err(other.into()),
                }
            }
            // The vote is for the ballot shown above: if another process
            // closed it meanwhile, the service refuses rather than counting
            // an option number on a board this voter never saw, and the
            // game shows what was decided and the next ballot.
            text => match service
                .votes()
                .cast_on(channel, ballot.id, voter, text, service.now())
                .await
            {
                Ok(receipt) => {
                    outln!("{}", t!(lang, "play-voted", move = receipt.mv));
                    return Ok(Voted::Done);
                }
                Err(ServiceError::Refused(refusal)) => {
                    outln!("  {}", refusal.text(lang));
                    if ballot_gone(&refusal) {
                        return Ok(Voted::ClosedElsewhere);
                    }
                }
                Err(other) => return Err(other.into()),
            },
        }
    }
}

fn print_options(lang: Lang, ballot: &BallotState) -> anyhow::Result<()> {
    let options: Vec<String> = ballot
        .featured
        .iter()
        .enumerate()
        .map(|(i, mv)| format!("{}. {mv}", i + 1))
        .collect();
    outln!("  {}", options.join("   "));
    if ballot.legal.len() > ballot.featured.len() {
        let more = ballot.legal.len() - ballot.featured.len();
        outln!("  {}", t!(lang, "play-more-legal", count = more));
    }
    Ok(())
}
