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
}


def postings(*pairs):
    """(position, field) pairs as a shard lists them: position × 8 + field, delta-coded."""
    values = [position * 8 + field for position, field in pairs]
    return [value - before for value, before in zip(values, [0] + values)]


# The full-text index, as TermIndex writes it: two shards, split before "s".
NAME, DESCRIPTION, REVIEW_TITLE, REVIEW_TEXT = 0, 4, 5, 6
TERMS = {
    "search/terms.json": {"version": 1, "first": ["ba", "shinjuku"], "files": ["one", "two"]},
    "search/terms/one.json": {
        "terms": ["ba", "bistro", "cafe", "dumpling", "dumplings", "rooftop", "ラー", "新宿"],
        "postings": [postings((1, NAME)), postings((0, NAME)), postings((0, NAME), (1, NAME)),
                     postings((3, REVIEW_TEXT)), postings((2, REVIEW_TITLE), (4, DESCRIPTION)),
                     postings((1, REVIEW_TEXT)), postings((5, NAME)), postings((5, NAME))]},
    "search/terms/two.json": {
        "terms": ["shinjuku", "steak"],
        "postings": [postings((5, DESCRIPTION)), postings((2, NAME))]},
}


@pytest.fixture(scope="module")
def run(browser, sample_site):
    browser.get("about:blank")
    # The strings script a build makes comes first, as on every page: it carries the fold table.
    bundle = next((sample_site / "assets").glob("site.*.js")).read_text(encoding="utf-8")
    strings = bundle[:bundle.index("\n;\n")]
    browser.execute_script(strings + ENGINE + """; window.fetched = [];
        window.engine = new FoodPin.SearchEngine(arguments[0], path => {
          fetched.push(path);
          return path in arguments[1] ? Promise.resolve(arguments[1][path]) : Promise.reject(new Error(path));
        });""", INDEX, TERMS)

    def search(query, **filters):
        return browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "engine.prepare(arguments[0]).then(() => done(engine.run(arguments[0], arguments[1]).map(r => r.name)))",
            query, filters)
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
    # Words of the descriptions and reviews, ranked by field: a description, then a review's title,
    # then its text; a prefix while typing; every word must be somewhere.
    ("dumplings", ["SKÁL", "Chicago Steak Co"]),
    ("dumpl", ["SKÁL", "Chicago Steak Co", "o ya"]),
    ("rooftop", ["Café Ba-Ba-Reeba"]),
    ("rooftop dumplings", []),
    ("chicago dumplings", ["Chicago Steak Co"]),
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


def test_only_the_shards_a_word_falls_in_are_fetched(run, browser):
    browser.execute_script("fetched.length = 0; engine.shards = {}; engine.manifest = null; engine.hits = {};")
    assert run("steak") == ["Chicago Steak Co"]
    assert browser.execute_script("return fetched") == ["search/terms.json", "search/terms/two.json"]
    assert run("ste") == ["Chicago Steak Co"]
    assert browser.execute_script("return fetched") == ["search/terms.json", "search/terms/two.json"]


def test_a_missing_shard_leaves_names_places_and_cuisines_searchable(run, browser):
    browser.execute_script("engine.manifest = Promise.resolve({first: ['a'], files: ['gone']}); engine.shards = {}; engine.hits = {};")
    assert run("sushi") == ["o ya"]
    assert run("dumplings") == []
    browser.execute_script("engine.manifest = null;")


def test_words_are_the_words_foodpin_indexes(run, browser):
    # The cases TermIndexTests gives SearchWords: the page splits a query as the build splits text.
    import json
    cases = json.loads((REPO / "Tests" / "Fixtures" / "search-words.json").read_text(encoding="utf-8"))
    assert len(cases) == 11
    for text, expected in cases:
        assert browser.execute_script("return FoodPin.searchWords(arguments[0])", text) == expected, text
