//! `holotable play` as a person uses it: a simulated crowd to the end, the
//! prompt with junk and good votes, and quitting then resuming.

use crate::support::backends::{self, TestDatabase, on_each_backend};
use crate::support::pg_proxy::PgProxy;
use crate::support::service::{community_game, open_service};
use crate::support::terminal::{self, text};
use std::process::Output;

fn play(dir: &std::path::Path, args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    terminal::run("play", dir, args, stdin)
}

fn play_on(
    db: &TestDatabase,
    dir: &std::path::Path,
    args: &[&str],
    stdin: impl AsRef<[u8]>,
) -> Output {
    terminal::run_on(&db.url, "play", dir, args, stdin)
}

on_each_backend! {
#[test]
fn a_simulated_crowd_plays_a_whole_game(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let output = play_on(
        &db,
        dir.path(),
        &[
            "space-checkers",
            "--voters",
            "25",
            "--seed",
            "5",
            "--level",
            "random",
        ],
        "",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("The community played"), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    let first = image::open(dir.path().join("out/ply-000.png")).expect("the first board decodes");
    assert_eq!((first.width(), first.height()), (256, 256));
    let gif = std::fs::read(dir.path().join("out/game.gif")).unwrap();
    assert_eq!(&gif[..6], b"GIF89a");
}
}

#[test]
fn side_black_lets_the_engine_open() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
        dir.path(),
        &[
            "space-checkers",
            "--side",
            "black",
            "--voters",
            "5",
            "--seed",
            "5",
            "--level",
            "random",
        ],
        "",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("The community plays black;"), "{said}");
    assert!(!said.contains("Ballot for move 1:"), "{said}");
    assert!(said.contains("Ballot for move 2:"), "{said}");
}

on_each_backend! {
#[test]
fn the_prompt_refuses_junk_then_quits_and_resume_continues(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    // Lines typed ahead are kept for the next ballot: two votes, then quit.
    let output = play_on(
        &db,
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        "A1-B7\nfoo\n1\n2\nquit\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("A1-B7 is not a legal move now; did you mean"),
        "{said}"
    );
    assert!(said.contains("I cannot read “foo”"), "{said}");
    assert!(said.contains("You voted A1-B1."), "{said}");
    assert_eq!(said.matches("You voted").count(), 2, "{said}");
    assert!(
        said.contains("Stopped; continue with: holotable play --resume 1"),
        "{said}"
    );
    assert!(
        said.contains("continue with: holotable play --resume 1"),
        "{said}"
    );

    let resumed = play_on(
        &db,
        dir.path(),
        &["--resume", "1", "--voters", "5", "--seed", "2"],
        "",
    );
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    assert!(
        !said.contains("The community played A1-B1 (1 of 1 vote)"),
        "the first session's result is not shown twice: {said}"
    );

    let again = play_on(&db, dir.path(), &["--resume", "1"], "");
    assert!(again.status.success(), "{}", text(&again));
    assert!(
        text(&again).contains("Game 1 is finished; nothing is left to vote on."),
        "{}",
        text(&again)
    );
}
}

#[test]
fn an_invalid_utf8_line_no_longer_ends_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        b"\xff\xfe\n1\nquit\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("That line is not readable text; please type it again."),
        "{said}"
    );
    assert!(said.contains("You voted A1-B1."), "{said}");
    assert!(
        said.contains("Stopped; continue with: holotable play --resume 1"),
        "{said}"
    );
}

#[test]
fn a_rejected_vote_length_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(dir.path(), &["space-checkers", "--vote-secs", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: invalid value '1' for '--vote-secs <VOTE_SECS>': expected a whole number from 10 \
         to 604,800\n"
    );
}

