#!/usr/bin/env python3
"""Proves that floe behaves the same before and after a change (issue 14): runs an older and a
newer floe binary on the same inputs with the same command lines and compares standard output,
standard error and the exit code byte for byte. Differences listed in intended.txt count as
intended; any other difference fails (exit 1). Python 3 standard library only.

    tests/compare/compare.py --old OLD_FLOE --new NEW_FLOE [--shared DIR] [--jobs N]
                             [--generated N] [--only SUBSTRING] [--keep DIR] [--book]

Inputs: every record in samples/, every corpus file of DIR/corpora (see its README), and
--generated N games per variant that the old binary's `generate` accepts, made by the old
binary, one multi-game file per variant. See tests/compare/README.md.
"""

import argparse
import collections
import difflib
import json
from concurrent.futures import ThreadPoolExecutor
import lzma
import multiprocessing
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DEFAULT_INTENDED = os.path.join(HERE, "intended.txt")

# The command lines run on every input: the command and its options; the input's variant option
# and its path follow.
MATRIX = [
    ["validate"],
    ["validate", "--json"],
    ["validate", "--strict"],
    ["convert"],
    ["convert", "--moves", "lan"],
    ["convert", "--moves", "uci"],
    ["convert", "--moves", "figurine"],
    ["convert", "--to", "json"],
    ["convert", "--fix-result", "--add-tags", "PlyCount"],
    ["fen", "--all"],
    ["fen"],
    ["diagram", "--format", "text"],
    ["diagram", "--format", "unicode"],
    ["diagram", "--format", "svg"],
    ["diagram", "--format", "svg", "--ply", "0"],
    ["diagram", "--format", "svg", "--flip"],
    ["replay"],
    ["replay", "--strict"],
    # select: each writer, from the walk its matching replay recorded or (a selection by tags)
    # through its own replay, and as read.
    ["select", "--canonical", "--valid"],
    ["select", "--to", "json", "--invalid"],
    ["select", "--moves", "uci", "--where", "plies >= 0"],
    ["select", "--canonical", "--where", 'Result != "*"'],
    ["select", "--unique", "--event", "checkmate,ice-age,glacial-mate"],
]


def later_game_matrix(game):
    """diagram and replay look at game 1 by default; generated files also get a later game."""
    g = str(game)
    return [
        ["diagram", "--format", "text", "--game", g],
        ["diagram", "--format", "unicode", "--game", g],
        ["diagram", "--format", "svg", "--game", g],
        ["diagram", "--format", "svg", "--ply", "0", "--game", g],
        ["diagram", "--format", "svg", "--flip", "--game", g],
        ["replay", "--game", g],
    ]


# The unpacked GNU book (85 MB, 145,716 games): only with --book, and only these.
BOOK_MATRIX = [["validate"], ["fen", "--all"], ["convert", "--moves", "san"]]
BOOK_XZ = os.path.join("gnuchess-book", "book_1.02.pgn.xz")

# Variants tried for `generate`, besides those its --help names: a variant counts when the old
# binary's `generate --variant V --games 0` succeeds.
KNOWN_VARIANTS = ["Ice Age", "Ice Age vchess", "Standard", "Crazyhouse", "Glacial Shift"]
STANDARD = ["--variant", "standard"]

STREAMS = ("exit", "stdout", "stderr")
CONTEXT = 3  # lines of context around a change in the diffs shown
WINDOW = 2000  # lines looked ahead to find where two outputs agree again
SYNC = 3  # lines that must agree for the outputs to count as back in step
REFINE = 1000  # changed runs up to this many lines (old + new) are diffed exactly
MAX_CANDIDATES = 64  # positions tried per line when looking for that agreement
LONG_LINE = 160  # characters of a line shown in a diff
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


# ------------------------------------------------------------------------------------------------
# intended.txt


class Entry:
    """One intended difference. Its scope (command, input, stream) says where it applies; within
    that scope a changed line is excused when `removed` (old side) or `added` (new side) is found
    in it, or when the `rewrite`s turn the old lines into the new ones."""

    KEYS = ("command", "input", "stream", "lines", "removed", "added", "rewrite", "json", "reason")

    def __init__(self, where):
        self.where = where  # "intended.txt:LINE"
        self.command = self.input = self.removed = self.added = self.rewrite = None
        self.repl = ""
        self.json = False  # `json: unordered`: equal JSON values, keys in any order
        self.streams = set()
        self.reason = ""

    def applies(self, command, path, stream):
        return (
            stream in self.streams
            and (self.command is None or self.command.search(command))
            and (self.input is None or self.input.search(path))
        )


