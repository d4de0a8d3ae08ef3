"""The search engine (assets/js/search-engine.js) in Chromium, over the search data a build of a
hand-made guide writes."""
import json
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, axe_violations, build, wait

# Six restaurants, in list order; what each has where is what the queries below find.
RESTAURANTS = {
    "bistro-cafe": "name: Bistro Café\ncuisines: [Coffee]\ncity: Boston\narea: Back Bay\nprice: 1\n---\n",
    "cafe-ba-ba-reeba": "name: Café Ba-Ba-Reeba\ncuisines: [Tapas]\ncity: Chicago\nprice: 2\n---\n",
    "chicago-steak": "name: Chicago Steak Co\ncuisines: [Steakhouse]\ncity: Chicago\nprice: 4\n---\n",
    "o-ya": "name: o ya\ncuisines: [Sushi]\ncity: Boston\nprice: 4\nfavorite: true\n---\n",
    # Four thousand words of its own: the full-text index takes several shards.
    "skal": "name: SKÁL\ncity: San Francisco\n---\nPork dumplings. " + " ".join(f"zq{n:04}" for n in range(4000)) + "\n",
    "sakura": "name: 桜ラーメン 新宿店\nfavorite: true\n---\nShinjuku.\n",
}
REVIEWS = {
    "cafe-ba-ba-reeba": "rating: 4\n---\nThe rooftop! Grilled tacos, and pastries.\n",
    "chicago-steak": "rating: 5\ntitle: Great dumplings\n---\nYes.\n",
    "o-ya": "rating: 3\n---\nA dumpling soup.\n",
    "sakura": "rating: 1\n---\n新宿で一番のラーメン。\n",
}


@pytest.fixture(scope="module")
def guide_url(tmp_path_factory, serve):
    guide = tmp_path_factory.mktemp("engine")
    for slug, text in RESTAURANTS.items():
        (guide / "Content" / "restaurants").mkdir(parents=True, exist_ok=True)
        (guide / "Content" / "restaurants" / f"{slug}.md").write_text("---\n" + text, encoding="utf-8")
    for slug, text in REVIEWS.items():
        (guide / "Content" / "reviews").mkdir(parents=True, exist_ok=True)
        (guide / "Content" / "reviews" / f"{slug}.md").write_text(f"---\nrestaurant: {slug}\n" + text, encoding="utf-8")
    build(guide)
    return serve(guide / "Output")


@pytest.fixture
def run(browser, guide_url):
    """A fresh page of the built guide, its fetches recorded, and a search engine over its files."""
    browser.get(guide_url)
    browser.execute_async_script("""const done = arguments[arguments.length - 1];
        window.fetched = [];
        const original = window.fetch;
        window.fetch = (url, ...rest) => {
          fetched.push(new URL(url, location.href).pathname.slice(1));
          return (window.failing || []).some(part => String(url).includes(part)) ? Promise.reject(new Error(url)) : original(url, ...rest);
        };
        FoodPin.data.index().then(index => { window.engine = new FoodPin.SearchEngine(index); done(); });""")

    def search(query, sort="", **filters):
        return browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "engine.search({query: arguments[0], filters: arguments[1], sort: arguments[2]}).then("
            "  answer => FoodPin.data.cards(answer.results).then("
            "    cards => done(cards.map(card => card.querySelector('.card-title').textContent))),"
            "  error => done('failed: ' + error.message))",
            query, filters, sort)
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
    ("constructor", []),  # a word that is a name in JavaScript's objects: no match, no error
    # Words of the descriptions and reviews, ranked by field: a description, then a review's title,
    # then its text; a prefix while typing; every word must be somewhere.
    # The guide is in English: a word finds its other forms ("dumplings", o ya's "dumpling").
    ("dumplings", ["SKÁL", "Chicago Steak Co", "o ya"]),
    ("dumpling chicago", ["Chicago Steak Co"]),  # a whole word, "dumpling", finds "dumplings"
    ("pastry rooftop", ["Café Ba-Ba-Reeba"]),
    ("grill pastry", ["Café Ba-Ba-Reeba"]),
    ("grilling tacos", ["Café Ba-Ba-Reeba"]),
    ("dumpl", ["SKÁL", "Chicago Steak Co", "o ya"]),
    ("rooftop", ["Café Ba-Ba-Reeba"]),
    ("rooftop dumplings", []),
    # Every word but the last is whole: "dump" begins words, but is not one nor their stem.
    ("dumpling soup", ["o ya"]),
    ("dump soup", []),
    # A word that finds nothing is forgiven a typo: one edit from 4 letters (a swap is one), two from 8.
    ("rooftpo", ["Café Ba-Ba-Reeba"]),
    ("stek", ["Chicago Steak Co"]),
    ("dumplngs", ["SKÁL", "Chicago Steak Co", "o ya"]),
    ("chicgo dumplings", ["Chicago Steak Co"]),
    ("chcgo", []),  # two edits in five letters
    ("dumplgs", []),  # two edits in seven letters
    ("dumplngz", ["SKÁL", "Chicago Steak Co", "o ya"]),  # two edits in eight letters
    ("dmplings", []),  # the first two letters must be right
    ("chicago dumplings", ["Chicago Steak Co"]),
])
def test_ranking(run, query, expected):
    assert run(query) == expected


