//! `urilint server` as an editor waits on it (issue 35's aims), driven
//! over JSON-RPC like an editor, the release binary:
//! - a change to a 5,000-line Markdown file, to its diagnostics published;
//! - a heading reworded in one file of a 2,000-file workspace, to the
//!   diagnostics of the 50 files that link to it published.
//!
//! `cargo bench --bench server`. Prints the median and the slowest of
//! each, beside the aim.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Client {
    child: std::process::Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    id: i64,
}

impl Client {
    fn start(root: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .arg("server")
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("urilint server");
        let stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            loop {
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    match line.trim() {
                        "" => break,
                        l => {
                            if let Some(v) = l.strip_prefix("Content-Length:") {
                                length = v.trim().parse().unwrap();
                            }
                        }
                    }
                }
                let mut body = vec![0; length];
                out.read_exact(&mut body).unwrap();
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let mut c = Client {
            child,
            stdin,
            incoming,
            id: 0,
        };
        let root_uri = uri(root);
        c.call(
            "initialize",
            json!({"processId": null, "capabilities": {}, "workspaceFolders": [{"uri": root_uri, "name": "w"}]}),
        );
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn call(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = self.id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.until(|m| m["id"] == id && m.get("method").is_none())
    }

    fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self
                .incoming
                .recv_timeout(Duration::from_secs(60))
                .expect("the server answers");
            if f(&m) {
                return m;
            }
        }
    }

    fn open(&mut self, path: &Path) {
        let text = std::fs::read_to_string(path).unwrap();
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "markdown", "version": 1, "text": text}}),
        );
    }
}

fn uri(p: &Path) -> String {
    format!("file://{}", p.display())
}

fn median(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    (v[v.len() / 2], *v.last().unwrap())
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs nothing.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    std::fs::create_dir(root.join("pages")).unwrap();
    std::fs::write(root.join("guide.md"), "# Guide\n\n## Install\n\nText.\n").unwrap();
    for i in 0..2000 {
        let mut page = format!("# Page {i}\n\n## Section {i}\n\n");
        for k in 0..20 {
            page.push_str(&format!(
                "Line {k} of page {i}, see [next](p{}.md#section-{}) and <https://example.org/{i}/{k}>.\n",
                (i + 1) % 2000,
                (i + 1) % 2000
            ));
        }
        if i % 40 == 0 {
            page.push_str("How to [install](../guide.md#install).\n");
        }
        std::fs::write(root.join(format!("pages/p{i}.md")), page).unwrap();
    }
    let mut big = String::new();
    for l in 0..5000 {
        if l % 50 == 0 {
            big.push_str(&format!("## Part {l}\n"));
        } else {
            big.push_str(&format!(
                "Text of line {l}: [a](pages/p{}.md#section-{}), [b](#part-{}), <https://docs.example.org/{l}?q=1>.\n",
                l % 2000,
                l % 2000,
                l / 50 * 50
            ));
        }
    }
    big.push_str("A [broken](nowhere.md) link, so that every check publishes.\n");
    std::fs::write(root.join("big.md"), &big).unwrap();

    let mut c = Client::start(&root);
    let big_path = root.join("big.md");
    let big_uri = uri(&big_path);
    c.open(&big_path);
    c.until(|m| m["params"]["uri"] == big_uri.as_str());
    // The workspace's index is built beside the first checks.
    std::thread::sleep(Duration::from_secs(2));

    let mut times = Vec::new();
    for v in 2..=32 {
        let t = Instant::now();
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": big_uri, "version": v},
                   "contentChanges": [{"range": {"start": {"line": 100, "character": 0}, "end": {"line": 100, "character": 0}}, "text": "x"}]}),
        );
        c.until(|m| m["params"]["uri"] == big_uri.as_str() && m["params"]["version"] == v);
        times.push(t.elapsed());
    }
    let (med, max) = median(times);
    println!(
        "change to diagnostics, 5,000-line Markdown: median {:.1} ms, slowest {:.1} ms (aim: 30 ms)",
        med.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );

    let guide = root.join("guide.md");
    let guide_uri = uri(&guide);
    c.open(&guide);
    c.call(
        "textDocument/hover",
        json!({"textDocument": {"uri": guide_uri}, "position": {"line": 0, "character": 0}}),
    );
    let mut times = Vec::new();
    for v in 2..=12 {
        let (old, new) = match v % 2 {
            0 => ("Install", "Setup"),
            _ => ("Setup", "Install"),
        };
        let t = Instant::now();
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": guide_uri, "version": v},
                   "contentChanges": [{"range": {"start": {"line": 2, "character": 3}, "end": {"line": 2, "character": 3 + old.len()}}, "text": new}]}),
        );
        // The 50 linking files, each published once.
        let mut seen = 0;
        while seen < 50 {
            let m = c.until(|m| m["method"] == "textDocument/publishDiagnostics");
            if m["params"]["uri"].as_str().unwrap().contains("/pages/") {
                seen += 1;
            }
        }
        times.push(t.elapsed());
    }
    let (med, max) = median(times);
    println!(
        "heading reworded to 50 linking files' diagnostics, 2,000 files: median {:.1} ms, slowest {:.1} ms (aim: 200 ms)",
        med.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    c.call("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    c.child.wait().unwrap();
}