on_each_backend! {
/// A session killed after the final commit and before the GIF: the game
/// is finished in the database and `game.gif` is missing.
#[test]
fn a_finished_game_whose_replay_was_lost_gets_it_back(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let crowd = [
        "space-checkers",
        "--voters",
        "5",
        "--seed",
        "5",
        "--level",
        "random",
    ];
    let finished = play_on(&db, dir.path(), &crowd, "");
    assert!(finished.status.success(), "{}", text(&finished));
    let gif = dir.path().join("out/game.gif");
    std::fs::remove_file(&gif).unwrap();

    let resumed = play_on(&db, dir.path(), &["--resume", "1"], "");
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Replay written to"), "{said}");
    assert_eq!(&std::fs::read(&gif).unwrap()[..6], b"GIF89a");

    let exported = dir.path().join("exported");
    let export = terminal::holotable()
        .args(["export", "1", "--size", "256", "--out"])
        .arg(&exported)
        .arg("--db")
        .arg(&db.url)
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", text(&export));
    assert!(
        text(&export).contains("Game 1 (space-checkers, finished) exported"),
        "{}",
        text(&export)
    );
    let record: holotable::games::GameRecord =
        serde_json::from_slice(&std::fs::read(exported.join("game-1.json")).unwrap())
            .expect("the record is JSON");
    let positions = record.positions().expect("the exported record replays");
    assert!(
        positions.last().unwrap().outcome().is_some(),
        "it replays to the end"
    );
    let listed = std::fs::read_to_string(exported.join("game-1-moves.txt")).unwrap();
    let notations: Vec<&str> = listed
        .lines()
        .map(|line| line.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(notations, record.moves);
    assert!(listed.starts_with("  1. "), "{listed}");
    assert_eq!(
        &std::fs::read(exported.join("game-1.gif")).unwrap()[..6],
        b"GIF89a"
    );
}
}

/// Makes the database refuse every write of a move, as a full disk does,
/// until the row in `injected_faults` is deleted. SQLite only: this test is
/// about what the binary says and how it exits, which the backend does not
/// change; `promises.rs` beside this file fails the same close on both backends.
fn fill_the_disk(database: &std::path::Path, full: bool) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let url = format!("sqlite://{}", database.display());
        let store = holotable_store::Store::open(&url).await.unwrap();
        let sql = if full {
            "CREATE TABLE IF NOT EXISTS injected_faults (what TEXT);
             INSERT INTO injected_faults VALUES ('disk full');
             CREATE TRIGGER IF NOT EXISTS disk_full BEFORE INSERT ON moves
             WHEN EXISTS (SELECT 1 FROM injected_faults)
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
        } else {
            "DELETE FROM injected_faults"
        };
        let holotable_store::Pool::Sqlite(pool) = store.pool() else {
            unreachable!("a sqlite:// URL opens SQLite")
        };
        sqlx::raw_sql(sql).execute(pool).await.unwrap();
        store.close().await;
    });
}

#[test]
fn a_close_that_kept_failing_left_the_ballot_open_and_exited_zero() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("play.db");
    fill_the_disk(&database, true);
    let output = play(
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        "1\n",
    );
    let said = text(&output);
    assert!(!output.status.success(), "{said}");
    assert!(said.contains("You voted A1-B1."), "{said}");
    // The tries are the service's log, which a terminal command keeps to
    // itself unless `RUST_LOG` asks: what the person reads is one line.
    assert!(
        !said.contains("closing a ballot failed; it will be tried again"),
        "{said}"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).lines().count(),
        1,
        "{said}"
    );
    assert!(
        said.contains(
            "error: The ballot for move 1 could not be closed, so game 1 stopped at its last \
             saved step; continue with: holotable play --resume 1 — "
        ),
        "{said}"
    );
    assert!(said.contains("database or disk is full"), "{said}");
    assert!(
        said.contains("continue with: holotable play --resume 1"),
        "{said}"
    );
    assert!(
        !said.contains("voting on that ballot has closed"),
        "the prompt did not carry on with a ballot past its deadline: {said}"
    );

    // With room on the disk again, the saved vote alone decides the first
    // move (a crowd of nobody adds none).
    fill_the_disk(&database, false);
    let resumed = play(dir.path(), &["--resume", "1", "--voters", "0"], "");
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(
        said.contains("The community played A1-B1 (1 of 1 vote)"),
        "{said}"
    );
}

on_each_backend! {
/// A terminal game's clock runs ahead of real time (three week-long
/// ballots put it three weeks ahead). Resuming it ran the database-wide
/// recovery on that clock, which found another game's ballot, due in an
/// hour of real time, overdue and closed it.
#[test]
fn play_resume_leaves_other_games_ballots_alone(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let week = ["space-checkers", "--vote-secs", "604800", "--level", "random", "--seed", "1"];
    let ahead = play_on(&db, dir.path(), &week, "1\n1\n1\nquit\n");
    assert!(ahead.status.success(), "{}", text(&ahead));
    let hour = ["space-checkers", "--vote-secs", "3600", "--level", "random", "--seed", "3"];
    let other = play_on(&db, dir.path(), &hour, "quit\n");
    assert!(other.status.success(), "{}", text(&other));
    let before = open_ballot(&db.url, 2);
    assert_eq!(before.map(|b| b.0), Some(0), "game 2 waits on its first ballot");

    let resumed = play_on(&db, dir.path(), &["--resume", "1"], "1\nquit\n");
    assert!(resumed.status.success(), "{}", text(&resumed));

    // Before, the recovery closed it, or (with no votes in it) extended it
    // by a vote's length from three weeks ahead.
    assert_eq!(open_ballot(&db.url, 2), before, "game 2's ballot is untouched");
    let early = votes_before_their_ballot(&db.url);
    assert!(early.is_empty(), "votes stored before their ballot opened: {early:?}");
}
}

