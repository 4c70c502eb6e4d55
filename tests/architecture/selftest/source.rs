//! The sources as the checks read them.

use crate::source::{members, unlisted, without_comments_and_strings};

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

/// The workspace's members are read from its manifest, over one line or
/// several; a package folder whose sources are not in `CRATES` is found.
#[test]
fn a_package_the_checks_do_not_read_is_found() {
    let manifest = "[package]\nname = \"holotable\"\n\n[workspace]\nmembers = [\n    \
                    \"crates/*\",\n    \"tools/export\",\n]\n\
                    default-members = [\".\", \"crates/*\"]\n\n[workspace.package]\n";
    assert_eq!(members(manifest), [".", "crates/*", "tools/export"]);
    let folders = [
        ".",
        "crates/games",
        "crates/ladders",
        "crates/store",
        "tools/export",
    ]
    .map(String::from);
    assert_eq!(unlisted(&folders), ["crates/ladders", "tools/export"]);
}
