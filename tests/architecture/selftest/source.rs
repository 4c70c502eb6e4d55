//! The sources as the checks read them.

use crate::source::without_comments_and_strings;

/// Comments, strings and character literals are blanked, an escaped quote
/// and a raw byte string too, and nothing after them is lost or kept by
/// mistake; a lifetime is code and stays.
#[test]
fn blanking_leaves_the_code_and_only_the_code() {
    let blanked = |source: &str| without_comments_and_strings(source);
    assert_eq!(
        blanked("let q = '\\''; let r = 'r';"),
        "let q = ; let r = ;"
    );
    assert_eq!(blanked("let n = '\\n'; x"), "let n = ; x");
    assert_eq!(
        blanked("let b = br\"\\\"; let c = crate::x;"),
        "let b = b\"\"; let c = crate::x;"
    );
    assert_eq!(
        blanked("fn f<'a>(s: &'a str) /* crate::y */ {} // super::z"),
        "fn f<'a>(s: &'a str)  {} "
    );
}
