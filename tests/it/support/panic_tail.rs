//! A failed test's message repeated after its backtrace. The stand-in's
//! timeouts list every message posted, and CI keeps only the head and the
//! tail of a long output: without this, what failed is the part cut.

use std::sync::Once;

/// Enough for a timeout's "what" or an assertion's first line; the whole
/// message is above it.
const SHOWN: usize = 300;

/// Installs the hook once for the whole test binary.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            default(info);
            let message = info.payload_as_str().unwrap_or("a panic without a message");
            let head: String = message
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(SHOWN)
                .collect();
            // libtest names each test's thread after the test.
            let test = std::thread::current().name().unwrap_or("?").to_string();
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            // `eprintln!`, not a raw write: libtest captures it into the
            // failed test's output, which is where the tail is read.
            eprintln!("the panic above, in short: {test}: {head} (at {at})");
        }));
    });
}
