//! Calling members: the role a channel's ballots call when they open, and
//! the one reminder a ballot sends when too few have voted before it
//! closes.
//!
//! A ballot's reminder time is fixed when it opens (from its channel's
//! settings then); whether it goes out is decided when it is due, from the
//! turnout and the settings then, and settled in the store with the
//! reminder's post, once for every process (`Store::settle_reminder`).
//! Granting and removing the role is the platform's work: the service
//! keeps which role, never who holds it.

use super::Votes;
use crate::VoteRefusal;
use crate::gotd::schedule;
use crate::{Actor, Announcement, Refusal, Service, ServiceError};
use holotable_model::{BallotStatus, CallSettings, GameStatus, Millis};
use holotable_store::{BallotId, Settlement};

/// The most voters a reminder may wait for: beyond it, "remind unless
/// everyone voted" is a typo.
const MAX_REMIND_BELOW: u32 = 1000;
/// The zone quiet hours are read in where the channel's managers chose
/// none and its server's daily post has none: with nobody's choice, no
/// member's local time is more right than another's.
const QUIET_ZONE: &str = "UTC";
/// How early and how late in a ballot's time its reminder may be due, in
/// percent: earlier calls before anyone could vote, later leaves no time.
const REMIND_AT_PERCENT: std::ops::RangeInclusive<u8> = 10..=95;

/// What a manager changes of a channel's reminder; `None` keeps a field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReminderChange {
    pub remind_below: Option<u32>,
    pub at_percent: Option<u8>,
    /// `Some(None)`: no quiet hours.
    pub quiet: Option<Option<(u8, u8)>>,
    pub time_zone: Option<String>,
}

/// Reads quiet hours as a manager types them: `22-7`, `22:00-07:00`,
/// `22〜7` (full-width digits too), or none, in any of the bot's languages
/// (`off`, `ninguna`, `なし`).
///
/// # Errors
/// A refusal that shows the accepted forms.
pub fn parse_quiet_hours(text: &str) -> Result<Option<(u8, u8)>, Refusal> {
    let bad = || {
        Refusal::Vote(VoteRefusal::BadQuietHours {
            text: text.chars().take(40).collect(),
        })
    };
    // Japanese keyboards give full-width digits and 〜, Apple's en dash.
    let typed: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            '：' => ':',
            '〜' | '～' | '~' | '–' | '—' | 'ー' => '-',
            other => other,
        })
        .collect();
    const NONE: [&str; 7] = ["off", "none", "no", "-", "ninguna", "ninguno", "なし"];
    if NONE.contains(&typed.to_lowercase().as_str()) {
        return Ok(None);
    }
    let (from, to) = typed.split_once('-').ok_or_else(bad)?;
    let hour = |part: &str| -> Option<u8> {
        let part = part.trim();
        let hour = part.strip_suffix(":00").unwrap_or(part);
        (!hour.is_empty() && hour.len() <= 2 && hour.bytes().all(|b| b.is_ascii_digit()))
            .then(|| hour.parse::<u8>().ok())
            .flatten()
            .filter(|h| *h < 24)
    };
    match (hour(from), hour(to)) {
        (Some(from), Some(to)) if from != to => Ok(Some((from, to))),
        _ => Err(bad()),
    }
}

/// Whether the local hour `hour` is within quiet hours `from`..`to`
/// (`to` excluded; across midnight when `from` is later).
fn quiet_at(hour: u8, (from, to): (u8, u8)) -> bool {
    if from < to {
        (from..to).contains(&hour)
    } else {
        hour >= from || hour < to
    }
}

