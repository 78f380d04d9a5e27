#!/bin/sh
# deploy/pgbouncer.Dockerfile's entrypoint: writes pgbouncer.ini and its userlist from the variables, then runs
# pgbouncer itself as PID 1 (SIGTERM stops it at once, SIGINT after its clients' transactions end).
set -eu
: "${DB_HOST:?set DB_HOST}" "${DB_USER:?set DB_USER}" "${DB_PASSWORD:?set DB_PASSWORD}"
db=${DB_NAME:-$DB_USER}
quoted() { printf '"%s"' "$(printf '%s' "$1" | sed 's/"/""/g')"; }

umask 077
# The password as it is: PgBouncer checks clients with it and logs into PostgreSQL with SCRAM from it.
printf '%s %s\n' "$(quoted "$DB_USER")" "$(quoted "$DB_PASSWORD")" >/etc/pgbouncer/userlist.txt
# What deploy/pgbouncer.ini says, and why, for these values; no socket, log or pid file (stderr, PID 1).
cat >/etc/pgbouncer/pgbouncer.ini <<INI
[databases]
$db = host=$DB_HOST port=${DB_PORT:-5432} dbname=$db

[pgbouncer]
listen_addr = *
listen_port = ${LISTEN_PORT:-6432}
unix_socket_dir =
auth_type = ${AUTH_TYPE:-scram-sha-256}
auth_file = /etc/pgbouncer/userlist.txt
pool_mode = ${POOL_MODE:-transaction}
default_pool_size = ${DEFAULT_POOL_SIZE:-20}
max_client_conn = ${MAX_CLIENT_CONN:-500}
server_login_retry = ${SERVER_LOGIN_RETRY:-1}
INI
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
