#!/usr/bin/env python3
"""The speed aims of issues 14 and 36 on real corpora, every peer in the same run.

On documentation trees (default: ../shared/corpus/real-docs and docs-sample)
and an mbox archive (default: ../shared/corpus/mail-sample.mbox), each
command is run --runs times (median wall time and processor time from
wait4; peak memory from one more run under /usr/bin/time), one thread
unless said, the page cache warmed first:

- urilint `extract --input text` (the scanner alone) and `extract` (each
  file read as its format) beside the linkify crate and `rg -o` with a URL
  regex (when rg is installed) over the same files, and beside a memchr
  count of the colons (the floor: the same bytes read, nothing done);
- the floors the aims stand on: what reading the files costs (the memchr
  count: linkify's speed against it is the most any scanner could reach
  against linkify), and what the markup parsers urilint is built on cost
  alone (`peers parsers`: pulldown-cmark on Markdown, html5gum on HTML, run
  as urilint runs them, every other file only read), beside linkify and
  beside format-aware `extract`;
- `check` beside `extract`, and `check -j2` beside `-j1`;
- `check` with its link rules off (no link integrity: the rules of a URI
  alone) beside `extract`;
- the mbox read as text beside linkify and beside a memchr count of its
  colons, and read as mail (split, decode, scan), its throughput under
  `-j1` and at the default thread count; `extract --unique --count`
  beside `extract`;
- HTML: html5gum's default emitter and its callback emitter beside the
  emitter urilint reads HTML with, on the HTML files of the trees (every
  other file only read);
- `lychee --dump` (its extractor, relative links too) beside
  `urilint extract --relative`, when lychee is installed.

The first table printed is issue 36's, row for row.

Build first:

    cargo build --release && cargo build --release --example peers --features peers
    python3 benches/corpus.py [TREE ...] [--mbox FILE] [--runs 5]
"""
import argparse
import os
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
URILINT = os.path.join(TARGET, "release", "urilint")
PEERS = os.path.join(TARGET, "release", "examples", "peers")
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus"))
URL_REGEX = r"""[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>"]+"""


def run(cmd, runs):
    """Median wall seconds, median processor seconds, peak RSS in MiB."""
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            raise SystemExit(f"{cmd} exited {code}")
    return statistics.median(walls), statistics.median(cpus), peak_mib(cmd)


def peak_mib(cmd):
    """Peak RSS of one run, through /usr/bin/time: a child forked from
    this Python process would count its pages (Linux keeps the high-water
    mark across exec). 0 when time(1) is missing."""
    if not os.access("/usr/bin/time", os.X_OK):
        return 0
    p = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    last = p.stderr.strip().splitlines()[-1:] or ["0"]
    return int(last[0]) // 1024 if last[0].isdigit() else 0


