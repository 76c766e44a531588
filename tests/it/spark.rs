//! The distributed paths (issues 14, 33): `python -m urilint.spark`, the
//! Spark job, runs urilint over folders and mbox archives, records being
//! whole files and whole messages read as bytes, and must write exactly
//! the records of a single run (an ignored test: it needs Java and
//! pyspark); `scripts/hadoop_mapper.sh`, the Hadoop Streaming mapper, must
//! too.

use std::path::Path;
use std::process::Command;

fn works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A tree of what Hadoop's own listing and line records get wrong: nested
/// folders, a Sphinx-style `_sources/` and a dotfile (the listing leaves
/// both out), Latin-1 text, HTML read as HTML, a `<...>` URI broken over
/// lines, and an mbox.
fn fixture(dir: &Path) -> std::path::PathBuf {
    let tree = dir.join("tree");
    let write = |rel: &str, bytes: &[u8]| {
        let path = tree.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    write(
        "a/_sources/index.rst.txt",
        b"See https://acme.net/caf\xe9 and <https://acme.net/long-\n  name> too.\n",
    );
    write(
        "a/b/c/page.html",
        b"<p><a href=\"https://acme.net/a&amp;b\">x</a> https://acme.net/text</p>\n",
    );
    write(".hidden.txt", b"ftp://u:hunter2@ftp.acme.net/x\n");
    write(
        "lists/2024.mbox",
        b"From a@x Mon Jan  1 00:00:00 2024\nMessage-ID: <1@x>\nSubject: one\n\nhttps://acme.net/one\n\n\
          From b@x Mon Jan  1 00:00:00 2024\nMessage-ID: <2@x>\nSubject: two\n\n>From https://acme.net/two\n",
    );
    tree
}

fn sorted_lines(b: &[u8]) -> Vec<String> {
    let mut lines: Vec<String> = String::from_utf8_lossy(b)
        .lines()
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

/// The mapper, fed the tree's files as Hadoop Streaming feeds it with
/// NLineInputFormat (`mapreduce.input.lineinputformat.linespermap` paths
/// to each mapper, keys ignored), gives together the records a single run
/// over the tree gives, for one path a mapper, two, and all.
#[test]
fn the_hadoop_mapper_gives_the_records_of_a_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let tree = fixture(dir.path());
    let mut paths = Vec::new();
    for e in walkdir::WalkDir::new(&tree).sort_by_file_name() {
        let e = e.unwrap();
        if e.file_type().is_file() {
            paths.push(format!("{}\n", e.path().display()));
        }
    }
    let bin = assert_cmd::cargo::cargo_bin("urilint");
    let single = Command::new(&bin)
        .args(["extract", "--isolated", "--no-ignore", "--format", "jsonl"])
        .arg(&tree)
        .output()
        .unwrap();
    let want = sorted_lines(&single.stdout);
    assert_eq!(want.len(), 7, "{want:?}");
    for per_map in [1, 2, paths.len()] {
        let mut mapped = Vec::new();
        for split in paths.chunks(per_map) {
            let out = assert_cmd::Command::new("sh")
                .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/hadoop_mapper.sh"))
                .env("URILINT", &bin)
                .write_stdin(split.concat())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            mapped.extend_from_slice(&out.stdout);
        }
        assert_eq!(sorted_lines(&mapped), want, "{per_map} a mapper");
    }
}

/// The job's command line, from this repository's `python/`.
fn job(python: &str) -> Command {
    let mut cmd = Command::new(python);
    cmd.env(
        "PYTHONPATH",
        Path::new(env!("CARGO_MANIFEST_DIR")).join("python"),
    );
    cmd
}

/// What the job refuses before it starts Spark, with status 2, a message,
/// no output folder and no name echoed back: the link rules (link
/// integrity needs the whole tree; the message says how to run them
/// instead), options that would mean something else for a slice of the
/// inputs, inputs that overlap (a single run reads their files once), and
/// a missing input.
#[test]
fn the_spark_job_refuses_what_a_slice_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("d?token=abc/e")).unwrap();
    std::fs::create_dir_all(dir.path().join("o")).unwrap();
    std::os::unix::fs::symlink("e", dir.path().join("d?token=abc/l")).unwrap();
    std::fs::write(dir.path().join("d?token=abc/e/urilint.toml"), "").unwrap();
    let links = |rule: &str| {
        format!(
            "{rule}: link integrity needs the whole tree in one place; \
             run `urilint check --select broken-relative-link,broken-fragment` on one machine"
        )
    };
    let cases: [(&str, &[&str], String); 11] = [
        (
            "check",
            &["d?token=abc", "--", "--select", "broken-fragment"],
            links("broken-fragment"),
        ),
        (
            "check",
            &["d?token=abc", "--", "--extend-select=broken-relative-link"],
            links("broken-relative-link"),
        ),
        (
            "extract",
            &["d?token=abc", "--", "--count"],
            "--count: not passed to urilint, whose runs each read a slice of the inputs \
             (passed: --base, --extend-select, --ignore, --include-code, --normalize, --relative, \
             --scheme, --select, --show-secrets)"
                .into(),
        ),
        (
            // An unknown pass-through option is named, redacted (issue 49).
            "extract",
            &["d?token=abc", "--", "https://u:abc@h.example/?token=abc"],
            "https://****@h.example/?****: not passed to urilint, whose runs each read a slice \
             of the inputs (passed: --base, --extend-select, --ignore, --include-code, \
             --normalize, --relative, --scheme, --select, --show-secrets)"
                .into(),
        ),
        (
            "extract",
            &["d?token=abc", "d?token=abc/e/"],
            "two inputs overlap (the same folder, or one inside the other): name each file once"
                .into(),
        ),
        (
            "extract",
            &["d?token=abc/nope"],
            "1 input(s) not found".into(),
        ),
        (
            "extract",
            &["--verify", "s3://bkt/d?token=abc"],
            "--verify runs urilint on this machine, which reads local inputs only".into(),
        ),
        (
            "extract",
            &["file:///../../d?token=abc", "s3://bkt/a//d?token=abc"],
            "2 input URI(s) with an empty, `.` or `..` segment: name the folder or file itself"
                .into(),
        ),
        (
            "extract",
            &["d?token=abc", "d?token=abc/../o"],
            "two inputs overlap (the same folder, or one inside the other): name each file once"
                .into(),
        ),
        (
            "check",
            &["--config", "d?token=abc/l/urilint.toml", "d?token=abc"],
            "the config's folder lies behind a symbolic link inside an input, where a worker's \
             view cannot make it a folder of its own: run from, or put the config in, a folder \
             reached without it"
                .into(),
        ),
        (
            "check",
            &["d?token=abc", "--", "--select", "no-such-rule"],
            "urilint refused the options: urilint: unknown rule `no-such-rule` (see `urilint \
             rules`; groups: `security`, `correctness`, `portability`, `style`, or `all`)"
                .into(),
        ),
    ];
    for (command, args, message) in cases {
        let out = job("python3")
            .current_dir(dir.path())
            .args([
                "-m",
                "urilint.spark",
                command,
                "--output",
                "out",
                "--urilint",
            ])
            .arg(assert_cmd::cargo::cargo_bin("urilint"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.ends_with(&format!("urilint.spark: error: {message}\n")),
            "{stderr}"
        );
        assert!(!stderr.contains("abc"), "{stderr}");
        assert!(!dir.path().join("out").exists());
    }
}

