#!/usr/bin/env python3
"""A/B of two (or more) script bundles on one built search guide (the `guide/Output` of
bench/search-vs-pagefind.py's --work folder), each run in a fresh headless Chromium, the variants
alternated, medians printed. Run with `.build-venv/bin/python` (selenium), as that script.

  cold:      ms from navigation to the first result and to the whole first page, and kB sent
             before the first result (a `?q=` page, nothing cached);
  keystroke: ms from a further key to the list drawn again and to its whole first page
             (search-vs-pagefind.py's `keystroke`, after two visits: the worker controls the page);
  run:       ms of the engine's `run` after a whole `prepare` (the median of 21 runs per page load).

A variant is a whole `assets/site.<hash>.js`, or that and a service worker joined by a comma
(`B.js,B-sw.js`), copied over the site's own for its runs (the site's own are put back at the end).
usage: search-ab.py cold|keystroke|run SITE RUNS A.js[,A-sw.js] B.js[,B-sw.js] -- QUERY...
"""
import importlib.util
import pathlib
import statistics
import sys
import urllib.parse

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("svp", HERE / "search-vs-pagefind.py")
svp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(svp)

RUN = """const done = arguments[arguments.length - 1], query = arguments[0];
FoodPin.search.ready.then(async engine => {
  await engine.prepare(query, {}, "", undefined, () => true);
  const times = [];
  for (let i = 0; i < 21; i++) { const start = performance.now(); engine.run(query, {}, ""); times.push(performance.now() - start); }
  done(times.sort((a, b) => a - b)[10]);
}).catch(error => done(String(error)));"""


def once(mode, base, query):
    driver = svp.browser()
    driver.set_script_timeout(300)
    try:
        url = f"{base}?q={urllib.parse.quote(query)}"
        if mode == "cold":
            marks = svp.first_result(driver, url, ["firstResult", "wholeShown"])
            return marks[0][1], marks[1][1], marks[0][0] / 1000
        if mode == "keystroke":
            for _ in range(2):
                svp.first_result(driver, url, ["firstResult", "wholeShown", "countsShown"])
            return svp.keystroke(driver, base, query)
        driver.get(base)
        return (driver.execute_async_script(RUN, query),)
    finally:
        driver.quit()


def main():
    if len(sys.argv) < 7 or sys.argv[1] not in ("cold", "keystroke", "run") or "--" not in sys.argv:
        sys.exit(__doc__)
    mode, site, runs = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
    split = sys.argv.index("--")
    variants, queries = sys.argv[4:split], sys.argv[split + 1:]
    bundle, worker = next((site / "assets").glob("site.*.js")), site / "sw.js"
    own = {path: path.read_bytes() for path in (bundle, worker) if path.exists()}
    if any(variant.count(",") > 1 or ("," in variant and worker not in own) for variant in variants):
        sys.exit("a variant is a bundle, or a bundle and a worker (for a site that has one): " + " ".join(variants))
    # Read before any is copied over: the site's own may be one of them.
    files = {variant: dict(zip([bundle, worker], (pathlib.Path(f).read_bytes() for f in variant.split(","))))
             for variant in variants}
    server, base = svp.serve(site)
    found = {(variant, query): [] for variant in variants for query in queries}
    try:
        for run in range(runs):
            for query in queries:
                for variant in variants if run % 2 == 0 else variants[::-1]:
                    for path, data in {**own, **files[variant]}.items():
                        path.write_bytes(data)
                    found[(variant, query)].append(once(mode, base, query))
    finally:
        for path, data in own.items():
            path.write_bytes(data)
        server.shutdown()
    names = {"cold": ["first result, ms", "whole first page, ms", "kB before the first result"],
             "keystroke": ["to the list drawn, ms", "to its whole first page, ms"], "run": ["run, ms"]}[mode]
    print("| query | variant | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for query in queries:
        for variant in variants:
            figures = found[(variant, query)]
            medians = [statistics.median(figure[i] for figure in figures) for i in range(len(names))]
            print(f"| {query} | {', '.join(pathlib.Path(f).name for f in variant.split(','))} | " + " | ".join(f"{m:.1f}" for m in medians) + " |")


if __name__ == "__main__":
    main()
