#!/usr/bin/env bash
# Installs Debian's zbar-tools when it is missing: the browser tests decode our QR code images
# with its zbarimg, a QR decoder independent of the code that draws them.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v zbarimg >/dev/null 2>&1; then
  echo "Installing Debian's zbar-tools for the browser tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq zbar-tools >/dev/null
fi
zbarimg --version
