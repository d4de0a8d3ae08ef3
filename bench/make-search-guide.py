#!/usr/bin/env python3
"""Writes a hand-written guide for search benchmarks: N restaurants in Markdown whose words tell
them apart, as a real guide's do. Each has a name (one in 25 in Chinese or Japanese), 1-2 of 20
cuisines, one of 12 cities and one of its areas, a description naming 2-3 dishes of 60, and two
reviews whose titles and text name 1-2 of 24 features ("rooftop", "live jazz"). Deterministic for
a given N.

usage: make-search-guide.py N DIR
"""
import os
import random
import shutil
import sys

CUISINES = ["Thai", "Italian", "Japanese", "Mexican", "French", "Indian", "Chinese", "Korean", "Vietnamese",
            "Greek", "Spanish", "Lebanese", "Ethiopian", "Peruvian", "Turkish", "Brazilian", "Café", "Bakery",
            "Seafood", "Barbecue"]
CITIES = {"São Paulo": ["Pinheiros", "Vila Madalena"], "Zürich": ["Altstadt", "Seefeld"],
          "Kraków": ["Kazimierz", "Podgórze"], "Reykjavík": ["Miðborg", "Vesturbær"], "Montréal": ["Plateau", "Mile End"],
          "Köln": ["Ehrenfeld", "Südstadt"], "Malmö": ["Möllevången", "Västra Hamnen"], "Bogotá": ["Chapinero", "Usaquén"],
          "Boston": ["Back Bay", "North End"], "Chicago": ["Pilsen", "Wicker Park"], "Lisbon": ["Alfama", "Chiado"],
          "Osaka": ["Namba", "Umeda"]}
FIRST = ["Chez", "Casa", "The", "La", "Le", "Café", "Bar", "Trattoria", "Osteria", "Taquería", "Bistro", "Phở",
         "Sushi", "Golden", "Little", "Old", "Blue", "Red", "Green", "Smør", "Brasserie", "Maison", "Kleine"]
WORDS = ["Lantern", "Garden", "Harbor", "Olive", "Saffron", "Ember", "Fig", "Copper", "Pepper", "Willow", "Jade",
         "Lotus", "Marigold", "Anchor", "Orchard", "Salt", "Smoke", "Basil", "Clove", "Cedar", "Río", "Flor",
         "Żurek", "Ångström", "Cœur", "Mühle", "Açaí", "Noodle", "Tandoor", "Crêpe"]
CJK_FIRST = ["拉麺", "寿司", "北京", "小籠包", "餃子", "天ぷら", "うどん", "焼肉", "点心", "火锅", "蕎麦", "四川"]
CJK_LAST = ["一番", "金", "館", "屋", "亭", "楼", "食堂", "酒場"]
DISHES = ["cacio e pepe", "dumplings", "ramen", "tacos al pastor", "pad thai", "pho", "bibimbap", "paella",
          "moussaka", "shakshuka", "injera", "ceviche", "doner kebab", "feijoada", "croissants", "sourdough",
          "oysters", "brisket", "tonkatsu", "udon", "gyoza", "mole negro", "tamales", "risotto", "carbonara",
          "lasagne", "gnocchi", "tiramisu", "falafel", "hummus", "baklava", "souvlaki", "tagine", "biryani",
          "dosa", "butter chicken", "kimchi stew", "bulgogi", "banh mi", "laksa", "satay", "char siu",
          "peking duck", "mapo tofu", "xiao long bao", "tempura", "okonomiyaki", "churros", "empanadas",
          "arepas", "pierogi", "goulash", "schnitzel", "fondue", "raclette", "coffee", "cheesecake",
          "pastel de nata", "fish and chips", "lobster roll"]
FEATURES = ["rooftop", "live jazz", "terrace", "fireplace", "brunch", "harbour view", "garden seating",
            "open kitchen", "natural wine", "tasting menu", "late night", "dog friendly", "counter seats",
            "private room", "vinyl records", "craft beer", "sea breeze", "candlelight", "street food",
            "family style", "quick lunch", "cocktail bar", "wood fired oven", "vegan options"]
FILLER = ("we came back twice and the staff remembered us the room is small so book ahead portions are "
          "generous and prices fair the menu changes with the season and the bread is baked every morning").split()


def sentence(rng, words):
    text = " ".join(rng.choice(FILLER) for _ in range(words))
    return text[0].upper() + text[1:]


def names(rng, count):
    made = set()
    while len(made) < count:
        if rng.random() < 0.04:
            made.add(f"{rng.choice(CJK_FIRST)}{rng.choice(CJK_LAST)} {rng.randint(1, 999)}")
        else:
            made.add(f"{rng.choice(FIRST)} {rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randint(1, 999)}")
    made = sorted(made)
    rng.shuffle(made)
    return made


def restaurant(rng, name):
    cuisines = rng.sample(CUISINES, rng.randint(1, 2))
    city = rng.choice(list(CITIES))
    dishes = rng.sample(DISHES, rng.randint(2, 3))
    front = (f'name: "{name}"\ncuisines: [{", ".join(f"{chr(34)}{c}{chr(34)}" for c in cuisines)}]\n'
             f'city: "{city}"\narea: "{rng.choice(CITIES[city])}"\naddress: "{rng.randint(1, 400)} {rng.choice(WORDS)} Street"\n'
             f'price: {rng.randint(1, 4)}\n')
    body = (f"{sentence(rng, 20)}. Known for its {dishes[0]} and {dishes[1]}.\n\n## What to order\n\n"
            + "".join(f"- {dish.capitalize()}, {sentence(rng, 5).lower()}.\n" for dish in dishes)
            + f"\n{sentence(rng, 30)}.\n")
    return f"---\n{front}---\n{body}"


def review(rng, slug):
    features = rng.sample(FEATURES, rng.randint(1, 2))
    day = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    return (f'---\nrestaurant: {slug}\nname: "{rng.choice(["Ana", "Lee", "Kim", "Sam", "Noor", "Zoë", "Łucja"])}"\n'
            f'title: "{features[0].capitalize()} and {rng.choice(FILLER)}"\nrating: {rng.randint(1, 5)}\ndate: {day}\n---\n'
            f'{sentence(rng, 25)}, with the {" and the ".join(features)}.\n')


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(30)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(f"{folder}/Content/restaurants")
    with open(f"{folder}/Content/site.yml", "w") as out:
        out.write("title: Search Benchmark Guide\npage_size: 50\n")
    for index, name in enumerate(names(rng, count)):
        slug = f"r{index}"
        with open(f"{folder}/Content/restaurants/{slug}.md", "w", encoding="utf-8") as out:
            out.write(restaurant(rng, name))
        os.makedirs(f"{folder}/Content/reviews/{slug}")
        for n in range(2):
            with open(f"{folder}/Content/reviews/{slug}/{n}.md", "w", encoding="utf-8") as out:
                out.write(review(rng, slug))


main()
