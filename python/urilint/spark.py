"""urilint as a Spark job: `extract` and `check` over folders and mbox
archives, spread over a cluster's workers, written to an output folder.

    python -m urilint.spark extract --output out/ docs/ list.mbox      # local
    spark-submit --master yarn "$(python -c 'import urilint.spark as j; print(j.__file__)')" \\
        check --output hdfs:///reports/urilint docs/

The master and the resources are spark-submit's (or pyspark's default, all
local cores); the job sets none of them. Each worker runs the urilint
binary the driver ships to it (`--urilint`, by default the one installed
with this package), over one slice of the inputs:

- A folder's files, listed on the driver by urilint itself (`--show-files`:
  its walk, `.gitignore`, excludes and order), are cut into slices of
  whole files. A worker sees the driver's file system under a scratch
  folder (`View`: the input linked where it lies, the driver's working
  folder and the config's folder real folders, the config copied in) and
  runs urilint once over its files (`--file-list`), so each file is read
  as its name and content say (HTML as HTML, an mbox as mail), binary
  files are skipped as in a walk, no URI is cut between two workers, and
  the config's globs are read from the folder they were written for.
- An mbox archive is cut into byte ranges of whole messages, where urilint
  cuts it (a `From ` line that opens the file or follows an empty line, RFC
  4155), so one large archive spreads over the workers; line numbers are
  mapped back to the archive's.

Records are urilint's own jsonl lines, paths spelled as a single run
spells them (its secrets redacted by urilint): only a scratch prefix (for
an absolute input) and, for a slice of an archive, the line number are
rewritten, never parsed and printed again. Inputs are ordered as a single
run orders them, and may not overlap; the options passed on to urilint
after `--` are those whose meaning a slice keeps (`PASSED`). `--verify`
compares the output with a single run's on small inputs.

`extract --count` counts each slice (its rows with the key each was folded
by, `--fields +key`), and Spark's reduce sums the rows by key: the
first occurrence from the earliest slice, the last from the latest.

Link integrity (`broken-relative-link`, `broken-fragment`) needs the whole
tree in one place: `check` leaves both rules out, says so, and refuses
them when asked for. Run them with `urilint check` on one machine.

Local inputs are read by path: on a cluster they must be on a file system
every worker mounts. An input named by URI (`s3://`, `s3a://`, `gs://`,
`abfs://`, `hdfs://`, `file://`) is listed on the driver and read by the
workers through pyarrow's file systems (Hadoop's own listing drops names
that start with `_` or `.`, and `binaryFiles` would carry every file
through the JVM): each file is copied into the worker's scratch folder
under its URI as a name, so records name it by its URI. A remote folder
is read whole but its version-control folders: no `.gitignore`, and the
config's `exclude` globs name local paths.
"""
import argparse
import contextlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

LINK_RULES = ("broken-relative-link", "broken-fragment")

