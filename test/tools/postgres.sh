#!/usr/bin/env bash
# Gets PostgreSQL ready for the tests and the benchmark: installs Debian's package when
# missing (with --install, as CI does), starts the first cluster, and creates the role
# collab_pg with the databases collab_pg_test and collab_pg_bench. Needs root. Prints the
# TEST_DATABASE_URL to use as its last line (everything else goes to stderr). Safe to run again.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  if [ "${1:-}" != "--install" ]; then
    echo "no PostgreSQL cluster here: run $0 --install (apt-get install postgresql)" >&2
    exit 1
  fi
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql; } >&2
fi
read -r version cluster port status _ < <(pg_lsclusters -h | sort -k1,1nr | head -n 1)
if [ "$status" != online ]; then
  pg_ctlcluster "$version" "$cluster" start >&2
fi
as_postgres() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p "$port" "$@"; }
as_postgres -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'collab_pg') THEN
    CREATE ROLE collab_pg LOGIN PASSWORD 'collab_pg';
  END IF; END \$\$"
# npm run bench ends its seeding with CHECKPOINT, so the seeded pages are not written out during its rounds.
as_postgres -c "GRANT pg_checkpoint TO collab_pg"
for database in collab_pg_test collab_pg_bench; do
  as_postgres -tc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 ||
    as_postgres -c "CREATE DATABASE $database OWNER collab_pg"
done
echo "PostgreSQL $version/$cluster is up on port $port with the role collab_pg and its test databases" >&2
echo "postgres://collab_pg:collab_pg@127.0.0.1:$port/collab_pg_test"
