//! Every message of every catalogue, formatted as a person gets it: with
//! counts that reach every plural form (0, 1, 2, 5), every key its
//! selectors offer, and names, moves, times and durations of the kinds the
//! code passes. A text fails that leaves English in Spanish or Japanese,
//! shows a raw `True` or `False`, uses a word the glossary rules out, or
//! leaves a placeable without a value.

use super::catalogue::format_strictly;
use super::tests::{Entry, entries, messages};
use super::wording_tests::{PLACEABLE, ruled_out, uses};
use super::{FluentArgs, FluentValue, Lang, tr};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

/// The counts every counted placeable takes in turn: none, one, two and
/// several reach every plural form the three languages have.
const COUNTS: [i64; 4] = [0, 1, 2, 5];

/// What a message's selectors, its own and those of the messages it
/// references, ask of one variable.
#[derive(Clone, Debug, Default)]
struct Asks {
    /// The keys of a selector on a text ("white", "poll").
    keys: BTreeSet<String>,
    /// Whether a selector counts with it (a plural form or a number key).
    counts: bool,
    /// The number keys (`[0]`, `[2]`), each a count worth trying.
    numbers: BTreeSet<i64>,
}

type Selectors = BTreeMap<String, Asks>;

/// Plural forms, which make a selector one on a count; `other` is also
/// the usual default of a selector on a text, so it says nothing alone.
const PLURAL_FORMS: [&str; 5] = ["zero", "one", "two", "few", "many"];

fn walk_pattern(pattern: &ast::Pattern<&str>, asks: &mut Selectors, refs: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            walk_expression(expression, asks, refs);
        }
    }
}

fn walk_expression(
    expression: &ast::Expression<&str>,
    asks: &mut Selectors,
    refs: &mut BTreeSet<String>,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                let asked = asks.entry(id.name.to_string()).or_default();
                for variant in variants {
                    match &variant.key {
                        ast::VariantKey::Identifier { name } if PLURAL_FORMS.contains(name) => {
                            asked.counts = true;
                        }
                        ast::VariantKey::Identifier { name } if *name == "other" => {}
                        ast::VariantKey::Identifier { name } => {
                            asked.keys.insert(name.to_string());
                        }
                        ast::VariantKey::NumberLiteral { value } => {
                            asked.counts = true;
                            asked
                                .numbers
                                .insert(value.parse().expect("a whole number key"));
                        }
                    }
                }
            }
            walk_inline(selector, asks, refs);
            for variant in variants {
                walk_pattern(&variant.value, asks, refs);
            }
        }
        ast::Expression::Inline(inline) => walk_inline(inline, asks, refs),
    }
}

fn walk_inline(
    inline: &ast::InlineExpression<&str>,
    asks: &mut Selectors,
    refs: &mut BTreeSet<String>,
) {
    match inline {
        ast::InlineExpression::MessageReference { id, .. } => {
            refs.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, asks, refs),
        _ => {}
    }
}

/// For every message id, what the selectors of every language's text of
/// it (and of the messages those reference) ask of each variable: the
/// code passes one value to all three languages, so each must read well
/// with every key any of them offers.
fn selectors() -> BTreeMap<String, Selectors> {
    let mut merged: BTreeMap<String, Selectors> = BTreeMap::new();
    for lang in Lang::ALL {
        let mut direct = BTreeMap::new();
        for Entry { id, patterns, .. } in entries(lang) {
            let (mut asks, mut refs) = (Selectors::new(), BTreeSet::new());
            for p in &patterns {
                walk_pattern(p, &mut asks, &mut refs);
            }
            direct.insert(id, (asks, refs));
        }
        for id in direct.keys() {
            let into = merged.entry(id.clone()).or_default();
            let mut pending = vec![id.clone()];
            let mut seen = BTreeSet::new();
            while let Some(next) = pending.pop() {
                if !seen.insert(next.clone()) {
                    continue;
                }
                let Some((asks, refs)) = direct.get(&next) else {
                    continue;
                };
                for (variable, asked) in asks {
                    let merged = into.entry(variable.clone()).or_default();
                    merged.keys.extend(asked.keys.iter().cloned());
                    merged.counts |= asked.counts;
                    merged.numbers.extend(&asked.numbers);
                }
                pending.extend(refs.iter().cloned());
            }
        }
    }
    merged
}

