//! Calling members, at the service: the role a ballot calls when it opens,
//! its one reminder when few have voted (none when enough have, none in
//! quiet hours, never twice, whichever process reaches it), each side of a
//! game between communities calling only its own role, and the refusals
//! that leave the settings as they were.

use crate::support::actors::{manager, member};
use crate::support::backends::{Backend, on_each_backend};
use crate::support::service::{admin, community_game, fresh_service, open_service, refusal};
use crate::support::versus::{GUEST, HOST, MINUTE, Versus};
use holotable::model::CallSettings;
use holotable::service::VoteRefusal;
use holotable::service::{
    Announcement, Clock, ManualClock, Refusal, ReminderChange, Service, Settings,
};
use holotable_store::{BallotState, Store};
use std::sync::Arc;

const CHANNEL: &str = "channel-1";
const ROLE: &str = "77";
const START: i64 = 1_700_000_000_000;

struct Channel {
    _db: crate::support::backends::TestDatabase,
    url: String,
    clock: ManualClock,
    store: Store,
    service: Service,
}

async fn channel_calling(backend: Backend, vote_ms: i64) -> Channel {
    let clock = ManualClock::starting_at(START);
    let settings = Settings {
        vote_ms,
        max_vote_ms: vote_ms.max(Settings::default().max_vote_ms),
        ..Settings::default()
    };
    let fresh = fresh_service(
        backend,
        &clock,
        Arc::new(holotable::service::EngineOpponent),
        settings,
    )
    .await;
    fresh
        .service
        .votes()
        .set_call_role(CHANNEL, Some(ROLE), &admin())
        .await
        .unwrap();
    Channel {
        url: fresh.db.url.clone(),
        _db: fresh.db,
        clock,
        store: fresh.store,
        service: fresh.service,
    }
}

impl Channel {
    async fn start(&self) -> BallotState {
        let request = community_game(CHANNEL, "random", 7);
        self.service.games().start(request).await.unwrap();
        self.ballot().await
    }

    async fn ballot(&self) -> BallotState {
        self.service
            .games()
            .status(CHANNEL)
            .await
            .unwrap()
            .ballot
            .unwrap()
    }

    async fn shown(&self) -> Vec<Announcement> {
        self.store
            .outbox()
            .pending_announcements(i64::MAX, 10_000)
            .await
            .unwrap()
            .iter()
            .map(|row| serde_json::from_str(&row.payload).unwrap())
            .collect()
    }

    async fn reminders(&self) -> Vec<(u32, u32)> {
        self.shown()
            .await
            .into_iter()
            .filter_map(|a| match a {
                Announcement::BallotReminder { ply, voters, .. } => Some((ply, voters)),
                _ => None,
            })
            .collect()
    }

    async fn vote(&self, voter: &str) {
        self.service
            .votes()
            .cast(CHANNEL, voter, "1", self.clock.now())
            .await
            .unwrap();
    }
}

on_each_backend! {
#[tokio::test]
async fn a_ballot_calls_the_role_and_reminds_it_once_when_few_voted(backend) {
    let channel = channel_calling(backend, 8 * MINUTE).await;
    let ballot = channel.start().await;
    let called: Vec<Option<String>> = channel
        .shown()
        .await
        .into_iter()
        .filter_map(|a| match a {
            Announcement::BallotOpened { call, .. } => Some(call),
            _ => None,
        })
        .collect();
    assert_eq!(called, vec![Some(ROLE.to_string())]);
    channel.vote("ann").await;

    // Due at three quarters of the ballot's eight minutes, not before.
    let due = ballot.opened_at + 6 * MINUTE;
    channel.clock.set(due - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    channel.clock.set(due);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 1);
    assert_eq!(channel.reminders().await, vec![(ballot.id.ply, 1)]);

    // Never again: not here, not from a second process, not after a restart.
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    let (_, other) = open_service(
        &channel.url,
        &channel.clock,
        Arc::new(holotable::service::EngineOpponent),
        Settings::default(),
    )
    .await;
    assert_eq!(other.votes().send_due_reminders().await.unwrap(), 0);
    assert_eq!(channel.reminders().await.len(), 1);
}
}

