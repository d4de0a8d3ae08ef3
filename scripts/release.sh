#!/usr/bin/env bash
# Makes a release of FoodPin in dist/ (or $DIST), for this machine's architecture:
#   foodpin-VERSION-linux-ARCH.tar.gz  the binary, its manual page, shell completions, licences
#   foodpin_VERSION_ARCH.deb           the same as a Debian package (lintian-clean, see packaging/)
#   SHA256SUMS
# The version, maintainer and homepage come from release.env. It reuses the release build
# scripts/setup.sh made (swift build only brings it up to date).
#
# usage: scripts/release.sh [BINARY]   (default: .build/release/foodpin, built or brought up to date)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
# shellcheck source-path=SCRIPTDIR/.. source=release.env
. ./release.env
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
binary="${1:-}"
if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product foodpin >&2
  binary=.build/release/foodpin
fi
# The manual page comes from the command's own help, through swift-argument-parser's generator.
swift build -c release --product generate-manual >&2
[ -x "$binary" ] || { echo "no binary at $binary" >&2; exit 1; }
built="$("$binary" --version)"
[ "${built%% *}" = "$FOODPIN_VERSION" ] || { echo "$binary is $built, release.env says $FOODPIN_VERSION: build it again" >&2; exit 1; }

arch="$(dpkg --print-architecture)"
# Every date in the files is the commit's, so one commit always makes the same bytes.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
files="$work/files"
mkdir -p "$files/completions"
install -m 0755 "$binary" "$files/foodpin"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$files/foodpin"
.build/release/generate-manual "$files/foodpin" --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)" \
  --authors "$FOODPIN_MAINTAINER" --output-directory "$files" >&2
"$files/foodpin" --generate-completion-script bash > "$files/completions/foodpin.bash"
"$files/foodpin" --generate-completion-script zsh > "$files/completions/_foodpin"
"$files/foodpin" --generate-completion-script fish > "$files/completions/foodpin.fish"
sed -e "s|@MAINTAINER@|$FOODPIN_MAINTAINER|" -e "s|@HOMEPAGE@|$FOODPIN_HOMEPAGE|" packaging/copyright > "$files/copyright"

dist="$(mkdir -p "${DIST:-dist}" && cd "${DIST:-dist}" && pwd)"
name="foodpin-$FOODPIN_VERSION-linux-$arch"
mkdir "$work/$name"
cp -r "$files/foodpin" "$files/foodpin.1" "$files/completions" "$files/copyright" LICENSE README.md "$work/$name/"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$work" -cf - "$name" \
  | gzip -9n > "$dist/$name.tar.gz"
deb="$(bash scripts/package-deb.sh "$files" "$dist")"
(cd "$dist" && sha256sum "$name.tar.gz" "$deb" > SHA256SUMS)
printf '%s\n' "$dist/$name.tar.gz" "$dist/$deb" "$dist/SHA256SUMS"
