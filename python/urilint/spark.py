"""urilint as a Spark job: `extract` and `check` over folders and mbox
archives, spread over a cluster's workers, written to an output folder.

    python -m urilint.spark extract --output out/ docs/ list.mbox      # local
    spark-submit --master yarn "$(python -c 'import urilint.spark as j; print(j.__file__)')" \\
        check --output hdfs:///reports/urilint docs/

The master and the resources are spark-submit's (or pyspark's default, all
local cores); the job sets none of them. Each worker runs the urilint
binary the driver ships to it (`--urilint`, by default the one installed
with this package), over one slice of the inputs:

- A folder's files, listed on the driver as urilint walks it, are cut into
  slices of whole files. A worker puts its files (hard links, or copies
  byte for byte) into a scratch tree under their own relative names and
  runs urilint once over that tree, so each file is read as its name and content say (HTML as
  HTML, an mbox as mail), binary files are skipped as in a walk, and no URI
  is cut between two workers.
- An mbox archive is cut into byte ranges of whole messages, where urilint
  cuts it (a `From ` line that opens the file or follows an empty line, RFC
  4155), so one large archive spreads over the workers; line numbers are
  mapped back to the archive's.

Each worker puts its slice where urilint, run over it, prints the path a
single run prints (the input's own spelling, its secrets redacted by
urilint), so records are urilint's own jsonl lines: only a scratch prefix
(for an absolute input) and, for a slice of an archive, the line number are
rewritten, never parsed and printed again. Inputs are ordered as a single
run orders them, and may not overlap; the options passed on to urilint
after `--` are those whose meaning a slice keeps (`PASSED`). `--verify`
compares the output with a single run's on small inputs.

`extract --count` counts each slice (its rows, then the key each row was
folded by, `--fields key`), and Spark's reduce sums the rows by key: the
first occurrence from the earliest slice, the last from the latest.

Link integrity (`broken-relative-link`, `broken-fragment`) needs the whole
tree in one place: `check` leaves both rules out, says so, and refuses
them when asked for. Run them with `urilint check` on one machine.

The workers read the inputs by path: on a cluster they must be on a file
system every worker mounts.
"""
import argparse
import json
import mmap
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

VCS = {".git", ".hg", ".svn"}
LINK_RULES = ("broken-relative-link", "broken-fragment")
# `path` is the first field of every record, then `path_bytes` when the
# name is not UTF-8, then `line`.
HEAD = re.compile(r'^\{"path":"((?:[^"\\]|\\.)*)"(?:,"path_bytes":\[([0-9,]*)\])?,"line":(\d+),')
# What the job runs urilint with beside its own arguments: options whose
# meaning does not change when each worker reads a slice of the inputs
# (an option with a value, or a flag).
PASSED = {"--select": True, "--ignore": True, "--extend-select": True, "--scheme": True,
          "--base": True, "--relative": False, "--normalize": False, "--show-secrets": False,
          "--include-code": False}


def files_of(folder):
    """Relative paths of the files under `folder`, in urilint's walk order
    (names compared as bytes, a folder's files before the names after it).
    `.gitignore` files are copied as files: the job passes `--no-ignore`."""
    out = []

    def walk(rel):
        full = os.path.join(folder, rel) if rel else folder
        with os.scandir(full) as entries:
            names = sorted(entries, key=lambda e: os.fsencode(e.name))
        for e in names:
            sub = os.path.join(rel, e.name) if rel else e.name
            if e.is_dir(follow_symlinks=False):
                if e.name not in VCS:
                    walk(sub)
            elif e.is_file(follow_symlinks=False):
                out.append(sub)

    walk("")
    return out


