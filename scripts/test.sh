#!/usr/bin/env bash
# Runs every test: the Swift unit and end-to-end tests, then the browser and publishing checks
# (Nu HTML checker, axe-core in headless Chromium) on guides built into temp folders.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's Linux toolchain usually lives in /opt/swift; use it when it is not on PATH yet.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

bash scripts/install-deps.sh
bash scripts/install-test-deps.sh
swift build --build-tests
swift test --skip-build
PATH="$PWD/.build-venv/bin:$PATH" .build-venv/bin/python -m pytest -q Tests/browser
