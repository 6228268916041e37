#!/usr/bin/env bash
# A picture of the LockStock window as a user sees it, for docs/ and the
# software centres' screenshots: the window starts on a private X screen of a
# projector's size (1366x768), with settings of its own (first start, English),
# is driven as docs/tapes says, and is written as a PNG. scripts/docs.sh runs
# it for the tapes' "window" lines; it needs xvfb-run, xdotool and ImageMagick's
# import (apt install xvfb xdotool imagemagick).
#   window-picture.sh LOCKSTOCK OUT [ARG...] [click:X,Y | key:KEY | wait:SECONDS]...
# ARGs go to lockstock (a scenario file to open); click:X,Y clicks there in
# the window, key:KEY presses an X key (Next, space), wait:S lets it play.
set -euo pipefail
for tool in xvfb-run xdotool import; do
    command -v "$tool" >/dev/null || { echo "window-picture: $tool is missing (apt install xvfb xdotool imagemagick)" >&2; exit 1; }
done
# Again, on an X screen of its own.
if [ -z "${WINDOW_PICTURE_SCREEN:-}" ]; then
    exec env WINDOW_PICTURE_SCREEN=1 xvfb-run -a -s "-screen 0 1366x768x24" "$0" "$@"
fi
lockstock="$1" out="$2"
shift 2
args=() actions=()
for word in "$@"; do
    case "$word" in
    click:* | key:* | wait:*) actions+=("$word") ;;
    *) args+=("$word") ;;
    esac
done
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/LockStock"
printf '[ui]\nlanguage=en\n' >"$home/LockStock/lockstock.conf"

# On that screen, whatever platform the caller chose for pictures without one.
QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$home" "$lockstock" "${args[@]}" >"$home/lockstock.log" 2>&1 &
pid=$!
window="$(xdotool search --sync --onlyvisible --class lockstock | head -1)"
sleep 3 # the first frame, and on a first start the course's list over it
xdotool windowfocus --sync "$window"
for action in "${actions[@]}"; do
    case "$action" in
    click:*)
        at="${action#click:}"
        xdotool mousemove --window "$window" "${at%,*}" "${at#*,}" click 1
        ;;
    key:*) xdotool key "${action#key:}" ;;
    wait:*) sleep "${action#wait:}" ;;
    esac
    # No pointer over the window: nothing shows hovered.
    xdotool mousemove 1365 767
done
import -window "$window" "$out"
kill "$pid"
wait "$pid" || true
