#!/usr/bin/env python3
"""floe side by side with pgn-extract (issue 5). Not a test: run it by hand on a quiet machine.

    tests/bench/bench.py [--floe build/floe] [--runs 5] [--write docs/performance.md]

On the unpacked GNU book (../shared/corpora/gnuchess-book/book_1.02.pgn.xz) and on a 100 MB
file made by `floe generate --variant "Ice Age"`, it times

    floe validate             against  pgn-extract -r -s
    floe convert --moves san  against  pgn-extract -Wsan -s
    floe fen --all            against  pgn-extract -Wepd -s

(floe also with --jobs 2), each as the median of --runs runs, with the peak RSS of
/usr/bin/time -v. MB/s count 10^6 bytes; plies/s count the main-line plies floe validate
reports for the file. With --write, the table replaces the part of the file between the
`<!-- bench:begin -->` and `<!-- bench:end -->` markers, dated, with the machine's description.
Inputs are kept in /tmp/floe-bench between runs.
"""

import argparse
import datetime
import os
import platform
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORK = "/tmp/floe-bench"
PGN_EXTRACT = "/usr/games/pgn-extract"


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def inputs(floe, shared):
    """The book, the 100 MB Ice Age file and a 1 MB one (the flat-memory baseline)."""
    os.makedirs(WORK, exist_ok=True)
    book = os.path.join(WORK, "book_1.02.pgn")
    if not os.path.exists(book):
        xz = os.path.join(shared, "corpora/gnuchess-book/book_1.02.pgn.xz")
        sh(f"xz -dc '{xz}' > '{book}.part' && mv '{book}.part' '{book}'")
    files = {"book": book}
    for name, games in (("ice-age-100mb", 87500), ("ice-age-1mb", 900)):
        path = os.path.join(WORK, name + ".pgn")
        if not os.path.exists(path):
            sh(f"'{floe}' generate --variant 'Ice Age' --seed 5 --games {games} -o '{path}'")
        files[name] = path
    return files


def measure(cmd, runs, timeout):
    """Median wall time (s) and median peak RSS (kB) of `cmd`, output discarded. A run longer
    than `timeout` seconds is stopped: the result is then (None, None) after that one run."""
    seconds, rss = [], []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            proc = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None
        seconds.append(time.perf_counter() - start)
        m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
        rss.append(int(m.group(1)) if m else -1)
    return statistics.median(seconds), statistics.median(rss)


def plies_of(floe, path, variant):
    out = subprocess.run([floe, "validate"] + variant + [path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode()
    m = re.search(r"(\d+) games, (\d+) plies", out)
    return int(m.group(1)), int(m.group(2))


def machine():
    model = "unknown CPU"
    try:
        for line in subprocess.run(["lscpu"], stdout=subprocess.PIPE).stdout.decode().splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    mem = ""
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    return f"{model}, {os.cpu_count()} cores, {mem} RAM, Linux {platform.release()}"


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--floe", default=os.path.join(ROOT, "build/floe"))
    ap.add_argument("--shared", default=os.environ.get("FLOE_SHARED",
                                                       os.path.join(ROOT, "..", "shared")))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write", help="the Markdown file to put the table into")
    ap.add_argument("--timeout", type=float, default=60,
                    help="stop a run after this many seconds (pgn-extract on Ice Age records)")
    ap.add_argument("--files", default="book,ice-age-100mb", help="which inputs, comma-separated")
    args = ap.parse_args()
    floe = os.path.abspath(args.floe)
    if not os.path.exists(PGN_EXTRACT):
        sys.exit(f"{PGN_EXTRACT} not found: apt-get install pgn-extract")

    files = inputs(floe, args.shared)
    load_before = load()
    rows = []
    for name in args.files.split(","):
        path = files[name]
        size = os.path.getsize(path)
        # The book is orthodox chess without Variant tags; generated games carry their tag.
        variant = ["--variant", "Standard"] if name == "book" else []
        games, plies = plies_of(floe, path, variant)
        tasks = [
            ("validate", [floe, "validate"] + variant, [PGN_EXTRACT, "-r", "-s"], True),
            ("convert SAN", [floe, "convert", "--moves", "san"] + variant,
             [PGN_EXTRACT, "-Wsan", "-s"], True),
            ("fen --all", [floe, "fen", "--all"] + variant, [PGN_EXTRACT, "-Wepd", "-s"], False),
        ]
        for task, floe_cmd, pe_cmd, jobs in tasks:
            pe = measure(pe_cmd + [path], args.runs, args.timeout)
            variants = [("floe", floe_cmd)]
            if jobs:
                variants.append(("floe --jobs 2", floe_cmd + ["--jobs", "2"]))
            for tool, cmd in variants:
                t, rss = measure(cmd + [path], args.runs, args.timeout)
                rows.append((name, size, games, plies, task, tool, t, rss,
                             pe[0] / t if pe[0] and t else None))
                print(rows[-1], flush=True)
            rows.append((name, size, games, plies, task, "pgn-extract", pe[0], pe[1],
                         1.0 if pe[0] else None))
            print(rows[-1], flush=True)
    small_t, small_rss = measure([floe, "validate", files["ice-age-1mb"]], args.runs, args.timeout)
    load_after = load()

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            stdout=subprocess.PIPE).stdout.decode().strip()
    pe_version = subprocess.run([PGN_EXTRACT, "--version"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT).stdout.decode().split("\n")[0]
    lines = [
        f"Run of {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, floe {commit}, "
        f"{pe_version}; {machine()}; load average (1, 5, 15 min) {load_before} before, "
        f"{load_after} after. Medians of {args.runs} runs; MB = 10^6 bytes; plies are main-line "
        "plies as floe validate counts them; \"× pgn-extract\" is pgn-extract's time over "
        "floe's; peak RSS from /usr/bin/time -v.",
        "",
        "| file | task | tool | time (s) | MB/s | plies/s | × pgn-extract | peak RSS (MB) |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, size, games, plies, task, tool, t, rss, ratio in rows:
        label = f"{name} ({size / 1e6:.1f} MB, {games} games)"
        if t is None:
            lines.append(f"| {label} | {task} | {tool} | > {args.timeout:.0f} (stopped) | | | | |")
            continue
        shown = f"{ratio:.2f}" if ratio is not None else "n/a"
        lines.append(f"| {label} | {task} | {tool} | {t:.2f} | {size / 1e6 / t:.1f} | "
                     f"{plies / t / 1e6:.2f} M | {shown} | {rss / 1024:.1f} |")
    lines += ["", f"floe validate on a 1 MB Ice Age file ({os.path.getsize(files['ice-age-1mb'])} "
              f"bytes): peak RSS {small_rss / 1024:.1f} MB, the baseline of the flat-memory goal."]
    table = "\n".join(lines)
    print(table)
    if args.write:
        with open(args.write) as f:
            doc = f.read()
        begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
        a, b = doc.index(begin) + len(begin), doc.index(end)
        with open(args.write, "w") as f:
            f.write(doc[:a] + "\n" + table + "\n" + doc[b:])


if __name__ == "__main__":
    main()
