#!/usr/bin/env bash
# Installs the Debian packages floe needs, only those that are missing. Safe to run again.
#
#   scripts/setup.sh          what building floe needs (scripts/build.sh, scripts/demo.sh)
#   scripts/setup.sh --test   that, and what the test suite calls (scripts/test.sh runs this)
#   scripts/setup.sh --fuzz   that, and clang for the fuzz build (scripts/fuzz.sh runs this)
set -euo pipefail

# One package per line, so that a change is one line.
build_packages=(
    g++
    cmake
    make
    pkgconf # CMake finds RE2 and libzstd through pkg-config; no -dev package below pulls it in
    libboost-dev
    libcli11-dev
    libfmt-dev
    libgtest-dev # the unit tests are configured with floe (FLOE_BUILD_TESTS, on by default)
    nlohmann-json3-dev
    libre2-dev
    zlib1g-dev
    libbz2-dev
    liblzma-dev
    libzstd-dev
)
test_packages=(
    python3
    clang-format # the ClangFormat test
    xz-utils     # the compressed-input tests compress the book each way
    gzip
    bzip2
    zstd
    librsvg2-bin # the SVG pixel tests
    chromium     # the replay-page browser tests
    chromium-driver
    python3-selenium
    nodejs # node --check and node --test on the replay page's script (formats/replay_page/replay.js)
    python3-jsonschema # tests/docs/json_schema_test.py checks the JSON output against docs/json-schema.json
    fairy-stockfish
    parallel    # tests/cli/shard_test.cpp runs the GNU parallel recipe of docs/scaling.md
    pgn-extract # only tests/bench/bench.py compares with it (docs/performance.md)
    valgrind    # the time-bound tests count instructions with callgrind (docs/reliability.md)
    man-db      # the install test reads the man page with man -l
    universal-ctags # tests/docs/check_code_shape.py measures every function's length
)
fuzz_packages=(
    clang # scripts/fuzz.sh: clang, libFuzzer and the sanitizers' runtime, llvm-symbolizer
    libclang-rt-14-dev
    llvm
)

packages=("${build_packages[@]}")
case "${1:-}" in
    "") ;;
    --test) packages+=("${test_packages[@]}") ;;
    --fuzz) packages+=("${fuzz_packages[@]}") ;;
    *)
        echo "usage: scripts/setup.sh [--test | --fuzz]" >&2
        exit 2
        ;;
esac

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
