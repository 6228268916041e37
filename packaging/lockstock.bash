# bash completion for lockstock(1): its commands, each command's options,
# scenario and strategy names, languages and the other fixed values, and
# files where a file goes. The commands and options are read from the
# program's own --help and the names from `lockstock list`, so they are
# always the ones of the lockstock being completed.

# _lockstock_help PROGRAM [COMMAND]: the help text.
_lockstock_help()
{
    "$@" --help 2>/dev/null
}

# _lockstock_names PROGRAM scenarios|strategies
_lockstock_names()
{
    "$1" list --language en 2>/dev/null | awk -v what="$2" '
        /^Strategies/ { strategies = 1; next }
        what == "scenarios" && !strategies && /^ *[0-9]+\. / { print $2 }
        what == "strategies" && strategies && /^  [^ ]/ { print $1 }'
}

_lockstock()
{
    local cur prev words cword
    _init_completion || return

    # The program as it was typed: build/app/lockstock completes as well.
    local program=${words[0]}
    local command=""
    if ((cword > 1)) && [[ ${words[1]} != -* && ${words[1]} != *.json ]]; then
        command=${words[1]}
    fi
    local help
    help=$(_lockstock_help "$program" $command)

    # The value of an option: what it can be, or nothing to offer.
    if [[ $prev == -* ]] && grep -qE -- "^ +(-[a-z], )?$prev <" <<<"$help"; then
        case $prev in
            --strategy)
                COMPREPLY=($(compgen -W "broken correct $(_lockstock_names "$program" strategies)" -- "$cur")) ;;
            --language) COMPREPLY=($(compgen -W "en zh_CN" -- "$cur")) ;;
            --theme) COMPREPLY=($(compgen -W "light dark" -- "$cur")) ;;
            --schedule) COMPREPLY=($(compgen -W "timed scripted random live" -- "$cur")) ;;
            --method) COMPREPLY=($(compgen -W "auto dpor naive sampled" -- "$cur")) ;;
            --save-counterexample) _filedir json ;;
            --side) COMPREPLY=($(compgen -W "broken correct both" -- "$cur")) ;;
            --json) _filedir json ;;
            --results) _filedir '@(csv|json)' ;;
            --animate) _filedir '@(gif|webm|mp4|apng)' ;;
            --shot) _filedir '@(png|svg)' ;;
            --out)
                case $command in
                    report) _filedir html ;;
                    *) _filedir '@(png|svg)' ;;
                esac ;;
        esac
        return
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(sed -nE 's/^ +(-[a-z], )?(--[a-z-]+).*/\2/p' <<<"$help")" -- "$cur"))
        return
    fi

    case $command in
        "")
            COMPREPLY=($(compgen -W "$(awk '/^Commands:/ { c = 1; next } c && /^$/ { exit } c && /^  [a-z]/ { print $1 }' <<<"$help")" -- "$cur"))
            _filedir json ;;
        run | shot | report | lesson | explore)
            COMPREPLY=($(compgen -W "$(_lockstock_names "$program" scenarios)" -- "$cur"))
            _filedir json ;;
        observe)
            COMPREPLY=($(compgen -W "single redlock masters: replicated: $(_lockstock_names "$program" scenarios)" -- "$cur"))
            [[ ${COMPREPLY[0]-} == *: ]] && compopt -o nospace ;;
    esac
} &&
    complete -F _lockstock lockstock
