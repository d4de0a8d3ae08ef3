#!/usr/bin/env bash
# Runs every test: the Swift unit and end-to-end tests, then the browser and publishing checks
# (Nu HTML checker, axe-core in headless Chromium) on guides built into temp folders.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's Linux toolchain usually lives in /opt/swift; use it when it is not on PATH yet.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

bash scripts/install-deps.sh
bash scripts/install-test-deps.sh
# The browser checks drive the binary a user runs: setup.sh's release build, reused as it is.
swift build -c release --static-swift-stdlib --product foodpin
# Swift Testing links only dynamically: the unit tests need a debug build of their own.
swift build --build-tests
swift test --skip-build
# Two workers, a test file each at a time (a file's built guides are made once, on one worker);
# then, alone, the checks that time a page loading on a throttled phone. No .pytest_cache in the repository.
browser_tests() {
  FOODPIN="$PWD/.build/release/foodpin" PATH="$PWD/.build-venv/bin:$PATH" \
    .build-venv/bin/python -m pytest -q -p no:cacheprovider Tests/browser "$@"
}
browser_tests -n 2 --dist loadfile -m "not timing"
browser_tests -m timing
