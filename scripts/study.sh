#!/usr/bin/env bash
# `make study`: the study of issue 32 (docs/reference-music.md, "The
# study"). Renders scripts/study/prompts.txt (41 user prompts across every
# family of the catalogue) at seeds 1 and 2, 45 s each, with the current
# engine, on every core at low priority; measures each song as the
# references are measured and prints per reference family the songs'
# median [IQR] beside the references' (internal/mixmeter/testdata/reference.json),
# each figure inside or OUTSIDE. With STUDY_ESSENTIA=DIR (npm
# essentia.js@0.1.3 in DIR/node_modules, installed there when missing:
# AGPL-3.0, run as an outside program, never linked) it adds Essentia's beat
# confidence and tempo drift. Songs and rows (study.tsv) go to STUDY_DIR
# (default /tmp/songsmith-study). Arguments go to scripts/study: for
# example `-compare before.tsv` or `-match piano`. Not part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || bash scripts/tools.sh
if [ -n "${STUDY_ESSENTIA:-}" ]; then
  command -v node >/dev/null || { echo "study: STUDY_ESSENTIA needs node (and npm)" >&2; exit 1; }
  [ -d "$STUDY_ESSENTIA/node_modules/essentia.js" ] || npm install --prefix "$STUDY_ESSENTIA" essentia.js@0.1.3
  STUDY_ESSENTIA="$(realpath "$STUDY_ESSENTIA")"
  export STUDY_ESSENTIA
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/study" ./scripts/study
nice -n 10 "$tmp/study" -j "$(nproc)" -dir "${STUDY_DIR:-/tmp/songsmith-study}" "$@"
