#!/usr/bin/env python3
"""No dead link in README.md and docs/: every relative link names a file
that exists and, with a #fragment, a heading of that page (as GitHub makes
its anchors); and the guide's contents page, docs/README.md, links every
page of docs/.

    test_links.py SOURCE_DIR
"""
import pathlib
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose(text):
    """The text outside fenced code blocks, line by line."""
    inside = False
    for line in text.splitlines():
        if FENCE.match(line):
            inside = not inside
        elif not inside:
            yield line


def anchor(heading):
    """GitHub's anchor of a heading: lower case, markup and punctuation gone, spaces as dashes."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[`*_]", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page):
    seen, found = {}, set()
    for line in prose(page.read_text(encoding="utf-8")):
        heading = HEADING.match(line)
        if heading:
            name = anchor(heading.group(1))
            count = seen.get(name, 0)
            found.add(name if count == 0 else f"{name}-{count}")
            seen[name] = count + 1
    return found


def main(source):
    root = pathlib.Path(source)
    pages = [root / "README.md"] + sorted((root / "docs").rglob("*.md"))
    dead, links = [], 0
    for page in pages:
        for number, line in enumerate(prose(page.read_text(encoding="utf-8")), 1):
            # Inline code is an example, not a link.
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # http:, https:, mailto: are not checked offline
                links += 1
                path, _, fragment = target.partition("#")
                linked = (page.parent / path).resolve() if path else page
                where = f"{page.relative_to(root)}: {target}"
                if not linked.exists():
                    dead.append(f"{where}: no such file")
                elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
                    dead.append(f"{where}: {linked.name} has no heading #{fragment}")
    contents = root / "docs" / "README.md"
    if not contents.exists():
        dead.append("docs/README.md: the guide has no contents page")
    else:
        listed = {(contents.parent / target.partition("#")[0]).resolve()
                  for target in LINK.findall(contents.read_text(encoding="utf-8"))}
        for page in pages[1:]:
            if page != contents and page.resolve() not in listed:
                dead.append(f"docs/README.md: the contents do not link {page.relative_to(root)}")
    for line in dead:
        print(line)
    print(f"doc_links: {links} links in {len(pages)} pages, {len(dead)} dead or missing")
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
