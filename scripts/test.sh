#!/usr/bin/env bash
# Installs what the tests call (scripts/setup.sh --test), builds floe and runs the whole test
# suite. Tests that need ../shared (specs and corpora) find it through FLOE_SHARED (default:
# ../shared beside this checkout) and report "Skipped" without it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)"
