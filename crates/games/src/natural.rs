//! Natural ordering of notation, so people read `A2` before `A11`: runs
//! of digits compare by value, the rest as text.
//!
//! The order is `alphanumeric-sort`'s. It differs from the sort key this
//! module had only on text that no game's notation contains: a piece of
//! text without a number now comes before the same text with one (`A`
//! before `A1`), and leading zeros break ties.

use std::cmp::Ordering;

/// Compares two notation strings in natural order.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    alphanumeric_sort::compare_str(a, b)
}

/// Sorts notation strings naturally, in place.
pub fn sort_naturally(moves: &mut [String]) {
    alphanumeric_sort::sort_str_slice(moves);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_sort_by_value() {
        let mut moves = ["A11-B11", "A2-C", "A1-B12", "A1-B2", "C-A10", "B4-A4"].map(String::from);
        sort_naturally(&mut moves);
        assert_eq!(
            moves,
            ["A1-B2", "A1-B12", "A2-C", "A11-B11", "B4-A4", "C-A10"]
        );
    }
}
