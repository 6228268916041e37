#!/usr/bin/env bash
# Fails when a translation is out of date: lupdate over core/, app/ and qml/
# (as the update_translations target runs it) must find every user-visible
# string already translated in every .ts file, and none that vanished.
#   check-translations.sh [LUPDATE]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lupdate="${1:-$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for ts in "$root"/resources/translations/lockstock_*.ts; do
    name="$(basename "$ts")"
    cp "$ts" "$work/$name"
    # English holds only the plural forms; every other language holds everything.
    only=()
    [ "$name" = lockstock_en.ts ] && only=(-pluralonly)
    (cd "$root" && "$lupdate" -silent -locations none "${only[@]}" -recursive core app qml \
        -extensions cpp,h,qml -ts "$work/$name")
    unfinished=$(grep -c 'type="unfinished"' "$work/$name" || true)
    vanished=$(grep -c -E 'type="(vanished|obsolete)"' "$work/$name" || true)
    if [ "$unfinished" != 0 ] || [ "$vanished" != 0 ]; then
        echo "$name: $unfinished unfinished, $vanished vanished; run: cmake --build build --target update_translations, then translate" >&2
        grep -B3 -E 'type="(unfinished|vanished|obsolete)"' "$work/$name" | grep '<source>' | head -20 >&2
        status=1
    else
        echo "$name: complete"
    fi
done
exit $status
