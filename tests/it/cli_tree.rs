//! Directory trees (SPEC section 5), config discovery, suppressions and
//! baselines, as a team's pre-commit hook and CI meet them.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

fn urilint() -> Command {
    Command::cargo_bin("urilint").unwrap()
}

fn write(root: &Path, rel: &str, content: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// One field of every object of `--format jsonl` output.
fn field(stdout: &[u8], name: &str) -> Vec<serde_json::Value> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()[name].clone())
        .collect()
}

/// Runs urilint in `dir` with `args`; as an unprivileged user when this
/// process is root (root reads every file, so an unreadable file needs a
/// user it is unreadable to).
fn run_in(dir: &Path, args: &[&str], unprivileged: bool) -> Output {
    let bin = assert_cmd::cargo::cargo_bin("urilint");
    let mut cmd = if unprivileged && is_root() {
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(bin);
        c
    } else {
        std::process::Command::new(bin)
    };
    cmd.current_dir(dir).args(args).output().unwrap()
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// Makes a tree every user can read, but for what the test closes.
fn open_up(root: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for entry in walkdir::WalkDir::new(root).follow_links(false) {
        let entry = entry.unwrap();
        if entry.path_is_symlink() {
            continue;
        }
        let mode = if entry.file_type().is_dir() {
            0o755
        } else {
            0o644
        };
        std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode)).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn a_tree_with_vcs_folders_ignores_binaries_unreadable_files_and_a_loop() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "README.md",
        b"Docs: <https://docs.company.org/>\nBad: http://mail.company.org:25/\n",
    );
    write(
        root,
        "a/b/deep.txt",
        b"ftp://anon:Zx9!q@ftp.company.org/pub/\n",
    );
    write(
        root,
        "a/z.md",
        b"fine https://company.org/ and http://x.company.org:8443/\n",
    );
    write(
        root,
        ".git/config",
        b"url = http://git.company.org:25/repo.git\n",
    );
    write(root, ".gitignore", b"build/\n*.log\n!keep.log\n");
    write(root, "build/out.html", b"http://built.company.org:25/\n");
    write(root, "debug.log", b"http://log.company.org:25/\n");
    write(root, "keep.log", b"http://kept.company.org:8443/\n");
    write(root, "sub/.gitignore", b"local.txt\n");
    write(root, "sub/local.txt", b"http://local.company.org:25/\n");
    write(root, "sub/other.txt", b"http://other.company.org:8443/\n");
    write(
        root,
        "image.png",
        b"\x89PNG\x00\x00http://in-binary.company.org:25/\n",
    );
    write(root, "secret.txt", b"http://secret.company.org:25/\n");
    symlink("..", root.join("a/up")).unwrap();
    symlink("nowhere", root.join("dangling")).unwrap();
    open_up(root);
    std::fs::set_permissions(
        root.join("secret.txt"),
        std::fs::Permissions::from_mode(0o000),
    )
    .unwrap();

    let want_stdout = "\
./README.md:2:6: error[well-known-port] port 25 is a well-known port (`smtp`'s), not `http`'s (80)
./a/b/deep.txt:1:1: error[embedded-password] URI embeds a password for user `anon`
./a/z.md:1:31: warning[non-default-port] port 8443 is not `http`'s default (80)
./keep.log:1:1: warning[non-default-port] port 8443 is not `http`'s default (80)
./sub/other.txt:1:1: warning[non-default-port] port 8443 is not `http`'s default (80)
";
    for j in ["-j1", "-j2"] {
        let out = run_in(
            root,
            &[
                "check",
                "--extend-select=non-default-port",
                "--isolated",
                j,
                "--format",
                "human",
                "--quiet",
                "--color",
                "never",
                ".",
            ],
            true,
        );
        let stdout: String = text(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("./"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(stdout, want_stdout, "{j}");
        if is_root() && !has_setpriv() {
            eprintln!("setpriv missing: the unreadable file cannot be tested as root");
            continue;
        }
        // Links are not followed: the dangling one is not read at all.
        assert_eq!(
            text(&out.stderr),
            "urilint: ./secret.txt: Permission denied (os error 13)\n",
            "{j}"
        );
        assert_eq!(out.status.code(), Some(2), "{j}");
    }

    // -L: the loop and the dangling link are reported by path, the walk
    // goes on, the exit code is 2.
    for j in ["-j1", "-j2"] {
        let out = run_in(
            root,
            &[
                "check",
                "--isolated",
                j,
                "-L",
                "--format",
                "jsonl",
                "--select",
                "embedded-password",
                ".",
            ],
            true,
        );
        assert_eq!(field(&out.stdout, "path"), ["./a/b/deep.txt"], "{j}");
        let stderr = text(&out.stderr);
        let mut lines: Vec<&str> = stderr.lines().collect();
        lines.sort();
        assert_eq!(
            lines,
            [
                "urilint: ./a/up: symbolic link loop back to .",
                "urilint: ./dangling: broken symbolic link to nowhere",
                "urilint: ./secret.txt: Permission denied (os error 13)",
                "urilint: Found 1 problem (1 error); 7 files checked.",
            ],
            "{j}"
        );
        assert_eq!(out.status.code(), Some(2), "{j}");
    }

    // --no-ignore brings back what .gitignore hid, but not `build/`, a
    // folder left out by default, nor .git itself.
    let out = run_in(root, &["extract", "--isolated", "--no-ignore", "."], false);
    let uris = text(&out.stdout);
    assert!(!uris.contains("built.company.org"), "{uris}");
    let args = [
        "extract",
        "--isolated",
        "--no-ignore",
        "--no-default-excludes",
        ".",
    ];
    let out = run_in(root, &args, false);
    let uris = text(&out.stdout);
    for host in ["built", "log", "local"] {
        assert!(
            uris.contains(&format!("http://{host}.company.org:25/")),
            "{host} in {uris}"
        );
    }
    assert!(
        !uris.contains("git.company.org") && !uris.contains("in-binary"),
        "{uris}"
    );
}

fn has_setpriv() -> bool {
    std::process::Command::new("setpriv")
        .arg("--version")
        .output()
        .is_ok()
}

#[test]
fn output_is_byte_identical_for_every_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for i in 0..300 {
        let body = format!(
            "file {i}: http://h{i}.company.org:{port}/ and <URL:ftp://u:pw{i}@f.company.org/{i}>\n\
             see \"https://company.org/{i}?q=%7e\" or HTTP://Up{i}.company.org/./x\n",
            port = 8000 + i
        );
        write(
            root,
            &format!("d{}/e{}/f{i}.txt", i % 7, i % 3),
            body.as_bytes(),
        );
    }
    for format in ["human", "json", "sarif"] {
        let one = urilint()
            .current_dir(root)
            .args([
                "check",
                "--extend-select=non-default-port",
                "--isolated",
                "-j1",
                "--format",
                format,
                ".",
            ])
            .output()
            .unwrap();
        let four = urilint()
            .current_dir(root)
            .args([
                "check",
                "--extend-select=non-default-port",
                "--isolated",
                "-j4",
                "--format",
                format,
                ".",
            ])
            .output()
            .unwrap();
        assert_eq!(one.status.code(), Some(1));
        assert!(
            one.stdout.len() > 100_000,
            "{format}: {} bytes",
            one.stdout.len()
        );
        assert!(
            one.stdout == four.stdout,
            "{format} differs between -j1 and -j4"
        );
    }
    let one = urilint()
        .current_dir(root)
        .args(["extract", "--isolated", "-j1", "."])
        .output()
        .unwrap();
    let four = urilint()
        .current_dir(root)
        .args(["extract", "--isolated", "-j4", "."])
        .output()
        .unwrap();
    assert_eq!(text(&one.stdout).lines().count(), 1200);
    assert!(one.stdout == four.stdout);
    // Sorted by path, then position.
    let lines = text(
        &urilint()
            .current_dir(root)
            .args([
                "check",
                "--extend-select=non-default-port",
                "--isolated",
                "--format",
                "jsonl",
                ".",
            ])
            .output()
            .unwrap()
            .stdout,
    );
    let keys: Vec<(String, u64)> = lines
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["path"].as_str().unwrap().to_string(),
                v["start"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| Path::new(&a.0).cmp(Path::new(&b.0)).then(a.1.cmp(&b.1)));
    assert_eq!(keys, sorted);
}

