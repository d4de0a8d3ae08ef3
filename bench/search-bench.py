#!/usr/bin/env python3
"""Search at scale: the index a first query downloads, and query times in headless Chromium.

usage: bench/search-bench.py [N]   (default 10000; needs .build/release/foodpin and .build-venv)
"""
import functools, gzip, http.server, json, pathlib, shutil, statistics, subprocess, sys, tempfile, threading, time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[1]
COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
QUERIES = ["caf", "CAFE BA", "skal", "sushi", "downtown", "golden bistro", "xqzzvw"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="foodpin-search-"))
    guide = work / "guide"
    subprocess.run([sys.executable, str(REPO / "bench" / "make-guide.py"), str(COUNT), str(guide)], check=True)
    subprocess.run([str(REPO / ".build" / "release" / "foodpin"), "build", "-q", "--root", str(guide)], check=True)
    site = guide / "Output"

    index = (site / "search.json").read_bytes()
    shard = (site / "search" / "0.json").read_bytes()
    page = (site / "index.html").read_bytes()
    gz = lambda data: len(gzip.compress(data, 6))
    print(f"restaurants: {COUNT}")
    print(f"search.json: {len(index) / 1024:.0f} KiB, {gz(index) / 1024:.1f} KiB gzipped")
    print(f"one shard ({json.loads(index)['shardSize']} restaurants): {len(shard) / 1024:.0f} KiB, {gz(shard) / 1024:.1f} KiB gzipped")
    print(f"first query downloads (index + one shard, gzipped): {(gz(index) + gz(shard)) / 1024:.1f} KiB")
    print(f"list page: {gz(page) / 1024:.1f} KiB gzipped")

    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url + "404.html")
        driver.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
        started = time.perf_counter()
        driver.get(url)
        driver.execute_async_script("FoodPin.search.ready.then(e => { window.engine = e; arguments[arguments.length - 1](); })")
        page_size = driver.execute_script("return FoodPin.search.pageSize")
        shard_size = json.loads(index)["shardSize"]
        print(f"page load to search ready (fetch, parse, fold {COUNT} names): {(time.perf_counter() - started) * 1000:.0f} ms")
        for query in QUERIES:
            timings = driver.execute_script("""
                const query = arguments[0], times = [];
                let found = 0;
                for (let i = 0; i < 25; i++) {
                    const start = performance.now();
                    found = window.engine.run(query, {}).length;
                    times.push(performance.now() - start);
                }
                return [found, times];""", query)
            found, times = timings
            positions = driver.execute_script("return window.engine.run(arguments[0], {}).map(r => r.position)", query)
            shards = sorted({p // shard_size for p in positions[:page_size]})
            download = gz(index) + sum(gz((site / "search" / f"{n}.json").read_bytes()) for n in shards)
            print(f"query {query!r:16} {found:5d} results, median {statistics.median(times):.2f} ms, max {max(times):.2f} ms, "
                  f"first page of results downloads {download / 1024:.1f} KiB gzipped ({len(shards)} shards)")
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(work)


main()