on_each_backend! {
/// Two resumes of one game at once: the second's clock lagged the first's,
/// and its votes were stored up to seconds before the ballot (opened by
/// the first) had opened.
#[test]
fn a_vote_is_never_stored_before_its_ballot_opened(backend) {
    let db = TestDatabase::fresh(backend);
    let url = db.url.clone();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        use holotable::service::{EngineOpponent, ManualClock, Settings};
        use std::sync::Arc;
        let ahead = ManualClock::starting_at(1_000_000);
        let (_, service) = open_service(&url, &ahead, Arc::new(EngineOpponent), Settings::default()).await;
        service.games().start(community_game("c", "random", 1)).await.unwrap();
        let ballot = service.games().status("c").await.unwrap().ballot.unwrap();
        // A second process on the same database whose clock is 9.5 s behind.
        let lagging = ManualClock::starting_at(1_000_000 - 9_500);
        let (_, behind) = open_service(&url, &lagging, Arc::new(EngineOpponent), Settings::default()).await;
        behind.votes().cast_on("c", ballot.id, "late-clock", &ballot.legal[0], behind.now()).await.unwrap();
    });
    let early = votes_before_their_ballot(&db.url);
    assert!(early.is_empty(), "votes stored before their ballot opened: {early:?}");
}
}

/// The ply, deadline and vote count of game `game`'s open ballot.
fn open_ballot(url: &str, game: i64) -> Option<(u32, i64, usize)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = holotable_store::Store::open(url).await.unwrap();
        let ballot = store
            .current_ballot(holotable_store::GameId(game))
            .await
            .unwrap()
            .filter(|b| b.status == holotable_store::BallotStatus::Open)?;
        let votes = store.votes(ballot.id).await.unwrap().len();
        Some((ballot.id.ply, ballot.deadline, votes))
    })
}

/// Every vote, as (game, ply, voter), whose stored time is before its
/// ballot's opening.
fn votes_before_their_ballot(url: &str) -> Vec<(i64, i64, String)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let sql = "SELECT v.game_id, v.ply, v.voter FROM votes v
               JOIN ballots b ON b.game_id = v.game_id AND b.ply = v.ply
               WHERE v.cast_at < b.opened_at";
    runtime.block_on(async {
        let store = holotable_store::Store::open(url).await.unwrap();
        match store.pool() {
            holotable_store::Pool::Sqlite(pool) => {
                sqlx::query_as(sql).fetch_all(pool).await.unwrap()
            }
            holotable_store::Pool::Postgres(pool) => {
                sqlx::query_as(sql).fetch_all(pool).await.unwrap()
            }
        }
    })
}

/// `play … | head -1` leaves the game waiting on a ballot; an exit 0 would
/// tell a script it was played out.
#[test]
fn play_into_a_closed_pipe_says_the_game_is_unfinished() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("play.db").display());
    let mut child = terminal::holotable()
        .args([
            "play",
            "space-checkers",
            "--voters",
            "5",
            "--level",
            "random",
            "--size",
            "256",
        ])
        .args(["--db", &database, "--out"])
        .arg(dir.path().join("out"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(first.starts_with("Game 1"), "{first}");
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: The output was closed, so game 1 stopped at its last saved step; \
         continue with: holotable play --resume 1\n"
    );
}