#[derive(Clone, Debug)]
enum Value {
    Number(i64),
    Text(String),
}

impl Value {
    fn fluent(&self) -> FluentValue<'static> {
        match self {
            Value::Number(n) => FluentValue::from(*n),
            Value::Text(t) => FluentValue::from(t.clone()),
        }
    }
}

/// `id` in `lang` with text arguments, for values that are themselves
/// messages (a duration, a side, a list), as the code builds them.
fn say(lang: Lang, id: &str, args: &[(&str, Value)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        fluent.set(*name, value.fluent());
    }
    format_strictly(lang, id, &fluent).unwrap_or_else(|e| panic!("{e}"))
}

/// A duration as the code writes one ("2 hours"), in `lang`.
fn duration(lang: Lang, count: i64, unit: &str) -> Value {
    let args = [("count", Value::Number(count)), ("unit", text(unit))];
    Value::Text(say(lang, "duration", &args))
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// Whether English writes `variable` right after "game", "match", "move"
/// or "--resume" in `english` (the English source of the message): then it
/// is a number ("Game 5", "move 12"), elsewhere a name or a move.
fn numbered(english: &str, variable: &str) -> bool {
    let placeable = format!("{{ ${variable} }}");
    english.match_indices(&placeable).any(|(at, _)| {
        let before: String = english[..at]
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_alphabetic() || *c == '-')
            .collect::<String>()
            .chars()
            .rev()
            .collect::<String>()
            .to_lowercase();
        ["game", "match", "move", "--resume"].contains(&before.as_str())
    })
}

const ENGINE_LEVELS: [&str; 7] = [
    "random", "greedy", "easy", "normal", "hard", "max", "adaptive",
];
const GAMES: [&str; 4] = ["space-checkers", "holochess", "dejarik", "djambi"];

