#!/usr/bin/env python3
"""Time is linear in the input (issue 13, docs/reliability.md): for every subcommand and every
synthetic worst case of worst_cases.py, the input at 4x its size costs at most 4.8x the
instructions of the input at 1x.

    time_bounds_test.py FLOE [--case NAME ...] [--sub NAME ...] [--base BYTES]

Instructions are counted by `valgrind --tool=callgrind` (perf cannot count them on this machine;
wall time is never used): the same binary and input give the same count on a loaded machine.
Each count is taken net of the same case at its smallest (the maker given one byte: the
program's startup and the subcommand's fixed work, about 18 M instructions), so that the fixed
cost does not hide a super-linear part: the check is
    (I(4x) - I(smallest)) <= 4.8 * (I(1x) - I(smallest)),
which implies the issue's I(4x) <= 4.8 * I(1x). A net count under 0.2 M instructions at 4x (about
1% of the fixed cost) is work that does not grow, and passes. Every subcommand runs at the same
size: `replay` writes its page's data as it walks (since issue 18 the browser draws the boards),
so it costs per ply about what `fen --all` does. A case may set its own size (worst_cases.py: a
comment longer than the stream's read size).

Cases known to be super-linear in code that another change owns are listed in KNOWN with the
reason: they are measured and printed as KNOWN, not failed, and a KNOWN case that became linear
is printed as such, so that it is taken off the list. Exits 1 when a case fails, 77 (skipped)
when valgrind is missing.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import worst_cases  # noqa: E402

LIMIT = 4.8
CONSTANT = 200_000  # instructions: a net count below this at 4x is constant work
BASE = 12_000
# Subcommands whose work per byte is large run on smaller inputs (none since issue 18).
BASE_DIVISOR = {}
# (case, subcommand): why it is super-linear, and who owns the fix. Keep empty when possible.
KNOWN = {}


def instructions(floe, args, path):
    """Instructions callgrind counts for `floe ARGS PATH` (output discarded)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", floe] + args + [path],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
    m = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not m:
        raise RuntimeError(f"no instruction count from callgrind for {args}:\n{run.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("floe")
    ap.add_argument("--case", action="append", help="a case of worst_cases.py (default: all)")
    ap.add_argument("--base", type=int, default=BASE, help="bytes of the 1x input")
    ap.add_argument("--sub", action="append", help="only these subcommands (default: all)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        print("valgrind is not installed: skipped")
        return 77
    cases = args.case or list(worst_cases.CASES)
    failed = []
    with tempfile.TemporaryDirectory(prefix="floe-bounds-") as tmp:
        for case in cases:
            subcommands = worst_cases.CASES[case][1]
            smallest = os.path.join(tmp, f"{case}-smallest.pgn")
            with open(smallest, "wb") as f:
                f.write(worst_cases.make(case, 1))
            for sub in subcommands:
                if args.sub and sub not in args.sub:
                    continue
                sub_args = worst_cases.SUBCOMMANDS[sub]
                fixed = instructions(args.floe, sub_args, smallest)
                base = worst_cases.base_size(case, args.base) // BASE_DIVISOR.get(sub, 1)
                counts = []
                for mult in (1, 4):
                    path = os.path.join(tmp, f"{case}-{mult}.pgn")
                    with open(path, "wb") as f:
                        f.write(worst_cases.make(case, base * mult))
                    counts.append(instructions(args.floe, sub_args, path))
                net1 = max(counts[0] - fixed, 1)
                net4 = max(counts[1] - fixed, 0)
                ratio = net4 / net1
                known = KNOWN.get((case, sub))
                # Work that does not grow (diagram and replay read the first game only) leaves
                # nets of a few thousand instructions, whose ratio means nothing.
                ok = ratio <= LIMIT or net4 < CONSTANT
                status = "ok" if ok else ("KNOWN" if known else "FAIL")
                if known and ok:
                    status = "ok (listed as KNOWN: take it off the list)"
                print(f"{status:5} {case:31} {sub:13} 1x {base:>7} B  fixed {fixed:>11,}  "
                      f"1x {counts[0]:>13,}  "
                      f"4x {counts[1]:>13,}  net ratio {ratio:5.2f}"
                      + (f"  [{known}]" if known and not ok else ""), flush=True)
                if not ok and not known:
                    failed.append(f"{case} / {sub}: {ratio:.2f}")
    if failed:
        print(f"super-linear (4x input > {LIMIT}x instructions): " + "; ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
