#!/usr/bin/env bash
# Compare SoundFont banks on the same notes and the same scores (issue 18
# item 7; docs/engine.md, "Choosing the bank"). Not part of `make test`.
#
#   bash scripts/bankcompare.sh [OUT]     (default OUT: /tmp/bankcompare)
#
# Banks: FluidR3_GM (Debian fluid-soundfont-gm, today's bank) and MuseScore
# General (Debian musescore-general-soundfont, SF3), installed when missing.
# Prints per bank: load time, per-instrument figures (scripts/bankcompare),
# the calm and beat families' medians of every style's 40 s song at seed 1
# against the human-made references (scripts/refmeasure -compare
# internal/mixmeter/testdata/reference.json), and peak RSS and CPU time of
# one 3-minute song per bank in its own process (/usr/bin/time -v on
# songsmith-engine, GOMAXPROCS=1). About 10 minutes on 2 shared cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/bankcompare}
fluid=/usr/share/sounds/sf2/FluidR3_GM.sf2
muse=/usr/share/sounds/sf3/MuseScore_General_Full.sf3
if [ ! -f "$fluid" ] || [ ! -f "$muse" ]; then
  as_root=""
  [ "$(id -u)" -eq 0 ] || as_root=sudo
  $as_root apt-get update
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y --no-install-recommends fluid-soundfont-gm musescore-general-soundfont
fi
command -v ffmpeg >/dev/null || bash scripts/tools.sh
rm -rf "$out" && mkdir -p "$out"
banks=(fluid="$fluid" musescore="$muse")

echo "# Instruments (one note, velocity 100) and songs"
go run ./scripts/bankcompare -songs "$out/songs" -seconds 40 "${banks[@]}"

for b in fluid musescore; do
  echo
  echo "# Families, $b (every style, 40 s, seed 1) against the references"
  go run ./scripts/refmeasure -compare internal/mixmeter/testdata/reference.json \
    calm="$out/songs/$b/calm" beat="$out/songs/$b/beat" | sed -n '/median/,$p'
done

echo
echo "# One 3-minute song per bank in its own process (GOMAXPROCS=1)"
go build -o "$out/songsmith-engine" ./internal/engine/cmd/songsmith-engine
for prompt in "happy pop song with piano and strings, 3 minutes" "calm orchestral piece with piano, strings and harp, 3 minutes"; do
  for b in "${banks[@]}"; do
    name=${b%%=*} path=${b#*=}
    GOMAXPROCS=1 /usr/bin/time -v "$out/songsmith-engine" -soundfont "$path" -prompt "$prompt" -seed 1 \
      -wav "$out/$name.wav" >"$out/run.log" 2>"$out/time.log"
    rss=$(awk '/Maximum resident set size/ {print $NF}' "$out/time.log")
    cpu=$(awk '/User time/ {u=$NF} /System time/ {s=$NF} END {print u+s}' "$out/time.log")
    echo "$name | $prompt | peak RSS $((rss / 1024)) MiB | CPU $cpu s | $(tail -1 "$out/run.log")"
  done
done
