#!/usr/bin/env python3
"""Rewrites the front matter of every Markdown file under a guide's Content/ as another tool would
write it: through PyYAML's safe_dump (block lists, keys sorted, and, unless --unicode, every
non-ASCII character escaped as \\xE3 or \\u017B inside double quotes). The same values, so the
built site must not change; only the reader's work does. PyYAML folds a value longer than about
80 characters over several lines, which FoodPin's shortcut leaves to the YAML parser: a guide of
long values reads slower so written.

usage: restyle-front-matter.py GUIDE [--unicode]
"""
import os
import sys

import yaml


def restyle(path, allow_unicode):
    with open(path, encoding="utf-8") as source:
        text = source.read()
    if not text.startswith("---\n") or text.count("---\n") < 2:
        return  # no front matter (a README), or one closed by `...`: left as it is
    _, front, body = text.split("---\n", 2)
    fields = yaml.safe_load(front)
    if not fields:
        return  # empty front matter: PyYAML would write `null`
    with open(path, "w", encoding="utf-8") as out:
        out.write("---\n" + yaml.safe_dump(fields, allow_unicode=allow_unicode) + "---\n" + body)


def main():
    guide, allow_unicode = sys.argv[1], "--unicode" in sys.argv[2:]
    for folder, _, files in os.walk(os.path.join(guide, "Content")):
        for name in files:
            if name.endswith(".md"):
                restyle(os.path.join(folder, name), allow_unicode)


main()