def parse_intended(path):
    """Entries are paragraphs of `key: value` lines (blank lines between them, # comments);
    see the header of intended.txt. Raises ValueError naming the line of a mistake."""
    entries, cur = [], None
    name = os.path.basename(path)

    def finish():
        if cur is None:
            return
        if not cur.streams:
            raise ValueError(f"{cur.where}: an entry needs `stream:`")
        if not cur.reason:
            raise ValueError(f"{cur.where}: an entry needs `reason:`")
        if cur.removed is None and cur.added is None and cur.rewrite is None and not cur.json:
            raise ValueError(
                f"{cur.where}: an entry needs `lines:`, `removed:`, `added:`, `rewrite:` or `json:`"
            )
        entries.append(cur)

    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.lstrip().startswith("#"):
                continue
            if not line.strip():
                finish()
                cur = None
                continue
            key, sep, value = line.partition(":")
            key, value = key.strip().lower(), value.strip()
            where = f"{name}:{number}"
            if not sep or key not in Entry.KEYS:
                raise ValueError(f"{where}: expected `KEY: VALUE` with KEY one of {', '.join(Entry.KEYS)}")
            if cur is None:
                cur = Entry(where)
            try:
                if key == "stream":
                    names = {s.strip() for s in value.split(",")}
                    if "any" in names:
                        names = (names - {"any"}) | set(STREAMS)
                    if not names or not names <= set(STREAMS):
                        raise ValueError("stream is stdout, stderr, exit or any (or a comma-separated list)")
                    cur.streams = names
                elif key == "reason":
                    cur.reason = value
                elif key == "json":
                    if value != "unordered":
                        raise ValueError("json is `unordered`")
                    cur.json = True
                elif key == "rewrite":
                    pattern, arrow, repl = value.partition(" => ")
                    if not arrow:
                        raise ValueError("rewrite is `REGEX => REPLACEMENT`")
                    cur.rewrite, cur.repl = re.compile(pattern), repl
                else:
                    regex = re.compile(value)
                    if key == "lines":
                        cur.removed = cur.added = regex
                    else:
                        setattr(cur, key, regex)
            except re.error as error:
                raise ValueError(f"{where}: bad regular expression: {error}") from None
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
    finish()
    return entries


# ------------------------------------------------------------------------------------------------
# Comparing two outputs


def same_bytes(pa, pb):
    if os.path.getsize(pa) != os.path.getsize(pb):
        return False
    with open(pa, "rb") as fa, open(pb, "rb") as fb:
        while True:
            a, b = fa.read(1 << 20), fb.read(1 << 20)
            if a != b:
                return False
            if not a:
                return True


def common_prefix(pa, pb):
    """(byte offset, line count) of the start of the first line where the files differ, and up
    to CONTEXT lines before it (as (line number, bytes))."""
    offset = lines = 0
    with open(pa, "rb") as fa, open(pb, "rb") as fb:
        while True:
            a, b = fa.read(1 << 20), fb.read(1 << 20)
            if a == b and a:
                offset += len(a)
                lines += a.count(b"\n")
                continue
            n = 0
            limit = min(len(a), len(b))
            while n < limit and a[n] == b[n]:
                n += 1
            start = a.rfind(b"\n", 0, n) + 1
            offset += start
            lines += a.count(b"\n", 0, start)
            break
        fa.seek(max(0, offset - 65536))
        before = fa.read(offset - max(0, offset - 65536)).split(b"\n")[:-1]
    if offset > 65536:
        before = before[1:]  # possibly cut
    before = [line + b"\n" for line in before[-CONTEXT:]]
    context = [(lines - len(before) + k + 1, line) for k, line in enumerate(before)]
    return offset, lines, context


class LineReader:
    """The lines of a file from a byte offset, with look-ahead."""

    def __init__(self, path, offset, lineno):
        self.file = open(path, "rb")
        self.file.seek(offset)
        self.buf, self.head, self.lineno = [], 0, lineno

    def close(self):
        self.file.close()

    def peek(self):
        if self.head < len(self.buf):
            return self.buf[self.head]
        if self.head > 65536:
            del self.buf[: self.head]
            self.head = 0
        line = self.file.readline()
        if not line:
            return None
        self.buf.append(line)
        return line

    def window(self, n):
        while len(self.buf) - self.head < n:
            line = self.file.readline()
            if not line:
                break
            self.buf.append(line)
        return self.buf[self.head : self.head + n]

    def drop(self, n):
        self.head += n
        self.lineno += n


