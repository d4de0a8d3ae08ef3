#!/usr/bin/env python3
"""FoodPin's search against Pagefind 1.5.2 on the same built site (issue 30).

The guide is bench/make-search-guide.py's (N restaurants whose dishes, features and names tell them
apart). FoodPin builds it; Pagefind indexes the restaurant pages FoodPin wrote. A local server sends
text gzipped (level 6, as a static host does; Pagefind's own files are compressed already and go as
they are) and counts the bytes. For each query of a fixed list, in headless Chromium:

- cold: a fresh browser opens the search (FoodPin's list page with `?q=`; for Pagefind a page of
  its own that calls its JS API and loads the first result's data, as its UI does): the bytes sent
  before the first result shows, and the time from navigation start to it. Medians of --runs.
- warm: the same query again in the same browser (HTTP cache kept: files are sent with max-age).
- FoodPin's filter counts: the same, until the filters' options show how many results each
  gives (they come after the results; the Pagefind page asks for no filters).
- FoodPin's further keystroke: in that browser, the query but its last character shown whole,
  then that character typed: the time from the key to the list drawn again, and to its whole page.
- recall: every result each tool returns (not only the first page) against a reference computed
  here from the guide's own Markdown: a restaurant is relevant when every word the query means
  (a typo's intended word) is a word of its name, cuisines, city, area, description or reviews;
  a query in Chinese or Japanese, when the name contains it. Precision beside it: a tool that
  returned every restaurant would have a recall of 1.

Index size on disk and build time (peak memory from /usr/bin/time -v) are printed first.

usage: bench/search-vs-pagefind.py N [--runs 3] [--foodpin BIN] [--work DIR] [--without-pagefind]
(--without-pagefind: FoodPin alone, for sizes Pagefind cannot index on this machine: a million
needs more than its 24 GiB)
(needs .build-venv with selenium and `pagefind[bin]==1.5.2`, chromium and chromium-driver)
"""
import argparse, gzip, http.server, json, os, pathlib, re, shutil, statistics, subprocess, sys, tempfile, threading, time, unicodedata
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = pathlib.Path(__file__).resolve().parent
# (what a visitor types, the words it means, how a word matches: "word" whole, "prefix" as typed so far, "substring" for CJK)
QUERIES = [
    ("dumplings", ["dumplings"], "word"), ("cacio e pepe", ["cacio", "e", "pepe"], "word"),
    ("ramen", ["ramen"], "word"), ("tacos al pastor", ["tacos", "al", "pastor"], "word"),
    ("rooftop", ["rooftop"], "word"), ("live jazz", ["live", "jazz"], "word"),
    ("ramne", ["ramen"], "word"), ("cofee", ["coffee"], "word"), ("dumplngs", ["dumplings"], "word"),
    ("safron lantern", ["saffron", "lantern"], "word"), ("caf", ["caf"], "prefix"),
    ("拉麺", ["拉麺"], "substring"), ("籠包", ["籠包"], "substring"), ("ぷら", ["ぷら"], "substring"),
]
TEXT_TYPES = (".html", ".js", ".css", ".json", ".svg", ".webmanifest", ".xml", ".txt")
SPECIAL = {"ø": "o", "ß": "ss", "ł": "l", "æ": "ae", "œ": "oe", "đ": "d", "þ": "th", "ð": "d", "ı": "i", "å": "a"}


def fold(text):
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()
    return "".join(SPECIAL.get(c, c) for c in text)


def searchable(markdown, fields):
    """The values of `fields` in a Markdown file's front matter, and its body."""
    _, front, body = markdown.split("---\n", 2)
    return " ".join(line.split(":", 1)[1] for line in front.splitlines() if line.split(":", 1)[0] in fields) + " " + body


def guide_texts(guide):
    """Each restaurant's folded name, and its folded text: its file's and its reviews' (titles and bodies)."""
    texts = {}
    for path in sorted((guide / "Content" / "restaurants").glob("*.md")):
        markdown = path.read_text(encoding="utf-8")
        reviews = sorted((guide / "Content" / "reviews" / path.stem).glob("*.md"))
        text = " ".join([searchable(markdown, {"name", "cuisines", "city", "area"})]
                        + [searchable(review.read_text(encoding="utf-8"), {"title"}) for review in reviews])
        texts[path.stem] = (fold(re.search(r'^name: "(.*)"$', markdown, re.M).group(1)), fold(text))
    return texts


