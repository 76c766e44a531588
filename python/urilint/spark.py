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

Records are urilint's own jsonl lines with `path` (and for a slice of an
archive, `line`) rewritten, never parsed and printed again, so the output
is byte for byte a single run's (`--verify` checks it on small inputs).
Slices keep the order of a single run: path order, then position.

Link integrity (`broken-relative-link`, `broken-fragment`) needs the whole
tree in one place: `check` leaves both rules out, says so, and refuses
them when asked for. Run them with `urilint check` on one machine.

The workers read the inputs by path: on a cluster they must be on a file
system every worker mounts.
"""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

VCS = {".git", ".hg", ".svn"}
LINK_RULES = ("broken-relative-link", "broken-fragment")
# `path` is the first field of every record, and `line` the second.
HEAD = re.compile(r'^\{"path":"((?:[^"\\]|\\.)*)","line":(\d+),')


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
    (start, end, line of start)."""
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
    step = max(1, size // max(1, slices))
    ranges, begin = [], starts[0]
    for at in starts[1:]:
        if at[0] - begin[0] >= step:
            ranges.append((begin[0], at[0], begin[1]))
            begin = at
    ranges.append((begin[0], size, begin[1]))
    return ranges


def is_mbox(path):
    """An archive as urilint sniffs one: a `From ` line first."""
    with open(path, "rb") as f:
        return f.read(5) == b"From "


def rewrite(line, path, lines_before=0):
    """`line` with its `path` replaced (JSON-escaped as urilint writes it)
    and its line number moved on by `lines_before`."""
    m = HEAD.match(line)
    if not m:
        raise RuntimeError(f"not a urilint record: {line[:200]!r}")
    number = int(m.group(2)) + lines_before
    quoted = json.dumps(path, ensure_ascii=False)
    return f'{{"path":{quoted},"line":{number},' + line[m.end():]


class Job:
    """What every worker needs: the command line, the shipped files."""

    def __init__(self, command, urilint_name, config_name, extra):
        self.command = command
        self.urilint_name = urilint_name
        self.config_name = config_name
        self.extra = extra

    def argv(self, urilint, config):
        argv = [urilint, self.command, "--format", "jsonl", "--no-ignore"]
        argv += ["--config", config] if config else ["--isolated"]
        if self.command == "check":
            argv += ["--ignore", ",".join(LINK_RULES)]
        return argv + self.extra

    def run(self, argv_tail, cwd):
        from pyspark import SparkFiles

        urilint = executable(SparkFiles.get(self.urilint_name))
        config = SparkFiles.get(self.config_name) if self.config_name else None
        done = subprocess.run(self.argv(urilint, config) + argv_tail, cwd=cwd, capture_output=True, check=False)
        # check exits 1 when it found something; 2 is an error.
        if done.returncode not in ((0, 1) if self.command == "check" else (0,)):
            raise RuntimeError(f"urilint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
        return done.stdout.decode("utf-8").splitlines()

    def files(self, folder, shown):
        """A worker over a slice of a folder's files; `shown(rel)` is the
        path a single run prints for the file at `rel`."""

        def work(rels):
            scratch = tempfile.mkdtemp(prefix="urilint-spark-")
            try:
                for rel in rels:
                    dest = os.path.join(scratch, rel)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    place(os.path.join(folder, rel), dest)
                for line in self.run(["."], scratch):
                    m = HEAD.match(line)
                    rel = json.loads(f'"{m.group(1)}"')[2:] if m else ""
                    yield rewrite(line, shown(rel))
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

        return work

    def messages(self, archive, shown):
        """A worker over byte ranges of whole messages of an archive."""

        def work(ranges):
            scratch = tempfile.mkdtemp(prefix="urilint-spark-")
            try:
                name = os.path.basename(archive)
                for start, end, line in ranges:
                    with open(archive, "rb") as src, open(os.path.join(scratch, name), "wb") as out:
                        src.seek(start)
                        out.write(src.read(end - start))
                    for record in self.run([name], scratch):
                        yield rewrite(record, shown, line - 1)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

        return work


def place(src, dest):
    """`src` at `dest`: a hard link where both are on one file system
    (nothing copied), else a copy, byte for byte."""
    try:
        os.link(src, dest, follow_symlinks=False)
    except OSError:
        shutil.copyfile(src, dest, follow_symlinks=False)


def executable(path):
    """`path`, or a copy of it with the execute bit where a fetched file
    lost it."""
    if os.access(path, os.X_OK):
        return path
    copy = os.path.join(tempfile.mkdtemp(prefix="urilint-bin-"), os.path.basename(path))
    shutil.copyfile(path, copy)
    os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR)
    return copy


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
    own, extra = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    args = ap.parse_args(own)
    args.extra = extra
    if args.command == "check":
        asked = [a for a in extra if any(rule in a for rule in LINK_RULES)]
        if asked:
            ap.error(
                f"{asked[0]}: link integrity needs the whole tree in one place; "
                "run `urilint check --select broken-relative-link,broken-fragment` on one machine"
            )
    args.urilint = args.urilint or installed_urilint()
    if not args.urilint or not os.access(args.urilint, os.X_OK):
        ap.error("no urilint binary: pip install urilint, or pass --urilint PATH")
    return args


def shown_path(path):
    """An input as urilint prints it: as given, without a trailing slash."""
    return path.rstrip("/") or "/"


def records(sc, job, inputs, slices):
    """One RDD of jsonl lines over every input, in a single run's order."""
    rdds = []
    for given in inputs:
        shown = shown_path(given)
        path = os.path.abspath(given)
        if os.path.isdir(path):
            rels = files_of(path)
            if rels:
                work = job.files(path, lambda rel, shown=shown: f"{shown}/{rel}")
                rdds.append(sc.parallelize(rels, min(slices, len(rels))).mapPartitions(work))
        elif is_mbox(path):
            ranges = message_ranges(path, slices)
            rdds.append(sc.parallelize(ranges, len(ranges)).mapPartitions(job.messages(path, shown)))
        else:
            folder, name = os.path.split(path)
            work = job.files(folder, lambda rel, shown=shown: shown)
            rdds.append(sc.parallelize([name], 1).mapPartitions(work))
    return sc.union(rdds) if rdds else sc.emptyRDD()


def single_run(job, args):
    """The records of one urilint run over the inputs, on this machine."""
    argv = job.argv(args.urilint, args.config) + [shown_path(i) for i in args.inputs]
    done = subprocess.run(argv, capture_output=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"the single run failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8").splitlines()


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
    args = parse(sys.argv[1:] if argv is None else argv)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName(f"urilint {args.command}").getOrCreate()
    sc = spark.sparkContext
    try:
        sc.addFile(os.path.abspath(args.urilint))
        if args.config:
            sc.addFile(os.path.abspath(args.config))
        job = Job(
            args.command,
            os.path.basename(args.urilint),
            os.path.basename(args.config) if args.config else None,
            args.extra,
        )
        if args.command == "check":
            print(f"urilint.spark: {' and '.join(LINK_RULES)} left out: they need the whole tree", file=sys.stderr)
        slices = args.slices or 4 * sc.defaultParallelism
        lines = records(sc, job, args.inputs, slices)
        if args.output_format == "jsonl":
            lines.saveAsTextFile(args.output)
        else:
            lines = lines.persist()
            spark.read.json(lines).write.parquet(args.output)
        print(f"urilint.spark: {args.command} of {len(args.inputs)} input(s) written to {args.output}", file=sys.stderr)
        if args.verify:
            n = verify(spark, job, args)
            print(f"ok: the same {n} records as a single run")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
