#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install what building and running
# LockStock need (scripts/deps.txt), build the program (not the tests: that
# is scripts/test.sh), and start the simulator on its own private redis-server.
#   scripts/setup.sh              install, build, start the window
#   scripts/setup.sh --no-start   install and build only
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh" deps.txt
"$root/scripts/build.sh" lockstock
[ "${1:-}" = "--no-start" ] && exit 0
app="${LOCKSTOCK_BUILD_DIR:-$root/build}/app/lockstock"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "setup: no display here; running the lost-update lesson in the terminal instead."
    echo "setup: (start the window on a desktop with: $app)"
    exec "$app" run lost-update
fi
exec "$app"
