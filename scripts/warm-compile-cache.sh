#!/usr/bin/env bash
# Fills NODE_COMPILE_CACHE for the production tree in DIR. Node keeps each module's type-stripped source
# and V8 code there, so a process that finds all its modules never loads the TypeScript stripper: about
# 15 MB less resident memory per process, idle (bench/README.md, Memory). The cache is kept per user, so
# deploy/Dockerfile runs this as the image's user `node`; at run time the folder may be read-only (a
# module it lacks is then stripped as before). A start that stops at its configuration has loaded every
# module the server imports as it starts; the Kubernetes Secret writer, imported only in a cluster, is
# loaded on its own.
set -euo pipefail
cd "${1:?usage: NODE_COMPILE_CACHE=FOLDER scripts/warm-compile-cache.sh DIR}"
: "${NODE_COMPILE_CACHE:?set NODE_COMPILE_CACHE to the folder to fill}"
PORT=not-a-port node --max-semi-space-size=8 server/src/main.ts >/dev/null 2>&1 || true
node --input-type=module -e "await import('./server/src/integrations/kubernetes/kubernetes-sink.ts')"
[ -n "$(ls -A "$NODE_COMPILE_CACHE")" ] || {
  echo "the compile cache in $NODE_COMPILE_CACHE stayed empty" >&2
  exit 1
}
