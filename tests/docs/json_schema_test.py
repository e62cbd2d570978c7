#!/usr/bin/env python3
"""Every JSON line floe writes follows docs/json-schema.json (issue 17, item 8).

Runs each command that writes JSON (validate --json, convert --to json, select --to json, also
into split files, and --diagnostics json, also of diagram, moves and perft on a bad position) on
the samples, on made-up records that reach the rarer records (a game floe cannot replay, comment
commands, diagnostics past the kept bound, a file that cannot be read) and on the book excerpt
of the shared corpora, and checks every line against the schema. Each kind of record must have
been seen, so that the test cannot pass on nothing. The negative checks show
that the schema rejects a line without schema_version, with another version, or with a key it
does not describe.

Usage: json_schema_test.py FLOE SOURCE_DIR SHARED_DIR
"""

import copy
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

# Made-up records for what the samples lack.
MADE_UP = {
    "commands.pgn": (
        '[Event "commands"]\n[Variant "Standard"]\n\n'
        "{before} $1 1. e4 {[%clk 1:30:05] [%eval 0.35,20]} e5 $14 "
        "{[%csl Re4,Gd5] [%cal Ge2e4] [%eval #-3] [%emt 5s]} (1... c5 {[%csl Zz9]}) 2. Nf3 *\n\n"
        '[Event "not replayed"]\n[Variant "Atomic"]\n\n1. e4 e5 *\n\n'
        '[Event "broken"]\n[Variant "Standard"]\n\n1. e4 e5 2. Ke3 Nf6 *\n'
    ),
    "hint.pgn": '[Variant "Standard"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 *\n',
    "many-errors.pgn": '[Variant "Standard"]\n\n1. e4 ' + ") " * 10_050 + "*\n",
    # A repeated tag ("repeated_tags") and an undecided untagged game (the note's "undecided").
    "undecided.pgn": '[Event "a"]\n[Event "b"]\n\n1-0\n\n1. e4 e5 *\n',
}

# The key that tells each record apart (the schema's oneOf).
KINDS = {"kind": "note", "code": "diagnostic", "games": "summary", "error": "file_error",
         "tags": "game"}


def kind_of(record):
    return next((kind for key, kind in KINDS.items() if key in record), "unknown")


