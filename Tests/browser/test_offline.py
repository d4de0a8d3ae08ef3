"""The guide offline, in Chromium: pinned restaurants and a saved city open with their pictures
once the server is gone; a page not kept shows the offline page; unpinned pages are dropped; a new
build's worker replaces the old caches. The server is this test's own, stopped and started again on
the same port (the same origin), so "offline" is real."""
import functools
import shutil
import threading

import pytest
from selenium.common.exceptions import TimeoutException

from conftest import REPO, Host, QuietHandler, build, search_records, wait

CITY_SIZE = 100


class Site:
    """The built Output/ served on 127.0.0.1, stoppable."""

    def __init__(self, folder):
        self.folder, self.port, self.server = folder, 0, None

    def start(self):
        handler = functools.partial(QuietHandler, directory=str(self.folder))
        self.server = Host(("127.0.0.1", self.port), handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def guide(tmp_path_factory):
    """The sample guide and a city of 100 restaurants, each with its own photo."""
    root = tmp_path_factory.mktemp("offline")
    shutil.copytree(REPO / "Content", root / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    photos = sorted((REPO / "Content" / "images").glob("*.jpg"))
    for number in range(CITY_SIZE):
        shutil.copy(photos[number % len(photos)], root / "Content" / "images" / f"dish-{number}.jpg")
        (root / "Content" / "restaurants" / f"place-{number:03d}.md").write_text(
            f"---\nname: Place {number:03d}\ncity: Testville\ncuisines: [Thai]\nimage: images/dish-{number}.jpg\n---\nGood food, number {number}.\n")
    build(root)
    site = Site(root / "Output")
    yield root, site
    if site.server:
        site.stop()


def cached(browser, prefix):
    """The URLs kept under caches named `prefix…`, with their sizes."""
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1], prefix = arguments[0], found = {};
        caches.keys().then(names => Promise.all(names.filter(n => n.startsWith(prefix)).map(name =>
          caches.open(name).then(cache => cache.keys().then(requests => Promise.all(requests.map(request =>
            cache.match(request).then(r => r.blob()).then(b => { found[request.url] = b.size; }))))))))
        .then(() => done(found), e => done({error: String(e)}));""", prefix)


def controlled(browser, url):
    browser.get(url)
    wait(browser, lambda b: b.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)


def test_pins_and_a_saved_city_open_offline_and_the_rest_shows_the_offline_page(guide, browser):
    root, site = guide
    url = site.start()
    controlled(browser, url + "my-guide/")
    browser.execute_script("localStorage.clear(); FoodPin.pins.set('o-ya-28066', true); FoodPin.pins.set('place-007', true)")
    base = url
    wait(browser, lambda b: {base + "restaurants/o-ya-28066/", base + "restaurants/place-007/"} <= set(cached(b, "foodpin-kept")), 20)
    kept = cached(browser, "foodpin-kept")
    # One picture per kept page's picture, at the pinned width: the 640 WebP (the sample's are wider).
    assert any(u.startswith(base + "pictures/") and u.endswith("-640w.webp") for u in kept), sorted(kept)
    # And what My guide draws them from: search.json, the term shards of their slugs, their cards' shards.
    slugs = [record["slug"] for record in search_records(root / "Output")]
    shards = {f"{base}search/{slugs.index(slug) // 25}.json" for slug in ["o-ya-28066", "place-007"]}
    assert base + "search.json" in kept and base + "search/terms.json" in kept and shards <= set(kept), sorted(kept)

    # A saved city: its size is said first, then every restaurant of it is kept.
    browser.get(url + "cities/testville/")
    box = wait(browser, lambda b: b.find_element("css selector", ".offline-save:not([hidden])"))
    label = box.find_element("css selector", "button").text
    assert label.startswith("Save Testville for offline (") and (label.endswith(" MB)") or label.endswith(" kB)")), label
    box.find_element("css selector", "button").click()
    wait(browser, lambda b: "is saved" in b.find_element("css selector", ".offline-save [role=status]").text, 60)
    kept = cached(browser, "foodpin-kept")
    city_pages = [u for u in kept if "/restaurants/place-" in u]
    assert len(city_pages) == CITY_SIZE
    total = sum(kept.values())
    print(f"kept {total:,} bytes for a city of {CITY_SIZE} restaurants and two pins (shown before: {label})")
    assert total <= 2_000_000, f"{total} bytes kept for a city of {CITY_SIZE} and two pins"

    site.stop()
    browser.get(url + "restaurants/place-007/")
    assert browser.find_element("css selector", "h1").text == "Place 007"
    hero = browser.find_element("css selector", ".hero img")
    wait(browser, lambda b: b.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", hero))
    browser.get(url + "restaurants/place-042/")
    assert browser.find_element("css selector", "h1").text == "Place 042"
    browser.get(url + "my-guide/")
    wait(browser, lambda b: len(b.find_elements("css selector", ".card")) == 2)
    browser.get(url + "restaurants/sakura-ramen-house/")
    assert browser.find_element("css selector", "h1").text == "You are offline"
    assert browser.find_element("css selector", "link[rel=stylesheet]").get_attribute("href").startswith(url + "assets/site.")

    # Back online: an unpinned restaurant is dropped.
    site.start()
    controlled(browser, url + "my-guide/")
    browser.execute_script("FoodPin.pins.set('o-ya-28066', false)")
    wait(browser, lambda b: base + "restaurants/o-ya-28066/" not in cached(b, "foodpin-kept"), 20)
    assert base + "restaurants/place-007/" in cached(browser, "foodpin-kept")

    a_new_build_replaces_the_shell(browser, root, site, url)
    site.start()


def a_new_build_replaces_the_shell(browser, root, site, url):
    """A new build (a new stylesheet): its worker replaces the old shell and fetches the kept pages
    again, so that offline they name assets that are kept."""
    shells = lambda b: {n for n in b.execute_async_script("caches.keys().then(arguments[arguments.length - 1])") if n.startswith("foodpin-shell")}
    before = shells(browser)
    (root / "Templates" / "assets").mkdir(parents=True)
    (root / "Templates" / "assets" / "site.css").write_text((REPO / "Templates" / "assets" / "site.css").read_text() + "\n.x { }\n")
    build(root)
    browser.get(url + "my-guide/")
    # A browser looks for a new worker on its own schedule (on navigation, once the page has
    # loaded, which a busy machine can put off): asked for here, and again every 10 s, as later
    # visits would (an install that failed is not retried until then). Replacing the shell takes
    # 3 s alone. In two full CI runs the new worker stayed installed and waiting for over 90 s
    # though it skips waiting (Chromium also waits for the old worker to be idle): from the second
    # try on, the tab leaves the site and comes back, as a visitor's next visit would.
    update = "navigator.serviceWorker.getRegistration().then(r => r.update()).then(arguments[0], arguments[0])"
    worker = """const done = arguments[arguments.length - 1];
      navigator.serviceWorker.getRegistration().then(r => caches.keys().then(names => done({
        installing: r.installing && r.installing.state, waiting: r.waiting && r.waiting.state,
        active: r.active && r.active.state, caches: names})), e => done(String(e)))"""
    for attempt in range(9):
        if attempt > 0:
            browser.get("about:blank")
            browser.get(url + "my-guide/")
        browser.execute_async_script(update)
        try:
            wait(browser, lambda b: shells(b) and shells(b).isdisjoint(before), 10)
            break
        except TimeoutException:
            assert attempt < 8, f"the old shell is still there after 90 s: {browser.execute_async_script(worker)}"
    css = browser.execute_script("return document.querySelector('link[rel=stylesheet]').href")
    assert css in cached(browser, "foodpin-shell")
    site.stop()
    browser.get(url + "restaurants/place-007/")
    assert browser.find_element("css selector", "h1").text == "Place 007"
    assert browser.execute_script("return document.querySelector('link[rel=stylesheet]').href") == css
    assert browser.execute_script("return getComputedStyle(document.body).margin") == "0px"  # the stylesheet applies


def test_a_first_visit_registers_the_worker_only_once_its_search_is_shown(guide, browser):
    """Installing, the worker fetches the shell: registered before the page's search was shown, it
    made the first result 75-153 ms later (bench/README.md)."""
    root, _ = guide
    site = Site(root / "Output")  # a port, so an origin, of its own
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        localStorage.setItem("hasViewedWalkthrough", "true"); // the list, not the walkthrough
        const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
        navigator.serviceWorker.register = (...args) => {
          const list = document.querySelector(".search-results");
          window.registeredWith = { cards: list.querySelectorAll(".card").length, busy: list.getAttribute("aria-busy"),
                                    controlled: !!navigator.serviceWorker.controller };  // by a worker from before: not a first visit
          return register(...args);
        };"""})
    url = site.start()
    try:
        browser.get(url + "?q=place")
        wait(browser, lambda b: b.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)
        page_size = int(browser.find_element("css selector", ".search[data-page-size]").get_attribute("data-page-size"))
        assert page_size < CITY_SIZE
        assert browser.execute_script("return window.registeredWith") == {"cards": page_size, "busy": "false", "controlled": False}
    finally:
        try:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", script)
            browser.execute_async_script("(navigator.serviceWorker ? navigator.serviceWorker.getRegistrations() : Promise.resolve([]))"
                                         ".then(all => Promise.all(all.map(r => r.unregister()))).then(() => arguments[0]())")
        finally:
            site.stop()


