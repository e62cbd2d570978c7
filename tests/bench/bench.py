#!/usr/bin/env python3
"""floe side by side with pgn-extract and chess-library (issues 5 and 15). Not a test: run it by
hand on a quiet machine.

    tests/bench/bench.py [--floe build/floe] [--runs 5] [--write docs/performance.md]
    tests/bench/bench.py --read-back    # everything floe writes reads back, on the whole book

On the unpacked GNU book (../shared/corpora/gnuchess-book/book_1.02.pgn.xz) and on a 100 MB
file made by `floe generate --variant "Ice Age"`, it times

    floe validate             against  pgn-extract -r -s  and chess-library (book only)
    floe convert --moves san  against  pgn-extract -Wsan -s
    floe fen --all            against  pgn-extract -Wepd -s
    floe select --where       against  pgn-extract -t TAGFILE -s   (book only)
    floe select --position    against  pgn-extract -x VARFILE -s   (book only)

(floe also with --jobs 2; floe validate also on the book compressed with zstd and with gzip,
issue 17), each as the median of --runs runs, with the peak RSS and the CPU time of
/usr/bin/time -v. The tools of one task run in turn (floe, floe --jobs 2, chess-library,
pgn-extract, floe, ...), so that a change of load hits all of them. MB/s count 10^6 bytes;
plies/s count the main-line plies floe validate reports for the file.

chess-library is ../shared/peers/chess-library/ (its README): its driver cl_validate is built
into the work directory with floe's compiler and Release flags, read from the CMakeCache.txt of
--build-dir (default: the directory of --floe), else with `c++ -O3`.

After the main table come the goals of issue 15 (met / not met) and the nanoseconds per ply by
stage: `perf record --call-graph dwarf` on one more run of floe validate, floe convert --moves
san and chess-library, each sample given to the stage of the nearest function on its call
stack that STAGES names (see there).

With --write, the tables replace the part of the file between the `<!-- bench:begin -->` and
`<!-- bench:end -->` markers, dated, with the machine's description. Inputs, the peer's binary
and the profiles are kept in /tmp/floe-bench between runs.
"""

import argparse
import collections
import datetime
import hashlib
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORK = "/tmp/floe-bench"
PGN_EXTRACT = "/usr/games/pgn-extract"
PERF = "perf"

# The goals of issue 15, measured on the book (GOALS rows are built in goals_table).
GOAL_VS_CHESS_LIBRARY = 1.0   # floe validate time ÷ chess-library time, at most
# The selections of issue 16: pgn-extract -x plays SELECT_MOVES and matches the position they
# reach; floe --position is given that position's FEN.
SELECT_MOVES = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3"
SELECT_FEN = "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5"
GOAL_SELECT_TAGS = 5.0        # pgn-extract -t time ÷ floe select --where time (tags only), at least
GOAL_VS_PGN_EXTRACT = 4.0     # pgn-extract time ÷ floe time (fen --all, convert SAN), at least
GOAL_JOBS = 1.6               # --jobs 1 time ÷ --jobs 2 time, at least
GOAL_RSS_MB = 6.5             # "peak RSS unchanged (about 6 MB)": 6.2 MB before issue 15
FREE_CORE = 0.2               # other processes' CPU, in cores, below which a core counts as free

