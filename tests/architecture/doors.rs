//! The service's doors: each public method of the service is on its
//! feature's door, in that feature's folder, and `Service` itself keeps
//! only the core's methods and the doors' accessors. Read from the
//! service's sources as text ([`crate::items`]); what the check sees and
//! what it does not is told in docs/architecture.md.

use std::collections::{BTreeMap, BTreeSet};

use crate::items::{Items, PublicFn, impl_type, read, word_spans, words};
use crate::source::{is_word, without_comments_and_strings};
use crate::uses::use_tree;

/// The one file whose `impl Service` may have public methods, and the
/// methods it keeps for itself, each as its signature reads (see
/// [`crate::items::compact`]): opening and closing, the clock, the settings, an arrival.
/// The signatures are pinned too, so that no core method hands out what it
/// should not (`arrival(&self) -> Store`). Every other public method there
/// is a door's accessor, `pub fn votes(&self) -> Votes<'_>`, and those
/// accessors are the list of doors: a new door is checked from the day the
/// core hands it out, with nobody to remember a list here.
const SERVICE_CORE: &str = "lib.rs";
const CORE_METHODS: [(&str, &str); 6] = [
    (
        "open",
        concat!(
            "open(url:&str,access:Access,timeout:std::time::Duration,clock:Arc<dyn Clock>,",
            "opponent:Arc<dyn Opponent>,settings:Settings)->Result<Self,ServiceError>",
        ),
    ),
    (
        "new",
        "new(store:Store,clock:Arc<dyn Clock>,opponent:Arc<dyn Opponent>,settings:Settings)->Self",
    ),
    ("close", "close(&self)"),
    ("now", "now(&self)->Millis"),
    ("settings", "settings(&self)->&Settings"),
    ("arrival", "arrival(&self,sent_at:Millis)->Arrival"),
];

/// The public functions that may take the service although they are no
/// door's, each with its reason. The scheduler owns an `Arc` of the service
/// for as long as it runs, which a door, a borrow for one call, cannot.
const SERVICE_TAKERS: [(&str, &str); 1] = [("scheduler.rs", "run_scheduler")];

/// The types besides the doors that may hold the service, each with its
/// reason. A scheduler's `Claim` is a game's place in flight, held by the
/// task that closes the game's ballot or runs its timer, with the service's
/// `Arc` that task runs on; it is private and its one method is `Drop`,
/// which releases the game.
const SERVICE_HOLDERS: [(&str, &str); 1] = [("scheduler.rs", "Claim")];

/// The traits that may be implemented for the service or a door, each with
/// its reason: none gives an adapter a way to work with the service. Any
/// other trait's methods would be the service's, callable round the doors
/// (`Deref<Target = Store>` would hand out every method of the store).
const HARMLESS_TRAITS: [(&str, &str); 5] = [
    ("Debug", "prints the value and does nothing else"),
    ("Display", "prints the value and does nothing else"),
    ("Clone", "a copy of a door is the same door"),
    ("Copy", "a marker: what `Clone` does, implicitly"),
    ("Drop", "nobody calls it: it runs when the value goes"),
];

/// The text after each `keyword` of `source` that starts a statement, up
/// to its `;`: `use a::{b as c}` gives `a::{b as c}`.
fn statements<'s>(source: &'s str, keyword: &str) -> Vec<&'s str> {
    source
        .match_indices(keyword)
        .filter_map(|(at, _)| {
            let rest = &source[at + keyword.len()..];
            let starts = at == 0 || !is_word(source[..at].chars().next_back().unwrap_or(' '));
            (starts && rest.starts_with(char::is_whitespace))
                .then(|| rest.split(';').next().unwrap_or(""))
        })
        .collect()
}