/// Realistic values of `variable` in message `id`, in `lang`, from its
/// name: what the code passes under that name. `None` for a name this
/// does not know yet.
fn by_name(lang: Lang, id: &str, variable: &str, english: &str) -> Option<Vec<Value>> {
    let one = |v: Value| Some(vec![v]);
    let seat = |key: &str| say(lang, "seat", &[("seat", text(key))]);
    let level = |key: &str| say(lang, "engine-level", &[("level", text(key))]);
    let titles = || {
        GAMES
            .iter()
            .map(|g| Value::Text(say(lang, "game-title", &[("game", text(g))])))
            .collect()
    };
    let side = || {
        say(
            lang,
            "side-named",
            &[
                ("community", text("Echo Station")),
                ("seats", Value::Text(seat("black"))),
            ],
        )
    };
    let soon = "<t:1700000000:R>";
    let people = || Some(vec![text("<@1001>"), text("Ana")]);
    match variable {
        "count" | "total" | "legal" | "votes" | "wins" | "games" | "run" | "limit" | "turns"
        | "forced" | "judged" | "accurate" | "voters" | "for_preferred" | "matched" | "voted"
        | "best" | "draws" | "losses" | "cast" | "changed" | "refused" | "named" | "needed"
        | "communities" | "most" | "others" | "points" | "below" | "ballots" | "became"
        | "streak" | "backers" | "length" | "suggested" | "adopted" | "steps" | "found"
        | "plies" | "margin" | "step" | "place" | "solved" | "failed" | "hours" | "days"
        | "got" | "halves" | "won" | "drawn" | "lost" | "forfeited" | "byes" | "entered"
        | "entry" => Some(COUNTS.iter().map(|&n| Value::Number(n)).collect()),
        // The subcommand a terminal line tells the reader to run again.
        "command"
            if id == "terminal-played-elsewhere"
                || id.starts_with("terminal-start-")
                || id.starts_with("terminal-resume-") =>
        {
            Some(vec![text("play"), text("match")])
        }
        // The backend whose damage a terminal line names: a SQLite file,
        // or PostgreSQL's data.
        "data" if id.ends_with("-database-damaged") => Some(vec![text("sqlite"), text("postgres")]),
        "seconds" if id == "terminal-played-elsewhere" => {
            Some(vec![Value::Number(1), Value::Number(30)])
        }
        "rating" | "after" => one(Value::Number(1512)),
        "before" => one(Value::Number(1500)),
        "deviation" => one(Value::Number(48)),
        "rank" | "number" => one(Value::Number(2)),
        "percent" => one(Value::Number(75)),
        "earliest" => one(Value::Number(10)),
        "latest" => one(Value::Number(95)),
        "start" if id.starts_with("league-") => one(text(soon)),
        "start" => one(text("22:00")),
        "format" => Some(
            ["round-robin", "double-round-robin", "knockout", "tables"]
                .map(|format| Value::Text(tr(lang, &format!("league-format-{format}"), None)))
                .to_vec(),
        ),
        "move_time" => one(duration(lang, 12, "hour")),
        "rule" if id == "league-table-below-by" => Some(
            [
                "sonneborn-berger",
                "games-won",
                "head-to-head",
                "entry-order",
            ]
            .map(text)
            .to_vec(),
        ),
        "end" => one(text("07:00")),
        "option" | "placement" | "defence" => one(Value::Number(3)),
        "action" => one(Value::Number(1)),
        "attack" => one(Value::Number(2)),
        "movement" => one(Value::Number(4)),
        "unix" => one(Value::Number(1_700_000_000)),
        "id" => one(Value::Number(7)),
        "first" | "second" if english.contains("{ $first }–") => {
            one(Value::Number(if variable == "first" { 3 } else { 1 }))
        }
        "game" if numbered(english, variable) => one(Value::Number(5)),
        "game" | "kind" | "title" => Some(titles()),
        "move" if numbered(english, variable) || id == "review-decision" => one(Value::Number(12)),
        "move" | "winner" | "played" | "standing" => Some(vec![text("A2-B3"), text("c3")]),
        "old" | "preferred" => one(text("B1-C1")),
        "answer" | "tried" | "mv" => one(text("A2-B3")),
        "line" | "reply" | "moves" => one(text("A2-B3, B1-C1")),
        "theme" => Some(
            ["win", "material", "defence", "odds"]
                .into_iter()
                .map(text)
                .collect(),
        ),
        "difficulty" => Some(
            ["easy", "medium", "hard", "expert"]
                .into_iter()
                .map(text)
                .collect(),
        ),
        "first" => one(text("<@1001>")),
        "second" | "rest" => one(text("<@1002>")),
        "player" | "member" | "challenger" | "waiting" => people(),
        "by" | "invited" => one(text("<@1001>")),
        "players" => one(Value::Text(say(
            lang,
            "match-versus",
            &[("first", text("<@1001>")), ("rest", text("<@1002>"))],
        ))),
        "community" | "opponents" | "champion" => one(text("Echo Station")),
        "league" => one(text("Outer Rim Cup")),
        "round" => one(Value::Number(3)),
        "side" if id.starts_with("caption-") => one(Value::Text(say(
            lang,
            "render-side",
            &[("seat", text("light"))],
        ))),
        "side" => one(Value::Text(side())),
        "sides" => one(Value::Text(say(
            lang,
            "list-and-pair",
            &[
                ("first", Value::Text(side())),
                (
                    "second",
                    Value::Text(say(
                        lang,
                        "side-unnamed",
                        &[("seats", Value::Text(seat("white")))],
                    )),
                ),
            ],
        ))),
        "seats" => Some(vec![
            Value::Text(seat("white")),
            Value::Text(seat("red-blue")),
        ]),
        "engine" => one(Value::Text(seat("black"))),
        "seat" => one(Value::Text(say(
            lang,
            "match-seat-player",
            &[("player", text("<@1001>")), ("seat", text("white"))],
        ))),
        "strength" => one(Value::Text(say(
            lang,
            "game-strength",
            &[("level", Value::Text(level("normal")))],
        ))),
        "level" if id == "refusal-unknown-level" => one(text("ultra")),
        "level" => Some(
            ENGINE_LEVELS
                .iter()
                .map(|l| Value::Text(level(l)))
                .collect(),
        ),
        "levels" => {
            let some = say(
                lang,
                "list-more",
                &[
                    ("first", Value::Text(level("easy"))),
                    ("rest", Value::Text(level("normal"))),
                ],
            );
            one(Value::Text(say(
                lang,
                "list-or-pair",
                &[
                    ("first", Value::Text(some)),
                    ("second", Value::Text(level("hard"))),
                ],
            )))
        }
        "reason" => Some(vec![
            Value::Text(say(lang, "end-resigned", &[("player", text("<@1001>"))])),
            Value::Text(say(
                lang,
                "end-quiet-turns",
                &[("turns", Value::Number(10))],
            )),
        ]),
        "score" => one(text("3–1")),
        "list" => one(Value::Text(say(
            lang,
            "list-then",
            &[("first", text("A7-B7")), ("rest", text("B1-C1"))],
        ))),
        "roll" => one(text("9v4")),
        "square" => one(text("B5")),
        "squares" => one(text("A1, B2")),
        "piece" => one(text("A3")),
        "name" if id.starts_with("gotd-") => {
            one(Value::Text(tr(lang, "gotd-character-han-solo-name", None)))
        }
        "name" if id == "menu-group" => one(text("A3")),
        "name" => one(text("Houjix")),
        "from" => one(Value::Text(tr(lang, "gotd-character-han-solo-from", None))),
        "blurb" => one(Value::Text(tr(lang, "gotd-character-han-solo-blurb", None))),
        "options" => one(text("**1** A2-B3 · **2** C1-C2")),
        "leaders" => one(text("A2-B3 3, C1-C2 1")),
        "closes" | "expires" | "until" | "lapses" | "deadline" | "when" | "opens" => {
            one(text(soon))
        }
        "vote" | "turn" | "wait" => one(duration(lang, 2, "hour")),
        "age" | "time" if id.starts_with("voters-") => one(duration(lang, 7, "day")),
        "longest" => one(duration(lang, 365, "day")),
        "countdown" => one(text("4:32")),
        "url" => one(text(
            "https://holotable.example.org/g/0123456789abcdef0123456789abcdef",
        )),
        "visibility" => Some(["unlisted", "public", "off"].map(text).to_vec()),
        "min" => one(duration(lang, 10, "second")),
        "max" => one(duration(lang, 7, "day")),
        "text" => one(text("zz9")),
        "detail" => one(text("A13")),
        "suggestions" => one(Value::Text(say(
            lang,
            "list-or-pair",
            &[("first", text("A1-B1")), ("second", text("A1-B2"))],
        ))),
        "code" | "codes" => one(text("ABCD-EFGH")),
        "zone" => one(text("Mars/Olympus")),
        "time" => one(text("09:00")),
        "date" => one(text("2024-05-01")),
        "since" => one(text("<t:1700000000:D>")),
        "channel" | "thread" => one(text("<#2002>")),
        "role" => one(text("<@&3003>")),
        "language" => Some(Lang::ALL.map(|l| text(l.native_name())).to_vec()),
        "command" => one(Value::Text(tr(lang, "cmd-move-name", None))),
        "path" => one(text("/tmp/holotable/board-5.png")),
        "db" => one(text("holotable.db")),
        // A stopped terminal command's line, and the driver's English words.
        "said" => one(Value::Text(say(
            lang,
            "play-database-full",
            &[("game", Value::Number(3))],
        ))),
        "cause" => one(text(DRIVER_WORDS)),
        "position" => one(text("W:A1,B2;B:C3")),
        "record" if id.starts_with("gotd-") => {
            let votes = say(
                lang,
                "gotd-record-winning-votes",
                &[("count", Value::Number(3))],
            );
            let gained = say(
                lang,
                "gotd-record-rating-gained",
                &[("points", Value::Number(7))],
            );
            let separator = tr(lang, "gotd-record-separator", None);
            one(Value::Text(format!("{votes}{separator}{gained}")))
        }
        "record" => one(Value::Text(say(
            lang,
            "rating-record",
            &[
                ("rating", Value::Number(1512)),
                ("deviation", Value::Number(48)),
                ("games", Value::Number(5)),
                ("wins", Value::Number(3)),
            ],
        ))),
        "change" => one(text("+12")),
        "counts" => {
            let count = |n: i64, verdict: &str| {
                Value::Text(say(
                    lang,
                    "review-verdict-count",
                    &[("count", Value::Number(n)), ("verdict", text(verdict))],
                ))
            };
            one(Value::Text(say(
                lang,
                "list-and-pair",
                &[
                    ("first", count(2, "mistake")),
                    ("second", count(1, "blunder")),
                ],
            )))
        }
        "members" => one(Value::Text(say(
            lang,
            "review-close-voter",
            &[
                ("member", text("<@1001>")),
                ("matched", Value::Number(3)),
                ("voted", Value::Number(4)),
            ],
        ))),
        "deciding" => one(Value::Text(say(
            lang,
            "decision-action",
            &[("number", Value::Number(1)), ("seat", text("white"))],
        ))),
        "status" if id == "league-table-head" => {
            Some(["running", "finished", "cancelled"].map(text).to_vec())
        }
        "status" => one(Value::Text(say(
            lang,
            "caption-to-move",
            &[("seat", text("white"))],
        ))),
        "board" => one(Value::Text(say(
            lang,
            "alt-corpses",
            &[("count", Value::Number(2)), ("squares", text("A1, B2"))],
        ))),
        _ => None,
    }
}

