# The production smoke checks, sourced by scripts/smoke.sh (the build with production dependencies
# in a temporary folder) and scripts/test-docker.sh (the image). The caller has started the server
# and sets: port, db (its MariaDB database), log (its output), work (a scratch folder), pid (the
# server's process), and a function app_node that runs node in the backend folder of what is tested.
# Checks /api/health, /, /admin, a 404; the admin API requires the second factor until the admin
# enrols (a code computed the way an authenticator app does); marketing mail, calendars and PDFs
# work with the production dependencies; the migrations ran; SIGTERM ends the process cleanly.
wait_for_health() {
  for _ in $(seq 1 80); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "✗ the server did not answer /api/health"; tail -40 "$log"; exit 1
}

smoke_checks() {
  check() { # path expected-status needle
    local body status
    body=$(curl -sS -o - -w '\n%{http_code}' "http://127.0.0.1:$port$1")
    status=${body##*$'\n'}
    if [ "$status" != "$2" ] || ! grep -q -- "$3" <<<"$body"; then
      echo "✗ $1: status $status (expected $2) or missing \"$3\""; tail -30 "$log"; exit 1
    fi
    echo "✓ $1 → $status"
  }
  check /api/health 200 '"database":"up"'
  check / 200 '<h1'
  check /admin 200 '<div id="root"'
  check /finnes-ikke 404 '<html'
  # Production requires the admin's second factor: the admin API answers 403 TOTP_ENROLMENT_REQUIRED
  # until the admin enrols for real (setup, then a code computed here the way an authenticator app does).
  jar="$work/cookies"
  api() { # method path [json body] → status; the answer in $work/body
    curl -sS -o "$work/body" -w '%{http_code}' -b "$jar" -c "$jar" -X "$1" -H 'Content-Type: application/json' \
      -H 'X-Requested-With: XMLHttpRequest' ${3:+--data "$3"} "http://127.0.0.1:$port$2"
  }
  expect_api() { # label expected-status needle status
    if [ "$4" != "$2" ] || ! grep -q -- "$3" "$work/body"; then
      echo "✗ $1: status $4 (expected $2) or missing \"$3\""; cat "$work/body"; echo; tail -30 "$log"; exit 1
    fi
    echo "✓ $1 → $4"
  }
  expect_api 'sign-in as admin' 200 '"role":"admin"' "$(api POST /api/auth/login '{"email":"admin@example.no","password":"smoke-passord-1"}')"
  expect_api 'admin panel without second factor' 403 'TOTP_ENROLMENT_REQUIRED' "$(api GET /api/admin/users)"
  expect_api 'second factor: setup' 200 'otpauth://totp/' "$(api POST /api/auth/totp/setup '{}')"
  secret=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).secret)' "$work/body")
  code=$(app_node -e 'const { TOTP, Secret } = require("otpauth"); console.log(TOTP.generate({ secret: Secret.fromBase32(process.argv[1]) }))' "$secret")
  expect_api 'second factor: turned on' 200 'recoveryCodes' "$(api POST /api/auth/totp/enable "{\"code\":\"$code\"}")"
  expect_api 'admin panel with second factor' 200 'admin@example.no' "$(api GET /api/admin/users)"
  # The production dependencies behind marketing mail, calendars and PDFs load and work.
  expect_api 'broadcast: preview (Markdown)' 200 '<strong>Velkommen</strong>' \
    "$(api POST /api/admin/broadcasts/preview '{"subject":"Hei","body":"**Velkommen** til kurset"}')"
  expect_api 'live session scheduled' 201 '"title":"Røyktest"' \
    "$(api POST /api/admin/live-sessions '{"courseIds":["accelerator"],"title":"Røyktest","startsAt":"2030-01-08T19:00","durationMinutes":60,"joinUrl":"https://meet.example.no/a"}')"
  app_node -e '
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
  '
  rm -f "$jar"
  expect_api 'sign-in without a code' 401 'TOTP_REQUIRED' "$(api POST /api/auth/login '{"email":"admin@example.no","password":"smoke-passord-1"}')"
  migrations=$(mysql -uroot -h127.0.0.1 -N -e "SELECT COUNT(*) FROM $db.migrations")
  echo "✓ migrations run: $migrations"
  kill -TERM "$pid"; wait "$pid" && echo "✓ exited cleanly on SIGTERM" || { echo "✗ exit code $? after SIGTERM"; exit 1; }
  pid=""
}
