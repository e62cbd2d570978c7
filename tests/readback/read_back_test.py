#!/usr/bin/env python3
"""Everything floe writes reads back (issue 24, item 3; docs/rules/notation.md §3.3).

For each input (generated games in every variant, a made-up record with the forms generated
games lack, and the excerpts of the shared corpora), every record form that `convert` and
`select` write is read back by floe with the input's options, and must give:

  positions  `fen --all` of the output == `fen --all` of the input, byte for byte (every game's
             main-line positions, its start included);
  tags       each game's tags as floe writes them (`convert` of the input, read by `convert
             --to json`) == those of the output read back (`select` as read: the input's own;
             after `--strip tags`: the tags it keeps; after `--add-tags`: less the added ones),
             and the same variant and result;
  games      as many games, and the same games with an error.

A game with an error stays broken, and what is comparable is compared: the writer writes the
moves before the failing token and keeps the rest in a `{[%floe CODE] ...}` comment
(docs/rules/notation.md §7.5), so the positions read back are those up to the error (fen --all
prints exactly these for the input too), and the game still has an error where the input had
one. A game floe cannot set up (an unsupported variant) has no positions either way.

The forms: for each move notation (san, lan, uci, figurine), with move numbers, without
(`--no-move-numbers`), and after `--strip comments,nags,variations,tags`; `convert` as it is and
with each `--strip` alone and with `--add-tags PlyCount,FEN`; `select` as read, `select
--canonical`, and `select --moves` in each notation.

`convert --moves uci --no-move-numbers` is an engine-input form, not a record: one line per game,
the main line in UCI (after `fen FEN moves` when the game has a FEN tag), a broken game's line
ending in its marker comment. Its property: each line, read as a game of the input game's variant
(convert --to json's "variant") and start, gives that game's positions.

Usage: read_back_test.py FLOE SOURCE_DIR SHARED_DIR [--book FILE] [--jobs N] [--only NAME]
                         [--extra FILE...]
Exit status 0 when every property holds, 1 otherwise (each failure printed), 77 when the shared
corpora are missing.
"""

import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading

NOTATIONS = ("san", "lan", "uci", "figurine")
STRIP_ALL = "comments,nags,variations,tags"
# The tags `--strip tags` keeps (docs/commands.md): the roster, Variant, FEN and SetUp.
KEPT_TAGS = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "Yellow", "Green",
             "Blue", "Red", "Variant", "FEN", "SetUp"}
ADDED_TAGS = {"PlyCount", "FEN", "SetUp", "Variant"}
VARIANTS = ("Ice Age", "Ice Age vchess", "Standard", "Crazyhouse", "Chess960", "Glacial Shift")


def forms():
    """(name, command, tag filter) of every record form."""
    out = [("convert", ["convert"], None)]
    for strip in ("comments", "nags", "variations", "tags"):
        out.append(("convert --strip " + strip, ["convert", "--strip", strip],
                    "kept" if strip == "tags" else None))
    out.append(("convert --add-tags PlyCount,FEN", ["convert", "--add-tags", "PlyCount,FEN"],
                "added"))
    for n in NOTATIONS:
        out.append(("convert --moves " + n, ["convert", "--moves", n], None))
        if n != "uci":  # uci without numbers is the engine-input form, checked apart
            out.append(("convert --moves %s --no-move-numbers" % n,
                        ["convert", "--moves", n, "--no-move-numbers"], None))
        out.append(("convert --moves %s --strip %s" % (n, STRIP_ALL),
                    ["convert", "--moves", n, "--strip", STRIP_ALL], "kept"))
    out.append(("select", ["select"], None))
    out.append(("select --canonical", ["select", "--canonical"], None))
    for n in NOTATIONS:
        out.append(("select --moves " + n, ["select", "--moves", n], None))
    return out


class Floe:
    def __init__(self, path):
        self.path = path

    def run(self, args, stdin=None):
        p = subprocess.run([self.path] + args, input=stdin, capture_output=True, timeout=600)
        if p.returncode not in (0, 1):
            raise RuntimeError("floe %s: exit %d\n%s" % (" ".join(args), p.returncode,
                                                         p.stderr.decode(errors="replace")))
        return p.stdout


def fen_games(text):
    """fen --all's output cut into games: lists of FEN lines (a blank line between games)."""
    lines = text.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    games = [[]]
    for line in lines:
        if line == "":
            games.append([])
        else:
            games[-1].append(line)
    return games


