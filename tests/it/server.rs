//! `urilint server` driven over JSON-RPC on its standard input and output,
//! as an editor drives it (LSP 3.17).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// An editor's side of the connection.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Messages read while waiting for another.
    held: Vec<Value>,
    next_id: i64,
}

const WAIT: Duration = Duration::from_secs(30);

impl Client {
    /// Starts the server in `dir` and initializes it with `dir` as the
    /// workspace folder, the client offering `encodings`.
    pub fn start(dir: &Path, encodings: &[&str]) -> (Client, Value) {
        Client::start_with(dir, json!({"general": {"positionEncodings": encodings}}))
    }

    /// Starts the server in `dir`, the client having `capabilities`.
    pub fn start_with(dir: &Path, capabilities: Value) -> (Client, Value) {
        let mut client = Client::spawn(dir);
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "capabilities": capabilities,
                "workspaceFolders": [{"uri": uri(dir), "name": "w"}],
            }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    /// Starts the server in `dir`, not initialized yet.
    pub fn spawn(dir: &Path) -> Client {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .arg("server")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start urilint server");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut stdout) {
                if tx.send(m).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            held: Vec::new(),
            next_id: 0,
        }
    }

    /// Waits for the server to exit; its exit status.
    pub fn exit_status(mut self) -> Option<i32> {
        let until = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < until, "the server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub fn send_raw(&mut self, body: &str) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, message: Value) {
        self.send_raw(&message.to_string());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response (result or error).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    /// A request's result; fails on an error response.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let reply = self.call(method, params);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// The next message `matches` takes, those before it held.
    pub fn wait_for(&mut self, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(k) = self.held.iter().position(&matches) {
            return self.held.remove(k);
        }
        let until = Instant::now() + WAIT;
        loop {
            match self
                .incoming
                .recv_timeout(until.saturating_duration_since(Instant::now()))
            {
                Ok(m) if matches(&m) => return m,
                Ok(m) => self.held.push(m),
                Err(RecvTimeoutError::Timeout) => panic!("no such message; held: {:?}", self.held),
                Err(RecvTimeoutError::Disconnected) => panic!("the server went away"),
            }
        }
    }

    /// The next diagnostics published for `file`.
    pub fn diagnostics(&mut self, file: &Path) -> Vec<Value> {
        let want = json!(uri(file));
        let m = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want
        });
        m["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Whether diagnostics for `file` arrive within `wait`.
    pub fn no_diagnostics_within(&mut self, file: &Path, wait: Duration) -> bool {
        let want = json!(uri(file));
        let is = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want
        };
        if self.held.iter().any(is) {
            return false;
        }
        let until = Instant::now() + wait;
        while let Ok(m) = self
            .incoming
            .recv_timeout(until.saturating_duration_since(Instant::now()))
        {
            if is(&m) {
                self.held.push(m);
                return false;
            }
            self.held.push(m);
        }
        true
    }

    /// The code actions for the diagnostic `d` of `file`, with `d` as
    /// the context.
    pub fn actions_for(&mut self, file: &Path, d: &Value) -> Value {
        self.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri(file)}, "range": d["range"], "context": {"diagnostics": [d]}}),
        )
    }

    /// The edits of `file` that the "Suppress" action for `d` makes.
    pub fn suppression_edits(&mut self, file: &Path, d: &Value) -> Value {
        let actions = self.actions_for(file, d);
        let suppress = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"].as_str().unwrap().starts_with("Suppress"))
            .unwrap();
        suppress["edit"]["changes"][uri(file)].clone()
    }

    pub fn open(&mut self, file: &Path, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(file), "languageId": language, "version": 1, "text": text}}),
        );
    }

    /// Every message received so far, as text (for leak checks).
    pub fn all_text(&self) -> String {
        self.held.iter().map(|m| m.to_string()).collect()
    }

    /// Shuts the server down; its exit status.
    pub fn shutdown(mut self) -> Option<i32> {
        let reply = self.request("shutdown", Value::Null);
        assert_eq!(reply, Value::Null);
        self.notify("exit", Value::Null);
        self.exit_status()
    }

    /// The last diagnostics published for `file` among those received
    /// so far (after a request's reply, every check before it is in).
    pub fn last_diagnostics(&mut self, file: &Path) -> Option<Vec<Value>> {
        let want = json!(uri(file));
        while let Ok(m) = self.incoming.try_recv() {
            self.held.push(m);
        }
        self.held
            .iter()
            .rev()
            .find(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want
            })
            .map(|m| m["params"]["diagnostics"].as_array().unwrap().clone())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            length = v.trim().parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// The `file:` URI of a path.
