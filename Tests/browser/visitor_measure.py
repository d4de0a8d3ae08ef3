"""Every kind of page loaded the way a visitor on a phone meets it, with its layout shifts, largest
paint and bytes read from the page. Used by bench/visitor-bench.py and test_layout.py."""
import contextlib
import dataclasses
import functools
import glob
import gzip
import http.server
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[2]

# Chromium's "mid-range phone" of the issue: 4x slower CPU, 150 ms round trip, 1.6 Mbit/s down.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
HEIGHT = 915

# Runs before the page's own scripts: records each shift (with what moved) and each largest paint.
OBSERVER = """
window.__visit = {cls: 0, lcp: 0, lcpElement: "", shifts: []};
function __describe(node) {
  if (!node || !node.tagName) return node ? node.nodeName : "?";
  return node.tagName.toLowerCase() + (node.className && typeof node.className === "string"
    ? "." + node.className.trim().split(/\\s+/).join(".") : "");
}
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    if (entry.hadRecentInput) return;
    window.__visit.cls += entry.value;
    window.__visit.shifts.push({value: entry.value, at: entry.startTime,
      sources: (entry.sources || []).map(function (source) { return __describe(source.node); })});
  });
}).observe({type: "layout-shift", buffered: true});
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    window.__visit.lcp = entry.startTime;
    window.__visit.lcpElement = __describe(entry.element);
  });
}).observe({type: "largest-contentful-paint", buffered: true});
"""


# The sample's restaurants all have a picture; this one has none.
UNPICTURED = """---
name: Plain Kitchen
cuisines: [Diner]
location: 12 Elm Street
city: Boston
price: 1
---
Eggs, toast and coffee from six in the morning.
"""


@dataclasses.dataclass
class PageKind:
    name: str
    path: object  # the page's path under the site, or a function of the Output folder giving it
    pins: int = 3  # restaurants pinned before the visit (the first ones with a picture)
    first_visit: bool = False  # a visitor who has not seen the walkthrough (the list sends them there)

    def url(self, base, output):
        return base + (self.path(output) if callable(self.path) else self.path)


def _slugs(output, pictured):
    """The restaurants whose page has (or lacks) a picture of the guide's own, in name order."""
    for page in sorted(glob.glob(os.path.join(output, "restaurants", "*", "index.html"))):
        html = pathlib.Path(page).read_text(encoding="utf-8")
        hero = html.split('class="hero"', 1)[1][:400] if 'class="hero"' in html else ""
        if ("pictures/" in hero) == pictured and ("<img" in hero or not pictured):
            yield os.path.basename(os.path.dirname(page))


def _detail(pictured):
    return lambda output: "restaurants/" + next(_slugs(output, pictured)) + "/"


def _first(folder):
    """The first page of a browse folder (cities/, cuisines/) by name."""
    def path(output):
        first = sorted(name for name in os.listdir(os.path.join(output, folder)) if not name.endswith(".html"))[0]
        return f"{folder}/{first}/"
    return path


def _shared(output):
    """My guide as a shared link shows it: two restaurants named in the address."""
    return "my-guide/?pins=" + ",".join(list(_slugs(output, True))[:2])


PAGE_KINDS = [
    PageKind("list", ""),
    PageKind("search results", "?q=pizza"),
    PageKind("filtered, sorted", "?city=Boston&sort=rating"),
    PageKind("no results", "?q=qqxzvw"),
    PageKind("detail, photos", _detail(True)),
    PageKind("detail, no photo", _detail(False)),
    PageKind("city", _first("cities")),
    PageKind("cuisine", _first("cuisines")),
    PageKind("my guide", "my-guide/"),
    PageKind("my guide, empty", "my-guide/", pins=0),
    PageKind("my guide, shared link", _shared, pins=0),
    PageKind("walkthrough", "welcome/"),
    PageKind("first visit", "", pins=0, first_visit=True),
    PageKind("404", "404.html"),
]


class _Host(http.server.SimpleHTTPRequestHandler):
    """Serves files as a static host does: text gzipped for a browser that accepts it."""
    COMPRESSED = (".html", ".css", ".js", ".json", ".svg", ".xml", ".webmanifest", ".txt")

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (path.endswith(self.COMPRESSED) and os.path.isfile(path)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        body = gzip.compress(pathlib.Path(path).read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Guides:
    """The sample guide built in English and in Simplified Chinese, each served on 127.0.0.1."""

    def __init__(self, foodpin, title=None):
        self.foodpin, self.title, self.sites, self._servers = str(foodpin), title, [], []  # sites: (language, URL, Output)

    def __enter__(self):
        self._work = tempfile.mkdtemp(prefix="foodpin-visitor-")
        for language in ("en", "zh-Hans"):
            guide = pathlib.Path(self._work, language)
            shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
            settings = guide / "Content" / "site.yml"
            text = re.sub(r"(?m)^language: .*$", f"language: {language}", settings.read_text())
            settings.write_text(text if self.title is None else re.sub(r"(?m)^title: .*$", f"title: {self.title}", text))
            (guide / "Content" / "restaurants" / "plain-kitchen.md").write_text(UNPICTURED)
            subprocess.run([self.foodpin, "build", "--quiet", "--root", str(guide)], check=True)
            output = guide / "Output"
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Host, directory=str(output)))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            self._servers.append(server)
            self.sites.append((language, f"http://127.0.0.1:{server.server_address[1]}/", str(output)))
        return self

    def __exit__(self, *exc):
        for server in self._servers:
            server.shutdown()
        shutil.rmtree(self._work)


@contextlib.contextmanager
def browser_at(width=412):
    """Headless Chromium as a screen `width` px wide (a phone below 800); `measure` slows it down."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{HEIGHT}"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": width < 800})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})
        driver.execute_cdp_cmd("Network.enable", {})
        yield driver
    finally:
        driver.quit()


def _throttle(driver, on):
    network = NETWORK if on else {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", network)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN if on else 1})


def _prepare(driver, base, slugs, returning):
    """A visitor with these restaurants pinned, back (the walkthrough seen) or new, and a cold cache."""
    driver.get(base + "404.html")
    driver.execute_script("localStorage.clear(); sessionStorage.clear();"
                          "if (arguments[1]) localStorage.setItem('hasViewedWalkthrough', 'true');"
                          "localStorage.setItem('pinnedRestaurants', JSON.stringify(arguments[0]));", slugs, returning)
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def _settle(driver, quiet=1.5, limit=20):
    """Waits until no resource has been fetched for `quiet` seconds (scripts load the index late)."""
    count, since, start = -1, time.monotonic(), time.monotonic()
    while time.monotonic() - start < limit:
        now = driver.execute_script("return performance.getEntriesByType('resource').length")
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.25)


def measure(driver, base, output, kind):
    """One cold visit of a page kind: {'cls', 'lcp' (ms), 'bytes', 'shifts', 'url'}."""
    _throttle(driver, False)
    pins = list(_slugs(output, True))[:kind.pins]
    _prepare(driver, base, pins, not kind.first_visit)
    url = kind.url(base, output)
    _throttle(driver, True)
    try:
        driver.get(url)
        _settle(driver)
        visit = driver.execute_script(
            "var v = window.__visit; var n = performance.getEntriesByType('navigation')[0];"
            "v.bytes = n.transferSize + performance.getEntriesByType('resource')"
            ".reduce(function (sum, r) { return sum + r.transferSize; }, 0); return v;")
    finally:
        _throttle(driver, False)
    visit["url"] = url
    return visit
