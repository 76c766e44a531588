#!/usr/bin/env python3
"""Print throughput and ratios from the last `cargo bench` run.

Reads criterion's estimates under target/criterion and, for every group that
has a `linkify` (or other baseline) entry, prints each entry's throughput and
its ratio to the baseline measured in the same run.

    cargo bench --bench scan && python3 benches/ratios.py
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
baselines = ("linkify", "extract", "1-thread", "grep")

for group in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "report"):
    rows = {}
    for bench in sorted(p for p in group.iterdir() if (p / "new" / "estimates.json").exists()):
        est = json.loads((bench / "new" / "estimates.json").read_text())
        meta = json.loads((bench / "new" / "benchmark.json").read_text())
        ns = est["median"]["point_estimate"]
        nbytes = (meta.get("throughput") or {}).get("Bytes")
        rows[bench.name] = (ns, nbytes)
    if not rows:
        continue
    base = next((b for b in baselines if b in rows), None)
    print(group.name)
    for name, (ns, nbytes) in rows.items():
        thr = f"{nbytes / ns:8.2f} GB/s" if nbytes else " " * 13
        ratio = f"  {rows[base][0] / ns:5.2f}x {base}" if base and name != base else ""
        print(f"  {name:24} {thr}{ratio}")
