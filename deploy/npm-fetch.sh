#!/bin/sh
# deploy/npm-fetch.sh <registry> <package> <version> <folder>: unpacks one npm package into
# <folder>, with no npm and no Node.js yet (the image's build stage runs it to get both).
# Checks the tarball's sha512 against the registry's `dist.integrity`, as `npm pack` does for
# the Makefile's copy of Node.js. Needs curl, sha512sum, base64, od and tar.
set -eu
registry=${1%/} package=$2 version=$3 folder=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

curl -fsSL --retry 3 "$registry/$package/$version" -o "$work/manifest.json"
# The manifest's dist: {"integrity": "sha512-<base64>", "tarball": "<url>"}
integrity=$(grep -o '"integrity": *"sha512-[^"]*"' "$work/manifest.json" | head -n 1 | sed 's/.*"sha512-\([^"]*\)"/\1/')
tarball=$(grep -o '"tarball": *"[^"]*"' "$work/manifest.json" | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
if [ -z "$integrity" ] || [ -z "$tarball" ]; then
  echo "npm-fetch: no dist.integrity or dist.tarball for $package@$version at $registry" >&2
  exit 1
fi
curl -fsSL --retry 3 "$tarball" -o "$work/package.tgz"
expected=$(printf '%s' "$integrity" | base64 -d | od -An -v -tx1 | tr -d ' \n')
actual=$(sha512sum "$work/package.tgz" | cut -d ' ' -f 1)
if [ "$expected" != "$actual" ]; then
  echo "npm-fetch: $package@$version: the tarball's sha512 is not the registry's dist.integrity" >&2
  exit 1
fi
mkdir -p "$folder"
tar xzf "$work/package.tgz" --strip-components=1 --no-same-owner -C "$folder"
echo "npm-fetch: $package@$version into $folder (sha512 checked)"
