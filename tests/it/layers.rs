//! The library's modules import one way down (issue 32): each top-level
//! module of `src/` sits on a layer, and its `use` lines and paths name
//! only modules on its own layer or below, with no cycle among them; the
//! files of one module import each other without cycles too. This reads
//! the source, as ripgrep's crate boundaries hold by construction.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, from the bottom. A module may import any module on a lower
/// layer, and one on its own layer if no cycle comes of it.
const LAYERS: &[&[&str]] = &[
    // Text primitives, registries and names.
    &[
        "text",
        "schemes",
        "slug",
        "hosts",
        "pathglobs",
        "paths",
        "regular",
    ],
    &["uri"],
    // Secrets of one URI, and which hosts a URI's findings are kept for.
    &["secrets", "filter"],
    // Readers: bytes to text segments and offset maps.
    &["format"],
    &["mail"],
    &["scan"],
    // One input read and scanned, placed back where it is written.
    &["document"],
    // Secrets in free text.
    &["redact"],
    &["suppress"],
    &["links"],
    &["rules"],
    &["fix"],
    &["report"],
    &["walk", "baseline"],
    &["config"],
    // What the drivers share: inputs opened, output that waits, workers.
    &["drive"],
    // The `check` and `extract` drivers: a run's inputs to a sink.
    &["check", "list"],
    // The language server: a client of `check`.
    &["server"],
    &["cli"],
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/` (`format/anchors.rs` is
/// `["format", "anchors"]`, `format/mod.rs` is `["format"]`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(k) => &text[..k],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(k) => &l[..k],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file's code names: `crate::a::b`, `super::a`,
/// `self::a`, `urilint::a` (the binary), and each name in a
/// `crate::{a, b::c}` group, resolved from `module`.
fn named(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !(bytes[i].is_ascii_alphabetic() && (i == 0 || !is_ident(bytes[i - 1]))) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (is_ident(bytes[i]) || code[i..].starts_with("::")) {
            i += if code[i..].starts_with("::") { 2 } else { 1 };
        }
        let path = code[start..i].trim_end_matches("::");
        let mut parts: Vec<&str> = path.split("::").collect();
        let base: Vec<String> = match parts[0] {
            "crate" | "urilint" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut base = module.to_vec();
                while parts.first() == Some(&"super") {
                    base.pop();
                    parts.remove(0);
                }
                parts.insert(0, "super");
                base
            }
            _ => continue,
        };
        let rest: Vec<String> = parts[1..].iter().map(|s| s.to_string()).collect();
        // `crate::{a, b::c}`: each name of the group.
        if code[i..].starts_with('{') {
            let end = code[i..].find('}').map_or(code.len(), |k| i + k);
            for item in code[i + 1..end].split(',') {
                let item = item.trim();
                let first = item.split("::").next().unwrap_or("");
                if !first.is_empty() && first != "self" && is_ident(first.as_bytes()[0]) {
                    let mut p = base.clone();
                    p.extend(rest.iter().cloned());
                    p.push(first.to_string());
                    out.push(p);
                }
            }
        }
        let mut p = base;
        p.extend(rest);
        if !p.is_empty() {
            out.push(p);
        }
    }
    out
}

/// The edges of a graph that close a cycle, as the nodes of each cycle.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if let Some(k) = stack.iter().position(|s| s == n) {
            found.push(stack[k..].to_vec());
            return;
        }
        if done.contains(n) {
            return;
        }
        stack.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            visit(m, edges, stack, done, found);
        }
        stack.pop();
        done.insert(n.to_string());
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for n in edges.keys() {
        visit(n, edges, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn modules_import_one_way_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let layer = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    // Top-level modules, and the files of each module among themselves.
    let mut top: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut siblings: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut upward = Vec::new();
    let mut unplaced = BTreeSet::new();
    for file in &files {
        let module = module_of(&src, file);
        let Some(from) = module.first() else {
            continue; // lib.rs
        };
        if from == "main" {
            continue;
        }
        if layer(from).is_none() {
            unplaced.insert(from.clone());
        }
        let text = std::fs::read_to_string(file).unwrap();
        for path in named(&module, &code(&text)) {
            let to = &path[0];
            let is_module = |p: &[String]| {
                let p = p.join("/");
                src.join(&p).is_dir() || src.join(format!("{p}.rs")).is_file()
            };
            if !is_module(&path[..1]) {
                continue; // `crate::Item` of lib.rs, or `std`
            }
            if to == from {
                // Files of one folder: `a/b.rs` naming `a::c` (a file).
                let n = module.len();
                if n >= 2
                    && path.len() >= n
                    && path[..n - 1] == module[..n - 1]
                    && path[n - 1] != module[n - 1]
                    && is_module(&path[..n])
                {
                    siblings
                        .entry(module.join("::"))
                        .or_default()
                        .insert(path[..n].join("::"));
                }
                continue;
            }
            top.entry(from.clone()).or_default().insert(to.clone());
            if let (Some(a), Some(b)) = (layer(from), layer(to))
                && b > a
            {
                upward.push(format!(
                    "{} names `{}`, a layer above `{from}`",
                    file.strip_prefix(&src).unwrap().display(),
                    path.join("::")
                ));
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "modules on no layer of LAYERS: {unplaced:?}"
    );
    upward.sort();
    upward.dedup();
    assert!(upward.is_empty(), "imports upward:\n{}", upward.join("\n"));
    assert_eq!(cycles(&top), Vec::<Vec<String>>::new(), "cycles of modules");
    assert_eq!(
        cycles(&siblings),
        Vec::<Vec<String>>::new(),
        "cycles of files"
    );
}

/// The reading of paths the test relies on, on code it must read right.
#[test]
fn named_paths_resolve_from_their_module() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let module = m("format::anchors");
    let got = named(
        &module,
        "use super::lines::{Line, lines};\nuse crate::{slug, text::chars};\nlet x = crate::uri::parse(a);",
    );
    assert_eq!(
        got,
        [
            m("format::lines::Line"),
            m("format::lines::lines"),
            m("format::lines"),
            m("slug"),
            m("text"),
            m("uri::parse"),
        ]
    );
}
