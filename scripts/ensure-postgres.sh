#!/usr/bin/env bash
# Makes a PostgreSQL server available to the tests and prints the admin URL they use
# (TEST_POSTGRES_URL=...). With TEST_POSTGRES_URL already set, that server is used as it is.
# Otherwise the machine's own cluster is started (as root) and given a test role.
set -euo pipefail

if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  echo "TEST_POSTGRES_URL=$TEST_POSTGRES_URL"
  exit 0
fi

fail() { echo "PostgreSQL is needed for the tests: $1" >&2; exit 1; }

command -v pg_lsclusters >/dev/null 2>&1 || fail "install it (apt-get install -y postgresql) or set TEST_POSTGRES_URL to a server where the role may create databases."
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1) || fail "no cluster exists; create one (pg_createcluster 15 main) or set TEST_POSTGRES_URL."
if [ "$status" != "online" ]; then
  [ "$(id -u)" = 0 ] || fail "the cluster $version/$cluster is down; start it (sudo pg_ctlcluster $version $cluster start) or set TEST_POSTGRES_URL."
  pg_ctlcluster "$version" "$cluster" start >&2
fi

role=account_test
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sudo -n -u postgres sh -c "$1"; fi; }
as_postgres "psql -p $port -qtAc \"do \\\$\\\$ begin
  if not exists (select from pg_roles where rolname = '$role') then
    create role $role login createdb password '$role';
  end if;
end \\\$\\\$;\"" >&2 || fail "could not create the test role $role (run as root, or set TEST_POSTGRES_URL)."

echo "TEST_POSTGRES_URL=postgres://$role:$role@127.0.0.1:$port/postgres"
