//! A ballot's suggestions as one line, worded once for every platform:
//! the Discord ballot post and the terminal list them alike.

use super::Style;
use holotable_i18n::{Lang, t};
use holotable_model::Suggestion;

/// The most suggestions the line names: a ballot may hold dozens, and a
/// Discord ballot post also carries its tally and closing time within
/// 2,000 characters.
const SUGGESTIONS_LISTED: usize = 10;

/// "Suggested: **A1-B1** from @ann (2 backers) · …", in the order given
/// (most backed first, as the service reads them), the first few and how
/// many more; `None` without suggestions.
pub fn suggestions_line(
    lang: Lang,
    style: &dyn Style,
    suggestions: &[Suggestion],
) -> Option<String> {
    if suggestions.is_empty() {
        return None;
    }
    let mut items: Vec<String> = suggestions
        .iter()
        .take(SUGGESTIONS_LISTED)
        .map(|s| {
            t!(
                lang,
                "suggestion-item",
                move = s.mv.as_str(),
                member = style.member(&s.author),
                backers = s.backers
            )
        })
        .collect();
    if suggestions.len() > SUGGESTIONS_LISTED {
        let more = suggestions.len() - SUGGESTIONS_LISTED;
        items.push(t!(lang, "suggestions-more", count = more));
    }
    Some(t!(lang, "suggestions-line", list = items.join(" · ")))
}
