#!/usr/bin/env bash
# Runs urilint's hook through the real pre-commit framework: in a throwaway
# git repository whose staged files hold a clean and a bad URI, `git commit`
# must fail (and print the finding without the password), then succeed once
# the URI is fixed. pre-commit builds urilint from this repository's HEAD
# with cargo, so commit first. Skipped when pre-commit is not installed
# (`pip install pre-commit`).
set -euo pipefail

if ! command -v pre-commit >/dev/null 2>&1; then
    echo "skipped: pre-commit is not installed (pip install pre-commit)"
    exit 0
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
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
printf 'Docs: <https://docs.example.org/guide>\n' > clean.md
printf 'db: postgres://app:hunter2@db.example.org/app\n' > bad.md
git add .

if git commit -qm "bad" > out.txt 2>&1; then
    echo "FAIL: the commit went through with a password in a URI"; cat out.txt; exit 1
fi
grep -q 'bad.md:1:5: error\[embedded-password\]' out.txt || { echo "FAIL: no finding"; cat out.txt; exit 1; }
if grep -q hunter2 out.txt; then echo "FAIL: the password was printed"; cat out.txt; exit 1; fi

printf 'db: postgres://app@db.example.org/app\n' > bad.md
git add bad.md
git commit -qm "fixed" > out.txt 2>&1 || { echo "FAIL: the fixed commit was refused"; cat out.txt; exit 1; }
echo "ok: pre-commit refused the bad URI and accepted the fix"