def reference(texts, words, how):
    found = set()
    for slug, (name, text) in texts.items():
        tokens = set(re.findall(r"\w+", text))
        if how == "substring":
            hit = all(word in name for word in words)
        elif how == "prefix":
            hit = all(any(token.startswith(word) for token in tokens) for word in words)
        else:
            hit = all(word in tokens for word in words)
        if hit:
            found.add(slug)
    return found


class Counting(http.server.SimpleHTTPRequestHandler):
    """A static host that notes when each response was sent, its size as sent (gzipped) and its path."""
    sent = []
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        body = pathlib.Path(path).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if path.endswith(TEXT_TYPES) and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, 6)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            return None  # the browser went on to the next run
        with Counting.lock:
            Counting.sent.append((time.time(), len(body), self.path.split("?")[0]))
        return None


PAGEFIND_PAGE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Pagefind</title><script type="module">
const query = new URLSearchParams(location.search).get("q");
const pagefind = await import("./pagefind/pagefind.js");
await pagefind.options({ baseUrl: "/" });
const search = await pagefind.search(query);
if (search.results.length) await search.results[0].data();
window.firstResult = { ms: performance.now(), count: search.results.length };
</script></html>"""

FIRST_RESULT_WATCH = """
localStorage.setItem("hasViewedWalkthrough", "true");
new MutationObserver((changes, observer) => {
  const list = document.querySelector(".search-results"), none = document.querySelector(".no-results");
  if (!window.firstResult && ((list && list.querySelector(".card")) || (none && !none.hidden))) {
    window.firstResult = { ms: performance.now() };
  }
  // The whole first page, its count said: a common word's first screen comes before (search-hits.js).
  if (window.firstResult && !window.wholeShown && list && list.getAttribute("aria-busy") === "false") {
    window.wholeShown = { ms: performance.now() };
  }
  // The filters' option counts, which come after the results.
  const all = document.querySelector("select[name=city] option");
  if (window.firstResult && all && all.dataset.name !== undefined && all.textContent !== all.dataset.name) {
    window.countsShown = { ms: performance.now() };
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true, attributes: true });
"""


def serve(site):
    """The built site on 127.0.0.1, as a static host serves it (`Counting`): the server and its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Counting(*a, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_RESULT_WATCH})
    return driver


def first_result(driver, url, marks):
    """For each of `marks`: bytes sent before it showed (responses sent by then: what came later, such
    as the rest of a page of results, is not counted), and milliseconds from navigation start to it.
    "firstResult": the first result; "wholeShown": FoodPin's whole first page; "countsShown": its filter counts."""
    with Counting.lock:
        Counting.sent.clear()
    driver.get(url)
    found = []
    for mark in marks:
        done = WebDriverWait(driver, 120, poll_frequency=0.02).until(lambda d: d.execute_script(f"return window.{mark}"))
        shown_at = driver.execute_script(f"return performance.timeOrigin + window.{mark}.ms") / 1000
        with Counting.lock:
            found.append((sum(size for sent_at, size, _ in Counting.sent if sent_at <= shown_at), done["ms"]))
    return found


KEYSTROKE_WATCH = """
const list = document.querySelector(".search-results"), input = document.querySelector("input[name=q]");
window.stroke = {};
input.addEventListener("keydown", () => { window.stroke = { at: performance.now() }; }, { once: true });
new MutationObserver(changes => {
  const now = performance.now();
  if (!stroke.at) return;
  if (!stroke.drawn && changes.some(change => change.type === "childList")) stroke.drawn = now - stroke.at;
  if (stroke.drawn && !stroke.whole && list.getAttribute("aria-busy") === "false") stroke.whole = now - stroke.at;
}).observe(list, { childList: true, attributes: true, attributeFilter: ["aria-busy"] });
"""


