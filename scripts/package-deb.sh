#!/usr/bin/env bash
# Makes foodpin_VERSION_ARCH.deb from the files scripts/release.sh prepared (the stripped binary,
# foodpin.1, completions/, copyright), as Debian lays them out, depending on the Debian packages
# of the libraries the binary loads: those it links and libvips, opened at its first picture.
# Prints the package's file name. What lintian still says, and why, is in packaging/lintian-overrides.
#
# usage: scripts/package-deb.sh FILES_DIR OUTPUT_DIR   (run by scripts/release.sh)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
files="$1" output="$2"
# shellcheck source-path=SCRIPTDIR/.. source=release.env
. "$repo/release.env"
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
# Only the libraries the binary names itself (ELF NEEDED): theirs come with their own packages.
needed=" $(readelf -d "$files/foodpin" | awk -F'[][]' '/NEEDED/ { print $2 }' | paste -sd' ' -) "
libraries="$(ldd "$files/foodpin" | awk -v needed="$needed" '/=>/ && index(needed, " " $1 " ") { print $3 }')"
vips="$(ldconfig -p | awk '/libvips\.so\.42 / && !found { print $NF; found = 1 }')"
[ -n "$vips" ] || { echo "libvips.so.42 is not installed here (scripts/install-deps.sh)" >&2; exit 1; }
depends="$(for library in $libraries "$vips"; do package_of "$library"; done | sort -u | paste -sd, - | sed 's/,/, /g')"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
chmod 0755 "$stage"
install -D -m 0755 "$files/foodpin" "$stage/usr/bin/foodpin"
install -d -m 0755 "$stage/usr/share/man/man1" "$stage/usr/share/doc/foodpin"
gzip -9n < "$files/foodpin.1" > "$stage/usr/share/man/man1/foodpin.1.gz"
# A completion file is sourced, never run: no #! line.
install -d -m 0755 "$stage/usr/share/bash-completion/completions"
sed '1{/^#!/d}' "$files/completions/foodpin.bash" > "$stage/usr/share/bash-completion/completions/foodpin"
install -D -m 0644 "$files/completions/_foodpin" "$stage/usr/share/zsh/vendor-completions/_foodpin"
install -D -m 0644 "$files/completions/foodpin.fish" "$stage/usr/share/fish/vendor_completions.d/foodpin.fish"
install -m 0644 "$files/copyright" "$stage/usr/share/doc/foodpin/copyright"
install -D -m 0644 "$repo/packaging/lintian-overrides" "$stage/usr/share/lintian/overrides/foodpin"
# A native package's changelog: this release's entry, dated by its commit.
cat <<CHANGELOG | gzip -9n > "$stage/usr/share/doc/foodpin/changelog.gz"
foodpin ($FOODPIN_VERSION) stable; urgency=medium

  * FoodPin $FOODPIN_VERSION: $FOODPIN_HOMEPAGE/releases/tag/v$FOODPIN_VERSION

 -- $FOODPIN_MAINTAINER  $(date -u -R -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}")
CHANGELOG
chmod -R u=rwX,go=rX "$stage/usr"
mkdir -m 0755 "$stage/DEBIAN"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 0644 "$stage/DEBIAN/md5sums"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: foodpin
Version: $FOODPIN_VERSION
Architecture: $arch
Maintainer: $FOODPIN_MAINTAINER
Depends: $depends
Section: web
Priority: optional
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Homepage: $FOODPIN_HOMEPAGE
Description: static site generator for food guides
 Builds a food guide website (restaurants, reviews, search, cities and cuisines,
 the visitor's own guide) from Markdown and JSON city files, rebuilds it live
 while an editor writes, and deploys only what changed to S3 or a folder.
CONTROL
# Every file dated by the commit, so one commit makes the same package.
find "$stage" -exec touch -h -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" {} +
deb="foodpin_${FOODPIN_VERSION}_${arch}.deb"
dpkg-deb --build --root-owner-group "$stage" "$output/$deb" >&2
echo "$deb"
