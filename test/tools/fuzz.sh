#!/usr/bin/env bash
# make fuzz: Schemathesis against the live service, with all its checks (server errors,
# response-schema conformance, positive-data acceptance, negative-data rejection, stateful
# links it infers), bounded in time. FUZZ_EXAMPLES and FUZZ_SEED tune it.
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
  QUOTA_IDENTITY_NAMESPACES=1000000000 QUOTA_DRAFTS=1000000000 QUOTA_READ_MARKERS=1000000000 QUOTA_READ_MARKERS_PER_STREAM=1000000000 QUOTA_BYTES=1024gb
# With authentication, as openapi.yaml's bearerAuth requires: Schemathesis then also checks that a request
# without the token is refused (ignored_auth), which the local mode, needing none, would fail.
export AUTH_JWT_SECRET="fuzz-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"
token=$(node --import tsx src/cli/token.ts --sub fuzz --expires-in 1h)
PORT=0 DATA_FILE="$scratch/db.json" VALIDATE_RESPONSES=true node --import tsx src/server.ts > "$scratch/server.log" 2>&1 &
server=$! # the server itself, not a wrapper such as npx, so the trap stops it
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  grep -q 'Serving on' "$scratch/server.log" && break
  sleep 0.5
done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$scratch/server.log" | head -1)
[ -n "$url" ] || { cat "$scratch/server.log"; exit 1; }
PYTHONPATH=test/tools PYTHONDONTWRITEBYTECODE=1 SCHEMATHESIS_HOOKS=fuzz_hooks \
  timeout 900 "$venv/bin/schemathesis" --config-file test/tools/schemathesis.toml run openapi.yaml --url "$url" --checks all --header "Authorization: Bearer $token" \
  --max-examples "${FUZZ_EXAMPLES:-30}" --seed "${FUZZ_SEED:-1}" --request-timeout 10
