#!/usr/bin/env bash
# What the editor test of `urilint server` needs (issue 35), where missing:
# Neovim from Debian (as root). Quiet when it is there; else exit 1 with the
# reason. `.ci/run` starts it in the background while the tests build; the
# test (`server::neovim_shows_what_check_reports`) runs it again, then a
# no-op, and waits for it through the lock.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
lock=${CARGO_TARGET_DIR:-$repo/target}/editor-env.lock
mkdir -p "$(dirname "$lock")"
exec 9> "$lock"
flock 9

if ! command -v nvim > /dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        # Another installer (the Spark or the editor test's) may hold apt's
        # locks: try again while it does.
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            { apt-get -o DPkg::Lock::Timeout=60 update -qq \
                && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=60 \
                    install -y -qq neovim; } > /dev/null 2>&1 && break
            sleep 10
        done
    fi
    command -v nvim > /dev/null || { echo "no nvim (apt-get install neovim)"; exit 1; }
fi
