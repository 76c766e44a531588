//! `urilint server`: urilint as a Language Server Protocol server on
//! standard input and output (SPEC section 13).
//!
//! Each open document is checked as `check` checks the file, with the
//! config found from its folder, on open, change and save: its findings
//! become diagnostics, with the rule as the code, its page as the
//! description, and the exact range of the URI or link. A document's
//! unsaved text is what links into it are checked against, and a link
//! index of the workspace ([`index`]) has the files that link to a
//! document checked again when its headings, or the files there are,
//! change. Code actions apply a rule's fix, all safe fixes
//! (`source.fixAll.urilint`), or suppress a finding in the format's
//! comment syntax; completion offers paths and `#fragment`s inside link
//! syntax, and definition and hover follow a link to its target.
//!
//! Messages, hovers and code action titles come from the records `check`
//! prints, whose secrets are redacted (SPEC section 10).

mod actions;
mod index;
mod navigate;
mod text;
mod transport;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crossbeam_channel::{Receiver, select};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticSeverity, InitializeParams, NumberOrString,
    PublishDiagnosticsParams, Uri,
};

use crate::check::{Checker, LinkFlags, Options};
use crate::config::Config;
use crate::format::{Format, Targets};
use crate::links::Pages;
use crate::report::{Collected, Record};
use crate::rules::Severity;

use text::{Encoding, Text};

/// How long the server waits after a change for another before it checks:
/// a burst of keystrokes is checked once, at its end, and a check never
/// starts while a newer change waits to be read.
const DEBOUNCE: Duration = Duration::from_millis(5);

/// Serves one client on standard input and output until it exits:
/// `Ok(true)` when it shut the server down first, `Ok(false)` when it
/// exited without (exit status 1, LSP 3.17 "exit").
pub fn serve() -> io::Result<bool> {
    let (connection, threads) = transport::connect(io::BufReader::new(io::stdin()), io::stdout());
    let result = run(&connection);
    drop(connection);
    threads.join()?;
    result
}

/// An open document.
struct Document {
    uri: Uri,
    text: Text,
    version: i32,
    format: Format,
    /// The records of its last check, and the version they are of.
    records: Vec<Record>,
    checked: Option<i32>,
    /// Its titles and ids when last checked: links into it need checking
    /// again only when they change.
    targets: Option<Targets>,
}

/// The largest document whose titles and ids are read beside its check
/// ([`Server::check_edited`]).
const SIDE_BY_SIDE: usize = 1 << 20;

/// The server's state.
struct Server<'c> {
    connection: &'c Connection,
    encoding: Encoding,
    /// The workspace folders (absolute).
    roots: Vec<PathBuf>,
    /// The workspace folders the client named, with symbolic links
    /// resolved: what completion, hover and definition may read
    /// ([`Server::may_read`]). None: each document's own folder.
    bounds: Vec<PathBuf>,
    documents: HashMap<PathBuf, Document>,
    /// The open documents' text, for links into them.
    buffers: Arc<RwLock<HashMap<PathBuf, Arc<[u8]>>>>,
    /// A checker for each config (`None`: no config found).
    checkers: HashMap<Option<PathBuf>, Checker>,
    /// The config each folder's files are checked with.
    configs: HashMap<PathBuf, Option<PathBuf>>,
    index: index::Index,
    /// The documents to check, and the files whose links to check again.
    pending: BTreeSet<PathBuf>,
    stale: BTreeSet<PathBuf>,
    /// Open documents changed since their references were indexed.
    unindexed: HashSet<PathBuf>,
    /// Files with diagnostics published (an empty list clears them).
    published: HashSet<PathBuf>,
    /// Config errors already shown, shown once each.
    told: HashSet<String>,
    shut_down: bool,
}

