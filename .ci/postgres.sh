#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on 127.0.0.1 for the store's tests and
# prints its URL on stdout (the only thing printed there), e.g.
#   export KOMBI_TEST_POSTGRES=$(.ci/postgres.sh)
# Installs Debian's postgresql package when it is missing. Idempotent: when the
# server already runs it only prints the URL. The cluster lives in
# $KOMBI_PG_DIR (default /tmp/kombi-pg) and listens on $KOMBI_PG_PORT (default
# 54329), so it does not touch the system's own cluster.
# Stop it with: su postgres -c "$(.ci/postgres.sh --bin)/pg_ctl -D /tmp/kombi-pg/data stop"
set -euo pipefail

dir=${KOMBI_PG_DIR:-/tmp/kombi-pg}
port=${KOMBI_PG_PORT:-54329}
user=kombi
pass=kombi
db=kombi_test
url="postgres://$user:$pass@127.0.0.1:$port/$db?sslmode=disable"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$d" ] && [ -x "$d/pg_ctl" ] && echo "$d"
}

bin=$(bindir || true)
if [ -z "$bin" ]; then
  echo "== installing postgresql" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >&2
  bin=$(bindir)
fi
if [ "${1:-}" = "--bin" ]; then echo "$bin"; exit 0; fi

# The server refuses to run as root: run it as the postgres user (created by
# the package), or as the current user when that is not root.
if [ "$(id -u)" = 0 ]; then
  runas() { su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; }
else
  runas() { "$@"; }
fi

if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  if [ ! -s "$dir/data/PG_VERSION" ]; then
    runas "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >&2
  fi
  # Unix sockets in $dir (not /var/run/postgresql, which needs the system's setup).
  runas "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >&2
fi

psql_() { runas "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
if [ "$(psql_ -d postgres -c "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != 1 ]; then
  psql_ -d postgres -c "CREATE ROLE $user LOGIN PASSWORD '$pass'" >&2
fi
if [ "$(psql_ -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  psql_ -d postgres -c "CREATE DATABASE $db OWNER $user" >&2
fi
echo "$url"
