#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server of its own:
#   scripts/with-postgres.sh npm test
# It initialises a cluster in a temporary folder, starts it on a free port on
# 127.0.0.1, exports TEST_DATABASE_URL, runs the command and removes it all.
# Needs Debian's postgresql package (initdb, pg_ctl). As root, the server runs
# as the postgres user (initdb refuses root). Its time zone is UTC, as PGlite's
# is, so a day or month the database computes is the same on every machine.
set -euo pipefail

pgbin=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ]; then pgbin=$candidate; break; fi
done
if [ -z "$pgbin" ] && command -v initdb >/dev/null 2>&1; then pgbin=$(dirname "$(command -v initdb)"); fi
if [ -z "$pgbin" ]; then
  echo "with-postgres: no PostgreSQL server binaries (install Debian's postgresql package)" >&2
  exit 1
fi

work=$(mktemp -d /tmp/neomi-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_owner=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$work"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$pgbin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${as_owner[@]}" "$pgbin/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_owner[@]}" "$pgbin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c timezone=UTC -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "with-postgres: PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
