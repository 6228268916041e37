#!/usr/bin/env bash
# Fuzzes the scenario loader with libFuzzer (clang 15, ASan + UBSan) for a
# bounded time, seeded with the shipped scenarios. A crash, a leak, a
# sanitizer report or a slow input fails the script; the input that did it is
# left in build-fuzz/artifacts/.
#   FUZZ_SECONDS (default 60)   how long to fuzz
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
build=build-fuzz   # the "fuzz" preset's (CMakePresets.json)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

# The corpus grows across runs in the build dir; the seeds are the real scenarios.
corpus="$build/corpus"
mkdir -p "$corpus" "$build/artifacts"
cp resources/scenarios/*.json "$corpus/"

"$build/tests/fuzz/fuzz_scenario" "$corpus" \
    -dict=tests/fuzz/scenario.dict \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/" 2>&1 | tail -n 25
echo "fuzz: no crash in ${seconds} s"
