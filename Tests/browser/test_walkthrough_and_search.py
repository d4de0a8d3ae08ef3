"""The walkthrough and the search box, driven in headless Chromium over a guide of real city files."""
import json
import shutil
import subprocess
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import REPO, build, foodpin_binary, wait

# The repository's copies of the real city files, so expected counts never move with ../shared.
CITIES = REPO / "Content" / "cities"


def records():
    return [r for city in sorted(CITIES.glob("*.json")) for r in json.loads(city.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def guide_url(tmp_path_factory, serve):
    """`foodpin init`, the real city files, a Japanese name, built and served."""
    folder = tmp_path_factory.mktemp("walk")
    subprocess.run([foodpin_binary(), "init", str(folder / "g")], check=True, capture_output=True)
    guide = folder / "g"
    for city in sorted(CITIES.glob("*.json")):
        shutil.copy(city, guide / "Content" / "cities" / city.name)
    (guide / "Content" / "restaurants" / "sakura.md").write_text(
        "---\nname: 桜ラーメン 新宿店\ncuisines: [Ramen]\ncity: Tokyo\nfavorite: true\n---\n", encoding="utf-8")
    # Words only a description or a review has.
    (guide / "Content" / "restaurants" / "dumpling-den.md").write_text(
        "---\nname: Dumpling Den\ncity: Boston\n---\nHand-folded *xiaolongbao* and a rooftop terrace. ガスト風、Crème brûlée.\n", encoding="utf-8")
    (guide / "Content" / "reviews").mkdir(exist_ok=True)
    (guide / "Content" / "reviews" / "sakura-1.md").write_text(
        "---\nrestaurant: sakura\nrating: 5\ntitle: Rich tonkotsu\n---\nTheir cacio e pepe ramen is a surprise.\n", encoding="utf-8")
    build(guide)
    return serve(guide / "Output")


def fresh(browser):
    """A first-time visitor: no remembered walkthrough, no session."""
    browser.get("about:blank")
    browser.delete_all_cookies()


def clear_storage(browser, url):
    browser.get(url + "404.html")
    browser.execute_script("localStorage.clear(); sessionStorage.clear();")


def visible_step(browser):
    """The one step not hidden (read from the DOM: the entry animation fades it in)."""
    steps = browser.find_elements(By.CSS_SELECTOR, ".step")
    shown = [s for s in steps if s.get_attribute("hidden") is None]
    assert len(shown) == 1
    return steps.index(shown[0]) + 1, shown[0].find_element(By.TAG_NAME, "h2").get_attribute("textContent")


def test_first_visit_goes_through_the_walkthrough_once(browser, guide_url):
    clear_storage(browser, guide_url)
    browser.get(guide_url)
    wait(browser, lambda d: d.current_url.endswith("/welcome/"))
    assert visible_step(browser) == (1, "Create your own food guide")
    next_button = browser.find_element(By.CSS_SELECTOR, ".next")
    skip = browser.find_element(By.CSS_SELECTOR, ".skip")
    assert next_button.text == "NEXT" and skip.is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, ".dot[aria-current]").get_attribute("data-step") == "1"

    next_button.click()
    assert visible_step(browser) == (2, "Show you the location")
    assert browser.find_element(By.CSS_SELECTOR, ".dot[aria-current]").get_attribute("data-step") == "2"
    next_button.click()
    assert visible_step(browser) == (3, "Discover great restaurants")
    assert next_button.text == "GET STARTED"
    assert not skip.is_displayed()
    assert "Step 3 of 3" in browser.find_element(By.CSS_SELECTOR, ".walkthrough-announcer").get_attribute("textContent")

    next_button.click()
    wait(browser, lambda d: urllib.parse.urlparse(d.current_url).path == "/")
    assert browser.execute_script("return localStorage.getItem('hasViewedWalkthrough')") == "true"
    # A later visit, even in a new session, goes straight to the list.
    browser.execute_script("sessionStorage.clear()")
    browser.get(guide_url)
    time.sleep(0.5)
    assert urllib.parse.urlparse(browser.current_url).path == "/"
    assert browser.find_element(By.CSS_SELECTOR, ".search").is_displayed()


def test_skip_remembers_the_visit(browser, guide_url):
    clear_storage(browser, guide_url)
    browser.get(guide_url)
    wait(browser, lambda d: d.current_url.endswith("/welcome/"))
    browser.find_element(By.CSS_SELECTOR, ".skip").click()
    wait(browser, lambda d: urllib.parse.urlparse(d.current_url).path == "/")
    assert browser.execute_script("return localStorage.getItem('hasViewedWalkthrough')") == "true"


def test_a_shared_search_link_survives_the_walkthrough(browser, guide_url):
    clear_storage(browser, guide_url)
    browser.get(guide_url + "?q=skal")
    wait(browser, lambda d: d.current_url.endswith("/welcome/"))
    browser.find_element(By.CSS_SELECTOR, ".skip").click()
    wait(browser, lambda d: "q=skal" in d.current_url)
    wait(browser, lambda d: "SKÁL" in [e.text for e in d.find_elements(By.CSS_SELECTOR, ".search-results .card-title")])


def test_arrow_keys_and_swipes_move_between_steps(browser, guide_url):
    clear_storage(browser, guide_url)
    browser.get(guide_url + "welcome/")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert visible_step(browser)[0] == 2
    body.send_keys(Keys.ARROW_RIGHT)
    assert visible_step(browser)[0] == 3
    body.send_keys(Keys.ARROW_LEFT)
    assert visible_step(browser)[0] == 2
    swipe = """
      const area = document.querySelector('.walkthrough');
      const touch = x => new Touch({identifier: 1, target: area, clientX: x, clientY: 200});
      area.dispatchEvent(new TouchEvent('touchstart', {changedTouches: [touch(arguments[0])], bubbles: true}));
      area.dispatchEvent(new TouchEvent('touchend', {changedTouches: [touch(arguments[1])], bubbles: true}));
    """
    browser.execute_script(swipe, 300, 100)
    assert visible_step(browser)[0] == 3
    browser.execute_script(swipe, 100, 300)
    browser.execute_script(swipe, 100, 300)
    assert visible_step(browser)[0] == 1


def test_a_guide_without_steps_offers_its_link_and_no_dead_controls(browser, serve, empty_site):
    browser.get(serve(empty_site) + "welcome/")
    wait(browser, lambda d: d.execute_script("return !!(window.FoodPin && FoodPin.data)"))
    assert browser.find_elements(By.CSS_SELECTOR, ".walkthrough-controls, .step") == []
    assert browser.find_element(By.CSS_SELECTOR, ".walkthrough-end a").is_displayed()


def test_without_javascript_every_step_is_readable(guide_url):
    import urllib.request
    html = urllib.request.urlopen(guide_url + "welcome/").read().decode()
    positions = [html.index(h) for h in ["Create your own food guide", "Show you the location", "Discover great restaurants"]]
    assert positions == sorted(positions)
    assert 'class="button" href="../">Get started</a>' in html


def search(browser, guide_url, query="", **filters):
    browser.get(guide_url + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    params = {"q": query, **filters}
    browser.get(guide_url + "?" + urllib.parse.urlencode({k: v for k, v in params.items() if v != ""}))
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".search-status").text != "")
    status = browser.find_element(By.CSS_SELECTOR, ".search-status").text
    if status == "No results":
        return status, []
    # The first screen of cards comes first; the list is busy until the rest of the page is there.
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("aria-busy") == "false")
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".search-results .card-title")]
    return status, names


