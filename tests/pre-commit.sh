#!/usr/bin/env bash
# Installs urilint the two ways Python users do, and runs it (issues 16, 32):
#
# 1. The wheel: maturin (`bin` bindings, pyproject.toml) builds it, pip
#    installs it in a fresh virtualenv with no index, and the installed
#    `urilint`, with only the virtualenv on PATH, prints its version and
#    checks a file: one well-known-port record, status 1; the Spark job,
#    `python -m urilint.spark`, comes with it.
# 2. The pre-commit hook: in a throwaway git repository whose staged files
#    hold a clean and a bad URI, `git commit` must fail (and print the
#    finding without the password), then succeed once the URI is fixed.
#    pre-commit clones this repository at HEAD (so commit first) and
#    installs the `urilint-python` hook with pip, which builds the wheel
#    from the clone.
#
# Both build with the dev profile in this repository's target folder, so
# after `cargo test` (the README's test command runs this after it) the
# dependencies are built already: the wheel reuses the test build's binary,
# and the hook compiles only urilint itself, unoptimized (it is a fresh
# clone). The `language: rust` hooks run the same entry; pre-commit's
# `cargo install` would compile every dependency again in the release
# profile, so they are not installed here (tests/it/hooks.rs compares the
# hook definitions).
#
# maturin and pre-commit come from PyPI into a virtualenv of their own; with
# no venv or no way to PyPI the script says so and skips.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; [ -f "$work/t/out.txt" ] && cat "$work/t/out.txt"; exit 1; }

if ! python3 -m venv "$work/tools" > /dev/null 2>&1 \
    || ! "$work/tools/bin/pip" install --quiet --disable-pip-version-check \
        --timeout 30 "maturin>=1.5,<2" pre-commit > "$work/pip.txt" 2>&1; then
    echo "skipped: maturin and pre-commit could not be installed from PyPI"
    exit 0
fi
tools=$work/tools/bin

# The dev profile and target folder of `cargo test`, for both builds.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target}
export MATURIN_PEP517_ARGS="--profile dev"

# 1. The wheel, installed with no index and run with only its venv on PATH.
(cd "$repo" && "$tools/maturin" build --quiet --locked --profile dev \
    --out "$work/wheels") > "$work/maturin.txt" 2>&1 \
    || { cat "$work/maturin.txt"; fail "maturin build"; }
wheel=$(ls "$work"/wheels/*.whl)
case $(basename "$wheel") in
    "urilint-$version-"*) ;;
    *) fail "wheel named $(basename "$wheel"), not urilint-$version-*" ;;
esac
python3 -m venv "$work/env"
"$work/env/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel" \
    || fail "pip install $wheel"
[ "$(PATH=$work/env/bin urilint --version)" = "urilint $version" ] \
    || fail "urilint --version from the wheel"
mkdir "$work/w"
printf 'see http://acme.net:25/x\n' > "$work/w/a.txt"
status=0
(cd "$work/w" && PATH=$work/env/bin urilint --isolated --format jsonl a.txt) \
    > "$work/w/out.jsonl" 2> "$work/w/err.txt" || status=$?
[ "$status" = 1 ] || fail "the wheel's urilint exited $status on a finding, not 1"
grep -q '"rule":"well-known-port"' "$work/w/out.jsonl" \
    && grep -q '"uri":"http://acme.net:25/x"' "$work/w/out.jsonl" \
    || fail "no well-known-port record: $(cat "$work/w/out.jsonl")"
# The Spark job comes with the wheel (it needs pyspark only to run).
help=$(PATH=$work/env/bin python -m urilint.spark --help) \
    || fail "no urilint.spark in the wheel"
case $help in "usage: urilint.spark "*) ;; *) fail "urilint.spark --help: $help" ;; esac
echo "ok: the wheel installs with pip and runs"

# 2. The hook. The clone is new, so urilint itself compiles; unoptimized,
# it builds in a third of the time (its dependencies keep their profile).
# Cargo hashes a workspace wrapper into the keys of the units it wraps, so
# with `env` as one the clone's build script and library are kept beside
# the test build's instead of replacing them (the next `cargo test` would
# compile urilint again).
export PRE_COMMIT_HOME=$work/cache CARGO_PROFILE_DEV_OPT_LEVEL=0
export RUSTC_WORKSPACE_WRAPPER=env
PATH=$tools:$PATH
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
      - id: urilint-python
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
