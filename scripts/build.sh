#!/usr/bin/env bash
# Configures and builds LockStock with the "default" preset (CMakePresets.json)
# into build/ (or $LOCKSTOCK_BUILD_DIR).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
(cd "$root" && cmake --preset default -B "$build" "$@")
cmake --build "$build" --parallel "$(nproc)"
