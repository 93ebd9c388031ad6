#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers at 127.0.0.1:5432 with a `test` database that the
# `postgres` user reaches without a password (trust auth), as the PostgreSQL test pass expects.
# Starts an installed cluster that has stopped; installs Debian's server when none is installed.
set -euo pipefail

host=127.0.0.1
port=5432
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
ready() { pg_isready -q -h "$host" -p "$port" 2>/dev/null; }

if ! command -v pg_isready >/dev/null 2>&1 || ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "PostgreSQL is not installed: installing Debian's server package"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
fi

if ! ready; then
  version=$(ls /etc/postgresql | sort -n | tail -n 1)
  echo "Starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
ready || { echo "PostgreSQL does not answer at $host:$port" >&2; exit 1; }

if ! psql -h "$host" -p "$port" -U postgres -d test -Atc 'select 1' >/dev/null 2>&1; then
  # A fresh Debian install uses peer auth and has no `test` database: set both up as CI has them.
  version=$(ls /etc/postgresql | sort -n | tail -n 1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  if ! as_root grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  fi
  psql -h "$host" -p "$port" -U postgres -Atc "select 1 from pg_database where datname = 'test'" | grep -q 1 \
    || psql -h "$host" -p "$port" -U postgres -c 'create database test' >/dev/null
fi
echo "PostgreSQL ready at postgres://postgres@$host:$port/test"