/// The values `variable` takes in `id`: a selector's keys or counts first,
/// since those choose the words; a selector on a text also shows the text
/// itself in its default variant (`*[other] { $reason }`), so the name's
/// values join its keys.
fn values(lang: Lang, id: &str, variable: &str, asked: Option<&Asks>, english: &str) -> Vec<Value> {
    let named = by_name(lang, id, variable, english);
    if let Some(asked) = asked {
        if asked.counts {
            let mut counts: BTreeSet<i64> = COUNTS.into_iter().collect();
            counts.extend(&asked.numbers);
            return counts.into_iter().map(Value::Number).collect();
        }
        if !asked.keys.is_empty() {
            let mut values: Vec<Value> = asked.keys.iter().map(|k| text(k)).collect();
            values.extend(named.unwrap_or_default());
            return values;
        }
    }
    named.unwrap_or_else(|| {
        panic!(
            "{id} has ${variable}, which output_tests.rs cannot fill: say in by_name what it holds"
        )
    })
}

/// Every combination of `choices`, one value of each variable.
fn combinations(choices: &[(String, Vec<Value>)]) -> Vec<Vec<(String, Value)>> {
    let mut all = vec![Vec::new()];
    for (name, values) in choices {
        all = all
            .into_iter()
            .flat_map(|head: Vec<(String, Value)>| {
                values.iter().map(move |v| {
                    let mut next = head.clone();
                    next.push((name.clone(), v.clone()));
                    next
                })
            })
            .collect();
    }
    all
}

