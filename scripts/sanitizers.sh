#!/usr/bin/env bash
# Builds the engine and its tests twice, once with ASan+UBSan and once with
# TSan (GCC), and runs the engine tests in each: the stepped and live
# schedulers, the stress mode and Redis dying mid-run. Any sanitizer report
# fails the test that caused it (halt_on_error / -fno-sanitize-recover).
# Both are built at -O1 -g1 (CMakePresets.json): line tables are enough for
# the reports' stacks, and the TSan build took 267 CPU s against 380 at -O2 -g
# (engine and tests, no ccache, 2 cores at load 4).
#   SANITIZERS        (default "asan tsan")   which builds to run
#   SANITIZE_LABELS   (default "engine|resilience|stress")  ctest -L regex
#   SANITIZE_EXCLUDE  (default "timing")  ctest -LE regex: tests whose real-time
#                     margins do not survive a 5-15x sanitizer slowdown
#   LOCKSTOCK_TEST_REPEAT (default 2 here)   repetitions in the scenario tests
#   LOCKSTOCK_SENTINEL_REPEAT (default 1 here)  runs of each scenario on real
#                     Sentinel: each takes real seconds whatever the build (the
#                     sanitizer jobs spent 330 of their 365 s of tests waiting on
#                     them); the developer's suite repeats them
#   LOCKSTOCK_CLUSTER_REPEAT (default 1 here)  the same for the scenario on a
#                     real Redis Cluster (5 runs a side otherwise)
#   LOCKSTOCK_INSTANT_SEEDS (default 0 here)  test_instants' random schedules
#                     per scenario and side; its timed ones always run
#   Under TSan those runs go one at a time on the test's thread
#   (LOCKSTOCK_REAL_CLOCK_AT_ONCE=1): run side by side on std::threads that
#   fork redis-server (QProcess), TSan reported the joined threads' reads as
#   racing with the test's later frees of what they read.
set -euo pipefail
cd "$(dirname "$0")/.."

labels="${SANITIZE_LABELS:-engine|resilience|stress}"
exclude="${SANITIZE_EXCLUDE:-timing}"
jobs="$(nproc)"
export LOCKSTOCK_TEST_REPEAT="${LOCKSTOCK_TEST_REPEAT:-2}"
export LOCKSTOCK_SENTINEL_REPEAT="${LOCKSTOCK_SENTINEL_REPEAT:-1}"
export LOCKSTOCK_CLUSTER_REPEAT="${LOCKSTOCK_CLUSTER_REPEAT:-1}"
export LOCKSTOCK_INSTANT_SEEDS="${LOCKSTOCK_INSTANT_SEEDS:-0}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# QProcess forks redis-server from a process that has threads (the QtTest
# watchdog); the child only execs, so the fork warning does not apply.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:die_after_fork=0:suppressions=$PWD/scripts/tsan.supp"

# The presets "asan" and "tsan" (CMakePresets.json) say how each is built and
# which tests it runs; the labels above override theirs.
sanitize() {
    local name="$1"
    echo "== $name"
    cmake --preset "$name" >/dev/null
    cmake --build --preset "$name" -j "$jobs"
    local atOnce=""
    [ "$name" = tsan ] && atOnce=1
    LOCKSTOCK_REAL_CLOCK_AT_ONCE="$atOnce" ctest --preset "$name" -L "$labels" -LE "$exclude" -j "$jobs"
}

# Both builds run even when the first fails, so one CI run shows everything.
failed=()
for s in ${SANITIZERS:-asan tsan}; do
    case "$s" in
    asan|tsan) sanitize "$s" || failed+=("$s") ;;
    *) echo "unknown sanitizer '$s' (asan, tsan)" >&2; exit 2 ;;
    esac
done
if ((${#failed[@]})); then
    echo "sanitizers: failed in ${failed[*]}" >&2
    exit 1
fi
echo "sanitizers: clean"
