"""The visitor's own guide, in headless Chromium on the sample guide: pins and My guide, sharing,
sorting, "near me", the review form (its file then built); city maps in test_city_map.py."""
import json
import math
import shutil
import urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, axe_violations, build, search_records, vnu_errors, wait

PINS = "pinnedRestaurants"


def start(browser, url, path=""):
    """A returning visitor with no pins: the walkthrough seen, nothing else remembered."""
    browser.get(url + "404.html")
    browser.execute_script("localStorage.clear(); sessionStorage.clear();"
                           "localStorage.setItem('hasViewedWalkthrough', 'true')")
    browser.get(url + path)


def pins(browser):
    return json.loads(browser.execute_script(f"return localStorage.getItem('{PINS}') || '[]'"))


def card_names(browser, selector):
    # Read in one step: results are redrawn as they come.
    return browser.execute_script("return [...document.querySelectorAll(arguments[0] + ' .card-title')]"
                                  ".map(e => e.textContent.trim())", selector)


def pin_on(browser, scope, slug):
    return browser.find_element(By.CSS_SELECTOR, f"{scope} .card[data-slug='{slug}'] .pin-toggle")


def local_pictures_load(browser, scope, site_url):
    """Every picture file a card names (src and each srcset entry) on this site answers 200."""
    urls = browser.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' img, ' + arguments[0] + ' source')].flatMap(e =>"
        " [e.src, ...(e.srcset ? e.srcset.split(',').map(p => new URL(p.trim().split(' ')[0], location.href).href) : [])])"
        ".filter(u => u)", scope)
    local = [u for u in urls if u.startswith(site_url)]
    assert local, urls
    return browser.execute_async_script(
        "Promise.all(arguments[0].map(u => fetch(u).then(r => r.ok))).then(r => arguments[1](r.every(Boolean)))", local)


def search_ready(browser):
    browser.execute_async_script("FoodPin.search.ready.then(() => arguments[arguments.length - 1]())")


def shown_results(browser):
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .card")
         and not d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("hidden")
         and d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("aria-busy") == "false")
    return card_names(browser, ".search-results")


def test_pins_from_the_list_search_and_a_detail_page_fill_my_guide(browser, sample_url):
    start(browser, sample_url)
    toggle = wait(browser, lambda d: pin_on(d, ".all-restaurants", "abby-lane-98821"))
    assert toggle.get_attribute("aria-pressed") == "false"
    assert toggle.get_attribute("aria-label") == "Pin Abby Lane to My guide"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert browser.find_element(By.CSS_SELECTOR, ".pin-announcer").get_attribute("textContent") == "Abby Lane is pinned to My guide"

    search_ready(browser)
    box = browser.find_element(By.ID, "search-q")
    box.send_keys("noodle")
    wait(browser, lambda d: "Harbor Noodle Bar" in shown_results(d))
    pin_on(browser, ".search-results", "harbor-noodle-bar").click()

    browser.get(sample_url + "restaurants/sakura-ramen-house/")
    detail = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".restaurant .actions .pin-toggle"))
    assert detail.get_attribute("textContent").strip() == "Pin"
    detail.click()
    assert pins(browser) == ["abby-lane-98821", "harbor-noodle-bar", "sakura-ramen-house"]

    browser.refresh()
    detail = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".restaurant .pin-toggle"))
    assert detail.get_attribute("aria-pressed") == "true"
    assert browser.find_element(By.CSS_SELECTOR, "nav .pin-count").text == "(3)"

    browser.find_element(By.CSS_SELECTOR, "nav a[href$='my-guide/']").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-cards .card")) == 3)
    # In list order, whatever the order they were pinned in.
    assert card_names(browser, ".mine-cards") == ["Abby Lane", "Harbor Noodle Bar", "桜ラーメン Sakura Ramen House"]
    assert browser.find_element(By.CSS_SELECTOR, ".mine-status").text == "3 pinned restaurants"
    # The cards' pictures and links work from my-guide/, one folder down.
    link = browser.find_element(By.CSS_SELECTOR, ".mine-cards .card[data-slug='harbor-noodle-bar'] .card-title a")
    assert link.get_attribute("href") == sample_url + "restaurants/harbor-noodle-bar/"
    assert local_pictures_load(browser, ".mine-cards", sample_url)
    assert axe_violations(browser) == []

    pin_on(browser, ".mine-cards", "harbor-noodle-bar").click()
    wait(browser, lambda d: card_names(d, ".mine-cards") == ["Abby Lane", "桜ラーメン Sakura Ramen House"])
    # Focus is not lost with the card: it moves to the next pin.
    assert browser.execute_script("return document.activeElement.classList.contains('pin-toggle')")
    for slug in ["abby-lane-98821", "sakura-ramen-house"]:
        pin_on(browser, ".mine-cards", slug).click()
    empty = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".mine-empty"))
    wait(browser, lambda d: empty.is_displayed())
    assert empty.find_element(By.TAG_NAME, "h2").text == "You haven't pinned any restaurants yet"
    assert pins(browser) == []
    assert axe_violations(browser) == []


