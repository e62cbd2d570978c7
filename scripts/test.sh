#!/usr/bin/env bash
# Builds floe and runs the whole test suite. Tests that need ../shared (specs and corpora) find it
# through FLOE_SHARED (default: ../shared beside this checkout) and report "Skipped" without it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)"
