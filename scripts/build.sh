#!/usr/bin/env bash
# build.sh OUT VERSION: builds the songsmith command into OUT with the one
# set of flags `make build`, `make install` and `make run` share (so they
# share Go's build cache and compile once), saying what it does: fetching
# modules, compiling (a count of the packages compiled so far), linking.
set -euo pipefail
out=$1 version=$2
go=${GO:-go}
export CGO_ENABLED=0
start=$(date +%s)
say() { printf 'songsmith build: %s\n' "$*" >&2; }
# Phase 1: the modules the command needs (go list downloads missing ones
# and prints a "go: downloading" line for each).
say "checking modules (the first build downloads them)..."
total=$("$go" list -deps ./cmd/songsmith | grep -c . || true)
# Phase 2: compile. go build -v names each package as it compiles one (none
# when the build cache has it already).
say "compiling $version: $total packages with the standard library (the build cache skips those compiled before)..."
tty=false
[ -t 2 ] && tty=true
n=0
set +e
"$go" build -v -trimpath -ldflags "-X main.version=$version" -o "$out" ./cmd/songsmith 2>&1 | while IFS= read -r line; do
  case $line in
    *" "*|*:*) printf '%s\n' "$line" >&2; continue ;; # errors and warnings as they are
  esac
  n=$((n + 1))
  if $tty; then
    printf '\r\033[Kcompiled %d of at most %d: %s' "$n" "$total" "$line" >&2
  elif [ $((n % 50)) -eq 1 ]; then
    say "compiled $n of at most $total packages ($line)"
  fi
done
status=${PIPESTATUS[0]}
set -e
$tty && printf '\r\033[K' >&2
[ "$status" -eq 0 ] || exit "$status"
say "built $out ($version) in $(( $(date +%s) - start )) s"
