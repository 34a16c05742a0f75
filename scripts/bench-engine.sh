#!/usr/bin/env bash
# bench-engine.sh measures the music engine against FluidSynth on the same
# three-minute score, so that a shared, noisy machine cannot hide a change:
#   1. the engine command (songsmith-engine) renders the benchmark song and
#      writes its WAV; FluidSynth (`fluidsynth -F`) renders the same score,
#      written as MIDI by the engine, with the same SoundFont (FluidR3_GM).
#      The two run interleaved (ours, FluidSynth, ours, FluidSynth, ...),
#      PAIRS pairs (default 7, at least 5), each timed as a whole process on
#      CPU time (user + system: start-up, composition, bank load and WAV
#      writing included). Each pair gives a ratio, FluidSynth's CPU time over
#      ours (2.0 = the engine is twice as fast); the script prints the median
#      ratio, its range, and the load average of the run.
#   2. BenchmarkRender3Min on one core (-cpu 1): x_realtime, allocations,
#      peak Go heap, and the peak RSS of that process (goal <= 200 MiB).
#      Skipped with BENCHTIME=0.
# Usage: scripts/bench-engine.sh [benchtime, default 3x]   (PAIRS=N to change the pairs)
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHTIME=${1:-${BENCHTIME:-3x}}
PAIRS=${PAIRS:-7}
PROMPT="happy pop song with piano and strings, 3 minutes" # = engine_test.BenchPrompt
SEED=1
SF2=/usr/share/sounds/sf2/FluidR3_GM.sf2

if [ "$PAIRS" -lt 5 ]; then
	echo "PAIRS must be at least 5" >&2
	exit 2
fi
for t in /usr/bin/time fluidsynth; do
	command -v "$t" >/dev/null || { echo "$t missing: run scripts/tools.sh" >&2; exit 1; }
done
[ -f "$SF2" ] || { echo "$SF2 missing: run scripts/tools.sh" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/songsmith-engine" ./internal/engine/cmd/songsmith-engine

# cpu SECONDS-FILE: user + system seconds of a `/usr/bin/time -f '%U %S %M'` run.
cpu() { awk 'END { printf "%.3f", $1 + $2 }' "$1"; }
rss() { awk 'END { printf "%d", $3 / 1024 }' "$1"; }

info=$("$tmp/songsmith-engine" -prompt "$PROMPT" -seed "$SEED" -mid "$tmp/song.mid" -no-render 2>/dev/null)
echo "$info"
seconds=$(echo "$info" | sed -E 's/.*seconds=([0-9.]+).*/\1/')

echo "== Interleaved, whole process, CPU time: engine (WAV written) vs fluidsynth -F (same score, $SF2)"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
ratios=()
for i in $(seq 1 "$PAIRS"); do
	/usr/bin/time -f '%U %S %M' -o "$tmp/ours.t" "$tmp/songsmith-engine" -prompt "$PROMPT" -seed "$SEED" \
		-soundfont "$SF2" -wav "$tmp/ours.wav" >/dev/null 2>"$tmp/ours.err" || { cat "$tmp/ours.err" >&2; exit 1; }
	/usr/bin/time -f '%U %S %M' -o "$tmp/fluid.t" fluidsynth -ni -r 44100 -F "$tmp/fluid.wav" "$SF2" "$tmp/song.mid" >/dev/null 2>&1
	o=$(cpu "$tmp/ours.t")
	f=$(cpu "$tmp/fluid.t")
	r=$(awk -v o="$o" -v f="$f" 'BEGIN { printf "%.3f", f / o }')
	ratios+=("$r")
	printf 'pair %d: engine %6.2f s CPU (%5.1fx real time, RSS %d MiB)  fluidsynth %6.2f s CPU (%5.1fx)  ratio %.2f\n' \
		"$i" "$o" "$(awk -v s="$seconds" -v t="$o" 'BEGIN { print s / t }')" "$(rss "$tmp/ours.t")" \
		"$f" "$(awk -v s="$seconds" -v t="$f" 'BEGIN { print s / t }')" "$r"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
summary=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END {
	m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "median %.2fx (range %.2f-%.2fx, %d pairs)", m, v[1], v[NR], NR }')

bench_line=""
if [ "$BENCHTIME" != "0" ]; then
	echo "== BenchmarkRender3Min (one core): speed and peak memory"
	go test -c -o "$tmp/engine.test" ./internal/engine
	/usr/bin/time -v -o "$tmp/time.txt" "$tmp/engine.test" -test.run '^$' \
		-test.bench '^BenchmarkRender3Min$' -test.cpu 1 -test.benchtime "$BENCHTIME" -test.benchmem | tee "$tmp/bench.txt"
	peak_kib=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time.txt")
	engine_x=$(awk '/BenchmarkRender3Min/ { for (i = 1; i < NF; i++) if ($(i+1) == "x_realtime") print $i }' "$tmp/bench.txt")
	engine_heap=$(awk '/BenchmarkRender3Min/ { for (i = 1; i < NF; i++) if ($(i+1) == "peak_heap_MiB") printf "%.0f", $i }' "$tmp/bench.txt")
	bench_line="BenchmarkRender3Min: ${engine_x} x real time (one core), peak RSS $((peak_kib / 1024)) MiB, peak heap ${engine_heap} MiB (goal <= 200 MiB)"
fi

echo "== Summary"
echo "engine vs FluidSynth, whole-process CPU time: $summary (goal >= 1.5x)"
echo "load average: $load_before before, $load_after after ($(nproc) cores)"
[ -n "$bench_line" ] && echo "$bench_line"
exit 0
