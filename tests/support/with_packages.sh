#!/usr/bin/env bash
# Runs a test command once the Debian packages it needs are installed, installing the missing
# ones first (scripts/setup.sh installs them too). Only when the install step cannot run (no
# apt-get, neither root nor passwordless sudo, or apt-get failing) does it exit 77, which CTest
# reports as skipped (SKIP_RETURN_CODE); it never turns a test that did not run into a pass.
# Usage: with_packages.sh PACKAGE... -- COMMAND [ARGUMENT...]
set -uo pipefail
packages=()
while (($#)) && [ "$1" != "--" ]; do
    packages+=("$1")
    shift
done
shift || true
skip() {
    echo "SKIPPED: cannot install ${missing[*]}: $1" >&2
    exit 77
}
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
if ((${#missing[@]})); then
    command -v apt-get >/dev/null || skip "no apt-get"
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        sudo -n true 2>/dev/null || skip "not root and no passwordless sudo"
        sudo_cmd=(sudo -n)
    fi
    # One install at a time, also across tests that CTest runs in parallel.
    exec 9>"${TMPDIR:-/tmp}/floe-test-packages.lock"
    flock 9
    missing_now=()
    for p in "${missing[@]}"; do installed "$p" || missing_now+=("$p"); done
    if ((${#missing_now[@]})); then
        echo "with_packages: installing ${missing_now[*]}" >&2
        { "${sudo_cmd[@]}" apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
                --no-install-recommends "${missing_now[@]}"; } >&2 || skip "apt-get failed"
    fi
    exec 9>&-
fi
exec "$@"
