#!/usr/bin/env bash
# Installs what FoodPin needs on Debian, builds it, and builds the sample guide into Output/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
swift build -c release --product foodpin
.build/release/foodpin build "$@"
echo "Open Output/index.html in a browser, or publish Output/ to any static host."
