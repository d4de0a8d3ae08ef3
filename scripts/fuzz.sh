#!/usr/bin/env bash
# Fuzzes the readers of editors' and contributors' text with libFuzzer (see Tests/FoodPinCoreTests/
# FuzzProperties.swift for what must hold), each property for SECONDS (default 600).
#   scripts/fuzz.sh [SECONDS] [PROPERTY ...]      properties: front-matter city-file markdown slug yaml-expansion
# Seeds come from the sample guide and ../shared/data/cities; the corpus grows in .build-fuzz/corpus.
# An input that breaks a property is saved as Tests/Fuzz/findings/<property>/<digest>: add it to git,
# fix the cause, and the unit tests keep it fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
properties=("$@")
[ ${#properties[@]} -gt 0 ] || properties=(front-matter city-file markdown slug yaml-expansion)

swiftc=$(readlink -f "$(command -v swiftc)")
archive="$(dirname "$swiftc")/../lib/swift/clang/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a"
[ -f "$archive" ] || { echo "fuzz.sh: this toolchain has no libFuzzer ($archive)" >&2; exit 1; }
# The C inside the package (libyaml, in Yams) is instrumented too, so the search sees its branches;
# the system's cmark-gfm is not.
FOODPIN_FUZZ="$archive" swift build --build-path .build-fuzz --product foodpin-fuzz -Xcc -fsanitize=fuzzer-no-link
fuzzer=.build-fuzz/debug/foodpin-fuzz

seed() {  # property, corpus folder
    case "$1" in
        front-matter) find Content -name '*.md' -exec sh -c 'tail -n +2 "$1" > "$2/$(basename "$1")"' _ {} "$2" \; ;;
        city-file) cp Content/cities/*.json "$2"/ 2>/dev/null || true
                   [ -d ../shared/data/cities ] && find ../shared/data/cities -name '*.json' -size -200k -exec cp {} "$2"/ \; || true ;;
        markdown) find Content -name '*.md' -exec cp {} "$2"/ \; ;;
        slug) printf '%s\n' "Café Ba-Ba-Reeba" "Joe's Diner & Grill" "桜ラーメン" "Ñandú" "Straße 12" > "$2/names" ;;
    esac
}

status=0
for property in "${properties[@]}"; do
    corpus=.build-fuzz/corpus/$property findings=Tests/Fuzz/findings/$property
    mkdir -p "$corpus" "$findings"
    [ -n "$(ls -A "$corpus")" ] || seed "$property" "$corpus"
    echo "== $property: ${seconds}s"
    before=$(ls "$findings" | wc -l)
    # In a child process (fork mode), so that a finding is saved and the search goes on.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$fuzzer" "$property" -fork=1 -ignore_crashes=1 \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$findings/" "$corpus" "$findings" > ".build-fuzz/$property.log" 2>&1 || true
    grep -a -E "^$property: " ".build-fuzz/$property.log" | sort -u || true
    # The last progress line: executions, coverage (edges, features), corpus size, speed.
    grep -a -E "^#[0-9]+: cov:" ".build-fuzz/$property.log" | tail -n 1 || true
    found=$(( $(ls "$findings" | wc -l) - before ))
    echo "== $property: $found new finding(s) in $findings"
    [ "$found" -eq 0 ] || status=1
done
exit $status
