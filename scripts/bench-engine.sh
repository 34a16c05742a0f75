#!/usr/bin/env bash
# bench-engine.sh measures the music engine on a three-minute song:
#   1. BenchmarkRender3Min on one core (-cpu 1): x_realtime, allocations;
#   2. the peak resident memory of that benchmark process (/usr/bin/time -v)
#      and its peak Go heap (the benchmark's peak_heap_MiB; each song is
#      released for the next render to reuse, as a server worker does);
#   3. the same song with its acoustic parts recorded (played from the
#      SoundFont bank, BenchmarkRenderRecorded3Min), speed and peak RSS;
#   4. as a yardstick, FluidSynth rendering the same score (written as MIDI
#      by WriteMIDI) with the FluidR3 GM SoundFont, timed in the same run.
# Besides wall-clock speed, each line gives its speed on CPU time (user +
# system, /usr/bin/time): on a shared, loaded machine the wall clock mostly
# measures the other processes; CPU time much less so.
# Usage: scripts/bench-engine.sh [benchtime, default 3x]
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHTIME=${1:-3x}
PROMPT="happy pop song with piano and strings, 3 minutes" # = engine_test.BenchPrompt
SEED=1
SF2=/usr/share/sounds/sf2/FluidR3_GM.sf2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu_x SECONDS TIMEFILE: audio seconds per CPU second of a /usr/bin/time -v run.
cpu_x() {
	awk -F: -v s="$1" '/User time|System time/ { gsub(/ /, "", $2); t += $2 } END { if (t > 0) printf "%.1f", s / t; else print "n/a" }' "$2"
}

go test -c -o "$tmp/engine.test" ./internal/engine
go build -o "$tmp/songsmith-engine" ./internal/engine/cmd/songsmith-engine

echo "== Go benchmark (one core)"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -v -o "$tmp/time.txt" "$tmp/engine.test" -test.run '^$' \
		-test.bench '^BenchmarkRender3Min$' -test.cpu 1 -test.benchtime "$BENCHTIME" -test.benchmem | tee "$tmp/bench.txt"
	peak_kib=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time.txt")
else
	"$tmp/engine.test" -test.run '^$' -test.bench '^BenchmarkRender3Min$' -test.cpu 1 \
		-test.benchtime "$BENCHTIME" -test.benchmem | tee "$tmp/bench.txt"
	peak_kib=$(GOMAXPROCS=1 "$tmp/songsmith-engine" -prompt "$PROMPT" -seed "$SEED" | sed -E 's/.*vmhwm_kib=([0-9]+).*/\1/')
fi
engine_x=$(awk '/BenchmarkRender3Min/ { for (i = 1; i < NF; i++) if ($(i+1) == "x_realtime") print $i }' "$tmp/bench.txt")
runs=$(awk '/BenchmarkRender3Min/ { print $2 }' "$tmp/bench.txt")
engine_heap=$(awk '/BenchmarkRender3Min/ { for (i = 1; i < NF; i++) if ($(i+1) == "peak_heap_MiB") printf "%.0f", $i }' "$tmp/bench.txt")

echo "== Go benchmark, recorded parts from the SoundFont bank (one core)"
rec_x="n/a"
rec_kib=0
if [ -f "$SF2" ] && [ -x /usr/bin/time ]; then
	SONGSMITH_SOUNDFONT="$SF2" /usr/bin/time -v -o "$tmp/time-rec.txt" "$tmp/engine.test" -test.run '^$' \
		-test.bench '^BenchmarkRenderRecorded3Min$' -test.cpu 1 -test.benchtime "$BENCHTIME" -test.benchmem | tee "$tmp/bench-rec.txt"
	rec_kib=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time-rec.txt")
	rec_x=$(awk '/BenchmarkRenderRecorded3Min/ { for (i = 1; i < NF; i++) if ($(i+1) == "x_realtime") print $i }' "$tmp/bench-rec.txt")
	rec_runs=$(awk '/BenchmarkRenderRecorded3Min/ { print $2 }' "$tmp/bench-rec.txt")
else
	echo "$SF2 or /usr/bin/time missing: skipping the recorded benchmark" >&2
fi

echo "== FluidSynth yardstick (same score as MIDI)"
info=$("$tmp/songsmith-engine" -prompt "$PROMPT" -seed "$SEED" -mid "$tmp/song.mid" -no-render)
echo "$info"
seconds=$(echo "$info" | sed -E 's/.*seconds=([0-9.]+).*/\1/')
fluid_x="n/a"
fluid_cpu="n/a"
if command -v fluidsynth >/dev/null && [ -f "$SF2" ]; then
	start=$(date +%s.%N)
	/usr/bin/time -v -o "$tmp/time-fluid.txt" fluidsynth -ni -r 44100 -F "$tmp/fluid.wav" "$SF2" "$tmp/song.mid" >/dev/null 2>&1
	end=$(date +%s.%N)
	fluid_x=$(awk -v s="$seconds" -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", s / (b - a) }')
	fluid_cpu=$(cpu_x "$seconds" "$tmp/time-fluid.txt")
else
	echo "fluidsynth or $SF2 missing: skipping the yardstick" >&2
fi

engine_cpu="n/a"
rec_cpu="n/a"
[ -f "$tmp/time.txt" ] && engine_cpu=$(cpu_x "$(awk -v s="$seconds" -v n="${runs:-0}" 'BEGIN { print s * n }')" "$tmp/time.txt")
[ -f "$tmp/time-rec.txt" ] && rec_cpu=$(cpu_x "$(awk -v s="$seconds" -v n="${rec_runs:-0}" 'BEGIN { print s * n }')" "$tmp/time-rec.txt")

echo "== Summary (wall clock; on CPU time, process start, composition and bank load included)"
echo "songsmith engine: ${engine_x} x real time (one core; CPU time ${engine_cpu}x), peak RSS $((peak_kib / 1024)) MiB, peak heap ${engine_heap:-n/a} MiB (goal >= 100x, <= 200 MiB)"
echo "recorded parts:   ${rec_x} x real time (one core; CPU time ${rec_cpu}x), peak RSS $((rec_kib / 1024)) MiB (bank memory-mapped; goal >= 100x)"
echo "fluidsynth GM:    ${fluid_x} x real time (CPU time ${fluid_cpu}x; same ${seconds} s score)"
