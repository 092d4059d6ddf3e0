#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (a downloaded browser is not an option here).
# Installs it through apt-get when it is missing and we are root; otherwise says what to install.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium with apt-get (needed by the end-to-end tests)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
fi
echo "Chromium is needed for the end-to-end tests: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