# Stages for the nanoseconds per ply. Each profile sample goes to the stage of the innermost
# function on its call stack that one of these patterns matches (tried in this order on each
# frame, from the leaf outwards). Functions matching no pattern -- move generation
# (`Position::legal_moves`, `pseudo_legal_moves`, `king_safe_after`, the attack tables), libc
# (memcpy, malloc), the kernel (read, write, page faults) -- are thus counted for their
# caller: the move generation that resolves a SAN token is SAN resolution, the one that
# looks for a reply after a check is checks and marks, the one of the SAN writer is writing,
# and the read() under the parser is reading. A sample with no named frame on its stack
# (often an unwinding that stopped early) is "move generation, caller unknown" when its leaf
# is in rules/chess, else "other"; both are printed, with the most frequent unmapped stacks.
# Limit: functions inlined by -O3 count as their caller (perf sees no frame for them).
STAGES = {
    "floe": [
        ("reading", r"^floe::parser::|^floe::cli::(InputStream|read_input)"
                    r"|^floe::rules::(SourceMap|append_utf8|code_point|encoding)"),
        ("SAN resolution", r"^floe::rules::chess::(resolve_move|decode_move|Position::find_legal"
                           r"|\(anonymous namespace\)::(strip_check|revealed_forms|decode_castling))"
                           r"|move_reader"),
        ("checks and marks", r"^floe::rules::chess::Position::(in_check|has_legal_move|outcome)"
                             r"|^floe::rules::chess::Game::annotation"),
        ("making the move", r"^floe::rules::chess::Position::(play|make|ice_age)\b"
                            r"|^floe::rules::chess::Game::close_events"),
        ("writing", r"^floe::formats::(?!replay_game|ReplayedGame|setup_game)"
                    r"|^floe::cli::(FdBuffer|Output|StandardOutput)"),
        ("replay loop and bookkeeping", r"^floe::rules::replay<|^floe::rules::chess::Game::"
                                        r"|^floe::formats::(replay_game|ReplayedGame|setup_game)"
                                        r"|^floe::rules::Diagnostic|^floe::cli::"),
        ("startup", r"^_dl_|^dl_main|_GLOBAL__sub_I|init_magics|^CLI::"),
    ],
    # chess-library is one header: Board::makeMove is inlined into the driver's visitor, so
    # "making the move" is ReplayVisitor::move's own time (with the visitor's few lines), and
    # StreamParser::readGames is inlined into the driver's main.
    "chess-library": [
        ("reading", r"^chess::pgn::|^std::basic_(i|file)|^main$"),
        ("SAN resolution", r"^chess::uci::parseSan"),
        ("making the move", r"ReplayVisitor::move|^chess::Board::makeMove"),
        ("startup", r"^_dl_|^dl_main|_GLOBAL__sub_I|initAttacks"),
    ],
}
HELPER = {"floe": r"^floe::rules::chess::", "chess-library": r"^chess::(movegen|attacks)::"}
STAGE_ORDER = ["reading", "SAN resolution", "making the move", "checks and marks", "writing",
               "replay loop and bookkeeping", "move generation, caller unknown", "startup", "other"]


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


# --- inputs ------------------------------------------------------------------------------

def cut_at_game(path, limit, out):
    """The first `limit` bytes of `path`, ended before the last game that does not fit."""
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        end = data.rfind(b"\n\n[", 0, limit)
        data = data[:end + 2] if end > 0 else data[:limit]
    with open(out + ".part", "wb") as f:
        f.write(data)
    os.replace(out + ".part", out)


def inputs(floe, shared, names, book_bytes):
    """The book (or its first --book-bytes), the Ice Age files asked for, and a 1 MB Ice Age
    file (the flat-memory baseline)."""
    os.makedirs(WORK, exist_ok=True)
    book = os.path.join(WORK, "book_1.02.pgn")
    if not os.path.exists(book):
        xz = os.path.join(shared, "corpora/gnuchess-book/book_1.02.pgn.xz")
        sh(f"xz -dc '{xz}' > '{book}.part' && mv '{book}.part' '{book}'")
    if book_bytes:
        short = os.path.join(WORK, f"book-{book_bytes}.pgn")
        if not os.path.exists(short):
            cut_at_game(book, book_bytes, short)
        book = short
    files = {"book": book}
    for name, games in (("ice-age-100mb", 87500), ("ice-age-1mb", 900)):
        if name not in names and name != "ice-age-1mb":
            continue
        path = os.path.join(WORK, name + ".pgn")
        if not os.path.exists(path):
            sh(f"'{floe}' generate --variant 'Ice Age' --seed 5 --games {games} -o '{path}'")
        files[name] = path
    return files


# --- the chess-library peer ------------------------------------------------------------------