def test_letters_fold_as_foodpin_folds_names(run, browser):
    # The same text and result as SlugTests' folding test: the script folds with FoodPin's table.
    folded = browser.execute_script("return FoodPin.fold(arguments[0])", "Đà Lạt – Þórsmörk “Ðiner” Iıi")
    assert folded == 'da lat - thorsmork "diner" iii'


def test_filters_and_sorts(run):
    assert run("", city="boston") == ["Bistro Café", "o ya"]
    assert run("", cuisine="tapas") == ["Café Ba-Ba-Reeba"]
    assert run("dumpl", city="chicago") == ["Chicago Steak Co"]
    assert run("dumpl", favorites=True) == ["o ya"]
    assert run("dumpl", city="tokyo") == []  # no such city: nothing, not everything
    assert run("", price="4") == ["Chicago Steak Co", "o ya"]
    assert run("", favorites=True) == ["o ya", "桜ラーメン 新宿店"]
    assert run("c", city="chicago", price="4") == ["Chicago Steak Co"]  # one letter rules nothing out
    # Rated first, best first; the unrated after them, in list order.
    assert run("", sort="rating") == ["Chicago Steak Co", "Café Ba-Ba-Reeba", "o ya", "桜ラーメン 新宿店", "Bistro Café", "SKÁL"]
    assert run("dumpl", sort="reviews") == ["Chicago Steak Co", "o ya", "SKÁL"]


def test_a_query_fetches_only_what_it_needs(run, browser, guide_url):
    listed = json.loads(urllib.request.urlopen(guide_url + "search/terms.json").read())
    assert len(listed["bounds"]) >= 3
    # The shard "steak" falls in: the last whose bound is not after it (every bound is ASCII here).
    shard = "search/terms/" + [bound for bound in listed["bounds"] if bound <= "steak"][-1].encode().hex() + ".json"
    browser.execute_script("fetched.length = 0")
    assert run("steak") == ["Chicago Steak Co"]
    fetched = browser.execute_script("return fetched")
    # One of the term shards, the card shard; no attribute part without a sort or a filter that needs one.
    assert fetched == ["search/terms.json", shard, "search/0.json"]
    # The city and price filters read their terms (all in the first shard, bound "#"); a sort, the attribute part.
    assert listed["bounds"][0] == "#"
    assert run("steak", city="chicago", price="4") == ["Chicago Steak Co"]
    assert [path for path in browser.execute_script("return fetched")[3:] if "attributes" in path] == []
    assert "search/terms/23.json" in browser.execute_script("return fetched")
    assert run("steak", sort="rating") == ["Chicago Steak Co"]
    assert browser.execute_script("return fetched")[-1] == "search/attributes/0.json"


