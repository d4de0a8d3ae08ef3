"""A common word's postings in parts by position (TermParts.swift, search-hits.js): a search shows
its first screen from the parts that can hold its best results when it is sure of it
(search-lead.js), then the whole list, the same as read whole; checked against results worked out
here from the guide's own files."""
import hashlib
import json
import random
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import build, wait

CITIES = ["Alder Bay", "Birch Hill", "Cedar Falls"]


def make_guide():
    """9,000 grills, "Place 0000 Grill" to "Place 8996 Grill" ("Place 0001 Rooftop Grill" to
    0009) and, last in the list, three named "Rooftop …"; "rooftop" and "terrace" in more than half
    their descriptions (over 4,096: in parts), "jazz" in a tenth (in its shard); "rooibos" in half,
    drawn apart so the others stay where they were."""
    chance, tea = random.Random(31), random.Random(47)
    restaurants = []
    for n in range(9000):
        name = f"Rooftop {n}" if n >= 8997 else f"Place {n:04} Rooftop Grill" if 0 < n < 10 else f"Place {n:04} Grill"
        restaurants.append({
            "slug": name.lower().replace(" ", "-"), "name": name, "city": chance.choice(CITIES),
            "words": [word for word, share in [("rooftop", 0.6), ("terrace", 0.55), ("jazz", 0.1)] if chance.random() < share],
        })
        restaurants[-1]["words"] += ["rooibos"] * (tea.random() < 0.5)
    return restaurants


RESTAURANTS = make_guide()  # in list (name) order


def field(restaurant, word):
    """Where a word is at best, numbered as search/terms.json's fields: 0 the name's first word, 1
    another, 2 the cuisine, 5 the description; None if nowhere. A tuple is a word being typed: where
    the best of the words it begins is."""
    if isinstance(word, tuple):
        return min((f for f in map(lambda each: field(restaurant, each), word) if f is not None), default=None)
    name = restaurant["name"].lower().split()
    found = [0] * (name[0] == word) + [1] * (word in name[1:]) + [2] * (word == "grill") + [5] * (word in restaurant["words"])
    return min(found, default=None)


def expected(meant, city=None):
    """The slugs of the results in best-match order (search-engine.js `rankOf`): every word in the
    name, 0 if it begins with the first, else 1; else by the best word, 3 in the cuisine or the
    name, 6 in the description; in list order within a rank."""
    ranked = []
    for position, r in enumerate(RESTAURANTS):
        fields = [field(r, w) for w in meant]
        if None in fields or (city is not None and r["city"] != city):
            continue
        rank = (0 if fields[0] == 0 else 1) if max(fields) <= 1 else min(max(f + 1, 3) for f in fields)
        ranked.append((rank, position, r["slug"]))
    return [slug for _, _, slug in sorted(ranked)]


@pytest.fixture(scope="module")
def guide_url(tmp_path_factory, serve):
    guide = tmp_path_factory.mktemp("parts")
    folder = guide / "Content" / "restaurants"
    folder.mkdir(parents=True)
    for r in RESTAURANTS:
        (folder / f"{r['slug']}.md").write_text(f"---\nname: {r['name']}\ncuisines: [Grill]\ncity: {r['city']}\n---\n"
                                               f"On the menu: {', '.join(r['words']) or 'bread'}.\n", encoding="utf-8")
    build(guide)
    return serve(guide / "Output")


def entry(guide_url, term):
    """A term's entry in its shard: its postings, or its parts."""
    listed = json.loads(urllib.request.urlopen(guide_url + "search/terms.json").read())
    bound = max(b for b in listed["bounds"] if b <= term)
    shard = json.loads(urllib.request.urlopen(guide_url + "search/terms/" + bound.encode().hex() + ".json").read())
    return shard["postings"][shard["terms"].index(term)]


