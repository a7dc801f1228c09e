#!/usr/bin/env bash
# Run HAProxy (Debian's package: apt-get install haproxy) in front of callgate replicas.
#
#   deploy/haproxy/run.sh LISTEN_PORT REPLICA_HOST:PORT [REPLICA_HOST:PORT ...]
#
# Writes its configuration to a temporary directory and runs HAProxy in the foreground (stop it
# with SIGTERM). Requests go round-robin to replicas whose /readyz answers 200, checked every
# 200 ms; a replica that stops answering is out after one failed check and back after one good
# one. A request whose connection to a replica fails is sent to another one (nothing reached
# the dead replica, so this is safe for writes too); a request a replica took and then died on
# is answered 502 and never sent twice: the agent sees the failure, and callgate's own
# once-only rules and outcome-unknown handling decide what a retry may do.
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: $0 LISTEN_PORT REPLICA_HOST:PORT [REPLICA_HOST:PORT ...]" >&2
  exit 2
fi
listen="$1"
shift
HAPROXY="${HAPROXY:-$(command -v haproxy || echo /usr/sbin/haproxy)}"
if [ ! -x "$HAPROXY" ]; then
  echo "haproxy is not installed (Debian: apt-get install haproxy)" >&2
  exit 3
fi
dir="$(mktemp -d -t callgate-lb.XXXXXX)"
trap 'rm -rf "$dir"' EXIT
{
  cat <<CFG
global
    maxconn 4096
    log stderr format short local0 warning

defaults
    mode http
    log global
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    retries 2
    option redispatch
    retry-on conn-failure

frontend callgate
    bind 127.0.0.1:${listen}
    default_backend replicas

backend replicas
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 200ms fastinter 100ms downinter 200ms fall 1 rise 1
CFG
  n=0
  for replica in "$@"; do
    n=$((n + 1))
    echo "    server r${n} ${replica} check"
  done
} > "$dir/haproxy.cfg"
"$HAPROXY" -c -q -f "$dir/haproxy.cfg"
# not exec: the trap removes the temporary configuration when HAProxy ends
"$HAPROXY" -db -f "$dir/haproxy.cfg" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; rm -rf "$dir"' TERM INT
wait "$child"
