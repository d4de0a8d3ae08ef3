#!/usr/bin/env python3
"""Watch mode at scale: one-file edits under `foodpin serve`, timed from the save to the served page.

For each size: a cold build, then `foodpin serve`, then 20 saves of each kind of edit (alternating
text), each timed (a) as the server's own "rebuilt in N ms" line and (b) from the save to the moment
the page served over HTTP holds the new text (what a reloading browser then gets).

Shapes: `imported` (bench/make-guide.py: city files, Markdown for one restaurant in ten) edits one
restaurant's Markdown file; `handwritten` (bench/make-handwritten.py: every restaurant a Markdown
file with five Markdown reviews) edits a review, a restaurant and a template (the walkthrough's).
usage: bench/watch-bench.py [--shape imported|handwritten] [--foodpin BIN] [N ...]   (default 1000 10000)
"""
import argparse, pathlib, re, shutil, statistics, subprocess, sys, tempfile, threading, time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[1]


def handwritten_edits(guide):
    restaurant = guide / "Content" / "restaurants" / "r0.md"
    page = "/restaurants/r0/"
    template = guide / "Templates" / "welcome.mustache"
    template.parent.mkdir(exist_ok=True)
    shutil.copy(REPO / "Templates" / "welcome.mustache", template)
    return [("review", guide / "Content" / "reviews" / "r0" / "0.md", page, None),
            ("restaurant", restaurant, page, None),
            ("template", template, "/welcome/", "{{/content}}")]


def imported_edits(guide):
    page = next((guide / "Output" / "restaurants").glob("*-1000000/index.html")).parent.name
    return [("restaurant", guide / "Content" / "restaurants" / "r0.md", f"/restaurants/{page}/", None)]


def time_edits(kind, source, url, anchor, lines):
    """Saves the source 20 times, the marker appended (or put before `anchor`)."""
    original = source.read_text()
    rebuilds, latencies = [], []
    for edit in range(20):
        marker = f"edit-{edit}-{time.time_ns()}"
        before = len(lines)
        saved = time.perf_counter()
        source.write_text(original.replace(anchor, f"<p>{marker}</p>\n{anchor}") if anchor else original + f"\n{marker}\n")
        deadline = saved + 30
        while marker not in urllib.request.urlopen(url).read().decode():
            assert time.perf_counter() < deadline, f"the {kind} edit never reached {url}"
            time.sleep(0.002)
        latencies.append((time.perf_counter() - saved) * 1000)
        while len(lines) == before and time.perf_counter() < deadline:
            time.sleep(0.001)
        found = re.search(r"in (\d+) ms", lines[-1])
        if found:
            rebuilds.append(int(found.group(1)))
        time.sleep(0.2)
    source.write_text(original)
    return rebuilds, latencies


def run(foodpin, shape, count):
    work = pathlib.Path(tempfile.mkdtemp(prefix="foodpin-watch-"))
    guide = work / "guide"
    if shape == "handwritten":
        subprocess.run([sys.executable, str(REPO / "bench" / "make-handwritten.py"), str(count), str(guide),
                        str(work / "hugo")], check=True)
    else:
        subprocess.run([sys.executable, str(REPO / "bench" / "make-guide.py"), str(count), str(guide)], check=True)
    started = time.perf_counter()
    subprocess.run([foodpin, "build", "-q", "--root", str(guide)], check=True)
    cold = time.perf_counter() - started
    edits = handwritten_edits(guide) if shape == "handwritten" else imported_edits(guide)

    server = subprocess.Popen([foodpin, "serve", "--port", "0", "--root", str(guide)], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append(l) for l in server.stdout], daemon=True).start()
    while not any("Serving" in l for l in lines):
        time.sleep(0.01)
    port = int(re.search(r":(\d+)/", next(l for l in lines if "Serving" in l)).group(1))
    time.sleep(0.5)
    print(f"{count} restaurants ({shape}): cold build {cold:.2f} s")
    for kind, source, page, anchor in edits:
        rebuilds, latencies = time_edits(kind, source, f"http://127.0.0.1:{port}{page}", anchor, lines)
        print(f"  {kind} edit: rebuild median {statistics.median(rebuilds)} ms (max {max(rebuilds)} ms, "
              f"{100 * statistics.median(rebuilds) / 1000 / cold:.1f}% of cold); save to updated page served "
              f"median {statistics.median(latencies):.0f} ms (max {max(latencies):.0f} ms)")
    server.terminate()
    server.wait(timeout=10)
    shutil.rmtree(work)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", choices=["imported", "handwritten"], default="imported")
    parser.add_argument("--foodpin", default=str(REPO / ".build" / "release" / "foodpin"))
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 10000])
    options = parser.parse_args()
    for size in options.sizes:
        run(options.foodpin, options.shape, size)


main()
