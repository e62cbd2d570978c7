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
    "antichess/0": "game has unsupported-variant (Antichess); kokopu reads it",
    "antichess/1": "game has unsupported-variant (Antichess); kokopu reads it",
    "horde/0": "game has unsupported-variant (Horde); kokopu reads it",
    "misc/14": "game has illegal-move at 2:41; kokopu reads it",
    "optional-kings/0": "game has fen-king-count at 4:7; kokopu reads it",
    "optional-kings/1": "game has fen-king-count at 3:7; kokopu reads it",
    "optional-kings/2": "game has fen-king-count at 3:7; kokopu reads it",
    "semantic-error/3": "error at 27:28 (unsupported-variant is reported at its tag 19:1) "
                        "- wait",
}


def run(floe, args, path):
    return subprocess.run([floe] + args + [str(path)], capture_output=True, text=True,
                          encoding="utf-8", errors="replace")


def floe_reading(floe, path):
    """Per game (from 1): its errors [(line, column, code)], and its main-line SANs."""
    errors = {}
    games = 0
    for line in run(floe, ["validate", "--json", "--variant", "standard"], path).stdout.splitlines():
        j = json.loads(line)
        if "code" in j:
            if j["severity"] == "error":
                errors.setdefault(j["game"], []).append((j["line"], j["column"], j["code"]))
        else:
            games = j["games"]
    moves = {}
    out = run(floe, ["convert", "--to", "json", "--variant", "standard"], path).stdout
    for line in out.splitlines():
        j = json.loads(line)
        if "game" in j and "moves" in j:
            moves[j["game"]] = [p["san"] for p in (j["moves"] or {}).get("plies", [])]
    return games, errors, moves


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


def compare_case(floe, case):
    """The differences of one case, as {key: description}."""
    database = case / "database.pgn"
    raw = database.read_bytes()
    # kokopu counts characters of the decoded text; a BOM is no character of it.
    text = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
    games, errors, moves = floe_reading(floe, database)
    expected_games = 0
    out = {}
    for f in sorted(case.iterdir()):
        if f.suffix not in (".err", ".txt"):
            continue
        n = int(f.stem)
        expected_games = max(expected_games, n + 1)
        key = f"{case.name}/{n}"
        got = errors.get(n + 1, [])
        if f.suffix == ".err":
            index, line = (int(x) for x in f.read_text().splitlines()[:2])
            want = line_and_column(text, index)
            if want[0] != line:
                out[key] = f"kokopu's index {index} is not on its line {line}"
            elif not got:
                out[key] = f"no error; kokopu: error at {want[0]}:{want[1]}"
            elif (got[0][0], got[0][1]) != want:
                out[key] = f"error at {got[0][0]}:{got[0][1]} ({got[0][2]}); kokopu: {want[0]}:{want[1]}"
        else:
            dump = f.read_text(encoding="utf-8").splitlines()
            sans = [m.group(1) for m in (DUMP_MOVE.match(l) for l in dump) if m]
            if got:
                out[key] = f"game has {got[0][2]} at {got[0][0]}:{got[0][1]}; kokopu reads it"
            elif moves.get(n + 1, []) != sans:
                out[key] = f"main line {moves.get(n + 1)}; kokopu {sans}"
    if games < expected_games:
        out[f"{case.name}/games"] = f"{games} games; kokopu at least {expected_games}"
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
