#!/usr/bin/env bash
# Runs every test: unit tests per stage and end-to-end builds of guides in temp folders.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
