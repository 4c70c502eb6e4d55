//! Calling members through the Discord stand-in: a manager chooses the
//! role a channel's ballots call (and is told plainly when the bot could
//! not give or mention it), members join it by button or command, each
//! ballot's post pings that role alone, once, and one reminder goes out
//! when few have voted (none when enough have), once even when the
//! process that owed it is killed while posting it.

use crate::support::discord_bot::{
    Bot, STEP, admin, assert_clean, start_game, start_standin_and_bot, vote_options, voter,
    wait_text,
};
use crate::support::discord_standin::roles::{
    ABOVE_BOT, HELPERS, MANAGE_ROLES, UNMENTIONABLE, VOTERS,
};
use crate::support::discord_standin::{Posted, Release, StandIn};
use serde_json::{Value, json};

fn notify_role(role: u64) -> Value {
    json!([{ "name": "notify-role", "type": 1, "options": [
        { "name": "role", "type": 8, "value": role.to_string() },
    ]}])
}

async fn answer_text(standin: &StandIn, id: u64) -> String {
    standin.answer(id).await.text().unwrap_or_default()
}

async fn choose_role(standin: &StandIn, role: u64) -> String {
    let id = standin.slash_with_role(&admin(), "community", notify_role(role), role);
    answer_text(standin, id).await
}

fn calls(post: &Posted) -> usize {
    post.content.matches(&format!("<@&{VOTERS}>")).count()
}

fn pinged_roles(post: &Posted) -> Value {
    post.mentions["roles"].clone()
}

async fn vote(standin: &StandIn, n: u64) {
    let id = standin.slash(&voter(n), "vote", vote_options("1"), 2);
    let text = answer_text(standin, id).await;
    assert!(text.contains("You voted for"), "{text}");
}

/// Each ballot's post, in order (its board states the ballot).
fn ballot_posts(standin: &StandIn) -> Vec<Posted> {
    standin
        .messages()
        .into_iter()
        .filter(|m| m.content.contains("Ballot for move"))
        .collect()
}

