# PostgreSQL 15 from Debian's packages, for deploy/compose.yaml on machines that reach Debian's mirror but no
# container registry (as deploy/Dockerfile). From the repository's root:
#
#   podman build --format docker -f deploy/postgres.Dockerfile -t collab-postgres:15 deploy
#
# Configured as the postgres image of Docker Hub is, by POSTGRES_PASSWORD, POSTGRES_USER (the superuser) and
# POSTGRES_DB: the cluster is made in the volume on its first start (deploy/postgres-entrypoint.sh).
ARG BASE=collab-base:bookworm
FROM ${BASE}
# No cluster at install time: the entrypoint makes one in the volume. Debian 12's 15 is the service image's pg_dump.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/no-main-cluster.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres -m 0775 /run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
# Owned by postgres in the image, so a new named volume starts owned by it too.
VOLUME /var/lib/postgresql/data
EXPOSE 5432
USER postgres
# SIGINT is PostgreSQL's fast shutdown; SIGTERM's smart shutdown would wait for PgBouncer's connections to close.
STOPSIGNAL SIGINT
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["pg_isready", "--quiet", "--host=127.0.0.1", "--port=5432"]
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
