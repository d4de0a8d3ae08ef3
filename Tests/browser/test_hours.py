"""Opening hours in Chromium: "Open now · closes 22:00" worked out in the guide's time zone, for a
browser set to another zone, across midnight, daylight-saving changes and dated exceptions; the
expected text comes from a reference that walks the guide's wall clock minute by minute with
Python's zoneinfo (no shared code with hours.js), and a dozen cases are written out by hand."""
import datetime
import shutil
from zoneinfo import ZoneInfo

import pytest

from conftest import build, wait, words

HOURS = {
    "lunch": "mon-fri: 11:30-14:30, 18:00-22:00\n  sat: 18:00-01:00\n  sun: closed\n  2026-12-25: closed\n  2026-12-31: 18:00-02:00",
    "always": "daily: 24h\n  2026-12-25: 10:00-14:00",
    "night": "fri-sat: 22:00-04:00",
    "weekend": "sat-sun: 10:00-16:00",
}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@pytest.fixture(scope="module")
def guide(tmp_path_factory, serve):
    root = tmp_path_factory.mktemp("hours")
    (root / "Content" / "restaurants").mkdir(parents=True)
    (root / "Content" / "site.yml").write_text("title: Hours\ntimezone: America/New_York\n")
    for slug, hours in HOURS.items():
        city = "Cambridge" if slug == "always" else "Boston"
        (root / "Content" / "restaurants" / f"{slug}.md").write_text(f"---\nname: {slug.title()}\ncity: {city}\nhours:\n  {hours}\n---\n")
    build(root)
    return root, serve(root / "Output")


@pytest.fixture(scope="module")
def compact(guide, browser):
    """The build's compact form of each restaurant's hours, read from its card."""
    browser.get(guide[1])
    return {card.get_attribute("data-slug"): card.find_element("css selector", ".open-status").get_attribute("data-hours")
            for card in browser.find_elements("css selector", "main .card")}


