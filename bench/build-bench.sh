#!/usr/bin/env bash
# Builds the same N-restaurant guide with FoodPin (cold, then unchanged) and with Hugo if installed.
# usage: bench/build-bench.sh [N]      (default 10000; apt-get install hugo for the comparison)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10000}"
work="$(mktemp -d /tmp/foodpin-bench-XXXX)"
swift build -c release --product foodpin >/dev/null
python3 bench/make-guide.py "$count" "$work/guide" --hugo "$work/hugo"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); printf "%.2f" "$(echo "$end - $start" | bc)"; }

echo "restaurants: $count ($(find "$work/guide/Content" -name '*.md' | wc -l) Markdown files)"
echo "foodpin, first build:        $(seconds .build/release/foodpin build -q --root "$work/guide") s"
echo "foodpin, nothing changed:    $(seconds .build/release/foodpin build -q --root "$work/guide") s"
printf -- '---\nrestaurant: 1000000\nrating: 5\ndate: 2026-01-01\n---\nAgain!\n' > "$work/guide/Content/reviews/new.md"
echo "foodpin, one review added:   $(seconds .build/release/foodpin build -q --root "$work/guide") s"
echo "pages: $(find "$work/guide/Output" -name '*.html' | wc -l), peak memory: $( { /usr/bin/time -f '%M' .build/release/foodpin build -q --root "$work/guide" >/dev/null; } 2>&1 | tail -1) KiB"
if command -v hugo >/dev/null; then
  echo "hugo $(hugo version | cut -d' ' -f2), first build: $(seconds hugo --quiet -s "$work/hugo" -d "$work/hugo/public") s"
  echo "hugo, nothing changed:       $(seconds hugo --quiet -s "$work/hugo" -d "$work/hugo/public") s"
fi
rm -rf "$work"