/// The other names the service's sources give types (`type S = Service;`,
/// `use crate::Votes as V;`, `type Held = Arc<Service>;`).
struct Aliases {
    /// Each alias that stands for `Service` or a door itself, and which, so
    /// that an `impl S` is read as the `impl Service` it is.
    exact: BTreeMap<String, String>,
    /// Each alias that names `Service` or a door anywhere in what it
    /// stands for, and which it names: `Held` names `Service`.
    naming: BTreeMap<String, BTreeSet<String>>,
    /// Every name a `use … as` gives: a trait so renamed is not the
    /// harmless one its name says.
    renamed: BTreeSet<String>,
}

impl Aliases {
    /// The aliases in `sources` of `types` (`Service` and the doors).
    fn of(sources: &[String], types: &BTreeSet<String>) -> Self {
        // Each alias, the last path segment it stands for, and its words.
        let mut given: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
        let mut renamed = BTreeSet::new();
        for source in sources {
            for statement in statements(source, "type") {
                if let Some((alias, target)) = statement.split_once('=')
                    && let Some(alias) = alias.split('<').next().map(str::trim)
                {
                    let last = match impl_type(&format!("impl {target}")) {
                        Some((None, last)) => last,
                        _ => String::new(),
                    };
                    let named = words(target).map(String::from).collect();
                    given.insert(alias.to_string(), (last, named));
                }
            }
            for statement in statements(source, "use") {
                for leaf in use_tree(statement) {
                    if let (Some(last), Some(name)) = (leaf.path.last(), leaf.name)
                        && *last != name
                    {
                        renamed.insert(name.clone());
                        given.insert(name, (last.clone(), vec![last.clone()]));
                    }
                }
            }
        }
        let mut exact = BTreeMap::new();
        let mut naming = BTreeMap::new();
        for alias in given.keys() {
            // An alias of an alias: follow the chain to a name the check
            // knows.
            let mut target = alias;
            for _ in 0..given.len() {
                match given.get(target) {
                    Some((next, _)) => target = next,
                    None => break,
                }
            }
            if types.contains(target) {
                exact.insert(alias.clone(), target.clone());
            }
            let mut named = BTreeSet::new();
            let mut seen = BTreeSet::new();
            let mut open = vec![alias];
            while let Some(next) = open.pop() {
                if !seen.insert(next) {
                    continue;
                }
                for word in given.get(next).into_iter().flat_map(|(_, w)| w) {
                    if types.contains(word) {
                        named.insert(word.clone());
                    }
                    open.push(word);
                }
            }
            if !named.is_empty() {
                naming.insert(alias.clone(), named);
            }
        }
        Aliases {
            exact,
            naming,
            renamed,
        }
    }

    /// The type `name` stands for: itself unless an alias of one of the
    /// types.
    fn exact<'n>(&'n self, name: &'n str) -> &'n str {
        self.exact.get(name).map_or(name, String::as_str)
    }

    /// Which of the types `text` names, itself or through an alias. A
    /// name after a type's path (`Refusal::Versus`) is its variant or item,
    /// not the door of that name.
    fn named(&self, text: &str, types: &BTreeSet<String>) -> BTreeSet<String> {
        let mut named = BTreeSet::new();
        let mut previous: Option<(usize, &str)> = None;
        for (at, word) in word_spans(text) {
            // `Type::word`: the type ends right before the `::`.
            let of_type = previous.is_some_and(|(from, before)| {
                from + before.len() + 2 == at
                    && text[..at].ends_with("::")
                    && before.starts_with(char::is_uppercase)
            });
            previous = Some((at, word));
            if of_type {
                continue;
            }
            if types.contains(word) {
                named.insert(word.to_string());
            }
            named.extend(self.naming.get(word).into_iter().flatten().cloned());
        }
        named
    }
}

/// `{a, b}` as `a, b`.
fn listed(names: &BTreeSet<String>) -> String {
    names.iter().cloned().collect::<Vec<_>>().join(", ")
}