on_each_backend! {
#[tokio::test]
async fn no_reminder_goes_out_when_enough_members_voted(backend) {
    let channel = channel_calling(backend, 8 * MINUTE).await;
    let ballot = channel.start().await;
    for voter in ["ann", "bob", "cy"] {
        channel.vote(voter).await;
    }
    channel.clock.set(ballot.deadline - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    assert!(channel.reminders().await.is_empty());
    // Settled as not needed: a threshold raised after it was due does not
    // revive it.
    let more = ReminderChange {
        remind_below: Some(5),
        ..ReminderChange::default()
    };
    channel.service.votes().set_reminder(CHANNEL, more, &admin()).await.unwrap();
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    assert!(channel.reminders().await.is_empty());
}
}

on_each_backend! {
#[tokio::test]
async fn a_role_cleared_while_a_ballot_is_open_is_not_reminded(backend) {
    let channel = channel_calling(backend, 8 * MINUTE).await;
    let ballot = channel.start().await;
    channel.service.votes().set_call_role(CHANNEL, None, &admin()).await.unwrap();
    channel.clock.set(ballot.deadline - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    // Chosen again: this ballot's reminder was settled, the next one's is not.
    channel.service.votes().set_call_role(CHANNEL, Some(ROLE), &admin()).await.unwrap();
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    assert!(channel.reminders().await.is_empty());
}
}

on_each_backend! {
#[tokio::test]
async fn quiet_hours_hold_the_reminder_until_they_end(backend) {
    // START is 22:13 UTC; an eight-hour ballot's reminder falls due at
    // 04:13, inside quiet hours of 3 to 5, and goes out at 05:00.
    let channel = channel_calling(backend, 8 * 60 * MINUTE).await;
    let change = ReminderChange {
        quiet: Some(Some((3, 5))),
        ..ReminderChange::default()
    };
    let calls = channel
        .service
        .votes().set_reminder(CHANNEL, change, &admin())
        .await
        .unwrap();
    assert_eq!(calls.time_zone, None);
    assert_eq!(channel.service.votes().quiet_zone(CHANNEL).await.unwrap(), "UTC");
    let ballot = channel.start().await;
    channel.clock.set(ballot.opened_at + 6 * 60 * MINUTE);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    let five = 1_700_024_400_000; // 2023-11-15 05:00 UTC
    channel.clock.set(five - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    channel.clock.set(five);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 1);
    assert_eq!(channel.reminders().await, vec![(ballot.id.ply, 0)]);
}
}

on_each_backend! {
#[tokio::test]
async fn a_reminder_quiet_until_after_the_close_never_goes_out(backend) {
    let channel = channel_calling(backend, 8 * 60 * MINUTE).await;
    let change = ReminderChange {
        quiet: Some(Some((3, 7))),
        ..ReminderChange::default()
    };
    channel
        .service
        .votes().set_reminder(CHANNEL, change, &admin())
        .await
        .unwrap();
    let ballot = channel.start().await;
    channel.clock.set(ballot.opened_at + 6 * 60 * MINUTE);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    channel.clock.set(ballot.deadline - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    assert!(channel.reminders().await.is_empty());
}
}

on_each_backend! {
#[tokio::test]
async fn calling_settings_refuse_what_would_not_work_and_keep_what_was(backend) {
    let channel = channel_calling(backend, 8 * MINUTE).await;
    let service = &channel.service;
    let before = service.votes().call_settings(CHANNEL).await.unwrap();
    assert_eq!(before, Some(CallSettings::calling(ROLE)));
    let change = |f: fn(&mut ReminderChange)| {
        let mut change = ReminderChange::default();
        f(&mut change);
        change
    };
    let refused = [
        (change(|c| c.at_percent = Some(5)), Refusal::Vote(VoteRefusal::RemindAt { min: 10, max: 95 })),
        (change(|c| c.remind_below = Some(5_000)), Refusal::Vote(VoteRefusal::RemindBelow { most: 1000 })),
        (
            change(|c| c.time_zone = Some("Mars/Olympus".into())),
            Refusal::UnknownTimeZone { name: "Mars/Olympus".into() },
        ),
    ];
    for (change, expected) in refused {
        let result = service.votes().set_reminder(CHANNEL, change, &admin()).await;
        assert_eq!(refusal(result), expected);
    }
    let by_member = service.votes().set_call_role(CHANNEL, Some("99"), &member("ann")).await;
    assert_eq!(refusal(by_member), Refusal::NotAllowed { action: "choose-call-role" });
    assert_eq!(service.votes().call_settings(CHANNEL).await.unwrap(), before);

    // A role chosen again keeps the reminder; none at all refuses one.
    let quiet = change(|c| c.quiet = Some(Some((22, 7))));
    service.votes().set_reminder(CHANNEL, quiet, &admin()).await.unwrap();
    let moved = service.votes().set_call_role(CHANNEL, Some("88"), &admin()).await.unwrap();
    assert_eq!(moved.map(|c| (c.role, c.quiet)), Some(("88".into(), Some((22, 7)))));
    service.votes().set_call_role(CHANNEL, None, &admin()).await.unwrap();
    let none = service.votes().set_reminder(CHANNEL, ReminderChange::default(), &admin()).await;
    assert_eq!(refusal(none), Refusal::Vote(VoteRefusal::NoCallRole));

    // The role that starts games cannot be the one members join, either way.
    service.servers().set_starter_role(CHANNEL, Some("55"), &admin()).await.unwrap();
    let starts = service.votes().set_call_role(CHANNEL, Some("55"), &admin()).await;
    assert_eq!(refusal(starts), Refusal::CallRoleStarts);
    service.votes().set_call_role(CHANNEL, Some("66"), &admin()).await.unwrap();
    let called = service.servers().set_starter_role(CHANNEL, Some("66"), &admin()).await;
    assert_eq!(refusal(called), Refusal::CallRoleStarts);
}
}

on_each_backend! {
#[tokio::test]
async fn each_community_calls_its_own_role_for_its_own_ballots(backend) {
    let versus = Versus::new(backend).await;
    for (channel, role) in [(HOST, "11"), (GUEST, "22")] {
        versus
            .service
            .votes().set_call_role(channel, Some(role), &manager("m"))
            .await
            .unwrap();
    }
    versus.started().await;
    let calls_in = |shown: Vec<Announcement>| -> Vec<Option<String>> {
        shown
            .into_iter()
            .filter_map(|a| match a {
                Announcement::BallotOpened { call, .. } => Some(call),
                Announcement::OtherSideVoting { .. } => Some(None),
                _ => None,
            })
            .collect()
    };
    // The host plays white and votes first: only its role is called.
    assert_eq!(calls_in(versus.shown_in(HOST).await), vec![Some("11".into())]);
    assert_eq!(calls_in(versus.shown_in(GUEST).await), vec![None]);

    // The reminder goes to the voting side's channel, with its role.
    versus.clock.advance(8 * MINUTE);
    assert_eq!(versus.service.votes().send_due_reminders().await.unwrap(), 1);
    let reminded = |shown: Vec<Announcement>| -> Vec<String> {
        shown
            .into_iter()
            .filter_map(|a| match a {
                Announcement::BallotReminder { role, .. } => Some(role),
                _ => None,
            })
            .collect()
    };
    assert_eq!(reminded(versus.shown_in(HOST).await), vec!["11".to_string()]);
    assert!(reminded(versus.shown_in(GUEST).await).is_empty());

    versus.vote(HOST, "ann", "1").await.unwrap();
    versus.close().await;
    assert_eq!(
        calls_in(versus.shown_in(GUEST).await),
        vec![None, Some("22".into())]
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_resumed_ballot_is_reminded_afresh(backend) {
    let channel = channel_calling(backend, 8 * MINUTE).await;
    let ballot = channel.start().await;
    // Nobody votes: reminded once, extended once without a second
    // reminder, then paused.
    channel.clock.set(ballot.opened_at + 6 * MINUTE);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 1);
    channel.clock.set(ballot.deadline);
    channel.service.turns().close_due().await.unwrap();
    let extended = channel.ballot().await;
    channel.clock.set(extended.deadline - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    channel.clock.set(extended.deadline);
    channel.service.turns().close_due().await.unwrap();
    assert_eq!(
        channel.service.games().status(CHANNEL).await.unwrap().game.status,
        holotable::model::GameStatus::Paused
    );

    // A manager resumes it: a fresh vote, with a fresh reminder at its
    // share of the new time, once.
    channel.service.games().resume(CHANNEL, &admin()).await.unwrap();
    let resumed = channel.ballot().await;
    assert_eq!(resumed.id, ballot.id);
    channel.clock.set(resumed.deadline - 2 * MINUTE - 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    channel.clock.set(resumed.deadline - 2 * MINUTE);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 1);
    assert_eq!(channel.service.votes().send_due_reminders().await.unwrap(), 0);
    assert_eq!(channel.reminders().await, vec![(ballot.id.ply, 0), (ballot.id.ply, 0)]);
}
}
