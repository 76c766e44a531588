#!/usr/bin/env bash
# The Spark job for real, in local mode (issue 33): `tests/spark-env.sh`
# gets Java, pyspark, pyarrow and moto where missing, then the ignored
# `spark::` tests run with that virtualenv first on PATH (`extract`, `check`,
# Parquet and `--count` over trees and mbox archives, on this file system
# and on S3 served by moto, each compared record for record with a single
# run). In CI (`CI` set) a Spark that cannot be had fails the run; elsewhere
# the test is skipped with the reason, as `cargo test` skips it.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
env=${CARGO_TARGET_DIR:-$repo/target}/spark-env

if ! why=$("$repo/tests/spark-env.sh" 2>&1); then
    if [ -n "${CI:-}" ]; then
        echo "FAIL: the Spark test cannot run: $why"
        exit 1
    fi
    echo "skipped: the Spark test: $why"
    exit 0
fi
cd "$repo"
# The Spark test must have run: a filter that matched none would pass.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
PATH=$env/bin:$PATH cargo test --locked --test it -- --ignored spark:: 2>&1 | tee "$log"
grep -q "^test result: ok. 1 passed; 0 failed" "$log" \
    || { echo "FAIL: the Spark test did not run and pass"; exit 1; }