def main(floe, source, shared):
    source = pathlib.Path(source)
    schema = json.loads((source / "docs/json-schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    with tempfile.TemporaryDirectory(prefix="floe-json-schema-") as tmp:
        tmp = pathlib.Path(tmp)
        for name, text in MADE_UP.items():
            (tmp / name).write_text(text)
        files = sorted(str(p) for p in (source / "samples").rglob("*.pgn"))
        files += [str(tmp / name) for name in MADE_UP]
        book = pathlib.Path(shared) / "corpora/gnuchess-book/book_1.02.first2000.pgn"
        # Without the shared corpora (FLOE_SHARED, ../shared) the samples and the made-up records
        # are checked, and the test reports itself skipped (77), as the corpus tests do.
        has_book = book.exists()
        if has_book:
            files.append(str(book))

        runs = [["validate", "--to", "json", *files, str(tmp / "missing.pgn")],
                ["validate", "--to", "json", "--max-errors", "1", str(tmp / "many-errors.pgn")]]
        for f in files:
            runs.append(["convert", "--to", "json", f])
            runs.append(["select", "--to", "json", f])
            # --diagnostics json: the same objects on standard error, in every command.
            for command in (["validate"], ["convert"], ["fen", "--all"], ["select"]):
                runs.append([*command, "--diagnostics", "json", f])
        # A position given on the command line (no game: "game" is null), and diagram's game.
        bad_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
        runs.append(["diagram", "--diagnostics", "json", "--variant", "standard", "--fen",
                     bad_fen])
        runs.append(["moves", "--diagnostics", "json", "--variant", "standard", bad_fen])
        runs.append(["perft", "--diagnostics", "json", "--variant", "standard", bad_fen, "1"])
        runs.append(["moves", "--diagnostics", "json", "--variant", "glacial shift", "Y x"])
        runs.append(["diagram", "--diagnostics", "json", str(tmp / "hint.pgn")])
        # The book as chess, so that its 148,115 plies are checked too.
        split = tmp / "split"
        if has_book:
            runs.append(["validate", "--to", "json", "--variant", "standard", str(book)])
            runs.append(["convert", "--to", "json", "--variant", "standard", str(book)])
            runs.append(["select", "--to", "json", "--variant", "standard", "--split-every",
                         "500", "-o", str(split), str(book)])

        seen = {}
        failures = []
        lines_checked = 0

        def check(line, where):
            nonlocal lines_checked
            record = json.loads(line)
            errors = sorted(validator.iter_errors(record), key=lambda e: e.path)
            if errors:
                failures.append(f"{where}: {errors[0].message} at {list(errors[0].absolute_path)}"
                                f"\n    {line[:300]}")
            kind = kind_of(record)
            if kind == "game" and record.get("moves") is not None:
                for node in record["moves"]:
                    seen.setdefault(f"{node['kind']} node", record)
            if kind == "game" and record.get("moves", {}) is None:
                kind = "game without moves"
            if kind == "note" and "not_shown" in record:
                seen.setdefault("note of diagnostics not shown", record)
            if kind == "diagnostic" and record.get("game", 0) is None:
                seen.setdefault("diagnostic of a position", record)
            if kind == "diagnostic" and "hint" in record:
                seen.setdefault("diagnostic with a hint", record)
            if kind == "note" and "variants" in record:
                seen.setdefault("note of untagged games", record)
            seen.setdefault(kind, record)
            lines_checked += 1

        for args in runs:
            done = subprocess.run([floe, *args], capture_output=True, text=True)
            if done.returncode not in (0, 1, 2) or not (done.stdout or "-o" in args
                                                        or "--diagnostics" in args):
                failures.append(f"floe {' '.join(args)}: exit {done.returncode}, {done.stderr[:300]}")
                continue
            # Under --diagnostics json standard error is JSON Lines too; standard output is not.
            json_out = "--json" in args or "--to" in args
            lines = done.stderr.splitlines() if "--diagnostics" in args else []
            lines += done.stdout.splitlines() if json_out else []
            for number, line in enumerate(lines, 1):
                check(line, f"floe {' '.join(args[:3])}… line {number}")
        for path in sorted(split.iterdir()) if has_book else []:
            for number, line in enumerate(path.read_text().splitlines(), 1):
                check(line, f"{path.name} line {number}")

    expected = set(KINDS.values()) | {"line node", "ply node", "rest node", "game without moves", "note of diagnostics not shown",
                                      "note of untagged games", "diagnostic of a position",
                                      "diagnostic with a hint"}
    if set(seen) != expected:
        failures.append(f"records seen {sorted(seen)}, expected {sorted(expected)}")

    # Negative checks: the schema is not a pass for anything.
    game = seen.get("game")
    if game is not None:
        broken = {
            "missing schema_version": {k: v for k, v in game.items() if k != "schema_version"},
            "schema_version 1": {**game, "schema_version": 1},
            "an unknown key": {**game, "colour": "white"},
        }
        diagnostic = copy.deepcopy(seen.get("diagnostic", {}))
        diagnostic.pop("schema_version", None)
        broken["a diagnostic missing schema_version"] = diagnostic
        broken["a hint that is not a string"] = {**seen.get("diagnostic with a hint", {}),
                                                 "hint": ["use --variant crazyhouse"]}
        summary = copy.deepcopy(seen.get("summary", {}))
        summary.pop("schema_version", None)
        broken["a summary missing schema_version"] = summary
        for what, record in broken.items():
            if validator.is_valid(record):
                failures.append(f"a line with {what} passed the schema")

    for failure in failures[:20]:
        print("FAIL:", failure, file=sys.stderr)
    print(f"{lines_checked} lines checked; records seen: {', '.join(sorted(seen))}")
    if failures:
        return 1
    if not has_book:
        print(f"SKIP: {book} not found: the samples and made-up records passed", file=sys.stderr)
        return 77
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
