#!/usr/bin/env python3
"""Writes the same hand-written guide twice, for FoodPin and for Hugo: N restaurants, each a Markdown
file (name, 1-2 of 20 cuisines, one of 12 cities, address, phone, price, favourite, a body of about
150 words with a heading, a list, bold and italic) with five Markdown reviews; 50 to a list page.

FoodPin: Content/restaurants/<slug>.md and Content/reviews/<slug>/<n>.md.
Hugo (as a Hugo user would write it): a leaf bundle per restaurant, content/restaurants/<slug>/index.md
with its reviews as page resources (reviews/<n>.md), the list sorted by title and paginated with
`paginate` (the key Hugo 0.111 reads), `cities` and `cuisines` taxonomies, and a JSON search index.

usage: make-handwritten.py N FOODPIN_DIR HUGO_DIR
"""
import os
import random
import shutil
import sys

CUISINES = ["Thai", "Italian", "Japanese", "Mexican", "French", "Indian", "Chinese", "Korean", "Vietnamese",
            "Greek", "Spanish", "Lebanese", "Ethiopian", "Peruvian", "Turkish", "Brazilian", "Café", "Bakery",
            "Seafood", "Barbecue"]
CITIES = ["São Paulo", "Zürich", "Kraków", "Reykjavík", "Montréal", "Köln", "Malmö", "Bogotá", "Boston",
          "Chicago", "Lisbon", "Osaka"]
FIRST = ["Chez", "Casa", "The", "La", "Le", "Café", "Bar", "Trattoria", "Osteria", "Taquería", "Bistro", "Phở",
         "Sushi", "Golden", "Little", "Old", "Blue", "Red", "Green", "Smør", "Brasserie", "Maison", "Kleine"]
WORDS = ["Lantern", "Garden", "Harbor", "Olive", "Saffron", "Ember", "Fig", "Copper", "Pepper", "Willow", "Jade",
         "Lotus", "Marigold", "Anchor", "Orchard", "Salt", "Smoke", "Basil", "Clove", "Cedar", "Río", "Flor",
         "Żurek", "Ångström", "Cœur", "Mühle", "Açaí", "Noodle", "Dumpling", "Taco", "Crêpe", "Tandoor"]
LOREM = ("we came for the bread and stayed for the long lunch the kitchen works with small farms nearby and the "
         "menu changes with what arrives in the morning portions are generous and the staff know the wines well "
         "ask for the table by the window on a quiet afternoon or book the counter to watch the cooks at work "
         "desserts are made in house every day and the coffee is roasted a few streets away").split()


