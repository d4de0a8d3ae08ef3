#!/usr/bin/env python3
"""How FoodPin's cold build grows with the guide: time per restaurant at each size, against the first.

usage: bench/scale.py [SIZES ...] [--runs 3] [--cache cold|warm] [--pause 60] [--work DIR] [--foodpin PATH]

SIZES default to 10000 100000. Each guide is the hand-written shape (bench/make-handwritten.py),
kept in --work as guide-N (a guide already there is used as it is). The sizes take turns, run after
run, so that a change in the machine weighs on all of them; each run builds with --clean into an
output folder of its own (removed at the end) after `sync` and a pause, with the page cache
  cold: dropped (`echo 3 > /proc/sys/vm/drop_caches`, root only), as after a restart or on a
        machine whose memory went elsewhere;
  warm: holding the guide (every source file read just before).
Prints, per size, the median wall time and peak memory (/usr/bin/time -v), the time per restaurant,
and its ratio to the first size's.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import remove_site, timed  # noqa: E402


def guide_for(work, count):
    guide = os.path.join(work, f"guide-{count}")
    if not os.path.exists(os.path.join(guide, "Content")):
        hugo = os.path.join(work, f"hugo-{count}")
        subprocess.run([sys.executable, os.path.join(HERE, "make-handwritten.py"), str(count), guide, hugo], check=True)
        shutil.rmtree(hugo)
    return guide


def prepare_cache(mode, guide):
    subprocess.run(["sync"], check=True)
    if mode == "cold":
        with open("/proc/sys/vm/drop_caches", "w") as control:
            control.write("3\n")
    else:
        for folder, _, names in os.walk(os.path.join(guide, "Content")):
            for name in names:
                with open(os.path.join(folder, name), "rb") as source:
                    source.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", type=int, nargs="*", default=[10000, 100000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", choices=["cold", "warm"], default="cold")
    parser.add_argument("--pause", type=float, default=60,
                        help="seconds between runs: the last run's pages are written back, and ext4 is past "
                             "the files deleted before (it creates files slowly for a while after)")
    parser.add_argument("--work", default=os.path.join(HERE, "..", ".bench-scale"))
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    args = parser.parse_args()
    if args.cache == "cold" and os.geteuid() != 0:
        sys.exit("--cache cold drops the page cache, which needs root; use --cache warm")
    os.makedirs(args.work, exist_ok=True)
    guides = {count: guide_for(args.work, count) for count in args.sizes}
    runs = {count: [] for count in args.sizes}
    outputs = []
    for run in range(args.runs):
        for count in args.sizes:
            guide = guides[count]
            shutil.rmtree(os.path.join(guide, ".foodpin-cache"), ignore_errors=True)
            time.sleep(args.pause)
            prepare_cache(args.cache, guide)
            output = os.path.join(args.work, f"out-{count}-{run}")
            outputs.append(output)
            seconds, peak = timed([args.foodpin, "build", "--quiet", "--clean", "--root", guide, "--output", output])
            runs[count].append((seconds, peak))
            print(f"  {count:,} restaurants, run {run + 1}: {seconds:.2f} s, {peak:.0f} MB", flush=True)
    print(f"| restaurants | cold build, median of {args.runs} ({args.cache} page cache) | peak memory | per restaurant | ÷ {args.sizes[0]:,} |")
    print("|---|---|---|---|---|")
    base = None
    for count in args.sizes:
        seconds = statistics.median(s for s, _ in runs[count])
        per = seconds / count * 1000
        base = base or per
        peak = max(m for _, m in runs[count])
        print(f"| {count:,} | {seconds:.2f} s ({', '.join(f'{s:.1f}' for s, _ in runs[count])}) | {peak:.0f} MB "
              f"| {per:.3f} ms | {per / base:.2f} × |")
    for output in outputs:
        remove_site(output)
    for guide in guides.values():
        shutil.rmtree(os.path.join(guide, ".foodpin-cache"), ignore_errors=True)


main()
