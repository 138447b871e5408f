#!/usr/bin/env bash
# The Docker image, built and proven once: a local stand-in base image (no registry here), then
# `podman build` from the build output `npm run build` already made (BUILD=context: the image holds
# exactly what was tested), then the image's own command, run from `podman image mount` in a
# chroot against MariaDB on 127.0.0.1:3306, passes the production smoke (scripts/smoke-checks.sh)
# and the image's HEALTHCHECK; the app runs as the node user. `DOCKER_BUILD=source` builds inside
# the image instead, as an operator's `docker build .` does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base_script="$root/../shared/tools/node-base-image.sh"
image=trading-academy:test
[ -x "$base_script" ] || { echo "missing $base_script"; exit 1; }
# shellcheck source=scripts/smoke-checks.sh
source "$root/scripts/smoke-checks.sh"
bash "$base_script" node:24-slim 24
cd "$root"
build=${DOCKER_BUILD:-context}
context="$root"
ctx_tmp=""
if [ "$build" = context ]; then
  for f in contracts/dist/index.js backend/dist/main.js frontend/dist/client/index.html admin/dist/index.html; do
    [ -f "$f" ] || { echo "missing $f: run npm run build first"; exit 1; }
  done
  # A context of the package files and the build output only (.dockerignore keeps dist out of a source build).
  ctx_tmp=$(mktemp -d)
  context="$ctx_tmp"
  cp Dockerfile package.json package-lock.json "$ctx_tmp/"
  for w in contracts backend frontend admin e2e; do mkdir -p "$ctx_tmp/$w" && cp "$w/package.json" "$ctx_tmp/$w/"; done
  for w in contracts backend frontend admin; do cp -r "$w/dist" "$ctx_tmp/$w/dist"; done
  printf '**/node_modules\n' >"$ctx_tmp/.dockerignore"
fi
podman build --isolation chroot --pull=never --build-arg BUILD="$build" -t "$image" "$context" 2>&1 | grep -E 'STEP|COMMIT|Error|error|ERR!' || true
[ -n "$ctx_tmp" ] && rm -rf "$ctx_tmp"
podman image exists "$image" || { echo "✗ the build failed"; exit 1; }
db="ta_docker_$$"
mnt=$(podman image mount "$image")
work=$(mktemp -d)
log="$work/server.log"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  podman image unmount "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
in_image() { chroot --userspec=1000:1000 "$mnt" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/node "$@"; }
app_node() { in_image /bin/sh -c 'cd /app/backend && exec node "$@"' node "$@"; }
mysql -uroot -h127.0.0.1 -e "CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
# The image's CMD, with its environment (NODE_ENV=production, MALLOC_ARENA_MAX) and the operator's settings.
# (exec: $pid is the app itself, so SIGTERM reaches it and its exit code is the app's.)
(exec chroot --userspec=1000:1000 "$mnt" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/node \
  NODE_ENV=production MALLOC_ARENA_MAX=2 APP_SECRET=smoke-secret-smoke-secret-smoke-secret-123 PORT="$port" HOST=127.0.0.1 \
  PUBLIC_URL="http://127.0.0.1:$port" MAIL_DISABLED=true DATABASE_URL="mysql://root@127.0.0.1:3306/$db" \
  ADMIN_EMAIL=admin@example.no ADMIN_PASSWORD=smoke-passord-1 \
  SELLER_NAME="Smoke Trading AS" SELLER_ORG_NR=923456789 SELLER_ADDRESS="Storgata 1, 0155 Oslo" \
  /bin/sh -c 'cd /app && exec node --max-semi-space-size=8 --heap-growing-percent=50 --enable-source-maps backend/dist/main.js') >"$log" 2>&1 &
pid=$!
wait_for_health
# The image's own HEALTHCHECK command, while the app runs.
in_image PORT="$port" /bin/sh -c 'cd /app && node backend/dist/healthcheck.js' \
  && echo "✓ image: HEALTHCHECK ok" || { echo "✗ HEALTHCHECK"; exit 1; }
echo "✓ image runs as uid $(stat -c %u "$mnt/app/backend/dist/main.js") (node)"
smoke_checks
echo "Docker-test OK (build: $build)"