def keystroke(driver, base, query):
    """A further keystroke, the page and its data warm: the query but its last character shown
    whole with its filter counts (nothing of it still waiting), then that character typed.
    Milliseconds from the key to the list drawn again, and to its whole first page."""
    driver.get(f"{base}?q={urllib.parse.quote(query[:-1])}")
    WebDriverWait(driver, 120, poll_frequency=0.02).until(lambda d: d.execute_script("return window.countsShown"))
    driver.execute_script(KEYSTROKE_WATCH)
    driver.find_element(By.NAME, "q").send_keys(query[-1])
    done = WebDriverWait(driver, 120, poll_frequency=0.02).until(lambda d: d.execute_script("return stroke.whole && stroke"))
    return done["drawn"], done["whole"]


def measure(base, tool, query, runs):
    """By mark (the first result; for FoodPin, its whole first page and filter counts too): [bytes,
    ms] cold and warm, medians; and for FoodPin a further keystroke's ms to the list drawn again and
    to the whole page (medians), else None."""
    q = urllib.parse.quote(query)
    url = f"{base}?q={q}" if tool == "foodpin" else f"{base}pagefind-bench.html?q={q}"
    marks = ["firstResult", "wholeShown", "countsShown"] if tool == "foodpin" else ["firstResult"]
    cold, warm, strokes = [], [], []
    for _ in range(runs):
        driver = browser()
        try:
            cold.append(first_result(driver, url, marks))
            warm.append(first_result(driver, url, marks))
            if tool == "foodpin":
                strokes.append(keystroke(driver, base, query))
        finally:
            driver.quit()
    median = lambda runs, at, i: statistics.median(run[at][i] for run in runs)
    found = [([median(cold, at, 0), median(cold, at, 1)], [median(warm, at, 0), median(warm, at, 1)]) for at in range(len(marks))]
    return found, [statistics.median(stroke[i] for stroke in strokes) for i in (0, 1)] if strokes else None


def slugs_by_position(site):
    """Each restaurant's slug, by its place in the list, from FoodPin's card shards."""
    index, slugs = json.loads((site / "search.json").read_text()), []
    for number in range((index["count"] + index["shardSize"] - 1) // index["shardSize"]):
        slugs += [re.search(r'data-slug="([^"]+)"', card)[1] for card in json.loads((site / f"search/{number}.json").read_text())]
    return slugs


def returned(base, tool, query, slugs):
    """Every result's slug, as each tool returns them."""
    driver = browser()
    driver.set_script_timeout(600)  # Pagefind: the data of thousands of results
    try:
        if tool == "foodpin":
            driver.get(base)
            return {slugs[position] for position in driver.execute_async_script(
                "FoodPin.search.ready.then(e => e.prepare(arguments[0]).then(() => arguments[1](e.run(arguments[0], {}))))", query)}
        driver.get(base + "pagefind-bench.html?q=")
        urls = driver.execute_async_script("""
            import("./pagefind/pagefind.js").then(async pagefind => {
              const search = await pagefind.search(arguments[0]);
              arguments[1]((await Promise.all(search.results.map(r => r.data()))).map(d => d.url));
            });""", query)
        return {re.search(r"restaurants/([^/]+)/", url).group(1) for url in urls if "restaurants/" in url}
    finally:
        driver.quit()


def timed(command):
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True, check=True)
    seconds = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    wall = int(seconds.group(1) or 0) * 3600 + int(seconds.group(2)) * 60 + float(seconds.group(3))
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    return wall, peak


def size(paths):
    files = [f for p in paths for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file()]
    return sum(f.stat().st_size for f in files), len(files)


