#!/usr/bin/env bash
# Every test of the product: types, lint, unit, API (embedded and machine PostgreSQL), browser.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=$(mktemp -d)
status=0
source scripts/vitest-steps.sh # step, run_vitest, run_beside, show_beside

step "typecheck"; npm run typecheck --silent || status=1
step "lint"; npx prettier --check . --log-level warn & prettier=$!; npx eslint . || status=1; wait $prettier || status=1
step "contract"; run_vitest contract contract
step "swc-simulator"; run_vitest swc-simulator swc-simulator
step "discord-simulator"; run_vitest discord-simulator discord-simulator
step "web (components)"; run_vitest web web
EXTERNAL_DB=${TEST_EXTERNAL_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$EXTERNAL_DB" 2>/dev/null; then
  # The second server covers what depends on the server: migrations, the pool, jobs, and the queries behind services
  # and the admin routes. HTTP behaviour, which no PostgreSQL version changes, runs once on the embedded one, and so do
  # the embedded server's own tests, which start clusters of their own. The two runs share nothing and mostly wait on
  # their databases, so they run side by side (this one's output after).
  run_beside "server on the machine's PostgreSQL ($EXTERNAL_DB)" \
    server-external server DATABASE_URL="$EXTERNAL_DB" -- test/db test/jobs test/services test/routes/admin \
    --exclude test/db/embedded.test.ts
elif [ "${CI:-}" = "true" ]; then
  echo "The machine's PostgreSQL at $EXTERNAL_DB is not reachable, and CI requires it."; status=1
else
  echo "(skipped: no PostgreSQL at $EXTERNAL_DB)"
fi
step "server on embedded PostgreSQL"; run_vitest server-embedded server DATABASE_URL=
show_beside
step "web build"; npm run build -w web || status=1
bash scripts/test-e2e.sh "$reports" || status=1

echo
node scripts/summarize-tests.mjs "$reports" || status=1 # a failed test fails the run even if its runner exited 0
exit $status
