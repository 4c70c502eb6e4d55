//! Community against community through the real `holotable bot` and the
//! Discord stand-in: a challenge in one server accepted in another of
//! another language and played to its end, a game between two channels of
//! one server, the lobby, withdrawing, resigning, and every refusal.
//!
//! Ballots are menus only (no native polls), so each side's live tally is
//! a message edit the stand-in sees, and a tally leaking to the other
//! side's channel would be seen too.

use crate::support::discord_bot::{
    Bot, MENUS_ONLY, SPACE_CHECKERS, STEP, admin, assert_clean, start_options, vote_options, voter,
};
use crate::support::discord_standin::{Answer, Guild, MANAGE_GUILD, Posted, StandIn, User};
use crate::support::discord_versus::{
    accept_options, challenge_options, choose, code_in, in_channel, live_menu, subcommand,
};

use serde_json::{Value, json};
use std::collections::HashSet;

/// `/settings language`'s choice of Spanish.
const SPANISH: u64 = 1;

/// A manager of the second server, whose Discord speaks Spanish.
fn manager_es() -> User {
    User::new(700_000_000_000_000_002, "Bea", MANAGE_GUILD).speaking("es-ES")
}

pub(super) async fn start(guilds: u64, withheld: &[u64]) -> (tempfile::TempDir, StandIn, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start_sharded(guilds, 1).await;
    for &guild in withheld {
        standin.withhold_guild(guild);
    }
    let bot = Bot::start(&standin, dir.path(), &[MENUS_ONLY]);
    standin.wait_ready().await;
    (dir, standin, bot)
}

/// `user` runs `/community …` in `channel`; the bot's final answer.
pub(super) async fn community(
    standin: &StandIn,
    channel: u64,
    user: &User,
    options: Value,
) -> Answer {
    let id = standin.slash_in(channel, user, "community", options, 2);
    standin.answer(id).await
}

pub(super) fn text(answer: &Answer) -> String {
    answer.text().unwrap_or_default()
}