pub fn uri(path: &Path) -> String {
    url::Url::from_file_path(path).unwrap().to_string()
}

/// A workspace folder, canonical (so URIs match the server's).
pub(crate) fn workspace(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    // The folder is a repository: configs above it are not read.
    std::fs::create_dir(root.join(".git")).unwrap();
    for (name, text) in files {
        let p = root.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    (dir, root)
}

/// A diagnostic's line, characters, code and message.
fn brief(d: &Value) -> (u64, u64, u64, String, String) {
    let r = &d["range"];
    (
        r["start"]["line"].as_u64().unwrap(),
        r["start"]["character"].as_u64().unwrap(),
        r["end"]["character"].as_u64().unwrap(),
        d["code"].as_str().unwrap().to_string(),
        d["message"].as_str().unwrap().to_string(),
    )
}

pub(crate) fn position(file: &Path, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri(file)}, "position": {"line": line, "character": character}})
}

#[test]
fn initialize_says_what_the_server_does_and_shutdown_ends_it() {
    let (_d, root) = workspace(&[]);
    let (client, result) = Client::start(&root, &[]);
    let caps = &result["capabilities"];
    assert_eq!(result["serverInfo"]["name"], "urilint");
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2);
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix", "source.fixAll.urilint"])
    );
    assert_eq!(caps["definitionProvider"], true);
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(client.shutdown(), Some(0));
    // A client that offers UTF-8 gets it; one that offers only encodings
    // urilint does not know gets UTF-16, LSP's default.
    let (client, result) = Client::start(&root, &["utf-16", "utf-8"]);
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-8");
    drop(client);
    let (client, result) = Client::start(&root, &["x-klingon"]);
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_client_that_watches_files_is_asked_to_watch_pages_and_configs() {
    let (_d, root) = workspace(&[]);
    let (mut client, _) = Client::start_with(
        &root,
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let asked = client.wait_for(|m| m["method"] == "client/registerCapability");
    let reg = &asked["params"]["registrations"][0];
    assert_eq!(reg["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        reg["registerOptions"]["watchers"],
        json!([
            {"globPattern": "**/*.{md,markdown,mdx,html,htm,xhtml,rst,rest,adoc,asciidoc,txt}"},
            {"globPattern": "**/{urilint.toml,.urilint.toml,pyproject.toml}"},
        ])
    );
    client.send(json!({"jsonrpc": "2.0", "id": asked["id"], "result": null}));
    assert_eq!(client.shutdown(), Some(0));
    // A client that cannot is not asked.
    let (mut client, _) = Client::start(&root, &[]);
    client.request("textDocument/hover", position(&root.join("a.md"), 0, 0));
    assert!(!client.all_text().contains("registerCapability"));
}

#[test]
fn markdown_and_html_documents_get_exact_diagnostics() {
    let (_d, root) = workspace(&[("guide.md", "# Guide\n\n## Install\n")]);
    let (mut client, _) = Client::start(&root, &[]);
    let md = root.join("page.md");
    client.open(
        &md,
        "markdown",
        "# Page\n\nSee [the guide](guide.md#instal) and [gone](missing.md).\n\
         Mail <ftp://files.acme.net:21/> é <http://a.example:8080/>\n",
    );
    let got: Vec<_> = client.diagnostics(&md).iter().map(brief).collect();
    assert_eq!(
        got,
        [
            (
                2,
                16,
                31,
                "broken-fragment".to_string(),
                "`#instal` names no anchor in `guide.md`; did you mean `#install`?".to_string()
            ),
            (
                2,
                44,
                54,
                "broken-relative-link".to_string(),
                "no file or folder `missing.md`".to_string()
            ),
        ]
    );
    let html = root.join("index.html");
    client.open(
        &html,
        "html",
        "<p><a href=\"guide.md#install\">ok</a>\n<a href=\"https://user:hunter2@files.acme.net/\">x</a>\n",
    );
    let diags = client.diagnostics(&html);
    let got: Vec<_> = diags.iter().map(brief).collect();
    assert_eq!(
        got,
        [(
            1,
            9,
            45,
            "embedded-password".to_string(),
            "URI embeds a password for user `user`".to_string()
        )]
    );
    assert_eq!(diags[0]["severity"], 1);
    assert_eq!(diags[0]["source"], "urilint");
    assert_eq!(
        diags[0]["codeDescription"]["href"],
        "https://github.com/urilint/urilint/blob/main/docs/rules/embedded-password.md"
    );
}

#[test]
fn code_actions_give_exact_edits() {
    let (_d, root) = workspace(&[("urilint.toml", "extend-select = [\"style\"]\n")]);
    let (mut client, _) = Client::start(&root, &[]);
    let md = root.join("a.md");
    client.open(&md, "markdown", "# A\n\nSee <HTTP://Files.Acme.NET/x>.\n");
    let diags = client.diagnostics(&md);
    let codes: Vec<_> = diags.iter().map(brief).collect();
    assert_eq!(
        codes,
        [(
            2,
            5,
            28,
            "uppercase-scheme-or-host".to_string(),
            "scheme `HTTP` is not in lower case (1 more)".to_string()
        )]
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri(&md)},
            "range": {"start": {"line": 2, "character": 6}, "end": {"line": 2, "character": 6}},
            "context": {"diagnostics": diags},
        }),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Fix `uppercase-scheme-or-host`",
            "Suppress `uppercase-scheme-or-host` here (urilint: ignore)",
            "Fix all safe urilint findings",
        ]
    );
    let key = uri(&md);
    let fix = &actions[0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(
        fix["edit"]["changes"][&key],
        json!([
            {"range": {"start": {"line": 2, "character": 5}, "end": {"line": 2, "character": 9}}, "newText": "http"},
            {"range": {"start": {"line": 2, "character": 12}, "end": {"line": 2, "character": 13}}, "newText": "f"},
            {"range": {"start": {"line": 2, "character": 18}, "end": {"line": 2, "character": 19}}, "newText": "a"},
            {"range": {"start": {"line": 2, "character": 23}, "end": {"line": 2, "character": 26}}, "newText": "net"},
        ])
    );
    assert_eq!(
        actions[1]["edit"]["changes"][&key],
        json!([{"range": {"start": {"line": 2, "character": 30}, "end": {"line": 2, "character": 30}},
                "newText": " <!-- urilint: ignore[uppercase-scheme-or-host] -->"}])
    );
    // Fix-all: an edit for each change, as the quick fix sends them (the
    // text between two changes is never sent: it may hold a password).
    assert_eq!(actions[2]["kind"], "source.fixAll.urilint");
    assert_eq!(
        actions[2]["edit"]["changes"][&key],
        fix["edit"]["changes"][&key]
    );
    // Asked for source actions only, only fix-all comes.
    let only = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri(&md)},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll"]},
        }),
    );
    assert_eq!(only.as_array().unwrap().len(), 1);
    assert_eq!(only[0]["kind"], "source.fixAll.urilint");
}

