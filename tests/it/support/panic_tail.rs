//! A failed test's message repeated after its backtrace. The stand-in's
//! timeouts list every message posted, and CI keeps only the head and the
//! tail of a long output: without this, what failed is the part cut.

use std::sync::Once;

/// Installs the hook once for the whole test binary.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            default(info);
            let message = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("a panic without a message");
            let head: String = message
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(300)
                .collect();
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!("the panic above, in short: {head} (at {at})");
        }));
    });
}
