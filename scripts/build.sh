#!/usr/bin/env bash
# Configures and builds floe in build/ (Release). Extra arguments go to cmake's configure step.
# FLOE_TARGET=floe builds only the binary (the demo does); the default builds everything.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j"$(nproc)" --target "${FLOE_TARGET:-all}"
