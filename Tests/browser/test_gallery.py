"""A restaurant's gallery in Chromium: a phone's bytes and layout shift, the viewer by keyboard,
plain links without JavaScript, and the published pictures' formats and sizes."""
import pathlib
import shutil
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, axe_violations, build, wait

PHOTOS = ["images/sakura-ramen-house/shoyu.jpg", "images/sakura-ramen-house/tonkotsu.jpg",
          "images/sakura-ramen-house/sides.jpg", "images/north-end-pasta-lab/cacio-e-pepe.jpg",
          "images/north-end-pasta-lab/espresso.jpg", "images/salad.jpg"]


@pytest.fixture(scope="module")
def gallery_url(tmp_path_factory, serve):
    """A guide whose one restaurant has a main photo and a six-photo gallery (the sample's photos)."""
    guide = tmp_path_factory.mktemp("gallery")
    shutil.copytree(REPO / "Content" / "images", guide / "Content" / "images")
    items = "".join(f"  - {{src: {path}, alt: Dish number {n + 1}, caption: Dish {n + 1}}}\n" for n, path in enumerate(PHOTOS))
    (guide / "Content" / "restaurants").mkdir()
    (guide / "Content" / "restaurants" / "six.md").write_text(
        f"---\nname: Six Plates\nimage: images/ramen.jpg\nphotos:\n{items}---\nSix plates, one table.\n")
    build(guide)
    return serve(guide / "Output") + "restaurants/six/"


def phone(browser, width=390, height=844, scale=3):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True})


@pytest.mark.timing
def test_a_phone_loads_little_before_scrolling_and_nothing_moves(browser, gallery_url):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    phone(browser)
    try:
        browser.get(gallery_url)
        browser.execute_async_script("const done = arguments[0];"
                                     "if (document.readyState === 'complete') setTimeout(done, 500);"
                                     "else addEventListener('load', () => setTimeout(done, 500));")
        transferred = browser.execute_script(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
            ".reduce((sum, e) => sum + e.transferSize, 0);")
        pictures = browser.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/pictures/')).map(e => e.name);")
        shift = browser.execute_async_script(
            "const done = arguments[0]; let total = 0;"
            "new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; })"
            ".observe({type: 'layout-shift', buffered: true});"
            "setTimeout(() => done(total), 300);")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # The hero at a phone's width, in WebP; Chromium fetches lazy photos this close to the screen
    # early, each at the gallery's two columns (640 pixels at this density), not at full size.
    names = sorted(p.rsplit("/", 1)[1] for p in pictures)
    assert names[0] == "cacio-e-pepe-640w.webp" and "ramen-1280w.webp" in names, names
    assert all(name.endswith("-640w.webp") for name in names if not name.startswith("ramen")), names
    print(f"transferred {transferred} bytes, pictures {names}")
    assert transferred <= 300_000, transferred
    assert shift == 0


def test_the_viewer_moves_by_keyboard_and_gives_focus_back(browser, gallery_url):
    browser.get(gallery_url)
    links = browser.find_elements(By.CSS_SELECTOR, ".gallery-link")
    assert len(links) == 6
    browser.execute_script("arguments[0].focus()", links[1])
    links[1].send_keys(Keys.ENTER)
    dialog = browser.find_element(By.CSS_SELECTOR, "dialog.lightbox")
    count = lambda: browser.find_element(By.CSS_SELECTOR, ".lightbox-count").text
    assert dialog.get_attribute("open") is not None
    assert count() == "Photo 2 of 6"
    assert browser.find_element(By.CSS_SELECTOR, ".lightbox-caption").text == "Dish 2"
    assert browser.switch_to.active_element.get_attribute("aria-label") == "Close"
    assert axe_violations(browser) == []
    active = browser.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)
    assert count() == "Photo 3 of 6"
    active.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert count() == "Photo 6 of 6"
    assert browser.find_element(By.CSS_SELECTOR, ".lightbox-frame img").get_attribute("alt") == "Dish number 6"
    active.send_keys(Keys.ESCAPE)
    assert dialog.get_attribute("open") is None
    # Focus is on the photo the viewer ended on, so Tab goes on from there. It moves there in the
    # dialog's `close` event, a task after Escape (the browser first puts it back where it was).
    wait(browser, lambda d: d.switch_to.active_element == links[5])
    assert browser.switch_to.active_element == links[5]


def test_without_javascript_each_photo_links_to_its_largest_jpeg(gallery_url):
    html = urllib.request.urlopen(gallery_url).read().decode()
    hrefs = [part.split('"', 1)[0] for part in html.split('class="gallery-link" href="')[1:]]
    assert len(hrefs) == 6
    for href in hrefs:
        response = urllib.request.urlopen(urllib.parse.urljoin(gallery_url, href))
        assert response.headers["Content-Type"] == "image/jpeg"
        assert href.endswith("-1600w.jpg") or href.endswith("-1920w.jpg"), href
