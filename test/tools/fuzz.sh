#!/usr/bin/env bash
# make fuzz: Schemathesis against the live service, then the sandbox and the Prism mock, with all its checks (server errors,
# response-schema conformance, positive-data acceptance, negative-data rejection, stateful
# links it infers), bounded in time. FUZZ_EXAMPLES and FUZZ_SEED tune it. Schemathesis's full output goes to
# .tmp/fuzz/<server>.txt (ignored by git); the log gets one plain line per server, or on a failure that output whole.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.venv
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet schemathesis==4.32.5
fi
scratch=$(mktemp -d)
# The per-user limits out of the way: every request is the one user `local`, and the
# handlers behind them are what is fuzzed (the limits have tests of their own).
export RATE_LIMIT_WRITES=1000000000 MAX_IN_FLIGHT_PER_USER=1000000 QUOTA_STREAMS=1000000000 QUOTA_DEVICES=1000000000 \
  QUOTA_IDENTITY_NAMESPACES=1000000000 QUOTA_DRAFTS=1000000000 QUOTA_READ_MARKERS=1000000000 QUOTA_READ_MARKERS_PER_STREAM=1000000000 \
  QUOTA_IDEMPOTENCY_KEYS=1000000000 QUOTA_BYTES=1024gb
# With authentication, as openapi.yaml's bearerAuth requires: Schemathesis then also checks that a request
# without the token is refused (ignored_auth), which the local mode, needing none, would fail.
export AUTH_JWT_SECRET="fuzz-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"
token=$(node --import tsx src/cli/token.ts --sub fuzz --expires-in 1h)
# Each server in the background: the process itself (not a wrapper such as npx), so the trap stops it.
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait "${pids[@]}" 2>/dev/null || true' EXIT
# started LOG LINE: waits for LINE in LOG, then prints the first http://127.0.0.1:<port> in it.
started() {
  for _ in $(seq 1 120); do
    grep -q "$2" "$1" && break
    sleep 0.5
  done
  grep -o 'http://127.0.0.1:[0-9]*' "$1" | head -1 | grep . || { cat "$1" >&2; exit 1; }
}
mkdir -p .tmp/fuzz
# fuzz NAME URL [SCHEMATHESIS OPTIONS]: every check, every phase (stateful included), bounded in time; its output goes
# to a file, since it closes as pytest does ("=== No issues found in 18s ==="), which CI reads as a pytest run.
fuzz() {
  local output=".tmp/fuzz/$1.txt" status=0
  PYTHONPATH=test/tools PYTHONDONTWRITEBYTECODE=1 SCHEMATHESIS_HOOKS=fuzz_hooks timeout 900 "$venv/bin/schemathesis" \
    --config-file test/tools/schemathesis.toml run openapi.yaml --url "$2" --checks all "${@:3}" \
    --max-examples "${FUZZ_EXAMPLES:-30}" --seed "${FUZZ_SEED:-1}" --request-timeout 10 > "$output" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    cat "$output"
    echo "fuzz $1 at $2: failed (Schemathesis exited $status); its output is above and in $output" >&2
    exit 1
  fi
  test/tools/fuzz-summary.sh "$1" "$output"
}

PORT=0 DATA_FILE="$scratch/db.json" VALIDATE_RESPONSES=true node --import tsx src/server.ts > "$scratch/server.log" 2>&1 &
pids+=($!)
fuzz service "$(started "$scratch/server.log" 'Serving on')" --header "Authorization: Bearer $token"

# The sandbox and the mock serve without authentication by design (each takes a token of any value):
# the checks that a request without a valid token is refused do not apply to them. Prism answers an
# undeclared method with 405 but no Allow (a known difference, mocks/README.md).
(unset AUTH_JWT_SECRET; PORT=0 exec node --import tsx src/sandbox/server.ts) > "$scratch/sandbox.log" 2>&1 &
pids+=($!)
fuzz sandbox "$(started "$scratch/sandbox.log" 'Sandbox serving on')" --header 'Authorization: Bearer any' --exclude-checks ignored_auth,missing_required_header
port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
node_modules/.bin/prism mock openapi.yaml --host 127.0.0.1 --port "$port" --json-schema-faker-fillProperties=false > "$scratch/mock.log" 2>&1 &
pids+=($!)
fuzz mock "$(started "$scratch/mock.log" 'Prism is listening')" --header 'Authorization: Bearer any' \
  --exclude-checks ignored_auth,missing_required_header,unsupported_method