class Rewriter:
    """The `rewrite` entries that apply to one stream, as a function on lines (bytes): the old
    line rewritten, and the entries that changed it."""

    def __init__(self, entries):
        self.entries = [e for e in entries if e.rewrite is not None]
        self.cache = {}

    def __bool__(self):
        return bool(self.entries)

    def __call__(self, line):
        hit = self.cache.get(line)
        if hit is not None:
            return hit
        body, newline = (line[:-1], b"\n") if line.endswith(b"\n") else (line, b"")
        value, touched = body.decode("utf-8", "surrogateescape"), []
        for e in self.entries:
            changed = e.rewrite.sub(e.repl, value)
            if changed != value:
                touched.append(e.where)
                value = changed
        hit = (value.encode("utf-8", "surrogateescape") + newline, tuple(touched))
        if len(self.cache) < 100000:
            self.cache[line] = hit
        return hit


def resync(la, lb, keys):
    """The (i, j) with the least i + j where la[i:] and lb[j:] agree (lb[j] equals la[i] or its
    rewrite keys[i]) for SYNC lines or up to the end of the window, or None."""
    positions = {}
    for j, line in enumerate(lb):
        positions.setdefault(line, []).append(j)
    best = found = None
    for i, line in enumerate(la):
        if best is not None and i >= best:
            break
        candidates = positions.get(line, [])[:MAX_CANDIDATES]
        if keys is not None and keys[i] != line:
            candidates = sorted(candidates + positions.get(keys[i], [])[:MAX_CANDIDATES])
        for j in candidates:
            if best is not None and i + j >= best:
                break
            k = min(SYNC, len(la) - i, len(lb) - j)
            if all(lb[j + t] in (la[i + t], keys[i + t] if keys else None) for t in range(k)):
                best, found = i + j, (i, j)
                break
    return found


def hunks(pa, pb, on_equal, rewrite):
    """Yields (old line number, old lines, new line number, new lines, rewritten) for each run of
    changed lines, and calls on_equal(old number, new number, line) for the equal lines around
    them (from CONTEXT lines before the first change). A changed line whose rewrite (by the
    Rewriter `rewrite`) equals the new line comes as a run of its own with rewritten true.

    A greedy diff in a window of WINDOW lines, exact (difflib) inside short runs: linear in the
    size of the outputs. It may show more lines as changed than the shortest diff would, never
    fewer, so it can fail an intended difference but never excuse an unintended one."""
    offset, lines, context = common_prefix(pa, pb)
    for number, line in context:
        on_equal(number, number, line)
    a, b = LineReader(pa, offset, lines), LineReader(pb, offset, lines)
    try:
        while True:
            x, y = a.peek(), b.peek()
            if x is None and y is None:
                return
            if x == y:
                a.drop(1)
                b.drop(1)
                on_equal(a.lineno, b.lineno, x)
                continue
            if x is not None and y is not None and rewrite and rewrite(x)[0] == y:
                yield a.lineno + 1, [x], b.lineno + 1, [y], True
                a.drop(1)
                b.drop(1)
                continue
            la, lb = a.window(WINDOW), b.window(WINDOW)
            keys = [rewrite(line)[0] for line in la] if rewrite else None
            found = resync(la, lb, keys)
            i, j = found if found else (len(la), len(lb))
            removed, added, base_a, base_b = la[:i], lb[:j], a.lineno, b.lineno
            if removed and added and i + j <= REFINE:
                # A short run: the exact diff inside it, so that lines that did not change are
                # neither shown nor have to be excused as changed.
                wanted = set(added)
                old_keys = [x if x in wanted or k not in wanted else k
                            for x, k in zip(removed, keys or removed)]
                matcher = difflib.SequenceMatcher(None, old_keys, added, autojunk=False)
                for tag, i1, i2, j1, j2 in matcher.get_opcodes():
                    if tag != "equal":
                        yield base_a + i1 + 1, removed[i1:i2], base_b + j1 + 1, added[j1:j2], False
                        continue
                    for t in range(i2 - i1):
                        old, new = removed[i1 + t], added[j1 + t]
                        if old == new:
                            on_equal(base_a + i1 + t + 1, base_b + j1 + t + 1, old)
                        else:
                            yield base_a + i1 + t + 1, [old], base_b + j1 + t + 1, [new], True
            else:
                yield base_a + 1, removed, base_b + 1, added, False
            a.drop(i)
            b.drop(j)
    finally:
        a.close()
        b.close()


def text(line):
    if isinstance(line, bytes):
        line = line.decode("utf-8", "backslashreplace")
    return line[:-1] if line.endswith("\n") else line


