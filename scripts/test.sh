#!/usr/bin/env bash
# The whole test suite: installs what is missing (scripts/deps.txt and the
# test-only deps-test.txt), builds everything, and runs every test against
# real redis-server processes that the tests start on loopback; the `package`
# test makes the .deb and checks it (scripts/package.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh" deps.txt deps-test.txt
"$root/scripts/build.sh"
# Node's ioredis and redlock for the observe tests, pinned by a lock file.
# Without them (npm offline) every other test still runs; the one that
# needs them fails and says why.
"$root/scripts/install-peers.sh" || true
# Window tests need an X server; give them a private one when there is none.
run=()
if [ -z "${DISPLAY:-}" ]; then
    run=(xvfb-run -a -s "-screen 0 1920x1080x24")
fi
# The "default" test preset (CMakePresets.json), on this build directory.
(cd "$root" && "${run[@]}" ctest --preset default --test-dir "$build")
