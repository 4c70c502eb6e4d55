//! Community against community: a channel's managers invite another
//! community by a code, and a manager of another channel (in this server
//! or another) accepts it there, which starts one game both channels play.
//!
//! The code is what the accepting manager types, so it is short, read
//! aloud without ambiguity (no 0/O or 1/I/L), and drawn at random: codes
//! are not sequential, so one cannot be guessed from another. Acceptance
//! is one guarded transaction: the invitation still open, both channels
//! free, the game and its first ballot written, or nothing at all.

use super::Versus;
use crate::RETRIES;
use crate::VersusRefusal;
use crate::games::seat_names;
use crate::games::{Side, check_vote_length};
use crate::ratings::Rating;
use crate::seeds::seeded_rng;
use crate::{Actor, Announcement, Failure, Refusal, ServiceError, adaptive};
use holotable_games::{AnyGame, GameKind, RulesJson};
use holotable_store::{
    BallotFormat, CommunityName, Deliberation, GameId, GameSide, InvitationRow, InvitationStatus,
    Millis, NewGame, NewInvitation, StoreError, TableGuest,
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
    pub deliberation: Deliberation,
    /// Listed in the lobby for any server to see and accept.
    pub public: bool,
    /// How many communities play, the challenger's included: 2, or 3 or 4
    /// at a four-army Djambi table (the engine plays the armies left).
    pub communities: u8,
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
    /// How many communities the game waits for, the challenger's included.
    pub communities: u8,
    /// How many have accepted so far, at a table for more than two.
    pub joined: usize,
    /// The challenger's community rating in this game; `None` while
    /// unrated (and in the challenger's own answer, which needs none).
    pub rating: Option<f64>,
}

/// What accepting an invitation did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// The game started, for every community at the table.
    Started(GameId),
    /// The channel took a seat at a table that waits for more communities;
    /// the game starts when the last of them accepts.
    Joined {
        /// The seats this channel will play, by name.
        seats: Vec<String>,
        /// How many more communities must accept.
        waiting_for: usize,
        expires_at: Millis,
    },
}

/// The community whose accept fills a table: its seat, and its server's
/// name as it agreed to show it, not yet written.
struct Joining {
    guest: TableGuest,
    named: Option<CommunityName>,
}