@pytest.mark.parametrize("prefix", ["zq", "zq39"])
def test_a_prefix_reads_every_shard_that_can_hold_its_terms(run, browser, guide_url, prefix):
    # SKÁL's 4,000 "zq" words fill shards of their own (2 to 32: a prefix in more is not read): a
    # prefix may be in the last shard whose bound is not after it and in every later shard whose
    # bound begins with it.
    listed = json.loads(urllib.request.urlopen(guide_url + "search/terms.json").read())
    bounds = listed["bounds"]
    assert 2 <= len([bound for bound in bounds if bound.startswith("zq")]) < listed["prefixShards"], bounds
    shards = [[bound for bound in bounds if bound <= prefix][-1]] + [bound for bound in bounds if bound > prefix and bound.startswith(prefix)]
    browser.execute_script("fetched.length = 0")
    assert run(prefix) == ["SKÁL"]
    fetched = [path for path in browser.execute_script("return fetched") if path.startswith("search/terms/")]
    assert fetched == ["search/terms/" + bound.encode().hex() + ".json" for bound in shards]
    assert len(fetched) == (1 if prefix == "zq39" else len([bound for bound in bounds if bound.startswith("zq")]) + 1)


@pytest.mark.parametrize("over", [True, False])
def test_a_prefix_in_more_shards_than_the_list_allows_rules_nothing_out(run, browser, guide_url, over):
    # The page reads the cap from search/terms.json: told it is one short of the shards "zq" can be
    # in, it reads none of them and the word rules nothing out; told it is exactly those, it reads them.
    listed = json.loads(urllib.request.urlopen(guide_url + "search/terms.json").read())
    assert listed["prefixShards"] == 32
    shards = 1 + len([bound for bound in listed["bounds"] if bound.startswith("zq")])  # and the one before them
    browser.execute_script("""const cap = arguments[0], original = window.fetch;
        window.fetch = (url, ...rest) => !String(url).endsWith("search/terms.json") ? original(url, ...rest) :
          original(url, ...rest).then(response => response.json()).then(list => new Response(JSON.stringify({...list, prefixShards: cap})));
        fetched.length = 0;""", shards - 1 if over else shards)
    if over:
        assert run("zq") == ["Bistro Café", "Café Ba-Ba-Reeba", "Chicago Steak Co", "o ya", "SKÁL", "桜ラーメン 新宿店"]
    else:
        assert run("zq") == ["SKÁL"]
    fetched = [path for path in browser.execute_script("return fetched") if path.startswith("search/terms/")]
    assert len(fetched) == (0 if over else shards)


def test_my_guide_finds_restaurants_by_slug(run, browser):
    found = browser.execute_async_script("const done = arguments[arguments.length - 1];"
                                         "FoodPin.data.places(['o-ya', 'sakura', 'gone']).then(done)")
    assert found["position"] == {"o-ya": 3, "sakura": 5}


def test_without_its_shards_a_search_fails_rather_than_finding_nothing(run, browser):
    browser.execute_script("window.failing = ['search/terms/']")
    assert run("sushi").startswith("failed: ")


def test_words_are_the_words_foodpin_indexes(run, browser):
    # The cases TermIndexTests gives SearchWords: the page splits a query as the build splits text.
    import json
    cases = json.loads((REPO / "Tests" / "Fixtures" / "search-words.json").read_text(encoding="utf-8"))
    assert len(cases) == 11
    for text, expected in cases:
        assert browser.execute_script("return FoodPin.searchWords(arguments[0])", text) == expected, text


