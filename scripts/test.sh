#!/usr/bin/env bash
# `make test`: tools, static checks, every Go test with -race (AWS adapters
# against a moto_server started here) and again without, and short fuzzing
# runs (the static checks, fuzzing and the pass without -race beside the
# race pass).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/tools.sh

# The repository is a workspace (go.work) of two modules: the service (.)
# and the SDK (./client). ./... stops at a module boundary, so every go
# command below names both.
echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt needed: $unformatted"; exit 1; fi

# go vet, staticcheck and the short fuzzing runs need no outside service,
# and the cores are often idle while the race pass waits on servers,
# moto_server and timers: they run beside the tests, their output kept in a
# log that is printed (and checked) after the tests. make lint runs the
# static checks alone.
# Fuzzing uses count-based budgets: a wall-clock -fuzztime races Go's fuzz
# coordinator and can fail with a bare "context deadline exceeded" and no
# crasher on Go 1.26 (golang/go#75804, fixed in Go 1.27). Minimisation is
# bounded the same way. One worker each (-parallel 1): the same number of
# inputs, fewer cores taken from the tests.
side_log=$(mktemp)
side_pid=""
long_log=$(mktemp)
long_pid=""
cleanup() {
  # Each kill may find its process gone (a job that ended): || true, or
  # set -e would end the trap before the next kill.
  if [ -n "$moto_pid" ]; then kill "$moto_pid" 2>/dev/null || true; fi
  # The side job and the long pass are process groups of their own
  # (setsid): stop the fuzzers and the test binaries too.
  if [ -n "$side_pid" ]; then kill -- "-$side_pid" 2>/dev/null || true; fi
  if [ -n "$long_pid" ]; then kill -- "-$long_pid" 2>/dev/null || true; fi
  rm -f "$side_log" "$long_log"
  return 0
}
moto_pid=""
trap cleanup EXIT
setsid bash -c '
  set -euo pipefail
  echo "== go vet, staticcheck"
  go vet ./... ./client/...
  go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... ./client/...
  echo "== fuzz (short)"
  go test -run "^\$" -parallel 1 -fuzz "^FuzzDecodeSubmit\$" -fuzztime 50000x -fuzzminimizetime 200x ./internal/httpapi/
  go test -run "^\$" -parallel 1 -fuzz "^FuzzEncode\$" -fuzztime 5000x -fuzzminimizetime 20x ./internal/audio/mp3/
  go test -run "^\$" -parallel 1 -fuzz "^FuzzSubmitOptions\$" -fuzztime 20000x -fuzzminimizetime 200x ./internal/httpapi/
  go test -run "^\$" -parallel 1 -fuzz "^FuzzRecipe\$" -fuzztime 20000x -fuzzminimizetime 200x ./internal/recipe/
  go test -run "^\$" -parallel 1 -fuzz "^FuzzParseABC\$" -fuzztime 20000x -fuzzminimizetime 200x ./internal/tune/
  go test -run "^\$" -parallel 1 -fuzz "^FuzzParseMIDI\$" -fuzztime 20000x -fuzzminimizetime 200x ./internal/tune/
' >"$side_log" 2>&1 &
side_pid=$!
# job_done PID LOG waits for a job started in the background (the side
# job, the long pass), prints its log and fails when the job did.
job_done() {
  local status=0
  wait "$1" || status=$?
  cat "$2"
  return "$status"
}

# The long pass (every test without -race, the long ones included) starts
# first and runs beside everything else: its engine package is make test's
# critical path (about 6 minutes of renders and measures), while the race
# pass waits on moto_server, servers and timers and the walkthrough and
# the webhook receivers on their servers, leaving a core idle that the
# long pass fills. Its output is kept in a log, printed (and checked) after
# the race pass and the scripts. Its packages start in the order listed,
# the longest first (the rest of ./... fills in behind them), so the
# longest does not start last.
# The agreement test asks the outside tools every time here (no answers
# from the cache a measurement run keeps: docs/engine.md#agreement-cache).
# The AWS adapter tests ran in the race pass (MOTO_TESTS_DONE=1); the long
# one against moto_server starts its own (no MOTO_ENDPOINT: the race
# pass's server stays its own).
long_first="./internal/engine/ ./internal/app/ ./cmd/songsmith/ ./internal/studio/ ./internal/synth/ ./internal/music/ ./internal/lambdatest/"
setsid env -u MOTO_ENDPOINT MEASURE_AGREEMENT_CACHE=off MOTO_TESTS_DONE=1 \
  go test -count=1 -timeout 45m $long_first ./... ./client/... >"$long_log" 2>&1 &
long_pid=$!
echo "== moto_server"
if command -v moto_server >/dev/null 2>&1; then
  read -r moto_pid moto_port < <(bash scripts/moto.sh)
  export MOTO_ENDPOINT="http://127.0.0.1:$moto_port"
  echo "moto_server on $MOTO_ENDPOINT"
else
  echo "moto_server missing: AWS tests will start their own or fail in CI"
fi

# Two passes over every package. The race detector slows DSP about 8x and
# finds nothing in single-threaded signal code, so:
#  1. every test that is not long runs with -race (-short: the corpus,
#     measurement, outside-decoder and browser tests skip themselves, and
#     so do the single-threaded DSP, compose and encoder tests that call
#     testutil.SkipRaceShort: the second pass runs them);
#  2. every test, the long ones included, runs once more without -race
#     (started above, beside this pass).
# The engine's heavy audio tests share one render cache inside the test
# binary (internal/engine/cache_test.go): TestStyles renders every style
# once; TestGenresDiffer, TestFamilyMedians and TestBandsInPhase measure
# its renders again.
# docs/testing.md lists what -short skips.
# The AWS adapter tests against moto_server run in the first pass (with
# -short they run when $MOTO_ENDPOINT is set) and skip in the second.
# internal/app first: the longest package of this pass (its servers,
# moto_server and timers).
echo "== go test -race -short (every package)"
go test -race -short -count=1 -timeout 30m ./internal/app/ ./... ./client/...

echo "== README walkthrough against make run"
bash scripts/walkthrough.sh

echo "== docs/webhooks.md receivers (Python, Node, Go) against real deliveries"
bash scripts/webhooks.sh

echo "== go test (every test, the long ones included, without -race; started beside the race pass)"
job_done "$long_pid" "$long_log"
long_pid=""

echo "== waiting for go vet, staticcheck and fuzzing (started beside the tests)"
job_done "$side_pid" "$side_log"
side_pid=""
echo "== all tests passed"