fn run(connection: &Connection) -> io::Result<bool> {
    let (id, params) = connection.initialize_start().map_err(io::Error::other)?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_deref());
    let encoding = Encoding::choose(offered);
    let (roots, named) = roots_of(&params);
    let bounds = match named {
        true => roots.iter().filter_map(|r| r.canonicalize().ok()).collect(),
        false => Vec::new(),
    };
    // Paths in messages are written from the working directory, as
    // `check` run from the workspace writes them.
    if let Some(first) = roots.first() {
        let _ = std::env::set_current_dir(first);
    }
    let result = serde_json::json!({
        "capabilities": capabilities(encoding),
        "serverInfo": {"name": "urilint", "version": env!("CARGO_PKG_VERSION")},
    });
    // Answered without waiting for `initialized`: what a client sends
    // before it (`$/setTrace`, a request) is served as usual.
    let _ = connection.sender.send(Response::new_ok(id, result).into());
    // Files changed outside the editor (a checkout, a build) are followed
    // where the client can watch them for the server.
    let watches = params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    if watches {
        let register = Request::new(
            RequestId::from("urilint/watch".to_string()),
            "client/registerCapability".to_string(),
            watch_registration(),
        );
        let _ = connection.sender.send(register.into());
    }
    let mut server = Server {
        connection,
        encoding,
        roots: roots.clone(),
        bounds,
        documents: HashMap::new(),
        buffers: Arc::default(),
        checkers: HashMap::new(),
        configs: HashMap::new(),
        index: index::Index::default(),
        pending: BTreeSet::new(),
        stale: BTreeSet::new(),
        unindexed: HashSet::new(),
        published: HashSet::new(),
        told: HashSet::new(),
        shut_down: false,
    };
    // The workspace is indexed beside the first checks.
    let (tx, indexed) = crossbeam_channel::bounded(1);
    std::thread::Builder::new()
        .name("urilint-lsp-index".into())
        .spawn(move || {
            let _ = tx.send(index::build(&roots));
        })?;
    server.serve(indexed)
}

/// The folders of the workspace, absolute, and whether the client named
/// them (else the working directory is the one folder).
fn roots_of(params: &InitializeParams) -> (Vec<PathBuf>, bool) {
    #[allow(deprecated)] // `rootUri`: clients before workspace folders.
    let folders: Vec<&Uri> = match &params.workspace_folders {
        Some(f) if !f.is_empty() => f.iter().map(|f| &f.uri).collect(),
        _ => params.root_uri.iter().collect(),
    };
    let mut roots: Vec<PathBuf> = folders.into_iter().filter_map(path_of).collect();
    let named = !roots.is_empty();
    if roots.is_empty()
        && let Ok(cwd) = std::env::current_dir()
    {
        roots.push(cwd);
    }
    (roots, named)
}

/// What the server can do (LSP 3.17 `ServerCapabilities`).
fn capabilities(encoding: Encoding) -> serde_json::Value {
    let every_file = serde_json::json!({"filters": [{"pattern": {"glob": "**/*"}}]});
    serde_json::json!({
        "positionEncoding": encoding.kind(),
        "textDocumentSync": {"openClose": true, "change": 2, "save": {"includeText": false}},
        "codeActionProvider": {
            "codeActionKinds": ["quickfix", "source.fixAll.urilint"],
            "resolveProvider": false,
        },
        "completionProvider": {"triggerCharacters": ["#", "/", "(", "\"", "<", ":"]},
        "definitionProvider": true,
        "hoverProvider": true,
        "workspace": {
            "workspaceFolders": {"supported": true},
            "fileOperations": {
                "didCreate": every_file,
                "didRename": every_file,
                "didDelete": every_file,
            },
        },
    })
}

/// The files whose changes on disk matter: pages, which links lead to and
/// whose ids they name, and configs.
fn watch_registration() -> serde_json::Value {
    let globs = [
        "**/*.{md,markdown,mdx,html,htm,xhtml,rst,rest,adoc,asciidoc,txt}",
        "**/{urilint.toml,.urilint.toml,pyproject.toml}",
    ];
    let watchers: Vec<serde_json::Value> = globs
        .iter()
        .map(|g| serde_json::json!({"globPattern": g}))
        .collect();
    serde_json::json!({"registrations": [{
        "id": "urilint-files",
        "method": "workspace/didChangeWatchedFiles",
        "registerOptions": {"watchers": watchers},
    }]})
}

