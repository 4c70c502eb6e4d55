//! Who may vote, through the votes door on both backends: a server's
//! rules refuse nobody until its managers set them, each rule then
//! refuses and counts once per refused vote and writes no vote, a
//! league's minimums tighten the server's in the league's games, and only
//! managers set the rules or read the counts. League games serve here as
//! the community games they are, and are the only ones with a league.

use super::*;
use crate::{
    Member, MemberFacts, MembersFuture, PollFuture, PollSource, RoleId, ServerMember, VoteRefusal,
    VoterRule, VoterRules, parse_voter_threshold,
};
use holotable_store::BallotId;

/// Two communities' league, started, its first game's threads open: the
/// game, the thread voting first, and that side's server.
async fn first_game(
    service: &Service,
    store: &Store,
    clock: &ManualClock,
) -> (GameId, String, ServerKey) {
    let leagues = service.leagues();
    let league = entered(service, clock, spec(START + DAY_MS), 2).await;
    clock.set(START + DAY_MS);
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().started,
        [league.id]
    );
    open_threads(store, leagues, league.id, Round(1)).await;
    let game = store.league_games(league.id).await.unwrap()[0]
        .game
        .expect("the first game is made");
    let side = store
        .sides(game)
        .await
        .unwrap()
        .into_iter()
        .find(|side| side.seats.contains(&0))
        .expect("seat 0 has a side");
    let server = ServerKey(side.server.clone().expect("a league side has its server"));
    (game, side.channel, server)
}

/// A member of `server` whose account is `age` old and who joined
/// `in_server` ago (at the clock's `now`).
fn member<'a>(
    id: &'a str,
    server: &'a ServerKey,
    now: Millis,
    age: Millis,
    in_server: Millis,
    roles: &'a [RoleId],
) -> ServerMember<'a> {
    ServerMember {
        id,
        server,
        facts: Member {
            account_created: now - age,
            joined: Some(now - in_server),
            roles,
        },
    }
}

fn not_yet<T: std::fmt::Debug>(result: Result<T, ServiceError>) {
    match result {
        Err(ServiceError::Refused(Refusal::Vote(VoteRefusal::NotAVoterYet))) => {}
        other => panic!("expected the voter rules' refusal, got {other:?}"),
    }
}

async fn voters(store: &Store, ballot: holotable_store::BallotId) -> Vec<String> {
    let mut voters: Vec<String> = store
        .votes(ballot)
        .await
        .unwrap()
        .into_iter()
        .map(|(voter, _)| voter)
        .collect();
    voters.sort();
    voters
}

/// With no rules set, a brand-new account that joined this instant votes.
async fn defaults(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let (game, thread, server) = first_game(&service, &store, &clock).await;
    let now = clock.now();
    let newcomer = member("newcomer", &server, now, 0, 0, &[]);
    service
        .votes()
        .cast_as(&thread, &newcomer, "1", now)
        .await
        .unwrap();
    let ballot = open_ballot(&store, game).await;
    assert_eq!(voters(&store, ballot.id).await, ["newcomer"]);
    assert_eq!(
        service
            .votes()
            .rules(&server, &manager("m1"))
            .await
            .unwrap(),
        VoterRules::default()
    );
    assert_eq!(
        service
            .votes()
            .refusal_counts(&server, &manager("m1"))
            .await
            .unwrap(),
        []
    );
    service.close().await;
    db.drop().await;
}
on_both!(the_default_voter_rules_refuse_nobody, defaults);

