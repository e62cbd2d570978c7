#!/usr/bin/env bash
# Renders the diagrams that docs/ and the README show: floe's SVG, turned into PNG by rsvg-convert
# (Debian librsvg2-bin). Run after scripts/build.sh (FLOE=path picks another binary); the PNGs
# are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
floe=${FLOE:-build/floe}
out=docs/images
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
render() {  # NAME floe-diagram-arguments...
    local name=$1
    shift
    "$floe" diagram --to svg -o "$tmp/$name.svg" "$@"
    rsvg-convert -o "$out/$name.png" "$tmp/$name.svg"
    echo "$out/$name.png"
}
render lookintochess-2017-ply40 --ply 40 samples/ice-age/lookintochess-2017.pgn
render reference-3-before --ply 0 samples/ice-age/reference-3.pgn
render reference-3-after --ply 1 samples/ice-age/reference-3.pgn
render glacial-blue-wins-ply76 --ply 76 samples/glacial/blue-wins.pgn
