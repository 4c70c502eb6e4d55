//! What the `holotable` command prints on stdout, and how a failure to
//! print ends it.
//!
//! `println!` panics when stdout is gone (`holotable legal … | head -1`
//! closes the pipe) or full (`>/dev/full`): a backtrace and exit 101 for
//! what is no fault of the program. Every line goes through [`line`]
//! instead, whose error travels up like any other; the dispatcher then ends
//! a closed pipe quietly with success, as ripgrep does (the reader has all
//! it wanted), and any other write failure with one line and exit 2.
//!
//! Lines pass through the same redaction as the log, so a secret
//! registered with [`super::logging::keep_secret`] (a database password)
//! never reaches stdout either.

use std::fmt;
use std::io::{self, Write};

/// Writes one line to stdout, secrets redacted.
///
/// # Errors
/// The write's own error (a closed pipe, a full disk), as `anyhow` with
/// the context "writing to stdout".
pub fn line(text: fmt::Arguments<'_>) -> anyhow::Result<()> {
    let mut bytes = super::logging::redacted(text.to_string().into_bytes());
    bytes.push(b'\n');
    write_all(&bytes)
}

/// Writes `text` to stdout as it is (no newline added), secrets redacted.
///
/// # Errors
/// As [`line`].
pub fn raw(text: &str) -> anyhow::Result<()> {
    write_all(&super::logging::redacted(text.as_bytes().to_vec()))
}

fn write_all(bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .context("writing to stdout")
}

/// Whether `error` is stdout's reader having gone away, which ends the
/// command quietly.
pub fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// `println!` for the command's output: the line through [`line`], its
/// error returned with `?` from the enclosing function.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::line(format_args!($($arg)*))?
    };
}
pub(crate) use outln;
