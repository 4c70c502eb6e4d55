//! What challenges and matches may refuse, each refusal worded by the catalogue
//! (`assets/locales/*/refusals.ftl`) in the reader's language, as
//! [`crate::Refusal`] says.

use crate::text;
use holotable_games::GameKind;
use holotable_i18n::{Lang, t};

/// A refusal of challenges and matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchRefusal {
    /// `game` is played by `wanted` opponents and a challenger.
    OpponentCount {
        game: GameKind,
        wanted: usize,
    },
    /// A challenge named someone twice, or the challenger.
    PlayersNotDistinct,
    /// The turn length asked for is outside the bot's range (milliseconds).
    TurnLength {
        min: i64,
        max: i64,
    },
    NoMatch,
    NoChallenge {
        id: i64,
    },
    NotInvited,
    /// `status` selects the wording: accepted, declined, expired, answered.
    ChallengeClosed {
        status: &'static str,
    },
    NotAPlayer,
    NotYourTurn {
        waiting: String,
    },
    /// The engine (or the dice) is deciding; no player may move now.
    EngineDeciding,
    MatchOver,
    MatchMoved,
    PlayerBusy {
        player: String,
    },
    UnreadableMove {
        text: String,
        game: GameKind,
    },
}

impl MatchRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            MatchRefusal::OpponentCount { game, wanted } => t!(
                lang,
                "refusal-opponent-count",
                title = text::game_title(lang, *game),
                count = *wanted
            ),
            MatchRefusal::PlayersNotDistinct => t!(lang, "refusal-players-not-distinct"),
            MatchRefusal::TurnLength { min, max } => t!(
                lang,
                "refusal-turn-length",
                min = text::duration(lang, *min),
                max = text::duration(lang, *max)
            ),
            MatchRefusal::NoMatch => t!(lang, "refusal-no-match"),
            MatchRefusal::NoChallenge { id } => t!(lang, "refusal-no-challenge", id = *id),
            MatchRefusal::NotInvited => t!(lang, "refusal-not-invited"),
            MatchRefusal::ChallengeClosed { status } => {
                t!(lang, "refusal-challenge-closed", status = *status)
            }
            MatchRefusal::NotAPlayer => t!(lang, "refusal-not-a-player"),
            MatchRefusal::NotYourTurn { waiting } => {
                t!(lang, "refusal-not-your-turn", waiting = waiting.as_str())
            }
            MatchRefusal::EngineDeciding => t!(lang, "refusal-engine-deciding"),
            MatchRefusal::MatchOver => t!(lang, "refusal-match-over"),
            MatchRefusal::MatchMoved => t!(lang, "refusal-match-moved"),
            MatchRefusal::PlayerBusy { player } => {
                t!(lang, "refusal-player-busy", player = player.as_str())
            }
            MatchRefusal::UnreadableMove { text, game } => t!(
                lang,
                "refusal-unreadable-move",
                text = text.as_str(),
                game = game.as_str(),
                title = text::game_title(lang, *game)
            ),
        }
    }
}
