//! Community against community: a channel's managers invite another
//! community by a code, and a manager of another channel (in this server
//! or another) accepts it there, which starts one game both channels play.
//!
//! The code is what the accepting manager types, so it is short, read
//! aloud without ambiguity (no 0/O or 1/I/L), and drawn at random: codes
//! are not sequential, so one cannot be guessed from another. Acceptance
//! is one guarded transaction: the invitation still open, both channels
//! free, the game and its first ballot written, or nothing at all.

use super::sides::seat_names;
use super::{Side, check_vote_length};
use crate::games::{AnyGame, GameKind, RulesJson};
use crate::service::seeds::seeded_rng;
use crate::service::{Actor, Announcement, Refusal, Service, ServiceError};
use crate::store::{
    BallotFormat, GameId, GameSide, InvitationRow, InvitationStatus, Millis, NewGame,
    NewInvitation, StoreError,
};
use rand::Rng;

/// How long an invitation stays open unless withdrawn: a day, so a
/// community in another time zone can answer.
pub const INVITATION_MS: Millis = 24 * 60 * 60 * 1000;
/// Letters and digits a person reads and types without confusion.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTVWXYZ23456789";
/// Eight characters, shown as two groups of four: 30^8 (about 6.6 × 10^11)
/// codes, so guessing an open one by trying is hopeless.
const CODE_LENGTH: usize = 8;
/// How many public invitations the lobby lists at once.
const LOBBY_SIZE: i64 = 25;

#[derive(Clone, Debug)]
pub struct ChallengeCommunity {
    pub channel: String,
    /// The platform's server of the channel and its name, when the
    /// platform has servers.
    pub server: Option<String>,
    pub server_name: Option<String>,
    pub kind: GameKind,
    pub rules: RulesJson,
    /// The challenger's side; the accepting community plays the other.
    pub side: Side,
    pub vote_ms: Option<Millis>,
    pub ballot_format: BallotFormat,
    /// Listed in the lobby for any server to see and accept.
    pub public: bool,
    pub by: Actor,
}

#[derive(Clone, Debug)]
pub struct AcceptChallenge {
    pub code: String,
    pub channel: String,
    pub server: Option<String>,
    pub server_name: Option<String>,
    pub by: Actor,
}

/// An open invitation as its channel and the lobby show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Invitation {
    /// As people read it: `ABCD-EFGH`.
    pub code: String,
    pub kind: GameKind,
    /// The challenger's seats by name; the accepter plays the others.
    pub seats: Vec<String>,
    pub vote_ms: Millis,
    pub expires_at: Millis,
    pub public: bool,
    /// The challenger's community name, when it has shown it.
    pub community: Option<String>,
    /// The challenger's community rating in this game; `None` while
    /// unrated (and in the challenger's own answer, which needs none).
    pub rating: Option<f64>,
}