#[test]
fn suppressions_are_written_in_each_formats_comments() {
    let (_d, root) = workspace(&[]);
    let (mut client, _) = Client::start(&root, &[]);
    let rst = root.join("a.rst");
    client.open(
        &rst,
        "restructuredtext",
        "Title\n=====\n\n  Some text with\n  ftp://bob:pw1234@files.acme.net/ in it.\n\nMore.\n",
    );
    let diags = client.diagnostics(&rst);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let edits = client.suppression_edits(&rst, &diags[0]);
    // Around the paragraph, at its indentation: a comment inside a
    // paragraph would be its text.
    assert_eq!(
        edits,
        json!([
            {"range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}},
             "newText": "  .. urilint: disable[embedded-password]\n\n"},
            {"range": {"start": {"line": 4, "character": 41}, "end": {"line": 4, "character": 41}},
             "newText": "\n\n  .. urilint: enable[embedded-password]"},
        ])
    );
    let adoc = root.join("a.adoc");
    client.open(
        &adoc,
        "asciidoc",
        "= T\n\nftp://bob:pw1234@files.acme.net/\n",
    );
    let diags = client.diagnostics(&adoc);
    assert_eq!(
        client.suppression_edits(&adoc, &diags[0]),
        json!([{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                "newText": "// urilint: ignore-next-line[embedded-password]\n"}])
    );
    // Applied, the finding is gone.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri(&adoc), "version": 2},
               "contentChanges": [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                                   "text": "// urilint: ignore-next-line[embedded-password]\n"}]}),
    );
    assert_eq!(client.diagnostics(&adoc), Vec::<Value>::new());
}

