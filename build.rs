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
    out.push_str("\n/// Every built-in rule: its id, its doc's TOML text and its check.\n");
    out.push_str("pub(crate) static BUILTIN: &[(&str, &str, CheckFn)] = &[\n");
    for id in &ids {
        let doc = root.join("rules").join(format!("{id}.toml"));
        writeln!(
            out,
            "    ({id:?}, include_str!({:?}), {}::check),",
            doc.display().to_string(),
            id.replace('-', "_")
        )
        .unwrap();
    }
    out.push_str("];\n");
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("rules_generated.rs"),
        out,
    )
    .unwrap();
}
