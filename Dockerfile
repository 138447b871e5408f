# syntax=docker/dockerfile:1
# One image: the API, the storefront and the admin panel. Runs migrations at start (under a lock).
ARG NODE_IMAGE=node:24-slim
# Where the build output comes from: `source` (default) installs and builds inside; `context` takes
# what `npm run build` already made (CI builds once and makes the image from that: scripts/test-docker.sh).
ARG BUILD=source

# 1. All dependencies, for building.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. Build the shared contracts and the three apps.
FROM deps AS build-source
COPY tsconfig.json ./
COPY scripts ./scripts
COPY contracts ./contracts
COPY backend ./backend
COPY frontend ./frontend
COPY admin ./admin
RUN npm run build

# 2b. Or the build output as it is in the context (BUILD=context; the context then holds only it).
FROM ${NODE_IMAGE} AS build-context
WORKDIR /app
COPY contracts/package.json contracts/
COPY contracts/dist contracts/dist
COPY backend/package.json backend/
COPY backend/dist backend/dist
COPY frontend/dist frontend/dist
COPY admin/dist admin/dist

FROM build-${BUILD} AS build

# 3. Production dependencies of the backend only (the storefront and admin are bundled).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=backend --include-workspace-root --no-audit --no-fund && npm cache clean --force \
  && mkdir -p backend/node_modules

# 4. Slim runtime.
FROM ${NODE_IMAGE} AS runtime
# Two malloc arenas: decoding a chart image on libuv's threads otherwise leaves each thread its own
# arena (bench/mentor-images-results.md: a 5 000² peak of 338 MB fell to 248 MB, 90 MB less kept).
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2
# The MariaDB client (mariadb-dump, mariadb) for the backup service (npm run backup / restore); the
# upload folder and the backup folder belong to the node user, so volumes mounted there are writable.
RUN apt-get update && apt-get install -y --no-install-recommends mariadb-client && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /app/data/uploads /backups && chown -R node:node /app/data /backups
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=prod-deps --chown=node:node /app/package.json ./package.json
# Packages npm could not hoist (another version at the top) live beside the workspace.
COPY --from=prod-deps --chown=node:node /app/backend/node_modules ./backend/node_modules
# The backend's one workspace dependency: the shared contracts (node_modules/@academy/contracts links here).
COPY --from=build --chown=node:node /app/contracts/package.json ./contracts/package.json
COPY --from=build --chown=node:node /app/contracts/dist ./contracts/dist
COPY --from=build --chown=node:node /app/backend/package.json ./backend/package.json
COPY --from=build --chown=node:node /app/backend/dist ./backend/dist
COPY --from=build --chown=node:node /app/frontend/dist ./frontend/dist
COPY --from=build --chown=node:node /app/admin/dist ./admin/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "backend/dist/healthcheck.js"]
# V8 flags: the same as scripts/node-flags.mjs (npm start and npm run bench use that file).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "--enable-source-maps", "backend/dist/main.js"]
