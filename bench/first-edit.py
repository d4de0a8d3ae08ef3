#!/usr/bin/env python3
"""A cold build, then one review edited (the first edit after a cold build), each in a new
process, by two FoodPin binaries taking turns on the hand-written guide of N restaurants; medians
of --runs and peak memory from /usr/bin/time -v. Each cold build starts with neither the output
folder nor what a build keeps beside it (`timing.move_site_aside`). The two binaries do not share a build state (each cold build
makes its own), so they can take turns on one guide.

usage: bench/first-edit.py N [--runs 5] [--foodpin .build/release/foodpin] --vs OTHER [--work DIR]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import move_site_aside, timed  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--vs", required=True)
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="foodpin-first-edit-")
    guide, aside = os.path.join(work, "foodpin"), os.path.join(work, "aside")
    if not os.path.exists(guide):
        subprocess.run([sys.executable, os.path.join(HERE, "make-handwritten.py"), str(args.count), guide,
                        os.path.join(work, "hugo")], check=True)
    review = os.path.join(guide, "Content", "reviews", "r1", "0.md")
    original = open(review).read()
    binaries = {"this": os.path.abspath(args.foodpin), "other": os.path.abspath(args.vs)}
    results = {name: [] for name in binaries}
    for run in range(args.runs):
        for name, binary in binaries.items():
            move_site_aside(guide, aside, f"{name}-{run}")
            cold = timed([binary, "build", "--quiet", "--clean", "--root", guide])
            open(review, "w").write(original.replace("\n---\n", f"\n---\nFirst edit {name} {run}. ", 1))
            first = timed([binary, "build", "--quiet", "--root", guide])
            results[name].append((cold, first))
            print(f"{name}: cold {cold[0]:.2f} s, {cold[1]:.0f} MB; first edit {first[0]:.2f} s, {first[1]:.0f} MB", flush=True)
    open(review, "w").write(original)
    for name, runs in results.items():
        print(f"| {name} ({binaries[name]}) | cold build {statistics.median(r[0][0] for r in runs):.2f} s "
              f"| first edit {statistics.median(r[1][0] for r in runs):.2f} s "
              f"(runs {', '.join(f'{r[1][0]:.2f}' for r in runs)}) | peak {max(r[1][1] for r in runs):.0f} MB |")


if __name__ == "__main__":
    main()