def message_ranges(archive, slices):
    """Byte ranges of whole messages of an mbox, about `slices` of them:
    (start, end, line of start). The archive is searched where it lies
    (mmap), never held, so the driver's memory stays flat whatever its
    size."""
    size = os.path.getsize(archive)
    if size == 0:
        return [(0, 0, 1)]
    step = max(1, size // max(1, slices))
    ranges, begin, line = [], 0, 1
    with open(archive, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        while begin + step < size:
            start = next_message(m, begin + step)
            if start is None:
                break
            ranges.append((begin, start, line))
            line += count_lines(m, begin, start)
            begin = start
    ranges.append((begin, size, line))
    return ranges


def next_message(m, at):
    """The first message at or after `at`: a `From ` line that follows an
    empty line (RFC 4155), lines ending in `\\n`; None when there is none."""
    idx = m.find(b"\nFrom ", at - 1)
    while idx >= 0:
        # The line that ends at idx is empty: `\n`, or `\r\n`.
        if idx == 0 or m[idx - 1] == 0x0A or (m[idx - 1] == 0x0D and (idx == 1 or m[idx - 2] == 0x0A)):
            return idx + 1
        idx = m.find(b"\nFrom ", idx + 1)
    return None


def count_lines(m, start, end):
    """Line breaks in m[start:end], read 16 MiB at a time."""
    n = 0
    while start < end:
        stop = min(end, start + (1 << 24))
        n += m[start:stop].count(b"\n")
        start = stop
    return n


def is_mbox(path):
    """An archive as urilint sniffs one: a `From ` line first."""
    with open(path, "rb") as f:
        return f.read(5) == b"From "


def rewrite(line, prefix, lines_before=0):
    """`line` with `prefix` (the scratch folder an absolute input was put
    under) taken off its path, and its line number moved on by
    `lines_before`. The rest is urilint's own bytes."""
    m = HEAD.match(line)
    if not m:
        raise RuntimeError(f"not a urilint record: {line[:200]!r}")
    path, raw, number = m.group(1), m.group(2), int(m.group(3))
    if prefix:
        # The prefix is ASCII, and urilint wrote it as it is.
        assert path.startswith(prefix), path
        path = path[len(prefix):]
        if raw is not None:
            raw = raw.split(",")[len(prefix):]
            raw = ",".join(raw)
    head = f'{{"path":"{path}"'
    if raw is not None:
        head += f',"path_bytes":[{raw}]'
    return head + f',"line":{number + lines_before},' + line[m.end():]


class Mirror:
    """Where a worker puts an input so that urilint, run over it, prints the
    path a single run prints: a relative input at the same spelling under
    a working folder deep enough for its `..`, an absolute one under the
    scratch folder (a prefix taken off again by `rewrite`)."""

    def __init__(self, scratch, given, is_folder):
        if os.path.isabs(given):
            self.cwd = scratch
            self.arg = scratch + given
            self.prefix = scratch
        else:
            ups = sum(1 for part in given.split("/") if part == "..")
            self.cwd = os.path.join(scratch, *(["_"] * ups))
            self.arg = given
            self.prefix = ""
        os.makedirs(self.cwd, exist_ok=True)
        self.target = os.path.normpath(os.path.join(self.cwd, self.arg))
        # The folders the spelling passes through before a `..` must exist
        # for the system to resolve it, as it does for the input.
        whole = os.path.join(self.cwd, self.arg)
        os.makedirs(whole if is_folder else os.path.dirname(whole) or self.cwd, exist_ok=True)


class Job:
    """What every worker needs: the command line, the shipped files, and
    counters of what went wrong."""

    def __init__(self, sc, command, urilint_name, config_name, extra, count=False):
        self.command = command
        self.count = count
        self.urilint_name = urilint_name
        self.config_name = config_name
        self.extra = extra
        # Slices where urilint found something (check exits 1), and files
        # that could not be read.
        self.found = sc.accumulator(0)
        self.unreadable = sc.accumulator(0)

    def argv(self, urilint, config):
        argv = [urilint, self.command, "--format", "jsonl", "--no-ignore"]
        argv += ["--config", config] if config else ["--isolated"]
        if self.command == "check":
            argv += ["--ignore", ",".join(LINK_RULES)]
        if self.count:
            argv.append("--count")
        return argv + self.extra

    def run(self, mirror, more=()):
        from pyspark import SparkFiles

        urilint = executable(SparkFiles.get(self.urilint_name))
        config = SparkFiles.get(self.config_name) if self.config_name else None
        argv = self.argv(urilint, config) + list(more) + [mirror.arg]
        done = subprocess.run(argv, cwd=mirror.cwd, capture_output=True, check=False)
        # urilint's warnings, redacted as it writes them, to the worker's log.
        sys.stderr.write(done.stderr.decode("utf-8", errors="replace"))
        # check exits 1 when it found something; 2 is an error.
        if done.returncode == 1 and self.command == "check":
            self.found += 1
        elif done.returncode != 0:
            raise RuntimeError(f"urilint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
        # Lines end in \n only: a name may hold U+2028 or U+0085.
        return [line for line in done.stdout.decode("utf-8").split("\n") if line]

    def slice(self, mirror, lines_before):
        """The records of one run over a slice: jsonl lines, or with
        `--count` its rows as (key, head, tally) for the reduce, `head`
        the line up to its tally, `tally` count, files, first and last."""
        lines = [rewrite(line, mirror.prefix, lines_before) for line in self.run(mirror)]
        if not self.count:
            return lines
        # The key each row was folded by, row for row (a second run).
        keys = [json.loads(k)["key"] for k in self.run(mirror, ["--fields", "key"])]
        if len(keys) != len(lines):
            raise RuntimeError(f"{len(keys)} keys for {len(lines)} rows")
        rows = []
        for key, line in zip(keys, lines):
            # A quote inside a string is escaped, so `,"count":` is the
            # tally's own (the last fields of a row).
            cut = line.rindex(',"count":')
            tally = json.loads("{" + line[cut + 1 :])
            for place in (tally["first"], tally["last"]):
                if mirror.prefix:
                    place["path"] = place["path"][len(mirror.prefix) :]
                place["line"] += lines_before
            rows.append((key, line[:cut], tally))
        return rows

    def files(self, given, where, is_folder):
        """A worker over a slice of the files of the folder `given` (at
        `where` on the driver), or over the lone file `given` (at
        `where`)."""

        def work(rels):
            scratch = tempfile.mkdtemp(prefix="urilint-spark-")
            try:
                mirror = Mirror(scratch, given, is_folder)
                placed = 0
                for rel in rels:
                    src = os.path.join(where, rel) if is_folder else where
                    dest = os.path.join(mirror.target, rel) if is_folder else mirror.target
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    try:
                        place(src, dest, follow=not is_folder)
                        placed += 1
                    except OSError:
                        self.unreadable += 1
                if placed:
                    yield from self.slice(mirror, 0)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

        return work

    def messages(self, given, where):
        """A worker over byte ranges of whole messages of the archive
        `given` (at `where` on the driver)."""

        def work(ranges):
            scratch = tempfile.mkdtemp(prefix="urilint-spark-")
            try:
                mirror = Mirror(scratch, given, False)
                for start, end, line in ranges:
                    with open(where, "rb") as src, open(mirror.target, "wb") as out:
                        src.seek(start)
                        out.write(src.read(end - start))
                    yield from self.slice(mirror, line - 1)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

        return work


def place(src, dest, follow):
    """`src` at `dest`: a hard link where both are on one file system
    (nothing copied), else a copy, byte for byte. A file named on the
    command line is read through a symbolic link (`follow`), as urilint
    reads it."""
    try:
        os.link(src, dest, follow_symlinks=follow)
    except OSError:
        shutil.copyfile(src, dest, follow_symlinks=follow)


_EXECUTABLES = {}


def executable(path):
    """`path`, or (once a worker process) a copy of it with the execute
    bit, where a fetched file lost it."""
    if os.access(path, os.X_OK):
        return path
    if path not in _EXECUTABLES:
        copy = os.path.join(os.path.dirname(path), "urilint-x-" + os.path.basename(path))
        shutil.copyfile(path, copy)
        os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR)
        _EXECUTABLES[path] = copy
    return _EXECUTABLES[path]


def installed_urilint():
    """The binary the wheel installed beside this package, or the one on
    PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "urilint")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("urilint")


def parse(argv):
    ap = argparse.ArgumentParser(
        prog="urilint.spark",
        description="Run urilint extract or check with Spark; records go to --output.",
        epilog="Arguments after `--` go to urilint (`-- --select security`).",
    )
    ap.add_argument("command", choices=["extract", "check"])
    ap.add_argument("inputs", nargs="+", help="folders and mbox archives, on a file system every worker mounts")
    ap.add_argument("--output", required=True, help="folder Spark writes (it must not exist)")
    ap.add_argument("--output-format", choices=["jsonl", "parquet"], default="jsonl")
    ap.add_argument("--config", help="urilint.toml, shipped to the workers (default: --isolated)")
    ap.add_argument("--urilint", help="the binary to ship (default: the installed one)")
    ap.add_argument("--slices", type=int, help="slices of each input (default: 4 a core)")
    ap.add_argument("--verify", action="store_true", help="compare the output with a single run (small inputs)")
    ap.add_argument(
        "--count",
        action="store_true",
        help="extract: each URI once with its count, files, first and last, summed over the workers",
    )
    own, extra = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    args = ap.parse_args(own)
    args.extra = extra
    selected, i = [], 0
    while i < len(extra):
        name, eq, value = extra[i].partition("=")
        if name not in PASSED:
            ap.error(
                f"{name}: not passed to urilint, whose runs each read a slice of the inputs "
                f"(passed: {', '.join(sorted(PASSED))})"
            )
        if PASSED[name] and not eq:
            i += 1
            if i == len(extra):
                ap.error(f"{name} needs a value")
            value = extra[i]
        if name in ("--select", "--extend-select"):
            selected += value.split(",")
        i += 1
    if args.count and args.command != "extract":
        ap.error("--count is for extract")
    asked = [rule for rule in LINK_RULES if rule in selected]
    if args.command == "check" and asked:
        ap.error(
            f"{asked[0]}: link integrity needs the whole tree in one place; "
            "run `urilint check --select broken-relative-link,broken-fragment` on one machine"
        )
    missing = [i for i in args.inputs if not os.path.exists(i)]
    if missing:
        ap.error(f"{len(missing)} input(s) not found")
    overlap = overlapping(args.inputs)
    if overlap:
        ap.error("two inputs overlap (the same folder, or one inside the other): name each file once")
    args.urilint = args.urilint or installed_urilint()
    if not args.urilint:
        ap.error("no urilint binary: pip install urilint, or pass --urilint PATH")
    if not os.access(args.urilint, os.X_OK):
        ap.error(f"--urilint {args.urilint}: not an executable file")
    return args


def path_key(path):
    """`path` ordered as urilint orders its inputs (Rust's `Path`, by
    components: the root, a leading `.`, `..`, then names as bytes)."""
    parts = path.split("/")
    key = [(1, b"")] if path.startswith("/") else []
    for n, part in enumerate(parts):
        if part == "." and n == 0:
            key.append((2, b""))
        elif part == "..":
            key.append((3, b""))
        elif part not in ("", "."):
            key.append((4, os.fsencode(part)))
    return key


def overlapping(inputs):
    """Two inputs that are the same or one inside the other, or None: each
    would give its files twice (urilint reads them once)."""
    real = sorted((os.path.realpath(i), i) for i in inputs)
    for (a, given_a), (b, given_b) in zip(real, real[1:]):
        if b == a or b.startswith(a.rstrip("/") + "/"):
            return given_a, given_b
    return None


def records(sc, job, inputs, slices):
    """One RDD of jsonl lines over every input, in a single run's order:
    the inputs by path (they do not overlap, so their files do not
    interleave), each input's files by path, each file by position."""
    rdds = []
    for given in sorted(inputs, key=path_key):
        # The workers read by absolute path: their working folder is not
        # the driver's.
        where = os.path.abspath(given)
        if os.path.isdir(given):
            rels = files_of(where)
            if rels:
                work = job.files(given, where, True)
                rdds.append(sc.parallelize(rels, min(slices, len(rels))).mapPartitions(work))
        elif is_mbox(given):
            ranges = message_ranges(given, slices)
            rdds.append(sc.parallelize(ranges, len(ranges)).mapPartitions(job.messages(given, where)))
        else:
            rdds.append(sc.parallelize([""], 1).mapPartitions(job.files(given, where, False)))
    return sc.union(rdds) if rdds else sc.emptyRDD()


def counted(rows):
    """`--count` over the workers: each slice's rows reduced by key with
    Spark's own reduce, the first occurrence from the earliest slice, the
    last from the latest, counts and files summed (a file or message is in
    one slice only), in the order of first occurrence, as one run gives."""

    def tag(index, rows):
        for n, (key, head, tally) in enumerate(rows):
            yield key, ((index, n), head, tally, (index, n))

    def merge(a, b):
        early, late = (a, b) if a[0] <= b[0] else (b, a)
        tally = dict(early[2])
        tally["count"] = a[2]["count"] + b[2]["count"]
        tally["files"] = a[2]["files"] + b[2]["files"]
        last = a if a[3] >= b[3] else b
        tally["last"] = last[2]["last"]
        return early[0], early[1], tally, last[3]

    def line(value):
        order, head, tally, _ = value
        text = json.dumps(tally, ensure_ascii=False, separators=(",", ":"))
        return order, head + "," + text[1:]

    return rows.mapPartitionsWithIndex(tag).reduceByKey(merge).values().map(line).sortByKey().values()


def single_run(job, args):
    """The records of one urilint run over the inputs, on this machine."""
    argv = job.argv(args.urilint, args.config) + args.inputs
    done = subprocess.run(argv, capture_output=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"the single run failed: {done.stderr.decode(errors='replace')}")
    return [line for line in done.stdout.decode("utf-8").split("\n") if line]


def part_files(sc, folder):
    """The part files Spark wrote to `folder`, in order (a listing of a
    folder comes in no order)."""
    jvm = sc._jvm
    path = jvm.org.apache.hadoop.fs.Path(folder)
    fs = path.getFileSystem(sc._jsc.hadoopConfiguration())
    names = [s.getPath().toString() for s in fs.listStatus(path)]
    return sorted(n for n in names if os.path.basename(n).startswith("part-"))


def verify(spark, job, args):
    """The written records against a single run's: jsonl lines byte for
    byte and in order, Parquet rows field by field."""
    want = single_run(job, args)
    parts = ",".join(part_files(spark.sparkContext, args.output))
    if args.output_format == "jsonl":
        got = spark.sparkContext.textFile(parts).collect() if parts else []
    else:
        rows = spark.read.parquet(*parts.split(",")).collect() if parts else []
        got = [{k: v for k, v in r.asDict(recursive=True).items() if v is not None} for r in rows]
        want = [{k: v for k, v in json.loads(line).items() if v is not None} for line in want]
        # Spark reads Parquet files in an order of its own (largest first).
        got.sort(key=lambda r: json.dumps(r, sort_keys=True))
        want.sort(key=lambda r: json.dumps(r, sort_keys=True))
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            sys.exit(f"DIFFERENT at record {i + 1}:\n  job:    {a}\n  single: {b}")
    if len(got) != len(want):
        sys.exit(f"DIFFERENT: {len(got)} records from the job, {len(want)} from a single run")
    return len(want)


def main(argv=None):
    """Runs the job; the status a single run would exit with: 2 when a file
    could not be read, 1 when `check` found something, else 0."""
    args = parse(sys.argv[1:] if argv is None else argv)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName(f"urilint {args.command}").getOrCreate()
    sc = spark.sparkContext
    try:
        sc.addFile(os.path.abspath(args.urilint))
        if args.config:
            sc.addFile(os.path.abspath(args.config))
        job = Job(
            sc,
            args.command,
            os.path.basename(args.urilint),
            os.path.basename(args.config) if args.config else None,
            args.extra,
            args.count,
        )
        if args.command == "check":
            print(f"urilint.spark: {' and '.join(LINK_RULES)} left out: they need the whole tree", file=sys.stderr)
        slices = args.slices or 4 * sc.defaultParallelism
        lines = records(sc, job, args.inputs, slices)
        if args.count:
            lines = counted(lines)
        if args.output_format == "jsonl":
            lines.saveAsTextFile(args.output)
        else:
            lines = lines.persist()
            if lines.isEmpty():
                # Parquet cannot hold no columns: the fields every record has.
                spark.createDataFrame([], "path string, line long, column long, start long, end long, uri string") \
                    .write.parquet(args.output)
            else:
                spark.read.json(lines).write.parquet(args.output)
        print(f"urilint.spark: {args.command} of {len(args.inputs)} input(s) written to {args.output}", file=sys.stderr)
        status = 0
        if job.unreadable.value:
            print(f"urilint.spark: {job.unreadable.value} file(s) could not be read", file=sys.stderr)
            status = 2
        elif job.found.value:
            status = 1
        if args.verify:
            n = verify(spark, job, args)
            print(f"ok: the same {n} records as a single run")
        return status
    finally:
        spark.stop()


if __name__ == "__main__":
    sys.exit(main())
