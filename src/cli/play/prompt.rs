//! You are the community: the options, a prompt, and the service's own
//! refusals when the answer is not a legal move.

use crate::cli::typed_lines::{NOT_TEXT, Typed, TypedLines};
use holotable::service::text::{counted_usize, sentence};
use holotable::service::{Refusal, Service, ServiceError};
use holotable::store::BallotRow;

/// Standard input, read line by line for the whole game: one buffered
/// reader, so lines typed (or piped) ahead are not lost between ballots.
pub struct Prompt {
    lines: TypedLines,
}

impl Prompt {
    pub fn new() -> Prompt {
        Prompt {
            lines: TypedLines::stdin(),
        }
    }

    /// Asks for a vote until one is accepted. Returns false when you quit
    /// (or standard input ends).
    pub async fn vote(
        &mut self,
        service: &Service,
        channel: &str,
        ballot: &BallotRow,
    ) -> anyhow::Result<bool> {
        vote(&mut self.lines, service, channel, ballot).await
    }
}

async fn vote(
    lines: &mut TypedLines,
    service: &Service,
    channel: &str,
    ballot: &BallotRow,
) -> anyhow::Result<bool> {
    print_options(ballot);
    loop {
        println!("Your vote (option number or move; 'list' for all moves, 'quit' to stop):");
        let line = match lines.next_line().await? {
            Typed::Text(line) => line,
            Typed::NotText => {
                println!("{NOT_TEXT}");
                continue;
            }
            Typed::End => return Ok(false),
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(false),
            "list" => {
                println!("  {}", ballot.legal.join("  "));
                continue;
            }
            // The vote is for the ballot shown above: if another terminal
            // closed it meanwhile, the service refuses rather than counting
            // an option number on a board this voter never saw.
            text => match service.vote_on(channel, ballot.id, "terminal", text).await {
                Ok(receipt) => {
                    println!("You voted {}.", receipt.mv);
                    return Ok(true);
                }
                Err(ServiceError::Refused(refusal)) => print_refusal(&refusal),
                Err(other) => return Err(other.into()),
            },
        }
    }
}

fn print_options(ballot: &BallotRow) {
    let options: Vec<String> = ballot
        .featured
        .iter()
        .enumerate()
        .map(|(i, mv)| format!("{}. {mv}", i + 1))
        .collect();
    println!("  {}", options.join("   "));
    if ballot.legal.len() > ballot.featured.len() {
        println!(
            "  (and {})",
            counted_usize(
                ballot.legal.len() - ballot.featured.len(),
                "more legal move",
                "more legal moves"
            )
        );
    }
}

fn print_refusal(refusal: &Refusal) {
    println!("  {}", sentence(&refusal.to_string()));
}
