#!/usr/bin/env bash
# A newcomer's run, automated: `make run` on a fresh data directory, then
# the README's walkthrough commands exactly as written (the block between
# the walkthrough markers), then checks that the downloaded song is audio
# whose decoded length is the job's duration and the cover is a JPEG.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
export SONGSMITH_DATA_DIR="$work/data" SONGSMITH_ADDR="127.0.0.1:$port"
cleanup() { kill -- "-$pid" 2>/dev/null || true; rm -rf "$work"; }
setsid make -C "$root" run >"$work/run.out" 2>"$work/run.err" &
pid=$!
trap cleanup EXIT
# make run compiles first (up to 5 minutes: make test runs this beside its
# pass without -race, which compiles and renders on every core).
for _ in $(seq 1 1500); do
  grep -q 'API key:' "$work/run.out" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/run.out" "$work/run.err"; exit 1; }
  sleep 0.2
done
# `make run` prints an export line; take it as a newcomer would paste it.
eval "$(grep -m1 -E '^ *export SONGSMITH_URL=' "$work/run.out")"
[ -n "${SONGSMITH_API_KEY:-}" ] || { echo "make run printed no key"; cat "$work/run.out"; exit 1; }
sed -n '/<!-- walkthrough:start -->/,/<!-- walkthrough:end -->/p' "$root/README.md" | sed '/^```/d;/^<!--/d' >"$work/walkthrough.sh"
[ -s "$work/walkthrough.sh" ] || { echo "README has no walkthrough block"; exit 1; }
cd "$work"
timeout 300 bash -euo pipefail walkthrough.sh
# ffprobe's container duration includes the encoder delay it skips; the
# decoded length is what a listener gets and must match the job's duration.
codec=$(ffprobe -v error -select_streams a:0 -show_entries stream=codec_name -of csv=p=0 song.mp3)
bytes=$(ffmpeg -nostats -v error -i song.mp3 -ac 1 -ar 44100 -f s16le - | wc -c)
python3 - "$bytes" job.json <<'PY'
import json, sys
decoded = int(sys.argv[1]) / 2 / 44100
reported = json.load(open(sys.argv[2]))["result"]["duration"]
print(f"walkthrough: song.mp3 decodes to {decoded:.3f} s, the job reports {reported} s")
if abs(decoded - reported) > 0.1:
    sys.exit("walkthrough: decoded length differs from the reported duration by more than 0.1 s")
PY
[ "$codec" = mp3 ] || { echo "song is $codec, want mp3"; exit 1; }
[ "$(head -c 3 cover.jpg | od -An -tx1 | tr -d ' ')" = ffd8ff ] || { echo "cover.jpg is not a JPEG"; exit 1; }
grep -q '"status":"completed"' job.json || { echo "job did not complete"; cat job.json; exit 1; }
echo "walkthrough: ok"