@pytest.mark.parametrize("query, first, includes", [
    ("caf", "Café Ba-Ba-Reeba", ["Gaudí Café"]),
    ("CAFE BA", "Café Ba-Ba-Reeba", []),
    ("cafe", "Café Ba-Ba-Reeba", ["Gaudí Café"]),
    ("skal", "SKÁL", []),
    ("o ya", "o ya", []),
    ("elephant walk", "Elephant Walk, The - Boston", []),
    ("ラーメン", "桜ラーメン 新宿店", []),
    ("新宿", "桜ラーメン 新宿店", []),
    ("sushi", None, ["o ya"]),
    ("san fran", None, ["Absinthe Brasserie and Bar"]),
])
def test_search_finds(browser, guide_url, query, first, includes):
    status, names = search(browser, guide_url, query)
    assert names, status
    if first:
        assert names[0] == first
    for name in includes:
        assert name in names
    assert status.endswith("found")


@pytest.mark.parametrize("query, expected", [
    ("xiaolongbao", ["Dumpling Den"]),
    ("rooftop", ["The Terrace Rooftop Bar Restaurant", "Dumpling Den"]),  # a name before a description
    ("tonkotsu", ["桜ラーメン 新宿店"]),
    ("cacio e pepe", ["桜ラーメン 新宿店"]),
    ("boston xiaolong", ["Dumpling Den"]),
])
def test_words_of_descriptions_and_reviews_are_found(browser, guide_url, query, expected):
    status, names = search(browser, guide_url, query)
    assert [" ".join(name.split()) for name in names] == expected, status


