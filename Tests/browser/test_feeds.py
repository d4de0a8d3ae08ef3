"""The feeds of a built guide, read by feed libraries (feedparser for Atom, as readers use it, and
atoma, which refuses a feed missing what its format requires) and checked against the rules of
RFC 4287 and JSON Feed 1.1; ids and dates unchanged by a rebuild."""
import json
import pathlib
import re
import shutil
import xml.etree.ElementTree as ElementTree

import atoma
import feedparser
import jsonschema
import pytest

from conftest import REPO, build

ATOM = "{http://www.w3.org/2005/Atom}"
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
ABSOLUTE_IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$")

# JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): what a feed and an item must and may hold;
# its addresses are URLs (the schema's "format": "uri", which jsonschema checks only with extra packages).
URL = {"type": "string", "pattern": r"^https?://\S+$"}
AUTHORS = {"type": "array", "items": {"type": "object", "properties": {
    "name": {"type": "string"}, "url": {"type": "string"}, "avatar": {"type": "string"}},
    "anyOf": [{"required": ["name"]}, {"required": ["url"]}, {"required": ["avatar"]}]}}
JSON_FEED = {
    "type": "object",
    "required": ["version", "title", "items"],
    "properties": {
        "version": {"const": "https://jsonfeed.org/version/1.1"},
        "title": {"type": "string"}, "home_page_url": URL, "feed_url": URL,
        "description": {"type": "string"}, "language": {"type": "string"}, "authors": AUTHORS,
        "items": {"type": "array", "items": {
            "type": "object",
            "required": ["id"],
            "anyOf": [{"required": ["content_html"]}, {"required": ["content_text"]}],
            "properties": {
                "id": {"type": "string", "minLength": 1}, "url": URL, "title": {"type": "string"},
                "content_html": {"type": "string"}, "summary": {"type": "string"}, "image": URL,
                "date_published": {"type": "string", "pattern": RFC3339.pattern}, "authors": AUTHORS,
                "tags": {"type": "array", "items": {"type": "string"}},
            },
        }},
    },
}


def feeds(site):
    return sorted(site.glob("feeds/*")) + sorted(site.glob("cities/*/feeds/*"))


def check_atom(path):
    """RFC 4287's rules for a feed document (section 4.1.1 and 4.1.2)."""
    root = ElementTree.parse(path).getroot()
    assert root.tag == ATOM + "feed"
    for element, name in [(root, "feed")] + [(entry, "entry") for entry in root.findall(ATOM + "entry")]:
        for child in ["id", "title", "updated"]:
            assert len(element.findall(ATOM + child)) == 1, f"{path}: {name} needs one {child}"
        assert ABSOLUTE_IRI.match(element.find(ATOM + "id").text), f"{path}: {name} id is not absolute"
        for child in ["updated", "published"]:
            for stamp in element.findall(ATOM + child):
                assert RFC3339.match(stamp.text), f"{path}: {stamp.text}"
        alternates = [link for link in element.findall(ATOM + "link") if link.get("rel", "alternate") == "alternate"]
        assert len(alternates) == 1, f"{path}: {name} has {len(alternates)} alternate links"
    assert root.findall(ATOM + "author"), "an author for the feed, so no entry needs its own"
    ids = [entry.find(ATOM + "id").text for entry in root.findall(ATOM + "entry")]
    assert len(ids) == len(set(ids))
    atoma.parse_atom_file(str(path))


def entries(site):
    """Every feed's entries as (id, date), by feed."""
    found = {}
    for path in feeds(site):
        if path.suffix == ".xml":
            items = [(entry.id, entry.published) for entry in feedparser.parse(str(path)).entries]
        else:
            items = [(item["id"], item["date_published"]) for item in json.loads(path.read_text())["items"]]
        found[path.relative_to(site).as_posix()] = items
    return found


@pytest.mark.parametrize("base_url", [["--base-url", "https://example.org/guide/"], []])
def test_every_feed_is_valid_and_readable(tmp_path, base_url):
    guide = tmp_path / "guide"
    shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    build(guide, *base_url)
    site = guide / "Output"
    paths = feeds(site)
    # The guide's four and four for each city.
    cities = [folder for folder in (site / "cities").iterdir() if folder.is_dir()]
    assert len(paths) == 4 + 4 * len(cities)
    for path in paths:
        if path.suffix == ".xml":
            parsed = feedparser.parse(str(path))
            assert not parsed.bozo, f"{path}: {parsed.get('bozo_exception')}"
            check_atom(path)
        else:
            document = json.loads(path.read_text())
            jsonschema.validate(document, JSON_FEED)
            atoma.parse_json_feed_file(str(path))
    # The sample's reviews, newest first, each linking to its place on its restaurant's page.
    reviews = feedparser.parse(str(site / "feeds" / "reviews.xml")).entries
    assert len(reviews) == 7
    dates = [entry.published for entry in reviews]
    assert dates == sorted(dates, reverse=True)
    for entry in reviews:
        page, anchor = entry.link.split("#")
        local = page.replace("https://example.org/guide/", "") if base_url else str(pathlib.PurePosixPath("feeds", page))
        html = (site / local / "index.html").resolve().read_text()
        assert f'id="{anchor}"' in html
    # A rebuild after an edit elsewhere gives every entry the same id and date.
    before = entries(site)
    (guide / "Content" / "restaurants" / "o-ya.md").write_text(
        (guide / "Content" / "restaurants" / "o-ya.md").read_text() + "\nOne more line.\n")
    build(guide, *base_url)
    assert entries(site) == before
