#!/usr/bin/env python3
"""What the first number formatted costs a fresh page: on a blank page in a fresh headless
Chromium each run, ms of the first `toLocaleString`, of one after an `Intl.PluralRules`, and of
`String(n)` (what FoodPin.number's grouping starts from). Run with `.build-venv/bin/python`, as
search-vs-pagefind.py. usage: number-data.py [RUNS]"""
import importlib.util
import pathlib
import statistics
import sys
import tempfile

spec = importlib.util.spec_from_file_location("svp", pathlib.Path(__file__).resolve().parent / "search-vs-pagefind.py")
svp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(svp)

CASES = {
    "toLocaleString first": "const t = performance.now(); (1234).toLocaleString('en'); return performance.now() - t",
    "toLocaleString after PluralRules": "new Intl.PluralRules('en'); const t = performance.now(); (1234).toLocaleString('en'); return performance.now() - t",
    "PluralRules": "const t = performance.now(); new Intl.PluralRules('en'); return performance.now() - t",
    "String(n)": "const t = performance.now(); String(1234); return performance.now() - t",
}


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as folder:
        (pathlib.Path(folder) / "index.html").write_text("<!doctype html><html lang=en><title>blank</title>")
        server, base = svp.serve(pathlib.Path(folder))
        found = {name: [] for name in CASES}
        try:
            for _ in range(runs):
                for name, script in CASES.items():
                    driver = svp.browser()
                    try:
                        driver.get(base)
                        found[name].append(driver.execute_script(script))
                    finally:
                        driver.quit()
        finally:
            server.shutdown()
    for name, times in found.items():
        print(f"{name}: median {statistics.median(times):.1f} ms, {min(times):.1f}-{max(times):.1f} ({runs} runs)")


if __name__ == "__main__":
    main()
