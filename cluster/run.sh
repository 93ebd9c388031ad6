#!/usr/bin/env bash
# The cluster test (`npm run test:cluster`): a PostgreSQL primary and a streaming replica made with
# pg_basebackup, a Redis, three server instances and HAProxy in front, all on free ports in a
# temporary folder (the PostgreSQL and Redis at 5432 and 6379 are left alone). This script starts
# the databases and Redis; the test file starts the server instances and HAProxy, since some
# checks kill and restart instances. Everything is stopped at the end, on failure too.
#
#   npm run test:cluster                 every check
#   CLUSTER_KEEP=1 npm run test:cluster  keeps the folder (logs) after the run
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

bash scripts/ensure-haproxy.sh
if ! command -v redis-server >/dev/null 2>&1; then
  as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  echo "Installing Debian's redis-server for the cluster test"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq redis-server >/dev/null
fi
pg_bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  bash scripts/ensure-postgres.sh >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

# initdb and postgres refuse to run as root: as root (CI) they run as the postgres user.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/ztart-cluster.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/primary" "$dir/replica" "$dir/logs"
touch "$dir/pids"
[ "$(id -u)" -eq 0 ] && chown postgres "$dir/primary" "$dir/replica" "$dir/logs"
chmod 700 "$dir/primary" "$dir/replica"

stop_everything() {
  local status=$?
  set +e
  # Server instances and HAProxy the test started (their ids are written there as they start).
  # Only a process that is still ours: its command line names this run's folder or this checkout's
  # server (an id may have been given to another process since ours ended).
  while read -r pid; do
    [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || continue
    if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -e "$dir/" -e "$repo/apps/server/dist/main.js"; then
      kill -KILL "$pid" 2>/dev/null
    fi
  done <"$dir/pids"
  [ -f "$dir/redis.pid" ] && kill "$(cat "$dir/redis.pid")" 2>/dev/null
  for cluster in replica primary; do
    [ -f "$dir/$cluster/postmaster.pid" ] && as_postgres "$pg_bin/pg_ctl" -D "$dir/$cluster" -m immediate -w stop >/dev/null 2>&1
  done
  if [ "${CLUSTER_KEEP:-}" = 1 ] || [ "$status" -ne 0 ]; then
    echo "The cluster's folder (logs) is kept: $dir"
  else
    rm -rf "$dir"
  fi
  exit "$status"
}
trap stop_everything EXIT
trap 'exit 130' INT TERM

read -r primary_port replica_port redis_port < <(node -e '
  const net = require("node:net");
  const take = () => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
  (async () => { const ports = []; while (ports.length < 3) { const p = await take(); if (![5432, 6379].includes(p) && !ports.includes(p)) ports.push(p); } console.log(ports.join(" ")); })();
')

echo "PostgreSQL primary on $primary_port (wal_level=replica)"
as_postgres "$pg_bin/initdb" -D "$dir/primary" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/logs/initdb.log"
cat >>"$dir/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $primary_port
unix_socket_directories = '$dir/primary'
wal_level = replica
max_wal_senders = 4
hot_standby = on
max_connections = 120
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
as_postgres "$pg_bin/pg_ctl" -D "$dir/primary" -l "$dir/logs/primary.log" -w -t 60 start >/dev/null
as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -qc 'CREATE DATABASE ztart' >/dev/null

echo "PostgreSQL replica on $replica_port (pg_basebackup -R, streaming)"
as_postgres "$pg_bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/replica" -R -X stream -c fast --no-sync
cat >>"$dir/replica/postgresql.conf" <<CONF
port = $replica_port
unix_socket_directories = '$dir/replica'
CONF
as_postgres "$pg_bin/pg_ctl" -D "$dir/replica" -l "$dir/logs/replica.log" -w -t 60 start >/dev/null
in_recovery=$(as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$replica_port" -U postgres -d ztart -Atc 'SELECT pg_is_in_recovery()')
[ "$in_recovery" = t ] || { echo "The replica is not a standby" >&2; exit 1; }

echo "Redis on $redis_port"
redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no --daemonize yes \
  --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/logs/redis.log"
for _ in $(seq 1 20); do redis-cli -p "$redis_port" ping 2>/dev/null | grep -q PONG && break; sleep 0.2; done

echo "Compiling the server"
npm run build -w @ztart/server --silent >/dev/null

export CLUSTER_DIR=$dir
export CLUSTER_PRIMARY_URL="postgres://postgres@127.0.0.1:$primary_port/ztart"
export CLUSTER_REPLICA_URL="postgres://postgres@127.0.0.1:$replica_port/ztart"
export CLUSTER_REDIS_URL="redis://127.0.0.1:$redis_port"
npx vitest run --config cluster/vitest.config.ts "$@"
