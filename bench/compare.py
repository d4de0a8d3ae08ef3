#!/usr/bin/env python3
"""Cold builds of the same guide by FoodPin and Hugo, alternating, with medians and peak memory.

usage: bench/compare.py N [--runs 3] [--shape handwritten|imported] [--foodpin .build/release/foodpin]
                         [--hugo-first] [--front-matter ours|pyyaml|pyyaml-unicode] [--work DIR] [--same-folder]

Writes the guide for both (bench/make-handwritten.py, or bench/make-guide.py for the imported
shape; --front-matter pyyaml or pyyaml-unicode then rewrites FoodPin's front matter as PyYAML
writes it, through bench/restyle-front-matter.py: give such a guide a --work of its own), then
runs each tool --runs times, alternating, each into an empty output folder, timing wall clock and
reading peak memory from /usr/bin/time -v. Prints a Markdown table row. With --same-folder each tool
builds into one folder of its own (a first, untimed build makes it), removed (rm -rf) right before
each timed run, as a user rebuilding from scratch does: on ext4 without a journal, the inodes just
freed make new ones dear.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import remove_site, timed  # noqa: E402



def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shape", choices=["handwritten", "imported"], default="handwritten")
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--work", default=None, help="keep the guides here (default: a temp folder, removed)")
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("--hugo-first", action="store_true", help="run Hugo first in each pair")
    parser.add_argument("--front-matter", choices=["ours", "pyyaml", "pyyaml-unicode"], default="ours",
                        help="how FoodPin's front matter is written: as the generator writes it, or rewritten as "
                             "PyYAML dumps it (Hugo's site is the same either way)")
    parser.add_argument("--same-folder", action="store_true",
                        help="each tool rebuilds into one folder, removed right before each run (not timed)")
    args = parser.parse_args()
    # Absolute: Hugo takes a relative -d from its site folder.
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="foodpin-compare-")
    guide, hugo = os.path.join(work, "foodpin"), os.path.join(work, "hugo")
    if not os.path.exists(guide):
        if args.shape == "handwritten":
            subprocess.run([sys.executable, os.path.join(HERE, "make-handwritten.py"), str(args.count), guide, hugo], check=True)
        else:
            subprocess.run([sys.executable, os.path.join(HERE, "make-guide.py"), str(args.count), guide, "--hugo", hugo], check=True)
    # Restyled in place, every time (it is idempotent): a kept --work guide is measured as labelled.
    if args.front_matter != "ours":
        subprocess.run([sys.executable, os.path.join(HERE, "restyle-front-matter.py"), guide]
                       + (["--unicode"] if args.front_matter == "pyyaml-unicode" else []), check=True)
    files = sum(len(f) for _, _, f in os.walk(os.path.join(guide, "Content")))
    # By default each run writes a folder of its own, removed only at the end: ext4 slows down
    # creating files while it has inodes deleted in the last minute or more (see --same-folder).
    foodpin_runs, hugo_runs = [], []
    def out(tool, run):
        return os.path.join(work, f"{tool}-out-{0 if args.same_folder else run}")
    if args.same_folder:
        # Untimed: each timed run then removes a site its tool built.
        subprocess.run([args.foodpin, "build", "--quiet", "--clean", "--root", guide, "--output", out("foodpin", 0)], check=True)
        if not args.no_hugo and shutil.which("hugo"):
            subprocess.run(["hugo", "--quiet", "-s", hugo, "-d", out("hugo", 0)], check=True)
    for run in range(args.runs):
        def run_hugo():
            if not args.no_hugo and shutil.which("hugo"):
                if args.same_folder:
                    shutil.rmtree(out("hugo", run), ignore_errors=True)
                hugo_runs.append(timed(["hugo", "--quiet", "-s", hugo, "-d", out("hugo", run)]))
        if args.hugo_first:
            run_hugo()
        shutil.rmtree(os.path.join(guide, ".foodpin-cache"), ignore_errors=True)
        output = out("foodpin", run)
        if args.same_folder:
            remove_site(output)
        foodpin_runs.append(timed([args.foodpin, "build", "--quiet", "--clean", "--root", guide, "--output", output]))
        if not args.hugo_first:
            run_hugo()
    pages = sum(1 for _, _, f in os.walk(os.path.join(work, "foodpin-out-0")) for n in f if n.endswith(".html"))
    def median(runs):
        return statistics.median(r[0] for r in runs), max(r[1] for r in runs)
    fp_seconds, fp_peak = median(foodpin_runs)
    shape = args.shape if args.front_matter == "ours" else f"{args.shape}, front matter by {args.front_matter}"
    if args.same_folder:
        shape += ", rebuilt after rm -rf"
    row = f"| {shape} | {args.count:,} ({files:,} files) | FoodPin {fp_seconds:.2f} s, {fp_peak:.0f} MB ({pages:,} pages)"
    if hugo_runs:
        hugo_seconds, hugo_peak = median(hugo_runs)
        hugo_pages = sum(1 for _, _, f in os.walk(os.path.join(work, "hugo-out-0")) for n in f if n.endswith(".html"))
        row += f" | Hugo {hugo_seconds:.2f} s, {hugo_peak:.0f} MB ({hugo_pages:,} pages) | {fp_seconds / hugo_seconds:.2f} × |"
    print(row)
    print("runs (s, MB): foodpin", [(round(s, 2), round(m)) for s, m in foodpin_runs],
          "hugo", [(round(s, 2), round(m)) for s, m in hugo_runs])
    for run in range(1 if args.same_folder else args.runs):
        remove_site(out("foodpin", run))
        shutil.rmtree(out("hugo", run), ignore_errors=True)
    if not args.work:
        shutil.rmtree(work)


main()
