#!/usr/bin/env bash
# deploy/base-image.sh [podman|docker]: the base image collab-base:bookworm, made from Debian's
# packages, for machines that reach Debian's mirror but no container registry.
#
# A minimal Debian 12 (debootstrap --variant=minbase: the essential packages and apt) plus
# ca-certificates, with bookworm-updates and bookworm-security in its sources and their
# updates applied, documentation, man pages and locales left out as debian:bookworm-slim does,
# then imported with `podman import` (or `docker import`). Nothing else: deploy/Dockerfile
# installs what Node.js needs on top, so it builds the same on debian:bookworm-slim.
#
# Idempotent: an existing image of that name is kept (remove it to rebuild:
# `podman rmi collab-base:bookworm`). Needs root for debootstrap; DEBIAN_MIRROR overrides the mirror.
set -euo pipefail

engine=${1:-podman}
image=${BASE_IMAGE_NAME:-collab-base:bookworm}
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

if "$engine" image inspect "$image" >/dev/null 2>&1; then
  echo "$image is present ($engine)"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "$image is missing, and making it needs root (debootstrap): run 'sudo $0 $engine', or build with --build-arg BASE=debian:bookworm-slim where a registry is reachable" >&2
  exit 1
fi
debootstrap=$(command -v debootstrap || echo /usr/sbin/debootstrap)
if [ ! -x "$debootstrap" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi

echo "making $image: debootstrap --variant=minbase $suite from $mirror"
root=$(mktemp -d /var/tmp/collab-base.XXXXXX)
chmod 0755 "$root" # apt's _apt user reads its downloads from here
trap 'rm -rf "$root" "$root.log"' EXIT

# As debian:bookworm-slim: no documentation, man pages or translations, now or in later installs
# (copyright files stay).
mkdir -p "$root/etc/dpkg/dpkg.cfg.d"
cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
# Installing a package into the image never starts a service.
mkdir -p "$root/usr/sbin"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod +x "$root/usr/sbin/policy-rc.d"

"$debootstrap" --variant=minbase --include=ca-certificates "$suite" "$root" "$mirror" >"$root.log" 2>&1 ||
  { tail -n 30 "$root.log" >&2; exit 1; }

cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security_mirror $suite-security main
EOF
# apt in the image is told it runs in a container: no recommends, no caches kept.
cat >"$root/etc/apt/apt.conf.d/90container" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf "$root" "$root.log"' EXIT
{ in_root apt-get update && in_root apt-get -y upgrade && in_root apt-get clean; } >"$root.log" 2>&1 ||
  { tail -n 30 "$root.log" >&2; exit 1; }
umount "$root/proc"

# What a build leaves that an image must not carry: package lists, logs, the host's name and resolver.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/log/* "$root"/tmp/* "$root"/var/tmp/* \
  "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/*
find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
: >"$root/etc/resolv.conf"
: >"$root/etc/machine-id"
echo localhost >"$root/etc/hostname"

quiet=() && [ "$engine" = podman ] && quiet=(--quiet)
tar --numeric-owner --xattrs -C "$root" -c . |
  "$engine" import "${quiet[@]}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --message "debootstrap --variant=minbase --include=ca-certificates $suite" \
    - "$image" >/dev/null
echo "made $image: $("$engine" image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1 / 1e6}')"
