//! Who acts on the service in a test: a member who manages the server, or
//! one who does not. An actor's name is its id with a capital, so the
//! name a post shows still says which actor it was.

use holotable::service::Actor;

/// `id`, who may manage the server.
pub fn manager(id: &str) -> Actor {
    let mut letters = id.chars();
    let name = letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default();
    Actor {
        id: id.into(),
        name,
        can_manage: true,
    }
}

/// `id`, who may not manage the server.
pub fn member(id: &str) -> Actor {
    Actor {
        can_manage: false,
        ..manager(id)
    }
}
