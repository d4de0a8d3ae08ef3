"""Shared fixtures: the foodpin binary, guides built into temp folders, a local server, headless Chromium."""
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import threading

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "Tests" / "browser" / "artifacts"


def foodpin_binary():
    for candidate in [REPO / ".build" / "debug" / "foodpin", REPO / ".build" / "release" / "foodpin"]:
        if candidate.exists():
            return str(candidate)
    raise RuntimeError("build foodpin first (swift build)")


def build(root, *arguments):
    result = subprocess.run([foodpin_binary(), "build", "--root", str(root), *arguments],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def serve():
    """Serves folders on 127.0.0.1, each under its own URL prefix, like a static host would."""
    servers = []

    def start(folder):
        handler = functools.partial(QuietHandler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
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