def test_a_pin_shows_in_every_open_tab(browser, sample_url):
    start(browser, sample_url)
    first = browser.current_window_handle
    wait(browser, lambda d: pin_on(d, ".all-restaurants", "abby-lane-98821"))
    browser.switch_to.new_window("tab")
    browser.get(sample_url + "restaurants/abby-lane-98821/")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".restaurant .pin-toggle")).click()
    browser.close()
    browser.switch_to.window(first)
    wait(browser, lambda d: pin_on(d, ".all-restaurants", "abby-lane-98821").get_attribute("aria-pressed") == "true")
    assert browser.find_element(By.CSS_SELECTOR, "nav .pin-count").text == "(1)"


def new_profile():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=412,900"]:
        options.add_argument(argument)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def test_my_guide_travels_as_a_link_to_a_fresh_profile(browser, sample_url):
    start(browser, sample_url, "my-guide/")
    browser.execute_script(f"localStorage.setItem('{PINS}', JSON.stringify(['o-ya-28066', 'abby-lane-98821']))")
    browser.refresh()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-cards .card")) == 2)
    browser.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": sample_url.split("/guide/")[0], "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.find_element(By.CSS_SELECTOR, ".share-mine").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".mine-actions .share-status").text == "Link copied")
    link = browser.execute_async_script("navigator.clipboard.readText().then(arguments[arguments.length - 1])")
    assert link == sample_url + "my-guide/?pins=o-ya-28066,abby-lane-98821"

    other = new_profile()
    try:
        other.get(link + ",a-restaurant-since-closed")
        wait(other, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-cards .card")) == 2)
        assert card_names(other, ".mine-cards") == ["Abby Lane", "o ya"]
        assert other.find_element(By.CSS_SELECTOR, ".mine-status").text == \
            "2 restaurants shared with you 1 shared restaurant is no longer in this guide."
        assert pins(other) == []
        other.find_element(By.CSS_SELECTOR, ".keep-shared").click()
        wait(other, lambda d: pins(d) == ["abby-lane-98821", "o-ya-28066"])
        assert urllib.parse.urlparse(other.current_url).query == ""
        assert axe_violations(other) == []
    finally:
        other.quit()


def test_sorting_by_rating_and_by_name_is_kept_in_the_url(browser, sample_url, sample_site):
    start(browser, sample_url)
    search_ready(browser)
    Select(browser.find_element(By.NAME, "sort")).select_by_value("rating")
    rated = ["La Cocina de Abuela", "Harbor Noodle Bar", "North End Pasta Lab", "o ya", "桜ラーメン Sakura Ramen House",
             "10pin Bowling Lounge"]
    wait(browser, lambda d: shown_results(d)[:6] == rated)
    assert "sort=rating" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == "108 restaurants found"
    assert axe_violations(browser) == []
    browser.refresh()
    search_ready(browser)
    wait(browser, lambda d: shown_results(d)[:6] == rated)

    Select(browser.find_element(By.NAME, "sort")).select_by_value("reviews")
    wait(browser, lambda d: shown_results(d)[:5] == ["Harbor Noodle Bar", "o ya", "La Cocina de Abuela", "North End Pasta Lab",
                                                     "桜ラーメン Sakura Ramen House"])
    # Sorting applies to a search too.
    box = browser.find_element(By.ID, "search-q")
    box.send_keys("boston")
    Select(browser.find_element(By.NAME, "sort")).select_by_value("rating")
    wait(browser, lambda d: shown_results(d)[:4] == ["Harbor Noodle Bar", "North End Pasta Lab", "o ya", "Abby Lane"])
    # By name, a search keeps list order rather than best match first.
    Select(browser.find_element(By.NAME, "sort")).select_by_value("name")
    wait(browser, lambda d: (lambda names: names == sorted(names, key=index_order(sample_site)))(shown_results(d)))
    assert "sort=name" in browser.current_url
    box.clear()
    Select(browser.find_element(By.NAME, "sort")).select_by_value("")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".all-restaurants").is_displayed())
    assert card_names(browser, ".all-restaurants")[:3] == ["10pin Bowling Lounge", "Abby Lane", "Absinthe Brasserie and Bar"]
    assert "sort=" not in browser.current_url


