#!/usr/bin/env python3
"""Draws the sample guide's photos (Content/images/): plates of food rendered from shapes, light
and grain, not copied from anywhere. Run with the test environment's Python, which has Pillow:
.build-venv/bin/python scripts/make-sample-photos.py"""
import math, os, random
from PIL import Image, ImageDraw, ImageFilter

ROOT = os.path.join(os.path.dirname(__file__), "..", "Content", "images")
W, H = 1600, 1200

def table(rng, wood):
    image = Image.new("RGB", (W, H), wood)
    draw = ImageDraw.Draw(image)
    for y in range(0, H, 6):  # grain of the wood
        shade = rng.randint(-14, 14)
        draw.line([(0, y), (W, y + rng.randint(-8, 8))], fill=tuple(max(0, min(255, c + shade)) for c in wood), width=5)
    return image.filter(ImageFilter.GaussianBlur(2))

def light(image, strength=0.35):
    """A soft window light from the top left."""
    mask = Image.radial_gradient("L").resize((W * 2, H * 2)).crop((W // 2 - 300, H // 2 - 300, W // 2 - 300 + W, H // 2 - 300 + H))
    dark = Image.new("RGB", (W, H), (0, 0, 0))
    return Image.composite(dark, image, mask.point(lambda v: int(v * strength)))

def plate(draw, cx, cy, r, rim=(244, 242, 236), well=(232, 229, 222)):
    draw.ellipse([cx - r - 12, cy - r + 18, cx + r + 12, cy + r + 30], fill=(40, 30, 25))  # shadow
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=rim)
    draw.ellipse([cx - r * .72, cy - r * .72, cx + r * .72, cy + r * .72], fill=well)

def scatter(draw, rng, cx, cy, spread, count, colors, size):
    for _ in range(count):
        a, d = rng.random() * math.tau, spread * math.sqrt(rng.random())
        x, y, s = cx + math.cos(a) * d, cy + math.sin(a) * d, size * (0.6 + rng.random() * 0.8)
        draw.ellipse([x - s, y - s * .7, x + s, y + s * .7], fill=rng.choice(colors))

def noodles(draw, rng, cx, cy, r, color):
    for _ in range(70):
        points, a0 = [], rng.random() * math.tau
        d0 = r * rng.random() * .8
        for t in range(30):
            a = a0 + t * 0.09
            d = d0 + math.sin(t * .5 + a0) * 25
            points.append((cx + math.cos(a) * d, cy + math.sin(a) * d))
        draw.line(points, fill=color, width=9, joint="curve")

def dish(kind, seed):
    rng = random.Random(seed)
    image = table(rng, rng.choice([(120, 78, 48), (96, 64, 42), (150, 110, 74)]))
    draw = ImageDraw.Draw(image)
    cx, cy, r = W // 2 + rng.randint(-80, 80), H // 2 + rng.randint(-40, 40), 470
    if kind == "ramen":
        plate(draw, cx, cy, r, rim=(60, 40, 35), well=(200, 140, 70))
        noodles(draw, rng, cx, cy, r * .6, (246, 220, 140))
        for dx, dy in [(-150, -120), (130, -90)]:  # egg halves
            draw.ellipse([cx + dx - 80, cy + dy - 60, cx + dx + 80, cy + dy + 60], fill=(250, 248, 240))
            draw.ellipse([cx + dx - 38, cy + dy - 30, cx + dx + 38, cy + dy + 30], fill=(240, 150, 30))
        draw.rectangle([cx + 120, cy + 60, cx + 260, cy + 260], fill=(25, 40, 30))  # nori
        scatter(draw, rng, cx, cy, r * .6, 60, [(90, 170, 60), (120, 200, 80)], 10)
    elif kind == "pasta":
        plate(draw, cx, cy, r)
        noodles(draw, rng, cx, cy, r * .55, (240, 200, 110))
        scatter(draw, rng, cx, cy, r * .45, 40, [(190, 40, 30), (170, 30, 25)], 26)
        scatter(draw, rng, cx, cy, r * .5, 20, [(60, 140, 50)], 18)
    elif kind == "salad":
        plate(draw, cx, cy, r, well=(236, 238, 230))
        scatter(draw, rng, cx, cy, r * .62, 160, [(80, 160, 60), (110, 185, 70), (60, 130, 50)], 46)
        scatter(draw, rng, cx, cy, r * .5, 30, [(220, 60, 50), (240, 190, 60)], 28)
        scatter(draw, rng, cx, cy, r * .5, 40, [(245, 240, 225)], 14)
    elif kind == "tacos":
        for i in range(3):
            x = cx - 300 + i * 300
            draw.chord([x - 170, cy - 220, x + 170, cy + 200], 180, 360, fill=(230, 190, 110))
            scatter(draw, rng, x, cy - 60, 110, 60, [(150, 70, 40), (200, 60, 40), (90, 170, 70), (250, 250, 245)], 18)
    elif kind == "bagel":
        plate(draw, cx, cy, r)
        for dx in (-170, 170):
            draw.ellipse([cx + dx - 180, cy - 180, cx + dx + 180, cy + 180], fill=(190, 120, 60))
            draw.ellipse([cx + dx - 150, cy - 150, cx + dx + 150, cy + 150], fill=(245, 238, 225))
            scatter(draw, rng, cx + dx, cy, 110, 25, [(240, 120, 90), (250, 150, 110)], 30)
            draw.ellipse([cx + dx - 35, cy - 35, cx + dx + 35, cy + 35], fill=(120, 78, 48))
    elif kind == "coffee":
        draw.ellipse([cx - 330, cy - 330, cx + 330, cy + 330], fill=(244, 242, 236))
        draw.ellipse([cx - 230, cy - 230, cx + 230, cy + 230], fill=(250, 250, 248))
        draw.ellipse([cx - 190, cy - 190, cx + 190, cy + 190], fill=(150, 95, 55))
        draw.ellipse([cx - 90, cy - 110, cx + 90, cy + 80], fill=(235, 215, 190))  # the foam heart, roughly
        draw.rounded_rectangle([cx + 220, cy - 30, cx + 320, cy + 30], 25, fill=(244, 242, 236))
    elif kind == "bbq":
        draw.rectangle([cx - 560, cy - 360, cx + 560, cy + 360], fill=(170, 130, 90))  # butcher paper
        for i in range(5):
            y = cy - 250 + i * 120
            draw.rounded_rectangle([cx - 420, y - 45, cx + 200, y + 45], 30, fill=(90, 40, 25))
            draw.line([(cx - 420, y - 40), (cx + 200, y - 40)], fill=(60, 25, 15), width=14)
        scatter(draw, rng, cx + 360, cy, 120, 80, [(240, 230, 200), (230, 210, 160)], 22)
    elif kind == "noodles":
        plate(draw, cx, cy, r, rim=(230, 230, 225), well=(120, 60, 40))
        noodles(draw, rng, cx, cy, r * .6, (210, 160, 90))
        scatter(draw, rng, cx, cy, r * .55, 50, [(80, 160, 60), (230, 80, 40)], 16)
    image = light(image)
    return image.filter(ImageFilter.GaussianBlur(1.2))

# A main photo per restaurant that has one, and galleries for two of them.
PHOTOS = {
    "ramen.jpg": ("ramen", 1), "pasta.jpg": ("pasta", 2), "salad.jpg": ("salad", 3), "tacos.jpg": ("tacos", 4),
    "bagel.jpg": ("bagel", 5), "coffee.jpg": ("coffee", 6), "bbq.jpg": ("bbq", 7), "noodles.jpg": ("noodles", 8),
    "sakura-ramen-house/shoyu.jpg": ("ramen", 11), "sakura-ramen-house/tonkotsu.jpg": ("noodles", 12),
    "sakura-ramen-house/sides.jpg": ("salad", 13),
    "north-end-pasta-lab/cacio-e-pepe.jpg": ("pasta", 21), "north-end-pasta-lab/espresso.jpg": ("coffee", 22),
}
for name, (kind, seed) in PHOTOS.items():
    path = os.path.join(ROOT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    dish(kind, seed).save(path, quality=82, optimize=True, progressive=True)
    print(name, os.path.getsize(path) // 1024, "kB")
