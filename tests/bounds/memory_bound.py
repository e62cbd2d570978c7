"""floe's memory bound, the commands it holds for, and how a run's peak is measured: the one
place the memory-bound test (tests/bounds/memory_bounds_test.py) and the benchmark
(tests/bench/bounds.py) take them from (docs/reliability.md, "Memory is bounded").

The bound (issues 13 and 25): a run's peak resident set size is at most

    16 MB + 3 x (the largest game's bytes) + 8 MB for each --jobs thread past the first,

and a game larger than --max-game-bytes N, which is read past and not kept, costs at most
N + 32 MB, whatever the input (a plain file, a compressed one).
"""

import os
import signal
import subprocess

MB = 1024 * 1024
FIXED = 16 * MB
PER_GAME_BYTE = 3
PER_EXTRA_JOB = 8 * MB
SKIP_EXTRA = 32 * MB


def bound(largest_game, jobs=1):
    """The most a run may take, in bytes, when its largest game kept has `largest_game` bytes."""
    return FIXED + PER_GAME_BYTE * largest_game + PER_EXTRA_JOB * (jobs - 1)


def skip_bound(max_game_bytes):
    """The most a run may take, in bytes, when it reads past a game over --max-game-bytes."""
    return max_game_bytes + SKIP_EXTRA


# A FEN reached by `1. e4`, for --position.
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

# Every command that reads records, with each output and each select criterion: name -> arguments
# before the FILE. `{dir}` is a folder that does not exist yet (an -o DIR or --all DIR).
COMMANDS = {
    "validate": ["validate"],
    "validate-json": ["validate", "--to", "json"],
    "convert": ["convert"],
    "convert-json": ["convert", "--to", "json"],
    "convert-lan": ["convert", "--moves", "lan"],
    "convert-uci": ["convert", "--moves", "uci"],
    "convert-figurine": ["convert", "--moves", "figurine"],
    "convert-uci-list": ["convert", "--moves", "uci", "--no-move-numbers"],
    "convert-json-uci": ["convert", "--to", "json", "--moves", "uci"],
    "fen": ["fen"],
    "fen-ply": ["fen", "--ply", "1"],
    "fen-all": ["fen", "--all"],
    "diagram": ["diagram", "--to", "svg"],
    "diagram-text": ["diagram", "--to", "text"],
    "replay": ["replay"],
    "replay-all": ["replay", "--all", "{dir}"],
    "select": ["select"],
    "select-canonical": ["select", "--canonical"],
    "select-json": ["select", "--to", "json"],
    "select-moves": ["select", "--moves", "uci"],
    "select-count": ["select", "--count"],
    "select-where-tag": ["select", "--where", 'Event != "none"'],
    "select-where-plies": ["select", "--where", "plies>1"],
    "select-position": ["select", "--position", AFTER_E4],
    "select-pattern": ["select", "--pattern", "????????/????????/8/8/????????/8/????????/????????"],
    "select-material": ["select", "--material", "KQ+ vs K+"],
    "select-opening": ["select", "--opening", "e4"],
    "select-event": ["select", "--event", "checkmate,ice-age"],
    "select-valid": ["select", "--valid"],
    "select-invalid": ["select", "--invalid"],
    "select-unique": ["select", "--unique"],
    "select-games": ["select", "--games", "1-"],
    "select-first": ["select", "--first", "1"],
    "select-split-every": ["select", "--split-every", "1", "-o", "{dir}"],
    "select-split-by": ["select", "--split-by", "Event", "-o", "{dir}"],
}
# The commands that read every game, and so take --jobs.
JOBS = ["validate", "convert", "convert-json", "fen-all", "select", "select-canonical"]


def command(name, scratch, extra=()):
    """The arguments of COMMANDS[name] plus `extra`, with `{dir}` a new folder under `scratch`."""
    args = list(COMMANDS[name]) + list(extra)
    if any("{dir}" in a for a in args):
        n = 0
        while os.path.exists(os.path.join(scratch, f"out-{n}")):
            n += 1
        args = [a.replace("{dir}", os.path.join(scratch, f"out-{n}")) for a in args]
    return args


def peak_rss(meter, floe, args, path, timeout=None):
    """Peak RSS in bytes of `floe ARGS PATH` (outputs discarded) and its exit code, measured by
    the peak_rss helper `meter` (tests/bounds/peak_rss.cpp): a small process forks the command,
    so that the Python runner's own memory does not count in the child's ru_maxrss. (None, None)
    when the run takes more than `timeout` seconds: it is stopped."""
    p = subprocess.Popen([meter, floe] + list(args) + [path], stdout=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)  # the helper and the command it forked
        p.communicate()
        return None, None
    if p.returncode != 0:
        raise RuntimeError(f"{meter} failed with exit code {p.returncode}")
    kb, code = out.split()
    return int(kb) * 1024, int(code)