def reference(written, instant, zone):
    """The text the page should show, by walking wall-clock minutes from `instant` in `zone`."""
    week, exceptions = [[] for _ in range(7)], {}
    for line in written.split("\n"):
        key, value = (part.strip() for part in line.split(":", 1))
        spans = [] if value == "closed" else [(0, 1440)] if value == "24h" else [
            tuple(int(t[:-3]) * 60 + int(t[-2:]) for t in span.strip().split("-")) for span in value.split(",")]
        spans = [(start, end if end > start else end + 1440) for start, end in spans]
        if key[0].isdigit():
            exceptions[key] = spans
            continue
        names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        first, _, last = key.replace("daily", "mon-sun").partition("-")
        days = range(names.index(first), names.index(last or first) + 1)
        for day in days:
            week[day] = spans
    local = instant.astimezone(ZoneInfo(zone))
    today, minute = local.date(), local.hour * 60 + local.minute

    def spans_on(day):
        return exceptions.get(day.isoformat(), week[day.weekday()])

    def is_open(at):  # `at`: wall minutes from today's midnight
        for back in (0, 1):
            day = today + datetime.timedelta(days=at // 1440 - back)
            offset = at - (at // 1440 - back) * 1440
            if any(start <= offset < end for start, end in spans_on(day)):
                return True
        return False

    def clock(at):
        return f"{at % 1440 // 60:02d}:{at % 60:02d}"

    horizon = 8 * 1440
    if is_open(minute):
        at = next((m for m in range(minute, horizon) if not is_open(m)), None)
        if at is None:
            return "Open 24 hours"
        close = clock(at) if at % 1440 else "24:00"
        if at - minute < 1440:
            return f"Open now · closes {close}"
        return f"Open now · closes {WEEKDAYS[(today.weekday() + (at - 1) // 1440) % 7]} {close}"
    at = next((m for m in range(minute, horizon) if is_open(m)), None)
    if at is None:
        return "Closed"
    days = at // 1440
    if days == 0:
        return f"Closed · opens {clock(at)}"
    if days == 1:
        return f"Closed · opens tomorrow {clock(at)}"
    return f"Closed · opens {WEEKDAYS[(today.weekday() + days) % 7]} {clock(at)}"


def shown(browser, compact, instant, zone):
    return browser.execute_script(
        "return FoodPin.openingText(FoodPin.openingStatus(FoodPin.parseHours(arguments[0]), new Date(arguments[1]), arguments[2]))",
        compact, int(instant.timestamp() * 1000), zone)


def utc(text):
    return datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.timezone.utc)


# Written out by hand: (restaurant, zone, instant in UTC, text).
BY_HAND = [
    ("lunch", "America/New_York", "2026-11-27T16:00", "Closed · opens 11:30"),                # Fri 11:00 EST
    ("lunch", "America/New_York", "2026-11-27T17:00", "Open now · closes 14:30"),            # Fri 12:00
    ("lunch", "America/New_York", "2026-11-27T20:00", "Closed · opens 18:00"),                # Fri 15:00
    ("lunch", "America/New_York", "2026-11-29T05:30", "Open now · closes 01:00"),             # Sun 00:30: Saturday's 18:00-01:00
    ("lunch", "America/New_York", "2026-11-29T12:00", "Closed · opens tomorrow 11:30"),       # Sun 07:00
    ("lunch", "America/New_York", "2026-12-25T17:00", "Closed · opens tomorrow 18:00"),       # Christmas (Fri) closed; Sat 18:00
    ("lunch", "America/New_York", "2027-01-01T06:30", "Open now · closes 02:00"),             # New Year's Eve past midnight
    ("always", "America/New_York", "2026-11-27T12:00", "Open 24 hours"),
    ("always", "America/New_York", "2026-12-25T16:00", "Open now · closes 14:00"),            # Christmas: 10:00-14:00 only
    ("always", "America/New_York", "2026-12-22T17:00", "Open now · closes Thursday 24:00"),   # Tue noon, round the clock until Christmas
    ("night", "America/New_York", "2026-03-08T07:30", "Open now · closes 04:00"),             # Sun 03:30 EDT, the night clocks went forward
    ("night", "America/New_York", "2026-11-01T07:30", "Open now · closes 04:00"),             # Sun 02:30 EST, the night clocks went back
    ("weekend", "Asia/Tokyo", "2026-11-27T03:00", "Closed · opens tomorrow 10:00"),           # Fri 12:00 in Tokyo
]


def test_a_dozen_cases_written_by_hand_match_the_reference_and_the_page(guide, browser, compact):
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Kiritimati"})
    try:
        browser.get(guide[1])
        for slug, zone, instant, expected in BY_HAND:
            assert reference(HOURS[slug].replace("\n  ", "\n"), utc(instant), zone) == expected, (slug, instant)
            assert shown(browser, compact[slug], utc(instant), zone) == expected, (slug, zone, instant)
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def held_out_cases():
    """Moments around midnight, daylight-saving changes (spring and autumn, both hemispheres) and
    the exceptions, in zones with half-hour offsets too."""
    moments = {
        "America/New_York": ["2026-03-08T06:30", "2026-03-08T07:10", "2026-11-01T05:30", "2026-11-01T06:30", "2026-12-26T05:59",
                             "2026-12-26T06:00", "2027-01-01T04:59", "2027-01-01T07:01"],
        "Europe/London": ["2026-03-29T00:30", "2026-03-29T01:30", "2026-10-25T00:30", "2026-10-25T01:30", "2026-11-28T23:59"],
        "Australia/Sydney": ["2026-04-04T15:30", "2026-04-04T16:30", "2026-10-03T15:30", "2026-10-03T16:30"],
        "Asia/Kolkata": ["2026-11-27T18:29", "2026-11-27T18:31"],
        "America/St_Johns": ["2026-11-28T02:00", "2026-11-28T03:31"],
        "Asia/Tokyo": ["2026-11-28T00:59", "2026-11-28T01:00"],
    }
    cases = []
    for zone, instants in moments.items():
        for instant in instants:
            for slug in (["lunch", "night", "weekend"] if len(cases) % 2 else ["lunch", "always", "night"]):
                cases.append((slug, zone, instant))
    return cases


def test_fifty_held_out_moments_match_the_reference(guide, browser, compact):
    cases = held_out_cases()
    assert len(cases) >= 50
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Kathmandu"})
    try:
        browser.get(guide[1])
        wrong = [(slug, zone, instant, shown(browser, compact[slug], utc(instant), zone),
                  reference(HOURS[slug].replace("\n  ", "\n"), utc(instant), zone))
                 for slug, zone, instant in cases]
        assert [case for case in wrong if case[3] != case[4]] == []
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def at_moment(browser, instant):
    """Every page opened from now on sees the clock at `instant`."""
    fixed = int(instant.timestamp() * 1000)
    return browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": f"""(() => {{
        const Real = Date;
        class Fixed extends Real {{ constructor(...a) {{ if (a.length) super(...a); else super({fixed}); }} static now() {{ return {fixed}; }} }}
        window.Date = Fixed; }})();"""})["identifier"]


def test_cards_the_detail_page_and_the_open_now_filter_follow_the_clock(guide, browser):
    browser.execute_cdp_cmd("Page.enable", {})
    script = at_moment(browser, utc("2026-11-27T17:00"))  # Friday 12:00 in New York
    try:
        browser.get(guide[1])
        statuses = {card.get_attribute("data-slug"): card.find_element("css selector", ".open-status").text
                    for card in browser.find_elements("css selector", "main .card")}
        assert statuses == {"always": "Open 24 hours", "lunch": "Open now · closes 14:30",
                            "night": "Closed · opens 22:00", "weekend": "Closed · opens tomorrow 10:00"}
        browser.get(guide[1] + "restaurants/lunch/")
        today = browser.find_element("css selector", ".hours tr.today")
        assert today.text.startswith("Monday – Friday") and today.get_attribute("aria-current") == "date"
        assert browser.find_element("css selector", "section.hours .open-status").text == "Open now · closes 14:30"
        browser.get(guide[1] + "?open=1")
        wait(browser, lambda b: b.find_elements("css selector", ".search-results .card"))
        shown_cards = [card.get_attribute("data-slug") for card in browser.find_elements("css selector", ".search-results .card")]
        assert shown_cards == ["always", "lunch"]
        assert browser.find_element("css selector", "input[name=open]").is_selected()
        # The filters count what choosing them gives, the other filters kept: the city, the open
        # restaurants there; "open now", the open ones of the city.
        browser.get(guide[1] + "?open=1&city=Boston")
        label = browser.find_element("css selector", "input[name=open]").find_element("xpath", "..")
        city = browser.find_element("css selector", "select[name=city]")
        wait(browser, lambda b: words(label) == "Open now (1)")
        assert [option.text for option in city.find_elements("css selector", "option")] == ["All (2)", "Boston (1)", "Cambridge (1)"]
        assert browser.find_element("css selector", ".search-status").text == "1 restaurant found"
        # Sorted by rating, the search reads the hours: "open now" is counted, not chosen.
        browser.get(guide[1] + "?city=Boston&sort=rating")
        label = browser.find_element("css selector", "input[name=open]").find_element("xpath", "..")
        wait(browser, lambda b: words(label) == "Open now (1)")
        assert browser.find_element("css selector", ".search-status").text == "3 restaurants found"
        # Unless the search reads the hours (that filter or a sort), "open now" is not counted.
        browser.get(guide[1] + "?city=Boston")
        city = browser.find_element("css selector", "select[name=city]")
        wait(browser, lambda b: city.find_elements("css selector", "option")[0].text == "All (4)")
        assert words(browser.find_element("css selector", "input[name=open]").find_element("xpath", "..")) == "Open now"
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})


def test_without_javascript_the_week_is_still_there(guide):
    page = (guide[0] / "Output" / "restaurants" / "lunch" / "index.html").read_text()
    assert '<tr><th>Monday – Friday</th><td>11:30–14:30, 18:00–22:00</td></tr>' in page
    assert '<tr><th>Saturday</th><td>18:00–01:00</td></tr>' in page
    assert '<tr><th>Sunday</th><td>Closed</td></tr>' in page