def test_the_page_splits_words_as_the_build_does(browser, guide_url):
    # Every word of every name and of a description with accents and voiced kana, split by the
    # page's script, is a term of the index the build wrote.
    import urllib.request
    load = lambda path: json.loads(urllib.request.urlopen(guide_url + path).read())
    manifest = load("search/terms.json")
    terms = {term for bound in manifest["bounds"] for term in load(f"search/terms/{bound.encode().hex()}.json")["terms"]}
    browser.get(guide_url + "404.html")
    count = load("search.json")["count"]
    names = browser.execute_async_script("FoodPin.data.cards(arguments[0]).then(cards => arguments[1](cards.map("
                                         "card => card.querySelector('.card-title').textContent)))", list(range(count)))
    assert len(names) == count
    texts = names + ["Hand-folded *xiaolongbao* and a rooftop terrace. ガスト風、Crème brûlée."]
    words = browser.execute_script("return arguments[0].map(FoodPin.searchWords)", texts)
    missing = {word for found in words for word in found} - terms
    assert not missing
    assert {"ガス", "スト", "ト風", "creme", "brulee"} <= terms


def test_name_matches_rank_before_cuisine_matches(browser, guide_url):
    _, names = search(browser, guide_url, "steak")
    # A restaurant with "Steak" in its name outranks the many that only serve steak.
    named = [n for n in names if "steak" in n.lower()]
    assert named and names[:len(named)] == named


def test_nonsense_shows_the_no_results_state(browser, guide_url):
    status, names = search(browser, guide_url, "xqzzvw")
    assert status == "No results" and names == []
    assert browser.find_element(By.CSS_SELECTOR, ".no-results").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, ".all-restaurants").is_displayed()
    browser.find_element(By.CSS_SELECTOR, ".clear-search").click()
    assert browser.find_element(By.CSS_SELECTOR, ".all-restaurants").is_displayed()
    assert "q=" not in browser.current_url


def test_filters_narrow_the_results(browser, guide_url):
    chicago = [r for r in records() if r.get("city") == "Chicago"]
    status, names = search(browser, guide_url, "", city="Chicago")
    assert status == f"{len(chicago)} restaurants found"
    assert "Café Ba-Ba-Reeba" in names
    _, expensive = search(browser, guide_url, "", city="Chicago", price="4")
    assert len(expensive) == len([r for r in chicago if r.get("price") == 4])
    prices = browser.find_elements(By.CSS_SELECTOR, ".search-results .price [aria-hidden]")
    assert len(prices) == len(expensive) and all(p.get_attribute("textContent") == "$$$$" for p in prices)
    status, favourites = search(browser, guide_url, "", favorites="1")
    assert sorted(favourites) == sorted(["Corner Bakery", "桜ラーメン 新宿店"])
    status, tapas = search(browser, guide_url, "", cuisine="Tapas")
    assert "Bacchanal" in tapas and "Café Ba-Ba-Reeba" not in tapas


