"""A guide in another language: the sample guide in Chinese, read as files and in headless
Chromium, and a language whose strings file lacks one."""
import re
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, axe_violations, build, search_records, wait
from test_visitor import distance_km, search_ready, shown_results, start


@pytest.fixture(scope="module")
def chinese_guide(tmp_path_factory):
    guide = tmp_path_factory.mktemp("zh")
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    site = guide / "Content" / "site.yml"
    # The editor words the guide's own description in Chinese; restaurants and reviews stay as written.
    text = site.read_text(encoding="utf-8").replace("language: en", "language: zh-Hans")
    text = text.replace('"Restaurants worth the trip in Boston, Chicago, New York and San Francisco"', "值得专程前往的餐厅")
    site.write_text(text, encoding="utf-8")
    result = build(guide)
    assert "warning" not in result.stderr, result.stderr
    return guide / "Output"


# Words of the English theme that a Chinese page must not show.
ENGLISH = ["Restaurants", "Cities", "Cuisines", "My guide", "Skip to content", "Find a restaurant", "Reviews", "Price",
           "Address", "Phone", "Write a review", "No reviews yet", "restaurants", "review", "About this guide", "Next",
           "Rated", "Photo of", "Share", "Sort by", "Near me", "Step 1 of 3", "January", "May"]


@pytest.mark.parametrize("path", ["index.html", "restaurants/harbor-noodle-bar/index.html", "cities/boston/index.html",
                                  "my-guide/index.html", "welcome/index.html", "404.html", "cuisines/index.html"])
def test_a_chinese_guide_reads_in_chinese(chinese_guide, path):
    page = (chinese_guide / path).read_text(encoding="utf-8")
    assert '<html lang="zh-Hans" dir="ltr">' in page
    main = page[page.index("<body"):]
    # The guide's own content (names, descriptions, reviews) stays as written: only the theme's words are read.
    visible = _theme_words(main)
    for word in ENGLISH:
        assert not re.search(r"\b" + word + r"\b", visible), (word, path)


def _theme_words(html):
    """The page's text and labels outside the guide's own content."""
    # A walkthrough step's heading and text are the guide's own.
    html = re.sub(r'<h2 tabindex="-1">[\s\S]*?<p class="step-count">', "", html)
    html = re.sub(r'<(section class="description"|div class="review-text"|pre)[\s\S]*?</(section|div|pre)>', "", html)
    html = re.sub(r'<h2 class="card-title">[\s\S]*?</h2>|<h1>[\s\S]*?</h1>|<h3>[\s\S]*?</h3>', "", html)
    html = re.sub(r"<script[\s\S]*?</script>", "", html)
    texts = re.findall(r">([^<]+)<", html) + re.findall(r'(?:aria-label|alt|title|placeholder)="([^"]*)"', html)
    # File paths (Content/reviews/…) are not words.
    return re.sub(r"Content/\S*", "", "\n".join(t for t in texts if t.strip()))


def test_a_chinese_guide_formats_counts_dates_and_prices(chinese_guide):
    index = (chinese_guide / "index.html").read_text(encoding="utf-8")
    assert "108 家餐厅" in index
    assert ('<a href="my-guide/"><span class="nav-long">我的美食指南</span><span class="nav-short">我的</span> '
            '<span class="pin-count"></span></a>') in index
    detail = (chinese_guide / "restaurants" / "harbor-noodle-bar" / "index.html").read_text(encoding="utf-8")
    assert '<time datetime="2026-01-20">2026年1月20日</time>' in detail
    assert "共 2 条评价" in detail
    assert '<span aria-hidden="true">¥¥</span>' in index


def test_a_chinese_guide_in_the_browser(browser, serve, chinese_guide):
    url = serve(chinese_guide)
    start(browser, url)
    search_ready(browser)
    browser.find_element(By.ID, "search-q").send_keys("noodle")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".search-status").text.startswith("找到"))
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == f"找到 {len(shown_results(browser))} 家餐厅"
    toggle = browser.find_element(By.CSS_SELECTOR, ".search-results .pin-toggle")
    assert toggle.get_attribute("aria-label") == "将 Harbor Noodle Bar 加入我的美食指南"
    assert axe_violations(browser) == []
    browser.execute_script("localStorage.removeItem('hasViewedWalkthrough')")
    browser.get(url + "welcome/")
    assert browser.find_element(By.CSS_SELECTOR, ".walkthrough .next").text == "下一步"
    assert axe_violations(browser) == []


def test_a_missing_string_falls_back_to_english_with_a_warning_naming_it(tmp_path):
    guide = tmp_path / "guide"
    (guide / "Content").mkdir(parents=True)
    (guide / "Content" / "site.yml").write_text("language: fr\nstrings:\n  nav.cities: Les villes\n  nav.citys: x\n", encoding="utf-8")
    (guide / "Templates" / "strings").mkdir(parents=True)
    english = (REPO / "Templates" / "strings" / "en.yml").read_text(encoding="utf-8")
    # A French file with every string but one.
    (guide / "Templates" / "strings" / "fr.yml").write_text(english.replace("nav.restaurants: Restaurants\n", ""), encoding="utf-8")
    result = build(guide)
    assert result.stderr.count("warning") == 2, result.stderr
    assert "Templates/strings/fr.yml:1:1: warning: no string `nav.restaurants` for language `fr`; the English one is shown" in result.stderr
    assert "Content/site.yml:4:14: warning: unknown string `nav.citys` in `strings`; it is ignored" in result.stderr
    page = (guide / "Output" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr" dir="ltr">' in page
    assert '<li><a href="cities/">Les villes</a></li>' in page


def test_scripts_write_numbers_with_the_guides_own_marks(browser, serve, tmp_path):
    """A guide that writes 1.234,5 gets it from its scripts too: a far visitor's distance, by
    number.group and number.decimal as the build writes them, not by the browser's own locale."""
    guide = tmp_path / "guide"
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    site = guide / "Content" / "site.yml"
    site.write_text(site.read_text(encoding="utf-8") + 'strings:\n  number.group: "."\n  number.decimal: ","\n', encoding="utf-8")
    result = build(guide)
    assert "warning" not in result.stderr, result.stderr
    url = serve(guide / "Output")
    start(browser, url)
    search_ready(browser)
    here = (21.3069, -157.8583)  # Honolulu: thousands of kilometres from every restaurant
    browser.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "granted",
                                                      "origin": url.rstrip("/")})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": here[0], "longitude": here[1], "accuracy": 10})
    browser.find_element(By.CSS_SELECTOR, ".near-me").click()
    wait(browser, lambda d: "Sorted by distance from you." in d.find_element(By.CSS_SELECTOR, ".search-status").text)
    shown_results(browser)
    nearest = min(distance_km(here, (r["lat"], r["lon"])) for r in search_records(guide / "Output") if r["lat"] is not None)
    assert nearest > 1000
    first = browser.find_element(By.CSS_SELECTOR, ".search-results .card .distance").text
    assert first == f"{round(nearest):,} km away".replace(",", ".")
    assert browser.execute_script("return FoodPin.number(12.25, 1) + ' ' + FoodPin.number(999)") == "12,3 999"
