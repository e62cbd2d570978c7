#!/usr/bin/env python3
"""Wall time and peak memory of every subcommand on the synthetic worst cases (issue 13). A
report, not a test: the time-bound test (tests/bounds/time_bounds_test.py) checks instruction
counts, the memory-bound test (tests/bounds/memory_bounds_test.py) the peaks; this shows what
they mean in seconds and megabytes.

    tests/bench/bounds.py [--floe build/floe] [--meter build/tests/floe_peak_rss] [--base 50000]
                          [--case NAME ...] [--sub NAME ...] [--all-commands]

For each case of tests/bounds/worst_cases.py and each of its subcommands (--all-commands: every
command and output of tests/bounds/memory_bound.py's COMMANDS; --sub picks among them), the input
at 1x, 4x and 16x the base size (replay at an eighth of it: a board per ply), run once each: wall
seconds and peak RSS, measured as the memory-bound test measures it (memory_bound.peak_rss, the
peak_rss helper), the 4x/1x and 16x/4x time ratios, and the memory bound at 16x (the whole input
taken as the largest game). Inputs are written to a temporary folder. A run over 120 s is
stopped and shown as such.
"""

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bounds"))
import memory_bound  # noqa: E402
import worst_cases  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIMEOUT = 120


def run(floe, meter, args, path):
    """(seconds, peak RSS in MB) of one run, or (None, None) past TIMEOUT."""
    start = time.monotonic()
    rss, _ = memory_bound.peak_rss(meter, floe, args, path, timeout=TIMEOUT)
    if rss is None:
        return None, None
    return time.monotonic() - start, rss / memory_bound.MB


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--floe", default=os.path.join(ROOT, "build", "floe"))
    ap.add_argument("--meter", default=os.path.join(ROOT, "build", "tests", "floe_peak_rss"))
    ap.add_argument("--base", type=int, default=50_000)
    ap.add_argument("--case", action="append")
    ap.add_argument("--sub", action="append", choices=list(memory_bound.COMMANDS))
    ap.add_argument("--all-commands", action="store_true")
    args = ap.parse_args()
    print(f"{'case':31} {'subcommand':19} {'1x bytes':>9}  {'1x s':>7} {'4x s':>7} {'16x s':>7}"
          f"  {'4x/1x':>6} {'16x/4x':>6}  {'peak MB 1x/4x/16x':>20} {'bound 16x':>9}")
    with tempfile.TemporaryDirectory(prefix="floe-bounds-bench-") as tmp:
        for case in args.case or worst_cases.CASES:
            subs = list(memory_bound.COMMANDS) if args.all_commands else worst_cases.CASES[case][1]
            for sub in subs:
                if args.sub and sub not in args.sub:
                    continue
                base = worst_cases.base_size(case, args.base) // (8 if sub == "replay" else 1)
                times, peaks = [], []
                for mult in (1, 4, 16):
                    path = os.path.join(tmp, f"{case}-{mult}.pgn")
                    with open(path, "wb") as f:
                        f.write(worst_cases.make(case, base * mult))
                    seconds, peak = run(args.floe, args.meter, memory_bound.command(sub, tmp),
                                        path)
                    times.append(seconds)
                    peaks.append(peak)
                    if seconds is None:
                        break
                bound = memory_bound.bound(os.path.getsize(path)) / memory_bound.MB
                while len(times) < 3:
                    times.append(None)
                    peaks.append(None)

                def show(t):
                    return f"{t:7.3f}" if t is not None else "  >120s"

                def ratio(a, b):
                    return f"{b / max(a, 1e-3):6.1f}" if a is not None and b is not None else "     -"

                mb = "/".join(f"{p:.0f}" if p is not None else "-" for p in peaks)
                print(f"{case:31} {sub:19} {base:>9}  {show(times[0])} {show(times[1])} "
                      f"{show(times[2])}  {ratio(times[0], times[1])} {ratio(times[1], times[2])}"
                      f"  {mb:>20} {bound:9.0f}", flush=True)


if __name__ == "__main__":
    main()
