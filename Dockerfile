# syntax=docker/dockerfile:1.7
#
# One image recipe for every deployable of the distributed mode. Skaffold and
# docker-compose build it once per service with `--build-arg SERVICE=<name>`, so each image
# is named after its folder (services/<name>, or gateway) and starts only that process:
#
#   docker build --build-arg SERVICE=validation -t validation .
#   docker run --rm -e MODE=distributed -e KAFKA_BROKERS=... -e MONGO_URL=... validation
#
# Services run from TypeScript source through tsx (no compile step), so the runtime stage
# carries the source, production node_modules, the built web client and the composed
# supergraph. The stages that install dependencies only see package manifests, so editing
# code does not re-run `npm ci`.

ARG NODE_VERSION=22

# --- toolchain: better-sqlite3 falls back to node-gyp when no prebuilt binary matches ------
FROM node:${NODE_VERSION}-slim AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# --- manifests: every package.json of the workspace tree, nothing else -----------------------
# Copying the whole context here (cheap) and keeping only manifests means new workspaces
# need no edit to this file, and the layers below stay cached until a manifest changes.
# npm's `prepare` script comes along: without the bundle scripts it skips the bundles.
FROM node:${NODE_VERSION}-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && find . -path ./node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs -I{} cp --parents {} /out \
 && cp --parents scripts/prepare.mjs /out

# --- build: all dependencies, then `npm run build` (web client + supergraph) -----------------
FROM toolchain AS build
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build \
 && test -d web/dist \
 && test -f gateway/supergraph.graphql

# --- prod-deps: production dependencies only (tsx is one: services run through it) ----------
# The OCR language data ships as an npm package and better-sqlite3 is native: check both
# here, so a broken install fails the build rather than the first scanned PDF or lookup.
FROM toolchain AS prod-deps
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev \
 && node -e "require.resolve('@tesseract.js-data/eng')" \
 && node -e "require('better-sqlite3')(':memory:').close()"

# --- runtime ---------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-slim AS runtime
# tini as PID 1 forwards SIGTERM to node and reaps zombies (OCR workers are threads, but
# pdf/OCR libraries may spawn helpers); node then runs the platform's graceful shutdown.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ca-certificates lbzip2 bzip2 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Dependencies first (manifests + node_modules, including nested workspace node_modules and
# the @citecheck/* workspace symlinks), then source, then build outputs.
COPY --from=prod-deps /app/ ./
COPY tsconfig.json package.json ./
COPY proto/ proto/
COPY packages/ packages/
COPY services/ services/
COPY gateway/ gateway/
COPY --from=build /app/gateway/supergraph.graphql gateway/supergraph.graphql
COPY --from=build /app/web/dist web/dist
# esbuild bundles, newer than the sources copied above, so they are used (scripts/prepare.mjs).
COPY --from=build /app/packages/reading/dist packages/reading/dist
COPY --from=build /app/packages/cli/dist packages/cli/dist
COPY --from=build /app/services/extraction/dist services/extraction/dist

# `exec` hands the shell's PID to node, so signals from tini reach the service itself.
RUN cat > /usr/local/bin/citecheck-entrypoint <<'EOF'
#!/bin/sh
set -eu
case "${SERVICE:-}" in
  gateway) entry=gateway/src/main.ts ;;
  "") echo "SERVICE is not set (expected gateway or a folder under services/)" >&2; exit 64 ;;
  *) entry="services/${SERVICE}/src/main.ts" ;;
esac
if [ ! -f "$entry" ]; then
  echo "SERVICE=${SERVICE}: $entry does not exist in this image" >&2
  exit 64
fi
exec node --enable-source-maps --import tsx "$entry" "$@"
EOF
RUN chmod 0755 /usr/local/bin/citecheck-entrypoint \
 && mkdir -p /app/data \
 && chown node:node /app/data

ARG SERVICE=gateway
ARG PORT=8080
ENV SERVICE=${SERVICE} \
    NODE_ENV=production \
    MODE=distributed \
    PORT=${PORT} \
    DATA_DIR=/app/data

USER node
EXPOSE ${PORT}

# node:*-slim has neither curl nor wget; Node's own fetch does the probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/citecheck-entrypoint"]
