"""The search engine alone (assets/js/search-engine.js), in Chromium, on a hand-made index."""
import pytest

from conftest import REPO

ENGINE = (REPO / "Templates" / "assets" / "js" / "search-engine.js").read_text(encoding="utf-8")

INDEX = {
    "version": 1, "count": 6, "shardSize": 100,
    "cities": ["Boston", "Chicago", "San Francisco"], "cuisines": ["Coffee", "Steakhouse", "Sushi", "Tapas"],
    "areas": ["Back Bay"],
    "name": ["Bistro Café", "Café Ba-Ba-Reeba", "Chicago Steak Co", "o ya", "SKÁL", "桜ラーメン 新宿店"],
    "cuisine": [[0], [3], [1], [2], [], []],
    "city": [0, 1, 1, 0, 2, -1],
    "area": [0, -1, -1, -1, -1, -1],
    "price": [1, 2, 4, 4, 0, 0],
    "favorites": [3, 5],
    "text": ["", "", "", "", "", "Shinjuku"],
}


@pytest.fixture(scope="module")
def run(browser, sample_site):
    browser.get("about:blank")
    # The strings script a build makes comes first, as on every page: it carries the fold table.
    bundle = next((sample_site / "assets").glob("site.*.js")).read_text(encoding="utf-8")
    strings = bundle[:bundle.index("\n;\n")]
    browser.execute_script(strings + ENGINE + "; window.engine = new FoodPin.SearchEngine(arguments[0]);", INDEX)

    def search(query, **filters):
        return browser.execute_script(
            "return engine.run(arguments[0], arguments[1]).map(r => r.name)", query, filters)
    return search


@pytest.mark.parametrize("query, expected", [
    ("", ["Bistro Café", "Café Ba-Ba-Reeba", "Chicago Steak Co", "o ya", "SKÁL", "桜ラーメン 新宿店"]),
    # Name prefix first, then a name word, in list order within a rank.
    ("caf", ["Café Ba-Ba-Reeba", "Bistro Café"]),
    ("CAFE BA", ["Café Ba-Ba-Reeba", "Bistro Café"]),  # every word found: "cafe" in the name, "ba" in Back Bay
    ("skal", ["SKÁL"]),
    ("ba", ["Café Ba-Ba-Reeba", "Bistro Café"]),  # "Ba-Ba" starts a word; Bistro Café by its area, Back Bay
    ("新宿", ["桜ラーメン 新宿店"]),
    # Cuisine, then city, then area, then other searchable text.
    ("steak", ["Chicago Steak Co"]),
    ("sushi", ["o ya"]),
    ("chicago", ["Chicago Steak Co", "Café Ba-Ba-Reeba"]),
    ("san fran", ["SKÁL"]),
    ("back bay", ["Bistro Café"]),
    ("shinjuku", ["桜ラーメン 新宿店"]),
    ("xqzzvw", []),
])
def test_ranking(run, query, expected):
    assert run(query) == expected


def test_letters_fold_as_foodpin_folds_names(run, browser):
    # The same text and result as SlugTests' folding test: the script folds with FoodPin's table.
    folded = browser.execute_script("return FoodPin.fold(arguments[0])", "Đà Lạt – Þórsmörk “Ðiner” Iıi")
    assert folded == 'da lat - thorsmork "diner" iii'


def test_filters(run):
    assert run("", city="0") == ["Bistro Café", "o ya"]
    assert run("", cuisine="3") == ["Café Ba-Ba-Reeba"]
    assert run("", price="4") == ["Chicago Steak Co", "o ya"]
    assert run("", favorites=True) == ["o ya", "桜ラーメン 新宿店"]
    assert run("c", city="1", price="4") == ["Chicago Steak Co"]
