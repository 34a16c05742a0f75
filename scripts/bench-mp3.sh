#!/usr/bin/env bash
# bench-mp3.sh — real-time factors of the Songsmith MP3 encoder beside lame
# and shineenc, all at 192 kbit/s CBR on the same 60-s 44.1 kHz stereo WAV.
#
#   scripts/bench-mp3.sh [input.wav]
#
# Without an argument a 60-s test mix (plucked chords + pink noise) is made
# with sox. Each encoder runs RUNS times (default 3); the best time counts.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/mp3enc" ./internal/audio/mp3/cmd/mp3enc

wav=${1:-}
if [[ -z "$wav" ]]; then
	wav="$tmp/in.wav"
	sox -q -n -r 44100 -c 2 -b 16 "$tmp/a.wav" synth 60 pluck C3 pluck E4 pluck G4 tremolo 2 40 vol 0.6
	sox -q -n -r 44100 -c 2 -b 16 "$tmp/b.wav" synth 60 pinknoise vol 0.15
	sox -q -m "$tmp/a.wav" "$tmp/b.wav" "$wav"
fi
secs=$(soxi -D "$wav")

best() { # best wall time of RUNS runs of "$@"
	local b=""
	for _ in $(seq "$RUNS"); do
		local s e
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s.%N)
		b=$(echo "$e $s $b" | awk '{t=$1-$2; if ($3=="" || t<$3) print t; else print $3}')
	done
	echo "$b"
}

t_ours=$(best taskset -c 0 "$tmp/mp3enc" -b 192 "$wav" "$tmp/ours.mp3")
t_lame=$(best taskset -c 0 lame --quiet -b 192 "$wav" "$tmp/lame.mp3")
t_shine=$(best taskset -c 0 shineenc -q -b 192 "$wav" "$tmp/shine.mp3")

printf 'input: %s (%.1f s)\n' "$wav" "$secs"
for e in ours lame shine; do
	v="t_$e"
	awk -v n="$e" -v t="${!v}" -v s="$secs" 'BEGIN { printf "%-6s %7.3f s  %7.1fx realtime\n", n, t, s/t }'
done