/// PostgreSQL shut down mid-game (here: the only way to it, a proxy,
/// closed with every connection through it). The driver's own error says
/// nothing of how to go on, so the command says how to resume.
#[test]
fn a_database_that_goes_away_mid_game_is_said_with_how_to_resume() {
    if !backends::postgres_or_skip() {
        return;
    }
    let db = TestDatabase::fresh(backends::Backend::Postgres);
    let proxy = PgProxy::start(&db.url);
    let dir = tempfile::tempdir().unwrap();
    let mut child = terminal::holotable()
        .args([
            "play",
            "space-checkers",
            "--voters",
            "300",
            "--level",
            "random",
            "--size",
            "256",
        ])
        .args(["--db", &proxy.url, "--out"])
        .arg(dir.path().join("out"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut said = String::new();
    while !said.contains("Ballot for move 3") {
        use std::io::BufRead;
        assert!(stdout.read_line(&mut said).unwrap() > 0, "{said}");
    }
    proxy.stop();
    let output = child.wait_with_output().unwrap();
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{error}");
    assert!(
        error.contains("The database went away, so game 1 stopped at its last saved step"),
        "{error}"
    );
    assert!(
        error.contains("continue with: holotable play --resume 1"),
        "{error}"
    );
}

on_each_backend! {
#[test]
fn two_communities_play_each_other_at_the_terminal_each_in_its_own_channel(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let output = play_on(
        &db,
        dir.path(),
        &["space-checkers", "--communities", "2", "--voters", "7", "--seed", "3"],
        "",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("[Alpha] A new game of Space Checkers begins against Beta (black)!"),
        "{said}"
    );
    assert!(
        said.contains("[Beta] A new game of Space Checkers begins against Alpha (white)!"),
        "{said}"
    );
    // White's ballot is Alpha's alone; Beta is told who votes.
    assert!(said.contains("[Alpha] Ballot for move 1:"), "{said}");
    assert!(!said.contains("[Beta] Ballot for move 1:"), "{said}");
    assert!(
        said.contains("[Beta] Move 1 is for Alpha (white) to decide"),
        "{said}"
    );
    assert!(said.contains("[Beta] Alpha (white) played"), "{said}");
    assert!(!said.contains("[Alpha] Ballot for move 2:"), "{said}");
    assert!(said.contains("[Beta] Ballot for move 2:"), "{said}");
    for community in ["Alpha", "Beta"] {
        assert!(said.contains(&format!("It is {community}'s turn to vote.")), "{said}");
        assert!(said.contains(&format!("[{community}] Game over:")), "{said}");
    }
    // A rehearsal at the terminal is not rated.
    assert!(!said.contains("rating"), "{said}");
}
}

#[test]
fn four_communities_take_only_a_game_with_four_seats() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
        dir.path(),
        &["space-checkers", "--communities", "4", "--voters", "3"],
        "",
    );
    let said = text(&output);
    assert!(!output.status.success(), "{said}");
    assert!(said.contains("This game is for two communities"), "{said}");
}

#[test]
fn a_called_role_is_called_for_each_ballot_and_reminded_only_when_few_voted() {
    let dir = tempfile::tempdir().unwrap();
    let alone = [
        "space-checkers",
        "--call",
        "voters",
        "--seed",
        "3",
        "--level",
        "random",
    ];
    let output = play(dir.path(), &alone, "1\n1\nquit\n");
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert_eq!(
        said.matches("@voters, a new ballot is open.").count(),
        3,
        "{said}"
    );
    assert!(
        said.contains("@voters, move 1 still needs votes: only 1 member has voted."),
        "{said}"
    );
    assert_eq!(said.matches("still needs votes").count(), 2, "{said}");

    // A crowd of five votes on every ballot: nobody is reminded.
    let dir = tempfile::tempdir().unwrap();
    let crowd = [&alone[..], &["--voters", "5"]].concat();
    let said = text(&play(dir.path(), &crowd, ""));
    assert!(said.contains("@voters, a new ballot is open."), "{said}");
    assert!(!said.contains("still needs votes"), "{said}");
}

#[test]
fn a_discussion_shows_the_crowds_suggestions_before_its_votes_open() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "space-checkers",
        "--discuss-secs",
        "600",
        "--voters",
        "5",
        "--seed",
        "3",
        "--level",
        "random",
    ];
    let said = text(&play(dir.path(), &args, ""));
    let discussed = said.find("Talk it over first").expect(&said);
    let suggested = said.find("Suggested: ").expect(&said);
    let opened = said
        .find("The discussion of move 1 is over: vote now.")
        .expect(&said);
    assert!(discussed < suggested && suggested < opened, "{said}");
    assert!(
        said[suggested..opened].contains(" from member sim-"),
        "{said}"
    );

    // At the prompt, a suggestion is argued for and is not a vote.
    let dir = tempfile::tempdir().unwrap();
    let alone = ["space-checkers", "--seed", "3", "--level", "random"];
    let output = play(
        dir.path(),
        &alone,
        "suggest 1 it keeps the centre\nsuggest 2\n1\nquit\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("You suggested "), "{said}");
    assert!(
        said.contains("Say why the community should play your move"),
        "a reasonless suggestion is refused: {said}"
    );
    assert!(said.contains("You voted "), "{said}");
}
