#!/usr/bin/env bash
# arm64 identity of recipes (issue 20 item 5): the Lambdas run on arm64,
# where Go may fuse x*y+z into one FMA instruction (amd64 never does), so
# a recipe could render other samples there. This script cross-builds
# songsmith-engine for arm64 with the Lambda build's compiler flags
# (LAMBDA_GCFLAGS of Makefile.aws: no FMA fusion), renders recipes natively
# (amd64) and under Debian's qemu-user (qemu-aarch64), and compares the
# WAVs' SHA-256. Not part of `make test` (qemu is slow, about 25 s per
# 20 s song); see docs/engine.md, "arm64".
#
#   scripts/arm64-identity.sh            # a synthesized song and one with the bank
#   SECONDS_LONG=30 scripts/arm64-identity.sh
#   ARM64_FMA=1 scripts/arm64-identity.sh   # without the flag: shows the difference
#
# Exit status: 0 when every hash matches, 1 when one differs, 2 when
# qemu-user cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
len=${SECONDS_LONG:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v qemu-aarch64 >/dev/null 2>&1; then
  echo "arm64-identity: installing qemu-user (apt-get)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo apt-get install -y -q qemu-user >/dev/null 2>&1 || { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q qemu-user >/dev/null 2>&1; }; }; then
    echo "arm64-identity: apt-get could not install qemu-user; cannot run arm64 binaries here" >&2
    exit 2
  fi
fi

# The Lambda build's flags, read from Makefile.aws so the two cannot drift.
gcflags=$(sed -n 's/^LAMBDA_GCFLAGS = //p' Makefile.aws)
if [ -z "$gcflags" ]; then
  echo "arm64-identity: Makefile.aws has no LAMBDA_GCFLAGS" >&2
  exit 1
fi
[ "${ARM64_FMA:-}" = 1 ] && gcflags="" && echo "arm64-identity: ARM64_FMA=1: arm64 built WITH fused multiply-add"
build() { # build GOARCH OUT
  CGO_ENABLED=0 GOOS=linux GOARCH="$1" go build -trimpath -buildvcs=false $gcflags -o "$2" ./internal/engine/cmd/songsmith-engine
}
build amd64 "$work/engine-amd64"
build arm64 "$work/engine-arm64"
fused=$(go tool objdump "$work/engine-arm64" 2>/dev/null | awk '/^TEXT /{fn=$2} /\tF(N)?M(ADD|SUB)[SD] / && fn ~ /songsmith/ {n++} END{print n+0}')
echo "arm64-identity: multiply-add instructions in songsmith code of the arm64 binary: $fused (explicit math.FMA calls, exact on every architecture, are the only ones wanted)"
file "$work/engine-arm64" 2>/dev/null | grep -q aarch64 || echo "arm64-identity: note: 'file' does not confirm an aarch64 binary"

bank=/usr/share/sounds/sf2/FluidR3_GM.sf2
cases=("synth|happy pop song, $len seconds|7|off")
if [ -f "$bank" ]; then
  cases+=("bank|acoustic folk with piano and strings, $len seconds|3|$bank")
else
  echo "arm64-identity: no bank at $bank: only the synthesized song"
fi

status=0
for c in "${cases[@]}"; do
  IFS='|' read -r name prompt seed sf <<<"$c"
  # amd64: the prompt's song and its recipe.
  "$work/engine-amd64" -prompt "$prompt" -seed "$seed" -soundfont "$sf" -wav "$work/$name-amd64.wav" -write-recipe "$work/$name.json" >/dev/null
  # amd64 from the recipe, then arm64 (qemu) from the recipe and from the prompt.
  "$work/engine-amd64" -recipe "$work/$name.json" -soundfont "$sf" -wav "$work/$name-amd64-recipe.wav" >/dev/null
  t0=$(date +%s)
  qemu-aarch64 "$work/engine-arm64" -recipe "$work/$name.json" -soundfont "$sf" -wav "$work/$name-arm64-recipe.wav" >/dev/null
  qemu-aarch64 "$work/engine-arm64" -prompt "$prompt" -seed "$seed" -soundfont "$sf" -wav "$work/$name-arm64.wav" >/dev/null
  t1=$(date +%s)
  a=$(sha256sum <"$work/$name-amd64.wav" | cut -c1-64)
  ar=$(sha256sum <"$work/$name-amd64-recipe.wav" | cut -c1-64)
  b=$(sha256sum <"$work/$name-arm64-recipe.wav" | cut -c1-64)
  bp=$(sha256sum <"$work/$name-arm64.wav" | cut -c1-64)
  echo "$name: amd64 $a"
  echo "$name: amd64 recipe $ar"
  echo "$name: arm64 recipe $b (qemu, $((t1 - t0)) s for two renders)"
  echo "$name: arm64 prompt $bp"
  if [ "$a" = "$ar" ] && [ "$a" = "$b" ] && [ "$a" = "$bp" ]; then
    echo "$name: identical on amd64 and arm64"
  else
    echo "$name: DIFFERENT samples on arm64" >&2
    if command -v cmp >/dev/null; then
      echo "$name: differing bytes (first 5): $(cmp -l "$work/$name-amd64.wav" "$work/$name-arm64-recipe.wav" 2>/dev/null | head -5 | tr '\n' ' ') of $(wc -c <"$work/$name-amd64.wav") ($(cmp -l "$work/$name-amd64.wav" "$work/$name-arm64-recipe.wav" 2>/dev/null | wc -l) differ)" >&2
    fi
    status=1
  fi
done
exit $status
