#!/usr/bin/env bash
# The browser tests (the web app must be built): lane 1 of e2e/vitest.config.ts, with lanes 2 and 3 beside it in
# processes of their own (one process runs a config's lanes one after the other), their output after lane 1's.
# Run alone it ends with the tests' count; the test command passes its reports folder and counts them itself.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=${1:-$(mktemp -d)}
status=0
source scripts/vitest-steps.sh # step, run_vitest, run_beside, show_beside

step "end-to-end (Chromium): lane 1, with lanes 2 and 3 beside it (their output after)"
for n in 2 3; do run_beside "end-to-end (Chromium): lane $n" "e2e-lane-$n" e2e -- --project "lane $n"; done
run_vitest e2e-lane-1 e2e -- --project 'lane 1'
show_beside

if [ $# -eq 0 ]; then
  echo
  node scripts/summarize-tests.mjs "$reports" || status=1
fi
exit $status
