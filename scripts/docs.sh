#!/usr/bin/env bash
# Makes every picture and animation the README and docs/ show again, from the
# scenario files, as docs/tapes lists them: the docs never drift from the code.
#   scripts/docs.sh            build lockstock (if needed) and write them all
#   scripts/docs.sh --check    write them into a scratch folder and say which differ
# Same machine, same fonts, same bytes: the runs are on the virtual clock.
# Pictures of the window itself ("window" tapes) are taken of a live window
# on a private X screen (scripts/window-picture.sh): --check makes them but
# cannot compare them byte for byte.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${LOCKSTOCK_BUILD_DIR:-$root/build}"
check=0
[ "${1:-}" = "--check" ] && check=1
lockstock="$build/app/lockstock"
if [ ! -x "$lockstock" ]; then
    "$root/scripts/build.sh" lockstock >/dev/null
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
differ=0
while read -r file args; do
    case "$file" in ''|'#'*) continue ;; esac
    out="$root/$file"
    [ "$check" -eq 1 ] && out="$scratch/$(basename "$file")"
    mkdir -p "$(dirname "$out")"
    # shellcheck disable=SC2086 # the arguments are words
    set -- ${args//\{out\}/$out}
    echo "docs: $file"
    if [ "$1" = window ]; then
        shift
        words=()
        for word in "$@"; do
            [ "$word" = "$out" ] || words+=("$word")
        done
        (cd "$root" && "$root/scripts/window-picture.sh" "$lockstock" "$out" "${words[@]}" </dev/null)
        continue
    fi
    "$lockstock" "$@" >/dev/null
    if [ "$check" -eq 1 ] && ! cmp -s "$out" "$root/$file"; then
        echo "docs: $file differs from what the scenario makes now" >&2
        differ=1
    fi
done < "$root/docs/tapes"
[ "$check" -eq 0 ] && du -ch "$root"/docs/media/* | tail -1 | sed 's/^/docs: in all /'
exit "$differ"