def test_search_data_goes_to_the_network_not_through_the_worker(guide, browser):
    """Where the browser routes requests (Chromium 123 on), the worker leaves search/ to the network:
    through it, a keystroke's list was drawn 9-14 ms later (bench/README.md). Offline, the page
    reads the kept copies itself: the pins test stops the server, and My guide still draws them."""
    root, _ = guide
    site = Site(root / "Output")  # a port, so an origin, of its own
    url = site.start()
    try:
        controlled(browser, url + "my-guide/")
        browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")  # the list, not the walkthrough
        browser.get(url + "?q=place+007")
        wait(browser, lambda b: b.find_element("css selector", ".search-results").get_attribute("aria-busy") == "false")
        # How each search file the page read was routed: "network" by the worker's rule, "" by none.
        routed = browser.execute_script("""const base = arguments[0];
            return Object.fromEntries(performance.getEntriesByType('resource').filter(e => e.name.startsWith(base + 'search'))
              .map(e => [e.name.slice(base.length), e.workerMatchedSourceType]))""", url)
        assert browser.execute_script("return !!navigator.serviceWorker.controller")
        assert routed["search.json"] == "" and "search/terms.json" in routed, routed
        assert {source for path, source in routed.items() if path.startswith("search/")} == {"network"}, routed
    finally:
        try:
            browser.execute_async_script("(navigator.serviceWorker ? navigator.serviceWorker.getRegistrations() : Promise.resolve([]))"
                                         ".then(all => Promise.all(all.map(r => r.unregister()))).then(() => arguments[0]())")
        finally:
            site.stop()


