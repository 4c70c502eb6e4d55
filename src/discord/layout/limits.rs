//! What Discord accepts in one message, for every reply and every post.

/// Discord refuses content over 2000 characters.
pub const DISCORD_LIMIT: usize = 2000;
/// Discord allows this many options in one select menu.
pub const MENU_OPTIONS: usize = 25;
/// And this many action rows in one message.
pub const MESSAGE_ROWS: usize = 5;
