//! Runs the `holotable` binary as a person at a terminal would: one
//! subcommand, lines typed on stdin, its own database and output folder in
//! a temporary directory (never the environment's `DATABASE_URL`).

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// The `holotable` binary of this build, without the environment's
/// `DATABASE_URL` and `DISCORD_TOKEN`: a developer's own database or bot
/// would otherwise reach every test that does not name its own.
pub fn holotable() -> Command {
    holotable_from(env!("CARGO_BIN_EXE_holotable"))
}

/// [`holotable`] from `program`, another build of the binary.
pub fn holotable_from(program: impl AsRef<OsStr>) -> Command {
    let mut command = Command::new(program);
    command
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_TOKEN");
    command
}

/// `holotable <args>` with nothing on stdin, run to its end.
pub fn output_of(args: &[&str]) -> Output {
    holotable().args(args).output().expect("the binary runs")
}

/// `holotable <subcommand> <args> --db <dir>/<subcommand>.db --out <dir>/out
/// --size 256`, fed `stdin` (bytes, so a test can type what is not text).
pub fn run(subcommand: &str, dir: &Path, args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let database = format!(
        "sqlite://{}",
        dir.join(format!("{subcommand}.db")).display()
    );
    run_on(&database, subcommand, dir, args, stdin)
}

/// [`run`] on the database at `database` (a `sqlite://` or `postgres://`
/// URL) instead of a file in `dir`.
pub fn run_on(
    database: &str,
    subcommand: &str,
    dir: &Path,
    args: &[&str],
    stdin: impl AsRef<[u8]>,
) -> Output {
    let mut child = spawn_on(database, subcommand, dir, args);
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_ref())
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary ends")
}

/// [`run_on`] started and left running, its stdin, stdout and stderr
/// piped, for a test that runs several at once or types as it reads.
pub fn spawn_on(database: &str, subcommand: &str, dir: &Path, args: &[&str]) -> Child {
    holotable()
        .arg(subcommand)
        .args(args)
        .args([
            "--db",
            database,
            "--out",
            &dir.join("out").display().to_string(),
            "--size",
            "256",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Everything the run printed, stdout then stderr.
pub fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// What the run printed on stdout.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the run printed on stderr.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
