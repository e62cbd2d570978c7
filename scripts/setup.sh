#!/usr/bin/env bash
# Installs the Debian packages floe needs, only those that are missing. Safe to run again.
set -euo pipefail
packages=(g++ cmake make libboost-dev libcli11-dev libfmt-dev libgtest-dev nlohmann-json3-dev libre2-dev zlib1g-dev libbz2-dev liblzma-dev libzstd-dev xz-utils clang-format
    gzip bzip2 zstd # the compressed-input tests compress the book each way (xz-utils too)
    librsvg2-bin python3 chromium chromium-driver python3-selenium fairy-stockfish
    parallel # tests/cli/shard_test.cpp runs the GNU parallel recipe of docs/scaling.md
    pgn-extract # pgn-extract: only tests/bench/bench.py compares with it (docs/performance.md)
    valgrind    # the time-bound tests count instructions with callgrind (docs/reliability.md)
    clang libclang-rt-14-dev llvm) # scripts/fuzz.sh: clang, libFuzzer and the sanitizers' runtime, llvm-symbolizer
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