/// What is wrong with where the service's public functions are declared,
/// given each file's path under `crates/service/src/` and its source: a
/// public method on `Service` that is neither the core's own, as the core
/// declares it, nor a door's accessor, or outside the core file; a door not
/// declared in its folder's `mod.rs`; a door's method outside that folder;
/// and each way round the doors the check knows: a public function that
/// names the service (or a door outside the door's folder) anywhere in its
/// signature; a trait implemented for anything whose `impl` names the
/// service or a door, a harmless few aside; an inherent `impl` of another
/// type that names them; a macro invoked in an `impl` of the service or a
/// door, or on their names; a type or static other than a door that holds
/// them; and a trait that names them.
pub fn misplaced_methods(files: &[(String, String)]) -> Vec<String> {
    let blanked: Vec<String> = files
        .iter()
        .map(|(_, source)| without_comments_and_strings(source))
        .collect();
    let doors = doors(files, &blanked);
    let mut types: BTreeSet<String> = doors.keys().cloned().collect();
    types.insert("Service".to_string());
    let aliases = Aliases::of(&blanked, &types);
    let all: Vec<Items> = blanked.iter().map(|source| read(source)).collect();
    let own_traits: BTreeSet<&str> = all
        .iter()
        .flat_map(|items| items.traits.iter().map(|t| t.name.as_str()))
        .collect();
    let harmless = |tr: &str| {
        HARMLESS_TRAITS.iter().any(|(name, _)| *name == tr)
            && !own_traits.contains(tr)
            && !aliases.renamed.contains(tr)
    };
    let mut wrong = Vec::new();
    for ((file, _), items) in files.iter().zip(&all) {
        if file == SERVICE_CORE {
            for (door, home) in &doors {
                if home.is_none() {
                    wrong.push(format!(
                        "{file}: the door {door} is not declared in a feature folder's mod.rs"
                    ));
                }
            }
        }
        for imp in &items.impls {
            let named = aliases.named(&imp.header, &types);
            if named.is_empty() {
                continue;
            }
            let header = &imp.header;
            match &imp.of_trait {
                Some(tr) if harmless(tr) => {}
                Some(_) => wrong.push(format!(
                    "{file}: {header} gives {} methods round the doors; put them on its \
                     feature's door",
                    listed(&named)
                )),
                None if !types.contains(aliases.exact(&imp.ty)) => wrong.push(format!(
                    "{file}: {header} is no door's but names {}: its methods reach it round \
                     the doors",
                    listed(&named)
                )),
                None => {}
            }
        }
        for (ty, found) in &items.impl_macros {
            let ty = aliases.exact(ty);
            if types.contains(ty) {
                wrong.push(format!(
                    "{file}: {found} in impl {ty} makes what the check cannot read; write the \
                     methods out"
                ));
            }
        }
        for invoked in &items.macros {
            let named = aliases.named(&invoked.text, &types);
            if !named.is_empty() {
                wrong.push(format!(
                    "{file}: {}! names {}, and the check cannot read what it makes of it",
                    invoked.name,
                    listed(&named)
                ));
            }
        }
        for held in &items.holders {
            let named = aliases.named(&held.text, &types);
            if !named.is_empty()
                && !types.contains(&held.name)
                && !SERVICE_HOLDERS.contains(&(file.as_str(), held.name.as_str()))
            {
                wrong.push(format!(
                    "{file}: {} holds {} but is no door, so what uses it reaches them round \
                     the doors",
                    held.name,
                    listed(&named)
                ));
            }
        }
        for declared in &items.traits {
            let named = aliases.named(&declared.text, &types);
            if !named.is_empty() {
                wrong.push(format!(
                    "{file}: the trait {} names {}: implemented for them without naming them \
                     (`impl<T> {} for T`), its methods reach them round the doors",
                    declared.name,
                    listed(&named),
                    declared.name
                ));
            }
        }
        for f in &items.fns {
            check_fn(file, f, &doors, &types, &aliases, &mut wrong);
        }
    }
    wrong
}

