#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan, UBSan, assertions on) in build-fuzz/
# and fuzzes each from its seed corpus with the notation's dictionary (docs/reliability.md).
#
#   scripts/fuzz.sh [SECONDS] [--long] [--jobs N] [--targets a,b,...]
#
#   SECONDS   how long each target runs (default 30: the CI step)
#   --long    the campaign: 1800 s for records and round_trip, 600 s for the others
#   --jobs N  targets run N at a time (default 1; each uses one core)
#   --targets only these (records replay positions move_token round_trip render selection)
#
# First every target runs once over its seeds and its regressions (tests/fuzz/regressions/),
# then fuzzes. New inputs go to build-fuzz/corpus/<target>/ (kept between runs), logs to
# build-fuzz/logs/, and what crashed, leaked, hung or broke an invariant to
# build-fuzz/findings/<target>/. Exits 1 when there is a finding, with its reproducer named.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30
long=0
jobs=1
targets=(records replay positions move_token round_trip render selection)
while (($#)); do
    case "$1" in
        --long) long=1 ;;
        --jobs) jobs="$2"; shift ;;
        --targets) IFS=, read -r -a targets <<<"$2"; shift ;;
        [0-9]*) seconds="$1" ;;
        *) echo "usage: scripts/fuzz.sh [SECONDS] [--long] [--jobs N] [--targets a,b]" >&2; exit 2 ;;
    esac
    shift
done

scripts/setup.sh --fuzz
build=build-fuzz
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFLOE_BUILD_FUZZ=ON -DFLOE_BUILD_TESTS=OFF -DFLOE_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/floe_fuzz_}"
mkdir -p "$build/logs"

duration() {
    if ((long)); then
        case "$1" in records | round_trip) echo 1800 ;; *) echo 600 ;; esac
    else
        echo "$seconds"
    fi
}

# One target: the regressions and seeds once, then fuzzing. Writes its log; returns non-zero on a
# finding.
run_target() {
    local t="$1" exe="$build/tests/fuzz/floe_fuzz_$1"
    local corpus="$build/corpus/$t" findings="$build/findings/$t" log="$build/logs/$t.log"
    mkdir -p "$corpus" "$findings"
    local regressions=()
    [ -d "tests/fuzz/regressions/$t" ] && regressions=("tests/fuzz/regressions/$t")
    local common=(-dict=tests/fuzz/pgn.dict -max_len=4096 -timeout=20 -rss_limit_mb=2048
        -artifact_prefix="$findings/" -print_final_stats=1)
    if ! "$exe" "${common[@]}" -runs=0 "tests/fuzz/corpus/$t" "${regressions[@]}" >"$log" 2>&1; then
        echo "fuzz: $t fails on its seeds or regressions: see $log" >&2
        return 1
    fi
    "$exe" "${common[@]}" -max_total_time="$(duration "$t")" "$corpus" "tests/fuzz/corpus/$t" \
        >>"$log" 2>&1
}

# The summary line of a target's log: executions, coverage, features, speed.
summary() {
    local log="$build/logs/$1.log"
    local done_line runs
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}' || true)
    printf '%-11s %10s runs  %s\n' "$1" "${runs:-?}" \
        "$(sed -E 's/.*(cov: [0-9]+ ft: [0-9]+).*(exec\/s: [0-9]+).*/\1 \2/' <<<"$done_line")"
}

failed=()
pids=()
names=()
for t in "${targets[@]}"; do
    echo "fuzz: $t for $(duration "$t") s" >&2
    run_target "$t" &
    pids+=($!)
    names+=("$t")
    if ((${#pids[@]} >= jobs)); then
        wait "${pids[0]}" || failed+=("${names[0]}")
        pids=("${pids[@]:1}")
        names=("${names[@]:1}")
    fi
done
for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed+=("${names[$i]}"); done

for t in "${targets[@]}"; do summary "$t"; done
if ((${#failed[@]})); then
    for t in "${failed[@]}"; do
        echo "fuzz: FINDING in $t: $(ls "$build/findings/$t" 2>/dev/null | tr '\n' ' ')" >&2
        grep -E 'invariant violated|^at:|ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error' \
            "$build/logs/$t.log" | head -5 >&2 || true
    done
    echo "fuzz: reproduce with $build/tests/fuzz/floe_fuzz_<target> FILE" >&2
    exit 1
fi
echo "fuzz: no finding"
