//! The service's doors: each public method of the service is on its
//! feature's door, in that feature's folder, and `Service` itself keeps
//! only the core's methods and the doors' accessors. Read from the
//! service's sources as text ([`crate::items`]); what the check sees and
//! what it does not is told in docs/architecture.md.

use std::collections::{BTreeMap, BTreeSet};

use crate::aliases::Aliases;
use crate::items::{Items, PublicFn, read, words};
use crate::source::{is_word, without_comments_and_strings};

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

/// The macros whose invocations make nothing of the names given them but
/// text, a check or a panic, each with its reason; by name, so not while the
/// service declares or imports a macro of that name.
const HARMLESS_MACROS: [(&str, &str); 22] = [
    ("format", "formats its arguments"),
    ("format_args", "formats its arguments"),
    ("write", "formats its arguments"),
    ("writeln", "formats its arguments"),
    ("print", "formats its arguments"),
    ("println", "formats its arguments"),
    ("eprint", "formats its arguments"),
    ("eprintln", "formats its arguments"),
    ("panic", "formats its arguments and panics"),
    ("unreachable", "formats its arguments and panics"),
    ("todo", "formats its arguments and panics"),
    ("assert", "checks a condition"),
    ("assert_eq", "checks a condition"),
    ("assert_ne", "checks a condition"),
    ("debug_assert", "checks a condition"),
    ("debug_assert_eq", "checks a condition"),
    ("debug_assert_ne", "checks a condition"),
    ("trace", "logs its arguments"),
    ("debug", "logs its arguments"),
    ("info", "logs its arguments"),
    ("warn", "logs its arguments"),
    ("error", "logs its arguments"),
];

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
/// door, or on their names (the harmless macros aside); a public type or
/// constant other than a door that holds them, outside a door's own
/// folder, or a static of any visibility; and a trait that names them.
pub fn misplaced_methods(files: &[(String, String)]) -> Vec<String> {
    let blanked: Vec<String> = files
        .iter()
        .map(|(_, source)| without_comments_and_strings(source))
        .collect();
    let doors = doors(files, &blanked);
    let mut types: BTreeSet<String> = doors.keys().cloned().collect();
    types.insert("Service".to_string());
    let all: Vec<Items> = blanked.iter().map(|source| read(source)).collect();
    let aliases = Aliases::of(files, &blanked, &all, &types);
    let own_traits: BTreeSet<&str> = all
        .iter()
        .flat_map(|items| items.traits.iter().map(|t| t.name.as_str()))
        .collect();
    let own_macros: BTreeSet<&str> = all
        .iter()
        .flat_map(|items| items.own_macros.iter().map(String::as_str))
        .collect();
    let mut wrong = Vec::new();
    for (((file, _), items), aliases) in files.iter().zip(&all).zip(&aliases) {
        let harmless = |tr: &str| {
            HARMLESS_TRAITS.iter().any(|(name, _)| *name == tr)
                && !own_traits.contains(tr)
                && !aliases.renamed.contains(tr)
        };
        let harmless_macro = |name: &str| {
            HARMLESS_MACROS
                .iter()
                .any(|(harmless, _)| *harmless == name)
                && !own_macros.contains(name)
                && !aliases.renamed.contains(name)
        };
        // The doors whose folder this file is in: what holds them here is
        // their feature's own.
        let at_home = |door: &String| {
            doors.get(door).is_some_and(|home| {
                home.as_ref()
                    .is_some_and(|f| file.starts_with(&format!("{f}/")))
            })
        };
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
            if !named.is_empty() && !harmless_macro(&invoked.name) {
                wrong.push(format!(
                    "{file}: {}! names {}, and the check cannot read what it makes of it",
                    invoked.name,
                    listed(&named)
                ));
            }
        }
        for held in items.holders.iter().filter(|held| held.reachable) {
            let mut named = aliases.named(&held.text, &types);
            named.retain(|ty| !at_home(ty));
            if !named.is_empty() && !types.contains(&held.name) {
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
            check_fn(file, f, &doors, &types, aliases, &mut wrong);
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
