"""The site as a phone and a wide screen show it: nothing moves while a page loads on a slow phone,
the header keeps one line from 320 px, and the detail page uses a wide screen."""
import pytest

import visitor_measure
from conftest import axe_violations, foodpin_binary

LONG_TITLE = "The Very Long and Entirely Complete Guide to Eating Well in Four American Cities"
# Google counts a CLS up to 0.1 as good; the issue asks for 0.02 on every kind of page.
MOST_SHIFT = 0.02


@pytest.fixture(scope="module")
def guides():
    with visitor_measure.Guides(foodpin_binary()) as built:
        yield built


@pytest.fixture(scope="module")
def long_title_guides():
    with visitor_measure.Guides(foodpin_binary(), title=LONG_TITLE) as built:
        yield built


@pytest.fixture(scope="module")
def phone():
    with visitor_measure.browser_at(412) as driver:
        yield driver


@pytest.mark.timing
@pytest.mark.parametrize("kind", visitor_measure.PAGE_KINDS, ids=lambda kind: kind.name)
def test_nothing_moves_while_a_page_loads_on_a_slow_phone(guides, phone, kind):
    for language, base, output in guides.sites:
        visit = visitor_measure.measure(phone, base, output, kind)
        assert visit["cls"] <= MOST_SHIFT, (language, visit["url"], visit["shifts"])
        assert visit["lcp"] > 0, (language, visit["url"], "nothing was painted")


HEADER = """
var links = Array.from(document.querySelectorAll('.site-header nav a'), function (a) { return a.getBoundingClientRect(); });
var brand = document.querySelector('.brand').getBoundingClientRect();
return {tops: links.map(function (r) { return Math.round(r.top); }),
        right: Math.max.apply(null, links.map(function (r) { return r.right; })),
        brand: [Math.round(brand.top), Math.round(brand.bottom), Math.round(brand.right)],
        title: document.querySelector('.brand span').getBoundingClientRect().width,
        left: Math.min.apply(null, links.map(function (r) { return r.left; })),
        header: document.querySelector('.site-header').getBoundingClientRect().height,
        scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth};
"""


@pytest.mark.timing
def test_the_measure_sees_a_shift(guides, phone):
    """The observer the shift test relies on counts a block pushed in above the content."""
    _, base, output = guides.sites[0]
    kind = visitor_measure.PageKind("list", "")
    assert visitor_measure.measure(phone, base, output, kind)["cls"] == 0
    phone.execute_script("var block = document.createElement('div'); block.style.height = '200px';"
                         "document.querySelector('main').prepend(block);")
    shifted = phone.execute_async_script("var done = arguments[0]; setTimeout(function () { done(window.__visit); }, 500);")
    assert shifted["cls"] > 0.1, shifted


@pytest.mark.parametrize("width", [320, 360, 390, 480, 600, 768, 1024, 1920])
def test_the_header_is_one_line_at_every_width(long_title_guides, guides, width):
    with visitor_measure.browser_at(width) as driver:
        for language, base, _ in guides.sites + long_title_guides.sites:
            driver.get(base + "404.html")
            driver.execute_script("localStorage.setItem('pinnedRestaurants', JSON.stringify(['a', 'b', 'c']))")
            driver.get(base + "restaurants/bagel-and-brine/")
            header = driver.execute_script(HEADER)
            where = (language, base, header)
            assert len(header["tops"]) == 4 and len(set(header["tops"])) == 1, where
            assert header["right"] <= header["width"] and header["scroll"] == header["width"], where  # nothing overflows
            assert header["brand"][2] <= header["left"], where  # the brand ends before the first link
            assert header["header"] < 56, where  # one row: a 28 px logo and its padding
            if width >= 600:
                assert header["title"] > 40, where  # the title shows (cut short with an ellipsis when long)


@pytest.mark.parametrize("width", [1024, 1280, 1920])
def test_a_wide_detail_page_fills_its_picture_and_puts_the_facts_beside_the_text(guides, width):
    with visitor_measure.browser_at(width) as driver:
        _, base, _ = guides.sites[0]
        driver.get(base + "restaurants/bagel-and-brine/")
        sizes = driver.execute_script("""
            var card = document.querySelector('.restaurant'), picture = document.querySelector('.hero img');
            var side = document.querySelector('.restaurant-side'), text = document.querySelector('.restaurant-main');
            return {card: card.clientWidth, picture: picture.getBoundingClientRect().width,
                    side: side.getBoundingClientRect().left, text: text.getBoundingClientRect().right};""")
        assert abs(sizes["picture"] - sizes["card"]) < 1, sizes
        assert sizes["side"] > sizes["text"], sizes


@pytest.mark.parametrize("width", [320, 1280])
def test_narrow_and_wide_pages_have_no_accessibility_violations(guides, width):
    with visitor_measure.browser_at(width) as driver:
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for language, base, _ in guides.sites:
                driver.get(base + "404.html")
                driver.execute_script("localStorage.setItem('hasViewedWalkthrough', 'true')")
                for path in ("", "restaurants/bagel-and-brine/"):
                    driver.get(base + path)
                    assert axe_violations(driver) == [], (width, scheme, language, path)