/// Names a job must carry as a single run prints them: a secret in a file
/// name (redacted), a line separator (U+2028) and bytes that are not
/// UTF-8 in others, and a lone file with a NUL byte, read because it is
/// named (a walk would skip it).
fn hard_names(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::ffi::OsStrExt;
    let names = dir.join("names");
    std::fs::create_dir_all(&names).unwrap();
    std::fs::write(
        names.join("index.html?access_token=SECRET123"),
        "see https://acme.net/a\n",
    )
    .unwrap();
    std::fs::write(names.join("a\u{2028}b.txt"), "see https://acme.net/b\n").unwrap();
    std::fs::write(
        names.join(std::ffi::OsStr::from_bytes(b"caf\xe9.txt")),
        "see https://acme.net/c\n",
    )
    .unwrap();
    let lone = dir.join("lone?token=abc.dat");
    std::fs::write(&lone, b"x\0 https://acme.net/lone\n").unwrap();
    (names, lone)
}

/// `extract` and `check` (jsonl), `extract` (Parquet) and `extract
/// --count` (summed by Spark's reduce) through Spark in local mode, over
/// the fixture tree, hard names, a 40-message archive (cut into byte
/// ranges of whole messages) and the corpus's docs sample and mbox, each
/// with `--verify`: the written records are a single run's. Then a check
/// from inside a second tree with its config, and the tree and the archive
/// read from S3 (moto's server on this machine) by URI.
///
/// Ignored unless asked for: Spark needs Java and pyspark (and pyarrow
/// and moto for S3), and a test that returned early without them would be
/// counted as passed. `tests/spark.sh` (run by CI) installs them where
/// missing and runs it; then a Spark that cannot start fails it.
#[test]
#[ignore = "needs Java 17, pyspark, pyarrow and moto: tests/spark.sh installs them and runs it"]
fn the_spark_job_writes_the_records_of_a_single_run() {
    assert!(works("java", &["-version"]), "no Java to run Spark");
    assert!(
        works("python3", &["-c", "import pyspark"]),
        "no pyspark: pip install pyspark"
    );
    let dir = tempfile::tempdir().unwrap();
    let tree = fixture(dir.path());
    let (names, lone) = hard_names(dir.path());
    // A second tree, checked from inside, over `.`, with a config in it:
    // its globs must be read from its own folder (an anchored per-file
    // ignore, an exclude) and `.gitignore` honoured, on the workers as in
    // the single run `--verify` compares with; the config itself is never
    // written into the tree.
    let inner = fixture(&dir.path().join("inner"));
    std::fs::write(
        inner.join("urilint.toml"),
        "exclude = [\"lists/*.mbox\"]\n[per-file-ignores]\n\"sub/*.md\" = [\"embedded-password\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(inner.join("sub")).unwrap();
    for name in ["sub/x.md", "y.md", "sub/skip.log"] {
        std::fs::write(inner.join(name), "ftp://u:hunter2@ftp.acme.net/\n").unwrap();
    }
    std::fs::write(inner.join(".gitignore"), "*.log\n").unwrap();
    let config = std::fs::read(inner.join("urilint.toml")).unwrap();
    // Out of order: the job orders them as a single run does.
    let mut inputs = Vec::new();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    for sample in ["mail-sample.mbox", "docs-sample"] {
        if corpus.join(sample).exists() {
            inputs.push(corpus.join(sample).display().to_string());
        }
    }
    let big = archive(dir.path());
    for input in [&lone, &names, &tree, &big] {
        inputs.push(input.display().to_string());
    }
    let out = dir.path().join("out");
    let bin = private_urilint(dir.path());
    let runs: Vec<Vec<String>> = [
        ("extract", "jsonl", "e"),
        ("check", "jsonl", "c"),
        ("extract", "parquet", "p"),
        ("extract --count", "jsonl", "n"),
    ]
    .iter()
    .map(|(command, format, name)| {
        let mut argv: Vec<String> = command.split(' ').map(str::to_string).collect();
        argv.extend(
            ["--output-format", format, "--verify", "--output"]
                .iter()
                .map(|s| s.to_string()),
        );
        argv.push(out.join(name).display().to_string());
        argv.push("--urilint".into());
        argv.push(bin.display().to_string());
        argv.extend(inputs.iter().cloned());
        argv
    })
    .collect();
    // S3, served here by moto: the tree and an archive (as `s3a://`,
    // Hadoop's spelling), named by URI, listed and read through pyarrow:
    // hidden names and all (`.hidden.txt`, `_sources/`, which Hadoop's
    // listing drops), the archive cut into byte ranges read by position.
    let server = s3();
    let aws = [
        ("AWS_ENDPOINT_URL", server.url.as_str()),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("AWS_DEFAULT_REGION", "us-east-1"),
    ];
    let upload = format!(
        "import os\nfrom pyarrow import fs\n\
         s3 = fs.S3FileSystem(allow_bucket_creation=True, endpoint_override={url:?})\n\
         s3.create_dir('bkt')\n\
         def put(src, dst):\n    with open(src, 'rb') as f, s3.open_output_stream(dst) as o:\n        o.write(f.read())\n\
         for d, _, names in os.walk({tree:?}):\n    for n in names:\n        p = os.path.join(d, n)\n        put(p, 'bkt/tree/' + os.path.relpath(p, {tree:?}))\n\
         put({archive:?}, 'bkt/lists/big.mbox')\n",
        url = server.url,
        tree = tree.display().to_string(),
        archive = big.display().to_string(),
    );
    let put = Command::new("python3")
        .args(["-c", &upload])
        .envs(aws)
        .output()
        .unwrap();
    assert!(
        put.status.success(),
        "{}",
        String::from_utf8_lossy(&put.stderr)
    );
    let on_s3: Vec<String> = [
        "extract",
        "--slices",
        "4",
        "--output",
        &out.join("s").display().to_string(),
        "--urilint",
        &bin.display().to_string(),
        "s3a://bkt/lists/big.mbox",
        "s3://bkt/tree",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // check exits 1: it found something. The last from inside `inner`.
    let inside: Vec<String> = [
        "check",
        "--verify",
        "--config",
        "urilint.toml",
        "--output",
        &out.join("t").display().to_string(),
        "--urilint",
        &bin.display().to_string(),
        ".",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // One process, so one JVM for all the runs (each starts in seconds).
    // The first as `python -m urilint.spark` runs it (the module is
    // `__main__`, so the workers get the job's functions by value), the
    // others by `main`, imported.
    let script = format!(
        "import os, runpy, sys\n\
         got = []\n\
         sys.argv = ['urilint.spark'] + {first}\n\
         try:\n    runpy.run_module('urilint.spark', run_name='__main__')\n\
         except SystemExit as e:\n    got.append(e.code)\n\
         from urilint import spark\n\
         got += [spark.main(a) for a in {runs}]\n\
         got.append(spark.main({on_s3}))\n\
         os.chdir({inner})\n\
         got.append(spark.main({inside}))\n\
         print('statuses', got)\n\
         sys.exit(0 if got == [0, 1, 0, 0, 0, 1] else 3)\n",
        first = serde_json::to_string(&runs[0]).unwrap(),
        runs = serde_json::to_string(&runs[1..]).unwrap(),
        on_s3 = serde_json::to_string(&on_s3).unwrap(),
        inner = serde_json::to_string(&inner.display().to_string()).unwrap(),
        inside = serde_json::to_string(&inside).unwrap(),
    );
    let done = job("python3")
        .args(["-c", &script])
        .envs(aws)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert!(
        done.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let oks: Vec<&str> = stdout.lines().filter(|l| l.starts_with("ok: ")).collect();
    assert_eq!(oks.len(), 5, "{stdout}");
    assert_eq!(oks[4], "ok: the same 3 records as a single run");
    // The fixture tree's own records came through, among the corpus's.
    let extracted = part_text(&out.join("e"));
    let quoted = serde_json::to_string(&format!("{}/", tree.display())).unwrap();
    let tree_prefix = format!("{{\"path\":{}", quoted.trim_end_matches('"'));
    assert_eq!(
        extracted
            .lines()
            .filter(|l| l.starts_with(&tree_prefix))
            .count(),
        7,
        "{extracted}"
    );
    for secret in ["hunter2", "SECRET123", "token=abc"] {
        assert!(!extracted.contains(secret), "{secret}");
    }
    assert!(extracted.contains("https://acme.net/lone"));
    assert!(extracted.contains("\"path_bytes\":["));

    let found = part_text(&out.join("t"));
    let paths: Vec<&str> = found
        .lines()
        .map(|l| l.split('"').nth(3).unwrap())
        .collect();
    assert_eq!(
        paths,
        ["./.hidden.txt", "./a/_sources/index.rst.txt", "./y.md"],
        "{found}"
    );
    assert_eq!(std::fs::read(inner.join("urilint.toml")).unwrap(), config);

    // From S3: a single run's records over the same files here, each
    // named by its URI.
    let single = |input: &Path, from: &str, to: &str| {
        let o = Command::new(&bin)
            .args(["extract", "--isolated", "--format", "jsonl"])
            .arg(input)
            .output()
            .unwrap();
        String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let rest = l.strip_prefix(&format!("{{\"path\":\"{from}")).unwrap();
                format!("{{\"path\":\"{to}{rest}\n")
            })
            .collect::<String>()
    };
    let want = single(&tree, &format!("{}/", tree.display()), "s3://bkt/tree/")
        + &single(&big, &big.display().to_string(), "s3a://bkt/lists/big.mbox");
    assert_eq!(want.lines().count(), 7 + 80);
    assert_eq!(part_text(&out.join("s")), want);
}

/// The text of the part files Spark wrote to `folder`, in order.
fn part_text(folder: &Path) -> String {
    let mut parts: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("part-")
        })
        .collect();
    parts.sort();
    parts
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// The driver cuts an archive into byte ranges of whole messages where
/// urilint cuts it: a `From ` line after an empty line (`\n` or `\r\n`),
/// not one after text; each range with the line it starts on.
#[test]
fn the_job_cuts_an_archive_between_messages() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("a.mbox");
    std::fs::write(
        &archive,
        b"From a\nx\nFrom b\n\nFrom c\r\nz\r\n\r\nFrom d\n",
    )
    .unwrap();
    let out = job("python3")
        .arg("-c")
        .arg(format!(
            "from urilint.spark import message_ranges as r\n\
             print(r({p:?}, 4), r({p:?}, 1))",
            p = archive.display().to_string()
        ))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "[(0, 17, 1), (17, 30, 5), (30, 37, 8)] [(0, 37, 1)]\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An archive of 40 messages, each with a URI broken over lines in angle
/// brackets: cut by the job into several byte ranges of whole messages.
fn archive(dir: &Path) -> std::path::PathBuf {
    let mut mail = String::new();
    for n in 1..=40 {
        mail.push_str(&format!(
            "From a@x Mon Jan  1 00:00:00 2024\nMessage-ID: <{n}@x>\nSubject: s{n}\n\n\
             See https://acme.net/{n} and\n<https://acme.net/long-\n  {n}>.\n\n"
        ));
    }
    let path = dir.join("big.mbox");
    std::fs::write(&path, &mail).unwrap();
    path
}

/// The binary the job ships, copied away from the target folder, where
/// `tests/pre-commit.sh` (run beside these tests by `.ci/run`) may replace
/// it while the job runs.
fn private_urilint(dir: &Path) -> std::path::PathBuf {
    let copy = dir.join("urilint-bin");
    std::fs::copy(assert_cmd::cargo::cargo_bin("urilint"), &copy).unwrap();
    copy
}

/// A moto S3 server on a free port of this machine, stopped when dropped.
struct S3 {
    server: std::process::Child,
    url: String,
}

impl Drop for S3 {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

fn s3() -> S3 {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = Command::new("moto_server")
        .args(["-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("no moto_server: pip install 'moto[server]'");
    for _ in 0..200 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    S3 {
        server,
        url: format!("http://127.0.0.1:{port}"),
    }
}
