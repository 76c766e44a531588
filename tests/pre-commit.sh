#!/usr/bin/env bash
# Runs urilint's hook through the real pre-commit framework: in a throwaway
# git repository whose staged files hold a clean and a bad URI, `git commit`
# must fail (and print the finding without the password), then succeed once
# the URI is fixed. pre-commit builds urilint from this repository's HEAD
# with `cargo install`, so commit first.
#
# pre-commit comes from PyPI into a virtualenv of its own when it is not
# installed; with no venv or no way to PyPI the script says so and skips.
#
# `cargo install` builds an unoptimized release in `target/wheel`, as the
# wheel test of `cargo test` does (tests/it/wheel.rs): after `cargo test`
# (the README's test command runs this after it), the dependencies are
# built already and only urilint is compiled (issue 32). The hook and
# pre-commit's way of installing it are the real ones; only the
# optimization differs.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; [ -f "$work/t/out.txt" ] && cat "$work/t/out.txt"; exit 1; }

if ! command -v pre-commit > /dev/null 2>&1; then
    if ! python3 -m venv "$work/tools" > /dev/null 2>&1 \
        || ! "$work/tools/bin/pip" install --quiet --disable-pip-version-check \
            --timeout 30 pre-commit > "$work/pip.txt" 2>&1; then
        echo "skipped: pre-commit is not installed, and could not be from PyPI"
        exit 0
    fi
    PATH=$work/tools/bin:$PATH
fi

# pre-commit runs `cargo install --path .` in its clone of this repository:
# the same target folder and settings as tests/it/wheel.rs.
export PRE_COMMIT_HOME=$work/cache
export CARGO_TARGET_DIR=$repo/target/wheel
export CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256

mkdir "$work/t"
cd "$work/t"
git init -q .
git config user.email test@example.org
git config user.name test
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: urilint
YAML
pre-commit install > /dev/null
printf 'Docs: <https://docs.acme.net/guide>\n' > clean.md
# A database on a host that is not a documentation one: an error, not a
# note about an example.
printf 'db: postgres://app:hunter2@db.acme.net/app\n' > bad.md
git add .

if git commit -qm "bad" > out.txt 2>&1; then
    fail "the commit went through with a password in a URI"
fi
grep -q 'bad.md:1:5: error\[embedded-password\]' out.txt || fail "no finding"
if grep -q hunter2 out.txt; then fail "the password was printed"; fi

printf 'db: postgres://app@db.acme.net/app\n' > bad.md
git add bad.md
git commit -qm "fixed" > out.txt 2>&1 || fail "the fixed commit was refused"
echo "ok: pre-commit refused the bad URI and accepted the fix"
