//! `play --communities N`: a game between N communities at one terminal.
//! Each community is a channel of its own, as it would be on Discord:
//! the first challenges, the others accept its code, and each votes on
//! its own seats (by its own crowd with `--voters`, or by you at the
//! prompt, speaking for each in turn). What every channel is shown is
//! printed under its community's name, so the routing can be seen.

use super::{Args, SideArg};
use anyhow::{Context, bail};
use holotable::games::GameKind;
use holotable::model::{BallotFormat, GameId};
use holotable::service::{
    AcceptChallenge, Accepted, Actor, ChallengeCommunity, Service, Side, Sides, terminal_server,
};

/// The communities' names, in the order they join.
const NAMES: [&str; 4] = ["Alpha", "Beta", "Gamma", "Delta"];

/// One community at the terminal.
pub struct Community {
    pub channel: String,
    /// Its name, shown before what its channel is told; `None` for the one
    /// community of a game against the engine.
    pub name: Option<String>,
    pub seats: Vec<u8>,
    /// Who votes for it at the prompt: a member votes for one side only,
    /// so the person at the terminal is a different member for each.
    pub voter: String,
}

/// Starts a game between `count` communities; returns it and them.
pub async fn start(
    service: &Service,
    args: &Args,
    kind: GameKind,
    count: u8,
) -> anyhow::Result<GameId> {
    let stamp = format!("{}-{:08x}", service.now(), rand::random::<u32>());
    let channel = |name: &str| format!("terminal-{stamp}-{}", name.to_lowercase());
    let server = |name: &str| terminal_server(&stamp, name);
    let manager = |name: &str| Actor {
        id: format!("terminal-{}", name.to_lowercase()),
        name: format!("manager of {name}"),
        can_manage: true,
    };
    let names = NAMES
        .get(..usize::from(count))
        .context("at most four communities")?;
    for name in names {
        service
            .versus()
            .name_own_community(&server(name), name)
            .await?;
    }
    let host = names[0];
    let invitation = service
        .versus()
        .challenge(ChallengeCommunity {
            channel: channel(host),
            server: Some(server(host)),
            server_name: Some(host.to_string()),
            kind,
            rules: crate::cli::game_args::rules_json(&args.rules)?,
            side: match args.side {
                SideArg::White => Side::White,
                SideArg::Black => Side::Black,
            },
            vote_ms: None,
            ballot_format: BallotFormat::Auto,
            deliberation: args.deliberation(),
            // Never listed in a lobby: the database may be a bot's too.
            public: false,
            communities: count,
            by: manager(host),
        })
        .await?;
    let mut started = None;
    for name in &names[1..] {
        let accepted = service
            .versus()
            .accept(AcceptChallenge {
                code: invitation.code.clone(),
                channel: channel(name),
                server: Some(server(name)),
                server_name: Some(name.to_string()),
                by: manager(name),
            })
            .await?;
        if let Accepted::Started(id) = accepted {
            started = Some(id);
        }
    }
    let Some(game) = started else {
        bail!("the table of {count} communities did not start");
    };
    Ok(game)
}

/// The communities of a game's sides, named when more than one plays.
pub fn communities(sides: &Sides) -> Vec<Community> {
    let shared = sides.shared();
    sides
        .0
        .iter()
        .map(|side| Community {
            channel: side.side.channel.clone(),
            name: shared.then(|| {
                side.label
                    .community
                    .clone()
                    .unwrap_or_else(|| side.label.seats.join("+"))
            }),
            seats: side.side.seats.clone(),
            voter: if shared {
                format!("terminal-{}", side.side.seats.first().copied().unwrap_or(0))
            } else {
                "terminal".into()
            },
        })
        .collect()
}