#[test]
fn a_heading_reworded_in_one_file_changes_anothers_diagnostics() {
    let (_d, root) = workspace(&[
        ("guide.md", "# Guide\n\n## Install\n"),
        ("closed.md", "Read [install](guide.md#install).\n"),
    ]);
    let (mut client, _) = Client::start(&root, &[]);
    let guide = root.join("guide.md");
    let page = root.join("page.md");
    client.open(&guide, "markdown", "# Guide\n\n## Install\n");
    client.open(&page, "markdown", "See [install](guide.md#install).\n");
    assert!(client.no_diagnostics_within(&page, Duration::from_millis(300)));
    // The heading is reworded, not saved.
    let reword = |client: &mut Client, version: i64, text: &str| {
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(&guide), "version": version},
                   "contentChanges": [{"range": {"start": {"line": 2, "character": 3}, "end": {"line": 2, "character": 10}},
                                       "text": text}]}),
        );
    };
    reword(&mut client, 2, "Setup");
    let got: Vec<_> = client.diagnostics(&page).iter().map(brief).collect();
    assert_eq!(
        got,
        [(
            0,
            14,
            30,
            "broken-fragment".to_string(),
            "`#install` names no anchor in `guide.md`".to_string()
        )]
    );
    // A file not open that links there gets its diagnostics too.
    let closed: Vec<_> = client
        .diagnostics(&root.join("closed.md"))
        .iter()
        .map(brief)
        .collect();
    assert_eq!(closed.len(), 1);
    assert_eq!(closed[0].3, "broken-fragment");
    // Worded back: both are clean again.
    reword(&mut client, 3, "Install");
    assert_eq!(client.diagnostics(&page), Vec::<Value>::new());
    assert_eq!(
        client.diagnostics(&root.join("closed.md")),
        Vec::<Value>::new()
    );
    // The target deleted on disk: the link breaks.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri(&guide)}}),
    );
    std::fs::remove_file(&guide).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&guide), "type": 3}]}),
    );
    let got: Vec<_> = client.diagnostics(&page).iter().map(brief).collect();
    assert_eq!(got[0].3, "broken-relative-link");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn fragments_and_paths_are_completed_inside_links() {
    let (_d, root) = workspace(&[
        ("guide.md", "# Guide\n\n## Install it\n\n## Use {#usage}\n"),
        ("docs/api.md", "# API\n"),
    ]);
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("page.md");
    client.open(
        &page,
        "markdown",
        "# Page\n\n[x](guide.md#in\n[y](docs/\n[z](#pa\n",
    );
    let labels = |client: &mut Client, line: u32, character: u32| -> Vec<String> {
        let items = client.request("textDocument/completion", position(&page, line, character));
        items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    // `{#usage}` makes `usage` where the generator reads it, and GitHub
    // shows it as text (`use-usage`): with no generator known, `check`
    // takes each, and so does completion.
    assert_eq!(
        labels(&mut client, 2, 15),
        ["guide", "install-it", "usage", "use", "use-usage"]
    );
    let items = client.request("textDocument/completion", position(&page, 2, 15));
    assert_eq!(
        items[1]["textEdit"],
        json!({"range": {"start": {"line": 2, "character": 13}, "end": {"line": 2, "character": 15}}, "newText": "install-it"})
    );
    assert_eq!(labels(&mut client, 3, 9), ["api.md"]);
    // This document's own headings, as it reads now.
    assert_eq!(labels(&mut client, 4, 7), ["page"]);
    // Outside a link, nothing.
    let none = client.request("textDocument/completion", position(&page, 0, 3));
    assert_eq!(none, Value::Null);
}

#[test]
fn definition_and_hover_follow_a_link() {
    let (_d, root) = workspace(&[("guide.md", "# Guide\n\nText.\n\n## Install it\n")]);
    let (mut client, _) = Client::start(&root, &[]);
    let page = root.join("page.md");
    client.open(
        &page,
        "markdown",
        "[x](guide.md#install-it) <ftp://bob:pw1234@files.acme.net/>\n",
    );
    client.diagnostics(&page);
    let def = client.request("textDocument/definition", position(&page, 0, 8));
    assert_eq!(
        def,
        json!({"uri": uri(&root.join("guide.md")), "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 0}}})
    );
    let hover = client.request("textDocument/hover", position(&page, 0, 8));
    assert_eq!(
        hover["contents"]["value"],
        "`guide.md` leads to `guide.md`, at `Install it` (line 5)"
    );
    let hover = client.request("textDocument/hover", position(&page, 0, 30));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**urilint `embedded-password`**: URI embeds a password for user `bob`\n\n# embedded-password"), "{text}");
}

#[test]
fn a_secret_never_reaches_a_message_hover_or_title() {
    let (_d, root) = workspace(&[]);
    let (mut client, _) = Client::start(&root, &[]);
    let secrets = [
        (
            "a.md",
            "<ftp://bob:Hunter2Secret@files.acme.net:21/>\n[x](guide.html?token=Tok3nSecretValue#z)\n",
        ),
        (
            "b.html",
            "<a href=\"https://u:Hunter2Secret@files.acme.net/?access_token=Tok3nSecretValue\">x</a>\n",
        ),
        (
            "c.txt",
            "HTTP://bob:Hunter2Secret@Files.acme.net:80/?api_key=Tok3nSecretValue\n",
        ),
    ];
    let mut seen = String::new();
    for (name, text) in secrets {
        let file = root.join(name);
        client.open(&file, "plaintext", text);
        let diags = client.diagnostics(&file);
        assert!(!diags.is_empty(), "{name}");
        seen.push_str(&Value::Array(diags.clone()).to_string());
        for d in &diags {
            let actions = client.actions_for(&file, d);
            for a in actions.as_array().unwrap() {
                seen.push_str(a["title"].as_str().unwrap());
                seen.push_str(&a["diagnostics"].to_string());
            }
            let start = &d["range"]["start"];
            let hover = client.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri(&file)}, "position": start}),
            );
            seen.push_str(&hover.to_string());
        }
    }
    seen.push_str(&client.all_text());
    assert!(seen.contains("embedded-password"), "{seen}");
    assert!(!seen.contains("Hunter2Secret"), "{seen}");
    assert!(!seen.contains("Tok3nSecretValue"), "{seen}");
}

