#!/usr/bin/env bash
# Production smoke without an image: the build output with production dependencies only (npm ci
# --omit=dev in a temporary copy) starts on MariaDB and passes scripts/smoke-checks.sh.
# CI runs the same checks against the Docker image instead (scripts/test-docker.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
for f in contracts/dist/index.js backend/dist/main.js frontend/dist/client/index.html admin/dist/index.html; do
  [ -f "$root/$f" ] || { echo "missing $f: run npm run build first"; exit 1; }
done
# shellcheck source=scripts/smoke-checks.sh
source "$root/scripts/smoke-checks.sh"
tmp=$(mktemp -d)
work=$tmp
log="$tmp/server.log"
db="ta_smoke_$$"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/contracts" "$tmp/backend" "$tmp/frontend" "$tmp/admin" "$tmp/e2e"
cp "$root/package.json" "$root/package-lock.json" "$tmp/"
for w in contracts backend frontend admin e2e; do cp "$root/$w/package.json" "$tmp/$w/"; done
for w in contracts backend frontend admin; do cp -r "$root/$w/dist" "$tmp/$w/dist"; done
(cd "$tmp" && npm ci --omit=dev --workspace=backend --include-workspace-root --no-audit --no-fund --loglevel=error)
app_node() { (cd "$tmp/backend" && node "$@"); }
mysql -uroot -h127.0.0.1 -e "CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
(cd "$tmp" && NODE_ENV=production MAIL_DISABLED=true APP_SECRET=smoke-secret-smoke-secret-smoke-secret-123 PORT=$port PUBLIC_URL="http://127.0.0.1:$port" \
  DATABASE_URL="mysql://root@127.0.0.1:3306/$db" ADMIN_EMAIL=admin@example.no ADMIN_PASSWORD=smoke-passord-1 \
  SELLER_NAME="Smoke Trading AS" SELLER_ORG_NR=923456789 SELLER_ADDRESS="Storgata 1, 0155 Oslo" \
  exec node backend/dist/main.js >"$log" 2>&1) &
pid=$!
wait_for_health
smoke_checks
echo "Smoke test OK"
