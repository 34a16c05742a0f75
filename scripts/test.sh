#!/usr/bin/env bash
# `make test`: tools, static checks, every Go test with -race (AWS adapters
# against a moto_server started here) and again without, and short fuzzing
# runs (the static checks and fuzzing beside the tests).
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
cleanup() {
  [ -n "$moto_pid" ] && kill "$moto_pid" 2>/dev/null
  # The side job is its own process group (setsid): stop the fuzzers too.
  [ -n "$side_pid" ] && kill -- "-$side_pid" 2>/dev/null
  rm -f "$side_log"
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
# side_done waits for the side job and prints its output; it fails when
# the job did.
side_done() {
  local status=0
  wait "$side_pid" || status=$?
  side_pid=""
  cat "$side_log"
  return "$status"
}

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
#  2. every test, the long ones included, runs once more without -race.
# The engine's heavy audio tests share one render cache inside the test
# binary (internal/engine/cache_test.go): TestStyles renders every style
# once; TestGenresDiffer, TestFamilyMedians and TestBandsInPhase measure
# its renders again.
# docs/testing.md lists what -short skips.
# The AWS adapter tests against moto_server run in the first pass (with
# -short they run when $MOTO_ENDPOINT is set) and skip in the second.
echo "== go test -race -short (every package)"
go test -race -short -count=1 -timeout 30m ./... ./client/...

echo "== go test (every test, the long ones included, without -race)"
# The agreement test asks the outside tools every time here (no answers
# from the cache a measurement run keeps: docs/engine.md#agreement-cache).
MEASURE_AGREEMENT_CACHE=off MOTO_TESTS_DONE=1 go test -count=1 -timeout 45m ./... ./client/...

echo "== README walkthrough against make run"
bash scripts/walkthrough.sh

echo "== docs/webhooks.md receivers (Python, Node, Go) against real deliveries"
bash scripts/webhooks.sh

echo "== waiting for go vet, staticcheck and fuzzing (started beside the tests)"
side_done
echo "== all tests passed"