def index_order(sample_site):
    """A restaurant's place in the list (name) order, from the site's own search data."""
    return {r["name"]: position for position, r in enumerate(search_records(sample_site))}.__getitem__


def distance_km(a, b):
    rad = math.pi / 180
    h = math.sin((b[0] - a[0]) * rad / 2) ** 2 + math.cos(a[0] * rad) * math.cos(b[0] * rad) * math.sin((b[1] - a[1]) * rad / 2) ** 2
    return 12742 * math.asin(math.sqrt(h))


def test_near_me_asks_only_when_pressed_and_explains_a_refusal(browser, sample_url, sample_site):
    origin = sample_url.split("/guide/")[0]
    start(browser, sample_url)
    search_ready(browser)
    browser.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "denied", "origin": origin})
    browser.find_element(By.CSS_SELECTOR, ".near-me").click()
    status = browser.find_element(By.CSS_SELECTOR, ".search-status")
    wait(browser, lambda d: status.text.startswith("Your browser did not share your position"))
    assert browser.find_element(By.CSS_SELECTOR, ".all-restaurants").is_displayed()
    assert Select(browser.find_element(By.NAME, "sort")).first_selected_option.get_attribute("value") == ""
    assert axe_violations(browser) == []

    # Allowed, at a fixed position in Boston's Financial District.
    here = (42.3555, -71.0565)
    browser.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "granted", "origin": origin})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": here[0], "longitude": here[1], "accuracy": 10})
    browser.find_element(By.CSS_SELECTOR, ".near-me").click()
    wait(browser, lambda d: "Sorted by distance from you." in status.text)
    placed = sorted((distance_km(here, (r["lat"], r["lon"])), r["name"]) for r in search_records(sample_site) if r["lat"] is not None)
    assert shown_results(browser)[:3] == [name for _, name in placed[:3]]
    first = browser.find_element(By.CSS_SELECTOR, ".search-results .card .distance").text
    assert first == f"{round(placed[0][0] * 100) * 10} m away"
    assert "sort=distance" not in browser.current_url
    assert axe_violations(browser) == []


REVIEW_PAGE = "restaurants/harbor-noodle-bar/"