def read_games(floe, options, path):
    """convert --to json of a record file: per game its tags (as written, in order), variant,
    result, whether it was set up, whether its main line stopped, and whether it has an error."""
    games = []
    for line in floe.run(["convert", "--to", "json", *options, path]).splitlines():
        g = json.loads(line)
        games.append({
            "tags": list(g["tags"].items()),
            "variant": g["variant"],
            "start": g["start"],
            "result": g["result"],
            "as_read": g["moves"] is None,
            "main_stopped": g["moves"] is not None and "unplayed" in g["moves"],
            "broken": any(d["severity"] == "error" for d in g["diagnostics"]),
        })
    return games


def first_difference(a, b):
    """A short description of where two fen --all outputs differ: game, ply, lines."""
    ga, gb = fen_games(a), fen_games(b)
    if len(ga) != len(gb):
        return "%d games of positions, read back %d" % (len(ga), len(gb))
    for g, (x, y) in enumerate(zip(ga, gb), 1):
        if x != y:
            for ply, (p, q) in enumerate(zip(x, y)):
                if p != q:
                    return "game %d ply %d: %s, read back %s" % (g, ply, p, q)
            return "game %d: %d positions, read back %d" % (g, len(x), len(y))
    return "same games"


class Check:
    def __init__(self, floe, name, path, options, tmp):
        self.floe, self.name, self.path, self.options, self.tmp = floe, name, path, options, tmp
        self.failures = []

    def fail(self, form, what):
        self.failures.append("FAIL %s [%s] %s" % (self.name, form, what))

    def run(self):
        f, o = self.floe, self.options
        self.fens = f.run(["fen", "--all", *o, self.path])
        self.games = read_games(f, o, self.path)
        # The tags as floe writes them: the canonical writer's, read back.
        canonical = os.path.join(self.tmp, "canonical.pgn")
        with open(canonical, "wb") as fh:
            fh.write(f.run(["convert", *o, self.path]))
        self.canonical_tags = [g["tags"] for g in read_games(f, o, canonical)]
        self.broken = {n for n, g in enumerate(self.games, 1) if g["broken"]}
        # Games written as read (floe cannot set them up: an unsupported variant, a bad FEN
        # tag) keep every tag and byte; their errors, and those of a main line that stopped,
        # stay whatever is stripped.
        self.main_broken = {n for n, g in enumerate(self.games, 1)
                            if g["broken"] and (g["as_read"] or g["main_stopped"])}
        for name, command, tag_filter in forms():
            self.read_back(name, f.run([*command, *o, self.path]), tag_filter)
        self.engine_form()
        return self.failures

    def read_back(self, form, text, tag_filter):
        f, o = self.floe, self.options
        out = os.path.join(self.tmp, "out.pgn")
        with open(out, "wb") as fh:
            fh.write(text)
        fens = f.run(["fen", "--all", *o, out])
        if fens != self.fens:
            self.fail(form, "positions differ: " + first_difference(self.fens, fens))
        games = read_games(f, o, out)
        if len(games) != len(self.games):
            self.fail(form, "%d games, read back %d" % (len(self.games), len(games)))
            return
        broken = {n for n, g in enumerate(games, 1) if g["broken"]}
        # A game with an error stays broken, and a clean game stays clean; only stripping the
        # variations may drop an error that stood in a variation (the main line's stays).
        if "variations" in form:
            ok = self.main_broken <= broken <= self.broken
        else:
            ok = broken == self.broken
        if not ok:
            self.fail(form, "games with errors %s, read back %s" %
                      (sorted(self.broken)[:8], sorted(broken)[:8]))
        # `select` as read writes the record's own tags; every other form the canonical ones.
        expected = ([g["tags"] for g in self.games] if form == "select"
                    else self.canonical_tags)
        for number, (want, g) in enumerate(zip(expected, games), 1):
            was, tags = self.games[number - 1], g["tags"]
            if tag_filter == "kept" and not was["as_read"]:
                want = [t for t in want if t[0] in KEPT_TAGS]
            if tag_filter == "added":
                # The tags floe adds, and the Variant tag it writes with a FEN tag it adds.
                want = [t for t in want if t[0] not in ADDED_TAGS]
                tags = [t for t in tags if t[0] not in ADDED_TAGS]
            for key in ("variant", "result"):
                if g[key] != was[key]:
                    self.fail(form, "game %d: %s %s, read back %s" % (number, key, was[key],
                                                                      g[key]))
            if tags != want:
                self.fail(form, "game %d: tags %s, read back %s" % (number, want, tags))
                return

    def engine_form(self):
        """Each line of --moves uci --no-move-numbers, read with its game's variant and start."""
        f, o = self.floe, self.options
        form = "convert --moves uci --no-move-numbers"
        lines = f.run(["convert", "--moves", "uci", "--no-move-numbers", *o, self.path])
        lines = lines.decode("utf-8", "replace").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        games = self.games
        if len(lines) != len(games):
            self.fail(form, "%d lines for %d games" % (len(lines), len(games)))
            return
        expected = fen_games(self.fens)
        records, replayed = [], []
        for number, (line, game) in enumerate(zip(lines, games), 1):
            if game["as_read"]:
                # Not set up: the line is its marker alone, and the game has no positions.
                if not line.startswith("{[%floe ") or expected[number - 1]:
                    self.fail(form, "game %d: line %r for a game that was not set up" %
                              (number, line[:60]))
                continue
            tags = '[Variant "%s"]\n' % game["variant"]
            moves = line
            m = re.match(r"^fen (.*?) moves(?: (.*))?$", line)
            if m:
                tags += '[FEN "%s"]\n[SetUp "1"]\n' % m.group(1)
                moves = m.group(2) or ""
            elif game["start"] != fen_start(game["variant"]):
                self.fail(form, "game %d starts from %s but its line has no fen" %
                          (number, game["start"]))
            records.append(tags + "\n" + moves + " *\n")
            replayed.append(number)
        text = "\n".join(records).encode()
        got = fen_games(f.run(["fen", "--all", *o, "-"], stdin=text)) if records else []
        if len(got) != len(replayed):
            self.fail(form, "%d lines read back as %d games" % (len(replayed), len(got)))
            return
        for number, positions in zip(replayed, got):
            want = expected[number - 1]
            if positions != want:
                self.fail(form, "game %d: %d positions, read back %d; first difference: %s" %
                          (number, len(want), len(positions), next(
                              ("ply %d" % i for i, (p, q) in enumerate(zip(want, positions))
                               if p != q), "none")))
                return