/// The English source of each message, which says what its numbers are.
fn english_sources() -> BTreeMap<String, String> {
    let mut sources = BTreeMap::new();
    for (_, source) in super::catalogue::sources(Lang::En) {
        let mut current: Option<String> = None;
        for line in source.lines() {
            if line.starts_with('#') {
                continue;
            }
            if let Some((id, _)) = line.split_once(" =")
                && !line.starts_with(' ')
                && !id.is_empty()
            {
                current = Some(id.to_string());
            }
            if let Some(id) = &current {
                let text: &mut String = sources.entry(id.clone()).or_default();
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    sources
}

/// One formatted text: where it comes from and the arguments it got.
struct Rendered {
    lang: Lang,
    id: String,
    args: String,
    text: String,
}

/// Every message of every language with every combination of its values.
fn render_all() -> (Vec<Rendered>, Vec<String>) {
    let asks = selectors();
    let english = english_sources();
    let variables = messages(Lang::En);
    let mut rendered = Vec::new();
    let mut failures = Vec::new();
    for lang in Lang::ALL {
        for Entry { id, .. } in entries(lang) {
            if id.starts_with('-') {
                continue;
            }
            let source = english.get(&id).map(String::as_str).unwrap_or_default();
            let asked = asks.get(&id);
            let choices: Vec<(String, Vec<Value>)> = variables
                .get(&id)
                .into_iter()
                .flatten()
                .map(|v| {
                    let a = asked.and_then(|a| a.get(v));
                    (v.clone(), values(lang, &id, v, a, source))
                })
                .collect();
            for combination in combinations(&choices) {
                let mut args = FluentArgs::new();
                for (name, value) in &combination {
                    args.set(name.clone(), value.fluent());
                }
                let shown: Vec<String> = combination
                    .iter()
                    .map(|(n, v)| match v {
                        Value::Number(x) => format!("{n}={x}"),
                        Value::Text(t) => format!("{n}={t:?}"),
                    })
                    .collect();
                match format_strictly(lang, &id, &args) {
                    Ok(text) => rendered.push(Rendered {
                        lang,
                        id: id.clone(),
                        args: shown.join(", "),
                        text,
                    }),
                    Err(e) => failures.push(format!("{e} ({})", shown.join(", "))),
                }
            }
        }
    }
    (rendered, failures)
}

/// Words that are English and not Spanish: found whole in a Spanish or
/// Japanese text, they are a translation's leftovers. Words both
/// languages write ("no", "me", "he", "has", "dice", "red", "legal", "final",
/// "total", "error", "normal", "solo") are not here.
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "you",
    "your",
    "yours",
    "game",
    "games",
    "vote",
    "votes",
    "voted",
    "move",
    "moves",
    "true",
    "false",
    "of",
    "to",
    "is",
    "in",
    "for",
    "with",
    "on",
    "at",
    "by",
    "it",
    "this",
    "that",
    "these",
    "not",
    "from",
    "are",
    "was",
    "were",
    "be",
    "been",
    "will",
    "can",
    "cannot",
    "there",
    "their",
    "they",
    "what",
    "which",
    "who",
    "when",
    "where",
    "now",
    "here",
    "only",
    "all",
    "any",
    "every",
    "more",
    "one",
    "two",
    "three",
    "four",
    "first",
    "last",
    "next",
    "new",
    "player",
    "players",
    "match",
    "matches",
    "challenge",
    "challenges",
    "server",
    "channel",
    "community",
    "turn",
    "board",
    "level",
    "white",
    "black",
    "blue",
    "green",
    "yellow",
    "win",
    "wins",
    "won",
    "lost",
    "loss",
    "draw",
    "draws",
    "rated",
    "rating",
    "please",
    "try",
    "again",
    "sorry",
    "option",
    "options",
    "poll",
    "ballot",
    "stop",
    "start",
    "resume",
    "resign",
    "resigned",
    "over",
    "left",
    "played",
    "play",
    "time",
    "day",
    "days",
    "hour",
    "hours",
    "minute",
    "minutes",
    "seconds",
    "today",
    "yesterday",
    "nobody",
    "yet",
    "still",
    "but",
    "or",
    "if",
    "then",
    "than",
    "an",
    "up",
    "out",
    "off",
    "its",
    "his",
    "her",
    "my",
    "our",
    "we",
    "she",
    "do",
    "does",
    "did",
    "done",
    "setup",
    "preview",
    "public",
    "private",
    "lobby",
    "leaderboard",
    "profile",
    "history",
    "status",
    "review",
    "accept",
    "decline",
    "withdraw",
    "engine",
    "mistake",
    "blunder",
    "best",
    "good",
    "yes",
    "pick",
    "choose",
    "menu",
    "menus",
    "piece",
    "pieces",
    "side",
    "sides",
    "seat",
    "seats",
    "army",
    "armies",
    "leader",
    "winner",
    "loser",
    "score",
    "round",
    "post",
    "posted",
    "daily",
    "gamer of the day",
];

/// What a Spanish or Japanese text may write in English: what a person
/// types at a terminal, whole or quoted, and the titles the curated
/// characters come from, as their Spanish releases keep them.
const NOT_LEFTOVERS: &[&str] = &[
    "holotable play --resume",
    "holotable match --resume",
    "--players",
    "'list'",
    "'resign'",
    "'quit'",
    "«list»",
    "«resign»",
    "«quit»",
    "「list」",
    "「resign」",
    "「quit」",
    "Star Wars: The Clone Wars",
    "Star Wars: The Bad Batch",
    "The Mandalorian",
    "Rogue One",
    // The database driver's own words, English in every language: they
    // follow a stopped command's line for whoever it is passed on to.
    DRIVER_WORDS,
];

/// What a database driver says, as `terminal-stopped-cause` shows it.
const DRIVER_WORDS: &str = "error returned from database: (code: 13) database or disk is full";

/// The English words left in `text`, once Discord's markup (`<@1>`,
/// `<t:1:R>`), notation and paths (anything with a digit, `/`, `@` or `:`)
/// and the allowed phrases are set aside.
fn english_left(text: &str) -> Vec<String> {
    let mut rest = text.to_string();
    for allowed in NOT_LEFTOVERS {
        rest = rest.replace(allowed, " ");
    }
    let mut kept = String::new();
    let mut inside_markup = false;
    for c in rest.chars() {
        match c {
            '<' => inside_markup = true,
            '>' if inside_markup => inside_markup = false,
            // Japanese sets no space round a Latin word ("対局のgameです"),
            // so its characters part words as spaces do.
            _ if !inside_markup && is_cjk(c) => kept.push(' '),
            _ if !inside_markup => kept.push(c),
            _ => {}
        }
    }
    // Punctuation round a word ("Options:") is not notation; a digit, a
    // slash, a mention or a colon inside one ("A2-B3", "/votar", "09:00")
    // is.
    let tokens: Vec<&str> = kept
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| ",.;:!?¡¿()«»\"'“”*_`".contains(c)))
        .filter(|t| !t.contains(|c: char| c.is_ascii_digit() || "/@:".contains(c)))
        .collect();
    let words: Vec<String> = tokens
        .join(" ")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let mut found = Vec::new();
    for english in ENGLISH {
        let wanted: Vec<&str> = english.split(' ').collect();
        if words
            .windows(wanted.len())
            .any(|run| run.iter().map(String::as_str).eq(wanted.iter().copied()))
        {
            found.push((*english).to_string());
        }
    }
    found
}

