#!/usr/bin/env bash
# Builds floe, then validates the published Ice Age Chess game and prints its final FEN and a
# text diagram of the final position; then validates a chess file without Variant tags, plain and
# compressed with zstd.
set -euo pipefail
cd "$(dirname "$0")/.."
FLOE_TARGET=floe scripts/build.sh
sample=samples/ice-age/lookintochess-2017.pgn
set -x
build/floe validate "$sample"
build/floe fen "$sample"
build/floe diagram --to text "$sample"
build/floe validate samples/orthodox/classics.pgn samples/orthodox/classics.pgn.zst
