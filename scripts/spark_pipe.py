#!/usr/bin/env python3
"""Runs urilint over folders and mbox archives with Spark, in local mode, and
checks that the link list is exactly the one a single run gives.

Records are whole files and whole messages, read as bytes, never lines:

- A folder is listed on the driver as urilint walks it (every file at any
  depth, `.git`, `.hg` and `.svn` left out). Its files are spread over the
  workers; each worker writes its files, byte for byte, into a scratch tree
  under their own relative names and runs one `urilint extract` over that
  tree. So each file is read as its name and content say (HTML as HTML, an
  mbox as mail), binary files are skipped as in a walk, and no URI is cut
  between two workers. Hadoop's own listing (`wholeTextFiles`,
  `binaryFiles` on a folder) does not do: it leaves out every name that
  starts with `_` or `.` (Sphinx's `_sources/`, for one), and
  `wholeTextFiles` decodes every file as UTF-8.
- An mbox archive is split on the driver into byte ranges of whole messages,
  where urilint splits it (a `From ` line that opens the file or follows an
  empty line, RFC 4155), so one large archive spreads over the workers.
  Each worker reads its range as an archive of its own; line numbers are
  mapped back to the archive's, and every record keeps its `message_id`,
  `date` and `subject`.

The workers read the inputs by path, so on a cluster the inputs must be on a
file system every worker mounts.

    pip install pyspark            # needs Java 17 or later
    cargo build --release
    python3 scripts/spark_pipe.py [INPUT ...] [--partitions 4]

With no INPUT, `../shared/corpus/docs-sample` and
`../shared/corpus/mail-sample.mbox` are used when they exist, else a folder
of generated text. Every record (path, line, column, offsets, URI, flags,
format and mail fields) must be the same as a single run's, in the same
order once sorted by path and position; exits 1 if not.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
URILINT = os.path.join(HERE, "..", "target", "release", "urilint")
CORPUS = os.path.join(HERE, "..", "..", "shared", "corpus")
VCS = {".git", ".hg", ".svn"}
# `--no-ignore`: a cluster's input is what it is given; `.gitignore` files
# are copied as files, not obeyed.
EXTRACT = ["extract", "--isolated", "--no-ignore", "--format", "jsonl"]


def generate(folder, files=40, seed=7):
    rng = random.Random(seed)
    uris = [
        "http://www.example.com/a_(b)", "<https://www.rfc-editor.org/rfc/\n  rfc3986.html#appendix-C>",
        "<URL:ftp://ftp.example.org/pub/very-\n  long-name.txt>", "\"http://www.w3.org/Addressing/\"",
        "ftp://u:hunter2@ftp.example.org/x", "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:a@example.org.",
    ]
    words = "the of and a to in is resource identifier syntax Note: 12:30 (see below)".split()
    for i in range(files):
        sub = os.path.join(folder, f"part{i % 3}", "_sources" if i % 2 else "")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"doc{i}.txt"), "w", encoding="latin-1") as f:
            for _ in range(rng.randint(50, 400)):
                f.write(" ".join(rng.choice(uris) if rng.random() < 0.1 else rng.choice(words) for _ in range(12)))
                f.write(" caf\xe9\n")


def files_of(folder):
    """Relative paths of the files under `folder`, as urilint walks it."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in VCS)
        out.extend(os.path.relpath(os.path.join(root, f), folder) for f in files)
    return sorted(out)


