#!/usr/bin/env bash
# Installs Debian's HAProxy (the load balancer in front of the cluster test's server instances)
# when it is missing. Only the binary is used: the cluster test starts its own with its own
# configuration, never the system service.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v haproxy >/dev/null 2>&1; then
  echo "Installing Debian's haproxy for the cluster test"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq haproxy >/dev/null
fi
haproxy -v | sed -n 1p