/// Kana, kanji and the full-width punctuation Japanese sets them with.
fn is_cjk(c: char) -> bool {
    c as u32 >= 0x2E80
}

/// A boolean as the code spells it, which no person should read.
fn raw_boolean(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("true") || w.eq_ignore_ascii_case("false"))
}

/// What a reader of `lang` would not accept in `text`.
fn faults(lang: Lang, text: &str, rules: &[(String, String)]) -> Vec<String> {
    let mut faults = Vec::new();
    if raw_boolean(text) {
        faults.push("a raw True or False".to_string());
    }
    if lang != Lang::En {
        for word in english_left(text) {
            faults.push(format!("English «{word}»"));
        }
    }
    for (word, term) in rules {
        // Rules about the words beside a placeable read the catalogue's
        // source (wording_tests.rs); a formatted text has no placeables.
        if !word.contains(PLACEABLE) && uses(lang, text, word) {
            faults.push(format!("«{word}», say «{term}»"));
        }
    }
    faults
}

#[test]
fn every_message_reads_as_its_language_with_realistic_values() {
    let (rendered, mut failures) = render_all();
    let rules: BTreeMap<&str, Vec<(String, String)>> = Lang::ALL
        .into_iter()
        .map(|l| (l.code(), ruled_out(l)))
        .collect();
    let mut seen = BTreeSet::new();
    for r in &rendered {
        for fault in faults(r.lang, &r.text, &rules[r.lang.code()]) {
            // One line per message and fault: the combinations that show
            // it are alike.
            if seen.insert((r.lang.code(), r.id.clone(), fault.clone())) {
                failures.push(format!(
                    "{}: {}: {fault}\n    {}\n    ({})",
                    r.lang, r.id, r.text, r.args
                ));
            }
        }
    }
    let ids: BTreeSet<(&str, &str)> = rendered
        .iter()
        .map(|r| (r.lang.code(), r.id.as_str()))
        .collect();
    eprintln!(
        "rendered {} texts: {} messages in {} languages",
        rendered.len(),
        ids.len() / Lang::ALL.len(),
        Lang::ALL.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each message is rendered with at least every value each of its
/// variables takes, so a message with a plural reaches 0, 1, 2 and 5 and
/// one with a selector on a text reaches every key.
#[test]
fn every_plural_and_every_key_is_reached() {
    let (rendered, _) = render_all();
    let texts = |lang: Lang, id: &str| -> Vec<&str> {
        rendered
            .iter()
            .filter(|r| r.lang == lang && r.id == id)
            .map(|r| r.text.as_str())
            .collect()
    };
    for n in COUNTS {
        let votes = if n == 1 { "voto" } else { "votos" };
        let expected = format!("{n} {votes}");
        assert!(texts(Lang::Es, "count-votes").contains(&expected.as_str()));
    }
    let seats = texts(Lang::Es, "seat");
    for seat in ["blancas", "negras", "claras", "oscuras", "Rojo y Azul"] {
        assert!(seats.contains(&seat), "{seat} not among {seats:?}");
    }
    assert!(
        texts(Lang::Ja, "status-game")
            .iter()
            .any(|t| t.contains("対局5"))
    );
    assert!(texts(Lang::En, "vote-cast").contains(&"You voted for A2-B3."));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    assert_eq!(
        english_left("Vota por el movimiento."),
        Vec::<String>::new()
    );
    let found = english_left("Vote for the next move.");
    for word in ["vote", "for", "the", "next", "move"] {
        assert!(found.contains(&word.to_string()), "{word} not in {found:?}");
    }
    assert_eq!(english_left("対局5のgameです"), ["game"]);
    assert_eq!(english_left("「/投票」でvoteできます。"), ["vote"]);
    assert_eq!(english_left("Recordatorio: Vote: 3"), ["vote"]);
    assert!(english_left("対局5を開始しました。A2-B3に投票。").is_empty());
    assert!(english_left("Continúa con: holotable play --resume 5").is_empty());
    assert!(english_left("Dados: 9v4; <t:1700000000:R>, <@1001>.").is_empty());
    assert_eq!(
        english_left("con `/comunidad desafiar público:True`"),
        Vec::<String>::new()
    );
    assert!(raw_boolean("con `/comunidad desafiar público:True`"));
    assert!(!raw_boolean("Verdadero o falso"));
    assert!(numbered("Game { $game } started", "game"));
    assert!(numbered(
        "continue with: holotable play --resume { $game }",
        "game"
    ));
    assert!(!numbered("A new game of { $game } begins", "game"));
}