/// When the quiet hours `quiet` of `zone` that hold at `now` end, if they
/// hold then. Local hours, so a daylight-saving change moves them with
/// the clock on the wall.
fn quiet_until(now: Millis, quiet: Option<(u8, u8)>, zone: &str) -> Option<Millis> {
    let (from, to) = quiet?;
    let zone = schedule::zone(zone).ok()?;
    let local = zone.to_datetime(schedule::timestamp(now));
    if !quiet_at(local.hour() as u8, (from, to)) {
        return None;
    }
    let mut end = local.date().at(to as i8, 0, 0, 0);
    if end <= local {
        end = end.tomorrow().ok()?;
    }
    Some(schedule::first_instant(&zone, end))
}

impl Votes<'_> {
    /// What `channel`'s ballots call, if anyone.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn call_settings(self, channel: &str) -> Result<Option<CallSettings>, ServiceError> {
        Ok(self.0.store.call_settings(channel).await?)
    }

    /// The time zone `channel`'s quiet hours are read in now: the one its
    /// managers chose, else its server's daily post's, else UTC.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn quiet_zone(self, channel: &str) -> Result<String, ServiceError> {
        let chosen = self.0.store.quiet_zone(channel).await?;
        Ok(chosen.unwrap_or_else(|| QUIET_ZONE.to_string()))
    }

    /// Makes `role` the one `channel`'s ballots call (its reminder as it
    /// was, or the default), or with `None` calls nobody. Whether the
    /// platform lets the bot hand out and mention the role is the
    /// adapter's to check first.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server, and for the role that
    /// may start games here: any member could take it by asking to be
    /// called.
    pub async fn set_call_role(
        self,
        channel: &str,
        role: Option<&str>,
        by: &Actor,
    ) -> Result<Option<CallSettings>, ServiceError> {
        by.must_manage("choose-call-role")?;
        let settings = match role {
            None => None,
            Some(role) => {
                if self.0.store.starter_role(channel).await?.as_deref() == Some(role) {
                    return Err(Refusal::CallRoleStarts.into());
                }
                Some(match self.0.store.call_settings(channel).await? {
                    Some(calls) => CallSettings {
                        role: role.to_string(),
                        ..calls
                    },
                    None => CallSettings::calling(role),
                })
            }
        };
        self.0
            .store
            .set_call_settings(channel, settings.as_ref())
            .await?;
        Ok(settings)
    }

    /// Changes `channel`'s reminder.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server, when the channel calls
    /// no role, or for a value out of range or an unknown zone.
    pub async fn set_reminder(
        self,
        channel: &str,
        change: ReminderChange,
        by: &Actor,
    ) -> Result<CallSettings, ServiceError> {
        by.must_manage("choose-call-role")?;
        let mut calls = self
            .0
            .store
            .call_settings(channel)
            .await?
            .ok_or(Refusal::Vote(VoteRefusal::NoCallRole))?;
        if let Some(below) = change.remind_below {
            if below > MAX_REMIND_BELOW {
                return Err(VoteRefusal::RemindBelow {
                    most: MAX_REMIND_BELOW,
                }
                .into());
            }
            calls.remind_below = below;
        }
        if let Some(percent) = change.at_percent {
            if !REMIND_AT_PERCENT.contains(&percent) {
                return Err(VoteRefusal::RemindAt {
                    min: *REMIND_AT_PERCENT.start(),
                    max: *REMIND_AT_PERCENT.end(),
                }
                .into());
            }
            calls.remind_at_percent = percent;
        }
        if let Some(quiet) = change.quiet {
            calls.quiet = quiet;
        }
        if let Some(name) = change.time_zone {
            let zone = schedule::zone(&name).map_err(|_| Refusal::UnknownTimeZone { name })?;
            calls.time_zone = Some(schedule::zone_name(&zone).to_string());
        }
        self.0
            .store
            .set_call_settings(channel, Some(&calls))
            .await?;
        Ok(calls)
    }

    /// Settles every reminder that is due, those that fall due meanwhile
    /// too; returns how many were sent here. One ballot's failure is
    /// logged and leaves it due; the others are settled all the same.
    ///
    /// # Errors
    /// Reading which reminders are due failed.
    pub async fn send_due_reminders(self) -> Result<usize, ServiceError> {
        let mut sent = 0;
        loop {
            let mut settled = 0;
            for ballot in self.0.store.due_reminders(self.0.now()).await? {
                match self.settle_reminder(ballot).await {
                    Ok(Some(was_sent)) => {
                        settled += 1;
                        sent += usize::from(was_sent);
                    }
                    Ok(None) => {}
                    Err(error) => {
                        tracing::error!(%error, game = ballot.game.0, ply = ballot.ply, "a ballot's reminder failed");
                    }
                }
            }
            if settled == 0 {
                return Ok(sent);
            }
        }
    }

    /// Decides `ballot`'s reminder and settles it: whether it was sent,
    /// or `None` when it was not settled here (another process was first,
    /// or quiet hours postponed it).
    async fn settle_reminder(self, id: BallotId) -> Result<Option<bool>, ServiceError> {
        let now = self.0.now();
        let (game, ballot) = (
            self.0.store.game(id.game).await?,
            self.0.store.ballot(id).await?,
        );
        let (Some(game), Some(ballot)) = (game, ballot) else {
            return Ok(self
                .settle(id, Settlement::Skip, now)
                .await?
                .then_some(false));
        };
        if game.status != GameStatus::Active || ballot.status != BallotStatus::Open {
            return Ok(self
                .settle(id, Settlement::Skip, now)
                .await?
                .then_some(false));
        }
        let position = crate::games::load(&game)?;
        let sides = self.0.sides_of(id.game, &position).await?;
        let channel = sides
            .of_seat(ballot.seat)
            .map_or_else(|| game.channel.clone(), |s| s.side.channel.clone());
        // The settings now: a role cleared since the ballot opened calls
        // nobody, a threshold raised since counts.
        let Some(calls) = self.0.store.call_settings(&channel).await? else {
            return Ok(self
                .settle(id, Settlement::Skip, now)
                .await?
                .then_some(false));
        };
        let voters = self.0.store.turnout(id).await?;
        if voters >= calls.remind_below || ballot.deadline <= now {
            return Ok(self
                .settle(id, Settlement::Skip, now)
                .await?
                .then_some(false));
        }
        let zone = self.0.store.quiet_zone(&channel).await?;
        match quiet_until(now, calls.quiet, zone.as_deref().unwrap_or(QUIET_ZONE)) {
            Some(end) if end < ballot.deadline => {
                self.settle(id, Settlement::Postpone(end), now).await?;
                self.0.deadlines_changed.notify_one();
                Ok(None)
            }
            Some(_) => Ok(self
                .settle(id, Settlement::Skip, now)
                .await?
                .then_some(false)),
            None => {
                let post = Announcement::BallotReminder {
                    ply: id.ply,
                    deadline: ballot.deadline,
                    voters,
                    role: calls.role,
                }
                .to_outbox();
                let send = Settlement::Send {
                    channel: &channel,
                    post: &post,
                };
                Ok(self.settle(id, send, now).await?.then_some(true))
            }
        }
    }

    async fn settle(
        self,
        id: BallotId,
        settlement: Settlement<'_>,
        now: Millis,
    ) -> Result<bool, ServiceError> {
        Ok(self.0.store.settle_reminder(id, settlement, now).await?)
    }
}