impl Service {
    /// Opens an invitation for another community to play this channel's
    /// community; returns it with its code.
    ///
    /// # Errors
    /// Refused when the actor may not manage, the channel has a live game,
    /// or an option is out of range.
    pub async fn challenge_community(
        &self,
        request: ChallengeCommunity,
    ) -> Result<Invitation, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "challenge-community",
            }
            .into());
        }
        let vote_ms = check_vote_length(&self.settings, request.vote_ms)?;
        if let Some(live) = self.store.live_game(&request.channel).await? {
            return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
        }
        let game =
            AnyGame::new_game(request.kind, &request.rules, &mut seeded_rng(0)).map_err(|e| {
                Refusal::BadRules {
                    detail: e.to_string(),
                }
            })?;
        let previous = match request.side {
            Side::Alternate => self.store.latest_game(&request.channel).await?,
            Side::White | Side::Black => None,
        };
        let seats = request.side.seats(previous.as_ref());
        let now = self.now();
        if let (Some(server), Some(name)) = (&request.server, &request.server_name) {
            self.store
                .name_community(server, name, request.public, now)
                .await?;
        }
        let mut new = NewInvitation {
            code: String::new(),
            channel: request.channel.clone(),
            server: request.server.clone(),
            kind: request.kind,
            rules: game.rules_json(),
            seats,
            vote_ms,
            ballot_format: request.ballot_format,
            public: request.public,
            created_by: request.by.id.clone(),
            created_at: now,
            expires_at: now + INVITATION_MS,
        };
        // A clash among 6.6 × 10^11 codes is rare; a few draws settle it.
        for _ in 0..8 {
            new.code = draw_code();
            if self.store.insert_invitation(&new).await? {
                tracing::info!(channel = %new.channel, kind = %new.kind, public = new.public, "community challenge opened");
                let community = self.shown_name(new.server.as_deref()).await?;
                return Ok(invitation_view(&new, &game, community));
            }
        }
        Err(crate::service::Failure::Inconsistent("no free invitation code".into()).into())
    }

    /// Withdraws this channel's open invitations (or only `code`); returns
    /// the codes withdrawn.
    ///
    /// # Errors
    /// Refused without the right to manage, or with nothing to withdraw.
    pub async fn withdraw_challenge(
        &self,
        channel: &str,
        code: Option<&str>,
        by: &Actor,
    ) -> Result<Vec<String>, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "withdraw-challenge",
            }
            .into());
        }
        let wanted = code.map(normalise_code);
        let mut withdrawn = Vec::new();
        for open in self.store.open_invitations_of(channel, self.now()).await? {
            let code = &open.invitation.code;
            if wanted.as_ref().is_some_and(|w| w != code) {
                continue;
            }
            if self.store.withdraw_invitation(code, channel).await? {
                withdrawn.push(shown_code(code));
            }
        }
        if withdrawn.is_empty() {
            return Err(Refusal::NoOpenChallenge.into());
        }
        Ok(withdrawn)
    }

    /// Accepts invitation `code` in `request.channel`: the game starts for
    /// both communities, the challenger's first ballot (or the engine's
    /// first moves) included.
    ///
    /// # Errors
    /// Refused without the right to manage, for an unknown, used, withdrawn
    /// or expired code, for the channel's own invitation, and when either
    /// channel has a live game. Nothing changes on a refusal.
    pub async fn accept_community_challenge(
        &self,
        request: AcceptChallenge,
    ) -> Result<GameId, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "accept-challenge",
            }
            .into());
        }
        let code = normalise_code(&request.code);
        let row = self.open_invitation(&code, &request.channel).await?;
        if let Some(live) = self.store.live_game(&request.channel).await? {
            return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
        }
        if self
            .store
            .live_game(&row.invitation.channel)
            .await?
            .is_some()
        {
            return Err(Refusal::ChallengerBusy.into());
        }
        let now = self.now();
        if let (Some(server), Some(name)) = (&request.server, &request.server_name) {
            self.store.name_community(server, name, true, now).await?;
        }
        let invitation = &row.invitation;
        let seed = rand::random();
        let game = AnyGame::new_game(invitation.kind, &invitation.rules, &mut seeded_rng(seed))
            .map_err(|e| Refusal::BadRules {
                detail: e.to_string(),
            })?;
        let sides = sides_for(invitation, &game, &request);
        let mut community_seats: Vec<u8> = sides.iter().flat_map(|s| s.seats.clone()).collect();
        community_seats.sort_unstable();
        let engine_plays = usize::from(community_seats.len() as u8) < game.seat_count();
        let row = NewGame {
            channel: invitation.channel.clone(),
            kind: invitation.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level: self.settings.level.clone(),
            vote_ms: invitation.vote_ms,
            max_extensions: self.settings.max_extensions,
            community_seats,
            ballot_format: invitation.ballot_format,
            started_by: invitation.created_by.clone(),
            created_at: now,
            sides,
        };
        let planned = self.label_sides(row.sides.clone(), &game).await?;
        let mut first = self
            .plan_step(&super::row_view(&row), game, 0, Vec::new(), &planned)
            .await?;
        let started = planned.per_side(|side| {
            Some(Announcement::SharedGameStarted {
                kind: row.kind,
                yours: side.label.seats.clone(),
                opponents: planned
                    .0
                    .iter()
                    .filter(|other| other.side.channel != side.side.channel)
                    .map(|other| other.label.clone())
                    .collect(),
                engine: engine_plays.then(|| row.level.clone()),
                ballot_format: row.ballot_format,
            })
        });
        first.announce.splice(0..0, started);
        let id = match self.store.accept_invitation(&code, &row, &first).await {
            Ok(id) => id,
            Err(StoreError::Conflict) => {
                // Taken, withdrawn or expired since it was read: say which.
                return Err(self
                    .open_invitation(&code, &request.channel)
                    .await
                    .err()
                    .unwrap_or_else(|| Refusal::CodeClosed { status: "accepted" }.into()));
            }
            Err(StoreError::ChannelBusy) => {
                return Err(match self.store.live_game(&request.channel).await? {
                    Some(live) => Refusal::ChannelBusy { game: live.id.0 },
                    None => Refusal::ChallengerBusy,
                }
                .into());
            }
            Err(e) => return Err(e.into()),
        };
        for side in &row.sides {
            self.forget_ballot(&side.channel);
        }
        self.deadlines_changed.notify_one();
        tracing::info!(game = id.0, host = %row.channel, guest = %request.channel, kind = %row.kind, "community game started between channels");
        Ok(id)
    }

    /// The public invitations open now, of `kind` or of every game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lobby(&self, kind: Option<GameKind>) -> Result<Vec<Invitation>, ServiceError> {
        let mut listed = Vec::new();
        for row in self.store.lobby(kind, self.now(), LOBBY_SIZE).await? {
            let invitation = row.invitation;
            let Ok(game) =
                AnyGame::new_game(invitation.kind, &invitation.rules, &mut seeded_rng(0))
            else {
                continue;
            };
            let community = self.shown_name(invitation.server.as_deref()).await?;
            let rating = self
                .community_rating(invitation.server.as_deref(), invitation.kind)
                .await?;
            listed.push(Invitation {
                rating,
                ..invitation_view(&invitation, &game, community)
            });
        }
        Ok(listed)
    }

    /// The invitation `code` if `channel` may accept it now.
    async fn open_invitation(
        &self,
        code: &str,
        channel: &str,
    ) -> Result<InvitationRow, ServiceError> {
        let row = self
            .store
            .invitation(code)
            .await?
            .ok_or_else(|| Refusal::UnknownCode {
                code: shown_code(code),
            })?;
        let status = match row.status {
            InvitationStatus::Accepted => Some("accepted"),
            InvitationStatus::Withdrawn => Some("withdrawn"),
            InvitationStatus::Open if row.invitation.expires_at <= self.now() => Some("expired"),
            InvitationStatus::Open => None,
        };
        if let Some(status) = status {
            return Err(Refusal::CodeClosed { status }.into());
        }
        if row.invitation.channel == channel {
            return Err(Refusal::OwnChallenge.into());
        }
        Ok(row)
    }

    async fn shown_name(&self, server: Option<&str>) -> Result<Option<String>, ServiceError> {
        let Some(server) = server else {
            return Ok(None);
        };
        Ok(self
            .store
            .community_name(server)
            .await?
            .filter(|name| name.shown)
            .map(|name| name.name))
    }
}

