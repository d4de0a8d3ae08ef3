#!/usr/bin/env python3
"""How far a cold search is from this machine's floor (issue 30). On one built search guide (the
`guide/Output` of bench/search-vs-pagefind.py's --work folder), for each query, FoodPin's page
against pages that fetch the same files and do nothing else:

- bare:    a page of one list and one script, which fetches the files FoodPin's page read before
           its first result, in the same rounds (a round: the requests made before any of them was
           answered; from one cold run of FoodPin's page), then puts the first card in the list.
           Each round waits for all its files, so this floor is a cautious one;
- head:    FoodPin's own list page with its script left out and that same chain started in its
           head, where the theme already asks for the index and the term list: the floor for a page
           with FoodPin's header, stylesheet and form;
- end:     the same page with the chain at the end of its body, so that it waits, as FoodPin's
           deferred script does, for the page to be parsed and its stylesheet loaded: against
           `head`, what starting the search from the head would buy;
- FoodPin: the page as built.

Each run is a fresh headless Chromium, the four alternated; ms from navigation start to the first
card in the list (search-vs-pagefind.py's `first_result`), medians of RUNS. The floor pages are
written into the site for the runs and removed after.

With `keystroke`: search-vs-pagefind.py's further keystroke (the query loaded cold and warm,
then the query but its last character shown whole, then that character typed), and within it the round trip for the card shards the new
first screen needs and the page had not read: from the first such request to the last response.
That round trip is the floor of a keystroke whose first cards are new to the page; the rest of the
time is FoodPin's own work. Medians of RUNS, each a fresh browser.

Run with `.build-venv/bin/python` (selenium).
usage: search-floor.py [keystroke] SITE RUNS QUERY...
"""
import importlib.util
import json
import pathlib
import re
import statistics
import sys
import urllib.parse

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("svp", HERE / "search-vs-pagefind.py")
svp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(svp)

# The search files a page read before its first result, by when they were asked for and answered.
READ = """return performance.getEntriesByType("resource").filter(entry => entry.responseEnd <= window.firstResult.ms
  && /\\/search(\\.json$|\\/)/.test(new URL(entry.name).pathname)).map(entry => [new URL(entry.name).pathname.slice(1), entry.startTime, entry.responseEnd]);"""
CARDS = re.compile(r"search/\d+\.json")

CHAIN = """<script>
window.FoodPin = { data: {} }; // the layout keeps its script form while FoodPin.data is there
(async function () {
  var last;
  for (const round of %s) last = await Promise.all(round.map(path => fetch(path).then(response => response.json())));
  if (document.readyState === "loading") await new Promise(done => document.addEventListener("DOMContentLoaded", done));
  document.querySelector(".search-results").innerHTML = last[0][0];
})();
</script>"""


def rounds_read(driver, base, query):
    """The search files FoodPin's page read before its first result, in rounds: a request made
    after one of its round was answered (so it may have needed that answer) opens the next."""
    svp.first_result(driver, f"{base}?q={urllib.parse.quote(query)}", ["firstResult"])
    rounds, answered, seen = [], float("inf"), set()
    for path, start, end in sorted(driver.execute_script(READ), key=lambda entry: entry[1]):
        if path in seen:  # a preload and the fetch that took its answer
            continue
        if not rounds or start > answered:
            rounds.append([])
            answered = end
        seen.add(path)
        rounds[-1].append(path)
        answered = min(answered, end)
    if not rounds or not all(CARDS.fullmatch(path) for path in rounds[-1]):
        sys.exit(f"search-floor.py: {query!r} showed no card from card shards read last: {rounds}")
    return rounds


