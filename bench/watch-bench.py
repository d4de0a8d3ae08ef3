#!/usr/bin/env python3
"""Watch mode at scale: one-file edits under `foodpin serve`, timed from the save to the served page.

For each size: cold build time, then 20 edits of one restaurant's Markdown file (alternating text),
each timed (a) as the server's own "rebuilt in N ms" line and (b) from the save to the moment the
page served over HTTP holds the new text (what a reloading browser then gets).
usage: bench/watch-bench.py [N ...]   (default 1000 10000; needs .build/release/foodpin)
"""
import pathlib, re, shutil, statistics, subprocess, sys, tempfile, threading, time, urllib.request

REPO = pathlib.Path(__file__).resolve().parents[1]
FOODPIN = str(REPO / ".build" / "release" / "foodpin")


def run(count):
    work = pathlib.Path(tempfile.mkdtemp(prefix="foodpin-watch-"))
    guide = work / "guide"
    subprocess.run([sys.executable, str(REPO / "bench" / "make-guide.py"), str(count), str(guide)], check=True)
    started = time.perf_counter()
    subprocess.run([FOODPIN, "build", "-q", "--root", str(guide)], check=True)
    cold = time.perf_counter() - started

    server = subprocess.Popen([FOODPIN, "serve", "--port", "0", "--root", str(guide)], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append(l) for l in server.stdout], daemon=True).start()
    while not any("Serving" in l for l in lines):
        time.sleep(0.01)
    port = int(re.search(r":(\d+)/", next(l for l in lines if "Serving" in l)).group(1))
    time.sleep(0.3)

    source = guide / "Content" / "restaurants" / "r0.md"
    original = source.read_text()
    url = f"http://127.0.0.1:{port}/restaurants/"
    page = next((guide / "Output" / "restaurants").glob(f"*-1000000/index.html")).parent.name
    rebuilds, latencies = [], []
    for edit in range(20):
        marker = f"edit-{edit}-{time.time_ns()}"
        before = len(lines)
        saved = time.perf_counter()
        source.write_text(original.replace("Order the special.", f"Order the special. {marker}"))
        deadline = saved + 30
        while marker not in urllib.request.urlopen(url + page + "/").read().decode():
            assert time.perf_counter() < deadline, "the edit never reached the served page"
            time.sleep(0.002)
        latencies.append((time.perf_counter() - saved) * 1000)
        while len(lines) == before and time.perf_counter() < deadline:
            time.sleep(0.001)
        found = re.search(r"in (\d+) ms", lines[-1])
        if found:
            rebuilds.append(int(found.group(1)))
        time.sleep(0.2)
    server.terminate()
    server.wait(timeout=10)
    print(f"{count} restaurants: cold build {cold:.2f} s; one-file edit rebuild median {statistics.median(rebuilds)} ms "
          f"(max {max(rebuilds)} ms, {100 * statistics.median(rebuilds) / 1000 / cold:.1f}% of cold); "
          f"save to updated page served median {statistics.median(latencies):.0f} ms (max {max(latencies):.0f} ms)")
    shutil.rmtree(work)


for size in [int(a) for a in sys.argv[1:]] or [1000, 10000]:
    run(size)
