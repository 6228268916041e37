#!/usr/bin/env bash
# Fuzzes with libFuzzer (clang 15, ASan + UBSan) for a bounded time: the
# scenario loader (seeded with the shipped scenarios), the lesson loader
# (seeded with the shipped lessons) and the proxy's RESP readers (seeded with
# pipelined client and server streams), a third of the time each. A crash, a leak, a sanitizer report or a slow input fails the script;
# the input that did it is left in build-fuzz/artifacts/.
#   FUZZ_SECONDS (default 60)   how long to fuzz, in all
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
third=$(( (seconds + 2) / 3 ))
build=build-fuzz   # the "fuzz" preset's (CMakePresets.json)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
mkdir -p "$build/artifacts"

# fuzz NAME CORPUS DICT MAX_LEN
fuzz() {
    "$build/tests/fuzz/$1" "$2" -dict="$3" \
        -max_total_time="$third" -timeout=5 -rss_limit_mb=2048 -max_len="$4" \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/" 2>&1 | tail -n 25
}

# The corpora grow across runs in the build dir.
corpus="$build/corpus"
mkdir -p "$corpus"
cp resources/scenarios/*.json "$corpus/"
fuzz fuzz_scenario "$corpus" tests/fuzz/scenario.dict 8192

lessons="$build/corpus-lessons"
mkdir -p "$lessons"
cp resources/lessons/*.json "$lessons/"
fuzz fuzz_lesson "$lessons" tests/fuzz/lesson.dict 16384

# RESP seeds: two length bytes (little endian), the client's bytes, the server's.
resp="$build/corpus-resp"
mkdir -p "$resp"
seed() { printf "$(printf '\\x%02x\\x%02x' $(( ${#1} & 255 )) $(( ${#1} >> 8 )))%s%s" "$1" "$2" > "$resp/$3"; }
seed $'*3\r\n$3\r\nSET\r\n$6\r\nlock:1\r\n$1\r\nt\r\nPING\r\n' $'+OK\r\n+PONG\r\n' pipelined
seed $'*1\r\n$5\r\nMULTI\r\n*2\r\n$4\r\nINCR\r\n$1\r\nn\r\n*1\r\n$4\r\nEXEC\r\n' $'+OK\r\n+QUEUED\r\n*1\r\n:1\r\n' multi
seed $'*3\r\n$9\r\nSUBSCRIBE\r\n$1\r\na\r\n$1\r\nb\r\n' $'*3\r\n$9\r\nsubscribe\r\n$1\r\na\r\n:1\r\n*3\r\n$7\r\nmessage\r\n$1\r\na\r\n$2\r\nhi\r\n*3\r\n$9\r\nsubscribe\r\n$1\r\nb\r\n:2\r\n' pubsub
seed $'HELLO 3\r\nGET k\r\n' $'%1\r\n+proto\r\n:3\r\n|1\r\n+a\r\n:1\r\n_\r\n>2\r\n+invalidate\r\n*0\r\n' resp3
seed $'*x\r\n' $'-ERR Protocol error: invalid multibulk length\r\n' garbage
fuzz fuzz_resp "$resp" tests/fuzz/resp.dict 8192
echo "fuzz: no crash in ${seconds} s"