/// The path of a `file:` URI, without `.` or `..`.
pub(super) fn path_of(uri: &Uri) -> Option<PathBuf> {
    let url = url::Url::parse(uri.as_str()).ok()?;
    if url.scheme() != "file" {
        return None;
    }
    let path = url.to_file_path().ok()?;
    Some(crate::paths::lexical(&path))
}

/// The `file:` URI of an absolute path.
pub(super) fn uri_of(path: &Path) -> Option<Uri> {
    url::Url::from_file_path(path).ok()?.as_str().parse().ok()
}

/// A request's reply, or why there is none.
type Reply = Result<serde_json::Value, (ErrorCode, String)>;

/// The params of a request or notification, or an `InvalidParams` error.
fn params<P: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

impl Server<'_> {
    fn serve(&mut self, indexed: Receiver<index::Index>) -> io::Result<bool> {
        let mut indexed = Some(indexed);
        let never = crossbeam_channel::never();
        loop {
            let wait = match self.pending.is_empty() && self.stale.is_empty() {
                true => Duration::from_secs(3600),
                false => DEBOUNCE,
            };
            let index_rx = indexed.as_ref().unwrap_or(&never);
            select! {
                recv(self.connection.receiver) -> message => {
                    let Ok(message) = message else { return Ok(self.shut_down) };
                    if self.handle(message)? {
                        return Ok(self.shut_down);
                    }
                }
                recv(index_rx) -> built => {
                    indexed = None;
                    if let Ok(built) = built {
                        self.take_index(built);
                    }
                }
                default(wait) => self.flush(),
            }
        }
    }

    /// The index built from disk, with the open documents' own references
    /// over what their files hold.
    fn take_index(&mut self, built: index::Index) {
        self.index = built;
        self.unindexed.extend(self.documents.keys().cloned());
    }

    /// Handles one message; `true` when the client said to exit.
    fn handle(&mut self, message: Message) -> io::Result<bool> {
        match message {
            Message::Request(request) => self.request(request),
            Message::Notification(n) if n.method == lsp_types::notification::Exit::METHOD => {
                return Ok(true);
            }
            Message::Notification(n) => {
                let method = n.method.clone();
                let handled =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.notification(n)));
                match handled {
                    Ok(Ok(())) => {}
                    Ok(Err((_, why))) => self.log(&format!("{method}: {why}")),
                    Err(_) => self.log(&format!(
                        "{method}: internal error (see the server's stderr)"
                    )),
                }
            }
            Message::Response(_) => {}
        }
        Ok(false)
    }

    fn request(&mut self, request: Request) {
        let Request { id, method, params } = request;
        let reply: Reply = if self.shut_down {
            Err((
                ErrorCode::InvalidRequest,
                "the server is shutting down".into(),
            ))
        } else if method == <lsp_types::request::Shutdown as lsp_types::request::Request>::METHOD {
            self.shut_down = true;
            Ok(serde_json::Value::Null)
        } else {
            // A document with changes not checked yet is checked first:
            // actions and hovers are of what the client shows.
            self.flush();
            let handled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.answer(&method, params)
            }));
            handled.unwrap_or_else(|_| {
                Err((
                    ErrorCode::InternalError,
                    format!("{method}: internal error"),
                ))
            })
        };
        self.respond(id, reply);
    }

    fn respond(&self, id: RequestId, reply: Reply) {
        let response = match reply {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        let _ = self.connection.sender.send(response.into());
    }

    fn answer(&mut self, method: &str, params_value: serde_json::Value) -> Reply {
        use lsp_types::request::{
            CodeActionRequest, Completion, GotoDefinition, HoverRequest, Request as _,
        };
        let json = |v: Result<serde_json::Value, serde_json::Error>| {
            v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
        };
        match method {
            CodeActionRequest::METHOD => {
                let p = params(params_value)?;
                json(serde_json::to_value(actions::code_actions(self, p)))
            }
            Completion::METHOD => {
                let p = params(params_value)?;
                json(serde_json::to_value(navigate::complete(self, p)))
            }
            GotoDefinition::METHOD => {
                let p = params(params_value)?;
                json(serde_json::to_value(navigate::definition(self, p)))
            }
            HoverRequest::METHOD => {
                let p = params(params_value)?;
                json(serde_json::to_value(navigate::hover(self, p)))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("unknown method `{method}`"),
            )),
        }
    }

    fn notification(&mut self, n: Notification) -> Result<(), (ErrorCode, String)> {
        use lsp_types::notification::{
            DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidCreateFiles,
            DidDeleteFiles, DidOpenTextDocument, DidRenameFiles, DidSaveTextDocument,
            Notification as _,
        };
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams = params(n.params)?;
                self.open(
                    p.text_document.uri,
                    p.text_document.text,
                    p.text_document.version,
                );
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams = params(n.params)?;
                let Some(path) = self.path_of_open(&p.text_document.uri) else {
                    return Err((ErrorCode::InvalidParams, "the document is not open".into()));
                };
                let encoding = self.encoding;
                let doc = self.documents.get_mut(&path).expect("open");
                for change in p.content_changes {
                    doc.text.apply(change, encoding);
                }
                doc.version = p.text_document.version;
                self.hold(&path);
                self.pending.insert(path);
            }
            DidSaveTextDocument::METHOD => {
                let p: lsp_types::DidSaveTextDocumentParams = params(n.params)?;
                if let Some(path) = path_of(&p.text_document.uri) {
                    self.file_changed(&path);
                }
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams = params(n.params)?;
                self.close(&p.text_document.uri);
            }
            DidChangeWatchedFiles::METHOD => {
                let p: lsp_types::DidChangeWatchedFilesParams = params(n.params)?;
                for change in p.changes {
                    if let Some(path) = path_of(&change.uri) {
                        self.file_changed(&path);
                    }
                }
            }
            // Both hold `files: [{uri}]`.
            DidCreateFiles::METHOD | DidDeleteFiles::METHOD => {
                let p: lsp_types::DeleteFilesParams = params(n.params)?;
                for f in p.files {
                    self.file_changed(&file_path(&f.uri));
                }
            }
            DidRenameFiles::METHOD => {
                let p: lsp_types::RenameFilesParams = params(n.params)?;
                for f in p.files {
                    self.file_changed(&file_path(&f.old_uri));
                    self.file_changed(&file_path(&f.new_uri));
                }
            }
            _ => {} // `$/cancelRequest`, `initialized`, settings: nothing to do
        }
        Ok(())
    }

    /// The path of an open document's URI.
    fn path_of_open(&self, uri: &Uri) -> Option<PathBuf> {
        let path = doc_path(uri);
        self.documents.contains_key(&path).then_some(path)
    }

    fn open(&mut self, uri: Uri, text: String, version: i32) {
        let path = doc_path(&uri);
        let format = self.checker_for(&path).map_or_else(
            || Format::detect(text.as_bytes(), Some(&path)),
            |c| c.format_of(&path, text.as_bytes()),
        );
        self.documents.insert(
            path.clone(),
            Document {
                uri,
                text: Text::new(text),
                version,
                format,
                records: Vec::new(),
                checked: None,
                targets: None,
            },
        );
        self.hold(&path);
        self.pending.insert(path);
    }

    fn close(&mut self, uri: &Uri) {
        let path = doc_path(uri);
        if self.documents.remove(&path).is_none() {
            return;
        }
        // Its diagnostics go with it.
        self.publish(&path, uri.clone(), Vec::new(), None);
        if is_virtual(&path) {
            return;
        }
        self.buffers.write().expect("buffers").remove(&path);
        self.unindexed.remove(&path);
        self.forget_links();
        // Its text is what is on disk again: links into it are checked
        // against that.
        self.index.set_from_disk(&path);
        let linking = self.linking_to(&path);
        self.stale.extend(linking);
    }

    /// A file created, changed, renamed or deleted on disk.
    fn file_changed(&mut self, path: &Path) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        if name
            .as_deref()
            .is_some_and(|n| crate::config::CONFIG_NAMES.contains(&n))
        {
            // Another config: every document is checked again with it.
            self.checkers.clear();
            self.configs.clear();
            self.told.clear();
            self.stale.extend(self.documents.keys().cloned());
            return;
        }
        if self.documents.contains_key(path) {
            self.pending.insert(path.to_path_buf());
        } else {
            self.forget_links();
            self.index.set_from_disk(path);
        }
        let linking = self.linking_to(path);
        self.stale.extend(linking);
        // A folder created, renamed or deleted: the links into it are
        // indexed by the names of its files, which are gone: every open
        // document, and every file with diagnostics, is checked again.
        let folder = path.is_dir() || (!path.exists() && path.extension().is_none());
        if folder {
            self.stale.extend(self.documents.keys().cloned());
            self.stale.extend(self.published.iter().cloned());
        }
    }

    /// The files whose references may lead to `target`, the open
    /// documents' as they read now.
    fn linking_to(&mut self, target: &Path) -> Vec<PathBuf> {
        for path in std::mem::take(&mut self.unindexed) {
            if let Some(doc) = self.documents.get(&path) {
                self.index.set(&path, doc.format, doc.text.text.as_bytes());
            }
        }
        self.index.linking_to(target)
    }

    /// Lets go of what every checker learned of the tree: files changed.
    fn forget_links(&mut self) {
        for checker in self.checkers.values_mut() {
            checker.forget_links();
        }
    }

    /// Makes an open document's text the one links into it see.
    fn hold(&mut self, path: &Path) {
        if is_virtual(path) {
            return;
        }
        let doc = &self.documents[path];
        let bytes: Arc<[u8]> = Arc::from(doc.text.text.as_bytes());
        // Its references are indexed when the index is next asked: not on
        // every keystroke.
        self.unindexed.insert(path.to_path_buf());
        self.buffers
            .write()
            .expect("buffers")
            .insert(path.to_path_buf(), bytes);
    }

    /// Checks the documents changed since the last check, then the files
    /// whose links into them may have changed. Those whose titles and ids
    /// changed (or that were opened with text other than their file's)
    /// are found first: what the checkers learned of them is let go once,
    /// before any document is checked, so that each check of the burst
    /// sees every document as it is now.
    fn flush(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        if pending.len() == 1 {
            let path = pending.first().expect("one").clone();
            if self
                .documents
                .get(&path)
                .is_some_and(|d| d.checked.is_some())
            {
                self.check_edited(&path);
                return self.check_stale(&HashSet::from([path]));
            }
        }
        let mut checks = Vec::new();
        let mut moved = Vec::new();
        for path in pending {
            let Some(doc) = self.documents.get(&path) else {
                continue;
            };
            if doc.checked == Some(doc.version) {
                continue;
            }
            let format = doc.format;
            let text = doc.text.text.as_bytes();
            let targets = targets_of(format, text);
            let changed = match doc.checked {
                Some(_) => doc.targets != targets,
                None => {
                    !is_virtual(&path)
                        && crate::regular::read(&path, crate::format::MAX_PARSED)
                            .map_or(true, |disk| disk != text)
                }
            };
            if changed {
                moved.push(path.clone());
            }
            checks.push((path, targets));
        }
        if !moved.is_empty() {
            self.forget_links();
            for path in &moved {
                let linking = self.linking_to(path);
                self.stale.extend(linking);
            }
        }
        let mut done = HashSet::new();
        for (path, targets) in checks {
            self.check_open(&path, Some(targets));
            done.insert(path);
        }
        self.check_stale(&done);
    }

    /// One document edited, as while typing: its titles and ids are read
    /// on another thread while it is checked, and it is checked again
    /// (after what was learned of it is let go) only when they changed,
    /// which a keystroke seldom does.
    fn check_edited(&mut self, path: &Path) {
        let doc = &self.documents[path];
        if doc.checked == Some(doc.version) {
            return;
        }
        let (text, format, version) = (doc.text.text.clone(), doc.format, doc.version);
        // Side by side for the latency of a keystroke; one after the
        // other past a few pages, where two readings of the document at
        // once would hold it read twice (issue 49).
        let (targets, records) = match text.len() <= SIDE_BY_SIDE {
            true => std::thread::scope(|scope| {
                let reading = scope.spawn(|| targets_of(format, text.as_bytes()));
                let records = self.check(path, text.as_bytes());
                (reading.join().ok().flatten(), records)
            }),
            false => {
                let records = self.check(path, text.as_bytes());
                (targets_of(format, text.as_bytes()), records)
            }
        };
        let records = if self.documents[path].targets != targets {
            self.forget_links();
            let linking = self.linking_to(path);
            self.stale.extend(linking);
            self.check(path, text.as_bytes())
        } else {
            records
        };
        self.store(path, version, Some(targets), records);
    }

    /// Checks again the files whose links into changed documents may
    /// have changed, but for those in `done`.
    fn check_stale(&mut self, done: &HashSet<PathBuf>) {
        let stale = std::mem::take(&mut self.stale);
        for path in stale {
            if done.contains(&path) {
                continue;
            }
            if self.documents.contains_key(&path) {
                self.check_open(&path, None);
            } else {
                self.check_closed(&path);
            }
        }
    }

    /// Checks an open document as it reads now and publishes its
    /// diagnostics; `targets`, when its text changed, are its titles and
    /// ids now.
    fn check_open(&mut self, path: &Path, targets: Option<Option<Targets>>) {
        let Some(doc) = self.documents.get(path) else {
            return;
        };
        let (text, version) = (doc.text.text.clone(), doc.version);
        let records = self.check(path, text.as_bytes());
        self.store(path, version, targets, records);
    }

    /// Keeps the records of an open document's check of `version`, and
    /// publishes them as its diagnostics.
    fn store(
        &mut self,
        path: &Path,
        version: i32,
        targets: Option<Option<Targets>>,
        mut records: Vec<Record>,
    ) {
        if is_virtual(path) {
            // Not a file: its relative links lead nowhere it knows.
            records.retain(|r| !crate::rules::doc(&r.rule).is_some_and(|d| d.links));
        }
        let doc = self.documents.get_mut(path).expect("open");
        if let Some(targets) = targets {
            doc.targets = targets;
        }
        doc.records = records;
        doc.checked = Some(version);
        let (uri, diagnostics) = (doc.uri.clone(), self.diagnostics(path));
        self.publish(path, uri, diagnostics, Some(version));
    }

    /// Checks a file not open, as it is on disk, and publishes its
    /// diagnostics when it has some or had before.
    fn check_closed(&mut self, path: &Path) {
        let Some(uri) = uri_of(path) else { return };
        let disk = crate::regular::read(path, crate::format::MAX_PARSED).unwrap_or_default();
        let records = match disk.is_empty() {
            true => Vec::new(),
            false => self.check(path, &disk),
        };
        if records.is_empty() && !self.published.contains(path) {
            return;
        }
        let text = Text::new(String::from_utf8_lossy(&disk).into_owned());
        let diagnostics = records
            .iter()
            .map(|r| diagnostic(r, &text, self.encoding))
            .collect();
        self.publish(path, uri, diagnostics, None);
    }

    /// The records of `text`, checked as the file at `path`.
    fn check(&mut self, path: &Path, text: &[u8]) -> Vec<Record> {
        let tree = self.root_of(path);
        let Some(checker) = self.checker_for(path) else {
            return Vec::new();
        };
        let mut sink = Collected::default();
        let checked = guarded(|| checker.check_text(path, text, tree.as_deref(), &mut sink));
        match checked {
            Some(Ok(_)) => sink.records,
            Some(Err(stopped)) => {
                self.log(&format!("{}: {}", path.display(), stopped.error));
                Vec::new()
            }
            None => {
                self.log(&format!(
                    "{}: internal error (see the server's stderr)",
                    path.display()
                ));
                Vec::new()
            }
        }
    }

    /// Whether a link in the document at `from` may be followed to
    /// `target` for completion, hover or definition: `target` is inside
    /// a workspace folder, as written and with symbolic links resolved
    /// (`../../../etc/passwd#`, or a link in the tree to a file outside,
    /// is not read). Without workspace folders, inside `from`'s folder.
    fn may_read(&self, from: &Path, target: &Path) -> bool {
        let own;
        let bounds: &[PathBuf] = match self.bounds.is_empty() {
            false => &self.bounds,
            true => match from.parent().and_then(|d| d.canonicalize().ok()) {
                Some(d) => {
                    own = [d];
                    &own
                }
                None => return false,
            },
        };
        let written = crate::paths::lexical(target);
        let resolved = target.canonicalize().unwrap_or_else(|_| written.clone());
        let inside = |p: &Path| bounds.iter().any(|b| p.starts_with(b));
        // As written, against the folders as named (a folder may be
        // reached through a symbolic link of its own).
        let named = self.roots.iter().any(|r| written.starts_with(r)) || inside(&written);
        named && inside(&resolved)
    }

    /// The workspace folder `path` is in, which its links are checked in
    /// (as `check` run from there checks them).
    fn root_of(&self, path: &Path) -> Option<PathBuf> {
        self.roots
            .iter()
            .filter(|r| path.starts_with(r))
            .max_by_key(|r| r.as_os_str().len())
            .cloned()
    }

    /// The checker of the config found from `path`'s folder, built once;
    /// `None` when that config has an error (shown once).
    fn checker_for(&mut self, path: &Path) -> Option<&mut Checker> {
        // A document that is no file: the workspace's config.
        let dir = match is_virtual(path) {
            true => self.roots.first().cloned().unwrap_or_default(),
            false => path.parent().unwrap_or(Path::new("")).to_path_buf(),
        };
        let key = match self.configs.get(&dir) {
            Some(key) => key.clone(),
            None => {
                let found = match Config::discover(&dir) {
                    Ok(found) => found,
                    Err(e) => {
                        self.tell(e.to_string());
                        return None;
                    }
                };
                let key = found.as_ref().map(|(p, _)| p.clone());
                if !self.checkers.contains_key(&key) {
                    let config = found.map(|(_, c)| c).unwrap_or_default();
                    match self.build_checker(&config, key.as_deref()) {
                        Ok(c) => {
                            self.checkers.insert(key.clone(), c);
                        }
                        Err(e) => {
                            let at = key
                                .as_ref()
                                .map_or(String::new(), |k| format!("{}: ", k.display()));
                            self.tell(format!("{at}{e}"));
                            return None;
                        }
                    }
                }
                self.configs.insert(dir, key.clone());
                key
            }
        };
        self.checkers.get_mut(&key)
    }

    /// A checker of `config`'s rules, as `check` with no flags builds it.
    fn build_checker(
        &self,
        config: &Config,
        config_path: Option<&Path>,
    ) -> Result<Checker, String> {
        let mut builder = config.linter_builder()?;
        if config.fail_on == Some(Severity::Note) {
            builder = builder.show_notes(true);
        }
        let linter = builder.build().map_err(|e| e.to_string())?;
        // The config's baseline, once it is recorded.
        let baseline = config
            .baseline
            .as_ref()
            .map(|b| crate::config::base_dir(config_path).join(b))
            .filter(|b| b.is_file());
        let buffers = self.buffers.clone();
        let pages = Pages(Arc::new(move |p: &Path| {
            buffers.read().ok()?.get(p).cloned()
        }));
        let options = Options {
            threads: Some(1),
            // What it learns of the tree is kept between checks, and let
            // go when files change (`forget_links`).
            keep_links: true,
            baseline,
            links: LinkFlags {
                pages: Some(pages),
                ..LinkFlags::default()
            },
            ..Options::default()
        };
        Checker::new(config, config_path, linter, options)
    }

    /// An open document's diagnostics, from its last check.
    fn diagnostics(&self, path: &Path) -> Vec<Diagnostic> {
        let doc = &self.documents[path];
        doc.records
            .iter()
            .map(|r| diagnostic(r, &doc.text, self.encoding))
            .collect()
    }

    fn publish(
        &mut self,
        path: &Path,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) {
        match diagnostics.is_empty() {
            true if !self.published.remove(path) => return,
            true => {}
            false => {
                self.published.insert(path.to_path_buf());
            }
        }
        let params = PublishDiagnosticsParams::new(uri, diagnostics, version);
        self.notify::<lsp_types::notification::PublishDiagnostics>(params);
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        let n = Notification::new(N::METHOD.to_string(), params);
        let _ = self.connection.sender.send(n.into());
    }

    /// Shows an error once (a config that cannot be read).
    fn tell(&mut self, message: String) {
        if self.told.insert(message.clone()) {
            self.notify::<lsp_types::notification::ShowMessage>(lsp_types::ShowMessageParams {
                typ: lsp_types::MessageType::ERROR,
                message: crate::redact::redact_text(&format!("urilint: {message}")).into_owned(),
            });
        }
    }

    fn log(&self, message: &str) {
        self.notify::<lsp_types::notification::LogMessage>(lsp_types::LogMessageParams {
            typ: lsp_types::MessageType::WARNING,
            message: crate::redact::redact_text(&format!("urilint: {message}")).into_owned(),
        });
    }
}

