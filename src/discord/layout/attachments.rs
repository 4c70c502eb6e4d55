//! Images on Discord: the size boards are posted at, and the attachment
//! list that gives each file its alt text.

use crate::service::BoardImage;
use serde_json::{Value, json};

/// Board images are posted at this size, in pixels.
pub const DEFAULT_BOARD_SIZE: u32 = 640;

/// The attachments of a message's files, each with its alt text, so every
/// image the bot posts can be read by a screen reader.
pub fn attachments(files: &[(String, BoardImage)]) -> Value {
    files
        .iter()
        .enumerate()
        .map(|(i, (name, image))| {
            json!({ "id": i.to_string(), "filename": name, "description": image.alt_text })
        })
        .collect()
}