STARTS = {}


def fen_start(variant):
    return STARTS.get(variant)


def inputs(floe, source, shared, book, tmp):
    """(name, path, options) of every input."""
    out = []
    gen = pathlib.Path(tmp) / "generated"
    gen.mkdir()
    for i, v in enumerate(VARIANTS):
        path = gen / (v.replace(" ", "-") + ".pgn")
        path.write_bytes(floe.run(["generate", "--variant", v, "--games", "60", "--seed",
                                   str(24 + i)]))
        out.append(("generate " + v, str(path), ["--variant", v]))
    made_up = pathlib.Path(source) / "tests/readback/forms.pgn"
    out.append(("forms.pgn", str(made_up), ["--allow-null-moves"]))
    corpora = pathlib.Path(shared) / "corpora"
    out.append(("book", str(book), ["--variant", "Standard"]))
    for p in sorted((corpora / "lichess-2025-05").glob("*.pgn")):
        out.append((p.name, str(p), []))
    for p in sorted((corpora / "kokopu-test-pgns").rglob("*.pgn")):
        out.append(("kokopu " + p.parent.name, str(p), []))
    for p in sorted((corpora / "python-chess-data").glob("*.pgn")):
        out.append(("python-chess " + p.name, str(p), []))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("floe")
    ap.add_argument("source")
    ap.add_argument("shared")
    ap.add_argument("--book", help="the book file (default: the 2,000-game excerpt)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="only the inputs whose name contains this")
    ap.add_argument("--extra", nargs="*", default=[],
                    help="more record files, read without options (not part of the CI set)")
    a = ap.parse_args()
    # A game of 1000 nested variations is JSON nested some thousands deep: Python's parser
    # recurses once per level, so the workers get a deep stack and limit.
    sys.setrecursionlimit(200_000)
    threading.stack_size(512 * 1024 * 1024)
    floe = Floe(a.floe)
    book = a.book or os.path.join(a.shared, "corpora/gnuchess-book/book_1.02.first2000.pgn")
    if not os.path.exists(book):
        print("skipped: no shared corpora at %s" % a.shared)
        return 77
    # The start position of each variant, for the engine form's games without a FEN tag.
    for v in VARIANTS:
        STARTS[v] = json.loads(floe.run(["convert", "--to", "json", "--variant", v, "-"],
                                        stdin=b"*\n"))["start"]
    with tempfile.TemporaryDirectory(prefix="floe-read-back-") as tmp:
        todo = [i for i in inputs(floe, a.source, a.shared, book, tmp)
                if not a.only or a.only in i[0]]
        todo += [("extra " + p, p, []) for p in a.extra]

        def check(index_and_input):
            index, (name, path, options) = index_and_input
            wd = os.path.join(tmp, str(index))
            os.mkdir(wd)
            return name, Check(floe, name, path, options, wd).run()

        failures = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for name, fails in pool.map(check, enumerate(todo)):
                for line in fails:
                    print(line)
                failures += len(fails)
                print("%-40s %s" % (name, "ok" if not fails else "%d failures" % len(fails)),
                      flush=True)
    print("%d inputs, %d forms each, %d failures" % (len(todo), len(forms()) + 1, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
