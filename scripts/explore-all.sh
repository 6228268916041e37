#!/usr/bin/env bash
# Explores every shipped scenario, both sides, and writes the table of what
# it found into docs/explore.md (between its explore-all markers): the space
# each covered, its outcomes with their shares, the shortest counterexample.
# For the scenarios whose lessons quote the explorer ({explored.failing}...),
# it counts every interleaving (--method naive) and writes the figures to
# resources/explored.json, which the lessons read.
#   scripts/explore-all.sh      build lockstock (if needed), explore, write the table
# EXPLORE_BUDGET (default 60): seconds a side; a space too large for it is sampled.
# Same scenarios, same answers: the explorer's complete runs are deterministic
# (sampled rows depend on how many runs the budget allowed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
budget="${EXPLORE_BUDGET:-60}"
lockstock="$build/app/lockstock"
if [ ! -x "$lockstock" ]; then
    "$root/scripts/build.sh" >/dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export LC_ALL=C.UTF-8
names=$(grep -v -E '^(#|$)' "$root/resources/scenarios/course.txt")
for name in $names; do
    for side in broken correct; do
        echo "explore-all: $name ($side)"
        if ! "$lockstock" explore "$name" --strategy "$side" --budget "$budget" --quiet \
            --json "$work/$name.$side.json" >/dev/null 2>"$work/$name.$side.err"; then
            # Refused (a real-clock scenario) or failed: the row says why.
            rm -f "$work/$name.$side.json"
        fi
    done
done
quoted=()
for name in $names; do
    if grep -q '{explored\.' "$root/resources/lessons/$name.json" 2>/dev/null; then
        quoted+=("$name")
        for side in broken correct; do
            echo "explore-all: $name ($side), every interleaving"
            "$lockstock" explore "$name" --strategy "$side" --method naive --budget "$budget" --quiet \
                --json "$work/$name.$side.naive.json" >/dev/null
        done
    fi
done
python3 - "$work" "$root/resources/explored.json" "${quoted[@]}" <<'EOF'
import json, sys
work, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
lines = []
for name in names:
    sides = []
    for side in ('broken', 'correct'):
        d = json.load(open('%s/%s.%s.naive.json' % (work, name, side)))
        if d['space']['coverage'] != 'complete':
            sys.exit('explore-all: %s (%s) was not enumerated within the budget' % (name, side))
        failing = sum(o['count'] for o in d['outcomes'] if any(f['severity'] == 'broken' for f in o['findings']))
        sides.append('    "%s": {"interleavings": %d, "failing": %d}' % (side, d['space']['executions'], failing))
    lines.append('  "%s": {\n%s\n  }' % (name, ',\n'.join(sides)))
open(out, 'w').write('{\n' + ',\n'.join(lines) + '\n}\n')
print('explore-all: wrote the figures of %d lessons to %s' % (len(names), out))
EOF
python3 - "$work" "$root/docs/explore.md" "$budget" $names <<'EOF'
import json, os, sys
work, doc, budget, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def space(d):
    s = d['space']
    if s['coverage'] == 'sampled':
        return 'sampled: %d PCT + %d random runs (depth %d)' % (s['pct_runs'], s['random_runs'], s['pct_depth'])
    n = s['executions']
    if s['coverage'] == 'bounded':
        return 'bounded: %d executions in %s s' % (n, budget)
    if n == 1:
        return 'complete: 1 schedule'
    if s['method'] == 'naive':
        return 'complete: all %d interleavings' % n
    return 'complete: %d distinct (≈%d interleavings)' % (n, round(s['naive_interleavings']))

def outcomes(d):
    total = max(1, sum(o['count'] for o in d['outcomes']))
    parts = []
    for o in d['outcomes'][:3]:
        kinds = [f['kind'] for f in o['findings'] if f['severity'] == 'broken'] or [o['severity']]
        parts.append('%s · %s %d %%' % (o['final_stock'], ', '.join(kinds), round(100 * o['count'] / total)))
    if len(d['outcomes']) > 3:
        parts.append('%d more' % (len(d['outcomes']) - 3))
    return '<br>'.join(parts)

def shortest(d):
    if not d['counterexamples']:
        return 'none'
    c = min(d['counterexamples'], key=lambda c: (c['steps'], c['faults'], c['finding']))
    steps = ' '.join(c['interleaving'][:12]) + (' …' if len(c['interleaving']) > 12 else '')
    return '%s: %d steps (%s)' % (c['finding'], c['steps'], steps)

rows = ['| scenario | side | space | outcomes (final stock · findings, share) | shortest counterexample |',
        '|---|---|---|---|---|']
for name in names:
    for side in ('broken', 'correct'):
        path = os.path.join(work, '%s.%s.json' % (name, side))
        if not os.path.exists(path):
            why = open(os.path.join(work, '%s.%s.err' % (name, side))).read().strip().split('\n')[-1]
            reason = 'real clock: not explorable' if 'real clock' in why else why.replace('|', '/')
            rows.append('| %s | %s | %s | | |' % (name, side, reason))
            continue
        d = json.load(open(path))
        rows.append('| %s | %s (%s) | %s | %s | %s |' % (name, side, d['strategy'], space(d), outcomes(d), shortest(d)))
text = open(doc).read()
begin, end = '<!-- explore-all: begin -->', '<!-- explore-all: end -->'
head, rest = text.split(begin)
_, tail = rest.split(end)
open(doc, 'w').write(head + begin + '\n' + '\n'.join(rows) + '\n' + end + tail)
print('explore-all: wrote %d rows to %s' % (len(rows) - 2, doc))
EOF