def same_json(a, b):
    """True when both lines are JSON and hold the same value, the keys of objects in any order
    (Python's dicts compare so); numbers compare as written."""
    try:
        return json.loads(a, parse_float=str, parse_int=str) == json.loads(b, parse_float=str, parse_int=str)
    except ValueError:
        return False


def excuse(removed, added, entries, used):
    """Marks the changed lines (text) the entries excuse: a pair the rewrites turn one into the
    other, or a line a `removed`/`added` pattern is found in. Returns the old and new flags."""
    old_ok, new_ok = [False] * len(removed), [False] * len(added)
    unordered = [e for e in entries if e.json]
    if unordered and len(removed) == len(added):
        for k, line in enumerate(removed):
            if same_json(line, added[k]):
                old_ok[k] = new_ok[k] = True
                used.update(e.where for e in unordered)
    rewrites = [e for e in entries if e.rewrite is not None]
    if rewrites and len(removed) == len(added):
        for k, line in enumerate(removed):
            touched = []
            for e in rewrites:
                changed = e.rewrite.sub(e.repl, line)
                if changed != line:
                    touched.append(e.where)
                    line = changed
            if touched and line == added[k]:
                old_ok[k] = new_ok[k] = True
                used.update(touched)
    for lines, ok, attr in ((removed, old_ok, "removed"), (added, new_ok, "added")):
        for k, line in enumerate(lines):
            if ok[k]:
                continue
            for e in entries:
                regex = getattr(e, attr)
                if regex is not None and regex.search(line):
                    ok[k] = True
                    used.add(e.where)
                    break
    return old_ok, new_ok


