//! The sources as the checks read them: every `.rs` file of the
//! workspace's crates as the module it is, in the layers' one namespace,
//! with comments and strings blanked. What a file says about other modules
//! is left to [`crate::uses`] and where that leads to [`crate::graph`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A module's path in the layers' one namespace (`["render", "overlay"]`),
/// whichever crate it lives in: a crate's root is its layer's name, and the
/// engine, which shares a crate with the rules, is a layer of its own, and
/// so are the puzzles, which the engine makes and proves. The adapters'
/// library is the empty path; the binary beside it (`src/main.rs` and
/// `src/cli/`) is a crate of its own, `bin`, so that its root and the
/// library's are two modules, and an import in one does not stand for the
/// other.
pub type ModulePath = Vec<String>;

/// Each crate's sources and the module path its `crate::` stands for.
pub const CRATES: [(&str, &str, &str); 8] = [
    ("src", "", "holotable"),
    ("crates/i18n/src", "i18n", "holotable_i18n"),
    ("crates/leagues/src", "leagues", "holotable_leagues"),
    ("crates/games/src", "games", "holotable_games"),
    ("crates/model/src", "model", "holotable_model"),
    ("crates/render/src", "render", "holotable_render"),
    ("crates/store/src", "store", "holotable_store"),
    ("crates/service/src", "service", "holotable_service"),
];

/// The packages the workspace's manifest builds, as folders: the root
/// package, `.`, and each of `[workspace]`'s `members`, a pattern's `*` as
/// it is written (`crates/*`), over one line or several.
pub fn members(manifest: &str) -> Vec<String> {
    let mut found = vec![".".to_string()];
    let mut section = "";
    let mut lines = manifest.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some(list) = line
            .strip_prefix("members")
            .and_then(|rest| rest.trim_start().strip_prefix('='))
        else {
            continue;
        };
        if section != "[workspace]" {
            continue;
        }
        let mut list = list.to_string();
        while !list.contains(']') {
            let Some(next) = lines.next() else { break };
            list.push_str(next);
        }
        let inside = list
            .split(']')
            .next()
            .unwrap_or("")
            .trim_start()
            .trim_start_matches('[');
        found.extend(
            inside
                .split(',')
                .map(|entry| entry.trim().trim_matches('"'))
                .filter(|entry| !entry.is_empty())
                .map(String::from),
        );
    }
    found
}

/// Each folder a member pattern stands for in `root`: itself, or every
/// folder a trailing `*` stands for.
pub fn member_folders(root: &Path, patterns: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for pattern in patterns {
        let Some(parent) = pattern.strip_suffix("/*") else {
            found.push(pattern.clone());
            continue;
        };
        let entries = std::fs::read_dir(root.join(parent)).expect("a member folder is readable");
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                let name = path.file_name().expect("a folder's name").to_string_lossy();
                found.push(format!("{parent}/{name}"));
            }
        }
    }
    found.sort();
    found
}

/// Each of the workspace's package folders whose sources [`CRATES`] does
/// not list: nothing would read them, so no rule would hold there.
pub fn unlisted(folders: &[String]) -> Vec<String> {
    folders
        .iter()
        .filter(|folder| {
            let sources = match folder.as_str() {
                "." => "src".to_string(),
                folder => format!("{}/src", folder.trim_end_matches('/')),
            };
            CRATES.iter().all(|(dir, _, _)| *dir != sources)
        })
        .cloned()
        .collect()
}

/// The binary's module path, and its files in the root package's `src/`:
/// its root file and the folder of its modules.
const BINARY: (&str, &str, &str) = ("bin", "main.rs", "cli");

pub struct Module {
    pub file: PathBuf,
    /// The module path `crate::` names in this file.
    pub crate_root: ModulePath,
    /// The source with comments and strings blanked.
    pub source: String,
}

/// The workspace's root, where the root package's manifest is.
pub fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub fn layer_path(mut path: ModulePath) -> ModulePath {
    if path.starts_with(&["games".to_string(), "engine".to_string()])
        || path.starts_with(&["games".to_string(), "puzzle".to_string()])
    {
        path.remove(0);
    }
    path
}

/// Every source file as the module it is, by its module path.
///
/// # Panics
/// Two files are one module path: one of them would go unread.
pub fn modules() -> BTreeMap<ModulePath, Module> {
    one_module_per_path(sources()).unwrap_or_else(|twice| {
        panic!("files that are one module path, so one goes unread: {twice:#?}")
    })
}

