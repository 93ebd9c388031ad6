#!/usr/bin/env bash
# Installs Debian's poppler-utils when it is missing: the browser tests read the invoice PDFs we
# produce with its pdftotext, a PDF reader independent of the code that writes them.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pdftotext >/dev/null 2>&1; then
  echo "Installing Debian's poppler-utils for the browser tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq poppler-utils >/dev/null
fi
pdftotext -v 2>&1 | head -n 1
