#!/usr/bin/env bash
# `npm test`: installs what the tests need, then typecheck, lint, unit, integration, the short fault
# suite, build, the production build check, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm ci refuses this lock: the registry here lacks some other platforms' optional binaries
  # (biome, turbo), which npm install skips.
  npm install --no-audit --no-fund
fi
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)." >&2
    exit 1
  fi
fi

results=$(mktemp -d)
run_vitest() { # project
  npx vitest run --project "$1" --reporter=default --reporter=json --outputFile="$results/$1.json"
}

npx turbo run typecheck --output-logs=errors-only
npx biome check .
run_vitest unit
run_vitest web
run_vitest integration
run_vitest chaos
npm run build -w @portal/web
# The production build (about a minute): tsc -b into a clean folder, production dependencies only
# (from the npm registry), the API and a worker with plain node on real Postgres and Redis, and
# operator scripts; it prints each thing it checked and fails on the first that does not hold.
npx tsx scripts/production-check.ts
run_vitest e2e

node -e '
const fs = require("fs"); let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failed ? 1 : 0);
' "$results"
