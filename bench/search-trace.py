#!/usr/bin/env python3
"""What one cold search fetches: each response a fresh headless Chromium gets for `?q=QUERY` on a
built site, in order, with its size as sent and when it was sent (ms after the first), from the
host bench/search-vs-pagefind.py measures with.

usage: .build-venv/bin/python bench/search-trace.py SITE_FOLDER QUERY
"""
import importlib.util, pathlib, sys, threading, time, urllib.parse

spec = importlib.util.spec_from_file_location("search_vs_pagefind", pathlib.Path(__file__).with_name("search-vs-pagefind.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

site, query = pathlib.Path(sys.argv[1]), sys.argv[2]
server, base = bench.serve(site)
driver = bench.browser()
try:
    driver.get(base + "?q=" + urllib.parse.quote(query))
    time.sleep(3)
finally:
    driver.quit()
    server.shutdown()
sent = sorted(bench.Counting.sent)
start = sent[0][0] if sent else 0
for at, size, path in sent:
    print(f"{(at - start) * 1000:6.0f} ms {size / 1000:6.1f} kB {path}")
print(f"total {sum(size for _, size, _ in sent) / 1000:.1f} kB")
