#!/usr/bin/env python3
"""`foodpin import` of one large city file, minified (one line) and pretty-printed: time and peak memory.

Records are the repository's real LetsEat records cycled with new ids and names.
usage: bench/import-bench.py N [--foodpin .build/release/foodpin] [--build]

--build: then a cold `foodpin build` of the guide the minified file was imported into (for a
million records: the import, then a site of 1,187,109 pages), with its time and peak memory.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import remove_site, timed_with_output  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--build", action="store_true", help="also time a cold build of the imported guide")
    args = parser.parse_args()
    seeds = [r for path in sorted(glob.glob(os.path.join(HERE, "..", "Content", "cities", "*.json")))
             for r in json.load(open(path, encoding="utf-8"))]
    work = tempfile.mkdtemp(prefix="foodpin-import-")
    try:
        for shape, indent, separators in [("minified", None, (",", ":")), ("pretty-printed", 1, None)]:
            path = os.path.join(work, f"{shape}.json")
            with open(path, "w", encoding="utf-8") as out:
                out.write("[")
                for index in range(args.count):
                    record = dict(seeds[index % len(seeds)], id=3_000_000 + index)
                    record["name"] = f"{record['name']} {index}"
                    out.write(("," if index else "") + ("\n" if indent else "")
                              + json.dumps(record, ensure_ascii=False, indent=indent, separators=separators))
                out.write("\n]" if indent else "]")
            guide = os.path.join(work, f"guide-{shape}")
            subprocess.run([args.foodpin, "init", guide, "--quiet"], check=True)
            started = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-v", args.foodpin, "import", "--root", guide, path],
                                    capture_output=True, text=True, check=True)
            seconds = time.perf_counter() - started
            peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
            size = os.path.getsize(path) / 1e6
            print(f"| {args.count:,} records, {shape} ({size:.0f} MB) | {seconds:.1f} s | {peak:.0f} MB | {result.stdout.strip()} |",
                  flush=True)
            if args.build and shape == "minified":
                seconds, peak, output = timed_with_output([args.foodpin, "build", "--clean", "--root", guide])
                built = next(line for line in output.splitlines() if line.startswith("Built"))
                print(f"| {args.count:,} records, cold build | {seconds:.1f} s | {peak:.0f} MB | {built} |",
                      flush=True)
                remove_site(os.path.join(guide, "Output"))
    finally:
        shutil.rmtree(work)


main()
