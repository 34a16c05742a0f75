#!/usr/bin/env bash
# Starts moto_server on a free loopback port, waits until it answers, and
# prints "PID PORT". Stop it with: kill PID.
set -euo pipefail
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
log=${MOTO_LOG:-/tmp/moto-$port.log}
moto_server -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/moto-api/" 2>/dev/null; then
    echo "$pid $port"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.2
done
echo "moto_server did not start; log: $log" >&2
kill "$pid" 2>/dev/null || true
exit 1
