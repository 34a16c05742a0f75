#!/usr/bin/env bash
# `make reference`: the figures of the human-made reference music that the
# engine's per-family tests compare songs with (issue 18,
# docs/reference-music.md). Installs Debian's wesnoth-1.16-music (calm:
# orchestral, choral, folk; 153 MB download) and supertuxkart-data (beat:
# electronic, pop, rock, Latin, Celtic; 628 MB download, 705 MB installed)
# when missing, measures 19 tracks per family and writes the numbers (no
# audio) to internal/mixmeter/testdata/reference.json. With STUDY_ESSENTIA=DIR
# (npm essentia.js@0.1.3 in DIR/node_modules, an AGPL outside program) it
# also measures each track's beat confidence and tempo drift, as the study
# does (make study). Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
calm=/usr/share/games/wesnoth/1.16/data/core/music
beat=/usr/share/games/supertuxkart/data/music
if [ ! -d "$calm" ] || [ ! -d "$beat" ]; then
  as_root=""
  [ "$(id -u)" -eq 0 ] || as_root=sudo
  $as_root apt-get update
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y --no-install-recommends wesnoth-1.16-music supertuxkart-data
fi
command -v ffmpeg >/dev/null || bash scripts/tools.sh
# 19 tracks per family, evenly spaced in name order among those at least
# 60 s long (no victory/defeat stingers), without SuperTuxKart's faster
# last-lap copies (*_fast.ogg, farm_f.ogg).
go run ./scripts/refmeasure -n 19 -min 60 -exclude '_(fast|f)\.ogg$' \
  -method "first 120 s, ffmpeg-decoded to 44.1 kHz float stereo; lufs, lra, true_peak: ffmpeg ebur128=peak=true; plr = true_peak - lufs; crest: sample peak over RMS, both channels; correlation: Pearson L/R; side_mid: 20 log10 rms(S)/rms(M); bands: Welch power spectrum (8192 points, Hann, half overlap) of (L+R)/2 summed per octave (centre/sqrt2..centre*sqrt2) in dB re total; centroid: power-weighted mean frequency of that spectrum; flatness: mean over its frames of 10 log10(geometric / arithmetic mean power) 44 Hz-16 kHz; corr_*: Pearson L/R of the bands under 150 Hz, 150 Hz-1 kHz, 1-4 kHz, over 4 kHz (fourth-order Butterworth high- and low-passes); 19 files per family evenly spaced in name order among files >= 60 s, no *_fast/_f copies; quartiles by linear interpolation; level_range, quiet_depth, repeats: mixmeter's growth measures of the excerpt; rhythm (with STUDY_ESSENTIA): Essentia RhythmExtractor2013 multifeature on 60 s mono from 15 s in, drift = range of 10 s windows' tempi over their median, % (mixmeter.EssentiaRhythm) (make reference, scripts/refmeasure)" \
  -o internal/mixmeter/testdata/reference.json \
  calm="$calm" beat="$beat"