impl Service {
    /// The role a ballot opening in `channel` calls, and when that
    /// ballot's reminder is due.
    pub(crate) async fn calling_for(
        &self,
        channel: &str,
        opened: Millis,
        deadline: Millis,
    ) -> Result<(Option<String>, Option<Millis>), ServiceError> {
        Ok(match self.store.call_settings(channel).await? {
            Some(calls) => {
                let remind_at = calls.remind_at(opened, deadline);
                (Some(calls.role), remind_at)
            }
            None => (None, None),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn quiet_hours_read_as_managers_type_them() {
        assert_eq!(parse_quiet_hours("22-7"), Ok(Some((22, 7))));
        assert_eq!(parse_quiet_hours(" 22:00 - 07:00 "), Ok(Some((22, 7))));
        assert_eq!(parse_quiet_hours("1-6"), Ok(Some((1, 6))));
        assert_eq!(parse_quiet_hours("OFF"), Ok(None));
        assert_eq!(parse_quiet_hours("Ninguna"), Ok(None));
        assert_eq!(parse_quiet_hours("なし"), Ok(None));
        assert_eq!(parse_quiet_hours("２２〜７"), Ok(Some((22, 7))));
        assert_eq!(parse_quiet_hours("22–7"), Ok(Some((22, 7))));
        for junk in [
            "", "22", "22-22", "24-7", "7-", "-7", "22:30-7", "a-b", "1-2-3",
        ] {
            assert!(parse_quiet_hours(junk).is_err(), "{junk:?} was accepted");
        }
    }

    #[test]
    fn quiet_hours_may_run_over_midnight() {
        assert!(quiet_at(23, (22, 7)) && quiet_at(3, (22, 7)));
        assert!(!quiet_at(7, (22, 7)) && !quiet_at(12, (22, 7)));
        assert!(quiet_at(1, (1, 6)) && !quiet_at(6, (1, 6)) && !quiet_at(0, (1, 6)));
    }

    #[test]
    fn quiet_hours_end_at_the_local_hour() {
        let quiet = Some((22, 7));
        // 2026-12-05 14:00 UTC is 23:00 in Tokyo: quiet until 07:00 there,
        // 22:00 UTC.
        let at = 1_796_479_200_000;
        assert_eq!(
            quiet_until(at, quiet, "Asia/Tokyo"),
            Some(at + 8 * 3_600_000)
        );
        // 02:00 UTC is 11:00 in Tokyo: not quiet.
        assert_eq!(quiet_until(at - 12 * 3_600_000, quiet, "Asia/Tokyo"), None);
    }

    #[test]
    fn quiet_hours_keep_to_the_wall_clock_across_daylight_saving() {
        const HOUR: i64 = 3_600_000;
        // New York springs forward on 2025-03-09 at 02:00 (to 03:00) and
        // falls back on 2025-11-02 at 02:00 (to 01:00).
        let spring_0030_est = 1_741_498_200_000; // 00:30 EST = 05:30 UTC
        // Quiet 22-3: ends at 03:00 EDT, one wall hour after the gap,
        // 1.5 real hours later.
        assert_eq!(
            quiet_until(spring_0030_est, Some((22, 3)), "America/New_York"),
            Some(spring_0030_est + 3 * HOUR / 2)
        );
        let fall_0030_edt = 1_762_057_800_000; // 00:30 EDT = 04:30 UTC
        // Quiet 0-2: ends at the second 01:00's end, 02:00 EST, 2.5 real
        // hours later.
        assert_eq!(
            quiet_until(fall_0030_edt, Some((0, 2)), "America/New_York"),
            Some(fall_0030_edt + 5 * HOUR / 2)
        );
    }

    #[test]
    fn a_reminder_is_due_at_its_share_of_the_ballot() {
        let calls = CallSettings::calling("1");
        assert_eq!(calls.remind_at(1_000, 5_000), Some(4_000));
        let never = CallSettings {
            remind_below: 0,
            ..calls
        };
        assert_eq!(never.remind_at(1_000, 5_000), None);
    }

    proptest! {
        #[test]
        fn quiet_hours_never_panic_and_read_back(text in "\\PC{0,30}") {
            if let Ok(Some((from, to))) = parse_quiet_hours(&text) {
                prop_assert!(from < 24 && to < 24 && from != to);
                prop_assert_eq!(parse_quiet_hours(&format!("{from}-{to}")), Ok(Some((from, to))));
            }
        }
    }
}
