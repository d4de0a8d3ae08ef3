#!/usr/bin/env bash
# Debian packages FoodPin builds against. Swift itself is expected at /opt/swift or on PATH.
set -euo pipefail

packages=(pkg-config libsqlite3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
# libvips pulls in a desktop's worth of recommendations; its own libraries are enough.
if ! dpkg-query -W -f='${Status}' libvips-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libvips-dev
fi
if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "Swift is at /opt/swift/usr/bin; add it to PATH: export PATH=/opt/swift/usr/bin:\$PATH" >&2
  else
    echo "Swift 6.1 or newer is needed: https://www.swift.org/install/linux/" >&2
  fi
  exit 1
fi
