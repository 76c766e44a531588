//! urilint installs as a Python wheel (issue 16): maturin's `bin`
//! bindings put the binary in a wheel, `pip install` puts it on the
//! virtualenv's PATH, and it runs there with no Rust toolchain in sight.
//! Skipped, with a message, where Python's venv or maturin from PyPI is
//! not at hand.

use std::path::Path;
use std::process::Command;

/// Runs `cmd`, giving its output, or `None` when it cannot run or fails.
fn try_run(cmd: &mut Command) -> Option<std::process::Output> {
    let out = cmd.output().ok()?;
    if out.status.success() {
        Some(out)
    } else {
        eprintln!(
            "{cmd:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        None
    }
}

/// The release profile unoptimized, as `tests/pre-commit.sh` sets it.
const UNOPTIMIZED: [(&str, &str); 2] = [
    ("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0"),
    ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256"),
];

#[test]
fn the_wheel_installs_and_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools");
    // maturin in a virtualenv of its own; a missing venv module or no way
    // to PyPI skips the test.
    if try_run(Command::new("python3").args(["-m", "venv"]).arg(&tools)).is_none() {
        eprintln!("skipped: python3 -m venv is not available");
        return;
    }
    let pip = tools.join("bin/pip");
    if try_run(
        Command::new(&pip)
            .args(["install", "--quiet", "--disable-pip-version-check"])
            .args(["--timeout", "30", "maturin>=1.5,<2"]),
    )
    .is_none()
    {
        eprintln!("skipped: maturin could not be installed from PyPI");
        return;
    }
    // An unoptimized release build, in a target folder of its own: it
    // only checks the packaging. `tests/pre-commit.sh` builds urilint in
    // the same folder with the same settings ([`UNOPTIMIZED`]), so the
    // dependencies are built once for both (issue 32).
    let wheels = dir.path().join("wheels");
    let built = try_run(
        Command::new(tools.join("bin/maturin"))
            .args(["build", "--quiet", "--release", "--out"])
            .arg(&wheels)
            .env("CARGO_TARGET_DIR", root.join("target/wheel"))
            .envs(UNOPTIMIZED)
            .current_dir(root),
    );
    assert!(built.is_some(), "maturin build failed");
    let wheel = std::fs::read_dir(&wheels)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .expect("a wheel");
    let name = wheel.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with(&format!("urilint-{}-", env!("CARGO_PKG_VERSION"))),
        "{name}"
    );

    // A fresh virtualenv with only the wheel in it.
    let env = dir.path().join("env");
    assert!(try_run(Command::new("python3").args(["-m", "venv"]).arg(&env)).is_some());
    assert!(
        try_run(
            Command::new(env.join("bin/pip"))
                .args([
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    "--no-index"
                ])
                .arg(&wheel)
        )
        .is_some()
    );
    let urilint = env.join("bin/urilint");
    let version = try_run(Command::new(&urilint).arg("--version")).expect("urilint --version");
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("urilint {}\n", env!("CARGO_PKG_VERSION"))
    );
    // A check from the installed binary, with its findings and status.
    std::fs::write(dir.path().join("a.txt"), "see http://acme.net:25/x\n").unwrap();
    let out = Command::new(&urilint)
        .args(["--isolated", "--format", "jsonl", "a.txt"])
        .current_dir(dir.path())
        .env("PATH", env.join("bin"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["rule"], "well-known-port");
    assert_eq!(record["uri"], "http://acme.net:25/x");
}
