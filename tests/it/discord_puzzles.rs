//! The daily puzzle through the Discord stand-in and a real `holotable
//! bot`: the post goes out with the Gamer of the Day at the server's time
//! (a time already passed today: at once), takes votes by its buttons and
//! reveals the answer with the share that found it; a member solves one
//! privately in two moves and their rating and streak change; a wrong
//! answer is told so with the line, the vote being closed; a restart does
//! not post again.

use crate::support::discord_bot::{Bot, admin, start_standin_and_bot, voter, wait_text};
use crate::support::discord_standin::{Answer, CHANNEL, Posted, StandIn, User};
use holotable::games::puzzle::{self, Puzzle};
use serde_json::{Value, json};
use std::time::Duration;

fn subcommand(name: &str, options: Value) -> Value {
    json!([{ "name": name, "type": 1, "options": options }])
}

fn buttons(components: &Value) -> Vec<(String, String)> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| Some((b["custom_id"].as_str()?.into(), b["label"].as_str()?.into())))
        .collect()
}

/// The ephemeral message a deferred answer became, to click on.
fn shown(answer: &Answer) -> Posted {
    let last = answer.later.last().expect("a deferred answer's message");
    Posted {
        id: answer.id,
        channel: CHANNEL,
        content: last["content"].as_str().unwrap_or_default().to_string(),
        components: last["components"].clone(),
        poll: None,
        poll_expired: false,
        images: Vec::new(),
        edits: 0,
        mentions: last["allowed_mentions"].clone(),
    }
}

/// The puzzle a private try's buttons (`pzt:ID:STEP:N`) are about, and
/// the button of its answer and of a wrong move.
fn try_buttons(message: &Posted) -> (&'static Puzzle, usize, String, String) {
    let buttons = buttons(&message.components);
    let (first, _) = buttons.first().expect("buttons on a puzzle");
    let mut parts = first.trim_start_matches("pzt:").rsplitn(3, ':');
    let (_, step, id) = (parts.next(), parts.next().unwrap(), parts.next().unwrap());
    let puzzle = puzzle::by_id(id).expect("a shipped puzzle");
    let step: usize = step.parse().unwrap();
    let answer = &puzzle.steps[step].answer;
    let right = buttons
        .iter()
        .find(|(_, label)| label.ends_with(&format!(" {answer}")))
        .expect("the answer among the buttons");
    let wrong = buttons
        .iter()
        .find(|b| b.0 != right.0)
        .expect("a wrong button");
    (puzzle, step, right.0.clone(), wrong.0.clone())
}

async fn press(standin: &StandIn, user: &User, message: &Posted, id: &str) -> Answer {
    let interaction = standin.press(user, message, id);
    standin.answer(interaction).await
}