def paragraph(rng, words):
    text = " ".join(rng.choice(LOREM) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def main():
    count, foodpin, hugo = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rng = random.Random(7)
    names = set()
    while len(names) < count:
        names.add(f"{rng.choice(FIRST)} {rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randint(1, 999)}")
    names = sorted(names)
    rng.shuffle(names)
    for folder in (foodpin, hugo):
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(f"{foodpin}/Content/restaurants")
    os.makedirs(f"{foodpin}/Content/reviews")
    os.makedirs(f"{hugo}/content/restaurants")
    with open(f"{foodpin}/Content/site.yml", "w") as out:
        out.write("title: Benchmark Guide\npage_size: 50\n")
    index_json = []
    for index, name in enumerate(names):
        slug = f"r{index}"
        cuisines = rng.sample(CUISINES, rng.randint(1, 2))
        city = rng.choice(CITIES)
        address = f"{rng.randint(1, 400)} {rng.choice(WORDS)} Street"
        phone = f"+1 617 555 {rng.randint(0, 9999):04d}"
        price = rng.randint(1, 4)
        favorite = "true" if rng.random() < 0.1 else "false"
        body = (f"{paragraph(rng, 45)} **{rng.choice(LOREM)} {rng.choice(LOREM)}** and *{rng.choice(LOREM)}*.\n\n"
                f"## What to order\n\n- {paragraph(rng, 8)}\n- {paragraph(rng, 8)}\n- {paragraph(rng, 8)}\n\n"
                f"{paragraph(rng, 60)}\n")
        cuisine_list = ", ".join(f'"{c}"' for c in cuisines)
        front = (f'name: "{name}"\ncuisines: [{cuisine_list}]\ncity: "{city}"\naddress: "{address}"\n'
                 f'phone: "{phone}"\nprice: {price}\nfavorite: {favorite}\n')
        with open(f"{foodpin}/Content/restaurants/{slug}.md", "w", encoding="utf-8") as out:
            out.write(f"---\n{front}---\n{body}")
        bundle = f"{hugo}/content/restaurants/{slug}"
        os.makedirs(f"{bundle}/reviews")
        with open(f"{bundle}/index.md", "w", encoding="utf-8") as out:
            out.write(f'---\ntitle: "{name}"\ncuisines: [{cuisine_list}]\ncities: ["{city}"]\naddress: "{address}"\n'
                      f'phone: "{phone}"\nprice: {price}\nfavorite: {favorite}\n---\n{body}')
        os.makedirs(f"{foodpin}/Content/reviews/{slug}")
        for n in range(5):
            rating = rng.randint(1, 5)
            day = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            reviewer = rng.choice(["Ana", "Lee", "Kim", "Sam", "Noor", "Jonas", "Zoë", "Łucja"])
            title = paragraph(rng, 4)[:-1]
            text = f"{paragraph(rng, 30)} *{rng.choice(LOREM)}*.\n"
            with open(f"{foodpin}/Content/reviews/{slug}/{n}.md", "w", encoding="utf-8") as out:
                out.write(f'---\nrestaurant: {slug}\nname: "{reviewer}"\ntitle: "{title}"\nrating: {rating}\n'
                          f"date: {day}\n---\n{text}")
            with open(f"{bundle}/reviews/{n}.md", "w", encoding="utf-8") as out:
                out.write(f'---\ntitle: "{title}"\nreviewer: "{reviewer}"\nrating: {rating}\ndate: {day}\n---\n{text}')
    write_hugo_site(hugo)


def write_hugo_site(root):
    with open(f"{root}/config.toml", "w") as out:
        out.write('baseURL = "https://example.org/"\ntitle = "Benchmark Guide"\npaginate = 50\n'
                  'disableKinds = ["RSS", "sitemap"]\n'
                  '[taxonomies]\n  city = "cities"\n  cuisine = "cuisines"\n'
                  '[outputs]\n  home = ["HTML", "JSON"]\n')
    layouts = {
        "_default/baseof.html": '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width, initial-scale=1"><title>{{ .Title }}</title></head><body>'
            '<nav><a href="{{ "/" | relURL }}">Restaurants</a> <a href="{{ "/cities/" | relURL }}">Cities</a> '
            '<a href="{{ "/cuisines/" | relURL }}">Cuisines</a></nav><main>{{ block "main" . }}{{ end }}</main></body></html>',
        "_default/single.html": '{{ define "main" }}{{ $reviews := .Resources.Match "reviews/*" }}<article><h1>{{ .Title }}</h1>'
            '<p>{{ range .Params.cuisines }}<a href="{{ (printf "/cuisines/%s/" (urlize .)) | relURL }}">{{ . }}</a> {{ end }}</p>'
            '<p>{{ .Params.address }}, {{ index .Params.cities 0 }}</p><p><a href="tel:{{ .Params.phone }}">{{ .Params.phone }}</a></p>'
            '<p>{{ strings.Repeat .Params.price "$" }}</p>{{ if .Params.favorite }}<p>Favourite</p>{{ end }}'
            '{{ $sum := 0 }}{{ range $reviews }}{{ $sum = add $sum .Params.rating }}{{ end }}'
            '{{ with len $reviews }}<p>Rated {{ div (float $sum) . | lang.FormatNumber 1 }} from {{ . }} reviews</p>{{ end }}'
            '{{ .Content }}<h2>Reviews</h2><ol>{{ range sort $reviews "Params.date" "desc" }}<li><h3>{{ .Title }}</h3>'
            '<p>{{ .Params.reviewer }} · {{ .Params.rating }}/5 · {{ .Date.Format "2 January 2006" }}</p>{{ .Content }}</li>{{ end }}</ol>'
            '</article>{{ end }}',
        "_default/list.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range (.Paginate (sort .Pages "Title")).Pages }}'
            '{{ partial "card.html" . }}{{ end }}</ul>{{ template "_internal/pagination.html" . }}{{ end }}',
        "_default/terms.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Data.Terms.Alphabetical }}'
            '<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}',
        "partials/card.html": '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ delimit .Params.cuisines " · " }} '
            '{{ index .Params.cities 0 }} {{ strings.Repeat .Params.price "$" }}</li>',
        "index.html": '{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul>{{ range (.Paginate (sort (where .Site.RegularPages '
            '"Section" "restaurants") "Title")).Pages }}{{ partial "card.html" . }}{{ end }}</ul>'
            '{{ template "_internal/pagination.html" . }}{{ end }}',
        "index.json": '{{- $list := slice -}}{{- range sort (where .Site.RegularPages "Section" "restaurants") "Title" -}}'
            '{{- $list = $list | append (dict "name" .Title "url" .RelPermalink "cuisines" .Params.cuisines '
            '"city" (index .Params.cities 0) "price" .Params.price) -}}{{- end -}}{{- $list | jsonify -}}',
    }
    for name, text in layouts.items():
        path = f"{root}/layouts/{name}"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            out.write(text)


main()
