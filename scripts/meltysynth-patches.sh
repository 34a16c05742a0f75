#!/usr/bin/env bash
# Regenerate third_party/meltysynth/patches from the tree: one patch per
# changed or added file of the patched package against the upstream version
# that go.mod pins (`make meltysynth-patches`). Run it after changing the
# copy; third_party/meltysynth/fork_test.go checks that upstream plus the
# series gives the tree back. To move to a new upstream version: bump the
# require in go.mod (go get github.com/sinshu/go-meltysynth@<version>), run
# `go test ./third_party/meltysynth/` to see which patches no longer apply,
# fix those files in the tree, then run this script.
set -euo pipefail
cd "$(dirname "$0")/.."
mod=github.com/sinshu/go-meltysynth
ver=$(go list -m -f '{{.Version}}' "$mod")
up=$(go mod download -json "$mod@$ver" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
dir=third_party/meltysynth
out=$dir/patches
rm -f "$out"/*.patch
: > "$out/series"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a/meltysynth" "$tmp/b/meltysynth"
n=0
for f in $(cd "$dir/meltysynth" && ls) ; do
  if [ -f "$up/meltysynth/$f" ] && cmp -s "$up/meltysynth/$f" "$dir/meltysynth/$f"; then continue; fi
  n=$((n+1))
  name=$(printf '%04d-%s.patch' "$n" "${f%.go}")
  rm -f "$tmp"/a/meltysynth/* "$tmp"/b/meltysynth/*
  [ -f "$up/meltysynth/$f" ] && cp "$up/meltysynth/$f" "$tmp/a/meltysynth/$f"
  cp "$dir/meltysynth/$f" "$tmp/b/meltysynth/$f"
  # git diff --no-index writes a/ and b/ prefixed paths that `git apply` reads.
  (cd "$tmp" && git diff --no-index --no-color --full-index a/meltysynth b/meltysynth || true) \
    | sed -e "s#^diff --git a/a/#diff --git a/#" -e "s# b/b/# b/#" -e "s#^--- a/a/#--- a/#" -e "s#^+++ b/b/#+++ b/#" \
    > "$out/$name"
  echo "$name" >> "$out/series"
done
# Upstream files the copy leaves out (tests that need SoundFonts and tables
# the repository does not ship).
(cd "$up/meltysynth" && for f in *; do [ -e "$OLDPWD/$dir/meltysynth/$f" ] || echo "$f"; done) > "$out/omit"
echo "$n patches against $mod@$ver in $out"