def fill(browser, **values):
    form = browser.find_element(By.CSS_SELECTOR, ".review-form")
    for name in ["title", "name", "text"]:
        # Set as typed text would be (send_keys cannot type an emoji).
        browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, name), values.get(name, ""))
    if "rating" in values:
        form.find_element(By.CSS_SELECTOR, f"input[name=rating][value='{values['rating']}']").click()
    # A date field takes only real dates: set as a script would, so impossible ones are tried too.
    browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "date"), values.get("date", ""))
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def errors(browser):
    return {e.get_attribute("id"): e.text for e in browser.find_elements(By.CSS_SELECTOR, ".review-form .field-error") if e.is_displayed()}


def test_the_review_form_checks_values_and_makes_a_file_the_build_reads(browser, sample_url, tmp_path):
    start(browser, sample_url, REVIEW_PAGE)
    assert not browser.find_element(By.CSS_SELECTOR, ".review-by-hand").is_displayed()
    fill(browser)
    assert errors(browser) == {
        "review-title-error": "Give your review a title.",
        "review-rating-error": "Choose a rating from 1 to 5.",
        "review-date-error": "Give the date of your visit as a real day, like 2024-05-01.",
        "review-text-error": "Write a few words about your visit.",
    }
    assert browser.find_element(By.CSS_SELECTOR, ".form-errors").text == "Please correct the fields marked below."
    assert browser.switch_to.active_element.get_attribute("name") == "title"
    assert browser.find_element(By.NAME, "title").get_attribute("aria-invalid") == "true"
    assert not browser.find_element(By.CSS_SELECTOR, ".review-result").is_displayed()
    assert axe_violations(browser) == []

    fill(browser, title="Fine", rating=3, date="2999-01-01", text="x")
    assert errors(browser) == {"review-date-error": "The date of your visit cannot be in the future."}

    fill(browser, title='- [Best] "bowl": truly \\ & more 🍜', name="Zoë Q.", rating=4, date="2024-05-01",
         text="Deep broth.\n\n- springy noodles\n- *kind* staff")
    assert errors(browser) == {}
    download = browser.find_element(By.CSS_SELECTOR, ".review-download")
    assert download.get_attribute("download") == "2024-05-01-zoe-q.md"
    text = urllib.parse.unquote(download.get_attribute("href").split(",", 1)[1])
    assert text == ('---\nrestaurant: "harbor-noodle-bar"\nname: "Zoë Q."\ntitle: "- [Best] \\"bowl\\": truly \\\\ & more 🍜"\nrating: 4\n'
                    'date: 2024-05-01\n---\nDeep broth.\n\n- springy noodles\n- *kind* staff\n')
    assert browser.find_element(By.CSS_SELECTOR, ".review-status").text == \
        "The file Content/reviews/harbor-noodle-bar/2024-05-01-zoe-q.md"
    assert browser.find_element(By.CSS_SELECTOR, ".review-file").text == text.rstrip("\n")
    assert axe_violations(browser) == []

    # The file, put where the form says, is a review the build accepts and shows.
    guide = tmp_path / "guide"
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    (guide / "Content" / "reviews" / "harbor-noodle-bar" / "2024-05-01-zoe-q.md").write_text(text, encoding="utf-8")
    result = build(guide)
    assert "warning" not in result.stderr
    page = (guide / "Output" / REVIEW_PAGE / "index.html").read_text(encoding="utf-8")
    assert '<h3>- [Best] &quot;bowl&quot;: truly \\ &amp; more 🍜</h3>' in page
    assert '<span class="reviewer">Zoë Q.</span>' in page
    assert '<time datetime="2024-05-01">1 May 2024</time>' in page
    assert "from 3 reviews" in page


