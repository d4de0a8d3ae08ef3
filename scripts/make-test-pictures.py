#!/usr/bin/env python3
"""Makes the pictures the tests read (Tests/Fixtures/pictures/), each a nasty case of its own.
Run with the test environment's Python: .build-venv/bin/python scripts/make-test-pictures.py"""
import io, os, struct, zlib
from PIL import Image, ImageDraw

out = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "pictures")
os.makedirs(out, exist_ok=True)

def scene(width, height, seed):
    """A plate on a table: shapes and gradients, not noise, so files stay small."""
    image = Image.new("RGB", (width, height), (180 - seed * 10, 120, 60 + seed * 20))
    draw = ImageDraw.Draw(image)
    for row in range(0, height, max(1, height // 12)):
        draw.line([(0, row), (width, row)], fill=(150, 95, 50), width=max(1, height // 60))
    r = min(width, height) * 0.4
    cx, cy = width / 2, height / 2
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(245, 245, 240))
    draw.ellipse([cx - r * .7, cy - r * .7, cx + r * .7, cy + r * .7], fill=(220, 80 + seed * 15, 40))
    # A mark in the top-left corner, so a test can tell which way up the picture is.
    draw.rectangle([0, 0, width // 5, height // 5], fill=(0, 0, 255))
    return image

def gps_exif(orientation=None):
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    gps = {1: "N", 2: (42.0, 21.0, 30.0), 3: "W", 4: (71.0, 3.0, 37.0)}
    exif[0x8825] = gps
    return exif

# 1. A camera photo stored sideways (EXIF orientation 6: turn 90° clockwise), with a GPS position.
scene(1200, 800, 1).save(f"{out}/sideways-gps.jpg", quality=85, exif=gps_exif(orientation=6))
# 2. A wide photo to make every width from.
scene(2400, 1600, 2).save(f"{out}/wide.jpg", quality=85)
# 3. A small photo: never enlarged.
scene(200, 150, 3).save(f"{out}/small.jpg", quality=85)
# 4. A PNG with transparency.
alpha = Image.new("RGBA", (300, 200), (0, 0, 0, 0))
ImageDraw.Draw(alpha).ellipse([50, 20, 250, 180], fill=(200, 30, 30, 255))
alpha.save(f"{out}/alpha.png")
# 5. A CMYK JPEG (print workflows export these).
scene(400, 300, 4).convert("CMYK").save(f"{out}/cmyk.jpg", quality=85)
# 6. A 16-bit greyscale PNG.
Image.new("I;16", (320, 240), 40000).save(f"{out}/sixteen-bit.png")
# 7. A JPEG cut in half.
buffer = io.BytesIO()
scene(800, 600, 5).save(buffer, format="JPEG", quality=85)
data = buffer.getvalue()
open(f"{out}/truncated.jpg", "wb").write(data[: len(data) // 2])
# 8. Text named like a picture.
open(f"{out}/not-a-picture.jpg", "w").write("this is a note, not a photo\n")

# 9. A decompression bomb: a PNG that says 50,000 × 50,000 (7.5 GB decoded) in a few hundred bytes.
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
rows = zlib.compressobj(9)
line = b"\x00" + b"\x00" * (50000 * 3)
compressed = b"".join(rows.compress(line) for _ in range(4)) + rows.flush()
bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 50000, 50000, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", compressed) + chunk(b"IEND", b"")
open(f"{out}/bomb.png", "wb").write(bomb)

# 10. A JPEG whose entropy-coded data is damaged (not cut short): stray bytes in the middle of its
# scan, which libjpeg reports only as a warning ("Corrupt JPEG data").
buffer = io.BytesIO()
scene(800, 600, 6).save(buffer, format="JPEG", quality=85)
data = bytearray(buffer.getvalue())
scan = data.index(b"\xff\xda")
middle = scan + (len(data) - scan) // 2
data[middle:middle + 64] = b"\xff\xd5" + bytes(range(1, 63))
open(f"{out}/damaged.jpg", "wb").write(bytes(data))

# 11. A HEIC photo (an iPhone's own format) named .jpg, as a phone's share sheet often leaves it.
try:
    import pillow_heif
    pillow_heif.from_pillow(scene(64, 48, 7)).save(f"{out}/heic-named.jpg", quality=60)
except ImportError:
    print("pillow-heif is not installed: heic-named.jpg kept as it was")
# 12. Shapes past 10:1, a few hundred bytes each: a 1,000 × 1 strip's link preview was once
# enlarged to 630,000 × 630 pixels (1.6 GB). And a 2,000 × 20,000 grey tower, allowed but tall.
def grey(width, height, path, shade):
    rows = b"".join(b"\x00" + bytes(shade(x, y) for x in range(width)) for y in range(height))
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
grey(1000, 1, f"{out}/strip-1000x1.png", lambda x, y: (x * 7 + y * 3) % 256)
grey(1, 5000, f"{out}/strip-1x5000.png", lambda x, y: (x * 7 + y * 3) % 256)
grey(2000, 20000, f"{out}/tower-2000x20000.png", lambda x, y: y * 255 // 20000)

# 13. An interlaced 16-bit RGBA PNG of 5,800 × 5,800: decoded whole (Adam7 cannot be read a strip
# at a time), 269 MB at once, over the 256 MB FoodPin allows such a picture.
def interlaced(width, height, path):
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    packer = zlib.compressobj(9)
    body = []
    for x0, y0, dx, dy in passes:
        columns, rows = max(0, (width - x0 + dx - 1) // dx), max(0, (height - y0 + dy - 1) // dy)
        if columns and rows:
            line = b"\x00" + bytes(columns * 8)
            body += [packer.compress(line) for _ in range(rows)]
    body.append(packer.flush())
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 6, 0, 0, 1))
                           + chunk(b"IDAT", b"".join(body)) + chunk(b"IEND", b""))
interlaced(5800, 5800, f"{out}/interlaced-5800.png")
# 14. A small progressive JPEG (4:2:0): its coefficients are held whole, 9,216 bytes.
scene(64, 48, 8).save(f"{out}/progressive.jpg", quality=80, progressive=True, subsampling=2)

print("made", sorted(os.listdir(out)))