def test_common_words_are_in_parts(guide_url):
    terrace = entry(guide_url, "terrace")
    # 2 × 4,096 positions would hold about count × 8,192 / 9,000 postings: more than 4,096.
    assert terrace["count"] == len(expected(["terrace"])) and terrace["span"] == 4096
    assert terrace["parts"] == [[0, 5], [1, 5], [2, 5]] and terrace["name"] == hashlib.sha256(b"terrace").hexdigest()[:16]
    # In names: not first at the start of the list, first in the last part.
    assert entry(guide_url, "rooftop")["parts"] == [[0, 1], [1, 5], [2, 0]]
    jazz = entry(guide_url, "jazz")
    assert isinstance(jazz, list) and len(jazz) == len(expected(["jazz"]))
    # Filter terms stay whole, whatever their size: the filter counts read them all.
    grill = entry(guide_url, "#cuisine grill")
    assert isinstance(grill, list) and len(grill) == 9000


def engine_answers(browser, query, filters):
    """The engine's first screen (its fetches recorded) and its whole answer, then a fresh
    engine's, which reads everything at once, all as slugs."""
    return browser.execute_async_script("""const done = arguments[arguments.length - 1], [query, filters] = arguments;
        const fetched = [], fetch = window.fetch;
        window.fetch = (url, ...rest) => { fetched.push(new URL(url, location.href).pathname.slice(1)); return fetch(url, ...rest); };
        const slugs = async positions => (await FoodPin.data.cards(positions)).map(card => card.dataset.slug);
        FoodPin.data.index().then(async index => {
          const engine = new FoodPin.SearchEngine(index), fresh = new FoodPin.SearchEngine(index);
          const answer = await engine.search({query, filters, first: 6}), leadFetched = fetched.slice();
          const all = await answer.rest(), freshAll = (await fresh.search({query, filters})).results;
          done({lead: await slugs(answer.results), whole: answer.whole, all: await slugs(all), fresh: await slugs(freshAll),
                parts: leadFetched.filter(path => path.startsWith("search/postings/")).length});
        }).catch(error => done(String(error)));""", query, filters)


@pytest.mark.parametrize("query, meant, filters, parts, whole", [
    ("terrace", ["terrace"], {}, 1, False),  # in descriptions only: its first part gives the first screen
    ("terrace jazz", ["terrace", "jazz"], {}, 1, False),  # "jazz" is in its shard
    ("terraces", ["terrace"], {}, 1, False),  # another form of the word
    ("terace", ["terrace"], {}, 1, False),  # a typo forgiven
    ("terr", ["terrace"], {}, 1, False),  # a word being typed
    ("terrace", ["terrace"], {"city": "birch-hill"}, 1, False),
    # "Rooftop …" begins three names at the end of the list: they come before the names it is
    # inside at the start. The first screen reads the first part and with it the last, not the
    # middle one (descriptions only: it can hold no result as good).
    ("rooftop", ["rooftop"], {}, 2, False),
    # Six of those at the start with "terrace" rank as the "Rooftop …" ones would, and before them.
    ("rooftop terrace", ["rooftop", "terrace"], {}, 2, False),
    # Two words begin so, both in parts: "rooftop"'s last part is read with the first parts, not
    # "rooibos"'s (descriptions only), and the names the first parts hold are sure.
    ("roo", [("rooftop", "rooibos")], {}, 3, False),
    # One restaurant has "0005": none past the first part can match, which is then all.
    ("terrace 0005", ["terrace", "0005"], {}, 1, True),
    # In every name but never first: none past the first part can rank higher.
    ("grill", ["grill"], {}, 1, False),
])
def test_the_first_screen_leads_the_whole_answer(browser, guide_url, query, meant, filters, parts, whole):
    browser.get(guide_url)
    found = engine_answers(browser, query, filters)
    city = {"birch-hill": "Birch Hill"}.get(filters.get("city"))
    assert found["all"] == found["fresh"] == expected(meant, city)
    assert found["lead"] == (found["all"] if whole else found["all"][:len(found["lead"])])
    assert len(found["lead"]) >= min(6, len(found["all"])) and found["whole"] == whole and found["parts"] == parts


