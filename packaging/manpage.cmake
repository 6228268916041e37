# Writes the man page lockstock(1) from what the built program says: its
# --help (the window's options and the list of commands) and each command's
# --help, set into lockstock.1.in. The page cannot say what --help does not:
# a new option or command is in it at the next build (tests/packaging
# compares the two).
#   cmake -DLOCKSTOCK=path/to/lockstock -DTEMPLATE=lockstock.1.in -DOUT=lockstock.1
#         -DVERSION=0.1.0 -DDATE=2026-12-05 -P manpage.cmake

# Text as roff: backslashes, minus signs (options and names are typed as
# they read), and a leading dot or quote that roff would take for a request.
function(roff_text out text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
    string(REPLACE "@SEMICOLON@" ";" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# "--strategy <NAME>" or "-h, --help" as roff: the option bold, its value italic.
function(roff_option out names)
    roff_text(names "${names}")
    string(REGEX REPLACE "<([^>]+)>" "\\\\fI\\1\\\\fR" names "${names}")
    set(${out} "\\fB${names}\\fR" PARENT_SCOPE)
endfunction()

function(help_of out)
    execute_process(COMMAND ${LOCKSTOCK} ${ARGN} --help
                    OUTPUT_VARIABLE text ERROR_VARIABLE ignored RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "lockstock ${ARGN} --help failed (${status})")
    endif()
    # One list item per line. A semicolon would split a line in two: it
    # stands as a placeholder until roff_text.
    string(REPLACE ";" "@SEMICOLON@" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# The blocks QCommandLineParser writes ("Options:", "Arguments:") and ours
# ("Commands:"): each item's name in the first column, its words from the
# second on, continued on lines indented as deep. Returns roff .TP items.
function(roff_items out lines kind)
    set(roff "")
    foreach(line IN LISTS lines)
        if(line MATCHES "^  ([^ ].*[^ ])  +([^ ].*)$")
            set(name "${CMAKE_MATCH_1}")
            roff_text(words "${CMAKE_MATCH_2}")
            if(kind STREQUAL "option")
                roff_option(name "${name}")
            else()
                set(first "${name}")
                set(rest "")
                if(name MATCHES "^([^ ]+) (.*)$")
                    set(first "${CMAKE_MATCH_1}")
                    set(rest "${CMAKE_MATCH_2}")
                endif()
                roff_text(first "${first}")
                set(name "\\fB${first}\\fR")
                if(rest)
                    roff_text(rest "${rest}")
                    string(APPEND name " \\fI${rest}\\fR")
                endif()
            endif()
            string(APPEND roff ".TP\n${name}\n${words}\n")
        elseif(line MATCHES "^   +([^ ].*)$")
            roff_text(words "${CMAKE_MATCH_1}")
            string(APPEND roff "${words}\n")
        elseif(line MATCHES "^  ([^ ]+)$")
            roff_option(name "${CMAKE_MATCH_1}")
            string(APPEND roff ".TP\n${name}\n")
        endif()
    endforeach()
    set(${out} "${roff}" PARENT_SCOPE)
endfunction()

# A whole --help as roff: the usage line, the description (blank lines are
# paragraphs), then each block. Sets <out>_usage, <out>_text and, for the
# program's own help, <out>_commands.
function(roff_help out lines)
    set(section description)
    set(block "")
    set(text "")
    set(usage "")
    set(commands "")
    foreach(line IN LISTS lines ITEMS "")
        if(line MATCHES "^(Options|Arguments|Commands):$" OR (line STREQUAL "" AND NOT section STREQUAL "description"))
            if(block)
                roff_items(items "${block}" ${kind})
                string(APPEND text ".PP\n.B ${heading}\n.RS 4\n${items}.RE\n")
                set(block "")
            endif()
            if(line STREQUAL "")
                set(section after)
                continue()
            endif()
            set(section "${CMAKE_MATCH_1}")
            set(heading "${CMAKE_MATCH_1}:")
            set(kind item)
            if(section STREQUAL "Options")
                set(kind option)
            endif()
        elseif(line MATCHES "^Usage: (.*)$")
            set(usage "${CMAKE_MATCH_1}")
        elseif(section STREQUAL "description" OR section STREQUAL "after")
            if(line STREQUAL "" OR section STREQUAL "after")
                string(APPEND text ".PP\n")
            endif()
            if(line MATCHES "^       (lockstock .*)$")
                # The second usage line.
                list(APPEND usage "${CMAKE_MATCH_1}")
            elseif(NOT line STREQUAL "")
                roff_text(words "${line}")
                string(APPEND text "${words}\n")
            endif()
            set(section description)
        else()
            list(APPEND block "${line}")
            if(section STREQUAL "Commands" AND line MATCHES "^  ([a-z]+) ")
                list(APPEND commands "${CMAKE_MATCH_1}")
            endif()
        endif()
    endforeach()
    set(${out}_usage "${usage}" PARENT_SCOPE)
    set(${out}_text "${text}" PARENT_SCOPE)
    set(${out}_commands "${commands}" PARENT_SCOPE)
endfunction()

# "lockstock run [options] scenario" as a synopsis line.
function(roff_usage out usage)
    string(REGEX REPLACE "^lockstock ?" "" rest "${usage}")
    roff_text(rest "${rest}")
    set(${out} ".B lockstock\n${rest}\n" PARENT_SCOPE)
endfunction()

help_of(program_lines)
roff_help(program "${program_lines}")
if(NOT program_commands)
    message(FATAL_ERROR "lockstock --help lists no commands")
endif()

set(SYNOPSIS "")
foreach(usage IN LISTS program_usage)
    roff_usage(line "${usage}")
    string(APPEND SYNOPSIS "${line}.br\n")
endforeach()
set(DESCRIPTION "${program_text}")

set(COMMANDS "")
foreach(command IN LISTS program_commands)
    help_of(lines ${command})
    roff_help(command_help "${lines}")
    roff_text(title "${command_help_usage}")
    string(APPEND COMMANDS ".SS \"${title}\"\n${command_help_text}")
endforeach()

file(READ ${TEMPLATE} page)
string(CONFIGURE "${page}" page @ONLY)
file(WRITE ${OUT} "${page}")
