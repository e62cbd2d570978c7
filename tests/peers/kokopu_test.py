#!/usr/bin/env python3
"""kokopu's expectations as tests (issue 24, item 6; docs/conformance.md section 9).

kokopu's test records (shared/corpora/kokopu-test-pgns/<case>/database.pgn) come with, per game
N (from 0), either an expected error `N.err` (character index, line, message) or an expected dump
`N.txt` (tags, main-line moves, result). This reads every case with floe and compares mechanically:
- the number of games;
- each expected error: floe reports an error in that game, at the same line and character;
- each expected dump: floe reads that game without an error, with the same main-line SAN moves.

Every difference is listed by its key below, with its reason in docs/conformance.md section 9.
The test fails when a difference appears that is not listed, or a listed one disappears.

Usage: kokopu_test.py FLOE SHARED_DIR     (exit 77: the corpus is not there)
"""
import json
import pathlib
import re
import subprocess
import sys

# The known differences: key -> what floe reads (docs/conformance.md section 9 gives the why).
EXPECTED = {
    "antichess/0": "game has unsupported-variant at 9:1; kokopu reads it",
    "antichess/1": "game has unsupported-variant at 24:1; kokopu reads it",
    "horde/0": "game has unsupported-variant at 7:1; kokopu reads it",
    "misc/1": "game has unreadable-move at 14:32; kokopu reads it",
    "misc/6": "game has null-move at 89:6; kokopu reads it",
    "misc/9": "game has unreadable-move at 117:6; kokopu reads it",
    "misc/games": "16 games; kokopu 15",
    "optional-kings/0": "game has unsupported-variant at 5:1; kokopu reads it",
    "optional-kings/1": "game has unsupported-variant at 15:1; kokopu reads it",
    "optional-kings/2": "game has unsupported-variant at 25:1; kokopu reads it",
    "redos-comment/0": "error at 3:7 (unterminated-comment); kokopu: 3:8",
    "redos-header/0": "error at 2:1 (unterminated-tag); kokopu: 2:8",
    "semantic-error/2": "error at 13:7 (fen-syntax); kokopu: 13:6",
    "semantic-error/3": "error at 19:1 (unsupported-variant); kokopu: 19:10",
    "semantic-error/4": "no error; kokopu: 27:10",
    # `Pe4`: the pawn's letter, read with the warning pawn-letter (docs/conformance.md section 9).
    "syntactic-error-1/1": "no error; kokopu: 8:4",
    "syntactic-error-1/10": "no error; kokopu: 64:4",
    "syntactic-error-1/7": "no error; kokopu: 44:4",
    "syntactic-error-1/9": "no error; kokopu: 58:13",
    "syntactic-error-1/12": "error at 76:10 (unbalanced-variation); kokopu: 76:19",
    "syntactic-error-1/13": "no error; kokopu: 81:11",
    "syntactic-error-1/15": "no error; kokopu: 93:1",
    "syntactic-error-1/17": "error at 103:1 (unterminated-tag); kokopu: 105:1",
    "syntactic-error-1/18": "no error; kokopu: 109:2",
    "syntactic-error-1/19": "error at 115:1 (unterminated-tag); kokopu: 115:19",
    "syntactic-error-1/2": "error at 12:1 (unterminated-tag); kokopu: 12:2",
    "syntactic-error-1/3": "error at 18:1 (unterminated-tag); kokopu: 18:6",
    "syntactic-error-1/4": "error at 24:1 (unterminated-tag); kokopu: 24:8",
    "syntactic-error-1/5": "no error; kokopu: 31:20",
    "syntactic-error-1/8": "error at 48:1 (unterminated-tag); kokopu: 48:8",
    "syntactic-error-1/games": "23 games; kokopu 21",
    "syntactic-error-4/0": "error at 3:7 (unterminated-comment); kokopu: 3:8",
    "syntactic-error-4/games": "2 games; kokopu 1",
    "syntactic-error-5/0": "error at 2:1 (unterminated-tag); kokopu: 2:8",
}


def run(floe, args, path):
    return subprocess.run([floe] + args + [str(path)], capture_output=True, text=True,
                          encoding="utf-8", errors="replace")


def floe_reading(floe, path):
    """floe's games: their count, every error [(line, column, code, game)], and per game (from 1)
    its tags and main-line SANs."""
    errors = []
    games = 0
    for line in run(floe, ["validate", "--to", "json", "--variant", "standard"], path).stdout.splitlines():
        j = json.loads(line)
        if "code" in j:
            if j["severity"] == "error":
                errors.append((j["line"], j["column"], j["code"], j["game"]))
        else:
            games = j["games"]
    read = {}
    out = run(floe, ["convert", "--to", "json", "--variant", "standard"], path).stdout
    for line in out.splitlines():
        j = json.loads(line)
        if "game" in j and "moves" in j:
            # The main line's plies: since schema_version 2 "moves" is a flat list of nodes.
            plies = [n for n in j["moves"] or [] if n["kind"] == "ply" and n["line"] == 0]
            read[j["game"]] = (j.get("tags", {}), [p["san"] for p in plies])
    return games, errors, read


