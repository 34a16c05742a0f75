#!/usr/bin/env bash
# Installs the outside tools the tests use, with apt-get, when missing.
# moto_server and cfn-lint come preinstalled on our machines; when they are
# missing we try pip, and the tests that need them fail in CI (CI=true).
set -euo pipefail
declare -A pkg=(
  [ffmpeg]=ffmpeg [ffprobe]=ffmpeg [sox]=sox [bpm]=bpm-tools [aubio]=aubio-tools [mpg123]=mpg123
  [ogginfo]=vorbis-tools [oggdec]=vorbis-tools [mp3val]=mp3val [lame]=lame [shineenc]=shineenc [fluidsynth]=fluidsynth
  [chromium]=chromium [fpcalc]=libchromaprint-tools [xmllint]=libxml2-utils [mscore3]=musescore3 [musicxml2ly]=lilypond [lilypond]=lilypond
)
missing=()
for tool in "${!pkg[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${pkg[$tool]}")
done
[ -f /usr/share/sounds/sf2/FluidR3_GM.sf2 ] || missing+=(fluid-soundfont-gm)
if [ ${#missing[@]} -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  echo "tools: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for py in moto_server cfn-lint; do
  if ! command -v "$py" >/dev/null 2>&1; then
    echo "tools: $py not found; trying pip" >&2
    pip install -q "$( [ "$py" = moto_server ] && echo 'moto[server]' || echo cfn-lint )" || true
  fi
done
# The OpenAPI validators (swagger-parser, Redocly), pinned by the lock file.
lint=scripts/openapi-lint
if [ ! -f "$lint/node_modules/@redocly/cli/package.json" ]; then
  if command -v npm >/dev/null 2>&1; then
    echo "tools: installing the OpenAPI validators (npm ci in $lint)"
    (cd "$(dirname "$0")/../$lint" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  else
    echo "tools: npm missing; the OpenAPI validator test fails in CI" >&2
  fi
fi
echo "tools: ok"
