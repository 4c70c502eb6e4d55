//! Finished games' reviews for their pages: the engine's work, made once
//! per game and kept, since a finished game's review never changes.
//!
//! One review in flight per game, which every watcher of that game waits
//! for; another game's watchers never wait on it. (The service still runs
//! one engine review at a time across games: that is its CPU budget, not
//! a queue of pages.)

use crate::model::GameId;
use crate::service::ServiceError;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// One text per side (see `Pages::review`).
pub(super) type Review = Arc<[String]>;

/// How many finished games' reviews are kept.
const KEPT_REVIEWS: usize = 64;

/// A game's review, made or on its way.
enum Slot {
    Made(Review),
    /// Being made: the answer comes on this channel (`None` until then).
    Making(watch::Receiver<Option<Review>>),
}

#[derive(Clone, Default)]
pub(super) struct Reviews {
    games: Arc<Mutex<HashMap<GameId, Slot>>>,
}

impl Reviews {
    /// `game`'s review: kept, or awaited from the one being made, or made
    /// now by `make`. It is made in a task of its own, so a watcher who
    /// leaves does not stop it for the others. A review that cannot be
    /// made is logged and answered as none to everyone waiting for it, and
    /// not kept: the next ask makes it again.
    pub(super) async fn get<F>(&self, game: GameId, make: F) -> Review
    where
        F: Future<Output = Result<Vec<String>, ServiceError>> + Send + 'static,
    {
        let mut answer = {
            let mut games = self.games.lock().expect("reviews poisoned");
            match games.get(&game) {
                Some(Slot::Made(review)) => return review.clone(),
                Some(Slot::Making(answer)) => answer.clone(),
                None => {
                    let (sender, answer) = watch::channel(None);
                    games.insert(game, Slot::Making(answer.clone()));
                    tokio::spawn(self.clone().make(game, make, sender));
                    answer
                }
            }
        };
        match answer.wait_for(Option::is_some).await {
            Ok(review) => review.clone().unwrap_or_else(|| Arc::from([])),
            // `make` always answers before its sender goes.
            Err(_) => Arc::from([]),
        }
    }

    /// Makes `game`'s review, keeps it or forgets the attempt, then answers
    /// the waiters. `make` runs in a task of its own so that a panic in it
    /// is a failure like any other, and every waiter is answered.
    async fn make<F>(self, game: GameId, make: F, answer: watch::Sender<Option<Review>>)
    where
        F: Future<Output = Result<Vec<String>, ServiceError>> + Send + 'static,
    {
        let made = match tokio::spawn(make).await {
            Ok(Ok(review)) => Some(Review::from(review)),
            Ok(Err(error)) => {
                tracing::warn!(%error, "reviewing a finished game for its page failed");
                None
            }
            Err(error) => {
                tracing::error!(%error, "reviewing a finished game for its page stopped");
                None
            }
        };
        {
            let mut games = self.games.lock().expect("reviews poisoned");
            match &made {
                Some(review) => {
                    if games.len() >= KEPT_REVIEWS {
                        games.retain(|_, slot| matches!(slot, Slot::Making(_)));
                    }
                    games.insert(game, Slot::Made(review.clone()));
                }
                None => {
                    games.remove(&game);
                }
            }
        }
        answer.send_replace(Some(made.unwrap_or_else(|| Arc::from([]))));
    }
}

#[cfg(test)]
mod tests {
    use super::Reviews;
    use crate::model::GameId;
    use crate::service::{Failure, ServiceError};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;
    use tokio::sync::oneshot;

    /// Far past what a review that waits on nothing takes, on any machine.
    const BOUND: Duration = Duration::from_secs(30);

    fn texts(review: &[String]) -> Vec<&str> {
        review.iter().map(String::as_str).collect()
    }

    #[tokio::test]
    async fn a_slow_review_of_one_game_does_not_hold_up_another_games_page() {
        let reviews = Reviews::default();
        let (release, held) = oneshot::channel::<()>();
        let slow = reviews.get(GameId(1), async move {
            let _ = held.await;
            Ok(vec!["slow".to_string()])
        });
        let other = async {
            let quick = reviews.get(GameId(2), async { Ok(vec!["quick".to_string()]) });
            let answered = tokio::time::timeout(BOUND, quick).await;
            let _ = release.send(());
            answered
        };
        let (slow, other) = tokio::join!(slow, other);
        let other = other.expect("game 2's review waited for game 1's");
        assert_eq!(texts(&other), ["quick"]);
        assert_eq!(texts(&slow), ["slow"]);
    }

    #[tokio::test]
    async fn the_watchers_of_a_game_share_one_review_and_a_failed_one_is_made_again() {
        let reviews = Reviews::default();
        let made = Arc::new(AtomicUsize::new(0));
        let failing = |held: Option<oneshot::Receiver<()>>| {
            let made = made.clone();
            async move {
                made.fetch_add(1, Ordering::SeqCst);
                if let Some(held) = held {
                    let _ = held.await;
                }
                Err(ServiceError::from(Failure::Inconsistent("no".into())))
            }
        };
        let (release, held) = oneshot::channel::<()>();
        // All three ask while the first one's review is being made.
        let (first, second, third, ()) = tokio::join!(
            reviews.get(GameId(1), failing(Some(held))),
            reviews.get(GameId(1), failing(None)),
            reviews.get(GameId(1), failing(None)),
            async {
                let _ = release.send(());
            },
        );
        assert_eq!(made.load(Ordering::SeqCst), 1, "one review for three asks");
        assert!(first.is_empty() && second.is_empty() && third.is_empty());

        let again = {
            let made = made.clone();
            async move {
                made.fetch_add(1, Ordering::SeqCst);
                Ok(vec!["made".to_string()])
            }
        };
        assert_eq!(texts(&reviews.get(GameId(1), again).await), ["made"]);
        assert_eq!(made.load(Ordering::SeqCst), 2, "the next ask tried again");
        let kept = reviews.get(GameId(1), failing(None)).await;
        assert_eq!(texts(&kept), ["made"], "a made review is kept");
        assert_eq!(made.load(Ordering::SeqCst), 2);
    }
}