def floor_pages(site, rounds):
    """The bare page, and FoodPin's page without its script with the chain of `rounds` in its head and at its end."""
    chain = CHAIN % json.dumps(rounds)
    bare = f'<!doctype html><html lang="en"><meta charset="utf-8"><title>floor</title><ul class="search-results"></ul>{chain}</html>'
    page, scripts = re.subn(r'<script src="[^"]*site\.[0-9a-f]+\.js" defer></script>\n?', "", (site / "index.html").read_text())
    head, heads = re.subn(r'(<link rel="stylesheet")', lambda match: chain + "\n" + match.group(1), page, count=1)
    end, ends = re.subn(r'(</body>)', lambda match: chain + "\n" + match.group(1), page, count=1)
    if (scripts, heads, ends) != (1, 1, 1):
        sys.exit("search-floor.py: the site's index.html has no script, stylesheet or body end where the theme puts them")
    return {"floor-bare.html": bare, "floor-head.html": head, "floor-end.html": end}


def first_card(base, path, query):
    driver = svp.browser()
    try:
        return svp.first_result(driver, f"{base}{path}?q={urllib.parse.quote(query)}", ["firstResult"])[0][1]
    finally:
        driver.quit()


CARD_ROUND = """const cards = performance.getEntriesByType("resource").filter(entry => /\\/search\\/\\d+\\.json$/.test(entry.name)
  && entry.startTime >= stroke.at && entry.startTime < stroke.at + stroke.drawn);
return cards.length ? Math.max(...cards.map(entry => entry.responseEnd)) - Math.min(...cards.map(entry => entry.startTime)) : 0;"""


def browser():
    """search-vs-pagefind.py's browser, keeping every resource timing (250 by default: a page at a
    million reads more, its filter counts a thousand attribute parts)."""
    driver = svp.browser()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "performance.setResourceTimingBufferSize(100000);"})
    return driver


def keystroke(base, query):
    """ms from the key to the list drawn, and the card shards' round trip within it."""
    driver = browser()
    try:
        for _ in range(2):
            svp.first_result(driver, f"{base}?q={urllib.parse.quote(query)}", ["firstResult", "wholeShown", "countsShown"])
        drawn, _ = svp.keystroke(driver, base, query)
        return drawn, driver.execute_script(CARD_ROUND)
    finally:
        driver.quit()


def keystrokes(base, runs, queries):
    print("| query | to the list drawn, ms | of which the new cards' round trip, ms |\n|---|---|---|")
    for query in queries:
        found = [keystroke(base, query) for _ in range(runs)]
        print(f"| {query} | {statistics.median(d for d, _ in found):.1f} | {statistics.median(r for _, r in found):.1f} |", flush=True)


def colds(site, base, runs, queries):
    kinds = {"bare": "floor-bare.html", "head": "floor-head.html", "end": "floor-end.html", "FoodPin": ""}
    print("| query | files read, by round | bare | head | end | FoodPin |\n|---|---|---|---|---|---|")
    try:
        for query in queries:
            driver = browser()
            try:
                rounds = rounds_read(driver, base, query)
            finally:
                driver.quit()
            for name, text in floor_pages(site, rounds).items():
                (site / name).write_text(text)
            found = {kind: [] for kind in kinds}
            for run in range(runs):
                for kind in kinds if run % 2 == 0 else list(kinds)[::-1]:
                    found[kind].append(first_card(base, kinds[kind], query))
            counts = ", ".join(str(len(each)) for each in rounds)  # files per round
            print(f"| {query} | {counts} | " + " | ".join(f"{statistics.median(found[kind]):.0f}" for kind in kinds) + " |", flush=True)
    finally:
        for name in kinds.values():
            if name:
                (site / name).unlink(missing_ok=True)


def main():
    keystroke_mode = sys.argv[1:2] == ["keystroke"]
    arguments = sys.argv[2:] if keystroke_mode else sys.argv[1:]
    if len(arguments) < 3 or not arguments[1].isdigit() or int(arguments[1]) < 3:
        sys.exit(__doc__ + "(RUNS: 3 at least, for medians)")
    site, runs, queries = pathlib.Path(arguments[0]), int(arguments[1]), arguments[2:]
    server, base = svp.serve(site)
    try:
        if keystroke_mode:
            keystrokes(base, runs, queries)
        else:
            colds(site, base, runs, queries)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
