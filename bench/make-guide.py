#!/usr/bin/env python3
"""Writes a FoodPin guide of N restaurants (and a Hugo site with the same pages) for benchmarks.

Restaurants are the real LetsEat records cycled with new ids; names are new and distinct, made from
the real names' words (accents and punctuation included) so they compress like real ones. One restaurant in ten also gets a Markdown file, and one in
five gets two reviews.
usage: make-guide.py N OUT_DIR [--hugo HUGO_DIR]
"""
import json, os, random, sys, glob, shutil

def main():
    count = int(sys.argv[1])
    out = sys.argv[2]
    hugo = sys.argv[sys.argv.index("--hugo") + 1] if "--hugo" in sys.argv else None
    here = os.path.dirname(os.path.abspath(__file__))
    seeds = []
    for path in sorted(glob.glob(os.path.join(here, "..", "Content", "cities", "*.json"))):
        seeds += json.load(open(path, encoding="utf-8"))
    rng = random.Random(42)
    shutil.rmtree(out, ignore_errors=True)
    for folder in ["Content/cities", "Content/restaurants", "Content/reviews", "Content/onboarding"]:
        os.makedirs(os.path.join(out, folder))
    open(os.path.join(out, "Content/site.yml"), "w").write("title: Benchmark Guide\npage_size: 50\n")
    for step, heading in enumerate(["Create your own food guide", "Show you the location", "Discover great restaurants"], 1):
        open(os.path.join(out, f"Content/onboarding/{step}.md"), "w").write(f"---\nstep: {step}\nheading: {heading}\n---\n")
    names = distinct_names(seeds, count, rng)
    records = []
    for index in range(count):
        record = dict(seeds[index % len(seeds)])
        record["id"] = 1_000_000 + index
        record["name"] = names[index]
        records.append(record)
    # Ten city files, like a guide that grew city by city.
    for part in range(10):
        chunk = records[part::10]
        json.dump(chunk, open(os.path.join(out, f"Content/cities/part-{part}.json"), "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    for index, record in enumerate(records):
        if index % 10 == 0:
            open(os.path.join(out, f"Content/restaurants/r{index}.md"), "w", encoding="utf-8").write(
                f"---\nid: {record['id']}\nfavorite: {'true' if index % 20 == 0 else 'false'}\n---\n"
                f"A **favourite** of ours: {record['name']}. Order the special.\n\n- good for groups\n- open late\n")
        if index % 5 == 0:
            for n in range(2):
                day = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                open(os.path.join(out, f"Content/reviews/r{index}-{n}.md"), "w", encoding="utf-8").write(
                    f"---\nrestaurant: {record['id']}\nname: Reviewer {n}\ntitle: Visit {n}\nrating: {rng.randint(1, 5)}\ndate: {day}\n---\n"
                    "Lovely room, friendly staff, *great* food.\n")
    if hugo:
        write_hugo(hugo, records, rng)

def distinct_names(seeds, count, rng):
    words = sorted({w for r in seeds for w in r["name"].replace("-", " ").split() if len(w) > 2})
    firsts = ["Chez", "Casa", "The", "La", "Le", "Café", "Bar", "Trattoria", "Osteria", "Taquería", "Bistro",
              "Phở", "Sushi", "Golden", "Little", "Old", "Blue", "Red", "Green", "Smør", "Brasserie"]
    branches = ["Downtown", "Uptown", "Midtown", "Back Bay", "SoMa", "Loop", "Harbor", "Market Street"]
    names = set()
    while len(names) < count:
        name = rng.choice(firsts) + " " + " ".join(rng.sample(words, rng.randint(1, 2)))
        if rng.random() < 0.3:
            name += " - " + rng.choice(branches)
        names.add(name)
    names = sorted(names)
    rng.shuffle(names)
    return names


def write_hugo(root, records, rng):
    """The same restaurants as a Hugo site: one page each, a paginated list, taxonomies for cities and cuisines."""
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "content/restaurants"))
    os.makedirs(os.path.join(root, "layouts/_default"))
    open(os.path.join(root, "hugo.toml"), "w").write(
        'baseURL = "https://example.org/"\ntitle = "Benchmark Guide"\ndisableKinds = ["RSS"]\n'
        'paginate = 50\n[taxonomies]\n  city = "cities"\n  cuisine = "cuisines"\n')
    for index, record in enumerate(records):
        front = {"title": record["name"], "cities": [record.get("city", "")], "cuisines": record.get("cuisines", []),
                 "address": record.get("address", ""), "phone": record.get("phone", ""), "price": record.get("price", 0),
                 "image": record.get("image_url", "")}
        body = "A **favourite** of ours. Order the special.\n\n- good for groups\n- open late\n" if index % 10 == 0 else ""
        open(os.path.join(root, f"content/restaurants/r{index}.md"), "w", encoding="utf-8").write(
            json.dumps(front, ensure_ascii=False) + "\n\n" + body)
    layouts = {
        "baseof.html": '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>{{ block "main" . }}{{ end }}</body></html>',
        "single.html": '{{ define "main" }}<article><img src="{{ .Params.image }}" alt=""><h1>{{ .Title }}</h1><p>{{ delimit .Params.cuisines " · " }}</p><p>{{ .Params.address }}</p><p><a href="tel:{{ .Params.phone }}">{{ .Params.phone }}</a></p>{{ .Content }}</article>{{ end }}',
        "list.html": '{{ define "main" }}<ul>{{ range (.Paginate (sort .Pages "Title")).Pages }}<li><a href="{{ .RelPermalink }}"><img src="{{ .Params.image }}" alt="">{{ .Title }}</a> {{ delimit .Params.cuisines " · " }}</li>{{ end }}</ul>{{ template "_internal/pagination.html" . }}{{ end }}',
        "terms.html": '{{ define "main" }}<ul>{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}',
    }
    for name, text in layouts.items():
        open(os.path.join(root, "layouts/_default", name), "w").write(text)
    open(os.path.join(root, "layouts/index.html"), "w").write(
        '{{ define "main" }}<ul>{{ range (.Paginate (sort (where .Site.RegularPages "Section" "restaurants") "Title")).Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ template "_internal/pagination.html" . }}{{ end }}')

main()