def release_flags(floe, build_dir):
    """floe's compiler and Release flags from CMakeCache.txt, and where they came from."""
    cache = os.path.join(build_dir or os.path.dirname(floe), "CMakeCache.txt")
    if os.path.exists(cache):
        values = {}
        with open(cache) as f:
            for line in f:
                m = re.match(r"(CMAKE_CXX_COMPILER|CMAKE_CXX_FLAGS|CMAKE_CXX_FLAGS_RELEASE)"
                             r":[A-Z]+=(.*)", line)
                if m:
                    values[m.group(1)] = m.group(2).strip()
        flags = (values.get("CMAKE_CXX_FLAGS", "") + " " +
                 values.get("CMAKE_CXX_FLAGS_RELEASE", "")).split()
        return values.get("CMAKE_CXX_COMPILER", "c++"), flags, cache
    return "c++", ["-O3"], "default, no CMakeCache.txt found"


def compiler_version(compiler):
    out = subprocess.run([compiler, "--version"], stdout=subprocess.PIPE, text=True).stdout
    return out.splitlines()[0] if out else compiler


def build_chess_library(shared, compiler, flags):
    """cl_validate built with `compiler flags -std=c++17`, cached by compiler, flags and source;
    None when the peer's folder is absent or the build fails."""
    src_dir = os.path.join(shared, "peers", "chess-library")
    source = os.path.join(src_dir, "cl_validate.cpp")
    if not os.path.exists(source):
        return None
    digest = hashlib.sha256(" ".join([compiler] + flags).encode())
    for name in ("cl_validate.cpp", "chess.hpp"):
        with open(os.path.join(src_dir, name), "rb") as f:
            digest.update(f.read())
    binary = os.path.join(WORK, f"cl_validate-{digest.hexdigest()[:12]}")
    if not os.path.exists(binary):
        cmd = [compiler] + flags + ["-std=c++17", "-o", binary + ".part", source]
        print("building chess-library:", shlex.join(cmd), flush=True)
        if subprocess.run(cmd).returncode != 0:
            print("chess-library: build failed, column left out", file=sys.stderr)
            return None
        os.replace(binary + ".part", binary)
    return binary


def chess_library_counts(stdout):
    m = re.search(r"games (\d+) plies (\d+) bad_games (\d+)", stdout or "")
    return tuple(int(g) for g in m.groups()) if m else None


# --- timing ----------------------------------------------------------------------------------