/// What is wrong with the public function `f` of `file`, on the service, a
/// door, another type or none.
fn check_fn(
    file: &str,
    f: &PublicFn,
    doors: &BTreeMap<String, Option<String>>,
    types: &BTreeSet<String>,
    aliases: &Aliases,
    wrong: &mut Vec<String>,
) {
    let name = &f.name;
    let ty = f.ty.as_deref().map(|t| aliases.exact(t));
    if ty == Some("Service") {
        if file != SERVICE_CORE {
            wrong.push(format!(
                "{file}: Service::{name} is public outside {SERVICE_CORE}; put it on its \
                 feature's door"
            ));
        } else if let Some((_, own)) = CORE_METHODS.iter().find(|(core, _)| core == name) {
            if f.signature != *own {
                wrong.push(format!(
                    "{file}: Service::{name} is `{}`, not the core's own `{own}`",
                    f.signature
                ));
            }
        } else if accessor(f).is_none() {
            wrong.push(format!(
                "{file}: Service::{name} is neither the core's own nor a door's accessor; put \
                 it on its feature's door"
            ));
        }
        return;
    }
    if let Some(ty) = ty
        && types.contains(ty)
    {
        if let Some(Some(folder)) = doors.get(ty)
            && !file.starts_with(&format!("{folder}/"))
        {
            wrong.push(format!("{file}: {ty}::{name} is outside {folder}/"));
        }
        return;
    }
    // A free function, or one of a type that is no door: what its
    // signature names, generics, `where` and the result included.
    let shown = ty.map_or(name.clone(), |ty| format!("{ty}::{name}"));
    for named in aliases.named(&f.signature, types) {
        if named == "Service" {
            if !SERVICE_TAKERS.contains(&(file, name.as_str())) {
                wrong.push(format!(
                    "{file}: {shown} is a public function taking the Service; put it on its \
                     feature's door"
                ));
            }
        } else if let Some(Some(folder)) = doors.get(&named)
            && !file.starts_with(&format!("{folder}/"))
        {
            wrong.push(format!(
                "{file}: {shown} is a public function with the door {named} in its \
                 signature, outside {folder}/; put it on that door"
            ));
        }
    }
}

/// The doors: what the core's accessors hand out, each with the folder
/// whose `mod.rs` declares it (`None` when no folder does).
pub fn doors(files: &[(String, String)], blanked: &[String]) -> BTreeMap<String, Option<String>> {
    let mut doors: BTreeMap<String, Option<String>> = BTreeMap::new();
    for ((file, _), source) in files.iter().zip(blanked) {
        if file != SERVICE_CORE {
            continue;
        }
        for f in read(source).fns {
            if f.ty.as_deref() == Some("Service")
                && CORE_METHODS.iter().all(|(core, _)| *core != f.name)
                && let Some(door) = accessor(&f)
            {
                doors.insert(door, None);
            }
        }
    }
    for ((file, _), source) in files.iter().zip(blanked) {
        if let Some(folder) = file.strip_suffix("/mod.rs") {
            for (door, home) in doors.iter_mut() {
                let declared = source.match_indices("struct").any(|(at, _)| {
                    let rest = &source[at + "struct".len()..];
                    rest.starts_with(char::is_whitespace)
                        && words(rest).next() == Some(door)
                        && source[..at].trim_end().ends_with("pub")
                });
                if declared {
                    *home = Some(folder.to_string());
                }
            }
        }
    }
    doors
}

/// The door a core method hands out, if it is an accessor:
/// `votes(&self)->Votes<'_>` gives `Votes`.
fn accessor(f: &PublicFn) -> Option<String> {
    let door = f
        .signature
        .strip_prefix(&f.name)?
        .strip_prefix("(&self)->")?;
    let door = door.strip_suffix("<'_>").unwrap_or(door);
    (!door.is_empty() && door.chars().all(is_word) && door.starts_with(char::is_uppercase))
        .then(|| door.to_string())
}