/// The path a document is checked as: its file's; for a document that is
/// no file (`untitled:`, a diff's `git:` side), a key that no file has
/// (it starts with a NUL byte), ending in the document's own name so that
/// its format is told by it.
fn doc_path(uri: &Uri) -> PathBuf {
    if let Some(p) = path_of(uri) {
        return p;
    }
    let (scheme, path) = match url::Url::parse(uri.as_str()) {
        Ok(u) => (u.scheme().to_string(), u.path().to_string()),
        Err(_) => (String::new(), uri.as_str().to_string()),
    };
    PathBuf::from(format!("\u{0}{scheme}:{path}"))
}

/// Whether `path` is a [`doc_path`] key of a document that is no file.
fn is_virtual(path: &Path) -> bool {
    path.as_os_str().as_encoded_bytes().first() == Some(&0)
}

/// The path of a file operation's URI (a string in those params).
fn file_path(uri: &str) -> PathBuf {
    match uri.parse::<Uri>().ok().as_ref().and_then(path_of) {
        Some(p) => p,
        None => PathBuf::from(uri.rsplit(['/', ':']).next().unwrap_or("untitled")),
    }
}

/// `f()`, or `None` if it panicked: a bug in a check is logged (the panic
/// message goes to stderr, which clients log) and the server goes on.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

/// The titles and ids of a markup document (`None` for other formats,
/// and when reading them panicked).
fn targets_of(format: Format, text: &[u8]) -> Option<Targets> {
    if !index::is_markup(format) {
        return None;
    }
    guarded(|| crate::format::targets(format, text, crate::format::Options::default()))
}

/// A record as a diagnostic of `text` (LSP 3.17 `Diagnostic`).
fn diagnostic(r: &Record, text: &Text, encoding: Encoding) -> Diagnostic {
    let severity = match r.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    };
    let href =
        crate::rules::doc(&r.rule).and_then(|_| crate::rules::doc_url(&r.rule).parse::<Uri>().ok());
    Diagnostic {
        range: text.range(r.start as usize, r.end as usize, encoding),
        severity: Some(severity),
        code: Some(NumberOrString::String(r.rule.clone())),
        code_description: href.map(|href| CodeDescription { href }),
        source: Some("urilint".to_string()),
        message: r.message.clone(),
        ..Diagnostic::default()
    }
}
