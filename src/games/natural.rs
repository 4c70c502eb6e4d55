//! Natural ordering of notation, so people read `A2` before `A11`.

/// A sort key that compares runs of digits by value and the rest as text.
pub fn natural_key(text: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let letters = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (prefix, tail) = rest.split_at(letters);
        let digits = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (number, tail) = tail.split_at(digits);
        key.push((prefix.to_string(), number.parse().unwrap_or(u64::MAX)));
        rest = tail;
    }
    key
}

/// Sorts notation strings naturally, in place.
pub fn sort_naturally(moves: &mut [String]) {
    moves.sort_by_cached_key(|mv| natural_key(mv));
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
