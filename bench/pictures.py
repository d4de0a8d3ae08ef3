#!/usr/bin/env python3
"""Processing N camera-sized photos: FoodPin against Hugo (extended), the same work on both sides.

usage: bench/pictures.py N [--runs 3] [--foodpin .build/release/foodpin] [--work DIR]

Makes N distinct 4000 × 3000 JPEGs (with Pillow: run it with .build-venv/bin/python), then one
restaurant per photo for FoodPin (`image:`) and one page bundle per photo for Hugo, whose template
asks for what FoodPin makes: widths 320, 640, 960, 1280 and 1920 in WebP and JPEG at quality 75, and
a 1200 × 630 JPEG crop for link previews. Cold runs (caches and output removed), alternating,
medians, peak memory from /usr/bin/time -v. Then FoodPin's second build after a text edit: how
many photos it processes, and what the picture stage costs.
"""
import argparse, os, random, re, shutil, statistics, sys, tempfile
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing import remove_site, timed, timed_with_output  # noqa: E402
WIDTHS = [320, 640, 960, 1280, 1920]


def photo(job):
    """A distinct 4000 × 3000 photo: a gradient, shapes and the photo's number."""
    from PIL import Image, ImageDraw
    path, number = job
    if os.path.exists(path):
        return
    rng = random.Random(number)
    image = Image.linear_gradient("L").resize((4000, 3000)).convert("RGB")
    tint = Image.new("RGB", (4000, 3000), (rng.randint(60, 220), rng.randint(60, 220), rng.randint(60, 220)))
    image = Image.blend(image, tint, 0.6)
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y, r = rng.randint(0, 4000), rng.randint(0, 3000), rng.randint(40, 500)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)))
    draw.text((100, 100), f"photo {number}", fill=(255, 255, 255), font_size=200)
    image.save(path, quality=88)



HUGO_TEMPLATE = """{{ with .Resources.GetMatch "*.jpg" }}{{ $photo := . }}
<picture>{{ range slice %s }}
<source srcset="{{ ($photo.Resize (printf "%%dx webp q75" .)).RelPermalink }}">
<img src="{{ ($photo.Resize (printf "%%dx jpg q75" .)).RelPermalink }}">{{ end }}
</picture>
<meta property="og:image" content="{{ ($photo.Fill "1200x630 jpg q75 Smart").RelPermalink }}">
{{ end }}
"""


def make_guides(count, work):
    photos = os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    jobs = [(os.path.join(photos, f"p{n:05d}.jpg"), n) for n in range(count)]
    with Pool(os.cpu_count()) as pool:
        pool.map(photo, jobs)
    foodpin, hugo = os.path.join(work, "foodpin"), os.path.join(work, "hugo")
    for folder in ["Content/images", "Content/restaurants"]:
        os.makedirs(os.path.join(foodpin, folder), exist_ok=True)
    open(os.path.join(foodpin, "Content/site.yml"), "w").write("title: Photos\npicture_quality: 75\n")
    os.makedirs(os.path.join(hugo, "layouts/_default"), exist_ok=True)
    open(os.path.join(hugo, "config.toml"), "w").write(
        'baseURL = "https://example.org/"\ntitle = "Photos"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
        '[imaging]\nquality = 75\n')
    open(os.path.join(hugo, "layouts/_default/single.html"), "w").write(HUGO_TEMPLATE % " ".join(map(str, WIDTHS)))
    open(os.path.join(hugo, "layouts/_default/list.html"), "w").write("{{ range .Pages }}{{ .Title }}{{ end }}\n")
    for path, number in jobs:
        name = os.path.basename(path)
        target = os.path.join(foodpin, "Content/images", name)
        if not os.path.exists(target):
            os.link(path, target)
        open(os.path.join(foodpin, f"Content/restaurants/r{number:05d}.md"), "w").write(
            f"---\nname: Restaurant {number}\nimage: images/{name}\n---\nA place.\n")
        bundle = os.path.join(hugo, f"content/restaurants/r{number:05d}")
        os.makedirs(bundle, exist_ok=True)
        if not os.path.exists(os.path.join(bundle, name)):
            os.link(path, os.path.join(bundle, name))
        open(os.path.join(bundle, "index.md"), "w").write(f"---\ntitle: Restaurant {number}\n---\nA place.\n")
    return foodpin, hugo


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--foodpin", default=os.path.join(HERE, "..", ".build", "release", "foodpin"))
    parser.add_argument("--work", default=None)
    parser.add_argument("--no-hugo", action="store_true")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="foodpin-pictures-")
    foodpin, hugo = make_guides(args.count, work)
    foodpin_runs, hugo_runs = [], []
    for run in range(args.runs):
        shutil.rmtree(os.path.join(foodpin, ".foodpin-cache"), ignore_errors=True)
        remove_site(os.path.join(foodpin, "Output"))
        foodpin_runs.append(timed([args.foodpin, "build", "--quiet", "--root", foodpin]))
        print(f"foodpin run {run + 1}: {foodpin_runs[-1][0]:.1f} s, {foodpin_runs[-1][1]:.0f} MB", flush=True)
        if not args.no_hugo and shutil.which("hugo"):
            shutil.rmtree(os.path.join(hugo, "resources"), ignore_errors=True)
            shutil.rmtree(os.path.join(hugo, "public"), ignore_errors=True)
            hugo_runs.append(timed(["hugo", "--quiet", "-s", hugo]))
            print(f"hugo run {run + 1}: {hugo_runs[-1][0]:.1f} s, {hugo_runs[-1][1]:.0f} MB", flush=True)
    published = sum(1 for _, _, files in os.walk(os.path.join(foodpin, "Output", "pictures")) for _ in files)
    print(f"FoodPin published {published} picture files for {args.count} photos")
    if hugo_runs:
        made = sum(1 for _, _, files in os.walk(os.path.join(hugo, "public", "restaurants")) for f in files
                   if f.endswith((".jpg", ".webp")))
        print(f"Hugo published {made} picture files")

    # A text edit: the site is rebuilt, no photo is processed again.
    page = os.path.join(foodpin, "Content/restaurants/r00000.md")
    with open(page, "a") as handle:
        handle.write("Edited.\n")
    seconds, peak, out = timed_with_output([args.foodpin, "build", "--verbose", "--root", foodpin])
    stage = re.search(r"([\d.]+) s\s+process pictures", out)
    print(f"second build after a text edit: {seconds:.2f} s, picture stage {stage.group(1) if stage else '?'} s")

    def median(runs, index):
        return statistics.median(r[index] for r in runs)
    row = f"| {args.count} photos 4000×3000 | FoodPin {median(foodpin_runs, 0):.1f} s, {median(foodpin_runs, 1):.0f} MB"
    if hugo_runs:
        row += (f" | Hugo {median(hugo_runs, 0):.1f} s, {median(hugo_runs, 1):.0f} MB"
                f" | {median(foodpin_runs, 0) / median(hugo_runs, 0):.2f}× time, {median(foodpin_runs, 1) / median(hugo_runs, 1):.2f}× memory |")
    print(row)


if __name__ == "__main__":
    main()