fn puzzle_posts(standin: &StandIn) -> usize {
    standin
        .messages()
        .iter()
        .filter(|m| m.content.contains("Puzzle of the day"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_voted_revealed_and_solved_privately() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, bot) = start_standin_and_bot(dir.path(), &[]).await;

    // Without the daily post there is nothing to go out with.
    let daily = subcommand(
        "daily",
        json!([
            { "name": "channel", "type": 7, "value": CHANNEL.to_string() },
            { "name": "hours", "type": 4, "value": 2 },
            { "name": "game", "type": 4, "value": 0 },
        ]),
    );
    let id = standin.slash_with_channels(&admin(), "puzzle", daily.clone(), &[CHANNEL]);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("not set up in this server"), "{text}");
    let id = standin.slash_with_channels(&voter(1), "puzzle", daily.clone(), &[CHANNEL]);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert_eq!(text, "Only server managers can set up the daily puzzle.");

    // 00:00 UTC has passed today: the post and the puzzle go out at once.
    let gotd = subcommand(
        "setup",
        json!([
            { "name": "channel", "type": 7, "value": CHANNEL.to_string() },
            { "name": "time", "type": 3, "value": "00:00" },
            { "name": "timezone", "type": 3, "value": "UTC" },
        ]),
    );
    let id = standin.slash_with_channels(&admin(), "gotd", gotd, &[CHANNEL]);
    standin.answer(id).await;
    let id = standin.slash_with_channels(&admin(), "puzzle", daily, &[CHANNEL]);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        text.contains("a puzzle goes to") && text.contains("2 hours"),
        "{text}"
    );
    let post = wait_text(&standin, "Puzzle of the day").await;
    assert_eq!(post.images.len(), 1, "the post shows the board");
    assert!(post.content.contains("to move and win"), "{}", post.content);
    assert_eq!(post.mentions, json!({ "parse": [] }));
    let all = buttons(&post.components);
    let votes: Vec<(String, String)> = all
        .iter()
        .filter(|(id, _)| id.starts_with("pzv:"))
        .cloned()
        .collect();
    let (alone, label) = all
        .iter()
        .find(|(id, _)| id.starts_with("pzo:"))
        .expect("a button to solve it alone");
    assert_eq!(label, "Solve it alone");
    let labels: Vec<String> = votes
        .iter()
        .map(|(_, label)| label.split_once(". ").unwrap().1.to_string())
        .collect();
    let candidates: Vec<&Puzzle> = puzzle::shipped()
        .iter()
        .filter(|p| p.steps[0].candidates == labels)
        .collect();
    assert_eq!(candidates.len(), 1, "{labels:?}");
    let answer = &candidates[0].steps[0].answer;
    let right = votes
        .iter()
        .find(|(_, l)| l.ends_with(&format!(" {answer}")))
        .unwrap();
    let wrong = votes.iter().find(|b| b.0 != right.0).unwrap();

    // Votes by the post's buttons, each told to its voter alone.
    let said = press(&standin, &voter(1), &post, &right.0).await;
    assert!(said.ephemeral());
    let text = said.text().unwrap_or_default();
    assert!(
        text.starts_with(&format!("You voted for {answer}")),
        "{text}"
    );
    press(&standin, &voter(2), &post, &wrong.0).await;
    let said = press(&standin, &voter(2), &post, &wrong.0).await;
    assert!(
        said.text()
            .unwrap_or_default()
            .starts_with("You had already voted")
    );

    // Solved alone while the vote is open, a wrong answer is told so, but
    // the line waits for the vote's close.
    let opened = press(&standin, &voter(4), &post, alone).await;
    assert!(opened.ephemeral());
    assert_eq!(opened.images.len(), 1, "the board");
    let mine = shown(&opened);
    let (_, _, _, wrong_alone) = try_buttons(&mine);
    let said = press(&standin, &voter(4), &mine, &wrong_alone).await;
    let text = said.text().unwrap_or_default();
    assert!(text.contains("is not the answer"), "{text}");
    assert!(
        text.contains("stays hidden while this server votes"),
        "{text}"
    );
    assert!(!text.contains("The line:"), "{text}");
    let said = press(&standin, &voter(4), &post, &right.0).await;
    let text = said.text().unwrap_or_default();
    assert!(
        text.starts_with("You have already tried this puzzle alone"),
        "{text}"
    );

    // A manager closes the vote: the buttons come down, the answer and the
    // share that found it are posted.
    let id = standin.slash(&admin(), "puzzle", subcommand("reveal", json!([])), 2);
    standin.answer(id).await;
    let reveal = wait_text(&standin, "The answer to the puzzle of").await;
    assert!(reveal.content.contains(answer), "{}", reveal.content);
    assert!(
        reveal.content.contains("1 of 2 voters found it (50%)."),
        "{}",
        reveal.content
    );
    assert!(
        reveal.content.contains("solved table"),
        "{}",
        reveal.content
    );
    standin
        .wait_for(Duration::from_secs(10), "the buttons to come down", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.id == post.id && buttons(&m.components).is_empty())
        })
        .await;
    let gone = standin
        .messages()
        .into_iter()
        .find(|m| m.id == post.id)
        .unwrap();
    assert!(
        gone.components
            .as_array()
            .is_none_or(|rows| rows.is_empty())
    );
    let late = press(&standin, &voter(3), &post, &right.0).await;
    let text = late.text().unwrap_or_default();
    assert_eq!(text, "There is no puzzle vote open in this server.");

    // Today's puzzle alone: a wrong button is told so, with the line.
    let id = standin.slash(&voter(5), "puzzle", subcommand("today", json!([])), 2);
    let today = shown(&standin.answer(id).await);
    let (_, _, _, wrong) = try_buttons(&today);
    let said = press(&standin, &voter(5), &today, &wrong).await;
    let text = said.text().unwrap_or_default();
    assert!(text.contains("is not the answer"), "{text}");
    assert!(text.contains("The line:"), "{text}");
    assert!(
        text.contains("Your streak starts again from zero."),
        "{text}"
    );

    // A two-move puzzle at the member's level, solved button by button.
    let mut view = None;
    for _ in 0..60 {
        let random = subcommand("random", json!([{ "name": "game", "type": 4, "value": 0 }]));
        let id = standin.slash(&voter(6), "puzzle", random, 2);
        let answer = standin.answer(id).await;
        if answer
            .text()
            .unwrap_or_default()
            .contains("Find move 1 of 2")
        {
            view = Some(shown(&answer));
            break;
        }
    }
    let first = view.expect("a two-move puzzle within 60 draws");
    let (puzzle, step, right, _) = try_buttons(&first);
    assert_eq!((puzzle.steps.len(), step), (2, 0));
    let said = press(&standin, &voter(6), &first, &right).await;
    let text = said.text().unwrap_or_default();
    assert!(
        text.starts_with("Right!") && text.contains("Find move 2 of 2"),
        "{text}"
    );
    assert_eq!(said.images.len(), 1, "the next board");
    let second = shown(&said);
    let (_, step, right, _) = try_buttons(&second);
    assert_eq!(step, 1);
    let said = press(&standin, &voter(6), &second, &right).await;
    let text = said.text().unwrap_or_default();
    assert!(text.contains("You solved the puzzle."), "{text}");
    assert!(text.contains("Your puzzle rating: 1500 → "), "{text}");
    assert!(
        text.contains("You have solved 1 puzzle in a row."),
        "{text}"
    );
    let id = standin.slash(&voter(6), "puzzle", subcommand("ranking", json!([])), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains(&format!("<@{}>", voter(6).id)), "{text}");
    assert!(text.contains("1 puzzle solved"), "{text}");

    // A restart posts nothing again.
    bot.stop();
    let _bot = Bot::start(&standin, dir.path(), &[]);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(puzzle_posts(&standin), 1);
    assert!(
        standin.violations().is_empty(),
        "{:#?}",
        standin.violations()
    );
}