#[test]
fn bad_requests_and_odd_documents_never_stop_the_server() {
    let (_d, root) = workspace(&[("gone.md", "# Gone\n")]);
    let (mut client, _) = Client::start(&root, &[]);
    // Not JSON, then JSON that is no message: each answered, with the
    // id when there is one.
    client.send_raw("{\"jsonrpc\": \"2.0\", \"id\": 41, \"method\": ");
    let reply = client.wait_for(|m| m["error"]["code"] == -32700);
    assert_eq!(reply["id"], Value::Null);
    client.send_raw("{\"jsonrpc\": \"2.0\", \"id\": 42, \"params\": 7}");
    let reply = client.wait_for(|m| m["id"] == 42);
    assert_eq!(reply["error"]["code"], -32600);
    // Params of the wrong shape, and a method no one knows.
    let reply = client.call("textDocument/hover", json!({"textDocument": 5}));
    assert_eq!(reply["error"]["code"], -32602);
    let reply = client.call("urilint/nothing", json!({}));
    assert_eq!(reply["error"]["code"], -32601);
    // A document of an unknown language and name, with control bytes.
    let odd = root.join("data.x-unknown");
    client.open(
        &odd,
        "klingon",
        "\u{0}\u{1}ftp://bob:pw1234@files.acme.net/\u{fffd}\n",
    );
    let got: Vec<_> = client.diagnostics(&odd).iter().map(brief).collect();
    assert_eq!(got[0].3, "embedded-password");
    // 50 MB in one document.
    let big = root.join("big.md");
    let line = "Some text, <https://files.acme.net/a> and more text here.\n";
    let text = line.repeat(50_000_000 / line.len());
    client.open(&big, "markdown", &text);
    // A file deleted while open.
    let gone = root.join("gone.md");
    client.open(&gone, "markdown", "# Gone\n\n[a](#gone)\n");
    std::fs::remove_file(&gone).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&gone), "type": 3}]}),
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri(&gone), "version": 2},
               "contentChanges": [{"text": "# Gone\n\n[a](#nowhere) ftp://bob:pw1234@files.acme.net/\n"}]}),
    );
    let hover = client.request("textDocument/hover", position(&gone, 2, 2));
    assert!(hover.is_null() || hover.is_object());
    // A change to a document never opened is an error logged, not a crash.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri(&root.join("never.md")), "version": 2}, "contentChanges": []}),
    );
    // Still serving.
    let items = client.request("textDocument/completion", position(&gone, 2, 5));
    assert!(items.is_null() || items.is_array());
    assert_eq!(client.shutdown(), Some(0));
}

