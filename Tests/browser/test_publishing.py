"""The built site checked as hosts and tools see it: valid HTML, no accessibility violations, sub-folder URLs."""
import json
import pathlib
import re
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, axe_violations, build, vnu_errors, wait


def html_pages(site):
    return sorted(p for p in site.rglob("*.html"))


def test_every_page_is_valid_html5(sample_site, empty_site):
    assert vnu_errors(sample_site, empty_site) == []


PAGES = ["", "?q=caf", "?q=xqzzvw", "?sort=rating", "my-guide/", "restaurants/harbor-noodle-bar/", "restaurants/o-ya-28066/", "restaurants/sakura-ramen-house/", "cities/", "cities/boston/",
         "cuisines/tapas/", "welcome/", "page/2/", "404.html"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_no_accessibility_violations(browser, sample_url, path):
    base = sample_url
    browser.get(base + "404.html")
    browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
    browser.get(base + path)
    if path.startswith("?"):
        browser.execute_async_script("FoodPin.search.ready.then(() => setTimeout(arguments[arguments.length - 1], 300))")
    assert axe_violations(browser) == []


def test_the_empty_state_has_no_accessibility_violations(browser, serve, empty_site):
    browser.get(serve(empty_site))
    assert axe_violations(browser) == []
    assert "Your guide is empty" in browser.page_source


def test_no_url_leaves_the_sub_folder(sample_site):
    """With --base-url https://example.org/guide/, site URLs are relative or under /guide/."""
    site_url = re.compile(r'(?:href|src|content)="([^"]*)"')
    for page in html_pages(sample_site):
        html = page.read_text()
        for url in site_url.findall(html):
            if url.startswith("https://example.org/"):
                assert url.startswith("https://example.org/guide/"), (page, url)
            elif page.name != "404.html":
                assert not url.startswith("/"), (page, url)
    sitemap = (sample_site / "sitemap.xml").read_text()
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locations and all(u.startswith("https://example.org/guide/") for u in locations)
    pages = {str(p.relative_to(sample_site).parent) + "/" for p in html_pages(sample_site) if p.name == "index.html"}
    listed = {u.removeprefix("https://example.org/guide/") or "./" for u in locations}
    # My guide is each visitor's own (and marked noindex): not a page for search engines.
    assert "my-guide/" not in listed
    assert {p.replace("./", "") or "./" for p in pages} - {"my-guide/"} <= listed | {"./"}
    assert "Sitemap: https://example.org/guide/sitemap.xml" in (sample_site / "robots.txt").read_text()
    not_found = (sample_site / "404.html").read_text()
    assert 'href="/guide/"' in not_found
    # Pages that are not content tell search engines so.
    unindexed = {p.relative_to(sample_site).as_posix() for p in html_pages(sample_site)
                 if '<meta name="robots" content="noindex">' in p.read_text()}
    assert unindexed == {"404.html", "offline.html", "my-guide/index.html"}


def test_detail_pages_carry_restaurant_json_ld(sample_site):
    html = (sample_site / "restaurants" / "o-ya-28066" / "index.html").read_text()
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    data = json.loads(block)
    assert data["@type"] == "Restaurant"
    assert data["name"] == "o ya"
    assert data["aggregateRating"]["reviewCount"] == 2
    assert data["aggregateRating"]["ratingValue"] == 4.0
    assert data["address"]["postalCode"] == "02111"
    assert data["url"] == "https://example.org/guide/restaurants/o-ya-28066/"


def test_a_guides_own_script_joins_the_one_file_and_its_other_files_stay(tmp_path):
    guide = tmp_path / "guide"
    (guide / "Content").mkdir(parents=True)
    (guide / "Templates" / "assets" / "js").mkdir(parents=True)
    (guide / "Templates" / "assets" / "js" / "zz-extra.js").write_text("window.extraLoaded = true\n")
    (guide / "Templates" / "assets" / "js" / "data.json").write_text('{"a": 1}\n')
    build(guide)
    assets = guide / "Output" / "assets"
    bundle = next(assets.glob("site.*.js")).read_text()
    assert bundle.endswith("\n;\nwindow.extraLoaded = true\n")
    assert [p.name for p in (assets / "js").iterdir()] == [next((assets / "js").glob("data.*.json")).name]


def test_assets_are_fingerprinted(sample_site):
    names = [p.name for p in (sample_site / "assets").iterdir()]
    assert any(re.fullmatch(r"site\.[0-9a-f]{8}\.css", n) for n in names)
    # One script file: the theme's words first, so every script can use them, then each script in
    # the order Templates/scripts.txt gives.
    assert not (sample_site / "assets" / "js").exists()
    bundles = [n for n in names if re.fullmatch(r"site\.[0-9a-f]{8}\.js", n)]
    assert len(bundles) == 1
    bundle = (sample_site / "assets" / bundles[0]).read_text()
    # Each whole, without indentation, blank lines, comment lines and JSDoc blocks (ScriptText).
    def compact(text):
        text = re.sub(r"(?m)^[ \t]*/\*\*.*?\*/[ \t]*\r?\n", "", text, flags=re.S)
        lines = [line.rstrip("\r").strip(" \t") for line in text.split("\n")]
        return "\n".join(line for line in lines if line and not line.startswith("//"))
    order = [line.split("#")[0].strip() for line in (REPO / "Templates" / "scripts.txt").read_text().splitlines()]
    order = [name for name in order if name]
    assert sorted(order) == sorted(p.name for p in (REPO / "Templates" / "assets" / "js").glob("*.js"))
    starts = [bundle.index(marker) for marker in ["FoodPin.strings = {"] + [
        compact((REPO / "Templates" / "assets" / "js" / name).read_text()) for name in order]]
    assert starts == sorted(starts)
    assert "\n//" not in bundle and "\n " not in bundle
    assert re.findall(r'<script src="([^"]+)" defer>', (sample_site / "index.html").read_text()) == ["assets/" + bundles[0]]
    # A detail page loads the review form's script first: review-form.js, in the bundle, reads it.
    detail_scripts = re.findall(r'<script src="([^"]+)" defer>', (sample_site / "restaurants" / "harbor-noodle-bar" / "index.html").read_text())
    assert [re.sub(r"\.[0-9a-f]{8}\.js$", ".js", src) for src in detail_scripts] == ["../../assets/review-form.js", "../../assets/site.js"]
    # The review form is one script for the whole site, not a copy in every detail page.
    forms = [n for n in names if re.fullmatch(r"review-form\.[0-9a-f]{8}\.js", n)]
    assert len(forms) == 1
    assert 'form class=\\"review-form\\"' in (sample_site / "assets" / forms[0]).read_text()
    detail = (sample_site / "restaurants" / "harbor-noodle-bar" / "index.html").read_text()
    assert 'class="review-form"' not in detail and 'data-restaurant="harbor-noodle-bar"' in detail


@pytest.mark.parametrize("path", ["", "restaurants/o-ya-28066/", "restaurants/sakura-ramen-house/", "cities/boston/", "my-guide/"])
def test_dark_mode_has_no_accessibility_violations(browser, sample_url, path):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        browser.get(sample_url + "404.html")
        browser.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true');"
                               "localStorage.setItem('pinnedRestaurants', JSON.stringify(['o-ya-28066', 'abby-lane-98821']))")
        browser.get(sample_url + path)
        if path == "my-guide/":
            wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mine-cards .card")) == 2)
        assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        assert axe_violations(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.execute_script("localStorage.removeItem('pinnedRestaurants')")


def test_stars_are_drawn_on_a_page_opened_from_disk(browser, sample_site):
    """The README promises the site works opened from disk: the stars' shape must load there too."""
    page = next(p for p in sorted((sample_site / "restaurants").glob("*/index.html"))
                if 'class="stars stars-' in p.read_text())
    browser.get(page.as_uri())
    stars = browser.find_element("css selector", ".rating-large .stars")
    # The filled half (::after) is masked to star shapes: some pixels of the star colour show, not a bar.
    png = stars.screenshot_as_png
    from PIL import Image
    import io
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    background = image.getpixel((0, 0))
    coloured = sum(1 for x in range(width) for y in range(height) if image.getpixel((x, y)) != background)
    assert 0.25 * width * height < coloured < 0.6 * width * height, f"{coloured} of {width * height} pixels drawn"
