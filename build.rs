//! Pairs each rule's doc (`rules/<id>.toml`) with its check
//! (`src/rules/checks/<id with underscores>.rs`) and compiles both in, so a
//! new rule is one file in each place and nothing else (STYLE.md).

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").unwrap();
    let root = Path::new(&root);
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=src/rules/checks");

    let mut ids: Vec<String> = fs::read_dir(root.join("rules"))
        .expect("rules/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let id = name.strip_suffix(".toml")?;
            (id != "schemes").then(|| id.to_string())
        })
        .collect();
    ids.sort();
    let mut checks: Vec<String> = fs::read_dir(root.join("src/rules/checks"))
        .expect("src/rules/checks/")
        .filter_map(|e| {
            Some(
                e.ok()?
                    .file_name()
                    .into_string()
                    .ok()?
                    .strip_suffix(".rs")?
                    .to_string(),
            )
        })
        .collect();
    checks.sort();
    let want: Vec<String> = ids.iter().map(|id| id.replace('-', "_")).collect();
    for id in &ids {
        if !checks.contains(&id.replace('-', "_")) {
            panic!(
                "rules/{id}.toml has no check: add src/rules/checks/{}.rs",
                id.replace('-', "_")
            );
        }
    }
    for c in &checks {
        if !want.contains(c) {
            panic!(
                "src/rules/checks/{c}.rs has no doc: add rules/{}.toml",
                c.replace('_', "-")
            );
        }
    }

    let mut out = String::new();
    for id in &ids {
        let module = id.replace('-', "_");
        let path = root.join("src/rules/checks").join(format!("{module}.rs"));
        writeln!(
            out,
            "#[path = {:?}]\nmod {module};",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str(
        "\n/// Every built-in rule: its id, its doc's TOML text, its check and\n\
         /// what the linter reads of its doc (parsed here, not at each start).\n",
    );
    out.push_str("pub(crate) static BUILTIN: &[(&str, &str, CheckFn, Head)] = &[\n");
    for id in &ids {
        let doc = root.join("rules").join(format!("{id}.toml"));
        let head = rule_head(id, &fs::read_to_string(&doc).expect("rules/<id>.toml"));
        writeln!(
            out,
            "    ({id:?}, include_str!({:?}), {}::check, {head}),",
            doc.display().to_string(),
            id.replace('-', "_")
        )
        .unwrap();
    }
    out.push_str("];\n");
    let out_dir = env::var("OUT_DIR").unwrap();
    fs::write(Path::new(&out_dir).join("rules_generated.rs"), out).unwrap();
    let schemes = fs::read_to_string(root.join("rules/schemes.toml")).expect("rules/schemes.toml");
    fs::write(
        Path::new(&out_dir).join("schemes_generated.rs"),
        scheme_table(&schemes),
    )
    .unwrap();
}

/// `kebab-case` as the variant `KebabCase` (the enums are serde
/// `lowercase`, so `error` is `Error`).
fn variant(value: &str) -> String {
    value
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The `Head` of a rule's doc: the fields the linter reads at each start.
/// The whole doc is still checked by `rules::docs()` and its tests.
fn rule_head(id: &str, text: &str) -> String {
    let doc: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("rules/{id}.toml: {e}"));
    let string = |key: &str| -> Option<&str> {
        doc.get(key).map(|v| {
            v.as_str()
                .unwrap_or_else(|| panic!("rules/{id}.toml: `{key}` must be a string"))
        })
    };
    let boolean = |key: &str, default: Option<bool>| -> bool {
        match doc.get(key) {
            Some(v) => v
                .as_bool()
                .unwrap_or_else(|| panic!("rules/{id}.toml: `{key}` must be true or false")),
            None => default.unwrap_or_else(|| panic!("rules/{id}.toml: `{key}` is missing")),
        }
    };
    let one_of = |key: &str, allowed: &[&str]| -> Option<String> {
        let v = string(key)?;
        assert!(
            allowed.contains(&v),
            "rules/{id}.toml: `{key}` is `{v}`, not one of {allowed:?}"
        );
        Some(variant(v))
    };
    let need = |key: &str, allowed: &[&str]| {
        one_of(key, allowed).unwrap_or_else(|| panic!("rules/{id}.toml: `{key}` is missing"))
    };
    let severity = need("severity", &["note", "warning", "error"]);
    let group = need(
        "group",
        &["security", "correctness", "portability", "style"],
    );
    let fix = match one_of("fix", &["safe", "unsafe"]) {
        Some(v) => format!("Some(Applicability::{v})"),
        None => "None".to_string(),
    };
    format!(
        "Head {{ severity: Severity::{severity}, group: Group::{group}, default: {}, \
         templates: {}, links: {}, fix: {fix} }}",
        boolean("default", None),
        boolean("templates", Some(true)),
        boolean("links", Some(false)),
    )
}

/// `rules/schemes.toml` as a Rust table of `(name, port, syntax, bare,
/// rfc, status)`, so no run parses 40 KB of TOML to start (SPEC U4).
/// `schemes::tests` checks it against `Registry::from_toml` of the file.
fn scheme_table(text: &str) -> String {
    let file: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("rules/schemes.toml: {e}"));
    let schemes = file
        .get("schemes")
        .and_then(|s| s.as_table())
        .expect("rules/schemes.toml: a [schemes] table");
    let mut out = String::from(
        "/// `rules/schemes.toml`: (name, port, syntax, bare, rfc, status).\n\
         static BUILTIN_SCHEMES: &[Builtin] = &[\n",
    );
    for (name, entry) in schemes {
        let at = |what: &str| format!("rules/schemes.toml: `{name}`: {what}");
        // RFC 3986 s3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), in
        // the lower case that lookups fold to.
        let mut chars = name.chars();
        assert!(
            chars.next().is_some_and(|c| c.is_ascii_lowercase())
                && chars.all(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '+' | '-' | '.')
                }),
            "{}",
            at("a scheme name is a lower-case letter, then letters, digits, `+`, `-` or `.`")
        );
        let entry = entry
            .as_table()
            .unwrap_or_else(|| panic!("{}", at("must be an inline table { ... }")));
        for key in entry.keys() {
            assert!(
                ["port", "syntax", "bare", "rfc", "status"].contains(&key.as_str()),
                "{}",
                at(&format!("unknown field `{key}`"))
            );
        }
        let port = match entry.get("port") {
            Some(p) => {
                let port = p
                    .as_integer()
                    .and_then(|p| u16::try_from(p).ok())
                    .unwrap_or_else(|| panic!("{}", at("`port` must be a number from 0 to 65535")));
                format!("Some({port})")
            }
            None => "None".to_string(),
        };
        let text_of = |key: &str| match entry.get(key) {
            Some(v) => v
                .as_str()
                .unwrap_or_else(|| panic!("{}", at(&format!("`{key}` must be a string")))),
            None => panic!("{}", at(&format!("`{key}` is missing"))),
        };
        let syntax = text_of("syntax");
        assert!(
            ["hierarchical", "opaque"].contains(&syntax),
            "{}",
            at("`syntax` must be \"hierarchical\" or \"opaque\"")
        );
        let status = text_of("status");
        assert!(
            ["permanent", "provisional", "historical", "unregistered"].contains(&status),
            "{}",
            at(
                "`status` must be \"permanent\", \"provisional\", \"historical\" or \"unregistered\""
            )
        );
        let bare = entry.get("bare").map_or(Some(false), |b| b.as_bool());
        let bare = bare.unwrap_or_else(|| panic!("{}", at("`bare` must be true or false")));
        writeln!(
            out,
            "    ({name:?}, {port}, Syntax::{}, {bare}, {:?}, Status::{}),",
            variant(syntax),
            text_of("rfc"),
            variant(status)
        )
        .unwrap();
    }
    out.push_str("];\n");
    out
}