/// `(path, line, column, rule, message)` of a finding, columns in code
/// points from 1 as `check` counts them.
type Brief = (PathBuf, u64, u64, String, String);

/// The server's diagnostics equal `check`'s findings on every file of
/// each site of `../shared/corpus/sites/`: each file opened in a server
/// whose workspace is the site, against `check --format jsonl .` run
/// from it.
#[test]
fn the_server_agrees_with_check_on_the_corpus_sites() {
    let sites = PathBuf::from("../shared/corpus/sites");
    if !sites.is_dir() {
        assert!(std::env::var_os("URILINT_REQUIRE_CORPUS").is_none());
        eprintln!("skipped: no {}", sites.display());
        return;
    }
    let sites = sites.canonicalize().unwrap();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&sites)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    names.sort();
    let (mut files_seen, mut findings) = (0, 0);
    for site in names {
        let run = |args: &[&str]| {
            let out = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
                .current_dir(&site)
                .args(args)
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        let files: Vec<PathBuf> = run(&["check", "--show-files", "."])
            .lines()
            .map(|l| lexical(&site.join(l)))
            .collect();
        let mut expected: Vec<Brief> = run(&["check", "--exit-zero", "--format", "jsonl", "."])
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (
                    lexical(&site.join(v["path"].as_str().unwrap())),
                    v["line"].as_u64().unwrap(),
                    v["column"].as_u64().unwrap(),
                    v["rule"].as_str().unwrap().to_string(),
                    v["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        // UTF-32 positions count code points, as `check`'s columns do.
        let (mut client, _) = Client::start(&site, &["utf-32"]);
        for f in &files {
            let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
            client.open(f, "", &text);
        }
        // A request is answered after every pending check is published.
        let last = files.last().unwrap();
        client.request("textDocument/hover", position(last, 0, 0));
        let mut got: Vec<Brief> = Vec::new();
        while let Some(k) = client
            .held
            .iter()
            .position(|m| m["method"] == "textDocument/publishDiagnostics")
        {
            let m = client.held.remove(k);
            let url = url::Url::parse(m["params"]["uri"].as_str().unwrap()).unwrap();
            let path = url.to_file_path().unwrap();
            for d in m["params"]["diagnostics"].as_array().unwrap() {
                let (line, character, _, code, message) = brief(d);
                got.push((path.clone(), line + 1, character + 1, code, message));
            }
        }
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{}", site.display());
        files_seen += files.len();
        findings += expected.len();
    }
    eprintln!("{files_seen} files, {findings} findings: the same");
}

/// `p` without `.` or `..` segments.
fn lexical(p: &Path) -> PathBuf {
    urilint::paths::lexical(p)
}

/// The Lua a headless Neovim runs: it opens `URILINT_FILE`, starts
/// `urilint server` for it (`vim.lsp.start`, or `start_client` before
/// Neovim 0.8), waits for `URILINT_WANT` diagnostics, and writes them to
/// `URILINT_OUT` as JSON lines: line, byte column, code, message.
const NVIM_LUA: &str = r#"
local file, out = os.getenv('URILINT_FILE'), os.getenv('URILINT_OUT')
local want = tonumber(os.getenv('URILINT_WANT'))
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local config = {
  name = 'urilint',
  cmd = { os.getenv('URILINT_BIN'), 'server' },
  root_dir = os.getenv('URILINT_ROOT'),
}
if vim.lsp.start then
  vim.lsp.start(config)
else
  vim.lsp.buf_attach_client(buf, vim.lsp.start_client(config))
end
vim.wait(30000, function() return #vim.diagnostic.get(buf) >= want end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(lines, vim.fn.json_encode({ d.lnum, d.col, code, d.message }))
end
vim.fn.writefile(lines, out)
vim.cmd('qall!')
"#;

/// A real editor: Neovim, headless, shows for a file of the corpus sites
/// the diagnostics `check --format jsonl` gives for it. Neovim comes from
/// `tests/editor-env.sh`; without it the test says why and passes, except
/// in CI.
#[test]
fn neovim_shows_what_check_reports() {
    let site = PathBuf::from("../shared/corpus/sites/hugo-docsy");
    if !site.is_dir() {
        eprintln!("skipped: no {}", site.display());
        return;
    }
    let env = Command::new("tests/editor-env.sh").output().unwrap();
    if !env.status.success() {
        let why = String::from_utf8_lossy(&env.stdout);
        assert!(std::env::var_os("CI").is_none(), "CI needs Neovim: {why}");
        eprintln!("skipped: {why}");
        return;
    }
    let site = site.canonicalize().unwrap();
    // The file of the site with the most findings.
    let out = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
        .current_dir(&site)
        .args(["check", "--exit-zero", "--format", "jsonl", "."])
        .output()
        .unwrap();
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for r in &records {
        *counts
            .entry(r["path"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let (name, _) = counts.iter().max_by_key(|(_, n)| **n).unwrap();
    let file = lexical(&site.join(name));
    let text = std::fs::read(&file).unwrap();
    let line_start = |offset: usize| {
        text[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |k| k + 1)
    };
    let mut expected: Vec<String> = records
        .iter()
        .filter(|r| r["path"] == name.as_str())
        .map(|r| {
            let start = r["start"].as_u64().unwrap() as usize;
            serde_json::to_string(&json!([
                r["line"].as_u64().unwrap() - 1,
                start - line_start(start),
                r["rule"],
                r["message"],
            ]))
            .unwrap()
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let (lua, written) = (dir.path().join("check.lua"), dir.path().join("out.jsonl"));
    std::fs::write(&lua, NVIM_LUA).unwrap();
    let status = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", lua.display()))
        .env("URILINT_FILE", &file)
        .env("URILINT_OUT", &written)
        .env("URILINT_WANT", expected.len().to_string())
        .env("URILINT_BIN", assert_cmd::cargo::cargo_bin("urilint"))
        .env("URILINT_ROOT", &site)
        .stdin(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let mut got: Vec<String> = std::fs::read_to_string(&written)
        .unwrap()
        .lines()
        .map(|l| serde_json::to_string(&serde_json::from_str::<Value>(l).unwrap()).unwrap())
        .collect();
    expected.sort();
    got.sort();
    assert!(!expected.is_empty());
    assert_eq!(got, expected, "{}", file.display());
}

#[test]
fn messages_before_initialized_are_served_and_exit_without_shutdown_is_1() {
    let (_d, root) = workspace(&[]);
    let mut client = Client::spawn(&root);
    client.request(
        "initialize",
        json!({"processId": null, "capabilities": {}, "workspaceFolders": [{"uri": uri(&root), "name": "w"}]}),
    );
    // A client may say this before `initialized`.
    client.notify("$/setTrace", json!({"value": "off"}));
    let reply = client.call("textDocument/hover", position(&root.join("a.md"), 0, 0));
    assert_eq!(reply["result"], Value::Null);
    client.notify("initialized", json!({}));
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_status(), Some(1));
}

#[test]
fn a_document_that_is_no_file_keeps_to_itself() {
    let (_d, root) = workspace(&[
        ("a.md", "# A\n\n[s](setup.md)\n"),
        ("setup.md", "# Setup\n"),
    ]);
    let (mut client, _) = Client::start(&root, &[]);
    let file = root.join("a.md");
    client.open(
        &file,
        "markdown",
        "# A\n\n[s](setup.md) <ftp://bob:pw1234@files.acme.net/>\n",
    );
    assert_eq!(client.diagnostics(&file).len(), 1);
    // A diff view's other side: same path, another scheme.
    let head = format!("git:{}?%7B%22ref%22%3A%22HEAD%22%7D", file.display());
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": head, "languageId": "markdown", "version": 1,
               "text": "# A\n\n[s](nowhere.md) <ftp://eve:pw5678@files.acme.net/>\n"}}),
    );
    let m = client.wait_for(|m| m["params"]["uri"] == head.as_str());
    // Its password is found; its relative link is not judged.
    let codes: Vec<&str> = m["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["embedded-password"]);
    // The file's own document is still its own.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri(&file), "version": 2},
               "contentChanges": [{"text": "# A\n\n[s](setup.md)\n"}]}),
    );
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
}

#[test]
fn a_config_saved_applies_to_open_documents() {
    let (_d, root) = workspace(&[]);
    let (mut client, _) = Client::start(&root, &[]);
    let file = root.join("a.md");
    client.open(&file, "markdown", "<ftp://bob:pw1234@files.acme.net/>\n");
    assert_eq!(client.diagnostics(&file).len(), 1);
    let config = root.join("urilint.toml");
    std::fs::write(&config, "ignore = [\"embedded-password\"]\n").unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&config), "type": 1}]}),
    );
    assert_eq!(client.diagnostics(&file), Vec::<Value>::new());
    // A config whose error holds a secret: shown redacted.
    std::fs::write(
        &config,
        "extend-select = [\"https://deploy:Xk9mQ2vL7pass@docs.corp.example/\"]\n",
    )
    .unwrap();
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri(&config)}}),
    );
    let shown = client.wait_for(|m| m["method"] == "window/showMessage");
    let text = shown["params"]["message"].as_str().unwrap();
    assert!(text.contains("deploy:****@"), "{text}");
    assert!(!client.all_text().contains("Xk9mQ2vL7pass"));
}