def busy_seconds():
    """CPU seconds all processes of the machine have used so far (from /proc/stat)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def run_once(cmd, timeout, keep_stdout=False):
    """One run under /usr/bin/time -v: wall and CPU seconds, peak RSS (kB), the other
    processes' CPU during it (in cores) and, if asked, the standard output. None on timeout."""
    busy, start = busy_seconds(), time.perf_counter()
    try:
        proc = subprocess.run(["/usr/bin/time", "-v"] + cmd,
                              stdout=subprocess.PIPE if keep_stdout else subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - start
    others_busy = busy_seconds() - busy

    def field(name):
        m = re.search(rb"\t" + name + rb": ([\d.]+)", proc.stderr)
        return float(m.group(1)) if m else -1.0

    cpu = field(rb"User time \(seconds\)") + field(rb"System time \(seconds\)")
    return {"wall": wall, "cpu": cpu, "rss": field(rb"Maximum resident set size \(kbytes\)"),
            "others": max(0.0, (others_busy - cpu) / wall),
            "stdout": proc.stdout.decode(errors="replace") if keep_stdout else None}


def measure_interleaved(tools, runs, timeout):
    """`tools` is a list of (name, cmd); each runs `runs` times, in turn with the others.
    Returns name -> the medians of run_once's numbers (and the first run's stdout), or None
    for a tool stopped by the timeout (it is not run again)."""
    results = {name: [] for name, _ in tools}
    stopped = set()
    for i in range(runs):
        for name, cmd in tools:
            if name in stopped:
                continue
            r = run_once(cmd, timeout, keep_stdout=(i == 0 and name == "chess-library"))
            if r is None:
                stopped.add(name)
            else:
                results[name].append(r)
    out = {}
    for name, _ in tools:
        rs = results[name]
        if name in stopped or not rs:
            out[name] = None
            continue
        out[name] = {k: statistics.median(r[k] for r in rs)
                     for k in ("wall", "cpu", "rss", "others")}
        out[name]["stdout"] = rs[0]["stdout"]
    return out


def plies_of(floe, path, variant):
    out = subprocess.run([floe, "validate"] + variant + [path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode()
    m = re.search(r"(\d+) games, (\d+) plies", out)
    return int(m.group(1)), int(m.group(2))


# --- the stage profile -----------------------------------------------------------------------

def perf_works():
    """Whether `perf record` can sample a child process here."""
    if not shutil.which(PERF):
        return False
    probe = os.path.join(WORK, "probe.perf")
    ok = subprocess.run([PERF, "record", "-q", "-o", probe, "--", "true"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    if os.path.exists(probe):
        os.remove(probe)
    return ok


def perf_samples(cmd, name, cpu_seconds):
    """`perf record --call-graph dwarf` of one run of cmd; yields (period, [frames, leaf
    first]) for every sample. The rate aims at about 5000 samples (1000 to 4000 a second);
    each keeps 16 KB of stack, which reaches a named caller for nearly every sample (32 KB
    gave the same shares within 2 points on the book's first 5 MB, at twice the file size)."""
    data = os.path.join(WORK, name + ".perf")
    rate = int(min(4000, max(1000, 5000 / max(cpu_seconds, 0.01))))
    if os.path.exists(data):
        os.remove(data)  # else perf keeps it as .old
    subprocess.run([PERF, "record", "-q", "-F", str(rate), "--call-graph", "dwarf,16384",
                    "-o", data, "--"] + cmd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    script = subprocess.run([PERF, "script", "-i", data, "-F", "period,ip,sym", "--no-inline"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            check=True).stdout
    for block in script.split("\n\n"):
        lines = [line.strip() for line in block.strip("\n").split("\n") if line.strip()]
        if not lines or not lines[0].isdigit():
            continue
        frames = [line.split(" ", 1)[1] if " " in line else "[unknown]" for line in lines[1:]]
        yield int(lines[0]), frames or ["[unknown]"]


def classify(frames, patterns, helper):
    """The stage of one sample: see STAGES."""
    for frame in frames:
        for stage, rx in patterns:
            if rx.search(frame):
                return stage
    return "move generation, caller unknown" if helper.search(frames[0]) else "other"


def stage_shares(cmd, name, tool, cpu_seconds):
    """Stage -> share of the samples of one profiled run, and the most frequent stacks
    left as "other" (with their shares)."""
    patterns = [(stage, re.compile(p)) for stage, p in STAGES[tool]]
    helper = re.compile(HELPER[tool])
    weight, unmapped = collections.Counter(), collections.Counter()
    for period, frames in perf_samples(cmd, name, cpu_seconds):
        stage = classify(frames, patterns, helper)
        weight[stage] += period
        if stage == "other":
            unmapped[" < ".join(f[:50] for f in frames[:3])] += period
    total = sum(weight.values()) or 1
    return ({s: w / total for s, w in weight.items()},
            [(stack, w / total) for stack, w in unmapped.most_common(3)])


# --- the tables ------------------------------------------------------------------------------

def main_table(rows, timeout):
    lines = ["| file | task | tool | time (s) | CPU (s) | MB/s | plies/s | × pgn-extract "
             "| floe ÷ chess-library time | peak RSS (MB) |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        label = f"{row['file']} ({row['size'] / 1e6:.1f} MB, {row['games']} games)"
        r = row["result"]
        if r is None:
            lines.append(f"| {label} | {row['task']} | {row['tool']} | > {timeout:.0f} "
                         "(stopped) | | | | | | |")
            continue

        def ratio(x):
            return f"{x:.2f}" if x is not None else ""

        lines.append(f"| {label} | {row['task']} | {row['tool']} | {r['wall']:.2f} | "
                     f"{r['cpu']:.2f} | {row['size'] / 1e6 / r['wall']:.1f} | "
                     f"{row['plies'] / r['wall'] / 1e6:.2f} M | {ratio(row['vs_pe'])} | "
                     f"{ratio(row['vs_cl'])} | {r['rss'] / 1024:.1f} |")
    return lines


def find(rows, file, task, tool):
    for row in rows:
        if row["file"] == file and row["task"] == task and row["tool"] == tool:
            return row["result"]
    return None


def goals_table(rows, load_before):
    """Each goal of issue 15, on the book: the measured value and met / not met."""
    def time_of(task, tool):
        r = find(rows, "book", task, tool)
        return r["wall"] if r else None

    def line(goal, value, met, note=""):
        shown = "not measured" if value is None else value
        verdict = "n/a" if value is None else ("met" if met else "not met")
        return f"| {goal} | {shown} | {verdict} | {note} |"

    def cpu_note(numerator, denominator):
        # On a loaded machine wall time waits for the CPU; the CPU-time ratio shows how much.
        a, b = find(rows, "book", *numerator), find(rows, "book", *denominator)
        return f"CPU-time ratio {a['cpu'] / b['cpu']:.2f}" if a and b and b["cpu"] > 0 else ""

    lines = ["| goal (issue 15, on the book) | measured | | note |", "|---|---:|---|---|"]
    floe_v, cl_v = time_of("validate", "floe"), time_of("validate", "chess-library")
    ratio = floe_v / cl_v if floe_v and cl_v else None
    lines.append(line(f"validate, floe ÷ chess-library time ≤ {GOAL_VS_CHESS_LIBRARY}",
                      ratio and f"{ratio:.2f}", ratio is not None and ratio <= GOAL_VS_CHESS_LIBRARY,
                      "single-threaded; " + cpu_note(("validate", "floe"),
                                                     ("validate", "chess-library"))))
    for task, pe_flag in (("fen --all", "-Wepd"), ("convert SAN", "-Wsan")):
        f, p = time_of(task, "floe"), time_of(task, "pgn-extract")
        x = p / f if f and p else None
        lines.append(line(f"{task} ≥ {GOAL_VS_PGN_EXTRACT:g}× pgn-extract {pe_flag}",
                          x and f"{x:.2f}×", x is not None and x >= GOAL_VS_PGN_EXTRACT,
                          cpu_note((task, "pgn-extract"), (task, "floe"))))
    f, p = time_of("select tags", "floe"), time_of("select tags", "pgn-extract")
    x = p / f if f and p else None
    lines.append(line(f"select on tags ≥ {GOAL_SELECT_TAGS:g}× pgn-extract -t (issue 16)",
                      x and f"{x:.2f}×", x is not None and x >= GOAL_SELECT_TAGS,
                      cpu_note(("select tags", "pgn-extract"), ("select tags", "floe"))))
    for task in ("validate", "convert SAN"):
        one = find(rows, "book", task, "floe")
        two = find(rows, "book", task, "floe --jobs 2")
        x = one["wall"] / two["wall"] if one and two else None
        note = ""
        if two:
            free = "yes" if two["others"] < FREE_CORE else "no"
            note = (f"second core free: {free} (other processes used {two['others']:.2f} "
                    f"cores during the --jobs 2 runs; load average {load_before} before)")
        lines.append(line(f"{task} --jobs 2 ≥ {GOAL_JOBS}× --jobs 1", x and f"{x:.2f}×",
                          x is not None and x >= GOAL_JOBS, note))
    r = find(rows, "book", "validate", "floe")
    rss = r["rss"] / 1024 if r else None
    lines.append(line(f"peak RSS of validate about 6 MB (≤ {GOAL_RSS_MB})",
                      rss and f"{rss:.1f} MB", rss is not None and rss <= GOAL_RSS_MB))
    return lines


def stages_table(profiles, totals):
    """profiles: column -> (shares, unmapped); totals: column -> (CPU seconds, plies) of the
    timed runs. ns per ply of a stage = its share × the median CPU time ÷ plies."""
    columns = list(profiles)
    lines = ["| stage (ns per ply) | " + " | ".join(columns) + " |",
             "|---|" + "---:|" * len(columns)]
    # The two unmapped stages are always shown, so that nothing hides.
    unmapped = ("move generation, caller unknown", "other")
    stages = [s for s in STAGE_ORDER
              if s in unmapped or any(s in profiles[c][0] for c in columns)]
    for stage in stages:
        cells = []
        for c in columns:
            share = profiles[c][0].get(stage)
            cpu, plies = totals[c]
            if share:
                cells.append(f"{share * cpu / plies * 1e9:.0f} ({share * 100:.0f} %)")
            else:
                cells.append("0" if stage in unmapped else "")
        lines.append(f"| {stage} | " + " | ".join(cells) + " |")
    lines.append("| **total (CPU time ÷ plies)** | " + " | ".join(
        f"**{totals[c][0] / totals[c][1] * 1e9:.0f}**" for c in columns) + " |")
    notes = []
    for c in columns:
        for stack, share in profiles[c][1]:
            if share < 0.001:
                continue
            notes.append(f"{c}: other {share * 100:.1f} % `{stack}`")
    return lines, notes


# --- the run ---------------------------------------------------------------------------------

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


def compressed_book(book, tool, extension):
    """The book compressed by `tool` (gzip, zstd) once into WORK (issue 17)."""
    out = os.path.join(WORK, f"book.pgn.{extension}")
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(book):
        sh(f"{tool} -c '{book}' > '{out}.part' && mv '{out}.part' '{out}'")
    return out


def tasks_for(floe, name, path, variant, cl):
    """(task, [(tool, cmd)]) for one file at `path`: each cmd ends with its input."""
    tasks = [
        ("validate", [("floe", [floe, "validate"] + variant),
                      ("floe --jobs 2", [floe, "validate", "--jobs", "2"] + variant)]
         + ([("chess-library", [cl])] if cl and name == "book" else [])
         + [("pgn-extract", [PGN_EXTRACT, "-r", "-s"])]),
        ("convert SAN", [("floe", [floe, "convert", "--moves", "san"] + variant),
                         ("floe --jobs 2", [floe, "convert", "--moves", "san", "--jobs", "2"]
                          + variant),
                         ("pgn-extract", [PGN_EXTRACT, "-Wsan", "-s"])]),
        ("fen --all", [("floe", [floe, "fen", "--all"] + variant),
                       ("pgn-extract", [PGN_EXTRACT, "-Wepd", "-s"])]),
    ]
    if name == "book":
        # Issue 16: the same selection both ways, the selected games written to standard output.
        # On tags: floe reads no move; pgn-extract -t parses them all.
        tag_file = os.path.join(WORK, "select-tags.txt")
        with open(tag_file, "w") as f:
            f.write('Result "1-0"\n')
        # On a position: the Sicilian's main position after 5. Nc3, by any move order.
        variation_file = os.path.join(WORK, "select-position.txt")
        with open(variation_file, "w") as f:
            f.write(SELECT_MOVES + "\n")
        tasks += [
            ("select tags", [("floe", [floe, "select", "--where", 'Result == "1-0"'] + variant),
                             ("pgn-extract", [PGN_EXTRACT, "-t", tag_file, "-s"])]),
            ("select position", [("floe", [floe, "select", "--position", SELECT_FEN] + variant),
                                 ("pgn-extract", [PGN_EXTRACT, "-x", variation_file, "-s"])]),
        ]
    tasks = [(task, [(tool, cmd + [path]) for tool, cmd in tools]) for task, tools in tasks]
    if name == "book":
        # Issue 17: the same validate on the book compressed, decompressed as it is read (the
        # rows' MB/s count the plain file's bytes).
        tasks[0][1][2:2] = [
            (f"floe, book.pgn.{extension}",
             [floe, "validate"] + variant + [compressed_book(path, tool, extension)])
            for tool, extension in (("zstd -q", "zst"), ("gzip", "gz"))]
    return tasks


def measure_all(floe, files, names, cl, runs, timeout):
    """The rows of the main table, and chess-library's counts on the book."""
    rows, cl_counts = [], None
    for name in names:
        path = files[name]
        size = os.path.getsize(path)
        # The book is orthodox chess without Variant tags; generated games carry their tag.
        variant = ["--variant", "Standard"] if name == "book" else []
        games, plies = plies_of(floe, path, variant)
        for task, tools in tasks_for(floe, name, path, variant, cl):
            results = measure_interleaved(tools, runs, timeout)
            pe, peer = results.get("pgn-extract"), results.get("chess-library")
            if peer:
                cl_counts = chess_library_counts(peer["stdout"])
            for tool, _ in tools:
                r = results[tool]
                rows.append({
                    "file": name, "size": size, "games": games, "plies": plies, "task": task,
                    "tool": tool, "result": r,
                    "vs_pe": pe["wall"] / r["wall"] if pe and r else None,
                    "vs_cl": (r["wall"] / peer["wall"]
                              if peer and r and tool != "pgn-extract" else None),
                })
                print(f"{name} {task} {tool}: " + (f"{r['wall']:.2f} s" if r else "stopped"),
                      flush=True)
    return rows, cl_counts


def profile_all(floe, book, cl, rows, plies, cl_counts):
    """The stage table's columns: floe validate, floe convert SAN and chess-library, with
    (median CPU seconds, plies) for each."""
    if not perf_works():
        return None
    columns = [("floe validate", "floe", "validate", "floe",
                [floe, "validate", "--variant", "Standard", book]),
               ("floe convert SAN", "floe", "convert SAN", "floe",
                [floe, "convert", "--moves", "san", "--variant", "Standard", book])]
    if cl:
        columns.append(("chess-library", "chess-library", "validate", "chess-library", [cl, book]))
    profiles, totals = {}, {}
    for label, tool, task, row_tool, cmd in columns:
        r = find(rows, "book", task, row_tool)
        if r is None:
            continue
        print(f"profiling {label}", flush=True)
        profiles[label] = stage_shares(cmd, label.replace(" ", "-"), tool, r["cpu"])
        totals[label] = (r["cpu"], cl_counts[1] if tool == "chess-library" and cl_counts
                         else plies)
    return profiles, totals


def report(args, rows, cl_counts, cl_build, profiles, files, loads, small):
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            stdout=subprocess.PIPE).stdout.decode().strip()
    pe_version = subprocess.run([PGN_EXTRACT, "--version"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT).stdout.decode().split("\n")[0]
    book = "the book" + (f" (its first {args.book_bytes} bytes, cut at a game's end)"
                         if args.book_bytes else "")
    lines = [
        f"Run of {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, floe {commit}, "
        f"{pe_version}; {machine()}; load average (1, 5, 15 min) {loads[0]} before, "
        f"{loads[1]} after. Medians of {args.runs} runs, the tools of a task in turn; "
        "MB = 10^6 bytes; plies are main-line plies as floe validate counts them; "
        "\"× pgn-extract\" is pgn-extract's time over floe's; \"floe ÷ chess-library time\" is "
        "the row's time over chess-library's (below 1.00: floe is faster); CPU is user + system "
        "time; peak RSS from /usr/bin/time -v.",
    ]
    if cl_build:
        compiler, flags, origin = cl_build
        book_row = next((r for r in rows if r["file"] == "book"), None)
        counts = ""
        if cl_counts and book_row:
            same = "the same as" if cl_counts[1] == book_row["plies"] else "NOT the same as"
            counts = (f" On {book} it reported {cl_counts[0]} games and {cl_counts[1]} plies "
                      f"({cl_counts[2]} bad games), {same} floe's {book_row['games']} games and "
                      f"{book_row['plies']} plies.")
        lines[0] += (f" chess-library is Disservin/chess-library 0.9.3 replaying each main-line "
                     f"SAN (../shared/peers/chess-library/cl_validate.cpp), built with "
                     f"`{compiler_version(compiler)}` and `{' '.join(flags)} -std=c++17` "
                     f"(floe's Release flags, from {origin}).{counts} It does less than floe "
                     "validate: it skips variations unread, checks no move numbers, check or "
                     "mate marks, results, tags or encoding, and its errors give no position "
                     "in the text.")
    lines += ["", *main_table(rows, args.timeout)]
    if "ice-age-1mb" in files:
        lines += ["", f"floe validate on a 1 MB Ice Age file "
                      f"({os.path.getsize(files['ice-age-1mb'])} bytes): peak RSS "
                      f"{small / 1024:.1f} MB, the baseline of the flat-memory goal."]
    lines += ["", f"Goals of issue 15, on {book}:", "",
              *goals_table(rows, loads[0])]
    if profiles is None:
        lines += ["", "Nanoseconds per ply by stage: skipped (perf record does not work here)."]
    elif profiles[0]:
        table, notes = stages_table(*profiles)
        lines += ["", f"Nanoseconds per ply by stage on {book} (the median CPU time above × "
                      "the stage's share of one `perf record --call-graph dwarf` run ÷ floe's "
                      "plies; each sample counts for the innermost function on its stack that "
                      "tests/bench/bench.py's STAGES names, so move generation counts for the "
                      "stage that asked for it, and inlined functions for their caller):", "",
                  *table]
        if notes:
            lines += ["", "Largest unmapped stacks: " + "; ".join(notes) + "."]
    return "\n".join(lines)


def write_into(path, table):
    with open(path) as f:
        doc = f.read()
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    a, b = doc.index(begin) + len(begin), doc.index(end)
    with open(path, "w") as f:
        f.write(doc[:a] + "\n" + table + "\n" + doc[b:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--floe", default=os.path.join(ROOT, "build/floe"))
    ap.add_argument("--build-dir", help="floe's build directory, for its compiler flags "
                                        "(default: the directory of --floe)")
    ap.add_argument("--shared", default=os.environ.get("FLOE_SHARED",
                                                       os.path.join(ROOT, "..", "shared")))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write", help="the Markdown file to put the table into")
    ap.add_argument("--timeout", type=float, default=60,
                    help="stop a run after this many seconds (pgn-extract on Ice Age records)")
    ap.add_argument("--files", default="book,ice-age-100mb", help="which inputs, comma-separated")
    ap.add_argument("--skip-ice", action="store_true",
                    help="leave out the 100 MB Ice Age file (same as --files book)")
    ap.add_argument("--book-bytes", type=int, default=0,
                    help="only the book's first N bytes (cut at a game's end), for a quick run")
    ap.add_argument("--no-chess-library", action="store_true", help="leave out chess-library")
    ap.add_argument("--no-stages", action="store_true", help="leave out the perf stage table")
    ap.add_argument("--read-back", action="store_true",
                    help="instead, check on the whole book that everything floe writes reads "
                         "back (tests/readback/read_back_test.py, issue 24), and time it")
    args = ap.parse_args()
    floe = os.path.abspath(args.floe)
    if args.read_back:
        book = inputs(floe, args.shared, [], args.book_bytes)["book"]
        start = time.monotonic()
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tests/readback/read_back_test.py"),
                            floe, ROOT, args.shared, "--book", book, "--only", "book"])
        print("read back on %s: %s in %.0f s" % (book, "passed" if p.returncode == 0 else
                                                 "FAILED", time.monotonic() - start))
        sys.exit(p.returncode)
    if not os.path.exists(PGN_EXTRACT):
        sys.exit(f"{PGN_EXTRACT} not found: apt-get install pgn-extract")
    names = [n for n in args.files.split(",") if not (args.skip_ice and n.startswith("ice-age"))]

    files = inputs(floe, args.shared, names, args.book_bytes)
    cl_build = None if args.no_chess_library else release_flags(floe, args.build_dir)
    cl = build_chess_library(args.shared, cl_build[0], cl_build[1]) if cl_build else None
    if cl is None:
        cl_build = None
    load_before = load()
    rows, cl_counts = measure_all(floe, files, names, cl, args.runs, args.timeout)
    small = measure_interleaved([("floe", [floe, "validate", files["ice-age-1mb"]])],
                                args.runs, args.timeout)["floe"]
    load_after = load()
    profiles = ({}, {})
    if not args.no_stages and "book" in names:
        profiles = profile_all(floe, files["book"], cl, rows,
                               next(r["plies"] for r in rows if r["file"] == "book"), cl_counts)
    table = report(args, rows, cl_counts, cl_build, profiles, files, (load_before, load_after),
                   small["rss"] if small else -1)
    print(table)
    if args.write:
        write_into(args.write, table)


if __name__ == "__main__":
    main()
