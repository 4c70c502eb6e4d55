//! When a server's daily post is due: local times, dates and day windows
//! in an IANA time zone, daylight saving included.
//!
//! One rule covers every odd local time: a wall-clock time stands for the
//! first instant at which the local clock shows it. A time that exists
//! once is that instant; a time skipped by a spring-forward gap (02:30 in
//! New York on the second Sunday of March) is the first instant after the
//! gap (03:00 EDT); a time repeated by a fall-back fold is its first
//! occurrence. The same rule gives a local day's start when midnight itself
//! is skipped.

use holotable_store::Millis;
use jiff::Timestamp;
use jiff::civil::{Date, DateTime};
use jiff::tz::{AmbiguousOffset, TimeZone};
use std::fmt;
use std::str::FromStr;

/// A local time of day, minute precision, written `HH:MM` (24-hour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PostTime {
    hour: i8,
    minute: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a time; write it as HH:MM on a 24-hour clock, e.g. 09:30 or 18:00")]
pub struct PostTimeError {
    text: String,
}

impl FromStr for PostTime {
    type Err = PostTimeError;

    /// Accepts `H:MM` or `HH:MM`, hours 0 to 23, minutes 00 to 59.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || PostTimeError {
            text: text.chars().take(20).collect(),
        };
        let (hour, minute) = text.trim().split_once(':').ok_or_else(error)?;
        let digits = |s: &str, len: std::ops::RangeInclusive<usize>| {
            len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(hour, 1..=2) || !digits(minute, 2..=2) {
            return Err(error());
        }
        let hour: i8 = hour.parse().map_err(|_| error())?;
        let minute: i8 = minute.parse().map_err(|_| error())?;
        if hour > 23 || minute > 59 {
            return Err(error());
        }
        Ok(PostTime { hour, minute })
    }
}

impl fmt::Display for PostTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{name:?} is not a time zone I know; pick an IANA name from the list, e.g. Europe/London or America/New_York"
)]
pub struct ZoneError {
    name: String,
}

/// The time zone called `name` (any case) in the bundled IANA database.
///
/// # Errors
/// When there is no such zone.
pub fn zone(name: &str) -> Result<TimeZone, ZoneError> {
    jiff::tz::db().get(name.trim()).map_err(|_| ZoneError {
        name: name.chars().take(60).collect(),
    })
}

/// The zone's canonical IANA name, as stored.
pub fn zone_name(zone: &TimeZone) -> &str {
    zone.iana_name().unwrap_or("UTC")
}

