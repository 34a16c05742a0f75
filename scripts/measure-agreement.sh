#!/usr/bin/env bash
# Measures how the measured block of results agrees with outside tools
# (issue 30 item 4): every style of the catalogue at seeds 1 and 2, 30 s
# each, rendered by the engine and measured by its analysis, against aubio
# (tempo), bpm-tools (tempo) and ffmpeg's ebur128 (loudness, true peak).
# Writes a table (one song a line) to the file named by $1 (default
# agreement.tsv) and prints the agreement percentages. With MEASURE_ESSENTIA
# set to a directory holding node_modules/essentia.js (npm install --prefix
# DIR essentia.js@0.1.3; AGPL-3.0, an outside tool only) it also compares
# the key with Essentia's (scripts/essentia-key.js), in the same run.
# MEASURE_AGREEMENT_STYLES ("lo-fi,soul") limits the run to those styles;
# MEASURE_AGREEMENT_WAVS=DIR keeps the rendered WAVs there.
# MEASURE_AGREEMENT=prompts measures the tempo prompts of
# internal/studio/agreement_test.go instead (prompts as users write them:
# ballads, drones, half-time beats; seeds 1 and 2, 45 s each;
# MEASURE_AGREEMENT_PROMPTS="p1;p2" names others) and prints, per song, the
# written tempo and what aubio and bpm-tools hear ("A", "B": the tool hears
# it, or its double or half).
#
# The outside tools' answers are cached in MEASURE_AGREEMENT_CACHE (default
# $XDG_CACHE_HOME/songsmith-agreement, else ~/.cache/songsmith-agreement;
# "off" turns it off), keyed by the SHA-256 of each WAV's exact bytes and
# the tool's command line and build: a run renders and measures every song
# with the engine (the block is always measured again) and pays the tools
# only for songs whose audio changed. A cold run is about 20 minutes on a
# quiet core (4 s of render and 6 s of tools a song); a warm one on
# unchanged audio about 8. It runs at low priority. The full run:
#   MEASURE_ESSENTIA=/tmp/essentia MEASURE_AGREEMENT_CACHE=/tmp/songsmith-agreement \
#     bash scripts/measure-agreement.sh agreement.tsv
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-agreement.tsv}")"
bash scripts/tools.sh
sample="${MEASURE_AGREEMENT:-corpus}"
MEASURE_AGREEMENT="$sample" MEASURE_AGREEMENT_OUT="$out" \
  nice -n 10 go test -count=1 -timeout 120m -v -run '^TestMeasuredAgreesWithOutsideTools$' ./internal/studio/ |
  grep -E 'songs: |outside tools: |: written |FAIL|ok ' || true
echo "table: $out"