/// Each rule refuses the member who breaks it, by a command, a menu or a
/// poll, writes no vote, and counts each refused vote once under its
/// rule; the member is told nothing of the thresholds.
async fn each_rule(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let (game, thread, server) = first_game(&service, &store, &clock).await;
    let votes = service.votes();
    let rules = VoterRules {
        min_account_age_ms: 7 * DAY_MS,
        min_time_in_server_ms: DAY_MS,
        required_role: Some(RoleId("42".into())),
    };
    votes
        .set_rules(&server, rules.clone(), &manager("m1"))
        .await
        .unwrap();
    assert_eq!(votes.rules(&server, &manager("m1")).await.unwrap(), rules);
    let ballot = open_ballot(&store, game).await;
    let now = clock.now();
    let voter_role = [RoleId("42".into())];
    let young = member(
        "young",
        &server,
        now,
        7 * DAY_MS - 1,
        30 * DAY_MS,
        &voter_role,
    );
    let new_here = member(
        "new-here",
        &server,
        now,
        30 * DAY_MS,
        DAY_MS - 1,
        &voter_role,
    );
    let no_role = member("no-role", &server, now, 30 * DAY_MS, 30 * DAY_MS, &[]);

    not_yet(votes.cast_as(&thread, &young, "1", now).await);
    not_yet(votes.cast_as(&thread, &young, "1", now).await);
    not_yet(
        votes
            .cast_on_as(&thread, ballot.id, &new_here, "1", now)
            .await,
    );
    not_yet(votes.poll_vote_as(&thread, ballot.id, &no_role, 1).await);
    assert_eq!(voters(&store, ballot.id).await, Vec::<String>::new());
    assert_eq!(
        votes.refusal_counts(&server, &manager("m1")).await.unwrap(),
        [
            (VoterRule::AccountAge, 2),
            (VoterRule::Role, 1),
            (VoterRule::TimeInServer, 1),
        ]
    );

    let refusal = Refusal::Vote(VoteRefusal::NotAVoterYet).text(holotable_i18n::Lang::En);
    assert!(
        refusal.contains("cannot vote in this server's games yet"),
        "{refusal}"
    );
    assert!(
        !refusal.contains('7') && !refusal.contains("day") && !refusal.contains("42"),
        "the thresholds are the managers' to see: {refusal}"
    );

    let old_hand = member("old-hand", &server, now, 7 * DAY_MS, DAY_MS, &voter_role);
    votes.cast_as(&thread, &old_hand, "1", now).await.unwrap();
    assert_eq!(voters(&store, ballot.id).await, ["old-hand"]);

    // Whom the rules keep from voting they keep from suggesting a move and
    // backing one, without counting those as refused votes.
    not_yet(
        votes
            .suggest_as(&thread, &young, "1", "the centre", now)
            .await,
    );
    let made = votes
        .suggest_as(&thread, &old_hand, "1", "the centre", now)
        .await
        .unwrap();
    not_yet(votes.back_suggestion_as(&thread, made.id, &no_role).await);
    let listed = votes.suggestions(ballot.id).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].author.as_str(), listed[0].backers),
        ("old-hand", 0)
    );
    assert_eq!(
        votes.refusal_counts(&server, &manager("m1")).await.unwrap(),
        [
            (VoterRule::AccountAge, 2),
            (VoterRule::Role, 1),
            (VoterRule::TimeInServer, 1),
        ],
        "the refused votes' counts, unchanged"
    );
    service.close().await;
    db.drop().await;
}
on_both!(each_voter_rule_refuses_counts_and_writes_no_vote, each_rule);

/// A league's minimums apply in its games where they are longer than the
/// server's, which keeps its own role.
async fn league_minimums(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let (game, thread, server) = first_game(&service, &store, &clock).await;
    // The league door sets no minimums yet: they are written as a league
    // created with them would hold them, before anyone votes.
    tamper(
        &store,
        &format!("UPDATE leagues SET min_time_in_server_ms = {}", 3 * DAY_MS),
    )
    .await;
    let votes = service.votes();
    votes
        .set_rules(
            &server,
            VoterRules {
                min_time_in_server_ms: DAY_MS,
                ..VoterRules::default()
            },
            &manager("m1"),
        )
        .await
        .unwrap();
    let now = clock.now();
    let two_days = member("two-days", &server, now, 30 * DAY_MS, 2 * DAY_MS, &[]);
    not_yet(votes.cast_as(&thread, &two_days, "1", now).await);
    let three_days = member("three-days", &server, now, 30 * DAY_MS, 3 * DAY_MS, &[]);
    votes.cast_as(&thread, &three_days, "1", now).await.unwrap();
    let ballot = open_ballot(&store, game).await;
    assert_eq!(voters(&store, ballot.id).await, ["three-days"]);
    assert_eq!(
        votes.refusal_counts(&server, &manager("m1")).await.unwrap(),
        [(VoterRule::TimeInServer, 1)]
    );
    service.close().await;
    db.drop().await;
}
on_both!(a_league_s_minimums_tighten_the_server_s, league_minimums);

