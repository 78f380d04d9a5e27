#!/usr/bin/env bash
# deploy/podman-host.sh, as root: makes this machine able to build and run the image with podman
# (make image and test/image/ call it; .ci/run installs the same packages up front).
#  - podman, runc and debootstrap from Debian's packages, when missing, and the CNI dnsname plugin
#    (golang-github-containernetworking-plugin-dnsname): without it containers of a compose network
#    cannot find each other by name (the service restarted in a loop on ENOTFOUND pgbouncer);
#  - /etc/containers/containers.conf with runc, the cgroupfs cgroup manager (no systemd here)
#    and no default ulimits (podman's defaults raise nofile past what this machine's sandbox allows).
# Idempotent: with everything in place it changes nothing. A containers.conf that sets other
# values is kept as containers.conf.orig and replaced.
set -euo pipefail

if [ "$(id -u)" != 0 ]; then
  echo "deploy/podman-host.sh must run as root (it installs packages and writes /etc/containers/containers.conf)" >&2
  exit 1
fi

missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || [ -x /usr/sbin/runc ] || missing+=(runc)
command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
# podman 4.3 on CNI adds dnsname to every network it creates once the plugin is there (not to the default one).
[ -x /usr/lib/cni/dnsname ] || missing+=(golang-github-containernetworking-plugin-dnsname)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" ca-certificates >/dev/null
fi

conf=/etc/containers/containers.conf
wanted='# Written by deploy/podman-host.sh: runc, cgroupfs (no systemd), no default ulimits.
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"'

set_as_wanted() {
  grep -Eq '^[[:space:]]*runtime[[:space:]]*=[[:space:]]*"runc"' "$conf" &&
    grep -Eq '^[[:space:]]*cgroup_manager[[:space:]]*=[[:space:]]*"cgroupfs"' "$conf" &&
    grep -Eq '^[[:space:]]*default_ulimits[[:space:]]*=[[:space:]]*\[[[:space:]]*\]' "$conf"
}

if [ ! -f "$conf" ]; then
  mkdir -p /etc/containers
  printf '%s\n' "$wanted" >"$conf"
  echo "wrote $conf (runc, cgroupfs, no default ulimits)"
elif ! set_as_wanted; then
  cp "$conf" "$conf.orig"
  printf '%s\n' "$wanted" >"$conf"
  echo "replaced $conf (runc, cgroupfs, no default ulimits); the previous one is $conf.orig"
fi
