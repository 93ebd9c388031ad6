#!/usr/bin/env bash
# Installs Debian's Chromium (driven by Playwright for the browser tests) when it is missing.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version