def size_of(paths):
    total = 0
    for p in paths:
        if os.path.isfile(p):
            total += os.path.getsize(p)
        for root, _, files in os.walk(p):
            total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*")
    ap.add_argument("--mbox", default=os.path.join(CORPUS, "mail-sample.mbox"))
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    trees = args.trees or [p for p in (os.path.join(CORPUS, "real-docs"), os.path.join(CORPUS, "docs-sample"))
                           if os.path.isdir(p)]
    for tool in (URILINT, PEERS):
        if not os.access(tool, os.X_OK):
            raise SystemExit(f"{tool} missing: cargo build --release && cargo build --release --example peers --features peers")
    def u(sub, *rest):
        return [URILINT, sub, "--isolated", *rest]
    def which(tool):
        return subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True,
                              text=True).stdout.strip()
    rg, lychee = which("rg"), which("lychee")

    rows = []

    def measure(name, cmd):
        wall, cpu, peak = run(cmd, args.runs)
        rows.append((name, wall, cpu, peak))
        return wall

    mb = size_of(trees) / 1e6
    mbox_mb = size_of([args.mbox]) / 1e6
    print(f"trees: {', '.join(trees)} ({mb:.0f} MB); mbox: {args.mbox} ({mbox_mb:.0f} MB)")
    run([PEERS, "colons", *trees, args.mbox], 1)  # warm the page cache
    text = measure("urilint extract --input text -j1", u("extract", "--input", "text", "-j1", *trees))
    aware = measure("urilint extract -j1", u("extract", "-j1", *trees))
    relative = measure("urilint extract --relative -j1", u("extract", "--relative", "-j1", *trees))
    linkify = measure("linkify", [PEERS, "linkify", *trees])
    colons = measure("memchr count of ':'", [PEERS, "colons", *trees])
    parsers = measure("markup parsers alone", [PEERS, "parsers", *trees])
    grep = measure("rg -o URL regex -j1", [rg, "-o", "-j1", "--no-ignore", "-a", URL_REGEX, *trees]) if rg else None
    # lychee reads only the extensions it is given (by default Markdown,
    # HTML, CSS, text and XML): it is given every extension in the trees,
    # and one thread, as urilint is.
    extensions = sorted({os.path.splitext(f)[1][1:] for t in trees for _, _, fs in os.walk(t)
                         for f in fs if os.path.splitext(f)[1][1:].isalnum()})
    dump = measure("lychee --dump -T 1", [lychee, "--dump", "--offline", "-T", "1", "--extensions",
                                          ",".join(extensions), *trees]) if lychee else None
    check1 = measure("urilint check -j1", u("check", "--format", "jsonl", "-j1", *trees))
    check2 = measure("urilint check -j2", u("check", "--format", "jsonl", "-j2", *trees))
    no_links = ["--ignore", "broken-relative-link,broken-fragment"]
    check_plain = measure("urilint check -j1, link rules off",
                          u("check", "--format", "jsonl", "-j1", *no_links, *trees))
    h_default = measure("HTML: html5gum default emitter", [PEERS, "html5gum-default", *trees])
    h_callback = measure("HTML: html5gum callback emitter", [PEERS, "html5gum-callback", *trees])
    h_urilint = measure("HTML: urilint's emitter", [PEERS, "html5gum-urilint", *trees])
    mtext = measure("mbox: urilint extract --input text -j1",
                    u("extract", "--input", "text", "-j1", args.mbox))
    mlinkify = measure("mbox: linkify", [PEERS, "linkify", args.mbox])
    mcolons = measure("mbox: memchr count of ':'", [PEERS, "colons", args.mbox])
    mmail1 = measure("mbox: urilint extract -j1 (mail)", u("extract", "-j1", args.mbox))
    mmail = measure("mbox: urilint extract (mail)", u("extract", args.mbox))
    mcheck = measure("mbox: urilint check (mail)", u("check", "--format", "jsonl", args.mbox))
    mcount = measure("mbox: urilint extract --unique --count", u("extract", "--unique", "--count", args.mbox))

    print(f"\n{'command':40} {'wall s':>8} {'cpu s':>8} {'MiB':>6}")
    for name, wall, cpu, peak in rows:
        print(f"{name:40} {wall:8.3f} {cpu:8.3f} {peak:6d}")
    print("\nissue 36, one thread each                                    now      aim")
    print(f"docs as text: linkify's time / urilint's                  {linkify / text:6.2f}x  >= 2x")
    print(f"mbox as text: linkify's time / urilint's                  {mlinkify / mtext:6.2f}x  >= 1.5x")
    print(f"mbox as text: urilint / a memchr count of the colons      {mtext / mcolons:6.2f}x  <= 2.5x")
    if dump:
        print(f"docs by format: lychee --dump / urilint extract --relative {dump / relative:5.2f}x  >= 4x")
    else:
        print("docs by format: lychee --dump / urilint extract --relative    (lychee not installed)")
    print(f"mail mode (split, decode, scan)                      {mbox_mb / mmail1:6.0f} MB/s  >= 700 MB/s"
          f" ({mmail1 / mtext:.1f}x text mode's time)")
    print(f"check / extract, docs by format                           {check1 / aware:6.2f}x  <= 1.2x")
    print("\nother measures                                               now      aim")
    if grep:
        print(f"scanner against rg -o (speed)                             {grep / text:6.2f}x  >= 1x")
    print(f"format-aware extract against linkify (speed)              {linkify / aware:6.2f}x  >= 1x")
    print(f"scanner against a memchr count (time)                     {text / colons:6.2f}x  <= 1.3x")
    print(f"  floor: a memchr count against linkify (speed)           {linkify / colons:6.2f}x  (the most a"
          " scanner could reach against linkify)")
    print(f"  floor: markup parsers alone against linkify             {linkify / parsers:6.2f}x  (the most"
          " format-aware extract could reach)")
    print(f"format-aware extract against the parsers (time)           {aware / parsers:6.2f}x")
    print(f"HTML: html5gum's default emitter against urilint's (time) {h_default / h_urilint:6.2f}x")
    print(f"HTML: html5gum's callback emitter against urilint's (time) {h_callback / h_urilint:5.2f}x")
    print(f"mail mode throughput, default threads                {mbox_mb / mmail:6.0f} MB/s")
    print(f"check, link rules off, against extract (time)             {check_plain / aware:6.2f}x")
    print(f"check -j2 against -j1, trees (speed)                      {check1 / check2:6.2f}x  >= 1.7x")
    print(f"check against extract, mbox (time)                        {mcheck / mmail:6.2f}x")
    print(f"extract --unique --count against extract, mbox            {mcount / mmail:6.2f}x  <= 1.3x")


if __name__ == "__main__":
    main()
