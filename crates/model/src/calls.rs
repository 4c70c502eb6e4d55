//! Who a channel's ballots call, and when one reminder goes out.

/// A channel's calling, as stored (validated by the service).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSettings {
    /// The platform's role whose members a ballot calls.
    pub role: String,
    /// A reminder goes out while fewer members than this have voted; 0:
    /// no reminders.
    pub remind_below: u32,
    /// How far into a ballot's time the reminder is due, in percent.
    pub remind_at_percent: u8,
    /// Local hours (from, to) in which no reminder goes out; `from` may be
    /// later than `to` (a night over midnight).
    pub quiet: Option<(u8, u8)>,
    /// The IANA time zone of `quiet`, as a manager chose it; `None`: the
    /// zone of the server's daily post, else UTC, whichever holds when a
    /// reminder is due.
    pub time_zone: Option<String>,
}

impl CallSettings {
    pub const DEFAULT_REMIND_BELOW: u32 = 3;
    pub const DEFAULT_REMIND_AT_PERCENT: u8 = 75;

    /// A role called with the default reminder and no quiet hours.
    pub fn calling(role: impl Into<String>) -> CallSettings {
        CallSettings {
            role: role.into(),
            remind_below: Self::DEFAULT_REMIND_BELOW,
            remind_at_percent: Self::DEFAULT_REMIND_AT_PERCENT,
            quiet: None,
            time_zone: None,
        }
    }

    /// When a ballot opened at `opened` and closing at `deadline` is due
    /// its reminder, if it gets one.
    pub fn remind_at(&self, opened: i64, deadline: i64) -> Option<i64> {
        if self.remind_below == 0 || deadline <= opened {
            return None;
        }
        Some(opened + (deadline - opened) * i64::from(self.remind_at_percent) / 100)
    }
}
