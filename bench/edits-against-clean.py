#!/usr/bin/env python3
"""Every kind of change between two `foodpin build` runs, each in a new process, and `kill -9` in
the middle of builds: after each, the site is compared byte for byte with a clean build of the same
sources (`--clean` into a folder of its own). Its own guide, not bench/make-handwritten.py's:
N restaurants in Markdown (0-4 reviews each, names, cities and cuisines past ASCII), a third as
many imported from a minified city file, the walkthrough.

usage: bench/edits-against-clean.py [N] [--foodpin .build/release/foodpin] [--work DIR]
Prints one line per case with the build's time and "same as clean" or the first differences;
exits 1 if any case differs, or if an edit changed nothing.
"""
import argparse
import filecmp
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import remove_site  # noqa: E402

CITIES = ["Łódź", "Reykjavík", "Montréal", "Kyōto", "Ōsaka", "Córdoba"]
CUISINES = ["Thai", "Café", "Ramen", "Tapas", "Phở", "Crêpes", "Barbecue"]


def write_guide(content, count, rng):
    for folder in ["restaurants", "reviews", "onboarding", "cities"]:
        os.makedirs(os.path.join(content, folder))
    write(os.path.join(content, "site.yml"), "title: Edits Guide\nlanguage: en\npage_size: 20\n")
    for step in range(1, 4):
        write(os.path.join(content, "onboarding", f"{step}.md"),
              f"---\nstep: {step}\nheading: Step {step}\nsubheading: Sub {step}\n---\nBody {step}\n")
    for number in range(count):
        slug = f"place-{number:05d}"
        fields = {"name": f"Place {rng.choice('ÄBCDÉ')}{number}", "cuisines": rng.sample(CUISINES, rng.randint(1, 2)),
                  "city": rng.choice(CITIES), "address": f"{number} Main St", "phone": f"555-{number:04d}",
                  "price": rng.randint(1, 4), "favorite": rng.random() < 0.2}
        front = "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in fields.items())
        write(os.path.join(content, "restaurants", slug + ".md"),
              f"---\n{front}\n---\n## About\n\nA **fine** spot with *good* food, number {number}.\n\n- one\n- two\n")
        os.makedirs(os.path.join(content, "reviews", slug))
        for review in range(rng.randint(0, 4)):
            write(os.path.join(content, "reviews", slug, f"{review}.md"),
                  f"---\nrestaurant: {slug}\nname: Reviewer {review}\ntitle: Title {review}\nrating: {rng.randint(1, 5)}\n"
                  f"date: 2025-0{rng.randint(1, 9)}-1{review}\n---\nText {review} of {number}.\n")
    records = [{"id": 900000 + n, "name": f"Imported {n}", "address": f"{n} Side Rd", "city": "Boston", "price": "$$",
                "cuisines": "Pizza, Bar"} for n in range(count // 3)]
    write(os.path.join(content, "cities", "Boston.json"), json.dumps(records, separators=(",", ":")))


def write(path, text):
    with open(path, "w") as file:
        file.write(text)


def differences(a, b, where=""):
    comparison = filecmp.dircmp(a, b, ignore=[])
    found = [f"{where}{name} only in the incremental site" for name in comparison.left_only]
    found += [f"{where}{name} only in the clean site" for name in comparison.right_only]
    _, mismatch, errors = filecmp.cmpfiles(a, b, comparison.common_files, shallow=False)
    found += [f"{where}{name} differs" for name in mismatch + errors]
    found += [f"{where}{name} is a file on one side, a folder on the other" for name in comparison.common_funny]
    for folder in comparison.common_dirs:
        found += differences(os.path.join(a, folder), os.path.join(b, folder), f"{where}{folder}/")
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int, nargs="?", default=1000)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="foodpin-edits-")
    try:
        run_cases(args, work)
    finally:
        if not args.work:
            shutil.rmtree(work)


class Cases:
    """The guide under edit, and each case's build compared with a clean build of the same sources."""

    def __init__(self, args, work):
        self.binary, self.work = args.foodpin, work
        self.guide = os.path.join(work, "guide")
        self.content = os.path.join(self.guide, "Content")
        self.failures = []

    def foodpin(self, *words, check=True):
        result = subprocess.run([self.binary, *words, "--root", self.guide], capture_output=True, text=True)
        if check and result.returncode != 0:
            sys.exit(f"foodpin {' '.join(words)} failed:\n{result.stdout}{result.stderr}")
        return result

    def edit(self, path, change):
        path = os.path.join(self.content, path)
        with open(path) as file:
            before = file.read()
        after = change(before)
        if after == before:
            sys.exit(f"the edit of {path} changed nothing")
        write(path, after)

    def compare(self, case):
        started = time.perf_counter()
        self.foodpin("build", "--quiet")
        seconds = time.perf_counter() - started
        clean = os.path.join(self.work, "clean")
        self.foodpin("build", "--quiet", "--clean", "--output", clean)
        found = differences(os.path.join(self.guide, "Output"), clean)
        remove_site(clean)
        print(f"{case:48s} {seconds:6.2f} s  {'same as clean' if not found else 'DIFFERS: ' + '; '.join(found[:5])}", flush=True)
        if found:
            self.failures.append(case)


def run_cases(args, work):
    cases = Cases(args, work)
    shutil.rmtree(cases.guide, ignore_errors=True)
    write_guide(cases.content, args.count, random.Random(7))
    content_edits(cases)
    settings_and_commands(cases)
    a_bad_edit(cases)
    kills(cases)
    failures = cases.failures
    print("every case the same as a clean build" if not failures else f"{len(failures)} cases differ: {failures}")
    sys.exit(1 if failures else 0)