# A URI in a message of the job's own: its scheme, what comes before an
# `@` in its authority, and its query and fragment.
SHOWN_URI = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*:(?://|\\\\)?)([^\s/\\?#]*@)?([^\s?#]*)([?#]\S*)?")


def redact(text):
    """`text` with what may be a secret in each URI in it hidden, as urilint
    hides them (SPEC section 10), and more: the job's own messages name
    inputs and options it refuses (`s3a://KEY:SECRET@bucket/docs`,
    `https://h/d?token=...`), and a message needs only where they lead.
    Userinfo becomes `****@`, a query or fragment `?****` (issue 49)."""

    def scrub(m):
        scheme, userinfo, rest, query = m.groups()
        if not userinfo and not query:
            return m.group(0)
        # Punctuation after the URI is the message's (`...?token=x: not found`).
        tail = ""
        if query:
            kept = query.rstrip(".,:;)!'\"")
            query, tail = kept, query[len(kept) :]
        return scheme + ("****@" if userinfo else "") + rest + (query[0] + "****" if query else "") + tail

    return SHOWN_URI.sub(scrub, str(text))


def say(message):
    """Writes `urilint.spark: MESSAGE` to stderr, redacted."""
    print(f"urilint.spark: {redact(message)}", file=sys.stderr)


class Parser(argparse.ArgumentParser):
    """argparse, whose errors quote what they refuse: redacted."""

    def error(self, message):
        super().error(redact(message))
# `path` is the first field of every record, then `path_bytes` when the
# name is not UTF-8, then `line`.
HEAD = re.compile(r'^\{"path":"((?:[^"\\]|\\.)*)"(?:,"path_bytes":\[([0-9,]*)\])?,"line":(\d+),')
# The same, over many lines: what comes before the line number, and it.
LINE_BYTES = re.compile(rb'^(\{"path":"(?:[^"\\]|\\.)*"(?:,"path_bytes":\[[0-9,]*\])?,"line":)(\d+)(?=,)', re.M)
# What the job runs urilint with beside its own arguments: options whose
# meaning does not change when each worker reads a slice of the inputs
# (an option with a value, or a flag).
PASSED = {"--select": True, "--ignore": True, "--extend-select": True, "--scheme": True,
          "--base": True, "--relative": False, "--normalize": False, "--show-secrets": False,
          "--include-code": False}


def listing(argv, given):
    """The files a single run reads under the folder `given`, in its order
    and spelled as it prints them (`urilint --show-files`, so the walk is
    urilint's own: `.gitignore`, version-control folders, `exclude`), as
    bytes, with the number of paths that could not be read (said on
    stderr)."""
    done = subprocess.run(argv + ["--show-files", "--show-secrets", given], capture_output=True, check=False)
    sys.stderr.write(done.stderr.decode("utf-8", errors="replace"))
    if done.returncode not in (0, 2):
        sys.exit(f"urilint --show-files failed: {done.stderr.decode(errors='replace')}")
    paths = []
    for line in done.stdout.split(b"\n"):
        if line:
            record = json.loads(line)
            raw = record.get("path_bytes")
            paths.append(bytes(raw) if raw is not None else os.fsencode(record["path"]))
    return paths, done.stderr.count(b"\n") if done.returncode == 2 else 0


def message_ranges(archive, slices):
    """Byte ranges of whole messages of an mbox, about `slices` of them:
    (start, end, line of start). The archive is read by position, 16 MiB
    at a time, never held or mapped, so the driver's memory stays flat
    whatever its size."""
    with open_archive(archive) as f:
        return cut(Positioned(f), f.size(), slices)


def cut(m, size, slices):
    """`message_ranges` over `m` (`Positioned`)."""
    if size == 0:
        return [(0, 0, 1)]
    step = max(1, size // max(1, slices))
    ranges, begin, line = [], 0, 1
    while begin + step < size:
        start = next_message(m, begin + step)
        if start is None:
            break
        ranges.append((begin, start, line))
        line += count_lines(m, begin, start)
        begin = start
    ranges.append((begin, size, line))
    return ranges


def open_archive(path):
    """A file to read by position (`read_at(n, offset)`, `size()`): a
    remote one through pyarrow, a local one as `Local`."""
    where = remote(path)
    if where is not None:
        return where[0].open_input_file(where[1])
    return Local(path)


class Local:
    """A local file with pyarrow's `read_at` and `size`."""

    def __init__(self, path):
        self.f = open(path, "rb")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.f.close()

    def size(self):
        return os.fstat(self.f.fileno()).st_size

    def read_at(self, n, at):
        return os.pread(self.f.fileno(), n, at)


class Positioned:
    """A file read by position (pyarrow's `read_at`, or `Local`), searched
    as an mmap is (`find`, a byte, a slice), 16 MiB at a time."""

    CHUNK = 1 << 24

    def __init__(self, f):
        self.f = f
        self.size = f.size()

    def __getitem__(self, at):
        if isinstance(at, slice):
            return self.f.read_at(at.stop - at.start, at.start)
        return self.f.read_at(1, at)[0]

    def find(self, sub, start):
        start = max(start, 0)
        while start < self.size:
            block = self.f.read_at(self.CHUNK + len(sub) - 1, start)
            found = block.find(sub)
            if found >= 0:
                return start + found
            start += self.CHUNK
        return -1


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
    with open_archive(path) as f:
        return f.read_at(5, 0) == b"From "


# A scratch folder's name, written into records as it is.
SAFE = re.compile(r"^[A-Za-z0-9._/-]+$")

# At most this much of an archive, or this many files, a slice: what a
# worker holds (its slice's records) stays bounded however large the input.
SLICE_BYTES = 16 << 20
SLICE_FILES = 4096
# About this much of a slice's output an element of the job's output.
PIECE_BYTES = 1 << 20

# Folders urilint's walk never enters (VCS_DIRS in src/walk.rs), for remote
# folders, which urilint does not walk.
VCS_DIRS = {".git", ".hg", ".svn", ".bzr", "_darcs", "CVS"}
URI = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def plain_uri(given):
    """A URI whose path has no empty, `.` or `..` segment (a trailing `/`
    aside): its files are copied under it as a name, which must not reach
    out of the worker's scratch folder."""
    path = URI.sub("", given).partition("/")[2].rstrip("/")
    return all(part not in ("", ".", "..") for part in path.split("/")) if path else True


def remote(given):
    """The file system and path of an input named by URI (`s3://bucket/docs`,
    `hdfs://namenode/docs`, `gs://`, `abfs://`, `file:///`; `s3a://` is
    `s3://`), through pyarrow, or None for a local path."""
    m = URI.match(given)
    if not m:
        return None
    try:
        from pyarrow import fs
    except ImportError:
        sys.exit(f"urilint.spark: {redact(m.group(1))}:// inputs are read with pyarrow: pip install pyarrow")
    uri = given
    if m.group(1).lower() in ("s3a", "s3n"):
        uri = "s3" + given[len(m.group(1)) :]
    return fs.FileSystem.from_uri(uri)


def remote_kind(given):
    """"folder", "file" or None (not found) for a remote input."""
    from pyarrow import fs

    filesystem, path = remote(given)
    kind = filesystem.get_file_info(path).type
    return {fs.FileType.Directory: "folder", fs.FileType.File: "file"}.get(kind)


def remote_listing(given):
    """The files under the remote folder `given`, relative to it, in
    urilint's walk order (names as bytes, component by component), but
    those in version-control folders. Hidden names (`_index.md`,
    `.nojekyll`) are kept: Hadoop's own listing would drop them."""
    from pyarrow import fs

    filesystem, base = remote(given)
    base = base.rstrip("/")
    rels = []
    for info in filesystem.get_file_info(fs.FileSelector(base, recursive=True)):
        if info.type != fs.FileType.File:
            continue
        rel = info.path[len(base) + 1 :]
        if not any(part in VCS_DIRS for part in rel.split("/")[:-1]):
            rels.append(rel)
    rels.sort(key=lambda r: [os.fsencode(part) for part in r.split("/")])
    return rels


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


def rewrite_all(data, prefix, lines_before=0):
    """`rewrite` over every line of urilint's output `data` (bytes, lines
    ending in `\\n`, the last one too), as bytes without the last line
    break. Only lines with `path_bytes` under a prefix are taken apart one
    by one; the others lose their prefix, and have their line moved on, in
    passes over the whole output, never decoded (the prefix is ASCII)."""
    if not data:
        return b""
    if not data.endswith(b"\n"):
        raise RuntimeError("urilint's output did not end in a line break")
    if prefix and b'"path_bytes":[' in data:
        text = data.decode("utf-8")
        return "\n".join(rewrite(line, prefix, lines_before) for line in text[:-1].split("\n")).encode("utf-8")
    if lines_before:
        # Each line's number, found by one pass of the regex over the output.
        data, n = LINE_BYTES.subn(lambda m: m.group(1) + str(int(m.group(2)) + lines_before).encode(), data)
        if n != data.count(b"\n"):
            raise RuntimeError("a line that is not a urilint record")
    data = data[:-1]
    if not prefix:
        return data
    head = b'{"path":"'
    under = head + prefix.encode()
    if not data.startswith(under):
        raise RuntimeError("a record without the scratch prefix")
    lines = data.count(b"\n") + 1
    cut = head + data[len(under) :].replace(b"\n" + under, b"\n" + head)
    # Every line lost the prefix, once.
    if len(data) - len(cut) != lines * len(prefix):
        raise RuntimeError("a record without the scratch prefix")
    return cut


def pieces(data, size=PIECE_BYTES):
    """`data` (lines, without the last line break) as pieces of whole
    lines of about `size` bytes, each without its last line break, as
    Spark's text output wants its elements. Small pieces stream through
    the pipe from the Python worker to the JVM while it writes (one large
    element was a fifth slower)."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start + size)
        if end < 0:
            yield data[start:]
            return
        yield data[start:end]
        start = end + 1


class View:
    """The driver's file system as a worker sees it under a scratch folder
    `root`: the input linked where it lies (one symbolic link, or the
    slice of an archive written there), the driver's working folder and
    the config's folder real folders at their own paths (their neighbours
    linked), the config file copied in. urilint, run there, prints the
    paths a single run prints (an absolute one under `root`, a prefix
    `rewrite` takes off again) and reads the config's globs from the
    folder they were written for. Nothing is written outside `root`, and
    only links are removed with it."""

    def __init__(self, root, given, where, cwd, config=None, shipped=None, link=True):
        self.root = root
        self.cwd = self.at(cwd)
        self.arg = self.at(given) if os.path.isabs(given) else given
        self.prefix = root if os.path.isabs(given) else ""
        self.target = self.at(where)
        folders = [cwd] + ([os.path.dirname(config)] if config else [])
        inner = [f for f in folders if within(f, where)]
        if inner:
            self.build(where, inner)
        else:
            os.makedirs(os.path.dirname(self.target), exist_ok=True)
            if link:
                os.symlink(where, self.target)
        for folder in folders:
            self.make(folder)
        self.config = None
        if config:
            self.config = self.at(config)
            if os.path.lexists(self.config):
                os.unlink(self.config)
            shutil.copyfile(shipped, self.config)

    def at(self, path):
        return self.root + path

    def build(self, folder, inner):
        """`folder` real, its entries linked but the folders on the way to
        `inner`, built the same way."""
        os.makedirs(self.at(folder), exist_ok=True)
        with os.scandir(folder) as entries:
            for e in entries:
                sub = os.path.join(folder, e.name)
                deeper = [f for f in inner if within(f, sub)]
                if deeper and e.is_dir(follow_symlinks=False):
                    self.build(sub, deeper)
                else:
                    os.symlink(sub, self.at(sub))

    def make(self, folder):
        """`folder` made under the root, never through a link (that would
        write into an input)."""
        path = self.root
        for part in folder.split("/"):
            if not part:
                continue
            path = os.path.join(path, part)
            if os.path.islink(path):
                raise RuntimeError(f"{folder}: lies behind a symbolic link inside an input")
            if not os.path.isdir(path):
                os.mkdir(path)


def within(path, folder):
    """`path` is `folder` or inside it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def command_line(urilint, command, config, count, extra):
    """How the job runs urilint, but for the files to read."""
    argv = [urilint, command, "--format", "jsonl"]
    argv += ["--config", config] if config else ["--isolated"]
    if command == "check":
        argv += ["--ignore", ",".join(LINK_RULES)]
    if count:
        argv.append("--count")
    return argv + extra


class Job:
    """What every worker needs: the command line, the shipped files, where
    the driver ran and where its config lies, and counters of what went
    wrong."""

    def __init__(self, sc, command, urilint_name, config, extra, count=False):
        self.command = command
        self.count = count
        self.urilint_name = urilint_name
        # The config as the driver names it (absolute), and as shipped.
        self.config = os.path.abspath(config) if config else None
        self.config_name = os.path.basename(config) if config else None
        self.cwd = os.getcwd()
        self.extra = extra
        # Slices where urilint found something (check exits 1), and files
        # that could not be read.
        self.found = sc.accumulator(0)
        self.unreadable = sc.accumulator(0)

    def argv(self, urilint, config):
        return command_line(urilint, self.command, config, self.count, self.extra)

    def view(self, root, given, where, link=True):
        return View(root, given, where, self.cwd, self.config, self.shipped(), link)

    def run(self, view, paths=None, more=()):
        """urilint over the input at `view` (or, with `paths`, over those
        files of it, listed NUL-separated): its jsonl output as bytes."""
        from pyspark import SparkFiles

        urilint = executable(SparkFiles.get(self.urilint_name))
        argv = self.argv(urilint, view.config) + list(more)
        if paths is None:
            argv.append(view.arg)
        else:
            listed = os.path.join(os.path.dirname(view.root), "list")
            with open(listed, "wb") as out:
                for path in paths:
                    out.write(os.fsencode(view.root) + path if path.startswith(b"/") else path)
                    out.write(b"\0")
            argv += ["--file-list", listed]
        done = subprocess.run(argv, cwd=view.cwd, capture_output=True, check=False)
        # urilint's warnings, redacted as it writes them, to the worker's log.
        sys.stderr.write(done.stderr.decode("utf-8", errors="replace"))
        # check exits 1 when it found something; 2 when a file could not
        # be read (the options were tried on the driver), said on stderr
        # and counted.
        if done.returncode == 1 and self.command == "check":
            self.found += 1
        elif done.returncode == 2:
            self.unreadable += max(1, done.stderr.count(b"\nurilint: ") + done.stderr.startswith(b"urilint: "))
        elif done.returncode != 0:
            raise RuntimeError(f"urilint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
        return done.stdout

    def slice(self, view, lines_before=0, paths=None):
        """The records of one run over a slice: its jsonl lines as pieces
        of bytes (Spark writes an element and a line break, so an element
        is many records, not one), or with `--count` its rows as (key,
        head, tally) for the reduce, `head` the line up to its tally,
        `tally` count, files, first and last."""
        if not self.count:
            return pieces(rewrite_all(self.run(view, paths), view.prefix, lines_before))
        # Each row with the key it was folded by, last (`--fields +key`):
        # the row as `--count` prints it once the key is cut off. Lines end
        # in `\\n` only (a name may hold U+2028 or U+0085).
        lines, keys = [], []
        for line in self.run(view, paths, ["--fields", "+key"]).decode("utf-8").split("\n"):
            if line:
                cut = line.rindex(',"key":')
                keys.append(json.loads(line[cut + 7 : -1]))
                lines.append(rewrite(line[:cut] + "}", view.prefix, lines_before))
        rows = []
        for key, line in zip(keys, lines):
            # A quote inside a string is escaped, so `,"count":` is the
            # tally's own (the last fields of a row).
            cut = line.rindex(',"count":')
            tally = json.loads("{" + line[cut + 1 :])
            for place in (tally["first"], tally["last"]):
                if view.prefix:
                    place["path"] = place["path"][len(view.prefix) :]
                place["line"] += lines_before
            rows.append((key, line[:cut], tally))
        return rows

    def files(self, given, where):
        """A worker over a slice of the files (as a single run spells
        them) of the folder `given` (at `where` on the driver), or over
        the lone file `given`."""

        lone = not os.path.isdir(where)

        def work(paths):
            paths = list(paths)
            if not (paths or lone):
                return
            with scratch() as fs:
                yield from self.slice(self.view(fs, given, where), 0, None if lone else paths)

        return work

    def messages(self, given, where):
        """A worker over byte ranges of whole messages of the archive
        `given` (at `where` on the driver, or remote), each written where
        the archive lies in the worker's view."""

        def work(ranges):
            with scratch() as fs, open_archive(where) as src:
                if URI.match(given):
                    view = Scratch(fs, given, self.shipped())
                else:
                    view = self.view(fs, given, where, link=False)
                os.makedirs(os.path.dirname(view.target), exist_ok=True)
                for start, end, line in ranges:
                    with open(view.target, "wb") as out:
                        copy_range(src.read_at, start, end, out)
                    yield from self.slice(view, line - 1)

        return work

    def remote_files(self, given, lone=False):
        """A worker over a slice of the files of the remote folder `given`
        (paths relative to it), or over the remote file `given` (`lone`):
        each copied into a scratch folder under its URI as a name, so that
        urilint prints the URI."""

        def work(rels):
            with scratch() as fs:
                view = Scratch(fs, given, self.shipped())
                filesystem, base = remote(given)
                if lone:
                    fetch(filesystem, base, view.target, view.root)
                    yield from self.slice(view)
                    return
                paths = []
                for rel in rels:
                    name = given.rstrip("/") + "/" + rel
                    if any(part in ("", ".", "..") for part in rel.split("/")):
                        # Not a name a file system folder can hold as it is.
                        say(f"{name}: not read (an empty, `.` or `..` segment)")
                        self.unreadable += 1
                        continue
                    try:
                        fetch(filesystem, base.rstrip("/") + "/" + rel, os.path.join(view.root, name), view.root)
                    except OSError as e:
                        say(f"{name}: {e}")
                        self.unreadable += 1
                        continue
                    paths.append(os.fsencode(name))
                if paths:
                    yield from self.slice(view, 0, paths)

        return work

    def shipped(self):
        from pyspark import SparkFiles

        return SparkFiles.get(self.config_name) if self.config_name else None


class Scratch:
    """Where a worker puts remote files: under their URIs as names
    (`s3:/bucket/docs/a.md`; the system reads `s3://bucket/docs/a.md` as
    that), so that urilint, run there, prints each as its URI. The config
    is read as shipped: its globs with a `/` name local paths, not URIs."""

    def __init__(self, root, given, config):
        self.root = self.cwd = root
        self.arg = given
        self.target = os.path.join(root, given)
        self.config = config
        self.prefix = ""


@contextlib.contextmanager
def scratch():
    """A new scratch folder for a worker, removed after (its links, never
    what they point to): yields its `fs`, for the view (or the remote
    files), the file list going beside it so that neither can be the
    other. Its name is written into records and taken off again as it
    is, so it must be plain ASCII that JSON does not escape nor urilint
    redact."""
    root = tempfile.mkdtemp(prefix="urilint-spark-")
    try:
        if not SAFE.match(root):
            raise RuntimeError(f"scratch folder {root!r}: set TMPDIR to a folder named in [A-Za-z0-9._/-]")
        os.mkdir(os.path.join(root, "fs"))
        yield os.path.join(root, "fs")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def fetch(filesystem, path, local, root):
    """The remote file `path` copied to `local`, a new file inside `root`
    (never over a file, never through a link), 1 MiB at a time."""
    local = os.path.normpath(local)
    if not within(local, os.path.normpath(root)):
        raise OSError("outside the scratch folder")
    os.makedirs(os.path.dirname(local), exist_ok=True)
    fd = os.open(local, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with filesystem.open_input_stream(path) as src, os.fdopen(fd, "wb") as out:
        shutil.copyfileobj(src, out, 1 << 20)


def copy_range(read_at, start, end, out):
    """Bytes `start` to `end` of a file (`read_at(n, offset)`) written to
    `out`, 16 MiB at a time: a slice of an archive is never held whole."""
    while start < end:
        block = read_at(min(end - start, 1 << 24), start)
        if not block:
            raise RuntimeError("the archive ended before its last message")
        out.write(block)
        start += len(block)


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
    ap = Parser(
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
    ap.add_argument("--slices", type=positive, help="slices of each input (default: 4 a core)")
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
    odd = [i for i in args.inputs if URI.match(i) and not plain_uri(i)]
    if odd:
        ap.error(f"{len(odd)} input URI(s) with an empty, `.` or `..` segment: name the folder or file itself")
    if args.verify and any(URI.match(i) for i in args.inputs):
        ap.error("--verify runs urilint on this machine, which reads local inputs only")
    missing = [i for i in args.inputs if not URI.match(i) and not os.path.exists(i)]
    if missing:
        ap.error(f"{len(missing)} input(s) not found")
    overlap = overlapping(args.inputs)
    if overlap:
        ap.error("two inputs overlap (the same folder, or one inside the other): name each file once")
    behind = linked_inside(args.inputs, args.config)
    if behind:
        ap.error(
            f"the {behind} lies behind a symbolic link inside an input, where a worker's view "
            "cannot make it a folder of its own: run from, or put the config in, a folder reached without it"
        )
    args.urilint = args.urilint or installed_urilint()
    if not args.urilint:
        ap.error("no urilint binary: pip install urilint, or pass --urilint PATH")
    if not os.access(args.urilint, os.X_OK):
        ap.error(f"--urilint {args.urilint}: not an executable file")
    # The options and the config, tried here before Spark starts: a bad
    # config or an unknown rule is urilint's usage error, said as urilint
    # says it, not files that could not be read on the workers.
    tried = subprocess.run(
        command_line(args.urilint, args.command, args.config, args.count, args.extra) + ["--file-list", os.devnull],
        capture_output=True,
        check=False,
    )
    if tried.returncode != 0:
        said = tried.stderr.decode("utf-8", errors="replace").strip()
        ap.error(f"urilint refused the options: {said}")
    return args


def linked_inside(inputs, config):
    """"working folder" or "config's folder" when that folder lies inside a
    local folder input behind a symbolic link: a worker's `View` makes it a
    real folder at its path, which it would have to do through the link;
    else None."""
    folders = [("working folder", os.getcwd())]
    if config:
        folders.append(("config's folder", os.path.dirname(os.path.abspath(config))))
    for given in inputs:
        if URI.match(given) or not os.path.isdir(given):
            continue
        where = os.path.abspath(given)
        for name, folder in folders:
            if folder == where or not within(folder, where):
                continue
            path = where
            for part in folder[len(where.rstrip("/")) + 1 :].split("/"):
                path = os.path.join(path, part)
                if os.path.islink(path):
                    return name
    return None


def positive(text):
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return n


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
    # As spelled: `docs` and `docs/../other` would be ordered apart from
    # a single run's order (it puts `..` before names).
    keys = sorted((path_key(i), i) for i in inputs)
    for (a, given_a), (b, given_b) in zip(keys, keys[1:]):
        if b[: len(a)] == a:
            return given_a, given_b
    # A URI as it is written; a local path as the system resolves it.
    real = sorted((i.rstrip("/") if URI.match(i) else os.path.realpath(i), i) for i in inputs)
    for (a, given_a), (b, given_b) in zip(real, real[1:]):
        if b == a or b.startswith(a.rstrip("/") + "/"):
            return given_a, given_b
    return None


def records(sc, job, inputs, slices, urilint):
    """One RDD of jsonl text over every input (a slice's lines an element,
    or with `--count` its rows), in a single run's order: the inputs by
    path (they do not overlap, so their files do not interleave), each
    folder's files as urilint lists them, each file by position."""
    rdds = []
    for given in sorted(inputs, key=path_key):
        if remote(given) is not None:
            kind = remote_kind(given)
            if kind == "folder":
                rels = remote_listing(given)
                if rels:
                    work = job.remote_files(given)
                    n = min(len(rels), max(slices, len(rels) // SLICE_FILES))
                    rdds.append(sc.parallelize(rels, n).mapPartitions(work))
            elif kind == "file" and is_mbox(given):
                filesystem, path = remote(given)
                size = filesystem.get_file_info(path).size
                ranges = message_ranges(given, max(slices, size // SLICE_BYTES))
                rdds.append(sc.parallelize(ranges, len(ranges)).mapPartitions(job.messages(given, given)))
            elif kind == "file":
                rdds.append(sc.parallelize([], 1).mapPartitions(job.remote_files(given, lone=True)))
            else:
                say(f"{given}: not found")
                job.unreadable += 1
            continue
        # The workers read by absolute path: their working folder is not
        # the driver's.
        where = os.path.abspath(given)
        if os.path.isdir(given):
            paths, unreadable = listing(job.argv(urilint, job.config), given)
            job.unreadable += unreadable
            if paths:
                work = job.files(given, where)
                n = min(len(paths), max(slices, len(paths) // SLICE_FILES))
                rdds.append(sc.parallelize(paths, n).mapPartitions(work))
        elif is_mbox(given):
            ranges = message_ranges(given, max(slices, os.path.getsize(given) // SLICE_BYTES))
            rdds.append(sc.parallelize(ranges, len(ranges)).mapPartitions(job.messages(given, where)))
        else:
            rdds.append(sc.parallelize([], 1).mapPartitions(job.files(given, where)))
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

    # Sorted by a partitioner of our own: the order's first part is the
    # slice, so each output partition takes a run of slices, already in
    # order, and sorts within. sortByKey would first sample the reduced
    # rows in a job of their own, merging them twice (1 s more on 2 cores).
    slices = rows.getNumPartitions()
    parts = max(1, min(slices, rows.context.defaultParallelism))
    return (
        rows.mapPartitionsWithIndex(tag)
        .reduceByKey(merge, parts)
        .values()
        .map(line)
        .repartitionAndSortWithinPartitions(parts, lambda order: order[0] * parts // slices)
        .values()
    )


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


def session(sc):
    """Spark SQL, for Parquet only: it takes seconds to start."""
    from pyspark.sql import SparkSession

    return SparkSession.builder.getOrCreate()


def verify(sc, job, args):
    """The written records against a single run's: jsonl lines byte for
    byte and in order, Parquet rows field by field."""
    want = single_run(job, args)
    parts = ",".join(part_files(sc, args.output))
    if args.output_format == "jsonl":
        got = sc.textFile(parts).collect() if parts else []
    else:
        rows = session(sc).read.parquet(*parts.split(",")).collect() if parts else []
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
    from pyspark import SparkConf, SparkContext

    # The master and resources are spark-submit's (SparkConf reads them).
    conf = SparkConf().setAppName(f"urilint {args.command}")
    # A local run, unless asked otherwise: no web UI (no one watches it,
    # and it takes half a second to start), and a JVM that compiles less
    # and collects garbage on one thread (C1 only, the serial collector),
    # which started 2 s sooner on 2 cores and leaves them to urilint. The
    # options reach the JVM when this process launches it (not under
    # spark-submit, whose JVM is running already).
    if conf.get("spark.master", "local").startswith("local"):
        conf.setIfMissing("spark.ui.enabled", "false")
        conf.setIfMissing("spark.driver.extraJavaOptions", "-XX:+UseSerialGC -XX:TieredStopAtLevel=1")
    sc = SparkContext.getOrCreate(conf)
    try:
        sc.addFile(os.path.abspath(args.urilint))
        if args.config:
            sc.addFile(os.path.abspath(args.config))
        job = Job(
            sc,
            args.command,
            os.path.basename(args.urilint),
            args.config,
            args.extra,
            args.count,
        )
        if args.command == "check":
            print(f"urilint.spark: {' and '.join(LINK_RULES)} left out: they need the whole tree", file=sys.stderr)
        slices = args.slices or 4 * sc.defaultParallelism
        lines = records(sc, job, args.inputs, slices, args.urilint)
        if args.count:
            lines = counted(lines)
        if args.output_format == "jsonl":
            lines.saveAsTextFile(args.output)
        else:
            if not args.count:
                lines = lines.flatMap(lambda piece: piece.decode("utf-8").split("\n"))
            lines = lines.persist()
            spark = session(sc)
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
            n = verify(sc, job, args)
            print(f"ok: the same {n} records as a single run")
        return status
    finally:
        sc.stop()


def run(argv=None):
    """[`main`], with any error it meets said redacted, not as a traceback
    (a file system's error names the input, credentials and all)."""
    try:
        return main(argv)
    except (OSError, RuntimeError, ValueError) as e:
        say(f"error: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(run())