fn reminders(standin: &StandIn) -> Vec<Posted> {
    standin
        .messages()
        .into_iter()
        .filter(|m| m.content.contains("still needs votes"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_opt_in_are_called_once_and_reminded_only_when_few_voted() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, bot) = start_standin_and_bot(dir.path(), &[]).await;

    // Roles that would not work are refused, saying why; nothing is set.
    let above = choose_role(&standin, ABOVE_BOT).await;
    assert!(above.contains("sits above my highest role"), "{above}");
    let privileged = choose_role(&standin, HELPERS).await;
    assert!(privileged.contains("grants permissions"), "{privileged}");
    let unmentionable = choose_role(&standin, UNMENTIONABLE).await;
    assert!(
        unmentionable.contains("nobody may mention it"),
        "{unmentionable}"
    );
    let id = standin.slash_with_role(&voter(1), "community", notify_role(VOTERS), VOTERS);
    let not_a_manager = answer_text(&standin, id).await;
    assert!(
        not_a_manager.contains("Only server managers"),
        "{not_a_manager}"
    );
    standin.set_bot_permissions(1 << 11);
    let powerless = choose_role(&standin, VOTERS).await;
    assert!(
        powerless.contains("I need the Manage Roles permission"),
        "{powerless}"
    );
    let id = standin.slash(&voter(1), "community", notify_switch(0), 2);
    let none = answer_text(&standin, id).await;
    assert!(none.contains("call no role yet"), "{none}");
    standin.set_bot_permissions((1 << 11) | MANAGE_ROLES);
    let chosen = choose_role(&standin, VOTERS).await;
    assert!(
        chosen.contains(&format!("now call <@&{VOTERS}>")),
        "{chosen}"
    );
    assert!(
        chosen.contains("fewer than 3 members have voted"),
        "{chosen}"
    );

    // A member joins by command; the next two by the ballot post's button.
    let id = standin.slash(&voter(1), "community", notify_switch(0), 2);
    assert!(answer_text(&standin, id).await.contains("You now have"));
    assert_eq!(standin.roles_of(&voter(1)), vec![VOTERS]);

    // Twelve-second ballots: the reminder is due after nine.
    start_game(&standin, "12s").await;
    let first = wait_text(&standin, "Ballot for move 1").await;
    assert_eq!(calls(&first), 1, "{}", first.content);
    assert_eq!(pinged_roles(&first), json!([VOTERS.to_string()]));
    for n in [2, 3] {
        let id = standin.press(&voter(n), &first, "notify:on");
        assert!(answer_text(&standin, id).await.contains("You now have"));
        assert_eq!(standin.roles_of(&voter(n)), vec![VOTERS]);
    }
    let id = standin.press(&voter(3), &first, "notify:off");
    assert!(
        answer_text(&standin, id)
            .await
            .contains("You no longer have")
    );
    assert!(standin.roles_of(&voter(3)).is_empty());

    // One vote of the three wanted: one reminder, with the turnout.
    vote(&standin, 1).await;
    let reminder = wait_text(&standin, "still needs votes").await;
    assert!(
        reminder.content.contains("only 1 member has voted"),
        "{}",
        reminder.content
    );
    assert_eq!(pinged_roles(&reminder), json!([VOTERS.to_string()]));

    // The second ballot draws three votes at once: no reminder.
    let second = wait_text(&standin, "Ballot for move 3").await;
    assert_eq!(calls(&second), 1);
    for n in [1, 2, 3] {
        vote(&standin, n).await;
    }
    wait_text(&standin, "Ballot for move 5").await;
    assert_eq!(
        reminders(&standin).len(),
        1,
        "a reminder only for the first ballot"
    );
    for post in ballot_posts(&standin) {
        assert_eq!(calls(&post), 1, "{}", post.content);
    }
    // Every other post pings nobody.
    for post in standin.messages() {
        if calls(&post) == 0 {
            assert!(
                pinged_roles(&post).as_array().is_none_or(Vec::is_empty),
                "{}",
                post.content
            );
        }
    }

    // A manager makes the called role a moderator's: nobody else takes it
    // by asking to be called, while a member who has it may still leave.
    standin.grant_role(VOTERS, 1 << 13);
    let id = standin.press(&voter(4), &first, "notify:on");
    assert!(
        answer_text(&standin, id).await.contains("I no longer give"),
        "the role was given"
    );
    assert!(standin.roles_of(&voter(4)).is_empty());
    let id = standin.press(&voter(2), &first, "notify:off");
    assert!(
        answer_text(&standin, id)
            .await
            .contains("You no longer have")
    );
    bot.stop();
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_is_posted_once_though_its_process_is_killed_posting_it() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, bot) = start_standin_and_bot(dir.path(), &[]).await;
    assert!(choose_role(&standin, VOTERS).await.contains("now call"));
    // The reminder's post hangs until the process that sends it is dead.
    let held = standin.hold_next(1, "/messages", "still needs votes");
    // Long enough that the restarted process posts the reminder before the
    // ballot closes: a reminder retried after its close is not posted.
    start_game(&standin, "40s").await;
    let _never_answered = kill_while_posting(&standin, bot, held).await;

    let _bot = Bot::start(&standin, dir.path(), &[]);
    let reminder = wait_text(&standin, "still needs votes").await;
    assert!(reminder.content.contains("nobody has voted yet"));
    // The ballot draws no vote and is extended: still one reminder.
    wait_text(&standin, "the vote is extended").await;
    assert_eq!(reminders(&standin).len(), 1);
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_left_unposted_until_its_ballot_closed_is_never_posted() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, bot) = start_standin_and_bot(dir.path(), &[]).await;
    assert!(choose_role(&standin, VOTERS).await.contains("now call"));
    let held = standin.hold_next(1, "/messages", "still needs votes");
    start_game(&standin, "12s").await;
    // One vote of the three wanted: the ballot is reminded, then closes
    // on that vote while no process runs.
    wait_text(&standin, "Ballot for move 1").await;
    vote(&standin, 1).await;
    let _never_answered = kill_while_posting(&standin, bot, held).await;
    let closes = latest_closing(&standin);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    tokio::time::sleep(std::time::Duration::from_secs(
        closes.saturating_sub(now) + 2,
    ))
    .await;
    let _bot = Bot::start(&standin, dir.path(), &[]);
    wait_text(&standin, "Ballot for move 3").await;
    assert!(
        reminders(&standin).is_empty(),
        "a reminder of a closed vote"
    );
    assert_clean(&standin);
}

/// The latest closing time the channel was told, in Unix seconds.
fn latest_closing(standin: &StandIn) -> u64 {
    standin
        .messages()
        .iter()
        .filter_map(|m| {
            let at = m.content.rfind("<t:")?;
            m.content[at + 3..].split(':').next()?.parse().ok()
        })
        .max()
        .expect("a closing time was stated")
}

fn notify_switch(switch: u64) -> Value {
    json!([{ "name": "notify", "type": 1, "options": [
        { "name": "switch", "type": 4, "value": switch },
    ]}])
}

/// Waits for the held reminder's post to hang, then kills the process
/// posting it. The request stays hung while the caller keeps what this
/// returns: let go, the stand-in would still post it, as Discord would
/// a request it had received, so a test could not tell the dead
/// process's post from a second one.
async fn kill_while_posting(standin: &StandIn, bot: Bot, held: Release) -> Release {
    standin
        .wait_for(STEP, "the reminder to be posted", |s| {
            s.held().iter().any(|r| r.status == 0).then_some(())
        })
        .await;
    bot.stop();
    held
}