def visible(line):
    """Control characters (C0 but tab, DEL, C1) written as \\xNN."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", line)


def shorten(line, other=None):
    """A line for showing: control characters escaped, cut to LONG_LINE characters, around
    where it differs from `other` if given."""
    line = visible(line)
    if len(line) <= LONG_LINE:
        return line
    start = 0
    if other is not None:
        other = visible(other)
        n = min(len(line), len(other))
        p = 0
        while p < n and line[p] == other[p]:
            p += 1
        start = max(0, p - LONG_LINE // 3)
    end = start + LONG_LINE
    return ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")


class DiffView:
    """The first lines of a unified diff (CONTEXT lines of context, runs closer than twice that
    merged) of the changed lines that are not excused."""

    def __init__(self, label, limit):
        self.label, self.limit = label, limit
        self.blocks, self.size, self.more = [], 0, 0
        self.context = collections.deque(maxlen=CONTEXT)
        self.last_shown = 0  # the last old line number shown
        self.open = None  # the block still taking context lines

    def close(self):
        blk, self.open = self.open, None
        if blk is not None and blk["post"] > CONTEXT:
            cut = blk["post"] - CONTEXT
            del blk["lines"][-cut:]
            blk["na"] -= cut
            blk["nb"] -= cut
            self.last_shown -= cut

    def equal(self, na, nb, line):
        self.context.append((na, nb, line))
        blk = self.open
        if blk is not None:
            if blk["post"] == 2 * CONTEXT:
                self.close()
                return
            blk["lines"].append((" ", line))
            blk["na"] += 1
            blk["nb"] += 1
            blk["post"] += 1
            self.last_shown = na

    def skip(self):
        """A changed run that is all excused: ends the context on both sides of it."""
        self.close()
        self.context.clear()

    def change(self, a0, b0, removed, added, lengths, excused):
        """A changed run from old line a0 (new line b0) of lengths (old, new) lines: the lines of
        it that are not excused, and how many were."""
        if self.size >= self.limit:
            self.more += len(removed) + len(added)
            self.close()
            return
        blk = self.open
        if blk is None:
            pre = [(na, nb, line) for na, nb, line in self.context if self.last_shown < na < a0]
            blk = {"a0": pre[0][0] if pre else a0, "b0": pre[0][1] if pre else b0,
                   "lines": [(" ", line) for _, _, line in pre], "na": len(pre), "nb": len(pre)}
            self.blocks.append(blk)
            self.open = blk
        self.context.clear()
        if excused:
            blk["lines"].append(("~", f"({excused} changed lines excused by intended.txt not shown)"))
        blk["lines"] += [("-", line) for line in removed] + [("+", line) for line in added]
        blk["na"] += lengths[0]
        blk["nb"] += lengths[1]
        blk["post"] = 0
        self.size = sum(len(b["lines"]) + 1 for b in self.blocks)
        self.last_shown = a0 + lengths[0] - 1

    def render(self):
        self.close()
        if not self.blocks:
            return []
        out = [f"--- old {self.label}", f"+++ new {self.label}"]
        for blk in self.blocks:
            out.append(f"@@ -{blk['a0']},{blk['na']} +{blk['b0']},{blk['nb']} @@")
            # A long changed line is shown around where it differs from its counterpart.
            minus = [text(x) for m, x in blk["lines"] if m == "-"]
            plus = [text(x) for m, x in blk["lines"] if m == "+"]
            paired = len(minus) == len(plus)
            seen = {"-": 0, "+": 0}
            for mark, line in blk["lines"]:
                if mark == "~":
                    out.append("  " + line)
                    continue
                other = None
                if mark != " ":
                    k = seen[mark]
                    seen[mark] += 1
                    if paired:
                        other = plus[k] if mark == "-" else minus[k]
                out.append(mark + shorten(text(line), other))
                if mark != " " and not line.endswith(b"\n"):
                    out.append("\\ No newline at end of file")
        if len(out) > self.limit:
            out = out[: self.limit] + [f"… ({len(out) - self.limit} more diff lines)"]
        elif self.more:
            out.append(f"… ({self.more} more changed lines)")
        return out


def compare_stream(pa, pb, label, entries, limit):
    """Compares two output files line by line. Returns the changed line counts, how many are not
    excused, the entries used and the start of the diff of what is not excused."""
    result = {"removed": 0, "added": 0, "unexcused": 0, "used": set()}
    view = DiffView(label, limit)
    rewrite = Rewriter(entries)
    for a0, removed_b, b0, added_b, rewritten in hunks(pa, pb, view.equal, rewrite):
        result["removed"] += len(removed_b)
        result["added"] += len(added_b)
        if rewritten:
            result["used"].update(rewrite(removed_b[0])[1])
            view.skip()
            continue
        removed, added = [text(x) for x in removed_b], [text(x) for x in added_b]
        old_ok, new_ok = excuse(removed, added, entries, result["used"])
        bad = old_ok.count(False) + new_ok.count(False)
        if not bad:
            view.skip()
            continue
        result["unexcused"] += bad
        view.change(a0, b0, [x for x, ok in zip(removed_b, old_ok) if not ok][:limit],
                    [x for x, ok in zip(added_b, new_ok) if not ok][:limit],
                    (len(removed_b), len(added_b)), len(removed) + len(added) - bad)
    if result["removed"] == 0 and result["added"] == 0:
        # Cannot happen when the bytes differ; kept so that a difference is never lost.
        result["unexcused"] = 1
    result["diff"] = view.render()
    return result


# ------------------------------------------------------------------------------------------------
# Running the cases (in worker processes)

CONFIG = {}


def init_worker(config):
    CONFIG.update(config)
    scratch = os.path.join(config["work"], "scratch", str(os.getpid()))
    os.makedirs(scratch, exist_ok=True)
    CONFIG["scratch"] = scratch


def run_binary(binary, args, out, err):
    """Runs binary ARGS in the work folder, standard output and error to the files out and err;
    returns the exit code as text ("1", "signal 11", "timeout after 900 s")."""
    with open(out, "wb") as fo, open(err, "wb") as fe:
        try:
            proc = subprocess.run([binary] + args, stdin=subprocess.DEVNULL, stdout=fo, stderr=fe,
                                  cwd=CONFIG["work"], timeout=CONFIG["timeout"])
            code = str(proc.returncode) if proc.returncode >= 0 else f"signal {-proc.returncode}"
        except subprocess.TimeoutExpired:
            code = f"timeout after {CONFIG['timeout']} s"
    return code


def run_case(case):
    index, args, command, path = case["index"], case["args"], case["command"], case["path"]
    scratch = CONFIG["scratch"]
    files, codes = {}, {}
    for side in ("old", "new"):
        out, err = os.path.join(scratch, side + ".stdout"), os.path.join(scratch, side + ".stderr")
        codes[side] = run_binary(CONFIG[side], args, out, err)
        files[side] = {"stdout": out, "stderr": err}
    result = {"index": index, "status": "identical", "streams": {}, "used": set(), "codes": codes}
    entries = CONFIG["entries"]
    for stream in STREAMS:
        scope = [e for e in entries if e.applies(command, path, stream)]
        if stream == "exit":
            if codes["old"] == codes["new"]:
                continue
            used = set()
            old_ok, new_ok = excuse([codes["old"]], [codes["new"]], scope, used)
            bad = old_ok.count(False) + new_ok.count(False)
            info = {"removed": 1, "added": 1, "unexcused": bad, "used": used, "diff": []}
        else:
            pa, pb = files["old"][stream], files["new"][stream]
            if same_bytes(pa, pb):
                continue
            info = compare_stream(pa, pb, stream, scope, CONFIG["diff_lines"])
        result["streams"][stream] = info
        result["used"] |= info["used"]
    if result["streams"]:
        bad = any(info["unexcused"] for info in result["streams"].values())
        result["status"] = "different" if bad else "intended"
        if CONFIG["keep"]:
            keep = os.path.join(CONFIG["keep"], result["status"], f"{index:05d}-{case['slug']}")
            os.makedirs(keep, exist_ok=True)
            for side in ("old", "new"):
                for stream in ("stdout", "stderr"):
                    shutil.copyfile(files[side][stream], os.path.join(keep, f"{side}.{stream}"))
            with open(os.path.join(keep, "case.txt"), "w", encoding="utf-8") as f:
                f.write(f"command: floe {shlex.join(args)}\n(run in {CONFIG['work']})\n")
                f.write(f"exit: old {codes['old']}, new {codes['new']}\n")
                f.write(f"status: {result['status']}\n")
    return result


# ------------------------------------------------------------------------------------------------
# Inputs


def default_shared():
    env = os.environ.get("FLOE_SHARED")
    return env if env else os.path.join(os.path.dirname(ROOT), "shared")


def sample_inputs(samples):
    """samples/**/*.pgn, as (path relative to the work folder, variant option sets)."""
    found = []
    for folder, dirs, names in os.walk(samples):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".pgn"):
                rel = os.path.relpath(os.path.join(folder, name), samples)
                orthodox = rel.split(os.sep)[0] == "orthodox"
                found.append(("samples/" + rel.replace(os.sep, "/"), [[], STANDARD] if orthodox else [[]]))
    return found


def corpus_inputs(corpora):
    """Every .pgn, ice-age/*.txt and chess-library-fuzz/* without extension. The orthodox ones
    run with and without --variant standard (without it they are read as Ice Age)."""
    found = []
    for folder, dirs, names in os.walk(corpora):
        dirs.sort()
        rel_folder = os.path.relpath(folder, corpora).replace(os.sep, "/")
        top = rel_folder.split("/")[0]
        for name in sorted(names):
            take = (
                name.endswith(".pgn")
                or (top == "ice-age" and name.endswith(".txt"))
                or (top == "chess-library-fuzz" and "." not in name)
            )
            if take:
                rel = name if rel_folder == "." else rel_folder + "/" + name
                found.append(("corpora/" + rel, [[]] if top == "ice-age" else [[], STANDARD]))
    return found


def generate_variants(old):
    """The variants the old binary's `generate` accepts: those its --help names and the known
    ones, each tried with --games 0."""
    names = list(KNOWN_VARIANTS)
    try:
        help_text = subprocess.run([old, "generate", "--help"], capture_output=True, text=True,
                                   timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        help_text = ""
    lines = help_text.splitlines()
    for k, line in enumerate(lines):
        if "--variant" in line:
            block = [line] + [x for x in lines[k + 1 : k + 3] if not x.lstrip().startswith("-")]
            names += re.findall(r'"([^"]+)"', " ".join(block))
    seen, accepted, refused = set(), [], []
    for name in names:
        key = re.sub(r"[\s_-]", "", name.lower())
        if key in seen:
            continue
        seen.add(key)
        probe = subprocess.run([old, "generate", "--variant", name, "--games", "0"],
                               capture_output=True, timeout=60)
        (accepted if probe.returncode == 0 else refused).append(name)
    return accepted, refused


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def make_cases(inputs):
    """inputs: (path, [option sets], matrix, weight). One case per command line, in input
    order; the weight (a guess at the run time) lets the slow ones start first."""
    cases = []
    for path, option_sets, matrix, weight in inputs:
        for options in option_sets:
            for line in matrix:
                args = line + options + [path]
                command = shlex.join(line + options)
                cases.append({"args": args, "command": command, "path": path, "input": shlex.join(options + [path]),
                              "display": "floe " + shlex.join(args),
                              "slug": slug(path + "-" + command)[:120],
                              "weight": weight * (3 if line[0] in ("convert", "fen", "validate") else 1)})
    for k, case in enumerate(cases):
        case["index"] = k
    return cases


# ------------------------------------------------------------------------------------------------
# Report


def report(cases, results, entries, args, seconds, notes):
    counts = collections.Counter(r["status"] for r in results)
    out = []
    out.append(f"floe compare: old {args.old}")
    out.append(f"              new {args.new}")
    out += notes
    inputs = {c["input"] for c in cases}
    files = {c["path"] for c in cases}
    out.append(f"compared: {len(inputs)} inputs ({len(files)} files, with their variant options) × commands "
               f"= {len(results)} comparisons, {2 * len(results)} runs, in {seconds:.0f} s with {args.jobs} jobs")
    out.append(f"  identical {counts['identical']}, intended {counts['intended']}, different {counts['different']}")
    different = [r for r in results if r["status"] == "different"]
    if different:
        table = collections.Counter()
        for r in different:
            case = cases[r["index"]]
            for stream, info in r["streams"].items():
                if info["unexcused"]:
                    table[(case["command"].split(" --variant")[0], stream)] += 1
        out.append("")
        out.append("Different, by command line and stream:")
        for (command, stream), n in sorted(table.items()):
            out.append(f"  {n:6d}  {command}  [{stream}]")
        out.append("")
        out.append(f"DIFFERENT ({len(different)}):")
        for r in sorted(different, key=lambda r: r["index"]):
            case = cases[r["index"]]
            out.append("")
            out.append(case["display"])
            for stream in STREAMS:
                info = r["streams"].get(stream)
                if info is None:
                    continue
                if stream == "exit":
                    state = "not excused" if info["unexcused"] else "excused"
                    out.append(f"  exit code differs: old {r['codes']['old']}, new {r['codes']['new']} ({state})")
                    continue
                out.append(f"  {stream} differs: {info['removed']} lines removed, {info['added']} added, "
                           f"{info['unexcused']} not excused")
                out += ["    " + line for line in info["diff"]]
    out.append("")
    if entries:
        uses = collections.defaultdict(list)
        for r in results:
            for where in r["used"]:
                uses[where].append(r)
        out.append(f"Intended differences ({os.path.basename(args.intended)}):")
        for e in entries:
            hits = uses.get(e.where, [])
            out.append(f"  {e.where}: {e.reason} — {len(hits)} comparisons"
                       + ("" if hits else " (unused: nothing differed this way)"))
            hits = sorted(hits, key=lambda r: r["index"])
            shown = hits if args.verbose else hits[:5]
            for r in shown:
                mark = "" if r["status"] == "intended" else "  (also has other differences)"
                out.append(f"      {cases[r['index']]['display']}{mark}")
            if len(hits) > len(shown):
                out.append(f"      … and {len(hits) - len(shown)} more (--verbose lists them)")
    else:
        out.append("Intended differences: none listed.")
    out.append("")
    if different:
        out.append(f"FAIL: {len(different)} comparisons differ in ways intended.txt does not list")
    else:
        out.append(f"OK: no unintended differences ({counts['intended']} intended)")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(
        description="Compare two floe binaries on samples, corpora and generated games.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Exit code: 0 when every difference is intended, 1 otherwise, 2 on a usage error.")
    parser.add_argument("--old", default=os.environ.get("FLOE_COMPARE_OLD"),
                        help="the older floe binary (default: $FLOE_COMPARE_OLD)")
    parser.add_argument("--new", required=True, help="the newer floe binary")
    parser.add_argument("--shared", default=default_shared(),
                        help="the shared folder with corpora/ (default: $FLOE_SHARED or ../shared beside the checkout)")
    parser.add_argument("--samples", default=os.path.join(ROOT, "samples"), help="the samples folder (default: this checkout's)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--generated", type=int, default=1000, metavar="N",
                        help="games generated per variant by the old binary (default 1000; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="seed for generate (default 1)")
    parser.add_argument("--book", action="store_true",
                        help="also the unpacked GNU book (validate, fen --all, convert --moves san with --variant standard)")
    parser.add_argument("--only", metavar="SUBSTRING",
                        help="only the command lines (as `floe ARGS PATH`) that contain SUBSTRING")
    parser.add_argument("--keep", metavar="DIR", help="save both outputs of every difference under DIR")
    parser.add_argument("--intended", default=DEFAULT_INTENDED, help="the intended differences (default: tests/compare/intended.txt)")
    parser.add_argument("--diff-lines", type=int, default=20, help="lines of diff shown per stream (default 20)")
    parser.add_argument("--timeout", type=int, default=900, help="seconds allowed per run (default 900)")
    parser.add_argument("--list", action="store_true", help="list the command lines and stop")
    parser.add_argument("--verbose", action="store_true", help="list every comparison an intended entry excused")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    parser.add_argument("--skip-without-old", action="store_true",
                        help="exit 77 (skipped, for CTest) when no old binary is given")
    args = parser.parse_args()

    if not args.old:
        if args.skip_without_old:
            print("compare: no old binary (set FLOE_COMPARE_OLD or pass --old); skipped")
            return 77
        parser.error("--old is required (or set FLOE_COMPARE_OLD)")
    for name in ("old", "new"):
        path = os.path.abspath(getattr(args, name))
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            parser.error(f"--{name} {path} is not an executable file")
        setattr(args, name, path)
    corpora = os.path.join(os.path.abspath(args.shared), "corpora")
    if not os.path.isdir(corpora):
        parser.error(f"no corpora in {corpora} (pass --shared DIR or set FLOE_SHARED)")
    samples = os.path.abspath(args.samples)
    if args.keep and os.path.isdir(args.keep) and os.listdir(args.keep):
        parser.error(f"--keep {args.keep} is not empty: give a new or empty folder")
    try:
        entries = parse_intended(args.intended)
    except (OSError, ValueError) as error:
        print(f"compare: {error}", file=sys.stderr)
        return 2
    args.jobs = max(1, args.jobs)

    work = tempfile.mkdtemp(prefix="floe-compare-")
    links = [os.path.join(work, "samples"), os.path.join(work, "corpora")]
    os.symlink(samples, links[0])
    os.symlink(corpora, links[1])
    os.makedirs(os.path.join(work, "generated"))
    started = time.monotonic()
    notes = []
    try:
        inputs = [(path, options, MATRIX, 1) for path, options in sample_inputs(samples)]
        inputs += [(path, options, MATRIX, 1) for path, options in corpus_inputs(corpora)]
        generated = []
        if args.generated > 0:
            variants, refused = generate_variants(args.old)
            game = min(500, args.generated)
            for name in variants:
                path = f"generated/{slug(name)}.pgn"
                matrix = MATRIX + (later_game_matrix(game) if game > 1 else [])
                weight = args.generated * (40 if "glacial" in slug(name) else 1)
                generated.append((path, name))
                inputs.append((path, [["--variant", name]], matrix, weight))
            notes.append(f"generated: {args.generated} games each (seed {args.seed}, by the old binary): "
                         + ", ".join(variants) + (f"; refused by it: {', '.join(refused)}" if refused else ""))
        if args.book:
            os.makedirs(os.path.join(work, "book"))
            inputs.append(("book/book_1.02.pgn", [STANDARD], BOOK_MATRIX, 10**6))
        cases = make_cases(inputs)
        if args.only:
            cases = [c for c in cases if args.only in c["display"]]
            for k, case in enumerate(cases):
                case["index"] = k
        if args.list:
            for case in cases:
                print(case["display"])
            return 0
        needed = {c["path"] for c in cases}

        # The generated files (and the book), made once, in parallel.
        def make(job):
            kind, path, name = job
            target = os.path.join(work, path)
            if kind == "book":
                with lzma.open(os.path.join(corpora, BOOK_XZ)) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
                return None
            with open(target, "wb") as dst:
                proc = subprocess.run([args.old, "generate", "--variant", name, "--games", str(args.generated),
                                       "--seed", str(args.seed)], stdout=dst, stderr=subprocess.PIPE)
            if proc.returncode != 0:
                return f"{path}: the old binary's generate failed (exit {proc.returncode}): {proc.stderr.decode(errors='replace').strip()}"
            return None

        jobs = [("gen", path, name) for path, name in generated if path in needed]
        if "book/book_1.02.pgn" in needed:
            jobs.append(("book", "book/book_1.02.pgn", None))
        if jobs:
            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                for problem in pool.map(make, jobs):
                    if problem:
                        print(f"compare: {problem}", file=sys.stderr)
                        return 2
        notes.append(f"inputs made in {time.monotonic() - started:.0f} s; runs in {work} (paths below are relative to it)")

        config = {"old": args.old, "new": args.new, "work": work, "timeout": args.timeout,
                  "entries": entries, "keep": os.path.abspath(args.keep) if args.keep else None,
                  "diff_lines": args.diff_lines}
        order = sorted(cases, key=lambda c: -c["weight"])
        results, last = [], time.monotonic()
        with multiprocessing.Pool(args.jobs, initializer=init_worker, initargs=(config,)) as pool:
            for result in pool.imap_unordered(run_case, order, chunksize=1):
                results.append(result)
                if not args.quiet and time.monotonic() - last > 15:
                    last = time.monotonic()
                    bad = sum(r["status"] == "different" for r in results)
                    print(f"compare: {len(results)}/{len(cases)} compared, {bad} different, "
                          f"{last - started:.0f} s", file=sys.stderr, flush=True)
        print(report(cases, results, entries, args, time.monotonic() - started, notes))
        return 1 if any(r["status"] == "different" for r in results) else 0
    finally:
        for link in links:
            os.unlink(link)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