# Each line's words are forms of one stem; no two lines share one.
STEMS = ["taco tacos", "grill grilled grilling grills", "pastry pastries", "cookie cookies", "dish dishes",
         "coffee coffees", "glass glasses", "shop shops shopping shopped", "stuff stuffed", "berry berries",
         "fried fries", "dumpling dumplings", "noodle noodles", "bake baked baking bakes", "egg eggs",
         "speed speeds", "shred shredded", "string strings", "bread breads breaded", "her hers", "herring herrings",
         "cook cooks cooked cooking", "story stories", "store stores stored", "crepe crepes"]


def test_the_english_stemmer_gives_each_form_of_a_word_one_stem(run, browser):
    stems = [{browser.execute_script("return FoodPin.stemmers.english.stem(arguments[0])", word) for word in line.split()} for line in STEMS]
    assert all(len(stem) == 1 for stem in stems), list(zip(STEMS, stems))
    assert len(set.union(*stems)) == len(STEMS)
    # A stem begins its words, so they sit together in the index: it only cuts endings (and marks
    # a lost y, ie or i with "~").
    assert all(word.startswith(next(iter(stem)).rstrip("~")) for line, stem in zip(STEMS, stems) for word in line.split())
    assert [stem for line, stem in zip(STEMS, stems) if line.startswith(("pastry", "cookie", "cook "))] == [{"pastr~"}, {"cook~"}, {"cook"}]
    # Too short, or not all a-z: left alone.
    assert [browser.execute_script("return FoodPin.stemmers.english.stem(arguments[0])", word) for word in ["al", "zq39", "新宿", "#favorite"]] == [None] * 4


def test_a_guide_in_another_language_matches_words_as_they_are(tmp_path, browser, serve):
    guide = tmp_path / "guide"
    (guide / "Content" / "restaurants").mkdir(parents=True)
    (guide / "Content" / "site.yml").write_text("language: fr\n", encoding="utf-8")
    for slug, name in [("tacos", "Tacos Uno"), ("taco", "Taco Dos")]:
        (guide / "Content" / "restaurants" / f"{slug}.md").write_text(f"---\nname: {name}\n---\n", encoding="utf-8")
    build(guide)
    browser.get(serve(guide / "Output"))
    found = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        FoodPin.data.index().then(index => { const engine = new FoodPin.SearchEngine(index);
          return engine.search({query: "taco uno"}).then(uno => engine.search({query: "tacos dos"}).then(
            dos => done([uno.results, dos.results]))); });""")
    assert found == [[], []]  # in English each would find the other's restaurant


SLUGS = {"bistro-cafe": "Bistro Café", "cafe-ba-ba-reeba": "Café Ba-Ba-Reeba", "chicago-steak": "Chicago Steak Co",
         "o-ya": "o ya", "skal": "SKÁL", "sakura": "桜ラーメン 新宿店"}
SKAL_EXCERPT = "Pork dumplings. " + " ".join(f"zq{n:04}" for n in range(11)) + "…"  # cut at a space, 80 characters on


def open_recording_fetches(browser, url):
    """Opens `url` with every fetch the page makes, from its first script on, in `window.fetched`."""
    recorder = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.fetched = []; const original = window.fetch;
        window.fetch = (url, ...rest) => { fetched.push(new URL(url, location.href).href); return original(url, ...rest); };"""})
    try:
        browser.get(url)
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", recorder)


