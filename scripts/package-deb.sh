#!/usr/bin/env bash
# Makes a Debian package of FoodPin: foodpin_VERSION_ARCH.deb in the current folder, holding the
# binary (Swift's libraries and the theme inside it), and depending on the Debian packages of the
# libraries it loads: those it links (from ldd) and libvips, which it opens at its first picture.
# Install it without a Swift toolchain: apt-get install ./foodpin_*.deb
#
# usage: scripts/package-deb.sh [BINARY]   (default: the release build scripts/setup.sh makes, brought up to date)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$repo/.build/release/foodpin}"
if [ $# -eq 0 ]; then
  if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
  (cd "$repo" && swift build -c release --static-swift-stdlib --product foodpin >&2)
fi
[ -x "$binary" ] || { echo "no binary at $binary" >&2; exit 1; }

version="$("$binary" --version)"
arch="$(dpkg --print-architecture)"
# A library's package, at least at the version this machine has. dpkg knows a file by the path its
# package installed it at: /lib/… and /usr/lib/… are one folder on Debian 12, so both are asked.
package_of() {
  local package="" path
  for path in "$1" "$(readlink -f "$1")" "${1/#\/usr\/lib\//\/lib\/}" "${1/#\/lib\//\/usr\/lib\/}"; do
    # Every reader below reads to the end: one that stops early kills the writer with SIGPIPE (141 under pipefail).
    package="$(dpkg -S "$path" 2>/dev/null | awk -F: 'NR == 1 { print $1 }')"
    [ -z "$package" ] || break
  done
  [ -n "$package" ] || { echo "no Debian package holds $1" >&2; exit 1; }
  echo "$package (>= $(dpkg-query -W -f='${Version}' "$package" | sed 's/-[^-]*$//'))"
}
libraries="$(ldd "$binary" | awk '/=>/ { print $3 }')"
vips="$(ldconfig -p | awk '/libvips\.so\.42 / && !found { print $NF; found = 1 }')"
[ -n "$vips" ] || { echo "libvips.so.42 is not installed here (scripts/install-deps.sh)" >&2; exit 1; }
depends="$(for library in $libraries "$vips"; do package_of "$library"; done | sort -u | paste -sd, - | sed 's/,/, /g')"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
install -D -m 0755 "$binary" "$stage/usr/bin/foodpin"
strip --strip-unneeded "$stage/usr/bin/foodpin" 2>/dev/null || true
install -D -m 0644 "$repo/README.md" "$stage/usr/share/doc/foodpin/README.md"
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: foodpin
Version: $version
Architecture: $arch
Maintainer: FoodPin <foodpin@example.org>
Depends: $depends
Section: web
Priority: optional
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Homepage: https://example.org/foodpin
Description: static site generator for food guides
 Builds a food guide website (restaurants, reviews, search, cities and cuisines,
 the visitor's own guide) from Markdown and JSON city files, rebuilds it live
 while an editor writes, and deploys only what changed to S3 or a folder.
CONTROL
output="foodpin_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "$stage" "$output" >&2
echo "$output"
