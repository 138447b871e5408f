#!/usr/bin/env bash
# Proves the Dockerfile builds and the image serves: a local stand-in base image (no registry
# here), `podman build`, then the image's command run from `podman image mount` in a chroot
# against MariaDB on 127.0.0.1:3306, checking /api/health, / and /admin.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base_script="$root/../shared/tools/node-base-image.sh"
image=trading-academy:test
[ -x "$base_script" ] || { echo "missing $base_script"; exit 1; }
bash "$base_script" node:24-slim 24
cd "$root"
podman build --isolation chroot --pull=never -t "$image" . 2>&1 | grep -E 'STEP|COMMIT|Error|error|ERR!' || true
podman image exists "$image" || { echo "✗ the build failed"; exit 1; }
db="ta_docker_$$"
mnt=$(podman image mount "$image")
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  podman image unmount "$image" >/dev/null 2>&1 || true
}
trap cleanup EXIT
mysql -uroot -h127.0.0.1 -e "CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
log=$(mktemp)
chroot --userspec=1000:1000 "$mnt" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/node \
  NODE_ENV=production APP_SECRET=docker-secret-docker-secret-docker-secret-1 PORT="$port" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$port" MAIL_DISABLED=true \
  DATABASE_URL="mysql://root@127.0.0.1:3306/$db" ADMIN_EMAIL=admin@example.no ADMIN_PASSWORD=docker-passord-1 \
  SELLER_NAME="Docker Trading AS" SELLER_ORG_NR=923456789 SELLER_ADDRESS="Storgata 1, 0155 Oslo" \
  /bin/sh -c 'cd /app && exec node backend/dist/main.js' >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 80); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
for path in /api/health / /admin; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path" || true)
  if [ "$status" != 200 ]; then echo "✗ $path → $status"; tail -40 "$log"; exit 1; fi
  echo "✓ image: $path → 200"
done
# The image's own HEALTHCHECK command.
chroot --userspec=1000:1000 "$mnt" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin PORT="$port" /bin/sh -c 'cd /app && node backend/dist/healthcheck.js' \
  && echo "✓ image: HEALTHCHECK ok" || { echo "✗ HEALTHCHECK"; exit 1; }
echo "✓ image runs as uid $(stat -c %u "$mnt/app/backend/dist/main.js") (node)"
echo "Docker-test OK"