def test_typing_updates_the_results_and_the_url(browser, guide_url):
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    browser.get(guide_url)
    wait(browser, lambda d: d.find_element(By.ID, "search-q").is_displayed())
    box = browser.find_element(By.ID, "search-q")
    box.send_keys("gaud")
    wait(browser, lambda d: "Gaudí Café" in [e.text for e in d.find_elements(By.CSS_SELECTOR, ".search-results .card-title")])
    assert "q=gaud" in browser.current_url
    link = browser.find_element(By.CSS_SELECTOR, ".search-results .card-title a")
    link.click()
    wait(browser, lambda d: "/restaurants/gaudi-cafe-" in d.current_url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Gaudí Café"
    browser.back()
    wait(browser, lambda d: d.find_element(By.ID, "search-q").get_attribute("value") == "gaud")
    box = browser.find_element(By.ID, "search-q")
    box.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".all-restaurants").is_displayed())


def test_a_search_in_the_address_asks_for_its_first_data_from_the_head(browser, guide_url):
    """The index and the term list, each asked for once, by the links the page's head adds; a
    list page without a search asks for the index from its script and for no term list."""
    def asked(url):
        browser.get(url)
        # The search panel shows once the index is read; a search's status once it is done.
        wait(browser, lambda d: d.find_element(By.ID, "search-q").is_displayed())
        if "?q=" in url:
            wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".search-status").text != "")
        return sorted(browser.execute_script("""return performance.getEntriesByType('resource')
            .filter(e => /\\/search(\\.json|\\/terms\\.json)$/.test(e.name))
            .map(e => [e.name.replace(location.origin, ''), e.initiatorType])"""))
    browser.get(guide_url + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    assert asked(guide_url + "?q=dumpling") == [["/search.json", "link"], ["/search/terms.json", "link"]]
    assert asked(guide_url) == [["/search.json", "fetch"]]


def test_long_result_lists_come_a_page_at_a_time(browser, guide_url):
    status, names = search(browser, guide_url, "", city="San Francisco")
    assert status == f"{len([r for r in records() if r.get('city') == 'San Francisco'])} restaurants found" == "25 restaurants found"
    assert len(names) == 24  # the guide's page_size
    more = browser.find_element(By.CSS_SELECTOR, ".more-results")
    assert more.is_displayed()
    more.click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".search-results .card-title")) == 25)
    assert "Trou Normand" in [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".search-results .card-title")]
    assert not more.is_displayed()


@pytest.mark.parametrize("page", ["", "page/2/"])
def test_results_are_the_lists_own_cards(browser, guide_url, page):
    """A search result and the static list's card of the same restaurant have the same markup, links
    made relative to the page the search box sits on."""
    browser.get(guide_url + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    browser.get(guide_url + page)
    # Markup as built: a picture that fails to load (no network here) is hidden by a style the script adds.
    markup = "function markup(c) { c = c.cloneNode(true); c.querySelectorAll('[style]').forEach(e => e.removeAttribute('style')); return c.outerHTML; }"
    static = browser.execute_script(markup +
        "return Array.from(document.querySelectorAll('.all-restaurants .card')).map(markup)")
    names = browser.execute_script(
        "return Array.from(document.querySelectorAll('.all-restaurants .card-title')).map(t => t.textContent)")
    assert len(static) == 24
    browser.execute_async_script("FoodPin.search.ready.then(() => arguments[arguments.length - 1]())")
    for name, card in zip(names, static):
        box = browser.find_element(By.ID, "search-q")
        browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", box, name)
        result = wait(browser, lambda d: d.execute_script(markup +
            "const c = Array.from(document.querySelectorAll('.search-results .card'))"
            ".find(c => c.querySelector('.card-title').textContent === arguments[0]); return c && markup(c)", name))
        assert result == card, name
