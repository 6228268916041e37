#!/usr/bin/env bash
# The bash completion (packaging/lockstock.bash) in a scripted bash, as Tab
# runs it: commands, options, scenario and strategy names, languages and
# scenario files complete; what does not fit is not offered.
#   test_completion.sh LOCKSTOCK COMPLETION
set -uo pipefail
lockstock=$1
# bash-completion's helpers (_init_completion, _filedir), as an interactive bash has them.
# shellcheck source=/dev/null
source /usr/share/bash-completion/bash_completion
# shellcheck source=/dev/null
source "$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
touch my.lockstock.json notes.txt
failures=0
# compopt works only while bash itself completes: here it says what it was asked.
compopt()
{
    options="$*"
}

# offered LINE: what Tab offers at the end of "lockstock LINE", one a line, sorted.
offered()
{
    COMP_LINE="$lockstock $1"
    COMP_POINT=${#COMP_LINE}
    read -ra COMP_WORDS <<<"$COMP_LINE"
    [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    options=""
    _lockstock "$lockstock" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect LINE WORD...: Tab offers exactly these words.
expect()
{
    local line=$1
    shift
    local got wanted
    got=$(offered "$line" | paste -sd' ')
    wanted=$(printf '%s\n' "$@" | sort | paste -sd' ')
    if [[ $got != "$wanted" ]]; then
        echo "lockstock $line<Tab>: offered '$got', expected '$wanted'"
        failures=$((failures + 1))
    fi
}

expect "" list lesson my.lockstock.json observe report run shot stress explore
expect "ob" observe
expect "--ver" --version
expect "run lost-up" lost-update
expect "run my" my.lockstock.json
expect "shot not"
expect "lesson flash" flash-sale
expect "explore lost-up" lost-update
expect "explore lost-update --method n" naive
expect "run lost-update --str" --strategy
expect "run lost-update --strategy set-nx-" set-nx-ex-del set-nx-ex-lua set-nx-px-min-replicas set-nx-px-wait
expect "run lost-update --strategy cor" correct
expect "stress --strategy redl" redlock redlock-fenced
expect "shot lost-update --language " en zh_CN
expect "list --lang" --language
expect "shot lost-update --width "
expect "shot lost-update --theme d" dark
expect "lesson lost-update --side b" both broken
expect "observe mas" masters:
offered "observe mas" >/dev/null
if [[ $options != "-o nospace" ]]; then
    echo "lockstock observe mas<Tab>: masters: is followed by a space"
    failures=$((failures + 1))
fi
expect "run lost-update --seed "
if ((failures)); then
    echo "completion: $failures wrong"
    exit 1
fi
echo "completion: all complete as expected"
