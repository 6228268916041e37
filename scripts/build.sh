#!/usr/bin/env bash
# Configures LockStock with the "default" preset (CMakePresets.json) into
# build/ (or $LOCKSTOCK_BUILD_DIR) and builds the targets named, or all.
#   build.sh                 everything: the program, the tests, the benchmarks
#   build.sh lockstock       the program alone
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
(cd "$root" && cmake --preset default -B "$build")
targets=()
for target in "$@"; do
    targets+=(--target "$target")
done
cmake --build "$build" --parallel "$(nproc)" "${targets[@]}"
