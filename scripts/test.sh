#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, and runs every test
# against real redis-server processes that the tests start on loopback.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
# Window tests need an X server; give them a private one when there is none.
run=()
if [ -z "${DISPLAY:-}" ]; then
    run=(xvfb-run -a -s "-screen 0 1920x1080x24")
fi
# The "default" test preset (CMakePresets.json), on this build directory.
(cd "$root" && "${run[@]}" ctest --preset default --test-dir "$build")
