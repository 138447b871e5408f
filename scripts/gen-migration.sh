#!/usr/bin/env bash
# Generates a migration for both dialects from the difference between the entities and the
# migrations so far: scratch SQLite file and scratch MariaDB database, both dropped afterwards.
# Usage: scripts/gen-migration.sh PascalCaseName   (MariaDB on 127.0.0.1:3306, root, no password)
set -euo pipefail
name=${1:?usage: scripts/gen-migration.sh PascalCaseName}
cd "$(dirname "$0")/../backend"
npx tsc -p tsconfig.build.json
tmp=$(mktemp -d)
db="gen_migr_$$"
trap 'rm -rf "$tmp"; mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $db" || true' EXIT
DATABASE_URL="sqlite:$tmp/gen.sqlite" npx typeorm migration:run -d dist/platform/database/data-source.js >/dev/null
DATABASE_URL="sqlite:$tmp/gen.sqlite" npx typeorm migration:generate -d dist/platform/database/data-source.js "src/platform/database/migrations/sqlite/$name"
mysql -uroot -h127.0.0.1 -e "CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
DATABASE_URL="mariadb://root@127.0.0.1:3306/$db" npx typeorm migration:run -d dist/platform/database/data-source.js >/dev/null
DATABASE_URL="mariadb://root@127.0.0.1:3306/$db" npx typeorm migration:generate -d dist/platform/database/data-source.js "src/platform/database/migrations/mysql/$name"
npx prettier --write src/platform/database/migrations >/dev/null
echo "Now add the new classes to src/platform/database/migrations/{sqlite,mysql}/index.ts"
