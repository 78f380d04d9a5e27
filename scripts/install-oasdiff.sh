#!/usr/bin/env bash
# Installs oasdiff (github.com/oasdiff/oasdiff) into a folder with `go install`, from the Go
# module proxy, for `make contract-diff`: scripts/install-oasdiff.sh <version> <folder>.
# oasdiff 1.36 needs Go 1.26. The go command (1.21 or later) fetches that toolchain from
# the module proxy itself when it is older (GOTOOLCHAIN=auto). Without Go, Debian's
# golang-go (1.19, too old for that) is installed and fetches Go $BOOTSTRAP_GO as a module
# into .tools/. The module and build caches stay in the user's Go folders, so a second
# install (a fresh clone in CI) takes seconds.
set -euo pipefail
version=$1 folder=$2
BOOTSTRAP_GO=1.26.8
tools=$(cd "$(dirname "$0")/.." && pwd)/.tools

go=$(command -v go || true)
if [ -z "$go" ] && [ -x /usr/local/go/bin/go ]; then go=/usr/local/go/bin/go; fi
if [ -z "$go" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "make contract-diff needs Go (1.21 or later) to install oasdiff: https://go.dev/doc/install" >&2
    exit 1
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends golang-go ca-certificates >/dev/null
  go=$(command -v go)
fi

# Go before 1.21 cannot switch toolchains: fetch one with it, as the module golang.org/toolchain.
if [ "$("$go" env GOVERSION | sed -E 's/^go1\.([0-9]+).*/\1/')" -lt 21 ]; then
  goroot=$tools/go-$BOOTSTRAP_GO && mkdir -p "$tools"
  if [ ! -x "$goroot/bin/go" ]; then
    module=golang.org/toolchain@v0.0.1-go$BOOTSTRAP_GO.$("$go" env GOOS)-$("$go" env GOARCH)
    cache=$(mktemp -d)
    GOMODCACHE=$cache GOFLAGS=-modcacherw "$go" mod download "$module"
    rm -rf "$goroot.part" && cp -r "$cache/$module" "$goroot.part" && chmod -R u+w,a+rX "$goroot.part"
    chmod +x "$goroot.part"/bin/* "$goroot.part"/pkg/tool/*/*
    rm -rf "$cache" && mv "$goroot.part" "$goroot"
  fi
  go=$goroot/bin/go
fi

rm -rf "$folder.part"
GOTOOLCHAIN=auto GOBIN="$folder.part" GOFLAGS=-buildvcs=false "$go" install "github.com/oasdiff/oasdiff@v$version"
rm -rf "$folder" && mv "$folder.part" "$folder"
"$folder/oasdiff" --version >/dev/null