#[test]
fn excludes_prune_the_walk_and_explicit_files_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "vendor/lib/x.md",
        b"http://vendor.company.org:8443/\n",
    );
    write(root, "docs/gen/api.md", b"http://gen.company.org:8443/\n");
    write(root, "docs/guide.md", b"http://guide.company.org:8443/\n");
    write(root, "app.min.js", b"http://min.company.org:8443/\n");
    let extract = |args: &[&str]| -> String {
        let mut all = vec!["extract", "--isolated"];
        all.extend_from_slice(args);
        text(
            &urilint()
                .current_dir(root)
                .args(&all)
                .output()
                .unwrap()
                .stdout,
        )
    };
    assert_eq!(
        extract(&[
            "--exclude",
            "vendor",
            "--exclude",
            "docs/gen",
            "--exclude",
            "*.min.js",
            "."
        ]),
        "http://guide.company.org:8443/\n"
    );
    // pre-commit names files: checked even when excluded, unless forced.
    assert_eq!(
        extract(&["--exclude", "vendor", "vendor/lib/x.md"]),
        "http://vendor.company.org:8443/\n"
    );
    assert_eq!(
        extract(&[
            "--exclude",
            "vendor",
            "--force-exclude",
            "vendor/lib/x.md",
            "docs/guide.md"
        ]),
        "http://guide.company.org:8443/\n"
    );
    let bad = urilint()
        .current_dir(root)
        .args(["extract", "--exclude", "a[", "."])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        text(&bad.stderr),
        "urilint: --exclude: `a[`: unclosed character class; missing ']'\n"
    );
}

