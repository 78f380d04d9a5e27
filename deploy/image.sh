#!/usr/bin/env bash
# make image: builds deploy/Dockerfile as collab-service:<contract version> (info.version of
# openapi.yaml) and collab-service:latest, with podman when it is there, else docker.
#
#   IMAGE_BASE=debian:bookworm-slim make image    # another Debian 12 base, from a registry
#   CONTAINER_ENGINE=docker make image            # choose the engine
#
# With the default base (collab-base:bookworm), that base is made first when missing
# (deploy/base-image.sh: debootstrap, needs root). As root on a machine with neither a podman nor
# a running docker engine, deploy/podman-host.sh installs podman from Debian first, as on a fresh
# machine of this kind; as root with podman it also checks /etc/containers/containers.conf.
# When /etc/ssl/certs/ca-certificates.crt (or SSL_CERT_FILE) exists, the build stage trusts it (a
# proxy that re-signs TLS); no layer keeps it.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n '/^info:/,/^[^ ]/s/^  version: *['\''"]\{0,1\}\([^'\''"]*\)['\''"]\{0,1\} *$/\1/p' openapi.yaml)
if [ -z "$version" ]; then
  echo "make image: no info.version in openapi.yaml" >&2
  exit 1
fi
base=${IMAGE_BASE:-collab-base:bookworm}
root=false && [ "$(id -u)" = 0 ] && root=true

engine=${CONTAINER_ENGINE:-}
if [ -z "$engine" ]; then
  if command -v podman >/dev/null; then engine=podman
  elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then engine=docker
  elif $root && command -v apt-get >/dev/null; then engine=podman
  else
    echo "make image needs podman or a running docker engine (as root, it installs podman from Debian itself)" >&2
    exit 1
  fi
fi
if [ "$engine" = podman ] && $root; then deploy/podman-host.sh; fi
if [ "$base" = collab-base:bookworm ]; then deploy/base-image.sh "$engine"; fi

args=(build -f deploy/Dockerfile --build-arg "BASE=$base" -t "collab-service:$version" -t collab-service:latest)
# podman: the Docker image format keeps HEALTHCHECK; the ignore file beside the Dockerfile (docker finds it itself).
if [ "$engine" = podman ]; then args+=(--format docker --ignorefile deploy/Dockerfile.dockerignore); fi
ca=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
if [ -s "$ca" ]; then args+=(--secret "id=ca-certificates,src=$ca"); fi
if [ "$engine" = docker ]; then export DOCKER_BUILDKIT=1; fi # RUN --mount needs BuildKit

echo "$engine ${args[*]} ."
"$engine" "${args[@]}" .
echo "built collab-service:$version and collab-service:latest ($engine, base $base, $("$engine" image inspect --format '{{.Size}}' "collab-service:$version" | awk '{printf "%.0f MB", $1 / 1e6}'))"
