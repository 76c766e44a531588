#!/usr/bin/env python3
"""Link integrity's cost (SPEC section 11, issue 12), in one run: the whole
`urilint check` on a generated tree of Markdown files with relative links
and heading fragments, with link integrity (the default set) and without it
(`--ignore broken-relative-link,broken-fragment`), alternated run by run.
Prints the median wall time and CPU time of each and their ratios; the
issue asks for at most 2x. Build first: `cargo build --release`.

    python3 benches/links.py [--files 20000] [--links 10] [--runs 5]

The default tree is 20,000 files with 200,000 links: into other folders,
to siblings, to `.html` pages made from `.md` sources, to headings (by
GitHub's slugs, some repeated), to the file's own headings, and one in a
hundred broken.
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time

WORDS = ("the of and a to in is you that it he was for on are as with his they at be this have from "
         "or one had by word but not what all were we when your can said there use an each which she "
         "do how their if will up other about out many then them these so some her would make").split()
HEADINGS = ["Getting started", "Rust's \"Traits\" & You", "Setup", "Setup", "Über uns", "API (v2)"]
SLUGS = ["getting-started", "rusts-traits--you", "setup", "setup-1", "über-uns", "api-v2"]


def make_tree(root, files, links, seed=1):
    """Writes the tree; returns (files, links) written."""
    rng = random.Random(seed)
    per_dir = 100
    dirs = max(1, files // per_dir)
    written = 0
    for i in range(files):
        d, f = i // per_dir, i % per_dir
        folder = os.path.join(root, f"d{d:03}")
        os.makedirs(folder, exist_ok=True)
        out = []
        for h, title in enumerate(HEADINGS):
            out.append(f"{'#' * (1 if h == 0 else 2)} {title}\n")
            out.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 60))) + "\n")
            for _ in range(links // len(HEADINGS) + (1 if h < links % len(HEADINGS) else 0)):
                kind = rng.randrange(5)
                td, tf = rng.randrange(dirs), rng.randrange(per_dir)
                frag = rng.choice(SLUGS)
                if rng.randrange(100) == 0:
                    target = f"f{tf:02}-gone.md"  # broken
                elif kind == 0:
                    target = f"../d{td:03}/f{tf:02}.md#{frag}"
                elif kind == 1:
                    target = f"f{tf:02}.md"
                elif kind == 2:
                    target = f"../d{td:03}/f{tf:02}.html#{frag}"
                elif kind == 3:
                    target = f"#{frag}"
                else:
                    target = f"../d{td:03}/"
                out.append(f"See [{rng.choice(WORDS)}]({target}) and more.\n")
                written += 1
        with open(os.path.join(folder, f"f{f:02}.md"), "w") as fh:
            fh.write("".join(out))
        if f == 0:
            with open(os.path.join(folder, "README.md"), "w") as fh:
                fh.write("# Index\n")
    return files, written


def run(cmd):
    """Wall time and the child's CPU time (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {p.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=20000)
    ap.add_argument("--links", type=int, default=10, help="links a file")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default="target/release/urilint")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as root:
        files, links = make_tree(root, a.files, a.links)
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(root) for f in fs)
        print(f"tree: {files} files, {links} links, {size / 1e6:.1f} MB")
        base = [a.bin, "check", "--isolated", "--format", "jsonl", "-q"]
        cmds = {
            "with links": base + [root],
            "without": base + ["--ignore", "broken-relative-link,broken-fragment", root],
        }
        out = subprocess.run(cmds["with links"], capture_output=True, text=True).stdout
        print(f"findings with links: {out.count(chr(10))}")
        times = {k: [] for k in cmds}
        run(cmds["without"])  # warm the page cache
        for _ in range(a.runs):
            for k, c in cmds.items():
                times[k].append(run(c))
        med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
               for k, v in times.items()}
        for k, (w, c) in med.items():
            print(f"{k:12} wall {w:7.3f} s   cpu {c:7.3f} s")
        (w1, c1), (w0, c0) = med["with links"], med["without"]
        print(f"ratio with/without: wall {w1 / w0:.2f}x, cpu {c1 / c0:.2f}x (issue 12: at most 2x)")


if __name__ == "__main__":
    main()
