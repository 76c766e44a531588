//! The command line against hostile inputs and arguments (issue 49): a
//! baseline that never ends, a secret in a refused argument, the second
//! half of a continued secret as diff context.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir)
        .env_remove("CI")
        .timeout(Duration::from_secs(20));
    cmd
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Item 17: a config's `baseline` that is a FIFO, or a link to a device,
/// is refused at once with a message that names it, as `--baseline` is.
#[cfg(unix)]
#[test]
fn a_config_baseline_that_never_ends_is_an_error_at_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    std::fs::write(dir.path().join("a.txt"), "see http://acme.net:8081/\n").unwrap();
    let fifo = dir.path().join("fifo.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.json")).unwrap();
    for (name, what) in [("fifo.json", "a FIFO"), ("zero.json", "a device")] {
        std::fs::write(
            dir.path().join("urilint.toml"),
            format!("baseline = \"{name}\"\n"),
        )
        .unwrap();
        let out = urilint(dir.path())
            .args(["check", "a.txt"])
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(name) && err.contains(&format!("{what}, not a regular file; not read")),
            "{name}: {err}"
        );
        // And named on the command line.
        let out = urilint(dir.path())
            .args(["check", "--baseline", name, "a.txt"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--baseline {name}");
    }
}

/// Item 9: a value clap refuses is quoted in its error, redacted.
#[test]
fn a_refused_argument_is_quoted_redacted() {
    let dir = tempfile::tempdir().unwrap();
    let url = "https://u:Hunter2Secret@h.example.com/";
    let probes: Vec<Vec<String>> = [
        &["check", "--site", url][..],
        &["check", "--format", url],
        &["check", "--fail-on", url],
        &["check", "-j", url],
        &["check", "--input", url],
        &["check", "--color", url],
        &["extract", "--format", url],
        &["completions", url],
        &["help", url],
    ]
    .iter()
    .map(|p| p.iter().map(|s| s.to_string()).collect())
    .collect();
    for probe in probes {
        let out = urilint(dir.path()).args(&probe).output().unwrap();
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(2), "{probe:?}: {all}");
        assert!(
            !all.to_lowercase().contains("hunter2secret"),
            "{probe:?}: {all}"
        );
        assert!(all.contains("****@h.example.com"), "{probe:?}: {all}");
    }
}

/// Item 10: the second half of a password continued onto the next line
/// (an AsciiDoc attribute value ending in ` \`), or in a roff `.MT`
/// request, is never a diff's context.
#[test]
fn a_continued_secret_is_no_diff_context() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.adoc"),
        "= Doc\n\n:db: postgres://app:Ad1Secret \\\n  Ad2Secret@db.example.com/prod\n\n\
         See HTTP://Example.COM/x here.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("m.1"),
        ".TH X 1\n.SH SEE\n.MT bob:Mt1Secret@mail.example.com\n.ME\n\
         See HTTP://Example.COM/x here.\ntext\n.PP\nmore\n",
    )
    .unwrap();
    let out = urilint(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "all",
            "--diff",
            "a.adoc",
            "m.1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "--- a/a.adoc\n+++ b/a.adoc\n@@ -5,2 +5,2 @@\n \n\
         -See HTTP://Example.COM/x here.\n+See http://example.com/x here.\n\
         --- a/m.1\n+++ b/m.1\n@@ -4,5 +4,5 @@\n .ME\n\
         -See HTTP://Example.COM/x here.\n+See http://example.com/x here.\n text\n .PP\n more\n"
    );
    assert!(!text(&out.stderr).contains("Secret"));
}
