//! The README and `docs/` tell the truth: every command they show with its
//! output is run here and its output compared (issues 11 and 34). A
//! command is a `sh` block of one `cargo run --release -- ARGS` line
//! followed by a `text` or `json` block: the output, exactly, where a line
//! `...` stands for any lines.

use assert_cmd::Command;

/// (args, expected output) of each command shown with its output, in the
/// README and the guides of `docs/`.
fn examples() -> Vec<(Vec<String>, String)> {
    let mut files = vec![std::path::PathBuf::from("README.md")];
    let mut guides: Vec<std::path::PathBuf> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
        .iter()
        .flat_map(|f| examples_of(&std::fs::read_to_string(f).unwrap()))
        .collect()
}

/// The examples of one page.
fn examples_of(readme: &str) -> Vec<(Vec<String>, String)> {
    let mut blocks: Vec<(String, String)> = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.trim().strip_prefix("```") else {
            continue;
        };
        if lang.is_empty() {
            continue;
        }
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        blocks.push((lang.to_string(), body.join("\n")));
    }
    blocks
        .windows(2)
        .filter_map(|w| {
            let [(lang, cmd), (out_lang, out)] = w else {
                return None;
            };
            let args = cmd.strip_prefix("cargo run --release -- ")?;
            let args = args.split('#').next().unwrap();
            (lang == "sh" && !cmd.contains('\n') && (out_lang == "text" || out_lang == "json"))
                .then(|| {
                    (
                        args.split_whitespace().map(String::from).collect(),
                        out.clone(),
                    )
                })
        })
        .collect()
}

/// Whether `got` matches `want`, where a `want` line `...` matches any run
/// of lines (none included).
fn matches(want: &[&str], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((&"...", rest)) => (0..=got.len()).any(|k| matches(rest, &got[k..])),
        Some((w, rest)) => got.first() == Some(w) && matches(rest, &got[1..]),
    }
}

#[test]
fn every_readme_command_prints_what_the_readme_shows() {
    let examples = examples();
    // The README's extract, lint and statistics examples, and the guides'.
    assert!(examples.len() >= 10, "{examples:?}");
    for (args, want) in examples {
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .env_remove("NO_COLOR")
            .args(&args)
            .output()
            .unwrap();
        let got = String::from_utf8(out.stdout).unwrap();
        let want_lines: Vec<&str> = want.lines().collect();
        let got_lines: Vec<&str> = got.lines().collect();
        assert!(
            matches(&want_lines, &got_lines),
            "`urilint {}` printed:\n{got}\nthe docs show:\n{want}",
            args.join(" ")
        );
    }
}

#[test]
fn ellipsis_matching() {
    assert!(matches(&["a", "..."], &["a", "b", "c"]));
    assert!(matches(&["a", "...", "c"], &["a", "c"]));
    assert!(!matches(&["a", "...", "c"], &["a", "b"]));
    assert!(!matches(&["a"], &["a", "b"]));
}