/// The title and description of every embed an answer carries.
fn embed_text(answer: &Answer) -> String {
    let data = answer.callbacks.iter().map(|c| &c["data"]);
    data.chain(&answer.later)
        .filter_map(|body| body["embeds"].as_array())
        .flatten()
        .map(|embed| {
            format!(
                "{}\n{}",
                embed["title"].as_str().unwrap_or_default(),
                embed["description"].as_str().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The message an answer left (its last edit, else the reply), in
/// `channel`, so a test can press its buttons.
fn left_message(answer: &Answer, channel: u64) -> Posted {
    let last = answer
        .later
        .last()
        .cloned()
        .unwrap_or_else(|| answer.callbacks[0]["data"].clone());
    Posted {
        id: answer.id,
        channel,
        content: text(answer),
        components: last["components"].clone(),
        poll: None,
        poll_expired: false,
        images: Vec::new(),
        edits: 0,
        mentions: last["allowed_mentions"].clone(),
    }
}

/// The (custom id, label) of every button of `message`.
fn buttons(message: &Posted) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for row in message.components.as_array().into_iter().flatten() {
        for button in row["components"].as_array().into_iter().flatten() {
            if button["type"] == 2 {
                found.push((
                    button["custom_id"].as_str().unwrap_or_default().to_string(),
                    button["label"].as_str().unwrap_or_default().to_string(),
                ));
            }
        }
    }
    found
}

/// The answer to a press or a pick: its reply, or the message it left.
async fn clicked(standin: &StandIn, id: u64) -> (String, Answer) {
    let answer = standin.answer(id).await;
    (text(&answer), answer)
}

pub(super) async fn wait_in(standin: &StandIn, channel: u64, text: &str) -> Posted {
    standin
        .wait_for(STEP, text, |s| {
            in_channel(s, channel)
                .into_iter()
                .find(|m| m.content.contains(text))
        })
        .await
}

/// Challenges from `from` and accepts in `to` (both by `admin()`):
/// a Space Checkers game between the two channels.
async fn play_between(standin: &StandIn, from: u64, to: u64, vote: &str) {
    let answer = community(standin, from, &admin(), challenge_options(vote, false)).await;
    let code = code_in(&text(&answer));
    let accepted = community(standin, to, &admin(), accept_options(&code)).await;
    assert!(
        text(&accepted).starts_with("Challenge accepted"),
        "{accepted:?}"
    );
    for channel in [from, to] {
        wait_in(
            standin,
            channel,
            "A new game of Space Checkers begins against",
        )
        .await;
    }
}

/// The messages of `channel` that name `mv` now.
fn mentions_of(standin: &StandIn, channel: u64, mv: &str) -> Vec<u64> {
    in_channel(standin, channel)
        .into_iter()
        .filter(|m| m.content.contains(mv))
        .map(|m| m.id)
        .collect()
}

/// Waits for `tally` in `ballot`'s message; `true` when it showed while
/// the ballot was still open (its menus still up), so what the other
/// channel shows now is what it shows before the move.
async fn tally_before_close(standin: &StandIn, ballot: &Posted, tally: &str) -> bool {
    standin
        .wait_for(STEP, "the live tally or the close", |s| {
            let now = s.messages().into_iter().find(|m| m.id == ballot.id)?;
            if now.menu_options().is_empty() {
                return Some(false);
            }
            now.content.contains(tally).then_some(true)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_of_two_languages_play_a_whole_game_through_their_votes() {
    let (_dir, standin, _bot) = start(2, &[]).await;
    let (a, b) = (Guild::nth(0), Guild::nth(1));
    let options = subcommand(
        "language",
        json!([{ "name": "language", "type": 4, "value": SPANISH }]),
    );
    let id = standin.slash_in(b.channel, &manager_es(), "settings", options, 2);
    standin.answer(id).await;

    let answer = community(
        &standin,
        a.channel,
        &admin(),
        challenge_options("4s", false),
    )
    .await;
    let offer = text(&answer);
    assert!(
        answer.ephemeral(),
        "a private code reaches only the manager"
    );
    let code = code_in(&offer);
    assert!(
        offer.contains(&format!("`/community accept code:{code}`")),
        "{offer}"
    );
    assert!(offer.contains("expires <t:"), "{offer}");
    assert!(offer.contains("Only you can see this code"), "{offer}");
    let withdraw = buttons(&left_message(&answer, a.channel));
    assert_eq!(withdraw.len(), 1);
    assert_eq!(withdraw[0].1, "Withdraw");
    assert!(
        standin
            .messages()
            .iter()
            .all(|m| !m.content.contains(&code)),
        "a private challenge posts nothing in the channel"
    );

    let accepted = community(&standin, b.channel, &manager_es(), accept_options(&code)).await;
    assert!(
        text(&accepted).starts_with("Desafío aceptado: la partida"),
        "the accepting manager reads Spanish: {accepted:?}"
    );
    wait_in(
        &standin,
        a.channel,
        "A new game of Space Checkers begins against Rebel Base",
    )
    .await;
    // A private challenge keeps the challenger's server name to itself.
    wait_in(
        &standin,
        b.channel,
        "¡Empieza una nueva partida de Damas espaciales contra la comunidad que juega con blancas!",
    )
    .await;

    let side_a = [voter(1), voter(2)];
    let side_b = [voter(11).speaking("es-ES"), voter(12).speaking("es-ES")];
    let mut seen = HashSet::new();
    let mut ballots = 0;
    // Ballots whose open tally was compared with the other channel.
    let mut checked = 0;
    loop {
        let next = standin
            .wait_for(STEP, "a ballot or the end in both channels", |s| {
                let over = |channel, words: &str| {
                    in_channel(s, channel)
                        .iter()
                        .any(|m| m.content.contains(words))
                };
                if over(a.channel, "Game over") && over(b.channel, "Fin de la partida") {
                    return Some(None);
                }
                live_menu(s, a.channel, &seen)
                    .or_else(|| live_menu(s, b.channel, &seen))
                    .map(Some)
            })
            .await;
        let Some(ballot) = next else { break };
        seen.insert(ballot.id);
        ballots += 1;
        assert!(ballots <= 60, "the game should end in a few ballots");
        let white = ballot.channel == a.channel;
        let (voters, other) = if white {
            (&side_a, b.channel)
        } else {
            (&side_b, a.channel)
        };
        let (menu, mv) = choose(&ballot.menu_options(), white);
        let known = mentions_of(&standin, other, &mv);
        for voter in voters {
            let id = standin.pick(voter, &ballot, &menu, &mv);
            let reply = text(&standin.answer(id).await);
            let cast = if white {
                "You voted for"
            } else {
                "Votaste por"
            };
            assert!(reply.contains(cast), "{reply}");
        }
        let tally = if white {
            "2 votes so far"
        } else {
            "2 votos hasta ahora"
        };
        if tally_before_close(&standin, &ballot, tally).await {
            let tallies: Vec<String> = in_channel(&standin, other)
                .into_iter()
                .map(|m| m.content)
                .filter(|c| c.contains("so far") || c.contains("hasta ahora"))
                .collect();
            assert!(
                tallies.is_empty(),
                "a tally in the other channel: {tallies:?}"
            );
            assert_eq!(
                mentions_of(&standin, other, &mv),
                known,
                "the other channel heard of {mv} before it was played"
            );
            checked += 1;
        }
        let (played_a, played_b) = (format!("played {mv}"), format!("jugó {mv}"));
        wait_in(&standin, a.channel, &played_a).await;
        wait_in(&standin, b.channel, &played_b).await;
    }
    assert!(ballots >= 2, "both sides voted");
    assert!(
        checked >= 1,
        "no ballot was still open once its tally showed"
    );
    let count = |channel, words: &str| {
        in_channel(&standin, channel)
            .iter()
            .filter(|m| m.content.contains(words))
            .count()
    };
    assert_eq!(count(a.channel, "Game over"), 1);
    assert_eq!(count(b.channel, "Fin de la partida"), 1);
    // Announcements, not the closed menus, which repeat the result, nor
    // the review, whose turning point names a move the community played.
    let played = |channel, words: &str| {
        in_channel(&standin, channel)
            .iter()
            .filter(|m| {
                !m.content.starts_with("**")
                    && !m.content.starts_with("My review")
                    && !m.content.starts_with("Mi análisis")
                    && m.content.contains(words)
            })
            .count()
    };
    assert_eq!(
        played(a.channel, " played "),
        played(b.channel, " jugó "),
        "every move is announced once in each channel"
    );
    // Two servers: the end is rated, and each channel reads both new
    // ratings in its own language, once.
    assert_eq!(count(a.channel, "New community ratings: "), 1);
    assert_eq!(
        count(b.channel, "Nuevas puntuaciones de las comunidades: "),
        1
    );
    let ratings = wait_in(&standin, a.channel, "New community ratings: ").await;
    assert!(
        ratings.content.contains("Rebel Base"),
        "{}",
        ratings.content
    );

    // The challenge was private, so only the accepting server is named on
    // the leaderboard; both are ranked, in each server's language.
    let leaderboard = subcommand(
        "leaderboard",
        json!([{ "name": "game", "type": 4, "value": SPACE_CHECKERS }]),
    );
    let board = embed_text(&community(&standin, a.channel, &voter(1), leaderboard.clone()).await);
    assert!(
        board.contains("Space Checkers: communities' leaderboard"),
        "{board}"
    );
    assert!(board.contains("Rebel Base"), "{board}");
    assert!(
        board.contains("a community that has not shown its name"),
        "{board}"
    );
    assert!(!board.contains("Holochess Club"), "{board}");
    let board = embed_text(&community(&standin, b.channel, &voter(11), leaderboard).await);
    assert!(board.contains("clasificación de comunidades"), "{board}");
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_channels_of_one_server_play_each_its_side_and_a_member_only_one() {
    let (_dir, standin, _bot) = start(1, &[]).await;
    let guild = Guild::nth(0);
    let (white, black) = (guild.channel, guild.nth_channel(1));
    play_between(&standin, white, black, "5s").await;

    let ballot = standin
        .wait_for(STEP, "white's ballot", |s| {
            live_menu(s, white, &HashSet::new())
        })
        .await;
    wait_in(&standin, black, "is for Holochess Club (white) to decide").await;
    let (menu, mv) = choose(&ballot.menu_options(), true);
    let id = standin.pick(&voter(1), &ballot, &menu, &mv);
    assert!(text(&standin.answer(id).await).contains("You voted for"));
    // Black's channel cannot vote now, and hears nothing of white's vote.
    let id = standin.slash_in(black, &voter(2), "vote", vote_options("1"), 2);
    let refused = text(&standin.answer(id).await);
    assert!(
        refused.starts_with("It is not this channel's turn"),
        "{refused}"
    );
    wait_in(&standin, black, &format!("played {mv} (1 of 1 vote)")).await;

    let ballot = standin
        .wait_for(STEP, "black's ballot", |s| {
            live_menu(s, black, &HashSet::new())
        })
        .await;
    let (menu, mv) = choose(&ballot.menu_options(), false);
    // voter(1) voted for white: not for black too, in any way.
    let id = standin.slash_in(black, &voter(1), "vote", vote_options(&mv), 2);
    assert_eq!(
        text(&standin.answer(id).await),
        "You already voted for white in this game, in another channel; each member plays for one side only."
    );
    let id = standin.pick(&voter(1).speaking("es-ES"), &ballot, &menu, &mv);
    assert_eq!(
        text(&standin.answer(id).await),
        "Ya votaste por las blancas en esta partida, en otro canal; cada miembro juega por un solo bando."
    );
    let id = standin.pick(&voter(3), &ballot, &menu, &mv);
    assert!(text(&standin.answer(id).await).contains("You voted for"));
    wait_in(&standin, white, &format!("played {mv} (1 of 1 vote)")).await;

    // Stopping is not for one side of a shared game: resigning is.
    let stop = community(&standin, black, &admin(), subcommand("stop", json!([]))).await;
    assert!(
        text(&stop).contains("resign it for this channel with `/community resign`"),
        "{stop:?}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_manager_resigns_for_the_channel_after_confirming_and_only_then() {
    let (_dir, standin, _bot) = start(1, &[]).await;
    let guild = Guild::nth(0);
    let (white, black) = (guild.channel, guild.nth_channel(1));
    let resign = || subcommand("resign", json!([]));
    // Nothing to resign before the game.
    let answer = community(&standin, black, &admin(), resign()).await;
    assert_eq!(text(&answer), "There is no game in this channel.");
    play_between(&standin, white, black, "1h").await;

    let answer = community(&standin, black, &voter(3), resign()).await;
    assert_eq!(
        text(&answer),
        "Only server managers can resign a game for this channel."
    );
    let answer = community(&standin, black, &admin(), resign()).await;
    assert!(answer.ephemeral());
    let question = left_message(&answer, black);
    assert!(
        question.content.starts_with("Resign game ") && question.content.contains("expires <t:"),
        "{}",
        question.content
    );
    let choices = buttons(&question);
    let labels: Vec<&str> = choices.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(labels, ["Resign", "Keep playing"]);
    let (confirm, keep) = (choices[0].0.clone(), choices[1].0.clone());

    // Someone else's click does nothing.
    let (reply, _) = clicked(&standin, standin.press(&voter(3), &question, &confirm)).await;
    assert_eq!(
        reply,
        "Only the member who ran the command can answer this question."
    );
    // "Keep playing" closes the question.
    let (reply, kept) = clicked(&standin, standin.press(&admin(), &question, &keep)).await;
    assert_eq!(reply, "Not resigned: the game goes on.");
    assert_eq!(kept.callbacks[0]["type"], 7, "the question is replaced");
    // A confirmation past its time resigns nothing.
    let mut parts: Vec<String> = confirm.split(':').map(String::from).collect();
    let until: i64 = parts[4].parse().unwrap();
    parts[4] = (until - 10 * 60 * 1000).to_string();
    let stale = parts.join(":");
    let (reply, _) = clicked(&standin, standin.press(&admin(), &question, &stale)).await;
    assert!(reply.starts_with("This question has expired"), "{reply}");
    let status = community(&standin, black, &voter(3), subcommand("status", json!([]))).await;
    assert!(text(&status).contains("active"), "{status:?}");
    assert!(
        standin
            .messages()
            .iter()
            .all(|m| !m.content.contains("Game over")),
        "nothing was resigned"
    );

    // Confirmed in time: resigned, and both channels are told.
    let answer = community(&standin, black, &admin(), resign()).await;
    let question = left_message(&answer, black);
    let confirm = buttons(&question)[0].0.clone();
    let (reply, _) = clicked(&standin, standin.press(&admin(), &question, &confirm)).await;
    assert!(
        reply.starts_with("Game ") && reply.ends_with("is resigned for this channel."),
        "{reply}"
    );
    for channel in [white, black] {
        let end = wait_in(&standin, channel, "Game over").await;
        assert!(end.content.contains("resigned"), "{}", end.content);
    }
    // The old question cannot resign anything more.
    let (reply, _) = clicked(&standin, standin.press(&admin(), &question, &confirm)).await;
    assert!(
        reply.starts_with("Game ") && reply.contains(" is over, so nothing was resigned"),
        "{reply}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_challenge_or_acceptance_is_refused_and_changes_nothing() {
    let (_dir, standin, _bot) = start(1, &[]).await;
    let guild = Guild::nth(0);
    let [host, guest, busy, late] = [0, 1, 2, 3].map(|k| guild.nth_channel(k));

    let answer = community(&standin, host, &voter(3), challenge_options("1h", false)).await;
    assert_eq!(
        text(&answer),
        "Only server managers can challenge another community."
    );
    let answer = community(&standin, host, &admin(), challenge_options("1h", false)).await;
    let code = code_in(&text(&answer));
    let offer = left_message(&answer, host);

    let refusals = [
        (
            host,
            admin(),
            code.clone(),
            "This channel sent that challenge",
        ),
        (
            guest,
            admin(),
            "ZZZZ-ZZZZ".to_string(),
            "There is no challenge with the code “ZZZZ-ZZZZ”",
        ),
        (
            guest,
            voter(3),
            code.clone(),
            "Only server managers can accept a challenge for this channel.",
        ),
    ];
    for (channel, user, typed, expected) in refusals {
        let answer = community(&standin, channel, &user, accept_options(&typed)).await;
        assert!(text(&answer).starts_with(expected), "{answer:?}");
    }
    let id = standin.slash_in(busy, &admin(), "community", start_options("1h"), 2);
    assert!(text(&standin.answer(id).await).contains("started"));
    let answer = community(&standin, busy, &admin(), accept_options(&code)).await;
    assert!(
        text(&answer).starts_with("This channel already has a game"),
        "{answer:?}"
    );

    // The Withdraw button: a manager's click withdraws, nobody else's.
    let withdraw = buttons(&offer)[0].0.clone();
    let (reply, _) = clicked(&standin, standin.press(&voter(3), &offer, &withdraw)).await;
    assert_eq!(reply, "Only server managers can withdraw a challenge.");
    let (reply, withdrawn) = clicked(&standin, standin.press(&admin(), &offer, &withdraw)).await;
    assert_eq!(reply, format!("Challenge {code} is withdrawn."));
    assert_eq!(withdrawn.callbacks[0]["type"], 7);
    assert_eq!(withdrawn.callbacks[0]["data"]["components"], json!([]));
    let answer = community(&standin, guest, &admin(), accept_options(&code)).await;
    assert_eq!(text(&answer), "That challenge has been withdrawn.");
    let cancel = subcommand("challenge-cancel", json!([]));
    let answer = community(&standin, host, &admin(), cancel.clone()).await;
    assert_eq!(
        text(&answer),
        "This channel has no open challenge to withdraw."
    );

    // Nothing of the refused attempts started anything.
    for channel in [host, guest, late] {
        assert!(
            in_channel(&standin, channel).is_empty(),
            "channel {channel} was posted to"
        );
    }

    // A code is accepted once.
    let answer = community(&standin, host, &admin(), challenge_options("1h", false)).await;
    let code = code_in(&text(&answer));
    let answer = community(
        &standin,
        guest,
        &admin(),
        accept_options(&code.to_lowercase()),
    )
    .await;
    assert!(
        text(&answer).starts_with("Challenge accepted"),
        "{answer:?}"
    );
    let answer = community(&standin, late, &admin(), accept_options(&code)).await;
    assert_eq!(
        text(&answer),
        "That challenge has already been accepted by another channel."
    );
    for channel in [host, guest] {
        wait_in(&standin, channel, "A new game of Space Checkers begins").await;
    }
    assert!(in_channel(&standin, late).is_empty());
    // A channel with a game cannot challenge.
    let answer = community(&standin, guest, &admin(), challenge_options("1h", false)).await;
    assert!(
        text(&answer).starts_with("This channel already has a game"),
        "{answer:?}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_challenge_is_listed_in_every_servers_lobby_and_accepted_from_it() {
    // The accepting server's GUILD_CREATE never comes: its name is read
    // from Discord, not the cache.
    let (a, b) = (Guild::nth(0), Guild::nth(1));
    let (_dir, standin, _bot) = start(2, &[b.id]).await;
    let lobby = || subcommand("lobby", json!([]));

    let answer = community(&standin, b.channel, &voter(3), lobby()).await;
    assert!(
        text(&answer).starts_with("No public challenge is open now."),
        "{answer:?}"
    );
    let answer = community(&standin, a.channel, &admin(), challenge_options("1h", true)).await;
    let offer = text(&answer);
    let code = code_in(&offer);
    assert!(offer.contains("`/community lobby`"), "{offer}");
    let posted = wait_in(
        &standin,
        a.channel,
        "challenged every server to Space Checkers",
    )
    .await;
    assert!(posted.content.contains(&code), "{}", posted.content);

    let answer = community(&standin, b.channel, &voter(3), lobby()).await;
    let listed = left_message(&answer, b.channel);
    assert!(
        listed
            .content
            .contains("**Holochess Club (unrated)**: Space Checkers, they play white"),
        "{}",
        listed.content
    );
    let options = listed.menu_options();
    assert_eq!(options.len(), 1, "{options:?}");
    let (menu, value) = options[0].clone();
    let (reply, _) = clicked(&standin, standin.pick(&voter(3), &listed, &menu, &value)).await;
    assert_eq!(
        reply,
        "Only server managers can accept a challenge for this channel."
    );
    let (reply, _) = clicked(
        &standin,
        standin.pick(&manager_es(), &listed, &menu, &value),
    )
    .await;
    assert!(reply.starts_with("Desafío aceptado"), "{reply}");
    wait_in(
        &standin,
        a.channel,
        "A new game of Space Checkers begins against Rebel Base",
    )
    .await;
    wait_in(&standin, b.channel, "begins against Holochess Club").await;
    assert!(standin.guild_reads() >= 1, "the name came from Discord");

    let answer = community(&standin, b.channel, &voter(3), lobby()).await;
    assert!(
        text(&answer).starts_with("No public challenge is open now."),
        "an accepted challenge leaves the lobby: {answer:?}"
    );
    // A second pick of the same listing is refused.
    let late = a.nth_channel(2);
    let (reply, _) = clicked(
        &standin,
        standin.pick(
            &admin(),
            &Posted {
                channel: late,
                ..listed
            },
            &menu,
            &value,
        ),
    )
    .await;
    assert_eq!(
        reply,
        "That challenge has already been accepted by another channel."
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_sides_suggestions_never_reach_the_other_sides_channel() {
    let (_dir, standin, _bot) = start(2, &[]).await;
    let (white, black) = (Guild::nth(0).channel, Guild::nth(1).channel);
    // Long enough to argue and vote, short enough to close within a step.
    play_between(&standin, white, black, "30s").await;
    let ballot = standin
        .wait_for(STEP, "white's ballot", |s| {
            live_menu(s, white, &HashSet::new())
        })
        .await;
    wait_in(&standin, black, "to decide").await;

    const PLAN: &str = "SECRET-PLAN-OF-WHITE";
    let suggestion = |why: &str| {
        json!([
            { "name": "move", "type": 3, "value": "1" },
            { "name": "why", "type": 3, "value": why },
        ])
    };
    let made = standin.slash_in(white, &voter(1), "suggest", suggestion(PLAN), 2);
    let made = standin.answer(made).await;
    assert!(text(&made).contains(PLAN), "{made:?}");
    // Black can neither argue on white's ballot nor see it argued.
    let theirs = standin.slash_in(black, &voter(2), "suggest", suggestion("mine"), 2);
    let refused = text(&standin.answer(theirs).await);
    assert!(
        refused.starts_with("It is not this channel's turn"),
        "{refused}"
    );
    standin
        .wait_for(STEP, "the suggestion on white's ballot", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.id == ballot.id && m.content.contains("Suggested: **"))
        })
        .await;
    let (menu, mv) = choose(&ballot.menu_options(), true);
    let id = standin.pick(&voter(1), &ballot, &menu, &mv);
    assert!(text(&standin.answer(id).await).contains("You voted for"));
    wait_in(&standin, black, &format!("played {mv}")).await;
    for posted in in_channel(&standin, black) {
        assert!(
            !posted.content.contains(PLAN) && !posted.content.contains("Suggested:"),
            "black's channel saw white's suggestion: {}",
            posted.content
        );
        assert!(
            !posted.content.contains('💬') && !posted.components.to_string().contains('💬'),
            "black's channel saw a suggestion's mark: {posted:?}"
        );
    }
    assert_clean(&standin);
}