def message_ranges(archive, parts):
    """Byte ranges of whole messages of an mbox, about `parts` of them a
    worker: (start, end, line of start)."""
    starts, line, offset, blank = [], 1, 0, True
    with open(archive, "rb") as f:
        for raw in f:
            if raw.startswith(b"From ") and blank:
                starts.append((offset, line))
            blank = raw in (b"\n", b"\r\n")
            offset += len(raw)
            line += 1
    if not starts or starts[0][0] != 0:
        starts.insert(0, (0, 1))
    size = offset
    step = max(1, size // max(1, parts * 4))
    ranges, begin = [], starts[0]
    for at in starts[1:]:
        if at[0] - begin[0] >= step:
            ranges.append((begin[0], at[0], begin[1]))
            begin = at
    ranges.append((begin[0], size, begin[1]))
    return ranges


def run_urilint(urilint, args, cwd):
    done = subprocess.run([urilint, *EXTRACT, *args], cwd=cwd, capture_output=True, check=False)
    if done.returncode not in (0,):
        raise RuntimeError(f"urilint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def check_files(urilint, folder):
    """A worker: its files copied into a scratch tree, read by one run."""

    def work(rels):
        scratch = tempfile.mkdtemp(prefix="urilint-spark-")
        try:
            for rel in rels:
                dest = os.path.join(scratch, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(os.path.join(folder, rel), "rb") as src, open(dest, "wb") as out:
                    shutil.copyfileobj(src, out)
            for record in run_urilint(urilint, ["."], scratch):
                record["path"] = os.path.join(folder, os.path.relpath(record["path"], "."))
                yield record
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    return work


def check_messages(urilint, archive):
    """A worker: each byte range of whole messages read as an archive."""

    def work(ranges):
        scratch = tempfile.mkdtemp(prefix="urilint-spark-")
        try:
            part = os.path.join(scratch, os.path.basename(archive))
            for start, end, line in ranges:
                with open(archive, "rb") as src, open(part, "wb") as out:
                    src.seek(start)
                    out.write(src.read(end - start))
                for record in run_urilint(urilint, [os.path.basename(archive)], scratch):
                    record["path"] = archive
                    record["line"] += line - 1
                    yield record
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    return work


def key(record):
    return (record["path"], record["line"], record["column"], record["start"], record["end"], record["uri"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="*", help="folders and mbox archives (default: the shared corpus samples)")
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--urilint", default=URILINT)
    args = ap.parse_args()
    urilint = os.path.abspath(args.urilint)
    if not os.access(urilint, os.X_OK):
        sys.exit(f"{urilint} not found: run `cargo build --release` first")

    with tempfile.TemporaryDirectory() as tmp:
        inputs = [os.path.normpath(os.path.abspath(i)) for i in args.inputs]
        if not inputs:
            samples = [os.path.join(CORPUS, "docs-sample"), os.path.join(CORPUS, "mail-sample.mbox")]
            inputs = [os.path.normpath(s) for s in samples if os.path.exists(s)]
        if not inputs:
            generate(tmp)
            inputs = [tmp]

        from pyspark import SparkConf, SparkContext

        conf = SparkConf().setMaster("local[2]").setAppName("urilint-spark")
        conf.set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false")
        sc = SparkContext(conf=conf)
        sc.setLogLevel("ERROR")
        spark, records = [], 0
        try:
            for path in inputs:
                if os.path.isdir(path):
                    rels = files_of(path)
                    rdd = sc.parallelize(rels, args.partitions).mapPartitions(check_files(urilint, path))
                    what = f"{len(rels)} files"
                else:
                    ranges = message_ranges(path, args.partitions)
                    rdd = sc.parallelize(ranges, args.partitions).mapPartitions(check_messages(urilint, path))
                    what = f"{len(ranges)} ranges of whole messages"
                found = rdd.collect()
                print(f"spark: {path}: {what} over {args.partitions} partitions, {len(found)} URIs")
                spark.extend(found)
        finally:
            sc.stop()

        single = []
        for path in inputs:
            single.extend(run_urilint(urilint, [path], None))

    spark.sort(key=key)
    single.sort(key=key)
    print(f"spark: {len(spark)} URIs; single run: {len(single)} URIs")
    if spark != single:
        a = {json.dumps(r, sort_keys=True) for r in spark}
        b = {json.dumps(r, sort_keys=True) for r in single}
        print("DIFFERENT: only in spark:", sorted(a - b)[:3], "only in the single run:", sorted(b - a)[:3])
        sys.exit(1)
    print("ok: the same records")


if __name__ == "__main__":
    main()
