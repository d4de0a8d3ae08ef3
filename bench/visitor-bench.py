#!/usr/bin/env python3
"""What a visitor feels: layout shift, largest paint and bytes for every kind of page, on a
mid-range phone over a slow network (Tests/browser/visitor_measure.py sets it: 412 px wide, CPU
and network slowed), cold cache, in English and Simplified Chinese.

CLS here is the sum of every shift without input (never less than the session-window CLS);
LCP is the last largest-contentful-paint entry; bytes are what the browser fetched, text gzipped
as a static host sends it. Median of --runs loads.

usage: bench/visitor-bench.py [--runs 3] [--foodpin .build/release/foodpin] [--width 412] [--only KIND]
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser"))
import visitor_measure as visitor  # noqa: E402  (the page kinds and the measure, shared with the browser test)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--width", type=int, default=412)
    parser.add_argument("--foodpin", default=os.path.join(visitor.REPO, ".build", "release", "foodpin"))
    parser.add_argument("--only", default="", help="only the page kinds whose name holds this")
    parser.add_argument("--json", help="also write every run's figures here")
    args = parser.parse_args()
    rows, everything = [], {}
    with visitor.Guides(args.foodpin) as guides, visitor.browser_at(args.width) as browser:
        for language, base, output in guides.sites:
            for kind in (kind for kind in visitor.PAGE_KINDS if args.only in kind.name):
                runs = [visitor.measure(browser, base, output, kind) for _ in range(args.runs)]
                everything[f"{language} {kind.name}"] = runs
                median = {key: statistics.median(run[key] for run in runs) for key in ("cls", "lcp", "bytes")}
                worst = max(runs, key=lambda run: run["cls"])
                rows.append((language, kind.name, median, worst["shifts"], runs[-1]["lcpElement"]))
    print(f"| language | page | CLS | LCP | bytes | largest shift | largest paint |")
    print("|---|---|---|---|---|---|---|")
    for language, name, median, shifts, painted in rows:
        top = max(shifts, key=lambda shift: shift["value"], default=None)
        moved = f"{top['value']:.3f} {', '.join(top['sources'])}" if top else ""
        print(f"| {language} | {name} | {median['cls']:.3f} | {median['lcp'] / 1000:.2f} s | "
              f"{median['bytes'] / 1000:,.0f} kB | {moved} | {painted} |")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(everything, file, indent=1)


main()
