#!/usr/bin/env python3
"""Runs urilint over a folder of text with Spark's RDD.pipe(), in local mode,
and checks that the link list is the one a single-machine run gives.

Spark hands each partition to `urilint extract --format jsonl -` on standard
input and collects its standard output: urilint is a filter, so the same
works on a cluster, or with Hadoop Streaming as the mapper. Records are whole
files (wholeTextFiles), so a URI broken over lines inside angle brackets is
never cut between two workers; with line records (textFile) such URIs would
be, and an mbox split at arbitrary lines would lose its message structure.

    pip install pyspark            # needs Java 17 or later
    cargo build --release
    python3 scripts/spark_pipe.py [--input FOLDER] [--partitions 4]

Without --input, a folder of generated text (prose, angle-bracketed URIs
broken over lines, passwords, IPv6 literals) is used. Exits 1 if the lists
differ.
"""
import argparse
import collections
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
URILINT = os.path.join(HERE, "..", "target", "release", "urilint")


def generate(folder, files=40, seed=7):
    rng = random.Random(seed)
    uris = [
        "http://www.example.com/a_(b)", "<https://www.rfc-editor.org/rfc/\n  rfc3986.html#appendix-C>",
        "<URL:ftp://ftp.example.org/pub/very-\n  long-name.txt>", "\"http://www.w3.org/Addressing/\"",
        "ftp://u:hunter2@ftp.example.org/x", "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:a@example.org.",
    ]
    words = "the of and a to in is resource identifier syntax Note: 12:30 (see below)".split()
    for i in range(files):
        with open(os.path.join(folder, f"doc{i}.txt"), "w") as f:
            for _ in range(rng.randint(50, 400)):
                f.write(" ".join(rng.choice(uris) if rng.random() < 0.1 else rng.choice(words) for _ in range(12)))
                f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--input", help="a folder of text files (default: generated)")
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--urilint", default=URILINT)
    args = ap.parse_args()
    urilint = os.path.abspath(args.urilint)
    if not os.access(urilint, os.X_OK):
        sys.exit(f"{urilint} not found: run `cargo build --release` first")

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.input or tmp
        if not args.input:
            generate(folder)
        command = f"{shlex.quote(urilint)} extract --isolated --format jsonl -"

        from pyspark import SparkConf, SparkContext

        sc = SparkContext(conf=SparkConf().setMaster("local[2]").setAppName("urilint-pipe"))
        sc.setLogLevel("ERROR")
        try:
            files = sc.wholeTextFiles(folder, minPartitions=args.partitions).values()
            spark = files.pipe(command).map(lambda line: json.loads(line)["uri"]).collect()
        finally:
            sc.stop()

        single = subprocess.run([urilint, "extract", "--isolated", "--format", "jsonl", folder],
                                capture_output=True, check=True, text=True)
        alone = [json.loads(line)["uri"] for line in single.stdout.splitlines()]

    a, b = collections.Counter(spark), collections.Counter(alone)
    print(f"spark pipe(): {len(spark)} URIs ({len(a)} distinct); single run: {len(alone)} URIs ({len(b)} distinct)")
    if a != b:
        print("DIFFERENT:", (a - b).most_common(5), (b - a).most_common(5))
        sys.exit(1)
    print("ok: the same link list")


if __name__ == "__main__":
    main()
