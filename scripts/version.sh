#!/bin/sh
# Prints the version `make build`, `make install`, `make run` and `make
# release` stamp into songsmith (`songsmith --version`), from the release
# named in cmd/songsmith/VERSION and git (docs/releasing.md):
#   on a commit tagged vX.Y.Z             vX.Y.Z
#   after a release tag                   vX.Y.Z-N-g<commit>   (git describe)
#   no release tag reachable (before the  vX.Y.Z-dev+<commit>  (the release
#   first release, a shallow clone)                             being prepared)
#   outside git                           vX.Y.Z-dev
# with -dirty (or .dirty after +) when the work tree has uncommitted changes.
root=$(cd "$(dirname "$0")/.." && pwd)
release=$(tr -d ' \n' < "$root/cmd/songsmith/VERSION")
if ! git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  echo "$release-dev"
  exit 0
fi
if v=$(git -C "$root" describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
  echo "$v"
  exit 0
fi
dirty=$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | head -c1)
echo "$release-dev+$(git -C "$root" rev-parse --short=7 HEAD)${dirty:+.dirty}"
