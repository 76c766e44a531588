//! The README tells the truth: every command it shows with its output is
//! run here and its output compared (issue 11). A command is a `sh` block of
//! one `cargo run --release -- ARGS` line followed by a `text` or `json`
//! block: the output, exactly, where a line `...` stands for any lines.

use assert_cmd::Command;

/// (args, expected output) of each README command shown with its output.
fn examples() -> Vec<(Vec<String>, String)> {
    let readme = std::fs::read_to_string("README.md").unwrap();
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
    // The extract, jsonl, lint and statistics examples at least.
    assert!(examples.len() >= 4, "{examples:?}");
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
            "`urilint {}` printed:\n{got}\nthe README shows:\n{want}",
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
