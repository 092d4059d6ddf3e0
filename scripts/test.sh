#!/usr/bin/env bash
# `npm test`: lint (Biome, then Knip), typecheck, unit and integration tests on SQLite and
# PostgreSQL, and end-to-end tests in Chromium. It installs or starts what it needs (Chromium, Apache
# with mod_auth_openidc, the local PostgreSQL cluster) or stops at once with one line saying what to
# install. Ends with one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf reports && mkdir -p reports

step() { printf '\n== %s\n' "$1"; }

step "Lint and format (Biome)"
biome check .

step "Unused files, exports and dependencies (Knip)"
knip

step "Typecheck (server and web app)"
tsc -p tsconfig.json
tsc -p web/tsconfig.json
tsc -p e2e/tsconfig.json

step "Test prerequisites"
bash scripts/ensure-chromium.sh
bash scripts/ensure-apache.sh
bash scripts/ensure-postfix.sh
postgres_line=$(bash scripts/ensure-postgres.sh)
export "${postgres_line?}"
echo "Chromium: ${CHROMIUM_PATH:-/usr/bin/chromium}; PostgreSQL: ${TEST_POSTGRES_URL%%:*}://…@${TEST_POSTGRES_URL##*@}"

status=0
step "Unit and integration tests (Vitest; SQLite and PostgreSQL)"
vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=1

step "End-to-end tests (Playwright in Chromium)"
if ! playwright test; then
  status=1
  # What each failed test's page showed (its accessibility snapshot), so a failure seen only in a
  # CI log can be read without the trace.
  find test-results -name error-context.md -print0 2>/dev/null | while IFS= read -r -d '' context; do
    printf '\n-- %s\n' "$context"
    head -c 6000 "$context"
  done || true
fi

node scripts/test-summary.ts
exit "$status"
