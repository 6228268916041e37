#!/usr/bin/env bash
# The third-party clients the observe tests run through LockStock's proxy:
# npm's ioredis and redlock, pinned by tests/peers/package-lock.json and
# installed with `npm ci` into $LOCKSTOCK_BUILD_DIR/peers (the source tree
# stays clean). Node.js and npm come from Debian when they are missing.
# redis-py is the Debian package python3-redis (scripts/deps.txt).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "peers: installing nodejs and npm"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q
    $sudo apt-get install -y -q --no-install-recommends nodejs npm
fi
dest="$build/peers"
mkdir -p "$dest"
if [ -d "$dest/node_modules" ] && cmp -s "$root/tests/peers/package-lock.json" "$dest/package-lock.json"; then
    echo "peers: npm packages are installed"
    exit 0
fi
cp "$root/tests/peers/package.json" "$root/tests/peers/package-lock.json" "$dest/"
# Bounded: an unreachable registry fails within about two minutes, not ten.
if ! (cd "$dest" && npm ci --no-audit --no-fund --loglevel=error \
        --fetch-retries=1 --fetch-retry-maxtimeout=10000 --fetch-timeout=60000); then
    rm -rf "$dest/node_modules" "$dest/package-lock.json"
    echo "peers: npm could not install ioredis and redlock (is its registry reachable?);" \
         "test_observe's node-redlock test will fail until scripts/install-peers.sh succeeds" >&2
    exit 1
fi
echo "peers: installed $(cd "$dest" && ls node_modules | tr '\n' ' ')"
