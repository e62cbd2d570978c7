#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets, tests/fuzz/corpus/<target>/ (docs/reliability.md).

    tests/fuzz/make_corpus.py [--floe build/floe] [--shared ../shared]

Seeds come from samples/, the corpora of shared/ (FLOE_SHARED, default ../shared beside the
checkout) and `floe generate` output of every variant: records are cut into single games of at
most 4 KB (libFuzzer's -max_len of scripts/fuzz.sh), each prefixed with the byte(s) its target
reads first (tests/fuzz/fuzz_support.hpp: the variant and options). Positions come from FEN tags
and `floe fen --all`, move tokens from the movetexts. A deterministic sample keeps the whole
corpus under 1 MB; the same inputs give the same files (named by their SHA-1, as libFuzzer names
them). The folders are rewritten whole.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
MAX_LEN = 4096

# fuzz_support.hpp: choose(byte) takes the game from byte % 5.
ICE_AGE, VCHESS, STANDARD, CRAZYHOUSE, GLACIAL = range(5)
VARIANT_NAMES = {ICE_AGE: "Ice Age", VCHESS: "Ice Age vchess", STANDARD: "Standard",
                 CRAZYHOUSE: "Crazyhouse", GLACIAL: "Glacial Shift"}

# Per target: how many bytes of seeds to keep at most.
BUDGET = {"records": 260_000, "replay": 190_000, "round_trip": 190_000, "render": 90_000,
          "positions": 25_000, "move_token": 3_000}


def sha1(data):
    return hashlib.sha1(data).hexdigest()


def split_games(text):
    """Cuts a record file into games: before each tag section that follows a blank line."""
    parts = re.split(r"\n[ \t\r]*\n(?=\s*\[)", text)
    return [p.strip("\n") + "\n" for p in parts if p.strip()]


def variant_of_path(path):
    if "/ice-age/" in path:
        return ICE_AGE
    if "/glacial/" in path:
        return GLACIAL
    if "crazyhouse" in path.lower() or "fairy-stockfish" in path or "CrazyAra" in path:
        return CRAZYHOUSE
    return STANDARD


def read_sources(shared):
    """(text, variant, source name) for every record file of samples/ and shared/corpora."""
    files = []
    for base in [os.path.join(ROOT, "samples"), os.path.join(shared, "corpora")]:
        for dirpath, _, names in os.walk(base):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                if "LICENSES" in path or "test-outfiles" in path or name.endswith((".md", ".xz")):
                    continue
                if not (name.endswith((".pgn", ".txt")) or "chess-library-fuzz" in path):
                    continue
                if "/perft/" in path:
                    continue
                with open(path, "rb") as f:
                    data = f.read()
                files.append((data.decode("utf-8", "surrogateescape"), variant_of_path(path), path))
    return sorted(files, key=lambda f: f[2])


def generated(floe):
    """Games of `floe generate` for every variant, short and long."""
    out = []
    for variant, name in VARIANT_NAMES.items():
        for games, plies, seed in [(6, 40, 1), (4, 160, 2)]:
            text = subprocess.run([floe, "generate", "--variant", name, "--count", str(games),
                                   "--seed", str(seed), "--max-plies", str(plies)],
                                  check=True, capture_output=True, text=True).stdout
            out.append((text, variant, f"generate {name} {seed}"))
    return out


def games_of(sources):
    """(game bytes, variant) for every game of at most MAX_LEN - 2 bytes, deduplicated."""
    seen, out = set(), []
    for text, variant, _ in sources:
        for game in split_games(text):
            data = game.encode("utf-8", "surrogateescape")
            if len(data) > MAX_LEN - 2 or data in seen:
                continue
            seen.add(data)
            out.append((data, variant))
    return out


def sample(items, budget, key=lambda item: item):
    """A deterministic sample of byte strings within `budget` bytes: by hash order, so a
    corpus does not lean on the first files read."""
    chosen, total = [], 0
    for item in sorted(items, key=lambda i: sha1(key(i))):
        size = len(key(item))
        if total + size > budget:
            continue
        chosen.append(item)
        total += size
    return chosen


def write(target, seeds):
    folder = os.path.join(OUT, target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for data in seeds:
        with open(os.path.join(folder, sha1(data)), "wb") as f:
            f.write(data)
    print(f"{target}: {len(seeds)} seeds, {sum(len(s) for s in seeds)} bytes")


def fens(floe, sources):
    """(position string, variant) from FEN tags and from `floe fen --all` of generated games."""
    out = set()
    for text, variant, _ in sources:
        for fen in re.findall(r'\[FEN "([^"]*)"\]', text):
            out.add((fen, variant))
    for variant, name in VARIANT_NAMES.items():
        text = subprocess.run([floe, "generate", "--variant", name, "--count", "3", "--seed", "5",
                               "--max-plies", "120"], check=True, capture_output=True,
                              text=True).stdout
        run = subprocess.run([floe, "fen", "--all", "--variant", name, "-"], input=text,
                             capture_output=True, text=True)
        lines = [l for l in run.stdout.splitlines() if l.strip()]
        for line in lines[::7]:
            out.add((line, variant))
    return sorted(out)


TOKEN = re.compile(r"(?<![\w\[\"])(?:[KQRBNP]?[a-h]?[1-8]?[x:]?\*?[a-h][1-8](?:=?[QRBN])?[+#]?|"
                   r"O-O(?:-O)?[+#]?|0-0(?:-0)?|[QRBNP]@[a-h][1-8][+#]?|--)(?![\w])")
LENIENT = ["0-0", "o-o-o", "e8Q", "e8(Q)", "e8/Q", "e8=q", "exd6 e.p.", "exd6ep", "Qh7++",
           "Ng1-f3", "e2-e4", "d2xe3", "e2e4", "e7e8q", "nf3", "@d4", "dxe3", "ed5", "Ngf3", "Z0",
           "e1h1", "\u2658f3", "\u265ef6", "bxc8=\u2655+", "N:f3", "Y: y1e3-e4", "G:g1@d4",
           "b2b5xe5^0+", "y3i6xh5+", "B: b1a2-a3^", "dx*e3", "bx*c3", "Kxd2", "P@d4", "0000"]


def move_tokens(sources):
    tokens = set(LENIENT)
    for text, _, _ in sources:
        body = re.sub(r"\[[^\]\n]*\]", " ", text)
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens.update(TOKEN.findall(body))
    return sorted(tokens)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--floe", default=os.path.join(ROOT, "build", "floe"))
    default_shared = os.environ.get("FLOE_SHARED", os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--shared", default=default_shared)
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "corpora")):
        sys.exit(f"make_corpus: no corpora in {args.shared} (set FLOE_SHARED)")
    sources = read_sources(args.shared) + generated(args.floe)
    games = games_of(sources)

    # records: the options byte varies the chunk size (bits 5-7) and the depth limit.
    records = [bytes([int(sha1(g)[:2], 16) & 0xE1]) + g for g, _ in games]
    # A few whole small files too: several games, text between them.
    for text, _, _ in sources:
        data = text.encode("utf-8", "surrogateescape")
        if len(data) <= MAX_LEN - 1:
            records.append(b"\x00" + data)
    write("records", sample(set(records), BUDGET["records"]))

    with_variant = sorted({bytes([v]) + g for g, v in games})
    write("replay", sample(with_variant, BUDGET["replay"]))
    write("round_trip", sample(with_variant, BUDGET["round_trip"]))
    small = [g for g in with_variant if len(g) <= 1022]  # fuzz_render reads 1 KB
    write("render", sample([g[:1] + bytes([int(sha1(g)[:2], 16) & 0xC7]) + g[1:] for g in small],
                           BUDGET["render"]))

    positions = [bytes([v]) + f.encode("utf-8", "surrogateescape") for f, v in fens(args.floe, sources)]
    write("positions", sample(positions, BUDGET["positions"]))
    tokens = [bytes([int(sha1(t.encode())[:2], 16) % 8]) + t.encode() for t in move_tokens(sources)]
    write("move_token", sample(tokens, BUDGET["move_token"]))


if __name__ == "__main__":
    main()