#[test]
fn a_link_and_its_heading_changed_together_end_clean() {
    let (_d, root) = workspace(&[
        ("a.md", "[x](b.md#install)\n"),
        ("b.md", "# B\n\n## Install\n"),
    ]);
    let (mut client, _) = Client::start(&root, &[]);
    let (a, b) = (root.join("a.md"), root.join("b.md"));
    client.open(&a, "markdown", "[x](b.md#install)\n");
    client.open(&b, "markdown", "# B\n\n## Install\n");
    client.request("textDocument/hover", position(&a, 0, 0));
    let change = |client: &mut Client, file: &Path, text: &str| {
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(file), "version": 2}, "contentChanges": [{"text": text}]}),
        );
    };
    // As a heading rename in another server edits both at once.
    change(&mut client, &a, "[x](b.md#setup)\n");
    change(&mut client, &b, "# B\n\n## Setup\n");
    client.request("textDocument/hover", position(&a, 0, 0));
    assert_eq!(
        client.last_diagnostics(&a).unwrap_or_default(),
        Vec::<Value>::new()
    );
}

#[test]
fn suppressions_keep_reference_definitions_and_tags_whole() {
    let (_d, root) = workspace(&[]);
    let (mut client, _) = Client::start(&root, &[]);
    let actions_for = |client: &mut Client, file: &Path, text: &str| -> Value {
        client.open(file, "markdown", text);
        let diags = client.diagnostics(file);
        client.suppression_edits(file, &diags[0])
    };
    let md = root.join("a.md");
    let edits = actions_for(
        &mut client,
        &md,
        "See [r][ref].\n\n[ref]: ftp://bob:pw1234@files.acme.net/\n",
    );
    assert_eq!(
        edits,
        json!([{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                "newText": "<!-- urilint: ignore-next-line[embedded-password] -->\n"}])
    );
    let html = root.join("b.html");
    let edits = actions_for(
        &mut client,
        &html,
        "<p><a href=\"ftp://bob:pw1234@files.acme.net/\"\n   title=\"t\">x</a></p>\n",
    );
    assert_eq!(
        edits,
        json!([
            {"range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 3}},
             "newText": "<!-- urilint: disable[embedded-password] -->"},
            {"range": {"start": {"line": 1, "character": 22}, "end": {"line": 1, "character": 22}},
             "newText": "<!-- urilint: enable[embedded-password] -->"},
        ])
    );
    let mdx = root.join("c.mdx");
    let edits = actions_for(
        &mut client,
        &mdx,
        "See <ftp://bob:pw1234@files.acme.net/>\n",
    );
    assert_eq!(
        edits[0]["newText"],
        " {/* urilint: ignore[embedded-password] */}"
    );
}
