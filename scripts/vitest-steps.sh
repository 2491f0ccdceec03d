# Sourced by the test scripts: a titled step, and a Vitest run whose JSON report goes to $reports (a failure sets $status).
step() { echo; echo "=== $*"; }
run_vitest() { # name, root, [env...] [-- test paths and options...]
  local name=$1 root=$2; shift 2
  local vars=() paths=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars+=("$1"); shift; done
  [ $# -gt 0 ] && shift && paths=("$@")
  env "${vars[@]}" npx vitest run --root "$root" --reporter=default --reporter=json --outputFile="$reports/$name.json" "${paths[@]}" || status=1
}
