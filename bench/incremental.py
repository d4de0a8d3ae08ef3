#!/usr/bin/env python3
"""`foodpin build` again, in a new process each time, on the hand-written guide of N restaurants:
nothing changed, one review edited, one restaurant's description edited. Medians of --runs, peak
memory from /usr/bin/time -v; each result is checked against a clean build byte for byte (built into a
folder of its own, which keeps a build state of its own, removed at the end). First, --runs times: a
cold build, then one review edited: the first edit after a cold build, which makes the standby folder
(a hard link per unchanged file); its median is a row of its own, before the cases.

usage: bench/incremental.py N [--runs 3] [--foodpin .build/release/foodpin] [--work DIR]
"""
import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import move_site_aside, remove_site, timed  # noqa: E402



def same_tree(a, b):
    comparison = filecmp.dircmp(a, b)
    if comparison.left_only or comparison.right_only or comparison.diff_files or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, comparison.common_files, shallow=False)
    return not mismatch and not errors and all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in comparison.common_dirs)


def compared(foodpin, guide, work, cleans):
    """The site a case leaves, against a clean build of the same sources (each into a folder of its
    own: deleting one right before the next case's runs would slow them down)."""
    clean = os.path.join(work, f"clean-{len(cleans)}")
    cleans.append(clean)
    subprocess.run([foodpin, "build", "--quiet", "--clean", "--root", guide, "--output", clean], check=True)
    return "equal to a clean build" if same_tree(os.path.join(guide, "Output"), clean) else "DIFFERS from a clean build"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="foodpin-incremental-")
    guide = os.path.join(work, "foodpin")
    if not os.path.exists(guide):
        subprocess.run([sys.executable, os.path.join(HERE, "make-handwritten.py"), str(args.count), guide,
                        os.path.join(work, "hugo")], check=True)
    build = [args.foodpin, "build", "--quiet", "--root", guide]
    review = os.path.join(guide, "Content", "reviews", "r1", "0.md")
    restaurant = os.path.join(guide, "Content", "restaurants", "r1.md")
    original_review, original_restaurant = open(review).read(), open(restaurant).read()
    edit_review = lambda mark: open(review, "w").write(original_review.replace("\n---\n", f"\n---\n{mark}. ", 1))
    # The first edit after a cold build may have to make the standby folder: each run starts from a cold
    # build with neither Output/ nor the standby there (moved aside, not deleted: ext4 slows down
    # making files for minutes after many are deleted).
    colds, firsts = [], []
    for run in range(args.runs):
        move_site_aside(guide, os.path.join(work, "aside"), run)
        colds.append(timed(build + ["--clean"]))
        edit_review(f"First edit {run}")
        firsts.append(timed(build))
    print(f"| {args.count:,} restaurants | cold build | {statistics.median(r[0] for r in colds):.2f} s | "
          f"{max(r[1] for r in colds):.0f} MB |")
    cleans = []
    print(f"| {args.count:,} restaurants | one review edited, the first edit after a cold build | "
          f"{statistics.median(r[0] for r in firsts):.2f} s | {max(r[1] for r in firsts):.0f} MB | "
          f"{compared(args.foodpin, guide, work, cleans)} | runs: {', '.join(f'{r[0]:.2f}' for r in firsts)} |")
    cases = [
        ("nothing changed", lambda run: None),
        ("one review edited", lambda run: edit_review(f"Edit {run}")),
        ("one description edited", lambda run: open(restaurant, "w").write(original_restaurant + f"\nEdit {run}.\n")),
    ]
    for name, change in cases:
        runs = []
        for run in range(args.runs):
            change(run)
            runs.append(timed(build))
        seconds = statistics.median(r[0] for r in runs)
        print(f"| {args.count:,} restaurants | {name} | {seconds:.2f} s | {max(r[1] for r in runs):.0f} MB | "
              f"{compared(args.foodpin, guide, work, cleans)} | runs: {', '.join(f'{r[0]:.2f}' for r in runs)} |")
    for clean in cleans:
        remove_site(clean)
    shutil.rmtree(os.path.join(work, "aside"), ignore_errors=True)
    if not args.work:
        shutil.rmtree(work)


main()
