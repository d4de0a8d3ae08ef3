#!/usr/bin/env python3
"""What one cold search fetches: each request a fresh headless Chromium makes for `?q=QUERY` on a
built site, in order, with its gzipped size and when it came (ms after the first). Files are sent
with `max-age`, as bench/search-vs-pagefind.py's host sends them.

usage: .build-venv/bin/python bench/search-trace.py SITE_FOLDER QUERY
"""
import functools, gzip, http.server, pathlib, sys, threading, time, urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

site, query = pathlib.Path(sys.argv[1]), sys.argv[2]
requests = []


class Logging(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def send_head(self):
        path = pathlib.Path(self.translate_path(self.path))
        path = path / "index.html" if path.is_dir() else path
        if path.is_file():
            requests.append((time.monotonic(), len(gzip.compress(path.read_bytes(), 6)), self.path.split("?")[0]))
        return super().send_head()


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Logging, directory=str(site)))
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/"
options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "localStorage.setItem('hasViewedWalkthrough', 'true')"})
    driver.get(url + "?q=" + urllib.parse.quote(query))
    time.sleep(3)
finally:
    driver.quit()
start = requests[0][0] if requests else 0
for at, size, path in requests:
    print(f"{(at - start) * 1000:6.0f} ms {size / 1000:6.1f} kB {path}")
print(f"total {sum(size for _, size, _ in requests) / 1000:.1f} kB")
