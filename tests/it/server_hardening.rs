//! The editor's server against hostile workspaces and clients (issue 49):
//! devices and FIFOs in the tree, secrets in headings, fix-all beside a
//! password, and links that lead out of the workspace.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::server::{Client, position, uri, workspace};

/// A secret that must never reach the client, in any case.
const SECRET: &str = "Hunter2Secret";

fn leaks(text: &str) -> bool {
    text.to_lowercase().contains(&SECRET.to_lowercase())
}

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
}

#[test]
fn devices_and_fifos_in_the_workspace_are_never_read() {
    let (_d, root) = workspace(&[("page.md", "# Page\n\n[z](zero.md#x) [f](fifo.md#y)\n")]);
    std::os::unix::fs::symlink("/dev/zero", root.join("zero.md")).unwrap();
    std::os::unix::fs::symlink("/dev/urandom", root.join("random.md")).unwrap();
    mkfifo(&root.join("fifo.md"));
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("page.md");
    let start = Instant::now();
    // The watcher reports them as made and changed.
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [
            {"uri": uri(&root.join("zero.md")), "type": 1},
            {"uri": uri(&root.join("random.md")), "type": 2},
            {"uri": uri(&root.join("fifo.md")), "type": 2},
        ]}),
    );
    // A document opened at a device's path, and one at the FIFO's.
    client.open(Path::new("/dev/zero"), "markdown", "# Zero\n");
    client.open(&root.join("fifo.md"), "markdown", "# F\n");
    client.open(
        &page,
        "markdown",
        "# Page\n\n[z](zero.md#x) [f](fifo.md#y)\n",
    );
    client.diagnostics(&page);
    // Hover, definition and completion follow the links without reading.
    let hover = client.request("textDocument/hover", position(&page, 2, 5));
    assert_eq!(hover, Value::Null, "{hover}");
    let def = client.request("textDocument/definition", position(&page, 2, 5));
    assert!(
        def.is_null() || def["uri"] == uri(&root.join("zero.md")),
        "{def}"
    );
    client.request("textDocument/completion", position(&page, 2, 14));
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "answered in {:?}",
        start.elapsed()
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn hover_and_completion_never_show_a_secret_from_a_heading() {
    let (_d, root) = workspace(&[(
        "db.md",
        "# Database\n\n## Connect to postgres://app:Hunter2Secret@db.example/prod\n\n## Backups\n",
    )]);
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("page.md");
    // A link to the heading whose id holds the password, one near it, and
    // one being typed.
    let fragment = "connect-to-postgresapphunter2secretdbexampleprod";
    // `[b]` is a few edits from the secret's slug: the slug would be
    // suggested, were it offered.
    let text = format!(
        "# Page\n\n[a](db.md#{fragment})\n[b](db.md#connect-to-postgresappdbexampleprod)\n[c](db.md#\n"
    );
    std::fs::write(&page, &text).unwrap();
    client.open(&page, "markdown", &text);
    let diags = client.diagnostics(&page);
    let mut seen = Value::Array(diags.clone()).to_string();
    // The broken one is reported, with no slug suggested that was made
    // of the secret.
    assert!(
        diags.iter().any(|d| d["code"] == "broken-fragment"),
        "{seen}"
    );
    let hover = client.request("textDocument/hover", position(&page, 2, 8));
    seen.push_str(&hover.to_string());
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("`Connect to postgres://app:****@db.example/prod`"),
        "{hover}"
    );
    let items = client.request("textDocument/completion", position(&page, 4, 10));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["backups", "database"]);
    seen.push_str(&items.to_string());
    seen.push_str(&client.all_text());
    assert!(!leaks(&seen), "{seen}");
    // `check` suggests no such slug either, in any format.
    for format in ["human", "jsonl", "sarif"] {
        let out = assert_cmd::Command::cargo_bin("urilint")
            .unwrap()
            .current_dir(&root)
            .args(["check", "--format", format, "page.md"])
            .write_stdin("")
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("broken-fragment"), "{all}");
        assert!(!leaks(&all), "{format}: {all}");
    }
}

#[test]
fn fix_all_sends_no_text_between_two_fixes() {
    let (_d, root) = workspace(&[("urilint.toml", "extend-select = [\"style\"]\n")]);
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("a.md");
    let text = "See <HTTP://a.example/> and <ftp://bob:Hunter2Secret@files.acme.net/> then \
                <HTTP://b.example/>.\n";
    client.open(&page, "markdown", text);
    client.diagnostics(&page);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri(&page)},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll"]},
        }),
    );
    let edits = &actions[0]["edit"]["changes"][uri(&page)];
    assert_eq!(
        edits,
        &json!([
            {"range": {"start": {"line": 0, "character": 5}, "end": {"line": 0, "character": 9}}, "newText": "http"},
            {"range": {"start": {"line": 0, "character": 76}, "end": {"line": 0, "character": 80}}, "newText": "http"},
        ])
    );
    assert!(!leaks(&actions.to_string()));
}

#[test]
fn links_out_of_the_workspace_are_not_followed() {
    let outer = tempfile::tempdir().unwrap();
    let outer = outer.path().canonicalize().unwrap();
    std::fs::write(outer.join("secret.md"), "# Outside Hunter2Secret\n").unwrap();
    let root = outer.join("ws");
    std::fs::create_dir_all(root.join(".git")).unwrap();
    std::fs::write(root.join("guide.md"), "# Guide\n").unwrap();
    // A link in the tree to a file outside it.
    std::os::unix::fs::symlink(outer.join("secret.md"), root.join("inside.md")).unwrap();
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("page.md");
    let text = "# P\n\n[a](../secret.md#outside)\n[b](inside.md#outside)\n[c](../secret.md#\n[d](../\n[e](guide.md#guide)\n";
    client.open(&page, "markdown", text);
    for (line, character) in [(2, 6), (3, 6)] {
        let hover = client.request("textDocument/hover", position(&page, line, character));
        assert_eq!(hover, Value::Null, "line {line}");
        let def = client.request("textDocument/definition", position(&page, line, character));
        assert_eq!(def, Value::Null, "line {line}");
    }
    for (line, character) in [(4, 17), (5, 7)] {
        let items = client.request("textDocument/completion", position(&page, line, character));
        assert_eq!(items, Value::Null, "line {line}");
    }
    // Inside, links are followed as before.
    let def = client.request("textDocument/definition", position(&page, 6, 6));
    assert_eq!(def["uri"], uri(&root.join("guide.md")));
    assert!(!leaks(&client.all_text()));
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn without_a_workspace_folder_the_documents_folder_is_the_boundary() {
    let outer = tempfile::tempdir().unwrap();
    let outer = outer.path().canonicalize().unwrap();
    std::fs::write(outer.join("secret.md"), "# Outside\n").unwrap();
    let docs = outer.join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("guide.md"), "# Guide\n").unwrap();
    let mut client = Client::spawn(&outer);
    client.request(
        "initialize",
        json!({"processId": null, "capabilities": {}, "workspaceFolders": null}),
    );
    client.notify("initialized", json!({}));
    let page = docs.join("page.md");
    client.open(
        &page,
        "markdown",
        "[a](../secret.md#outside) [b](guide.md#guide)\n",
    );
    let def = client.request("textDocument/definition", position(&page, 0, 6));
    assert_eq!(def, Value::Null);
    let def = client.request("textDocument/definition", position(&page, 0, 30));
    assert_eq!(def["uri"], uri(&docs.join("guide.md")));
}
