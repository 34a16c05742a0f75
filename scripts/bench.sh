#!/usr/bin/env bash
# `make bench`: speed and memory of the hot paths, each beside a yardstick
# run in the same session (machines are shared and noisy: compare figures of
# one run with each other, not with figures of another day).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/tools.sh >/dev/null

echo "### Music engine: 3-minute song, composition + synthesis + mastering (vs FluidSynth)"
bash scripts/bench-engine.sh

echo
echo "### The same song with every GM-capable part recorded from FluidR3_GM (one core; goal >= 100x)"
SONGSMITH_SOUNDFONT=/usr/share/sounds/sf2/FluidR3_GM.sf2 go test -run '^$' -bench '^BenchmarkRenderRecorded3Min$' -benchtime 3x -cpu 1 -benchmem ./internal/engine/ | grep -E '^Benchmark'

echo
echo "### The whole job: 3-minute song composed, rendered, mastered, encoded to MP3, with its cover (one core; goal >= 60x)"
go test -run '^$' -bench '^BenchmarkJob3Min$' -benchtime 3x -cpu 1 -benchmem ./internal/studio/ | grep -E '^Benchmark'

echo
echo "### MP3 encoder, 192 kbit/s (vs lame and shineenc)"
bash scripts/bench-mp3.sh

echo
echo "### Synthesis and mastering alone, cover art, HTTP submit path (Go benchmarks, one core)"
go test -run '^$' -bench . -benchtime 3x -cpu 1 -benchmem ./internal/synth/ ./internal/cover/
go test -run '^$' -bench . -cpu 1 -benchmem ./internal/httpapi/

echo
echo "### The render's kernels: the SoundFont player (mono and stereo parts, a kit), the WAV writer, the FFT (one core)"
go test -run '^$' -bench 'Player|Kit' -benchtime 3x -cpu 1 ./internal/soundfont/
go test -run '^$' -bench . -cpu 1 ./internal/audio/wav/ ./internal/audio/fft/

echo
echo "### Covers of every style x 2 seeds: web JPEG and thumbnail sizes, time per cover (one core)"
go test -run '^$' -bench CoverArtEveryStyle -benchtime 1x -cpu 1 -v ./internal/studio/ | grep -E 'covers|thumbnails|per cover|render alone|^Benchmark'
