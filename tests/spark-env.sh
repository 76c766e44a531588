#!/usr/bin/env bash
# What the Spark job's tests need (issue 33), where missing: Java 17 or later
# from Debian (default-jre-headless, as root); pyspark, pyarrow (which reads
# inputs named by URI) and moto (an S3 server on this machine) from PyPI,
# into a virtualenv of its own, `spark-env` in the target folder. Quiet when
# all is there; else exit 1 with the reason. `.ci/run` starts it in the
# background while the tests build; `tests/spark.sh` runs it again (then a
# no-op) before the test.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
env=${CARGO_TARGET_DIR:-$repo/target}/spark-env

# One installer at a time: a second waits for the first, then finds all
# there.
mkdir -p "$(dirname "$env")"
exec 9> "$env.lock"
flock 9

java_ok() {
    local major
    major=$(java -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -n 1)
    [ -n "$major" ] && [ "$major" -ge 17 ]
}
if ! java_ok; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        # Another installer (the Spark or the editor test's) may hold apt's
        # locks: try again while it does.
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            { apt-get -o DPkg::Lock::Timeout=60 update -qq \
                && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=60 \
                    install -y -qq default-jre-headless; } > /dev/null 2>&1 && break
            sleep 10
        done
    fi
    java_ok || { echo "no Java 17 or later (apt-get install default-jre-headless)"; exit 1; }
fi

if ! "$env/bin/python" -c "import pyspark, pyarrow, moto.server" > /dev/null 2>&1; then
    rm -rf "$env"
    { python3 -m venv "$env" \
        && "$env/bin/pip" install --quiet --disable-pip-version-check --timeout 60 \
            "pyspark>=4.0,<5" pyarrow "moto[server]>=5"; } > /dev/null 2>&1 \
        || { echo "pip install pyspark pyarrow moto[server] failed (PyPI out of reach?)"; exit 1; }
fi
