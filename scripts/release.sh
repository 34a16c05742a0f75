#!/usr/bin/env bash
# release.sh DIST VERSION OS/ARCH...: the songsmith binaries of a release,
# cross-compiled in pure Go (CGO_ENABLED=0, -trimpath, stripped), named
# songsmith_<version>_<os>_<arch>[.exe], and DIST/SHA256SUMS over them (the
# format `sha256sum -c SHA256SUMS` checks). docs/releasing.md.
set -euo pipefail
dist=$1 version=$2
shift 2
go=${GO:-go}
mkdir -p "$dist"
rm -f "$dist"/songsmith_* "$dist/SHA256SUMS"
for target in "$@"; do
  os=${target%/*} arch=${target#*/}
  ext=""
  [ "$os" = windows ] && ext=.exe
  name="songsmith_${version}_${os}_${arch}${ext}"
  start=$(date +%s)
  printf 'songsmith release: building %s...\n' "$name" >&2
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch "$go" build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X main.version=$version" -o "$dist/$name" ./cmd/songsmith
  printf 'songsmith release: %s in %d s\n' "$name" $(( $(date +%s) - start )) >&2
done
cd "$dist"
if command -v sha256sum >/dev/null; then
  sha256sum songsmith_* > SHA256SUMS
else
  shasum -a 256 songsmith_* > SHA256SUMS # macOS
fi
cat SHA256SUMS