@pytest.mark.parametrize("query, expected", [
    # Words of a review, in any order and form: the review's text, both marked.
    ("pastry rooftop", {"Café Ba-Ba-Reeba": ["The rooftop! Grilled tacos, and pastries.", ["rooftop", "pastries"]]}),
    # A typo: the words it was taken for are marked, in a description, a review's title, a review's text.
    ("dumplngs", {"SKÁL": [SKAL_EXCERPT, ["dumplings"]], "Chicago Steak Co": ["Great dumplings", ["dumplings"]],
                  "o ya": ["A dumpling soup.", ["dumpling"]]}),
    # Japanese: the characters found, marked alone.
    ("一番", {"桜ラーメン 新宿店": ["新宿で一番のラーメン。", ["一番"]]}),
    # A word the card shows (a name, a city): no excerpt, no page fetched.
    ("skal", {"SKÁL": None}),
    ("boston", {"Bistro Café": None, "o ya": None}),
])
def test_results_found_off_their_card_show_where(browser, guide_url, query, expected):
    open_recording_fetches(browser, guide_url + "?q=" + urllib.parse.quote(query))
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".search-results .card")) == len(expected)
         and len(d.find_elements(By.CSS_SELECTOR, ".search-results .card-excerpt")) == len([e for e in expected.values() if e]))
    shown = {}
    for card in browser.find_elements(By.CSS_SELECTOR, ".search-results .card"):
        excerpt = card.find_elements(By.CSS_SELECTOR, ".card-excerpt")
        shown[card.find_element(By.CSS_SELECTOR, ".card-title").text] = excerpt and [
            excerpt[0].text, [mark.text for mark in excerpt[0].find_elements(By.TAG_NAME, "mark")]]
    assert shown == {name: value or [] for name, value in expected.items()}
    if any(expected.values()):
        assert axe_violations(browser) == []  # the marks' contrast, among the rest
    if not any(expected.values()):
        time.sleep(0.5)  # past the pause excerpts wait for: a page would be asked for by now
    pages = browser.execute_script("return fetched.filter(url => /restaurants\\/[^/]+\\/$/.test(url))")
    assert sorted(pages) == sorted(guide_url + "restaurants/" + slug + "/" for slug, name in SLUGS.items()
                                   if expected.get(name))


def test_excerpts_fetch_the_pages_of_the_cards_near_the_screen(tmp_path, browser, serve):
    # 30 restaurants with "rooftop" in their descriptions: 24 cards shown, about five on screen.
    guide = tmp_path / "guide"
    (guide / "Content" / "restaurants").mkdir(parents=True)
    for n in range(30):
        (guide / "Content" / "restaurants" / f"place-{n:02}.md").write_text(
            f"---\nname: Place {n:02}\n---\nA rooftop, number {n}.\n", encoding="utf-8")
    build(guide)
    url = serve(guide / "Output")
    open_recording_fetches(browser, url + "?q=rooftop")
    excerpts = lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .card-excerpt")
    pages = lambda: browser.execute_script("return fetched.filter(url => /restaurants\\/[^/]+\\/$/.test(url)).length")
    first = ".search-results .card:first-child .card-excerpt"
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".search-results .card")) == 24 and d.find_elements(By.CSS_SELECTOR, first))
    assert 0 < pages() < 12  # the cards on screen and a little below, fetched together
    assert browser.find_element(By.CSS_SELECTOR, first).text == "A rooftop, number 0."
    for card in browser.find_elements(By.CSS_SELECTOR, ".search-results .card"):  # read down the list
        browser.execute_script("arguments[0].scrollIntoView()", card)
        wait(browser, lambda d: card.find_elements(By.CSS_SELECTOR, ".card-excerpt"))
    assert pages() == 24


def test_results_drawn_again_show_their_excerpts_at_once(browser, guide_url):
    browser.get(guide_url + "?q=" + urllib.parse.quote("pastry rooftop"))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .card-excerpt"))
    card = browser.find_element(By.CSS_SELECTOR, ".search-results .card")
    pages = "return performance.getEntriesByType('resource').filter(e => /restaurants\\/[^/]+\\/$/.test(e.name)).length"
    assert browser.execute_script(pages) == 1
    # Sorted: the cards are drawn anew, each with its excerpt at once (not a moment later), its
    # page not fetched again.
    browser.execute_script("const sort = document.querySelector('select[name=sort]'); sort.value = 'rating';"
                           "sort.dispatchEvent(new Event('change', {bubbles: true}))")
    wait(browser, lambda d: "sort=rating" in d.current_url and d.find_element(By.CSS_SELECTOR, ".search-results .card") != card)
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".search-results .card-excerpt")] == [
        "The rooftop! Grilled tacos, and pastries."]
    assert browser.execute_script(pages) == 1