/// The challenger's side and the accepter's. In a two-seat game the
/// accepter plays the other seat. In four-army Djambi it plays the army
/// across the board from the challenger's, and the engine the two between.
fn sides_for(
    invitation: &NewInvitation,
    game: &AnyGame,
    request: &AcceptChallenge,
) -> Vec<GameSide> {
    let count = game.seat_count() as u8;
    let accepter = match count {
        2 => (0..count)
            .filter(|s| !invitation.seats.contains(s))
            .collect(),
        _ => {
            let first = invitation.seats.first().copied().unwrap_or(0);
            vec![(first + count / 2) % count]
        }
    };
    vec![
        GameSide {
            channel: invitation.channel.clone(),
            server: invitation.server.clone(),
            seats: invitation.seats.clone(),
        },
        GameSide {
            channel: request.channel.clone(),
            server: request.server.clone(),
            seats: accepter,
        },
    ]
}

fn invitation_view(new: &NewInvitation, game: &AnyGame, community: Option<String>) -> Invitation {
    Invitation {
        code: shown_code(&new.code),
        kind: new.kind,
        seats: seat_names(game, &new.seats),
        vote_ms: new.vote_ms,
        expires_at: new.expires_at,
        public: new.public,
        community,
        rating: None,
    }
}

fn draw_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LENGTH)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// The code as stored: upper case, without the separator or spaces a
/// person may type.
pub fn normalise_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .take(CODE_LENGTH * 2)
        .collect()
}

/// `ABCDEFGH` as `ABCD-EFGH`, easier to read aloud and copy.
pub fn shown_code(code: &str) -> String {
    if code.len() == CODE_LENGTH && code.is_ascii() {
        format!("{}-{}", &code[..4], &code[4..])
    } else {
        code.to_string()
    }
}
