#!/usr/bin/env bash
# Production smoke: the build output with production dependencies only (npm ci --omit=dev in a
# temporary copy) starts on MariaDB, migrates, and answers /api/health, / and /admin; the admin API
# requires the second factor until the admin enrols.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
for f in contracts/dist/index.js backend/dist/main.js frontend/dist/client/index.html admin/dist/index.html; do
  [ -f "$root/$f" ] || { echo "missing $f: run npm run build first"; exit 1; }
done
tmp=$(mktemp -d)
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
cp -r "$root/contracts/dist" "$tmp/contracts/dist"
cp -r "$root/backend/dist" "$tmp/backend/dist"
cp -r "$root/frontend/dist" "$tmp/frontend/dist"
cp -r "$root/admin/dist" "$tmp/admin/dist"
(cd "$tmp" && npm ci --omit=dev --workspace=backend --include-workspace-root --no-audit --no-fund --loglevel=error)
mysql -uroot -h127.0.0.1 -e "CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
(cd "$tmp" && NODE_ENV=production MAIL_DISABLED=true APP_SECRET=smoke-secret-smoke-secret-smoke-secret-123 PORT=$port PUBLIC_URL="http://127.0.0.1:$port" \
  DATABASE_URL="mysql://root@127.0.0.1:3306/$db" ADMIN_EMAIL=admin@example.no ADMIN_PASSWORD=smoke-passord-1 \
  SELLER_NAME="Smoke Trading AS" SELLER_ORG_NR=923456789 SELLER_ADDRESS="Storgata 1, 0155 Oslo" \
  exec node backend/dist/main.js >"$tmp/server.log" 2>&1) &
pid=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
check() { # path expected-status needle
  local body status
  body=$(curl -sS -o - -w '\n%{http_code}' "http://127.0.0.1:$port$1")
  status=${body##*$'\n'}
  if [ "$status" != "$2" ] || ! grep -q -- "$3" <<<"$body"; then
    echo "✗ $1: status $status (expected $2) or missing \"$3\""; tail -30 "$tmp/server.log"; exit 1
  fi
  echo "✓ $1 → $status"
}
check /api/health 200 '"database":"up"'
check / 200 '<h1'
check /admin 200 '<div id="root"'
check /finnes-ikke 404 '<html'
# Production requires the admin's second factor: the admin API answers 403 TOTP_ENROLMENT_REQUIRED
# until the admin enrols for real (setup, then a code computed here the way an authenticator app does).
jar="$tmp/cookies"
api() { # method path [json body] → status; the answer in $tmp/body
  curl -sS -o "$tmp/body" -w '%{http_code}' -b "$jar" -c "$jar" -X "$1" -H 'Content-Type: application/json' \
    -H 'X-Requested-With: XMLHttpRequest' ${3:+--data "$3"} "http://127.0.0.1:$port$2"
}
expect_api() { # label expected-status needle status
  if [ "$4" != "$2" ] || ! grep -q -- "$3" "$tmp/body"; then
    echo "✗ $1: status $4 (expected $2) or missing \"$3\""; cat "$tmp/body"; echo; tail -30 "$tmp/server.log"; exit 1
  fi
  echo "✓ $1 → $4"
}
expect_api 'sign-in as admin' 200 '"role":"admin"' "$(api POST /api/auth/login '{"email":"admin@example.no","password":"smoke-passord-1"}')"
expect_api 'admin panel without second factor' 403 'TOTP_ENROLMENT_REQUIRED' "$(api GET /api/admin/users)"
expect_api 'second factor: setup' 200 'otpauth://totp/' "$(api POST /api/auth/totp/setup '{}')"
secret=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).secret)' "$tmp/body")
code=$(cd "$tmp" && node -e 'const { TOTP, Secret } = require("otpauth"); console.log(TOTP.generate({ secret: Secret.fromBase32(process.argv[1]) }))' "$secret")
expect_api 'second factor: turned on' 200 'recoveryCodes' "$(api POST /api/auth/totp/enable "{\"code\":\"$code\"}")"
expect_api 'admin panel with second factor' 200 'admin@example.no' "$(api GET /api/admin/users)"
# The production dependencies behind marketing mail, calendars and PDFs load and work.
expect_api 'broadcast: preview (Markdown)' 200 '<strong>Velkommen</strong>' \
  "$(api POST /api/admin/broadcasts/preview '{"subject":"Hei","body":"**Velkommen** til kurset"}')"
expect_api 'live session scheduled' 201 '"title":"Røyktest"' \
  "$(api POST /api/admin/live-sessions '{"courseIds":["accelerator"],"title":"Røyktest","startsAt":"2030-01-08T19:00","durationMinutes":60,"joinUrl":"https://meet.example.no/a"}')"
(cd "$tmp/backend" && node -e '
  const { renderPdf } = require("./dist/platform/pdf");
  renderPdf({ title: "Kvittering", brand: "Røyktest" }, (pdf) => pdf.heading("Kvittering")).then((b) => {
    if (b.subarray(0, 5).toString() !== "%PDF-") throw new Error("not a PDF");
    console.log("✓ PDF made with the production dependencies (" + b.length + " bytes)");
  });
  const ical = require("ical-generator");
  const cal = (ical.default ?? ical)({ name: "Røyktest" });
  cal.createEvent({ start: new Date(), end: new Date(Date.now() + 3600e3), summary: "Økt" });
  if (!/BEGIN:VEVENT/.test(cal.toString())) throw new Error("no VEVENT");
  console.log("✓ calendar made with the production dependencies");
')
rm -f "$jar"
expect_api 'sign-in without a code' 401 'TOTP_REQUIRED' "$(api POST /api/auth/login '{"email":"admin@example.no","password":"smoke-passord-1"}')"
migrations=$(mysql -uroot -h127.0.0.1 -N -e "SELECT COUNT(*) FROM $db.migrations")
echo "✓ migrations run: $migrations"
kill -TERM "$pid"; wait "$pid" && echo "✓ exited cleanly on SIGTERM" || { echo "✗ exit code $? after SIGTERM"; exit 1; }
pid=""
echo "Smoke test OK"
