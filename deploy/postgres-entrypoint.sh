#!/bin/sh
# deploy/postgres.Dockerfile's entrypoint: on the first start (an empty volume) makes the cluster, with
# POSTGRES_USER as its superuser (password POSTGRES_PASSWORD, scram-sha-256 from other hosts) and the
# database POSTGRES_DB; then runs postgres itself as PID 1, so it gets the stop signal.
set -eu
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD: the cluster is made with it on the first start}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  # Trust on the socket inside the container only (as Docker Hub's image); a password from anywhere else.
  initdb --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  # Single-user mode: nothing listens until the database exists, so a healthy check means it is there.
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "made the cluster in $PGDATA: superuser $user, database $db"
fi
exec postgres -D "$PGDATA" "$@"