def content_edits(cases):
    content, edit, compare = cases.content, cases.edit, cases.compare
    review = lambda slug: next(os.path.join("reviews", slug, name) for name in sorted(os.listdir(os.path.join(content, "reviews", slug))))
    with_reviews = [slug for slug in sorted(os.listdir(os.path.join(content, "reviews"))) if os.listdir(os.path.join(content, "reviews", slug))]
    compare("first build")
    compare("nothing changed")
    edit(review(with_reviews[0]), lambda text: text.replace("Text", "Edited text"))
    compare("a review edited")
    os.remove(os.path.join(content, review(with_reviews[1])))
    compare("a review deleted")
    edit("restaurants/place-00003.md", lambda text: text.replace("Place ", "Zebra "))
    compare("a name edited (the list order moves)")
    edit("restaurants/place-00004.md", lambda text: re.sub(r"price: (\d)", lambda m: f"price: {int(m[1]) % 4 + 1}", text, count=1))
    compare("a price edited")
    os.rename(os.path.join(content, "restaurants/place-00006.md"), os.path.join(content, "restaurants/renamed-6.md"))
    for name in os.listdir(os.path.join(content, "reviews/place-00006")):
        edit(f"reviews/place-00006/{name}", lambda text: text.replace("place-00006", "renamed-6"))
    compare("a restaurant renamed (a new slug)")
    os.remove(os.path.join(content, "restaurants/place-00007.md"))
    shutil.rmtree(os.path.join(content, "reviews/place-00007"))
    compare("a restaurant deleted with its reviews")
    shutil.copy(os.path.join(content, "restaurants/place-00008.md"), os.path.join(content, "restaurants/aaa-new.md"))
    compare("a restaurant added")


def settings_and_commands(cases):
    guide, edit, compare, foodpin = cases.guide, cases.edit, cases.compare, cases.foodpin
    content = cases.content
    edit("site.yml", lambda text: text.replace("page_size: 20", "page_size: 7"))
    compare("site.yml: page_size")
    edit("site.yml", lambda text: text.replace("Edits Guide", "Edits Guide Ü"))
    compare("site.yml: title")
    templates = os.path.join(guide, "Templates")
    os.makedirs(templates, exist_ok=True)
    shutil.copy(os.path.join(HERE, "..", "Templates", "card.mustache"), os.path.join(templates, "card.mustache"))
    edit("../Templates/card.mustache", lambda text: text + "<!-- edited -->\n")
    compare("a template edited (copied into Templates/)")
    os.remove(os.path.join(templates, "card.mustache"))
    compare("the template removed again")
    foodpin("remove", "900002")
    compare("foodpin remove (an imported restaurant)")
    foodpin("favorite", "900003")
    compare("foodpin favorite")
    foodpin("favorite", "900003", "--off")
    compare("foodpin favorite --off")
    edit("cities/Boston.json", lambda text: text.replace("Imported 5\"", "Imported Five\""))
    compare("a city file edited")
    records = json.loads(open(os.path.join(content, "cities/Boston.json")).read())
    del records[10]
    write(os.path.join(content, "cities/Boston.json"), json.dumps(records, separators=(",", ":")))
    compare("a record dropped from the city file")
    write(os.path.join(content, "restaurants/enrich.md"), "---\nid: 900012\nfavorite: true\n---\nEnriched **text**.\n")
    compare("a Markdown file enriching an imported record")
    edit("onboarding/2.md", lambda text: text.replace("Step 2", "Second step"))
    compare("a walkthrough step edited")


def a_bad_edit(cases):
    """An edit with an error: the build refuses it and leaves the site as it was; then mended."""
    guide, work, edit, compare, foodpin = cases.guide, cases.work, cases.edit, cases.compare, cases.foodpin
    edit("restaurants/place-00010.md", lambda text: text.replace("---\n", "---\nrating: 9\n", 1))
    kept = os.path.join(work, "kept")
    shutil.copytree(os.path.join(guide, "Output"), kept, symlinks=True)
    refused = foodpin("build", "--quiet", check=False)
    changed = differences(os.path.join(guide, "Output"), kept)
    shutil.rmtree(kept)
    print(f"{'a bad edit: exit ' + str(refused.returncode):48s} {'site kept' if not changed else 'SITE CHANGED'}: "
          f"{(refused.stderr or refused.stdout).splitlines()[0]}")
    if refused.returncode != 1 or changed:
        cases.failures.append("a bad edit")
    edit("restaurants/place-00010.md", lambda text: text.replace("rating: 9\n", "", 1))
    compare("the bad edit mended")


def kills(cases):
    """A build with changes killed at moments from its start to its end, then a build."""
    guide, edit, compare = cases.guide, cases.edit, cases.compare
    for delay in [0.01, 0.03, 0.06, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2]:
        edit("restaurants/place-00011.md", lambda text: text.replace("fine", "finer"))
        edit("site.yml", lambda text: text.replace("page_size: 7", "page_size: 8") if "page_size: 7" in text
             else text.replace("page_size: 8", "page_size: 7"))
        build = subprocess.Popen([cases.binary, "build", "--quiet", "--root", guide])
        time.sleep(delay)
        build.send_signal(signal.SIGKILL)
        killed = build.wait() == -signal.SIGKILL
        compare(f"kill -9 after {delay} s ({'killed' if killed else 'it had finished'}), then a build")

main()
