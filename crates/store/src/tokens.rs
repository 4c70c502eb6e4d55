//! The tokens in the pages' addresses, drawn where a game or a community
//! is written.

/// 128 bits from a cryptographic generator (rand's thread generator,
/// seeded by the operating system), in hex: an address nobody can guess
/// or count up to.
pub(super) fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}
