"""The city map as the sample guide's Boston page draws it: every placed restaurant a pin or a
member of a group, the rest listed beside it; no accessibility violation, and pins take focus."""
import json

from selenium.webdriver.common.by import By

from conftest import axe_violations, search_records
from test_visitor import start


def test_a_city_map_links_every_placed_restaurant_and_lists_the_rest(sample_site):
    page = (sample_site / "cities" / "boston" / "index.html").read_text(encoding="utf-8")
    boston = json.loads((sample_site / "search.json").read_text(encoding="utf-8"))["cities"].index("Boston")
    members = [r for r in search_records(sample_site) if r["city"] == boston]
    placed = {r["slug"] for r in members if r["lat"] is not None}
    unplaced = {r["slug"] for r in members if r["lat"] is None}
    assert placed and unplaced
    svg = page[page.index("<svg class=\"map\""):page.index("</svg>")]
    single = {href.split("/")[-2] for href in _hrefs(svg) if href.startswith("../../restaurants/")}
    groups = page[page.index('<ol class="map-groups">'):page.index("</ol>", page.index('<ol class="map-groups">'))] \
        if 'class="map-groups"' in page else ""
    grouped = {href.split("/")[-2] for href in _hrefs(groups)}
    # Every placed restaurant is a pin of its own or a member of a group's list, never both.
    assert single | grouped == placed and not single & grouped
    beside = page[page.index('<div class="map-unplaced">'):]
    beside = beside[:beside.index("</div>")]
    assert {href.split("/")[-2] for href in _hrefs(beside)} == unplaced


def _hrefs(html):
    return [part.split('"', 1)[0] for part in html.split('href="')[1:]]


def test_the_map_has_no_accessibility_violations_and_pins_take_focus(browser, sample_url):
    start(browser, sample_url, "cities/boston/")
    pin = browser.find_element(By.CSS_SELECTOR, ".map-pin")
    browser.execute_script("arguments[0].focus()", pin)
    assert browser.switch_to.active_element == pin
    assert axe_violations(browser) == []