/// Only managers set the rules or read the counts; a threshold that is
/// not a length, or is longer than a year, is refused and changes nothing.
async fn managers_only(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (_store, service) = open(&db.url, &clock).await;
    let votes = service.votes();
    let server = server(1);
    let member = Actor {
        id: "member".into(),
        name: "a member".into(),
        can_manage: false,
    };
    let strict = VoterRules {
        min_account_age_ms: DAY_MS,
        ..VoterRules::default()
    };
    let not_allowed = |result: Result<_, ServiceError>, action: &str| match result {
        Err(ServiceError::Refused(Refusal::NotAllowed { action: a })) => assert_eq!(a, action),
        other => panic!("expected NotAllowed, got {other:?}"),
    };
    not_allowed(
        votes
            .set_rules(&server, strict.clone(), &member)
            .await
            .map(drop),
        "choose-voter-rules",
    );
    not_allowed(
        votes.refusal_counts(&server, &member).await.map(drop),
        "see-vote-refusals",
    );
    not_allowed(
        votes.rules(&server, &member).await.map(drop),
        "choose-voter-rules",
    );
    assert_eq!(
        votes.rules(&server, &manager("m1")).await.unwrap(),
        VoterRules::default()
    );

    for typed in ["3 days", "3", "-1d", "366d", "1.5d", "d"] {
        assert!(
            matches!(
                parse_voter_threshold(typed),
                Err(Refusal::Vote(VoteRefusal::BadThreshold { .. }))
            ),
            "{typed:?} was read"
        );
    }
    let too_long = VoterRules {
        min_time_in_server_ms: 366 * DAY_MS,
        ..VoterRules::default()
    };
    assert!(matches!(
        votes.set_rules(&server, too_long, &manager("m1")).await,
        Err(ServiceError::Refused(Refusal::Vote(
            VoteRefusal::ThresholdTooLong { .. }
        )))
    ));
    assert_eq!(
        votes.rules(&server, &manager("m1")).await.unwrap(),
        VoterRules::default()
    );
    votes
        .set_rules(&server, strict.clone(), &manager("m1"))
        .await
        .unwrap();
    assert_eq!(votes.rules(&server, &manager("m1")).await.unwrap(), strict);
    service.close().await;
    db.drop().await;
}
on_both!(only_managers_set_voter_rules, managers_only);

/// At the close, a poll's answer counts under voter rules only if the
/// member was checked: their vote recorded when it came, or their member
/// read by the platform at the close and admitted. An answer nobody can
/// check is left out. Without rules every answer counts, as before.
async fn poll_answers(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let (game, thread, server) = first_game(&service, &store, &clock).await;
    // The thread is its community's from its opening, before any command
    // or vote there: its language and its voter rules are the server's.
    assert_eq!(
        store.channel_server(&thread).await.unwrap().as_deref(),
        Some(server.as_str())
    );
    service
        .servers()
        .choose_language(server.as_str(), holotable_i18n::Lang::Es, &manager("m1"))
        .await
        .unwrap();
    assert_eq!(
        service.servers().channel_language(&thread).await.unwrap(),
        holotable_i18n::Lang::Es,
        "the thread's posts speak its server's language"
    );
    let ballot = open_ballot(&store, game).await;
    let answers = [("checked".to_string(), 1), ("unseen".to_string(), 1)];

    service.reconcile_poll(ballot.id, &answers).await.unwrap();
    assert_eq!(voters(&store, ballot.id).await, ["checked", "unseen"]);

    service
        .votes()
        .set_rules(
            &server,
            VoterRules {
                min_account_age_ms: DAY_MS,
                ..VoterRules::default()
            },
            &manager("m1"),
        )
        .await
        .unwrap();
    store
        .withdraw_poll_vote(ballot.id, "unseen", &ballot.featured[0], clock.now())
        .await
        .unwrap();
    service.reconcile_poll(ballot.id, &answers).await.unwrap();
    assert_eq!(voters(&store, ballot.id).await, ["checked"]);

    // A platform that can read members now: an unchecked answer counts if
    // its member passes the rules, and only then.
    let now = clock.now();
    let old = |id: &str, created: Millis| MemberFacts {
        id: id.into(),
        account_created: created,
        joined: None,
        roles: Vec::new(),
    };
    service.votes().set_poll_source(Arc::new(ReadsMembers(vec![
        old("unseen", now - 2 * DAY_MS),
        old("young", now - DAY_MS / 2),
    ])));
    let answers = [
        ("checked".to_string(), 1),
        ("unseen".to_string(), 1),
        ("young".to_string(), 1),
        ("unread".to_string(), 1),
    ];
    service.reconcile_poll(ballot.id, &answers).await.unwrap();
    assert_eq!(voters(&store, ballot.id).await, ["checked", "unseen"]);
    service.close().await;
    db.drop().await;
}

/// A platform whose polls' members are these; any other cannot be read.
struct ReadsMembers(Vec<MemberFacts>);

impl PollSource for ReadsMembers {
    fn final_answers(&self, _: BallotId) -> PollFuture<'_> {
        Box::pin(async { Ok(None) })
    }

    fn members(&self, _: BallotId, _: ServerKey, voters: Vec<String>) -> MembersFuture<'_> {
        let read = self
            .0
            .iter()
            .filter(|m| voters.contains(&m.id))
            .cloned()
            .collect();
        Box::pin(async move { read })
    }
}
on_both!(
    a_poll_answer_no_checked_vote_vouches_for_is_left_out,
    poll_answers
);