#[test]
fn config_is_found_upward_and_flags_win() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "urilint.toml", b"select = [\"non-default-port\"]\nexclude = [\"docs/gen/**\"]\n\n[rules.non-default-port]\nallowed-hosts = [\"localhost\"]\n");
    write(
        root,
        "docs/a.md",
        b"http://localhost:8080/ http://company.org:8443/ http://company.org:80/\n",
    );
    write(root, "docs/gen/b.md", b"http://company.org:9443/\n");
    let sub = root.join("docs");
    let jsonl = |cwd: &Path, args: &[&str]| -> Vec<String> {
        let out = urilint().current_dir(cwd).args(args).output().unwrap();
        text(&out.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                format!(
                    "{} {}",
                    v["rule"].as_str().unwrap(),
                    v["uri"].as_str().unwrap()
                )
            })
            .collect()
    };
    // From a subfolder: the config above applies, its exclude is relative to it.
    assert_eq!(
        jsonl(&sub, &["check", "--format", "jsonl", "."]),
        ["non-default-port http://company.org:8443/"]
    );
    assert_eq!(
        jsonl(root, &["check", "--format", "jsonl", "docs"]),
        ["non-default-port http://company.org:8443/"]
    );
    // Flags win.
    assert_eq!(
        jsonl(
            &sub,
            &[
                "check",
                "--format",
                "jsonl",
                "--select",
                "default-port",
                "."
            ]
        ),
        ["default-port http://company.org:80/"]
    );
    // --isolated reads no file: no allowed hosts, no exclude.
    let all = jsonl(
        &sub,
        &[
            "check",
            "--isolated",
            "--format",
            "jsonl",
            "--select",
            "non-default-port",
            ".",
        ],
    );
    // (`localhost` is a documentation host: its ports are never flagged.)
    assert_eq!(
        all,
        [
            "non-default-port http://company.org:8443/",
            "non-default-port http://company.org:9443/"
        ]
    );
    // .urilint.toml is found too; a nearer file wins.
    write(root, "docs/.urilint.toml", b"select = [\"default-port\"]\n");
    assert_eq!(
        jsonl(&sub, &["check", "--format", "jsonl", "."]),
        ["default-port http://company.org:80/"]
    );
    // An unknown key is an error naming the key and the file.
    write(root, "docs/.urilint.toml", b"ignored = [\"x\"]\n");
    let out = urilint()
        .current_dir(&sub)
        .args(["check", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(".urilint.toml") && err.contains("ignored"),
        "{err}"
    );
}