/// The modules by path, or each path that two files claim, with both.
pub fn one_module_per_path(
    sources: Vec<(ModulePath, Module)>,
) -> Result<BTreeMap<ModulePath, Module>, Vec<String>> {
    let mut found: BTreeMap<ModulePath, Module> = BTreeMap::new();
    let mut twice = Vec::new();
    for (path, module) in sources {
        if let Some(first) = found.get(&path) {
            twice.push(format!(
                "{}: {} and {}",
                shown(&path),
                first.file.display(),
                module.file.display()
            ));
            continue;
        }
        found.insert(path, module);
    }
    if twice.is_empty() {
        Ok(found)
    } else {
        Err(twice)
    }
}

/// Every `.rs` file of every crate, with the module path it is.
pub fn sources() -> Vec<(ModulePath, Module)> {
    let mut found = Vec::new();
    for (dir, layer, _) in CRATES {
        let root = workspace().join(dir);
        let mut folders = vec![root.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("the sources are readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    folders.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let relative = path.strip_prefix(&root).expect("below the crate's src/");
                let crate_root = crate_root_of(layer, relative);
                let mut names = crate_root.clone();
                names.extend(
                    relative
                        .with_extension("")
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned()),
                );
                if names.len() > crate_root.len()
                    && matches!(
                        names.last().map(String::as_str),
                        Some("mod" | "lib" | "main")
                    )
                {
                    names.pop();
                }
                let source = std::fs::read_to_string(&path).expect("a readable source file");
                found.push((
                    layer_path(names),
                    Module {
                        file: path,
                        crate_root,
                        source: without_comments_and_strings(&source),
                    },
                ));
            }
        }
    }
    found
}

/// The module path `crate::` names in the file at `relative` (below its
/// crate's `src/`): its crate's layer, or the binary's for the binary's
/// files in the root package.
fn crate_root_of(layer: &str, relative: &Path) -> ModulePath {
    let (binary, root_file, folder) = BINARY;
    let in_binary =
        layer.is_empty() && (relative == Path::new(root_file) || relative.starts_with(folder));
    let root = if in_binary { binary } else { layer };
    [root]
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The source with comments, strings and character literals blanked, so a
/// path in a doc comment or a message is not taken for a dependency.
pub fn without_comments_and_strings(source: &str) -> String {
    scan(source).0
}

/// The string literals of `source`, each with the source before it as
/// [`without_comments_and_strings`] blanks it (so what stands before a
/// literal can be read without mistaking a comment or another string for
/// code). A literal's text is as written, escapes and all.
pub fn string_literals(source: &str) -> Vec<(String, String)> {
    let (blanked, found) = scan(source);
    found
        .into_iter()
        .map(|(at, text)| (blanked[..at].to_string(), text))
        .collect()
}

/// The blanked source, and each string literal's text with where it
/// stands in the blanked source.
fn scan(source: &str) -> (String, Vec<(usize, String)>) {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        match rest {
            ['/', '/', ..] => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ['/', '*', ..] => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            // A raw string, `r"…"` or `r#"…"#` (`br"…"` and `cr"…"` too):
            // it ends at a quote followed by as many hashes as it began with.
            ['r', '"' | '#', ..]
                if i == 0
                    || !is_word(chars[i - 1])
                    || (matches!(chars[i - 1], 'b' | 'c')
                        && (i == 1 || !is_word(chars[i - 2]))) =>
            {
                let hashes = rest[1..].iter().take_while(|c| **c == '#').count();
                if rest.get(1 + hashes) == Some(&'"') {
                    i += 2 + hashes;
                    let start = i;
                    while i < chars.len()
                        && !(chars[i] == '"'
                            && chars[i + 1..]
                                .iter()
                                .take(hashes)
                                .filter(|c| **c == '#')
                                .count()
                                == hashes)
                    {
                        i += 1;
                    }
                    found.push((out.len(), chars[start..i.min(chars.len())].iter().collect()));
                    i += 1 + hashes;
                    out.push_str("\"\"");
                    continue;
                }
            }
            ['"', ..] => {
                i += 1;
                let start = i;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                found.push((out.len(), chars[start..i.min(chars.len())].iter().collect()));
                i += 1;
                out.push_str("\"\"");
                continue;
            }
            // A character literal (`'"'`, `'\''`); a lifetime (`'a`) is kept.
            // An escape's first character after the backslash may be the
            // quote itself, so the closing quote is looked for after it.
            ['\'', '\\', _, ..] => {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            ['\'', _, '\'', ..] => {
                i += 3;
                continue;
            }
            _ => {}
        }
        out.push(chars[i]);
        i += 1;
    }
    (out, found)
}

pub fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A module path as a reader writes it; the adapters' library's root is
/// `crate`.
pub fn shown(path: &ModulePath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

/// `"a::b"` as a module path; `""` is the adapters' library's root.
pub fn module_path(text: &str) -> ModulePath {
    text.split("::")
        .filter(|name| !name.is_empty())
        .map(String::from)
        .collect()
}
