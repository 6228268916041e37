#!/usr/bin/env python3
"""The man page says what --help says: the program's usage, options and
commands, and for each command its usage, description, options and
arguments, word for word; and it lists no command or option --help lacks.

    test_manpage.py LOCKSTOCK MANPAGE
"""
import os
import re
import subprocess
import sys


def normal(text):
    """Words as a reader sees them: one space between, ASCII dashes and quotes."""
    for dash in "\u2010\u2011\u2212":
        text = text.replace(dash, "-")
    for quote in "\u2018\u2019":
        text = text.replace(quote, "'")
    return " ".join(text.split())


def help_text(lockstock, *command):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([lockstock, *command, "--help"], capture_output=True, text=True, env=env, check=True)
    return done.stdout


def items(help):
    """The help's usage line, description and each item of its blocks
    (Options, Arguments, Commands): (name, words) with the words joined."""
    usage, description, found, block = None, [], [], None
    for line in help.splitlines():
        heading = re.match(r"^(Options|Arguments|Commands):$", line)
        if line.startswith("Usage: "):
            usage = line[len("Usage: "):]
        elif heading:
            block = heading.group(1)
        elif block and re.match(r"^  \S", line):
            name, words = re.match(r"^  (\S.*?)(?:\s{2,}(\S.*))?$", line).groups()
            found.append([block, name, words or ""])
        elif block and line.startswith("   ") and found:
            found[-1][2] += " " + line.strip()
        elif not line:
            block = None
        elif not block:
            description.append(line)
    return usage, description, found


def main(lockstock, manpage):
    env = dict(os.environ, MANWIDTH="250", LC_ALL="C.UTF-8")
    page = subprocess.run(["man", "--no-hyphenation", "--no-justification", "-l", manpage],
                          capture_output=True, text=True, env=env, check=True).stdout
    # The page's command sections, as it headed them.
    commands_at = page.index("\nCOMMANDS\n")
    sections = {}
    commands_end = page.index("\nEXIT STATUS\n")
    for part in re.split(r"\n   (?=lockstock \S+ \[options\])", page[commands_at:commands_end])[1:]:
        sections[part.split()[1]] = normal(part)
    program_part = normal(page[:commands_at])
    source_options = {}
    with open(manpage, encoding="utf-8") as roff:
        command = None
        for line in roff:
            heading = re.match(r'^\.SS "lockstock (\S+)', line)
            command = heading.group(1) if heading else None if line.startswith(".SH") else command
            if command and line.startswith("\\fB\\-"):
                names = line.replace("\\-", "-")
                source_options.setdefault(command, []).extend(re.findall(r"--[a-z-]+", names.split("\\fR")[0]))

    failures = []

    def expect(words, where, what):
        if normal(words) not in where:
            failures.append(f"{what}: the man page lacks: {normal(words)}")

    def check(help, where, what):
        usage, description, found = items(help)
        expect(re.sub(r"^lockstock ?", "", usage), where, f"{what} usage")
        for line in description:
            expect(line, where, f"{what} description")
        options = set()
        for block, name, words in found:
            expect(re.sub(r"<([^>]+)>", r"\1", name), where, f"{what} {block}")
            expect(words, where, f"{what} {block} {name}")
            options.update(re.findall(r"--[a-z-]+", name) if block == "Options" else [])
        return options, [name.split()[0] for block, name, _ in found if block == "Commands"]

    _, commands = check(help_text(lockstock), program_part, "lockstock")
    if not commands:
        failures.append("lockstock --help lists no commands")
    if sorted(commands) != sorted(sections):
        failures.append(f"--help lists the commands {sorted(commands)}, the man page {sorted(sections)}")
    for command in commands:
        section = sections.get(command, "")
        options, _ = check(help_text(lockstock, command), section, f"lockstock {command}")
        # Nothing the command no longer takes: the options the page's own
        # source lists for it.
        for option in sorted(set(source_options.get(command, [])) - options):
            failures.append(f"lockstock {command}: the man page lists {option}, which --help does not")

    for failure in failures:
        print(failure)
    print(f"manpage: {len(commands)} commands, {len(failures)} differences from --help")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
