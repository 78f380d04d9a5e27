# PgBouncer from Debian's packages, for deploy/compose.yaml on machines that reach Debian's mirror but no
# container registry (as deploy/Dockerfile). From the repository's root:
#
#   podman build --format docker -f deploy/pgbouncer.Dockerfile -t collab-pgbouncer:1 deploy
#
# Configured by the variables of the edoburu/pgbouncer image that compose passed before (DB_HOST, DB_PORT,
# DB_NAME, DB_USER, DB_PASSWORD, AUTH_TYPE, LISTEN_PORT, POOL_MODE, DEFAULT_POOL_SIZE, MAX_CLIENT_CONN,
# SERVER_LOGIN_RETRY): deploy/pgbouncer-entrypoint.sh writes pgbouncer.ini (as deploy/pgbouncer.ini) from them.
ARG BASE=collab-base:bookworm
FROM ${BASE}
# postgresql-client-15 is pg_isready, the healthcheck.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends pgbouncer postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/* \
 && rm -f /etc/pgbouncer/pgbouncer.ini /etc/pgbouncer/userlist.txt \
 && chown postgres:postgres /etc/pgbouncer && chmod 0700 /etc/pgbouncer
COPY pgbouncer-entrypoint.sh /usr/local/bin/pgbouncer-entrypoint
EXPOSE 6432
# Debian's package runs it as postgres.
USER postgres
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=5 \
  CMD ["sh", "-c", "pg_isready --quiet --host=127.0.0.1 --port=${LISTEN_PORT:-6432}"]
ENTRYPOINT ["/usr/local/bin/pgbouncer-entrypoint"]