def test_the_worker_and_the_hours_script_weigh_at_most_4_kb_gzipped(guide):
    """Issue 32's target, as sent: the built sw.js, and hours.js as the built bundle carries it (the
    build drops comment lines, indentation and blank lines). Weighed from the raw source until the
    worker's route for search data (the raw file is 2,129 bytes gzipped, 1,803 so)."""
    import gzip
    output = guide[0] / "Output"
    worker = (output / "sw.js").read_bytes()
    bundles = list((output / "assets").glob("site.*.js"))
    assert len(bundles) == 1, bundles
    bundle = bundles[0].read_text()
    hours = [part for part in bundle.split("\n;\n") if "FoodPin.parseHours = function" in part]  # the theme's scripts, joined so
    assert len(hours) == 1 and "FoodPin.openingText" in hours[0]
    total = len(gzip.compress(worker, 9)) + len(gzip.compress(hours[0].encode(), 9))
    assert total <= 4000, total


@pytest.mark.parametrize("city", ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"])
def test_a_city_named_like_an_object_property_is_saved_only_once_saved(tmp_path, browser, city):
    """Saved cities are looked up by name with no inherited keys: "constructor" once showed as saved
    already, and could never be saved."""
    root = tmp_path / "guide"
    (root / "Content" / "restaurants").mkdir(parents=True)
    (root / "Content" / "site.yml").write_text("title: Odd Cities\n")
    # The name as a city, a cuisine and a slug; another place, so a search can leave it out.
    (root / "Content" / "restaurants" / f"{city}.md").write_text(f"---\nname: Plain\ncity: \"{city}\"\ncuisines: [\"{city}\"]\n---\nSoup.\n")
    (root / "Content" / "restaurants" / "other.md").write_text("---\nname: Other\ncity: Elsewhere\ncuisines: [Thai]\n---\nCurry.\n")
    build(root)
    site = Site(root / "Output")
    url = site.start()
    try:
        controlled(browser, url + "my-guide/")
        browser.execute_script("localStorage.clear()")
        page = next(p for p in (root / "Output" / "cities").glob("*/index.html") if f'data-city="{city}"' in p.read_text())
        browser.get(url + page.relative_to(root / "Output").parent.as_posix() + "/")
        box = wait(browser, lambda b: b.find_element("css selector", ".offline-save:not([hidden])"))
        button = box.find_element("css selector", "button")
        assert box.get_attribute("data-city") == city
        assert button.get_attribute("aria-pressed") == "false"
        assert button.text.startswith(f"Save {city} for offline ("), button.text
        button.click()
        wait(browser, lambda b: "is saved" in b.find_element("css selector", ".offline-save [role=status]").text, 30)
        assert button.get_attribute("aria-pressed") == "true"
        assert browser.execute_script("return Object.keys(JSON.parse(localStorage.getItem('offlineCities')))") == [city]
        button.click()
        assert button.get_attribute("aria-pressed") == "false"
        assert browser.execute_script("return localStorage.getItem('offlineCities')") == "{}"
        # Filter counts: the option of that name gives no result for a search that leaves it out.
        browser.get(url + "?q=curry")
        wait(browser, lambda b: b.find_element("css selector", ".search-results").get_attribute("aria-busy") == "false")
        for select in ["city", "cuisine"]:
            option = f"select[name={select}] option:not([value=''])"
            wait(browser, lambda b: all(o.text.endswith(")") for o in b.find_elements("css selector", option)))
            texts = sorted(o.text for o in browser.find_elements("css selector", option))
            assert f"{city} (0)" in texts, texts
    finally:
        site.stop()