impl Versus<'_> {
    /// Opens an invitation for another community to play this channel's
    /// community; returns it with its code.
    ///
    /// # Errors
    /// Refused when the actor may not manage, the channel has a live game,
    /// or an option is out of range.
    pub async fn challenge(self, request: ChallengeCommunity) -> Result<Invitation, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "challenge-community",
            }
            .into());
        }
        let vote_ms = check_vote_length(&self.0.settings, request.vote_ms)?;
        let (deliberation, ballot_format) =
            crate::games::check_deliberation(request.deliberation, request.ballot_format)?;
        if let Some(live) = self.0.store.live_game(&request.channel).await? {
            return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
        }
        let game =
            AnyGame::new_game(request.kind, &request.rules, &mut seeded_rng(0)).map_err(|e| {
                Refusal::BadRules {
                    detail: e.to_string(),
                }
            })?;
        let most = if game.seat_count() > 2 {
            game.seat_count()
        } else {
            2
        };
        if !(2..=most).contains(&usize::from(request.communities)) {
            return Err(VersusRefusal::TableSize { most }.into());
        }
        let previous = match request.side {
            Side::Alternate => self.0.store.latest_game(&request.channel).await?,
            Side::White | Side::Black => None,
        };
        let seats = request.side.seats(previous.as_ref());
        let now = self.0.now();
        if let (Some(server), Some(name)) = (&request.server, &request.server_name) {
            self.0
                .store
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
            communities: request.communities,
            vote_ms,
            ballot_format,
            deliberation,
            public: request.public,
            created_by: request.by.id.clone(),
            created_at: now,
            expires_at: now + INVITATION_MS,
        };
        // A clash among 6.6 × 10^11 codes is rare; a few draws settle it.
        for _ in 0..8 {
            new.code = draw_code();
            if self.0.store.insert_invitation(&new).await? {
                tracing::info!(channel = %new.channel, kind = %new.kind, public = new.public, "community challenge opened");
                let community = self.shown_name(new.server.as_deref()).await?;
                return Ok(invitation_view(&new, &game, community, 0));
            }
        }
        Err(Failure::Inconsistent("no free invitation code".into()).into())
    }

    /// Withdraws this channel's open invitations, and takes it off the
    /// tables it joined (or only those of `code`); returns the codes.
    ///
    /// # Errors
    /// Refused without the right to manage, or with nothing to withdraw.
    pub async fn withdraw(
        self,
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
        let unwanted = |code: &String| wanted.as_ref().is_some_and(|w| w != code);
        let now = self.0.now();
        let mut withdrawn = Vec::new();
        for open in self.0.store.open_invitations_of(channel, now).await? {
            let code = &open.invitation.code;
            if !unwanted(code) && self.0.store.withdraw_invitation(code, channel).await? {
                withdrawn.push(shown_code(code));
            }
        }
        for code in self.0.store.tables_joined_by(channel, now).await? {
            if !unwanted(&code) && self.0.store.leave_table(&code, channel).await? {
                withdrawn.push(shown_code(&code));
            }
        }
        if withdrawn.is_empty() {
            return Err(VersusRefusal::NoOpenChallenge.into());
        }
        Ok(withdrawn)
    }

    /// Accepts invitation `code` in `request.channel`. With every community
    /// the invitation waits for, the game starts for all of them, the first
    /// ballot (or the engine's first moves) included; at a table that waits
    /// for more, the channel takes a seat and waits.
    ///
    /// # Errors
    /// Refused without the right to manage, for an unknown, used, withdrawn
    /// or expired code, for the channel's own invitation or a table it
    /// already sits at, and when the channel or the challenger's has a
    /// live game. Nothing changes on a refusal.
    pub async fn accept(self, request: AcceptChallenge) -> Result<Accepted, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "accept-challenge",
            }
            .into());
        }
        let code = normalise_code(&request.code);
        for _ in 0..RETRIES {
            let row = self.open_invitation(&code, &request.channel).await?;
            if let Some(live) = self.0.store.live_game(&request.channel).await? {
                return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
            }
            if self
                .0
                .store
                .live_game(&row.invitation.channel)
                .await?
                .is_some()
            {
                // Busy with this very game when another channel took the
                // code a moment ago: that is the answer.
                self.open_invitation(&code, &request.channel).await?;
                return Err(VersusRefusal::ChallengerBusy.into());
            }
            let mut guests = Vec::new();
            for guest in self.0.store.table_guests(&code).await? {
                if guest.channel == request.channel {
                    return Err(VersusRefusal::AlreadySeated.into());
                }
                // A guest that started a game of its own since has left.
                if self.0.store.live_game(&guest.channel).await?.is_some() {
                    self.0.store.leave_table(&code, &guest.channel).await?;
                } else {
                    guests.push(guest);
                }
            }
            let now = self.0.now();
            // Accepting shows the server's name to the other sides; it is
            // written with the accept, never before it can be refused.
            let named = match (&request.server, &request.server_name) {
                (Some(server), Some(name)) => Some(CommunityName {
                    server: server.clone(),
                    name: name.clone(),
                    shown: true,
                }),
                _ => None,
            };
            let invitation = &row.invitation;
            let seed = rand::random();
            let game = AnyGame::new_game(invitation.kind, &invitation.rules, &mut seeded_rng(seed))
                .map_err(|e| Refusal::BadRules {
                    detail: e.to_string(),
                })?;
            let seat = free_seat(invitation, &guests, game.seat_count()).ok_or_else(|| {
                Failure::Inconsistent(format!("invitation {code} has no seat left"))
            })?;
            let guest = TableGuest {
                channel: request.channel.clone(),
                server: request.server.clone(),
                seat,
            };
            let room = usize::from(invitation.communities).saturating_sub(2);
            let result = if guests.len() < room {
                self.0
                    .store
                    .join_table(&code, &guest, &request.by.id, room, now, named.as_ref())
                    .await
                    .map_err(ServiceError::from)
                    .map(|()| Accepted::Joined {
                        seats: seat_names(&game, &[seat]),
                        waiting_for: room - guests.len(),
                        expires_at: invitation.expires_at,
                    })
            } else {
                let last = Joining { guest, named };
                self.start_table(&code, invitation, &guests, last, game, seed, now)
                    .await
                    .map(Accepted::Started)
            };
            match result {
                Ok(accepted) => return Ok(accepted),
                // The table or a channel changed since it was read: read
                // again, and the checks above say what changed.
                Err(ServiceError::Failed(Failure::Store(
                    StoreError::Conflict | StoreError::ChannelBusy,
                ))) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(
            Failure::Inconsistent(format!("invitation {code} kept changing while accepting"))
                .into(),
        )
    }

    /// The level of the engine in the seats nobody took at a table of
    /// `sides`: the bot's default, and for the adaptive level the one
    /// nearest the mean of the sides' channels' ratings against the engine
    /// (a table of communities of different strengths gets an engine
    /// between them). The game's result does not move those ratings; see
    /// `rating::against_engine`.
    async fn table_level(self, kind: GameKind, sides: &[GameSide]) -> Result<String, ServiceError> {
        if self.0.settings.level != adaptive::ADAPTIVE {
            return Ok(self.0.settings.level.clone());
        }
        let mut sum = 0.0;
        for side in sides {
            sum += self
                .0
                .games()
                .engine_rating(&side.channel, kind)
                .await?
                .0
                .rating;
        }
        let mean = Rating {
            rating: sum / sides.len().max(1) as f64,
            ..Rating::default()
        };
        Ok(adaptive::level_for(kind, mean).as_str().to_string())
    }

    /// Starts the game of a full table: the challenger, the `guests`
    /// seated before, and `last`, whose accept fills it.
    #[allow(clippy::too_many_arguments)]
    async fn start_table(
        self,
        code: &str,
        invitation: &NewInvitation,
        guests: &[TableGuest],
        Joining { guest: last, named }: Joining,
        game: AnyGame,
        seed: u64,
        now: Millis,
    ) -> Result<GameId, ServiceError> {
        let sides: Vec<GameSide> = std::iter::once(GameSide {
            channel: invitation.channel.clone(),
            server: invitation.server.clone(),
            seats: invitation.seats.clone(),
        })
        .chain(guests.iter().chain([&last]).map(|guest| GameSide {
            channel: guest.channel.clone(),
            server: guest.server.clone(),
            seats: vec![guest.seat],
        }))
        .collect();
        let mut community_seats: Vec<u8> = sides.iter().flat_map(|s| s.seats.clone()).collect();
        community_seats.sort_unstable();
        let engine_plays = community_seats.len() < game.seat_count();
        let level = self.table_level(invitation.kind, &sides).await?;
        let row = NewGame {
            channel: invitation.channel.clone(),
            kind: invitation.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level,
            vote_ms: invitation.vote_ms,
            max_extensions: self.0.settings.max_extensions,
            community_seats,
            ballot_format: invitation.ballot_format,
            deliberation: invitation.deliberation,
            started_by: invitation.created_by.clone(),
            created_at: now,
            sides,
        };
        let planned = self
            .0
            .label_sides(row.sides.clone(), &game, named.as_ref())
            .await?;
        let mut first = self
            .0
            .plan_step(&crate::games::row_view(&row), game, 0, Vec::new(), &planned)
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
                in_thread: false,
                ballot_format: row.ballot_format,
            })
        });
        first.announce.splice(0..0, started);
        let id = self
            .0
            .store
            .accept_invitation(code, guests, &row, &first, named.as_ref())
            .await?;
        for side in &row.sides {
            self.0.forget_ballot(&side.channel);
        }
        self.0.deadlines_changed.notify_one();
        tracing::info!(game = id.0, host = %row.channel, communities = row.sides.len(), kind = %row.kind, "community game started between channels");
        Ok(id)
    }

    /// The public invitations open now, of `kind` or of every game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lobby(self, kind: Option<GameKind>) -> Result<Vec<Invitation>, ServiceError> {
        let mut listed = Vec::new();
        for row in self.0.store.lobby(kind, self.0.now(), LOBBY_SIZE).await? {
            let invitation = row.invitation;
            let Ok(game) =
                AnyGame::new_game(invitation.kind, &invitation.rules, &mut seeded_rng(0))
            else {
                continue;
            };
            let community = self.shown_name(invitation.server.as_deref()).await?;
            let joined = self.0.store.table_guests(&invitation.code).await?.len();
            let rating = self
                .0
                .community_rating(invitation.server.as_deref(), invitation.kind)
                .await?;
            listed.push(Invitation {
                rating,
                ..invitation_view(&invitation, &game, community, joined)
            });
        }
        Ok(listed)
    }

    /// The invitation `code` if `channel` may accept it now.
    async fn open_invitation(
        self,
        code: &str,
        channel: &str,
    ) -> Result<InvitationRow, ServiceError> {
        let row = self.0.store.invitation(code).await?.ok_or_else(|| {
            Refusal::Versus(VersusRefusal::UnknownCode {
                code: shown_code(code),
            })
        })?;
        let status = match row.status {
            InvitationStatus::Accepted => Some("accepted"),
            InvitationStatus::Withdrawn => Some("withdrawn"),
            InvitationStatus::Open if row.invitation.expires_at <= self.0.now() => Some("expired"),
            InvitationStatus::Open => None,
        };
        if let Some(status) = status {
            return Err(VersusRefusal::CodeClosed { status }.into());
        }
        if row.invitation.channel == channel {
            return Err(VersusRefusal::OwnChallenge.into());
        }
        Ok(row)
    }

    async fn shown_name(self, server: Option<&str>) -> Result<Option<String>, ServiceError> {
        let Some(server) = server else {
            return Ok(None);
        };
        Ok(self
            .0
            .store
            .community_name(server)
            .await?
            .filter(|name| name.shown)
            .map(|name| name.name))
    }
}

/// The seat of the next community to accept. In a two-seat game, the
/// seat the challenger left. At a four-army Djambi table, first the army
/// across the board from the challenger's, then the ones between, so that
/// two communities face each other as in a two-sided game.
fn free_seat(invitation: &NewInvitation, guests: &[TableGuest], count: usize) -> Option<u8> {
    let count = count as u8;
    let first = invitation.seats.first().copied().unwrap_or(0);
    let order: Vec<u8> = if count == 2 {
        vec![1]
    } else {
        vec![count / 2, 1, count - 1]
    };
    order
        .into_iter()
        .map(|step| (first + step) % count)
        .find(|seat| !invitation.seats.contains(seat) && guests.iter().all(|g| g.seat != *seat))
}

fn invitation_view(
    new: &NewInvitation,
    game: &AnyGame,
    community: Option<String>,
    joined: usize,
) -> Invitation {
    Invitation {
        code: shown_code(&new.code),
        kind: new.kind,
        seats: seat_names(game, &new.seats),
        vote_ms: new.vote_ms,
        expires_at: new.expires_at,
        public: new.public,
        community,
        communities: new.communities,
        joined,
        rating: None,
    }
}

pub(crate) fn draw_code() -> String {
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
