#!/usr/bin/env bash
# Every test of the product: types, lint, unit, API (embedded and machine PostgreSQL), browser.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=$(mktemp -d)
status=0
step() { echo; echo "=== $*"; }
run_vitest() { # name, root, [env...] [-- test paths...]
  local name=$1 root=$2; shift 2
  local vars=() paths=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars+=("$1"); shift; done
  [ $# -gt 0 ] && shift && paths=("$@")
  env "${vars[@]}" npx vitest run --root "$root" --reporter=default --reporter=json --outputFile="$reports/$name.json" "${paths[@]}" || status=1
}

step "typecheck"; for p in contract swc-simulator discord-simulator server web e2e bench; do npx tsc -p "$p" || status=1; done
step "lint"; npx eslint . || status=1; npx prettier --check . --log-level warn || status=1
step "contract"; run_vitest contract contract
step "swc-simulator"; run_vitest swc-simulator swc-simulator
step "discord-simulator"; run_vitest discord-simulator discord-simulator
step "web (components)"; run_vitest web web
step "server on embedded PostgreSQL"; run_vitest server-embedded server DATABASE_URL=
EXTERNAL_DB=${TEST_EXTERNAL_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$EXTERNAL_DB" 2>/dev/null; then
  # The second server covers what depends on the server: migrations, the pool, jobs, and the queries behind services
  # and the admin routes. HTTP behaviour, which no PostgreSQL version changes, runs once above.
  step "server on the machine's PostgreSQL ($EXTERNAL_DB)"
  run_vitest server-external server DATABASE_URL="$EXTERNAL_DB" -- test/db test/jobs test/services test/routes/admin
elif [ "${CI:-}" = "true" ]; then
  echo "The machine's PostgreSQL at $EXTERNAL_DB is not reachable, and CI requires it."; status=1
else
  echo "(skipped: no PostgreSQL at $EXTERNAL_DB)"
fi
step "web build"; npm run build -w web || status=1
step "end-to-end (Chromium): lane 1, with lanes 2 and 3 beside it (their output after)"
lanes=()
for n in 2 3; do
  log=$(mktemp)
  (status=0; run_vitest "e2e-lane-$n" e2e -- --project "lane $n"; exit $status) >"$log" 2>&1 &
  lanes+=("$!:$log")
done
run_vitest e2e-lane-1 e2e -- --project 'lane 1'
for n in 2 3; do
  entry=${lanes[$((n - 2))]}
  wait "${entry%%:*}" || status=1
  step "end-to-end (Chromium): lane $n"; cat "${entry#*:}"
done

echo
node scripts/summarize-tests.mjs "$reports" || status=1 # a failed test fails the run even if its runner exited 0
exit $status
