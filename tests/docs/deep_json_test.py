#!/usr/bin/env python3
"""The JSON of a game nests no deeper with deeper variations (issue 25, item 10).

A legal record with variations 900 deep gave JSON nested about 1,800 deep in schema_version 1,
and Python's json.loads raised RecursionError on it. Since schema_version 2 a game's moves are a
flat list of nodes (formats/json_writer.hpp, docs/json-schema.json). This test converts the
900-deep record, reads it with json.loads at Python's default recursion limit and with jq when
jq is installed, checks the tree its nodes describe node by node, and checks that the text
nests at most MAX_DEPTH arrays and objects deep, here and in the JSON of every sample.

Usage: deep_json_test.py FLOE SOURCE_DIR
"""

import json
import pathlib
import shutil
import subprocess
import sys

DEPTH = 900
# game object > moves > node > comments > comment > command_data > command > squares > square
MAX_DEPTH = 9


def nesting(text):
    """The deepest nesting of arrays and objects in JSON text, strings skipped."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def expected_nodes():
    """The nodes of `1. e4 (1. d4 (1. d4 … ))) e5 *`, 900 variations deep, as (id, kind,
    fields)."""
    nodes = [{"id": 0, "kind": "line", "parent_line": None, "replaces": None},
             {"id": 1, "kind": "ply", "line": 0, "parent": None, "san": "e4"}]
    for k in range(1, DEPTH + 1):
        line, ply = 2 * k, 2 * k + 1
        nodes.append({"id": line, "kind": "line", "parent_line": 0 if k == 1 else line - 2,
                      "replaces": 1 if k == 1 else line - 1})
        nodes.append({"id": ply, "kind": "ply", "line": line, "parent": None, "san": "d4"})
    nodes.append({"id": 2 * DEPTH + 2, "kind": "ply", "line": 0, "parent": 1, "san": "e5"})
    return nodes


def main(floe, source):
    failures = []
    record = ('[Variant "Standard"]\n\n1. e4 ' + "(1. d4 " * DEPTH + ")" * DEPTH + " e5 *\n")
    done = subprocess.run([floe, "convert", "--to", "json", "-"], input=record,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"FAIL: convert exit {done.returncode}: {done.stderr[:300]}", file=sys.stderr)
        return 1
    line = done.stdout.strip()
    assert sys.getrecursionlimit() == 1000  # Python's default, untouched
    game = json.loads(line)
    if game["schema_version"] != 2:
        failures.append(f"schema_version {game['schema_version']}, expected 2")
    got = [{key: node.get(key) for key in want} for node, want in
           zip(game["moves"], expected_nodes())]
    if len(game["moves"]) != 2 * DEPTH + 3 or got != expected_nodes():
        first = next((i for i, (a, b) in enumerate(zip(got, expected_nodes())) if a != b), None)
        failures.append(f"{len(game['moves'])} nodes; first difference at node {first}")
    if game["diagnostics"]:
        failures.append(f"diagnostics {game['diagnostics'][:2]}")
    if nesting(line) > MAX_DEPTH:
        failures.append(f"the 900-deep record's JSON nests {nesting(line)} deep")

    jq = shutil.which("jq")
    if jq:
        out = subprocess.run([jq, "-c", '[(.moves | length), ([.moves[] | select(.kind == "line")]'
                              ' | length), .moves[-1].san]'], input=line, capture_output=True,
                             text=True)
        if out.returncode != 0 or json.loads(out.stdout) != [2 * DEPTH + 3, DEPTH + 1, "e5"]:
            failures.append(f"jq: exit {out.returncode}, {out.stdout[:200]} {out.stderr[:200]}")
    else:
        print("jq is not installed: read with Python only")

    # Every sample's JSON (games with variations, comments, commands) nests as little.
    for path in sorted(pathlib.Path(source, "samples").rglob("*.pgn")):
        for args in (["convert", "--to", "json"], ["validate", "--to", "json"]):
            text = subprocess.run([floe, *args, str(path)], capture_output=True,
                                  text=True).stdout
            for number, json_line in enumerate(text.splitlines(), 1):
                if nesting(json_line) > MAX_DEPTH:
                    failures.append(f"{path.name} {args[0]} line {number} nests "
                                    f"{nesting(json_line)} deep")

    for failure in failures[:20]:
        print("FAIL:", failure, file=sys.stderr)
    print(f"{len(game['moves'])} nodes read; nesting {nesting(line)}")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