def test_the_page_shows_the_first_screen_then_the_whole_list(browser, guide_url):
    browser.get(guide_url)
    field = browser.find_element(By.NAME, "q")
    wait(browser, lambda d: d.execute_script("return !!window.FoodPin.search"))
    # What the list showed each time it changed: the status, and the slugs of its cards.
    browser.execute_script("""window.seen = [];
        const list = document.querySelector('.search-results'), status = document.querySelector('.search-status');
        new MutationObserver(() => seen.push([status.textContent, Array.from(list.querySelectorAll('.card'), c => c.dataset.slug)]))
          .observe(document.querySelector('.search'), {childList: true, subtree: true, characterData: true});""")
    field.send_keys("terrace")
    everything = expected(["terrace"])
    status = browser.find_element(By.CSS_SELECTOR, ".search-status")
    wait(browser, lambda d: status.text == f"{len(everything):,} restaurants found")
    page = int(browser.find_element(By.CSS_SELECTOR, ".search").get_attribute("data-page-size"))
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".search-results .card")) == page)
    assert [c.get_attribute("data-slug") for c in browser.find_elements(By.CSS_SELECTOR, ".search-results .card")] == everything[:page]
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("aria-busy") == "false")
    assert browser.find_element(By.CSS_SELECTOR, ".more-results").is_displayed()
    seen = browser.execute_script("return seen")
    early = [cards for text, cards in seen if text == "Best matches first, still counting…" and cards]
    assert early and early[-1] == everything[:6]


def test_a_later_search_stops_the_first_screens_reading(browser, guide_url):
    """"rooftop"'s first 3,000 results need its three parts, in two rounds: its first and last parts
    (names; about 2,500 results), then the middle one (descriptions only). A search no longer current once its first
    parts are asked for (a later keystroke came) reads no more."""
    browser.get(guide_url)
    read = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        const fetched = [], fetch = window.fetch;
        window.fetch = (url, ...rest) => { fetched.push(new URL(url, location.href).pathname); return fetch(url, ...rest); };
        const parts = () => fetched.filter(path => path.includes("/search/postings/")).length;
        FoodPin.data.index().then(async index => {
          await new FoodPin.SearchEngine(index).search({query: "rooftop", first: 3000, current: () => parts() === 0});
          const stopped = parts();
          // The same search, current throughout: the middle part too (the others are fetched already).
          await new FoodPin.SearchEngine(index).search({query: "rooftop", first: 3000});
          done([stopped, parts() - stopped]);
        }).catch(error => done(String(error)));""")
    assert read == [2, 1]


def test_a_keystroke_stops_the_search_it_replaces(browser, guide_url):
    """"rooftop" typed, then at once "jazz": the page shows jazz's results, and reads none of the
    parts rooftop's first screen would have needed."""
    browser.get(guide_url)
    wait(browser, lambda d: d.find_element(By.NAME, "q").is_displayed())
    browser.execute_script("""window.fetched = []; const fetch = window.fetch;
        window.fetch = (url, ...rest) => { fetched.push(new URL(url, location.href).pathname); return fetch(url, ...rest); };
        const box = document.querySelector('input[name=q]');
        for (const word of ['rooftop', 'jazz']) { box.value = word; box.dispatchEvent(new InputEvent('input')); }""")
    status = browser.find_element(By.CSS_SELECTOR, ".search-status")
    wait(browser, lambda d: status.text == f"{len(expected(['jazz'])):,} restaurants found")
    rooftop = hashlib.sha256(b"rooftop").hexdigest()[:16]
    assert [path for path in browser.execute_script("return fetched") if rooftop in path] == []


@pytest.mark.parametrize("sort, first", [("rating", None), ("", None), ("", 6)])
def test_a_search_no_longer_current_asks_for_no_parts(browser, guide_url, sort, first):
    """Replaced before its parts are asked for (sorted by rating: every part and the attribute
    parts; in best-match order: every part, or the first screen's), a search asks for none."""
    browser.get(guide_url)
    read = browser.execute_async_script("""const done = arguments[arguments.length - 1], [sort, first] = arguments;
        const fetched = [], fetch = window.fetch;
        window.fetch = (url, ...rest) => { fetched.push(new URL(url, location.href).pathname); return fetch(url, ...rest); };
        FoodPin.data.index().then(async index => {
          await new FoodPin.SearchEngine(index).search({query: "rooftop", sort, first: first === null ? undefined : first, current: () => false});
          done(fetched.filter(path => /\\/search\\/(postings|attributes)\\//.test(path)));
        }).catch(error => done(String(error)));""", sort, first)
    assert read == []
