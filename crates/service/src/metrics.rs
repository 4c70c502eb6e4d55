//! What an operator watches: shards connected, open
//! ballots, ballot closes and how late they were, engine time per level,
//! deliveries retried and given up, interactions refused as busy.
//!
//! One process-wide set, so instrumenting a use case is one call at the
//! place where the thing happens, with no handle threaded through every
//! constructor. This module only counts and writes Prometheus' text
//! format; serving it over HTTP is the caller's (`discord::health`), so the
//! service never depends on a web server. Built on `prometheus-client`,
//! the Prometheus project's own Rust client: a few small dependencies, no
//! HTTP stack and no global recorder to install.

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::LazyLock;
use std::time::Duration;

type LevelLabel = [(&'static str, String); 1];

pub struct Metrics {
    registry: Registry,
    shards_connected: Gauge,
    open_ballots: Gauge,
    closes: Counter,
    close_lateness: Histogram,
    engine_time: Family<LevelLabel, Histogram, fn() -> Histogram>,
    deliveries_retried: Counter,
    deliveries_given_up: Counter,
    interactions_refused: Counter,
    interactions_waited: Counter,
    interactions_expired: Counter,
    interactions_queued: Gauge,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// This process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// From a few milliseconds (a close right on time) to a minute (a close
/// held up by a failing Discord call).
const LATENESS_BUCKETS: [f64; 11] = [
    0.005, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0, 60.0,
];

fn engine_histogram() -> Histogram {
    // 1 ms (random, greedy) to about 60 s, beyond `max`'s 5 s budget.
    Histogram::new(exponential_buckets(0.001, 3.0, 11))
}

impl Metrics {
    /// A fresh, empty set (tests; the bot uses [`metrics`]).
    pub fn new() -> Metrics {
        let mut metrics = Metrics {
            registry: Registry::with_prefix("holotable"),
            shards_connected: Gauge::default(),
            open_ballots: Gauge::default(),
            closes: Counter::default(),
            close_lateness: Histogram::new(LATENESS_BUCKETS),
            engine_time: Family::new_with_constructor(engine_histogram),
            deliveries_retried: Counter::default(),
            deliveries_given_up: Counter::default(),
            interactions_refused: Counter::default(),
            interactions_waited: Counter::default(),
            interactions_expired: Counter::default(),
            interactions_queued: Gauge::default(),
        };
        let registry = &mut metrics.registry;
        registry.register(
            "shards_connected",
            "Gateway shards of this process connected now",
            metrics.shards_connected.clone(),
        );
        registry.register(
            "open_ballots",
            "Open ballots in the database, as of the last scrape",
            metrics.open_ballots.clone(),
        );
        registry.register(
            "ballot_closes",
            "Ballot deadlines this process acted on: closes, and extensions or pauses of empty ballots",
            metrics.closes.clone(),
        );
        registry.register(
            "close_lateness_seconds",
            "How long after its deadline a ballot was closed",
            metrics.close_lateness.clone(),
        );
        registry.register(
            "engine_seconds",
            "Time of each engine search, by level",
            metrics.engine_time.clone(),
        );
        registry.register(
            "deliveries_retried",
            "Announcements whose delivery failed and will be tried again",
            metrics.deliveries_retried.clone(),
        );
        registry.register(
            "deliveries_given_up",
            "Announcements given up after failing too often",
            metrics.deliveries_given_up.clone(),
        );
        registry.register(
            "interactions_refused",
            "Interactions answered busy because the queue of those waiting their turn was full, and autocompletes left unanswered while every place was taken",
            metrics.interactions_refused.clone(),
        );
        registry.register(
            "interactions_waited",
            "Interactions acknowledged at once and worked on in their turn, as many being worked on already",
            metrics.interactions_waited.clone(),
        );
        registry.register(
            "interactions_expired",
            "Interactions whose acknowledgement or refusal could not be sent within Discord's three seconds, so nothing of them was done",
            metrics.interactions_expired.clone(),
        );
        registry.register(
            "interactions_queued",
            "Interactions waiting their turn now, acknowledged or being acknowledged",
            metrics.interactions_queued.clone(),
        );
        metrics
    }

    /// A ballot closed `late_ms` after its deadline.
    pub fn ballot_closed(&self, late_ms: i64) {
        self.closes.inc();
        self.close_lateness.observe(late_ms.max(0) as f64 / 1000.0);
    }

    pub fn engine_searched(&self, level: &str, took: Duration) {
        self.engine_time
            .get_or_create(&[("level", level.to_string())])
            .observe(took.as_secs_f64());
    }

    pub fn delivery_failed(&self, given_up: bool) {
        if given_up {
            self.deliveries_given_up.inc();
        } else {
            self.deliveries_retried.inc();
        }
    }

    /// An interaction arrived while the bot worked on as many as it
    /// takes at once and as many waited as may, and was answered "busy"
    /// (autocomplete: not at all).
    pub fn interaction_refused(&self) {
        self.interactions_refused.inc();
    }

    /// An interaction arrived while the bot worked on as many as it takes
    /// at once, and waits its turn.
    pub fn interaction_waited(&self) {
        self.interactions_waited.inc();
    }

    /// An interaction's acknowledgement or refusal could not be sent
    /// within Discord's window: nothing of it was done, and its member was
    /// told by Discord that it failed.
    pub fn interaction_expired(&self) {
        self.interactions_expired.inc();
    }

    pub fn set_interactions_queued(&self, queued: usize) {
        self.interactions_queued
            .set(i64::try_from(queued).unwrap_or(i64::MAX));
    }

    /// This process's shards connected now, as read at a scrape.
    pub fn set_shards_connected(&self, connected: i64) {
        self.shards_connected.set(connected);
    }

    pub fn set_open_ballots(&self, open: i64) {
        self.open_ballots.set(open);
    }

    /// Everything, in Prometheus' text format.
    pub fn text(&self) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String cannot fail");
        text
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Metrics;
    use std::time::Duration;

    /// The value of the sample line starting with `name` (labels included).
    fn sample(text: &str, name: &str) -> Option<f64> {
        text.lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn what_happened_shows_in_the_text_format() {
        let metrics = Metrics::new();
        metrics.ballot_closed(300);
        metrics.ballot_closed(-20);
        metrics.engine_searched("normal", Duration::from_millis(40));
        metrics.delivery_failed(false);
        metrics.delivery_failed(false);
        metrics.delivery_failed(true);
        metrics.set_shards_connected(1);
        metrics.set_open_ballots(7);
        metrics.interaction_refused();
        metrics.interaction_waited();
        metrics.interaction_waited();
        metrics.interaction_expired();
        metrics.set_interactions_queued(3);
        let text = metrics.text();
        assert_eq!(sample(&text, "holotable_ballot_closes_total"), Some(2.0));
        assert_eq!(
            sample(&text, "holotable_close_lateness_seconds_count"),
            Some(2.0)
        );
        assert_eq!(
            sample(&text, "holotable_close_lateness_seconds_sum"),
            Some(0.3)
        );
        // An early close counts as on time, not as negative lateness.
        assert_eq!(
            sample(
                &text,
                "holotable_close_lateness_seconds_bucket{le=\"0.005\"}"
            ),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, "holotable_engine_seconds_count{level=\"normal\"}"),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, "holotable_deliveries_retried_total"),
            Some(2.0)
        );
        assert_eq!(
            sample(&text, "holotable_deliveries_given_up_total"),
            Some(1.0)
        );
        assert_eq!(sample(&text, "holotable_shards_connected"), Some(1.0));
        assert_eq!(sample(&text, "holotable_open_ballots"), Some(7.0));
        assert_eq!(
            sample(&text, "holotable_interactions_refused_total"),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, "holotable_interactions_waited_total"),
            Some(2.0)
        );
        assert_eq!(
            sample(&text, "holotable_interactions_expired_total"),
            Some(1.0)
        );
        assert_eq!(sample(&text, "holotable_interactions_queued"), Some(3.0));
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