/// Up to `limit` zone names containing `typed` (any case), those that
/// start with it first, each group in alphabetical order: what an
/// autocomplete shows.
pub fn zone_names_matching(typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_ascii_lowercase().replace(' ', "_");
    let mut names: Vec<(bool, String)> = jiff::tz::db()
        .available()
        .map(|name| name.as_str().to_string())
        .filter_map(|name| {
            let lower = name.to_ascii_lowercase();
            let city = lower.rsplit('/').next().unwrap_or(&lower);
            let starts = lower.starts_with(&typed) || city.starts_with(&typed);
            (starts || lower.contains(&typed)).then_some((!starts, name))
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .take(limit)
        .map(|(_, name)| name)
        .collect()
}

pub(crate) fn timestamp(at: Millis) -> Timestamp {
    Timestamp::from_millisecond(at).unwrap_or(if at < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    })
}

/// The first instant at which the local clock shows `local`: see the
/// module doc for gaps and folds.
pub(crate) fn first_instant(zone: &TimeZone, local: DateTime) -> Millis {
    let ambiguous = zone.to_ambiguous_timestamp(local);
    let instant = match ambiguous.offset() {
        AmbiguousOffset::Unambiguous { offset } | AmbiguousOffset::Fold { before: offset, .. } => {
            offset.to_timestamp(local).ok()
        }
        // Read with the later offset, a time in the gap falls before the
        // transition; the transition that follows is the gap's end.
        AmbiguousOffset::Gap { after, .. } => after
            .to_timestamp(local)
            .ok()
            .and_then(|early| zone.following(early).next())
            .map(|transition| transition.timestamp()),
    };
    instant
        .or_else(|| ambiguous.compatible().ok())
        .map_or(Millis::MAX, Timestamp::as_millisecond)
}

/// The local date in `zone` at instant `at`.
pub fn local_date(zone: &TimeZone, at: Millis) -> Date {
    zone.to_datetime(timestamp(at)).date()
}

/// When the post of local date `date` is due.
pub fn due_at(zone: &TimeZone, date: Date, time: PostTime) -> Millis {
    first_instant(zone, date.at(time.hour, time.minute, 0, 0))
}

/// Local date `date` as instants: `[start, end)`.
pub fn day_window(zone: &TimeZone, date: Date) -> (Millis, Millis) {
    let start = first_instant(zone, date.at(0, 0, 0, 0));
    let end = date
        .tomorrow()
        .map(|next| first_instant(zone, next.at(0, 0, 0, 0)))
        .unwrap_or(Millis::MAX);
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn post_times_read_h_mm_and_hh_mm_only() {
        for (text, shown) in [
            ("9:05", "09:05"),
            ("09:05", "09:05"),
            ("23:59", "23:59"),
            (" 0:00 ", "00:00"),
        ] {
            assert_eq!(
                text.parse::<PostTime>().map(|t| t.to_string()),
                Ok(shown.to_string())
            );
        }
        for text in [
            "24:00",
            "12:60",
            "12:5",
            "123:00",
            "12-30",
            "+1:30",
            "１２:３０",
            "",
        ] {
            assert!(text.parse::<PostTime>().is_err(), "{text}");
        }
    }

    #[test]
    fn zone_names_autocomplete_by_prefix_then_by_part() {
        let found = zone_names_matching("new_y", 25);
        assert_eq!(found.first().map(String::as_str), Some("America/New_York"));
        let found = zone_names_matching("tokyo", 25);
        assert_eq!(found, ["Asia/Tokyo"]);
        assert_eq!(zone_names_matching("", 25).len(), 25);
        assert!(zone_names_matching("no such place", 25).is_empty());
    }

    #[test]
    fn a_skipped_midnight_starts_the_day_when_the_gap_ends() {
        // Santiago, 6 September 2026: 00:00 -04 jumps to 01:00 -03 (04:00Z).
        let zone = zone("America/Santiago").unwrap();
        let date: Date = "2026-09-06".parse().unwrap();
        let (start, _) = day_window(&zone, date);
        assert_eq!(
            start,
            "2026-09-06T04:00:00Z"
                .parse::<Timestamp>()
                .unwrap()
                .as_millisecond()
        );
        assert_eq!(local_date(&zone, start), date);
        assert_eq!(local_date(&zone, start - 1), date.yesterday().unwrap());
    }

    proptest! {
        /// Whatever a user types, reading a time or a zone answers and
        /// never panics; a time that reads prints back as HH:MM.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,40}") {
            if let Ok(time) = text.parse::<PostTime>() {
                prop_assert_eq!(time.to_string().parse::<PostTime>(), Ok(time));
                prop_assert_eq!(time.to_string().len(), 5);
            }
            let _ = zone(&text);
            let _ = zone_names_matching(&text, 25);
        }

        /// Every instant's local date contains it, and the due time of a
        /// date falls on that date, in zones with and without DST.
        #[test]
        fn due_times_fall_on_their_date(
            at in 1_600_000_000_000i64..2_000_000_000_000,
            hour in 0i8..24,
            minute in 0i8..60,
            which in 0usize..4,
        ) {
            let name = ["America/New_York", "Asia/Tokyo", "Pacific/Auckland", "Europe/London"][which];
            let zone = zone(name).unwrap();
            let date = local_date(&zone, at);
            let (start, end) = day_window(&zone, date);
            prop_assert!(start <= at && at < end);
            let due = due_at(&zone, date, PostTime { hour, minute });
            prop_assert_eq!(local_date(&zone, due), date);
        }
    }
}
