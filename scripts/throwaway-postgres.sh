#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server on a loopback port, for the real-database test run.
#   scripts/throwaway-postgres.sh start [port]   prints the TEST_DATABASE_URL to use
#   scripts/throwaway-postgres.sh stop
#   scripts/throwaway-postgres.sh pause          stops the server, keeping its data (an outage)
#   scripts/throwaway-postgres.sh resume         starts it again on the same port with the same data
# Data lives in /tmp/coachline-pg (override with PG_TEST_DIR); initdb refuses root, so as root the
# server runs as the postgres user (docs/stack-notes.md#a-real-postgresql-for-tests).
set -euo pipefail

dir="${PG_TEST_DIR:-/tmp/coachline-pg}"
data="$dir/data"
sock="$dir/socket"
port="${2:-55432}"

bin_dir() {
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] || { echo "PostgreSQL server binaries (initdb) not found" >&2; exit 1; }
  echo "$found"
}

# Durability settings are off: the data is thrown away, and the tests run faster.
options() {
  echo "-p $1 -h 127.0.0.1 -k $sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

case "${1:-}" in
  start)
    bin=$(bin_dir)
    if [ -f "$data/postmaster.pid" ]; then as_owner "$bin/pg_ctl -D $data -m immediate -w stop" >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$data" "$sock"
    if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
    chmod 700 "$data"
    as_owner "$bin/initdb -D $data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
    echo "$port" > "$dir/port"
    as_owner "$bin/pg_ctl -D $data -l $data/server.log -o '$(options "$port")' -w start" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  pause)
    bin=$(bin_dir)
    as_owner "$bin/pg_ctl -D $data -m fast -w stop" >/dev/null
    ;;
  resume)
    bin=$(bin_dir)
    as_owner "$bin/pg_ctl -D $data -l $data/server.log -o '$(options "$(cat "$dir/port")")' -w start" >/dev/null
    ;;
  stop)
    bin=$(bin_dir)
    if [ -f "$data/postmaster.pid" ]; then as_owner "$bin/pg_ctl -D $data -m fast -w stop" >/dev/null; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [port] | stop | pause | resume" >&2
    exit 2
    ;;
esac
