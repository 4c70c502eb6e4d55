//! Which gateway shards this process runs, when several processes share
//! one bot.
//!
//! Discord sends each guild's events on shard `(guild_id >> 22) % total`,
//! so the shard only decides which process hears a guild's votes and
//! commands; every process can still do any channel's REST work, and the
//! shared database keeps the games. A large bot splits the shards over
//! several processes: `HOLOTABLE_SHARDS=0-3/8` in one, `4-7/8` in another.
//! Unset, one process runs every shard Discord recommends.

use std::fmt;
use std::str::FromStr;

/// Shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    first: u32,
    last: u32,
    total: u32,
}

/// What is wrong with a `HOLOTABLE_SHARDS` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardRangeError {
    #[error("write FIRST-LAST/TOTAL (e.g. 0-3/8 for shards 0 to 3 of 8) or ID/TOTAL (e.g. 2/8)")]
    Shape,
    #[error("{0:?} is not a whole number")]
    NotANumber(String),
    #[error("the total number of shards must be at least 1")]
    NoShards,
    #[error("the first shard ({first}) comes after the last ({last})")]
    Backwards { first: u32, last: u32 },
    #[error("there is no shard {shard} among {total} (they are numbered 0 to {})", total - 1)]
    OutOfRange { shard: u32, total: u32 },
    #[error("the total number of shards must be at most {MAX_TOTAL} (it was {0})")]
    TooManyInAll(u32),
    #[error(
        "one process runs at most {MAX_HERE} shards (this range has {0}); split them over \
         several processes"
    )]
    TooManyHere(u32),
}

/// The most shards a bot may have. Discord puts at most 2,500 servers on a
/// shard; 100,000 shards are far past the largest bot there is, so a larger
/// total is a typing slip, not a plan.
pub const MAX_TOTAL: u32 = 100_000;

/// The most shards one process runs. serenity starts them 5 s apart, so
/// 1,000 take 83 minutes to connect; more in one process never serve.
pub const MAX_HERE: u32 = 1_000;

impl ShardRange {
    /// Every shard of `total`, as Discord recommends for one process.
    ///
    /// # Errors
    /// A total of 0, or more than one process runs.
    pub fn all(total: u32) -> Result<ShardRange, ShardRangeError> {
        ShardRange::checked(0, total.saturating_sub(1), total)
    }

    fn checked(first: u32, last: u32, total: u32) -> Result<ShardRange, ShardRangeError> {
        if total == 0 {
            return Err(ShardRangeError::NoShards);
        }
        if total > MAX_TOTAL {
            return Err(ShardRangeError::TooManyInAll(total));
        }
        if first > last {
            return Err(ShardRangeError::Backwards { first, last });
        }
        if last >= total {
            return Err(ShardRangeError::OutOfRange { shard: last, total });
        }
        let here = last - first + 1;
        if here > MAX_HERE {
            return Err(ShardRangeError::TooManyHere(here));
        }
        Ok(ShardRange { first, last, total })
    }

    pub fn first(self) -> u32 {
        self.first
    }

    pub fn last(self) -> u32 {
        self.last
    }

    pub fn total(self) -> u32 {
        self.total
    }

    /// How many shards this process runs.
    pub fn count(self) -> u32 {
        self.last - self.first + 1
    }
}

impl FromStr for ShardRange {
    type Err = ShardRangeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (shards, total) = text.trim().split_once('/').ok_or(ShardRangeError::Shape)?;
        let (first, last) = shards.split_once('-').unwrap_or((shards, shards));
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() {
                return Err(ShardRangeError::Shape);
            }
            part.parse::<u32>()
                .map_err(|_| ShardRangeError::NotANumber(part.to_string()))
        };
        ShardRange::checked(number(first)?, number(last)?, number(total)?)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.count(), self.total) {
            (_, 1) => write!(f, "the only shard"),
            (1, total) => write!(f, "shard {} of {total}", self.first),
            (_, total) if self.count() == total => write!(f, "all {total} shards"),
            (_, total) => write!(f, "shards {} to {} of {total}", self.first, self.last),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ShardRange, ShardRangeError};

    fn range(text: &str) -> Result<(u32, u32, u32), ShardRangeError> {
        text.parse::<ShardRange>()
            .map(|r| (r.first(), r.last(), r.total()))
    }

    #[test]
    fn ranges_and_single_shards_parse() {
        assert_eq!(range("0-3/8"), Ok((0, 3, 8)));
        assert_eq!(range(" 4 - 7 / 8 "), Ok((4, 7, 8)));
        assert_eq!(range("2/8"), Ok((2, 2, 8)));
        assert_eq!(range("0/1"), Ok((0, 0, 1)));
    }

    #[test]
    fn bad_ranges_say_what_is_wrong() {
        assert_eq!(range("0-3"), Err(ShardRangeError::Shape));
        assert_eq!(range("-3/8"), Err(ShardRangeError::Shape));
        assert_eq!(range(""), Err(ShardRangeError::Shape));
        assert_eq!(range("a-3/8"), Err(ShardRangeError::NotANumber("a".into())));
        assert_eq!(
            range("0--3/8"),
            Err(ShardRangeError::NotANumber("-3".into()))
        );
        assert_eq!(range("0-0/0"), Err(ShardRangeError::NoShards));
        assert_eq!(
            range("3-1/8"),
            Err(ShardRangeError::Backwards { first: 3, last: 1 })
        );
        assert_eq!(
            range("4-8/8"),
            Err(ShardRangeError::OutOfRange { shard: 8, total: 8 })
        );
        assert_eq!(
            ShardRangeError::OutOfRange { shard: 8, total: 8 }.to_string(),
            "there is no shard 8 among 8 (they are numbered 0 to 7)"
        );
    }

    #[test]
    fn a_range_past_what_any_bot_or_process_runs_is_refused() {
        assert_eq!(range("0/100000"), Ok((0, 0, 100_000)));
        assert_eq!(
            range("0/100001"),
            Err(ShardRangeError::TooManyInAll(100_001))
        );
        assert_eq!(range("0-999/1000"), Ok((0, 999, 1_000)));
        assert_eq!(
            range("0-999999/1000000"),
            Err(ShardRangeError::TooManyInAll(1_000_000))
        );
        assert_eq!(
            range("0-1000/2000"),
            Err(ShardRangeError::TooManyHere(1_001))
        );
        assert_eq!(
            ShardRange::all(1_001),
            Err(ShardRangeError::TooManyHere(1_001))
        );
    }

    #[test]
    fn a_range_reads_as_a_sentence_part() {
        let text = |s: &str| s.parse::<ShardRange>().unwrap().to_string();
        assert_eq!(text("0-3/8"), "shards 0 to 3 of 8");
        assert_eq!(text("5/8"), "shard 5 of 8");
        assert_eq!(text("0-1/2"), "all 2 shards");
        assert_eq!(text("0/1"), "the only shard");
        assert_eq!(ShardRange::all(0), Err(ShardRangeError::NoShards));
        assert_eq!(ShardRange::all(3).unwrap().to_string(), "all 3 shards");
    }
}