def test_a_restaurant_named_like_an_object_property_is_pinned_only_when_pinned(browser, serve, tmp_path):
    guide = tmp_path / "guide"
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    (guide / "Content" / "restaurants" / "constructor.md").write_text(
        "---\nname: Constructor\ntype: Diner\nlocation: 1 Main St\ncity: Boston\narea: Back Bay\nprice: 1\n---\nEggs.\n",
        encoding="utf-8")
    build(guide)
    url = serve(guide / "Output")
    detail = ".restaurant .pin-toggle"
    start(browser, url, "restaurants/constructor/")
    assert wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, detail)).get_attribute("aria-pressed") == "false"
    browser.get(url + "?q=constructor")
    assert wait(browser, lambda d: pin_on(d, ".search-results", "constructor")).get_attribute("aria-pressed") == "false"
    # Shared, it is added to the visitor's own pins like any other.
    browser.get(url + "my-guide/?pins=constructor")
    wait(browser, lambda d: card_names(d, ".mine-cards") == ["Constructor"])
    browser.find_element(By.CSS_SELECTOR, ".keep-shared").click()
    wait(browser, lambda d: pins(d) == ["constructor"])
    browser.get(url + "restaurants/constructor/")
    assert wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, detail)).get_attribute("aria-pressed") == "true"


def test_with_contribute_url_the_form_opens_a_prefilled_new_file_page(browser, serve, tmp_path):
    guide = tmp_path / "guide"
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    site = guide / "Content" / "site.yml"
    site.write_text(site.read_text(encoding="utf-8") + "contribute_url: https://github.com/example/guide/new/main\n", encoding="utf-8")
    build(guide)
    url = serve(guide / "Output")
    start(browser, url, REVIEW_PAGE)
    # The page opened is recorded rather than loaded: nothing leaves this machine in a test.
    browser.execute_script("window.open = function (url) { window.opened = url; }")
    assert browser.find_element(By.CSS_SELECTOR, ".review-form button[type=submit]").text == "Propose it to the guide"
    fill(browser, title="Good", name="Ann", rating=5, date="2024-05-02", text="Yes.")
    opened = urllib.parse.urlparse(browser.execute_script("return window.opened"))
    assert opened.netloc + opened.path == "github.com/example/guide/new/main"
    assert urllib.parse.parse_qs(opened.query) == {
        "filename": ["Content/reviews/harbor-noodle-bar/2024-05-02-ann.md"],
        "value": ['---\nrestaurant: "harbor-noodle-bar"\nname: "Ann"\ntitle: "Good"\nrating: 5\ndate: 2024-05-02\n---\nYes.\n'],
    }


@pytest.mark.parametrize("path", ["", "my-guide/", "restaurants/harbor-noodle-bar/", "cities/boston/", "welcome/"])
def test_without_javascript_pages_have_no_violations_and_no_dead_controls(browser, sample_url, path):
    start(browser, sample_url)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/assets/*.js"]})
    try:
        browser.get(sample_url + path)
        assert not any(e.is_displayed() for e in browser.find_elements(By.CSS_SELECTOR, ".pin-toggle, .review-form, .search, .needs-script"))
        if path == "my-guide/":
            assert browser.find_element(By.CSS_SELECTOR, ".no-script").text == \
                "Pins are kept by your browser with JavaScript, which is turned off."
        if path == REVIEW_PAGE:
            assert browser.find_element(By.CSS_SELECTOR, ".review-by-hand").is_displayed()
        assert axe_violations(browser) == []
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


def test_pages_as_scripts_leave_them_are_valid_html(browser, sample_url, tmp_path):
    """The Nu checker on the DOM after each script-made state (the built files are checked elsewhere)."""
    states = {}
    start(browser, sample_url, "my-guide/?pins=o-ya-28066,abby-lane-98821")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-cards .card")) == 2)
    states["shared"] = browser.execute_script("return document.documentElement.outerHTML")
    start(browser, sample_url, "?sort=rating")
    search_ready(browser)
    shown_results(browser)
    states["sorted"] = browser.execute_script("return document.documentElement.outerHTML")
    start(browser, sample_url, REVIEW_PAGE)
    fill(browser, title="Good", rating=5, date="2024-05-02", text="Yes.")
    states["review"] = browser.execute_script("return document.documentElement.outerHTML")
    for name, html in states.items():
        (tmp_path / f"{name}.html").write_text("<!DOCTYPE html>\n" + html, encoding="utf-8")
    assert vnu_errors(tmp_path) == []
