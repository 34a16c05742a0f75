#!/usr/bin/env bash
# The webhook receivers of docs/webhooks.md (Python, Node, Go), extracted
# from the page exactly as written and run against real deliveries of a
# local `songsmith serve`: each must answer 400 to a forged delivery and
# verify the signed delivery of a job submitted with its URL. A receiver
# that does not verify fails the run. A missing python3 or node skips its
# receiver, except under CI=true, where it fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
doc="$root/docs/webhooks.md"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "webhooks: $*" >&2; exit 1; }

langs=(go)
for tool in python3 node; do
  if command -v "$tool" >/dev/null 2>&1; then
    langs+=("$tool")
  elif [ "${CI:-}" = true ]; then
    fail "$tool is missing (CI=true): its receiver in docs/webhooks.md cannot be checked"
  else
    echo "webhooks: $tool missing; its receiver is not checked"
  fi
done

extract() { # extract LANG FILE: the code block between the receiver markers
  sed -n "/<!-- receiver:$1:start -->/,/<!-- receiver:$1:end -->/p" "$doc" | sed '/^```/d;/^<!--/d' >"$2"
  [ -s "$2" ] || fail "docs/webhooks.md has no $1 receiver block"
}
extract python "$work/receiver.py"
extract node "$work/receiver.js"
mkdir -p "$work/gorecv"
extract go "$work/gorecv/main.go"

free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}
wait_port() {
  for _ in $(seq 1 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

(cd "$root" && CGO_ENABLED=0 go build -o "$work/songsmith" ./cmd/songsmith)
(cd "$work/gorecv" && GO111MODULE=on GOFLAGS= go build -o "$work/receiver-go" main.go)

export SONGSMITH_DATA_DIR="$work/data" SONGSMITH_ADDR="127.0.0.1:0" SONGSMITH_SOUNDFONT=off SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true
"$work/songsmith" serve >"$work/serve.out" 2>"$work/serve.err" &
pids+=($!)
for _ in $(seq 1 300); do
  grep -q 'API key:' "$work/serve.out" 2>/dev/null && break
  kill -0 "${pids[0]}" 2>/dev/null || { cat "$work/serve.out" "$work/serve.err"; fail "serve stopped"; }
  sleep 0.2
done
base=$(grep -m1 -o 'listening on http://[0-9.:]*' "$work/serve.out" | sed 's/listening on //')
[ -n "$base" ] || { cat "$work/serve.out"; fail "serve printed no address"; }
"$work/songsmith" keys create webhooks-doc --json >"$work/key.json"
key=$(grep -o '"key": *"[^"]*"' "$work/key.json" | sed 's/.*"\([^"]*\)"$/\1/')
secret=$(grep -o '"webhook_secret": *"[^"]*"' "$work/key.json" | sed 's/.*"\([^"]*\)"$/\1/')
[ -n "$key" ] && [ -n "$secret" ] || { cat "$work/key.json"; fail "keys create gave no key and secret"; }

declare -A port job
for lang in "${langs[@]}"; do
  port[$lang]=$(free_port)
  case $lang in
    python3) cmd=(python3 "$work/receiver.py") ;;
    node) cmd=(node "$work/receiver.js") ;;
    go) cmd=("$work/receiver-go") ;;
  esac
  WEBHOOK_SECRET="$secret" PORT="${port[$lang]}" "${cmd[@]}" >"$work/$lang.out" 2>"$work/$lang.err" &
  pids+=($!)
done
for lang in "${langs[@]}"; do
  wait_port "${port[$lang]}" || { cat "$work/$lang.err"; fail "$lang receiver did not listen"; }
  url="http://127.0.0.1:${port[$lang]}/hooks/songsmith"
  # A forged delivery (right shape, wrong signature) must be refused.
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url" -H 'content-type: application/json' \
    -H 'webhook-id: msg_forged' -H "webhook-timestamp: $(date +%s)" \
    -H 'webhook-signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' -d '{"job_id":"x","status":"completed"}')
  [ "$code" = 400 ] || fail "$lang receiver answered $code to a forged delivery, want 400"
  ack=$(curl -s -X POST "$base/generate" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d "{\"prompt\": \"calm solo piano, 70 bpm\", \"duration_seconds\": 10, \"webhook_url\": \"$url\"}")
  job[$lang]=$(echo "$ack" | grep -o '"job_id": *"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/')
  [ -n "${job[$lang]}" ] || fail "submission for the $lang receiver refused: $ack"
done
for lang in "${langs[@]}"; do
  want="verified msg_${job[$lang]} ${job[$lang]} completed"
  for _ in $(seq 1 900); do
    grep -qx "$want" "$work/$lang.out" && break
    sleep 0.2
  done
  if ! grep -qx "$want" "$work/$lang.out"; then
    echo "--- $lang receiver output"; cat "$work/$lang.out" "$work/$lang.err"
    echo "--- job"; curl -s "$base/jobs/${job[$lang]}" -H "Authorization: Bearer $key"; echo
    grep -i webhook "$work/serve.err" | tail -5
    fail "the $lang receiver of docs/webhooks.md did not verify the delivery of job ${job[$lang]}"
  fi
  grep -q '^rejected$' "$work/$lang.out" || fail "$lang receiver did not report the forged delivery"
  for _ in $(seq 1 50); do # the owner sees the delivery in the job
    job_body=$(curl -s "$base/jobs/${job[$lang]}" -H "Authorization: Bearer $key")
    echo "$job_body" | grep -q '"webhook":{"status":"delivered","attempts":1}' && break
    sleep 0.1
  done
  echo "$job_body" | grep -q '"webhook":{"status":"delivered","attempts":1}' || fail "job ${job[$lang]} does not report its webhook delivered: $job_body"
  echo "webhooks: the $lang receiver verified the delivery of job ${job[$lang]}"
done
echo "webhooks: ok (${langs[*]})"
