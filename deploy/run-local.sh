#!/usr/bin/env bash
# Several Bitbreach instances behind HAProxy on this machine, over PostgreSQL and Redis
# (deploy/README.md). Each instance is kept running: `kill -TERM <its pid>` drains it (HAProxy
# stops sending it work, its sockets reconnect to the others) and it starts again: a rolling restart.
# Ctrl-C (or SIGTERM to this script) drains and stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL database (several instances cannot share PGlite)}"
: "${REDIS_URL:?set REDIS_URL (events, session ends and login counters between instances)}"
INSTANCES=${INSTANCES:-2}
FIRST_PORT=${FIRST_PORT:-5001}
PROXY_PORT=${PROXY_PORT:-8080}
HAPROXY=${HAPROXY:-/usr/sbin/haproxy}
export WORKERS=${WORKERS:-1}
export TRUST_PROXY=${TRUST_PROXY:-127.0.0.1}
export DRAIN_DELAY_MS=${DRAIN_DELAY_MS:-3000}
export DATA_DIR=${DATA_DIR:-./data}
export HOST=127.0.0.1

[ -x "$HAPROXY" ] || { echo "HAProxy not found at $HAPROXY: apt-get install -y haproxy" >&2; exit 1; }

# One session secret for every instance (a cookie signed by one is read by all), made once.
if [ -z "${SESSION_SECRET:-}" ]; then
  mkdir -p "$DATA_DIR"
  if [ ! -s "$DATA_DIR/session-secret" ]; then
    (umask 077; head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' > "$DATA_DIR/session-secret")
  fi
  SESSION_SECRET=$(cat "$DATA_DIR/session-secret")
fi
export SESSION_SECRET

# The client is built once here, not by every instance.
[ -f dist/client/index.html ] || npm run build:client

run_dir=$(mktemp -d -t bitbreach-local-XXXXXX)
# deploy/haproxy.cfg with this run's ports: the bind line and the server lines replaced.
config="$run_dir/haproxy.cfg"
sed -E -e '/^[[:space:]]+server[[:space:]]/d' -e "s/^([[:space:]]+)bind .*/\1bind :$PROXY_PORT/" deploy/haproxy.cfg > "$config"
for i in $(seq 1 "$INSTANCES"); do
  echo "    server app$i 127.0.0.1:$((FIRST_PORT + i - 1)) check" >> "$config"
done
"$HAPROXY" -c -q -f "$config"

supervise() { # instance number
  local port=$((FIRST_PORT + $1 - 1))
  while [ ! -e "$run_dir/stopping" ]; do
    PORT=$port node --import tsx src/server/main.ts &
    local pid=$!
    echo "$pid" > "$run_dir/app$1.pid"
    echo "== instance app$1 on port $port: pid $pid (kill -TERM $pid drains and restarts it)"
    wait "$pid" || true
    [ -e "$run_dir/stopping" ] || sleep 1
  done
}

stop() {
  touch "$run_dir/stopping"
  echo "== draining the instances, then stopping HAProxy"
  for f in "$run_dir"/app*.pid; do kill -TERM "$(cat "$f")" 2>/dev/null || true; done
  wait "${supervisors[@]}" 2>/dev/null || true
  kill -TERM "$proxy" 2>/dev/null || true
  wait "$proxy" 2>/dev/null || true
  rm -rf "$run_dir"
  exit 0
}

supervisors=()
for i in $(seq 1 "$INSTANCES"); do
  supervise "$i" &
  supervisors+=($!)
done
"$HAPROXY" -db -f "$config" &
proxy=$!
trap stop INT TERM
echo "== HAProxy on http://localhost:$PROXY_PORT in front of $INSTANCES instances ($WORKERS worker(s) each)"
wait "$proxy"
