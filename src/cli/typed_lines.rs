//! Lines typed at a terminal prompt (`play`, `match`), read as bytes and
//! checked here: tokio's own `lines()` reports a line that is not UTF-8 as
//! an error of the whole stream, and one stray byte must not end a session.

use holotable::i18n::Lang;
use holotable::t;
use tokio::io::{AsyncBufReadExt, BufReader, Stdin};

/// What a prompt says to a line it cannot read, before asking again.
pub fn not_text(lang: Lang) -> String {
    format!("  {}", t!(lang, "terminal-not-text"))
}

/// Standard input, one buffered reader for the whole session, so lines
/// typed (or piped) ahead are kept for the next question.
pub struct TypedLines(BufReader<Stdin>);

pub enum Typed {
    Text(String),
    /// A line that is not UTF-8: refused, and the session goes on.
    NotText,
    /// Standard input has ended.
    End,
}

impl TypedLines {
    pub fn stdin() -> TypedLines {
        TypedLines(BufReader::new(tokio::io::stdin()))
    }

    /// The next line without its line ending.
    ///
    /// # Errors
    /// When standard input cannot be read at all.
    pub async fn next_line(&mut self) -> std::io::Result<Typed> {
        let mut bytes = Vec::new();
        if self.0.read_until(b'\n', &mut bytes).await? == 0 {
            return Ok(Typed::End);
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        Ok(std::str::from_utf8(line).map_or(Typed::NotText, |text| Typed::Text(text.to_string())))
    }
}