#[test]
fn each_suppression_form() {
    let input = "\
a http://company.org:8443/ # urilint: ignore[non-default-port]
b http://company.org:8443/ // urilint: ignore
c http://company.org:8443/ <!-- urilint: ignore[default-port] -->
<!-- urilint: ignore-next-line[non-default-port, default-port] -->
d http://company.org:8443/
/* urilint: ignore-next-line */ e http://company.org:8443/

f http://company.org:8443/ urilint: ignored
";
    let out = urilint()
        .args([
            "check",
            "--extend-select=non-default-port",
            "--isolated",
            "--format",
            "jsonl",
            "-",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let lines = field(&out.stdout, "line");
    // c names another rule; e's directive is for line 7; f's is no directive.
    assert_eq!(lines, [3, 6, 8]);
    assert_eq!(out.status.code(), Some(1));
}

/// Block (`disable` ... `enable`) and file-level (`disable-file`)
/// suppressions (issue 34), in each format's own comments, streamed text
/// and documents read whole alike; `disable-file` counts wherever it is.
/// The records of `check --isolated --format jsonl .` in `root`, with the
/// rules `extend_select` names selected too.
fn records(root: &std::path::Path, extend_select: &str) -> Vec<serde_json::Value> {
    let out = urilint()
        .current_dir(root)
        .args([
            "check",
            &format!("--extend-select={extend_select}"),
            "--isolated",
        ])
        .args(["--format", "jsonl", "."])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn block_and_file_suppressions_in_each_format() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let port = "http://company.org:8443/";
    write(
        root,
        "a.txt",
        format!(
            "1 {port}\n# urilint: disable[non-default-port]\n3 {port}\n4 {port}\n\
             # urilint: enable\n6 {port}\n# urilint: disable\n8 {port}\n"
        )
        .as_bytes(),
    );
    write(
        root,
        "b.md",
        format!(
            "# B\n\n<!-- urilint: disable[default-port] -->\n4 <{port}>\n\n\
             <!-- urilint: disable[non-default-port] -->\n7 <{port}>\n\n\
             <!-- urilint: enable[non-default-port] -->\n10 <{port}>\n"
        )
        .as_bytes(),
    );
    write(
        root,
        "c.rst",
        format!("Title\n=====\n\n3 {port}\n\n.. urilint: disable-file[non-default-port]\n")
            .as_bytes(),
    );
    write(
        root,
        "d.adoc",
        format!("= D\n\n3 {port}\n\n// urilint: disable-file\n").as_bytes(),
    );
    write(
        root,
        "e.html",
        format!("<p>1 {port}</p>\n<!-- urilint: disable-file[well-known-port] -->\n").as_bytes(),
    );
    let found: Vec<String> = records(root, "non-default-port")
        .iter()
        .map(|v| format!("{}:{}", v["path"].as_str().unwrap(), v["line"]))
        .collect();
    // a.txt: 3 and 4 in the block, 8 after a `disable` of every rule; b.md:
    // 4 is another rule's block, 7 silenced, 10 after its `enable`; c.rst
    // and d.adoc silenced whole, from the end of the file; e.html's is
    // another rule's.
    assert_eq!(
        found,
        [
            "./a.txt:1",
            "./a.txt:6",
            "./b.md:4",
            "./b.md:10",
            "./e.html:1"
        ]
    );
    // Streamed from standard input, a `disable-file` at the end counts too.
    let out = urilint()
        .args([
            "check",
            "--extend-select=non-default-port",
            "--isolated",
            "--format",
            "jsonl",
            "-",
        ])
        .write_stdin(format!("1 {port}\n2 {port}\n# urilint: disable-file\n"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn suppressions_shown_in_code_are_examples_and_apply_to_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let port = "http://company.org:8443/";
    // A page that documents suppressions: in a code span, a fenced block
    // and an indented one, a literal block, a listing and `<pre>`. Made-up
    // ids there are no `invalid-suppression`, and no `disable-file`
    // applies; the real comment at the end of b.md still does.
    write(
        root,
        "a.md",
        format!(
            "# A\n\nWrite `<!-- urilint: disable-file[nonsense] -->`.\n\n\
             ```html\n<!-- urilint: disable-file -->\n```\n\n\
             \x20   # urilint: disable-file\n\n9 <{port}>\n"
        )
        .as_bytes(),
    );
    write(
        root,
        "b.md",
        format!("# B\n\n3 <{port}>\n\n<!-- urilint: disable-file[non-default-port] -->\n")
            .as_bytes(),
    );
    write(
        root,
        "c.rst",
        format!("C\n=\n\nLike this::\n\n   .. urilint: disable-file\n\n8 {port}\n").as_bytes(),
    );
    write(
        root,
        "d.adoc",
        format!("= D\n\n----\n// urilint: disable-file\n----\n\n7 {port}\n").as_bytes(),
    );
    write(
        root,
        "e.html",
        format!("<pre>&lt;!-- urilint: disable-file --&gt; urilint: ignore[bogus]</pre>\n<p>2 {port}</p>\n").as_bytes(),
    );
    let found: Vec<String> = records(root, "non-default-port,unused-suppression")
        .iter()
        .map(|v| {
            format!(
                "{}:{} {}",
                v["path"].as_str().unwrap(),
                v["line"],
                v["rule"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "./a.md:11 non-default-port",
            "./c.rst:8 non-default-port",
            "./d.adoc:7 non-default-port",
            "./e.html:2 non-default-port",
        ]
    );
    // `--fix` reads them the same way: the fence's `disable-file` does
    // not keep the style fix from applying.
    write(
        root,
        "f.md",
        b"```\n<!-- urilint: disable-file -->\n```\n\n<HTTP://company.org/>\n",
    );
    let out = urilint()
        .current_dir(root)
        .args(["check", "--isolated", "--select", "style", "--fix", "f.md"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(root.join("f.md")).unwrap(),
        "```\n<!-- urilint: disable-file -->\n```\n\n<http://company.org/>\n"
    );
}

#[test]
fn baseline_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "a.md", b"one http://company.org:8443/\ntwo ftp://u:Pw0rd@ftp.company.org/\nthree http://company.org:8443/\n");
    let run = |args: &[&str]| urilint().current_dir(root).args(args).output().unwrap();
    let out = run(&[
        "check",
        "--extend-select=non-default-port",
        "--isolated",
        "--write-baseline",
        "base.json",
        "a.md",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "urilint: wrote 3 findings to base.json\n"
    );
    let base = std::fs::read_to_string(root.join("base.json")).unwrap();
    assert!(
        !base.contains("Pw0rd") && base.contains("ftp://u:****@ftp.company.org/"),
        "{base}"
    );
    // Nothing new: clean.
    let out = run(&[
        "check",
        "--extend-select=non-default-port",
        "--isolated",
        "--baseline",
        "base.json",
        "a.md",
    ]);
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (
            Some(0),
            "All checks passed: 1 file, 3 URIs.\n3 findings hidden by the baseline.\n".to_string()
        )
    );
    // Moving text does not matter; a third copy of a baselined finding and a
    // new one are reported.
    write(root, "a.md", b"new line\n\ntwo ftp://u:Pw0rd@ftp.company.org/\none HTTP://Company.org:8443/\nthree http://company.org:8443/\nfour http://company.org:8443/\nfive http://company.org:8444/\n");
    let out = run(&[
        "check",
        "--isolated",
        "--baseline",
        "base.json",
        "--format",
        "jsonl",
        "--select",
        "non-default-port,embedded-password",
        "a.md",
    ]);
    let lines = field(&out.stdout, "line");
    assert_eq!(lines, [6, 7]);
    assert_eq!(out.status.code(), Some(1));
}

/// `--show-files` lists what a run would read, in its order, after the
/// walk's own choices (`.gitignore`, version-control folders, excludes),
/// names redacted as in output unless `--show-secrets` (jsonl then gives
/// a non-UTF-8 name's bytes); `--file-list` reads the files a list names
/// (lines, or NUL-separated entries, so a name may hold a line break),
/// each as a walk finds it: a binary one is skipped, unless also named.
#[test]
fn show_files_lists_a_run_and_file_list_reads_one() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "docs/a.md", b"see https://a.example/\n");
    write(root, "docs/bin.dat", b"\0 https://bin.example/\n");
    write(root, "docs/b\nc.md", b"see https://bc.example/\n");
    write(root, "docs/gone.log", b"https://log.example/\n");
    write(root, "docs/.gitignore", b"*.log\n");
    write(root, "docs/.git/config", b"https://git.example/\n");
    write(root, "docs/s?token=abc.md", b"see https://s.example/\n");
    let latin1 = std::ffi::OsStr::from_bytes(b"docs/caf\xe9.md");
    std::fs::write(root.join(latin1), b"see https://cafe.example/\n").unwrap();
    let run = |args: &[&str], stdin: &[u8]| {
        urilint()
            .current_dir(root)
            .args(args)
            .write_stdin(stdin)
            .output()
            .unwrap()
    };
    let shown = run(&["extract", "--isolated", "--show-files", "docs"], b"");
    assert_eq!(shown.status.code(), Some(0));
    assert_eq!(
        text(&shown.stdout),
        "docs/.gitignore\ndocs/a.md\ndocs/b\\u{a}c.md\ndocs/bin.dat\ndocs/caf\\xe9.md\ndocs/s?token=****\n"
    );
    let exact = run(
        &[
            "check",
            "--isolated",
            "--show-files",
            "--format",
            "jsonl",
            "--show-secrets",
            "--exclude",
            "*.dat",
            "docs",
            "nope",
        ],
        b"",
    );
    assert_eq!(exact.status.code(), Some(2));
    assert_eq!(
        text(&exact.stdout),
        "{\"path\":\"docs/.gitignore\"}\n{\"path\":\"docs/a.md\"}\n{\"path\":\"docs/b\\nc.md\"}\n\
         {\"path\":\"docs/caf\u{fffd}.md\",\"path_bytes\":[100,111,99,115,47,99,97,102,233,46,109,100]}\n\
         {\"path\":\"docs/s?token=abc.md\"}\n"
    );
    assert_eq!(
        text(&exact.stderr),
        "urilint: nope: No such file or directory (os error 2)\n"
    );

    // A list, one a line: no `.` walked; the binary file skipped.
    let listed = run(
        &["extract", "--isolated", "--file-list", "-"],
        b"docs/bin.dat\ndocs/a.md\n",
    );
    assert_eq!(listed.status.code(), Some(0));
    assert_eq!(text(&listed.stdout), "https://a.example/\n");
    // NUL-separated, a name with a line break; a binary file also named
    // on the command line is read; the order is a run's.
    std::fs::write(
        root.join("list"),
        b"docs/b\nc.md\0docs/bin.dat\0docs/a.md\0",
    )
    .unwrap();
    let nul = run(
        &[
            "extract",
            "--isolated",
            "--file-list",
            "list",
            "docs/bin.dat",
        ],
        b"",
    );
    assert_eq!(
        text(&nul.stdout),
        "https://a.example/\nhttps://bc.example/\nhttps://bin.example/\n"
    );
    // A listed file that is missing is an error; the others are read.
    let missing = run(
        &["extract", "--isolated", "--file-list", "-"],
        b"docs/nope.md\ndocs/a.md\n",
    );
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(text(&missing.stdout), "https://a.example/\n");
    let twice = run(&["extract", "--file-list", "-", "-"], b"");
    assert_eq!(twice.status.code(), Some(2));
    assert_eq!(
        text(&twice.stderr),
        "urilint: `-` names standard input once: as a path or as --file-list, not both\n"
    );
}

/// Folders a project commits from elsewhere or builds (`node_modules`,
/// `.venv`, `build`, ...) are left out by default, as ruff leaves them
/// out, and their files still count as link targets (SPEC section 11b).
#[test]
fn vendored_and_built_folders_are_left_out_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "README.md",
        b"[api](build/api.html) [gone](build/gone.html)\n",
    );
    write(
        root,
        "build/api.html",
        b"<a href=\"http://h.company.org:25/\">x</a>\n",
    );
    write(
        root,
        "node_modules/pkg/README.md",
        b"[x](missing.md) http://n.company.org:25/\n",
    );
    write(root, ".venv/lib/site.md", b"http://v.company.org:25/\n");
    let out = run_in(
        root,
        &["check", "--isolated", "--format", "jsonl", "."],
        false,
    );
    let records = text(&out.stdout);
    let rules: Vec<(String, String)> = records
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["path"].as_str().unwrap().to_string(),
                v["uri"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Only the README, whose link into `build/` finds its file.
    assert_eq!(
        rules,
        [("./README.md".to_string(), "build/gone.html".to_string())]
    );
    // --no-default-excludes walks them.
    let args = ["extract", "--isolated", "--no-default-excludes", "."];
    let uris = text(&run_in(root, &args, false).stdout);
    for host in ["h", "n", "v"] {
        assert!(
            uris.contains(&format!("http://{host}.company.org:25/")),
            "{uris}"
        );
    }
    // A file named in one is left out with --force-exclude (pre-commit).
    let args = [
        "extract",
        "--isolated",
        "--force-exclude",
        "node_modules/pkg/README.md",
    ];
    assert_eq!(text(&run_in(root, &args, false).stdout), "");
    let args = ["extract", "--isolated", "node_modules/pkg/README.md"];
    assert_eq!(
        text(&run_in(root, &args, false).stdout),
        "http://n.company.org:25/\n"
    );
}
