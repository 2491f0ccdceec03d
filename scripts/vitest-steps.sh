# Sourced by the test scripts: a titled step, a Vitest run whose JSON report goes to $reports (a failure sets $status),
# and such runs in the background beside another (run_beside, then show_beside).
step() { echo; echo "=== $*"; }
run_vitest() { # name, root, [env...] [-- test paths and options...]
  local name=$1 root=$2; shift 2
  local vars=() paths=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars+=("$1"); shift; done
  [ $# -gt 0 ] && shift && paths=("$@")
  env "${vars[@]}" npx vitest run --root "$root" --reporter=default --reporter=json --outputFile="$reports/$name.json" "${paths[@]}" || status=1
}
# A run_vitest in the background, its output kept until show_beside prints it under its own step title.
beside_pids=() beside_logs=() beside_titles=()
run_beside() { # title, then run_vitest's arguments
  local log; log=$(mktemp)
  beside_titles+=("$1"); shift
  (status=0; run_vitest "$@"; exit $status) >"$log" 2>&1 &
  beside_pids+=($!); beside_logs+=("$log")
}
show_beside() { # waits for each background run in the order started, then prints it (a failure sets $status)
  local i
  for i in "${!beside_pids[@]}"; do
    wait "${beside_pids[i]}" || status=1
    step "${beside_titles[i]}"; cat "${beside_logs[i]}"
  done
  beside_pids=() beside_logs=() beside_titles=()
}
