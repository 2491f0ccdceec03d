#!/usr/bin/env bash
# Lays out what the production image runs, in DEST: the server and contract sources (Node runs them as
# they are, with type stripping), the built web app, and production dependencies only. The bundled
# SWCombine simulator is left out: production refuses to start without SWC_CLIENT_ID and SWC_CLIENT_SECRET.
# deploy/Dockerfile runs this script, and the test command runs it too and starts what it made, so
# what is tested is what ships. Run `npm run build -w web` first.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:?usage: scripts/assemble-production.sh DEST}
[ -f web/dist/index.html ] && [ -f web/dist-ssr/entry-server.js ] || { echo "Build the web app first: npm run build -w web" >&2; exit 1; }
mkdir -p "$dest"
cp package.json package-lock.json "$dest/"
for ws in contract server; do
  mkdir -p "$dest/$ws"
  cp "$ws/package.json" "$dest/$ws/"
  cp -R "$ws/src" "$dest/$ws/src"
done
# The web workspace ships its build only; its dependencies are build tools and the bundles hold what they use.
mkdir -p "$dest/web"
cp web/package.json "$dest/web/"
cp -R web/dist web/dist-ssr "$dest/web/"
(cd "$dest" && npm ci --omit=dev --workspace=server --workspace=contract --no-audit --no-fund --loglevel=error)
