#!/usr/bin/env python3
"""Page weight on the hand-written guide (bench/make-handwritten.py), each restaurant given a
week of opening hours and a holiday: a detail page with its five reviews, a list card, and the
review form's script that detail pages load besides.

usage: bench/page-weight.py [N] [--foodpin .build/release/foodpin]
"""
import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int, nargs="?", default=200)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="foodpin-weight-")
    try:
        guide, hugo = os.path.join(work, "foodpin"), os.path.join(work, "hugo")
        subprocess.run([sys.executable, os.path.join(HERE, "make-handwritten.py"), str(args.count), guide, hugo],
                       check=True, capture_output=True)
        hours = "hours:\n  mon-thu: 11:30-14:30, 17:30-22:00\n  fri-sat: 11:30-14:30, 17:30-23:30\n  sun: 10:00-15:00\n  2026-12-25: closed\n"
        for path in glob.glob(os.path.join(guide, "Content", "restaurants", "*.md")):
            text = open(path, encoding="utf-8").read()
            open(path, "w", encoding="utf-8").write(text.replace("---\n", "---\n" + hours, 1))
        with open(os.path.join(guide, "Content", "site.yml"), "a") as site:
            site.write("timezone: Europe/Lisbon\n")
        subprocess.run([args.foodpin, "build", "--quiet", "--root", guide], check=True)
        output = os.path.join(guide, "Output")
        details = [os.path.getsize(p) for p in glob.glob(os.path.join(output, "restaurants", "*", "index.html"))]
        list_page = open(os.path.join(output, "index.html"), encoding="utf-8").read()
        cards = [len(card.encode()) for card in re.findall(r'<li class="card.*?</li>', list_page, re.S)]
        form = glob.glob(os.path.join(output, "assets", "review-form.*.js"))
        print(f"detail page with 5 reviews: median {statistics.median(details):,.0f} bytes, largest {max(details):,} "
              f"({len(details)} pages; target 12 kB)")
        print(f"list card: median {statistics.median(cards):,.0f} bytes, largest {max(cards):,} ({len(cards)} on the first page; target 700)")
        print(f"review form script, loaded by detail pages and cached: {os.path.getsize(form[0]):,} bytes")
    finally:
        shutil.rmtree(work)


main()
