#!/usr/bin/env bash
# Installs Debian's poppler-utils (pdftotext, which the invoice tests read PDFs with) when it is missing.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pdftotext >/dev/null 2>&1; then
  echo "Installing Debian's poppler-utils for the invoice PDF tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq poppler-utils >/dev/null
fi
# sed reads to the end, so pdftotext never meets a closed pipe (which pipefail would report).
pdftotext -v 2>&1 | sed -n 1p
