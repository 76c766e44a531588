#!/usr/bin/env python3
"""Times the whole urilint CLI on a generated tree, in one run:

- `urilint check` and `urilint extract` with one thread and with all threads,
- `grep -rEo '[a-zA-Z][a-zA-Z0-9+.-]*://[^ <>"]+'` on the same tree,

and prints medians and the ratios between them (speed-up from threads, and
urilint against grep). Build first: `cargo build --release`.

    python3 benches/tree.py [--files 5000] [--runs 5]
"""
import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time

WORDS = ("the of and a to in is you that it he was for on are as with his they at be this have from "
         "or one had by word but not what all were we when your can said there use an each which she "
         "do how their if will up other about out many then them these so some her would make like "
         "resource identifier syntax component delimiter (see below) e.g., Note: 12:30 don't").split()
URIS = [
    "http://www.example.com/", "https://en.wikipedia.org/wiki/Uniform_Resource_Identifier",
    "(https://en.wikipedia.org/wiki/Rust_(programming_language))", "<https://www.rfc-editor.org/rfc/rfc3986>",
    "\"http://www.w3.org/Addressing/\"", "ftp://ftp.example.org/pub/file.tar.gz,", "mailto:someone@example.org.",
    "<URL:http://ds.internic.net/instructions/overview.html#WARNING>", "http://localhost:8080/admin",
    "https://github.com/robinst/linkify/issues?q=is%3aopen",
]


def make_tree(root, files, seed=1):
    rng = random.Random(seed)
    total = 0
    for i in range(files):
        d = os.path.join(root, f"d{i % 50}", f"e{i % 7}")
        os.makedirs(d, exist_ok=True)
        words, line = [], 0
        for _ in range(rng.randint(300, 1500)):
            w = rng.choice(URIS) if rng.random() < 0.02 else rng.choice(WORDS)
            words.append(w)
            line += len(w) + 1
            if line > 72:
                words.append("\n")
                line = 0
        text = " ".join(words)
        with open(os.path.join(d, f"f{i}.md"), "w") as f:
            f.write(text)
        total += len(text)
    return total


def median_time(cmd, cwd, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    bin_ = os.path.join(here, "..", "target", "release", "urilint")
    with tempfile.TemporaryDirectory() as root:
        size = make_tree(root, args.files)
        cores = os.cpu_count()
        cmds = {
            "check -j1": [bin_, "check", "--isolated", "-j1", "--format", "jsonl", "."],
            f"check -j{cores}": [bin_, "check", "--isolated", f"-j{cores}", "--format", "jsonl", "."],
            "extract -j1": [bin_, "extract", "--isolated", "-j1", "."],
            f"extract -j{cores}": [bin_, "extract", "--isolated", f"-j{cores}", "."],
            "grep -rEo": ["grep", "-rEo", "[a-zA-Z][a-zA-Z0-9+.-]*://[^ <>\"]+", "."],
        }
        for cmd in cmds.values():  # warm the page cache
            subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = {name: median_time(cmd, root, args.runs) for name, cmd in cmds.items()}
        print(f"{args.files} files, {size / 1e6:.1f} MB, {cores} cores, median of {args.runs} runs")
        for name, secs in t.items():
            print(f"  {name:14} {size / secs / 1e6:8.1f} MB/s")
        print(f"  speed-up with {cores} threads: check {t['check -j1'] / t[f'check -j{cores}']:.2f}x, "
              f"extract {t['extract -j1'] / t[f'extract -j{cores}']:.2f}x")
        print(f"  against grep -rEo: check -j{cores} {t['grep -rEo'] / t[f'check -j{cores}']:.2f}x, "
              f"extract -j{cores} {t['grep -rEo'] / t[f'extract -j{cores}']:.2f}x, "
              f"extract -j1 {t['grep -rEo'] / t['extract -j1']:.2f}x (above 1: urilint is faster)")


if __name__ == "__main__":
    main()