def line_and_column(text, index):
    """kokopu's character index as a 1-based line and column (code points; CR, LF, CRLF)."""
    line, column, i = 1, 1, 0
    while i < index and i < len(text):
        c = text[i]
        if c == "\r" and i + 1 < len(text) and text[i + 1] == "\n":
            i += 1
        if c in "\r\n":
            line, column = line + 1, 1
        else:
            column += 1
        i += 1
    return line, column


DUMP_MOVE = re.compile(r"^\[\d+[wb]\]\s+\(\d+[wb]\) (\S+)")


DUMP_TAG = re.compile(r"^(Event|Site|White|Black|Annotator) = \{(.*)\}$")


def dump_game(dump_lines, n, read):
    """The floe game that kokopu's dump N is about: the one game whose tags hold the dump's
    Event, Site, White, Black and Annotator (games are told apart by them, and index N
    shifts when floe splits a game), else the N+1-th."""
    want = dict(m.groups() for m in (DUMP_TAG.match(l) for l in dump_lines) if m)
    if want:
        same = [g for g, (tags, _) in read.items()
                if all(tags.get(k) == v for k, v in want.items())]
        if len(same) == 1:
            return same[0]
    return n + 1


def compare_case(floe, case):
    """The differences of one case, as {key: description}."""
    database = case / "database.pgn"
    # kokopu counts characters of the decoded text; a BOM is no character of it.
    text = database.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff")
    games, errors, read = floe_reading(floe, database)
    expected_games = 0
    previous_line = 0
    out = {}
    for f in sorted(case.iterdir(), key=lambda f: (f.suffix, int(f.stem) if f.stem.isdigit() else -1)):
        if f.suffix not in (".err", ".txt"):
            continue
        n = int(f.stem)
        expected_games = max(expected_games, n + 1)
        key = f"{case.name}/{n}"
        if f.suffix == ".err":
            index, line = (int(x) for x in f.read_text().splitlines()[:2])
            want = line_and_column(text, index)
            on_line = [e for e in errors if e[0] == want[0]]
            if want[0] != line:
                out[key] = f"kokopu's index {index} is not on its line {line}"
            elif not on_line:
                # floe's last error before kokopu's line, after the previous expected one.
                done = {e[3] for e in errors if e[0] == previous_line}
                before = [e for e in errors
                          if previous_line < e[0] < want[0] and e[3] not in done]
                out[key] = (f"error at {before[-1][0]}:{before[-1][1]} ({before[-1][2]})"
                            if before else "no error") + f"; kokopu: {want[0]}:{want[1]}"
            elif not any(e[1] == want[1] for e in on_line):
                e = on_line[0]
                out[key] = f"error at {e[0]}:{e[1]} ({e[2]}); kokopu: {want[0]}:{want[1]}"
            previous_line = want[0]
        else:
            dump = f.read_text(encoding="utf-8").splitlines()
            sans = [m.group(1) for m in (DUMP_MOVE.match(l) for l in dump) if m]
            game = dump_game(dump, n, read)
            got = [e for e in errors if e[3] == game]
            if got:
                out[key] = f"game has {got[0][2]} at {got[0][0]}:{got[0][1]}; kokopu reads it"
            elif read.get(game, ({}, []))[1] != sans:
                out[key] = f"main line {read.get(game, ({}, []))[1]}; kokopu {sans}"
    if games != expected_games:
        out[f"{case.name}/games"] = f"{games} games; kokopu {expected_games}"
    return out


def main():
    floe, shared = sys.argv[1], pathlib.Path(sys.argv[2])
    root = shared / "corpora" / "kokopu-test-pgns"
    if not root.is_dir():
        print(f"skipped: {root} not found")
        return 77
    found = {}
    for case in sorted(p for p in root.iterdir() if p.is_dir()):
        found.update(compare_case(floe, case))
    if "--list" in sys.argv:
        for k, v in sorted(found.items()):
            print(f'    "{k}": "{v}",')
        return 0
    ok = True
    for k in sorted(set(found) | set(EXPECTED)):
        if found.get(k) != EXPECTED.get(k):
            ok = False
            print(f"{k}:\n  expected: {EXPECTED.get(k)}\n  found:    {found.get(k)}")
    print("kokopu expectations: " + ("as listed" if ok else "DIFFERENT from the list"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
