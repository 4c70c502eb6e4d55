//! How far the delivery of one announcement got: which of its messages the
//! platform posted (their ids, the platform's), the closing time a message
//! stated, whether its discussion was asked for. An adapter records it as
//! each part goes out (`Deliveries::progressed`), so a retry after a
//! failure or a restart posts only what is missing.
//!
//! Encoded and decoded here only; the store keeps the text as it is given.
//! A progress that cannot be read is an error, never "nothing posted yet":
//! that would post everything again.

use holotable_model::Millis;
use serde::{Deserialize, Serialize};

/// What of an announcement is posted already. Message ids are the
/// platform's, kept as it wrote them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The message of text (a text part, the daily post, a reveal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The board's message (a board part, the puzzle's post).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The ballot's own message (a poll or menus).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ballot: Option<String>,
    /// The closing time the board or text message stated, so a deadline
    /// moved after it went out can be put right there
    /// (`Deliveries::restated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stated: Option<Millis>,
    /// The game's discussion place was asked for (made or refused), so a
    /// retry does not ask again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub discussion: bool,
    /// The thread opened on the text message for a league game's side
    /// ([`Part::OpenThread`](super::Part::OpenThread)), so a retry reports
    /// it again rather than open another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
}

impl Progress {
    /// The progress a row keeps, none yet when it keeps nothing.
    ///
    /// # Errors
    /// Why the stored text is no progress.
    pub(crate) fn decode(stored: Option<&str>) -> Result<Progress, String> {
        match stored {
            None => Ok(Progress::default()),
            Some(text) => serde_json::from_str(text).map_err(|e| format!("its progress: {e}")),
        }
    }

    pub(crate) fn encode(&self) -> String {
        serde_json::to_string(self).expect("progress serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_back_and_reads_what_earlier_versions_wrote() {
        let progress = Progress {
            board: Some("111".into()),
            stated: Some(1_700_000_000_000),
            discussion: true,
            ..Progress::default()
        };
        assert_eq!(Progress::decode(Some(&progress.encode())), Ok(progress));
        // As the Discord adapter wrote it before the service kept it.
        let stored = r#"{"text":"1","board":"2","ballot":"3","stated":5}"#;
        assert_eq!(
            Progress::decode(Some(stored)),
            Ok(Progress {
                text: Some("1".into()),
                board: Some("2".into()),
                ballot: Some("3".into()),
                stated: Some(5),
                discussion: false,
                thread: None,
            })
        );
        assert_eq!(Progress::decode(None), Ok(Progress::default()));
    }

    /// Read as "nothing posted", a damaged progress would post every part
    /// again.
    #[test]
    fn a_damaged_progress_is_an_error_not_a_fresh_start() {
        assert!(Progress::decode(Some("{\"board\":")).is_err());
        assert!(Progress::decode(Some("1234567890")).is_err());
    }
}