def filter_shards(site):
    """The term shards the filter counts read (every `#` term: they sort first) with their terms'
    parts, and their gzipped bytes."""
    bounds = json.loads((site / "search/terms.json").read_text())["bounds"]
    read = [site / "search/terms" / (b.encode().hex() + ".json") for b in bounds[:1] + [b for b in bounds[1:] if b.startswith("#")]]
    for shard in list(read):
        listed = json.loads(shard.read_bytes())
        read += [site / "search/postings" / f"{part[2]}.json" for term, entry in zip(listed["terms"], listed["postings"])
                 if term.startswith("#") and isinstance(entry, dict) for part in entry["parts"]]
    return len(read), sum(len(gzip.compress(path.read_bytes(), 6)) for path in read)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--foodpin", default=str(HERE.parent / ".build" / "release" / "foodpin"))
    parser.add_argument("--work")
    parser.add_argument("--without-pagefind", action="store_true")
    args = parser.parse_args()
    tools = ("foodpin",) if args.without_pagefind else ("foodpin", "pagefind")
    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="foodpin-search-vs-"))
    guide, site = work / "guide", work / "guide" / "Output"
    if not (guide / "Content").exists():
        subprocess.run([sys.executable, str(HERE / "make-search-guide.py"), str(args.count), str(guide)], check=True)
    shutil.rmtree(site, ignore_errors=True)
    build = timed([args.foodpin, "build", "--quiet", "--clean", "--root", str(guide)])
    ours = size([site / "search.json", site / "search"])
    filters_read = filter_shards(site)
    print(f"{args.count:,} restaurants: FoodPin build {build[0]:.1f} s, {build[1]:.0f} MB (its index "
          f"{ours[0] / 1e6:.1f} MB in {ours[1]:,} files; the filter counts read {filters_read[0]} term shards and parts, "
          f"{filters_read[1] / 1000:.0f} kB gzipped)", end="")
    if "pagefind" in tools:
        index = timed([str(HERE.parent / ".build-venv" / "bin" / "python"), "-m", "pagefind", "--site", str(site),
                       "--glob", "restaurants/*/index.html", "--quiet"])
        (site / "pagefind-bench.html").write_text(PAGEFIND_PAGE)
        theirs = size([site / "pagefind"])
        print(f"; Pagefind indexing {index[0]:.1f} s, {index[1]:.0f} MB ({theirs[0] / 1e6:.1f} MB in {theirs[1]:,} files)", end="")
    print()

    server, base = serve(site)
    texts, slugs = guide_texts(guide), slugs_by_position(site)
    print("Each cell: " + " / ".join({"foodpin": "FoodPin", "pagefind": "Pagefind"}[tool] for tool in tools))
    print("| query | relevant | recall | precision | kB before the first result, cold | ms to it, cold | ms, warm "
          "| FoodPin's whole first page: kB, ms, cold | its filter counts: kB, ms, cold; ms, warm "
          "| a further keystroke: ms to the list drawn, to its whole page |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    try:
        for query, words, how in QUERIES:
            relevant = reference(texts, [fold(w) for w in words], how)
            cells = {}
            for tool in tools:
                found = returned(base, tool, query, slugs)
                recall = len(found & relevant) / len(relevant) if relevant else 1.0
                precision = len(found & relevant) / len(found) if found else 1.0
                marks, keyed = measure(base, tool, query, args.runs)
                cold, warm = marks[0]
                if tool == "foodpin":
                    whole, counted, stroke = marks[1], marks[2], keyed
                cells[tool] = (recall, cold, warm, precision)
            def each(value):  # one cell: the tools' figures, FoodPin first
                return " / ".join(value(cells[tool]) for tool in tools)
            print(f"| {query} | {len(relevant)} | {each(lambda c: f'{c[0]:.2f}')} | {each(lambda c: f'{c[3]:.2f}')} | "
                  f"{each(lambda c: f'{c[1][0] / 1000:.0f}')} | {each(lambda c: f'{c[1][1]:.0f}')} | {each(lambda c: f'{c[2][1]:.0f}')} | "
                  f"{whole[0][0] / 1000:.0f}, {whole[0][1]:.0f} | {counted[0][0] / 1000:.0f}, {counted[0][1]:.0f}; {counted[1][1]:.0f} | "
                  f"{stroke[0]:.0f}, {stroke[1]:.0f} |", flush=True)
    finally:
        server.shutdown()
        if not args.work:
            shutil.rmtree(work)


if __name__ == "__main__":
    main()
