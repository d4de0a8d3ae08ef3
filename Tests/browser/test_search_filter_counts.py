"""Each search filter option says how many results choosing it gives (search-filter-counts.js):
compared with counts worked out here from the guide's own files."""
import random
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import build, wait, words

CITIES = ["Alder Bay", "Birch Hill", "Cedar Falls", "Dune Point", "Elm Harbor", "Fern Valley"]
# Many cuisines, 10 to 50 a restaurant (the most a restaurant may list): the cuisine filter's terms span more shards than a word
# being typed may fetch (eight), and the counts still read them all.
CUISINES = [f"Kitchen {chr(65 + n // 26)}{chr(65 + n % 26)}" for n in range(90)]
WORDS = ["rooftop", "jazz", "brunch", "terrace"]


def make_guide():
    """3,000 restaurants: a city (or none), cuisines, a price (or none), some favourites, and a few
    of WORDS in their descriptions."""
    chance = random.Random(30)
    restaurants = []
    for n in range(3000):
        restaurants.append({
            "slug": f"place-{n:04}", "name": f"Place {n:04}",
            "city": chance.choice(CITIES + [None]),
            "cuisines": chance.sample(CUISINES, chance.randint(10, 50)),
            "price": chance.choice([1, 2, 4, None]),  # none at 3: an option no restaurant has
            "favorite": chance.random() < 0.1,
            "words": [word for word in WORDS if chance.random() < 0.3],
        })
    return restaurants


RESTAURANTS = make_guide()


def slug(name):
    return name.lower().replace(" ", "-")


def matches(restaurant, meant, filters, leaving=None):
    """Whether a restaurant is a result of these words (whole words of its description) and
    filters, the filter `leaving` unset."""
    chosen = {name: value for name, value in filters.items() if name != leaving}
    return (all(word in restaurant["words"] for word in meant)
            and ("city" not in chosen or restaurant["city"] and slug(restaurant["city"]) == chosen["city"])
            and ("cuisine" not in chosen or chosen["cuisine"] in map(slug, restaurant["cuisines"]))
            and ("price" not in chosen or str(restaurant["price"]) == chosen["price"])
            and ("favorites" not in chosen or restaurant["favorite"]))


def expected_counts(meant, filters):
    """What filterCounts should give, worked out from RESTAURANTS."""
    def results(leaving):
        return [r for r in RESTAURANTS if matches(r, meant, filters, leaving)]
    def options(leaving, values):
        found = results(leaving)
        return {"all": len(found), "options": {value: len([r for r in found if value in values(r)]) for value in
                                               {v for r in RESTAURANTS for v in values(r)}}}
    return {
        "city": options("city", lambda r: [slug(r["city"])] if r["city"] else []),
        "cuisine": options("cuisine", lambda r: [slug(c) for c in r["cuisines"]]),
        "price": options("price", lambda r: [str(r["price"])] if r["price"] else []),
        "favorites": {"all": len(results("favorites")), "on": len([r for r in results("favorites") if r["favorite"]])},
    }


@pytest.fixture(scope="module")
def guide_url(tmp_path_factory, serve):
    guide = tmp_path_factory.mktemp("counts")
    folder = guide / "Content" / "restaurants"
    folder.mkdir(parents=True)
    for r in RESTAURANTS:
        lines = [f"name: {r['name']}", f"cuisines: [{', '.join(r['cuisines'])}]"]
        lines += [f"city: {r['city']}"] if r["city"] else []
        lines += [f"price: {r['price']}"] if r["price"] else []
        lines += ["favorite: true"] if r["favorite"] else []
        (folder / f"{r['slug']}.md").write_text("---\n" + "\n".join(lines) + "\n---\nOn the menu: " + ", ".join(r["words"]) + ".\n",
                                               encoding="utf-8")
    build(guide)
    return serve(guide / "Output")


@pytest.mark.parametrize("query, meant, filters", [
    ("", [], {}),
    ("rooftop", ["rooftop"], {}),
    ("jazz brunch", ["jazz", "brunch"], {}),
    ("terrace", ["terrace"], {"city": "cedar-falls"}),
    ("", [], {"cuisine": "kitchen-ab", "price": "2"}),
    ("rooftop jazz", ["rooftop", "jazz"], {"city": "alder-bay", "cuisine": "kitchen-dc", "price": "4", "favorites": True}),
    ("", [], {"favorites": True}),
    ("", [], {"price": "3"}),  # chosen, though no restaurant has it
    # A typo forgiven, another form of a word, a word being typed.
    ("rooftp", ["rooftop"], {"price": "1"}),
    ("terraces", ["terrace"], {}),
    ("brunch ja", ["brunch", "jazz"], {"favorites": True}),
])
def test_each_option_counts_the_results_it_would_give(browser, guide_url, query, meant, filters):
    browser.get(guide_url)
    counts = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        FoodPin.search.ready.then(engine => FoodPin.filterCounts(engine, arguments[0], arguments[1], false, () => true)).then(done,
          error => done(String(error)))""", query, filters)
    assert counts == expected_counts(meant, filters)


def test_counts_read_every_shard_of_a_filters_terms(browser, guide_url):
    # More shards than a word being typed may fetch (eight), all read for the cuisine counts above.
    browser.get(guide_url)
    shards = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        FoodPin.data.termShards("#cuisine ", false, true).then(found => done(found.paths.length))""")
    assert shards > 8


def test_the_filters_show_their_counts_and_the_address_keeps_the_names(browser, guide_url):
    browser.get(guide_url + "?q=rooftop&city=" + urllib.parse.quote("Birch Hill"))
    expected = expected_counts(["rooftop"], {"city": "birch-hill"})
    city = browser.find_element(By.NAME, "city")
    wait(browser, lambda d: "(" in city.find_elements(By.TAG_NAME, "option")[0].text)
    assert [o.text for o in city.find_elements(By.TAG_NAME, "option")] == [f"All ({expected['city']['all']})"] + [
        f"{name} ({expected['city']['options'].get(slug(name), 0)})" for name in CITIES]
    price = browser.find_element(By.NAME, "price")
    assert [o.text for o in price.find_elements(By.TAG_NAME, "option")] == [f"Any ({expected['price']['all']})"] + [
        f"{'$' * n} ({expected['price']['options'].get(str(n), 0)})" for n in range(1, 5)]
    favorites = browser.find_element(By.NAME, "favorites").find_element(By.XPATH, "..")
    assert words(favorites) == f"Editor’s favourites ({expected['favorites']['on']})"
    # The chosen city's count is the number of results shown.
    found = expected["city"]["options"]["birch-hill"]
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == f"{found} restaurants found"
    # Another city chosen: the address names it without its count.
    browser.execute_script("arguments[0].value = 'dune-point'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", city)
    wait(browser, lambda d: "city=Dune+Point" in d.current_url)
    assert "(" not in urllib.parse.unquote_plus(browser.current_url)
    # The other filters count again, in that city.
    expected = expected_counts(["rooftop"], {"city": "dune-point"})
    wait(browser, lambda d: [o.text for o in price.find_elements(By.TAG_NAME, "option")] == [f"Any ({expected['price']['all']})"] + [
        f"{'$' * n} ({expected['price']['options'].get(str(n), 0)})" for n in range(1, 5)])
    assert words(favorites) == f"Editor’s favourites ({expected['favorites']['on']})"
    # No search: the options are bare again.
    browser.execute_script("document.querySelector('.clear-search').click()")
    wait(browser, lambda d: [o.text for o in city.find_elements(By.TAG_NAME, "option")] == ["All"] + CITIES)
    assert words(favorites) == "Editor’s favourites"
