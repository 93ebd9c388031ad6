#!/usr/bin/env bash
# Makes sure a Redis server answers at 127.0.0.1:6379 (for the shared rate-limit tests):
# starts an installed one that has stopped, installs Debian's when none is installed.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
ready() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! command -v redis-server >/dev/null 2>&1; then
  echo "Redis is not installed: installing Debian's redis-server"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq redis-server >/dev/null
fi
if ! ready; then
  echo "Starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no
  for _ in $(seq 1 20); do ready && break; sleep 0.5; done
fi
ready || { echo "Redis does not answer at 127.0.0.1:6379" >&2; exit 1; }
echo "Redis ready at redis://127.0.0.1:6379"
