"""`foodpin serve` from outside, as an editor uses it: live reload, the error overlay, safe serving."""
import http.client
import re
import signal
import subprocess
import threading
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import foodpin_binary, wait


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    subprocess.run([foodpin_binary(), "init", str(folder / "g")], check=True, capture_output=True)
    guide = folder / "g"
    server = subprocess.Popen([foodpin_binary(), "serve", "--port", "0", "--root", str(guide)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append(line) for line in server.stdout], daemon=True).start()
    deadline = time.time() + 60
    while not any("Serving" in line for line in lines):
        assert time.time() < deadline and server.poll() is None, "".join(lines)
        time.sleep(0.05)
    port = int(re.search(r"127\.0\.0\.1:(\d+)/", next(l for l in lines if "Serving" in l)).group(1))
    yield guide, port, lines
    before = {p: p.read_bytes() for p in (guide / "Output").rglob("*") if p.is_file()}
    server.send_signal(signal.SIGINT)  # Ctrl-C
    server.wait(timeout=10)
    assert server.returncode == 0, "".join(lines)
    assert {p: p.read_bytes() for p in (guide / "Output").rglob("*") if p.is_file()} == before


def raw_get(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read().decode(errors="replace")


def test_pages_reload_after_saves_and_show_errors_while_broken(served, browser):
    guide, port, lines = served
    base = f"http://127.0.0.1:{port}/"
    browser.get(base + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")

    # A new restaurant file appears on the list without touching the browser.
    browser.get(base)
    (guide / "Content" / "restaurants" / "fresh.md").write_text("---\nname: Fresh Noodles\ncity: Springfield\n---\nHot.\n")
    wait(browser, lambda d: "Fresh Noodles" in d.page_source)

    browser.get(base + "restaurants/fresh/")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Fresh Noodles"
    # An atomic save (temp file renamed over the original).
    temporary = guide / "Content" / "restaurants" / ".fresh.md.tmp"
    temporary.write_text("---\nname: Fresh Noodles Bar\ncity: Springfield\n---\nHotter.\n")
    temporary.rename(guide / "Content" / "restaurants" / "fresh.md")
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Fresh Noodles Bar")

    # Broken front matter: the last good page stays, the error shows over it.
    (guide / "Content" / "restaurants" / "fresh.md").write_text("---\nname: [Fresh\n---\n")
    wait(browser, lambda d: d.find_elements(By.ID, "foodpin-error-overlay"))
    overlay = browser.find_element(By.ID, "foodpin-error-overlay").text
    assert "Content/restaurants/fresh.md:" in overlay and "error:" in overlay
    assert browser.find_element(By.TAG_NAME, "h1").text == "Fresh Noodles Bar"
    status, body = raw_get(port, "/restaurants/fresh/")
    assert status == 200 and "Fresh Noodles Bar" in body

    # The fix recovers.
    (guide / "Content" / "restaurants" / "fresh.md").write_text("---\nname: Fresh Again\n---\n")
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Fresh Again")
    assert not browser.find_elements(By.ID, "foodpin-error-overlay")

    # A deletion turns the page into a 404.
    (guide / "Content" / "restaurants" / "fresh.md").unlink()
    deadline = time.time() + 10
    while raw_get(port, "/restaurants/fresh/")[0] != 404:
        assert time.time() < deadline
        time.sleep(0.05)
    assert any("rebuilt" in line for line in lines)


def test_twenty_pages_back_and_forward_never_stall_and_the_page_shown_still_reloads(served, browser):
    """Pages left for the back/forward cache close their live-reload stream: Chromium allows six
    connections per host, and each stream kept open used one."""
    guide, port, _ = served
    base = f"http://127.0.0.1:{port}/"
    browser.get(base + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    browser.get(base)
    links = sorted({a.get_attribute("href").split("#")[0] for a in browser.find_elements(By.CSS_SELECTOR, "a[href]")})
    pages = [link for link in links if link.startswith(base) and link.endswith("/")]
    assert len(pages) >= 5, pages
    browser.set_page_load_timeout(8)
    try:
        for page in (pages * 3)[:20]:
            started = time.time()
            browser.get(page)
            assert time.time() - started < 5, f"{page} took {time.time() - started:.1f} s"
        for step in [browser.back] * 10 + [browser.forward] * 5:
            step()
            wait(browser, lambda d: d.execute_script("return document.readyState") == "complete", timeout=5)
        shown = browser.current_url
        # A rebuild while this page is shown reloads it...
        browser.execute_script("window.foodpinMarker = 1")
        (guide / "Content" / "restaurants" / "back-and-forth.md").write_text("---\nname: Back And Forth\n---\nX.\n")
        wait(browser, lambda d: d.execute_script("return window.foodpinMarker") is None)
        assert browser.current_url == shown
        # ...and a page restored from the back/forward cache after a rebuild reloads as it shows
        # (the navigation's type says it was reloaded, not fetched again by the browser).
        browser.get(base)
        browser.get(base + "restaurants/back-and-forth/")
        (guide / "Content" / "restaurants" / "back-and-forth.md").write_text("---\nname: Back And Forth Again\n---\nX.\n")
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Back And Forth Again")
        browser.back()
        wait(browser, lambda d: "Back And Forth Again" in d.page_source)
        assert browser.execute_script("return performance.getEntriesByType('navigation')[0].type") == "reload"
    finally:
        browser.set_page_load_timeout(300)
        (guide / "Content" / "restaurants" / "back-and-forth.md").unlink(missing_ok=True)
        deadline = time.time() + 10
        while "Back And Forth" in raw_get(port, "/")[1] and time.time() < deadline:
            time.sleep(0.05)


@pytest.mark.parametrize("path", ["/../Content/site.yml", "/%2e%2e/Content/site.yml", "/%2E%2E/%2E%2E/Content/site.yml",
                                  "/restaurants/../../Content/site.yml", "/..%2fContent%2fsite.yml", "/%2e%2e%2fContent/site.yml"])
def test_nothing_outside_the_output_folder_is_served(served, path):
    guide, port, _ = served
    status, body = raw_get(port, path)
    assert status in (403, 404)
    assert "title:" not in body


def test_the_preview_serves_correct_types_and_a_404_page(served):
    _, port, _ = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    for path, kind in [("/", "text/html"), ("/search.json", "application/json"), ("/robots.txt", "text/plain"),
                       ("/manifest.webmanifest", "application/manifest+json")]:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status == 200 and response.getheader("Content-Type").startswith(kind), path
    status, body = raw_get(port, "/no/such/page/")
    assert status == 404 and "Page not found" in body and "EventSource" in body


def test_the_reload_script_is_only_in_preview(served):
    guide, port, _ = served
    _, body = raw_get(port, "/")
    assert "/__foodpin/events" in body
    assert "/__foodpin/events" not in (guide / "Output" / "index.html").read_text()


def raw_exchange(port, request: bytes, timeout=5):
    """Sends bytes as they are; returns the status line's code (None when the server just closed)."""
    import socket
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(request)
            connection.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server may close a connection it refuses before reading it all
        reply = b""
        try:
            while chunk := connection.recv(65536):
                reply += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", reply)
    return (int(match.group(1)) if match else None), reply


ODD_REQUESTS = [
    (b"GET //cities HTTP/1.1\r\nHost: x\r\n\r\n", {301, 302, 308}),
    (b"GET /cities HTTP/1.1\r\nHost: x\r\n\r\n", {301, 302, 308}),
    (b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", {200}),
    (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", {200, 404, 405}),
    (b"DELETE /index.html HTTP/1.1\r\nHost: x\r\n\r\n", {200, 404, 405}),
    (b"GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n", {200, 400, 403, 404}),
    (b"GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", {400, 403, 404}),
    (b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", {None, 400, 404, 414, 431}),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 200_000 + b"\r\n\r\n", {None, 400, 431}),
    (b"\x00\x01\x02\xff garbage\r\n\r\n", {None, 400}),
    (b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", {None, 200, 400, 505}),
    (b"GET /index.html HTTP/1.1\r\nHost: x\r\nRange: bytes=999999999-\r\n\r\n", {200, 416}),
    (b"GET /__foodpin/events/../../Content/site.yml HTTP/1.1\r\nHost: x\r\n\r\n", {403, 404}),
    (b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", {None, 200, 400}),
    (b"GET /\r\n\r\n", {None, 200, 400}),
]


@pytest.mark.parametrize("request_bytes,allowed", ODD_REQUESTS, ids=lambda value: repr(value)[:40])
def test_odd_requests_get_a_plain_answer_and_the_preview_goes_on(served, request_bytes, allowed):
    guide, port, lines = served
    status, reply = raw_exchange(port, request_bytes)
    assert status in allowed, reply[:300]
    # Never to another host, and never anything from outside Output/.
    assert not re.search(rb"(?im)^location: *//", reply)
    assert b"title:" not in reply
    assert raw_get(port, "/")[0] == 200


def test_a_burst_of_odd_requests_leaves_the_preview_answering(served):
    _, port, _ = served
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(32) as pool:
        list(pool.map(lambda request: raw_exchange(port, request[0]), ODD_REQUESTS * 10))
    assert raw_get(port, "/")[0] == 200
    status, reply = raw_exchange(port, b"GET //cities HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status in {301, 302, 308}
    assert re.search(rb"(?im)^location: /cities/\r$", reply), reply[:300]
