# syntax=docker/dockerfile:1
# One image runs every role: the embedded app (the default command), the cluster's gateway, any service
# (API or worker, by ROLE) and compose's kafka-init. It holds the compiled server (dist/server, one bundle
# per entry), the built web app and production dependencies only; it runs as `node`, with its data in the
# /data volume. `docker run -p 8080:8080 -v folio:/data folio` is the whole embedded app.
#
# Node 24 (LTS "Krypton", supported to 2028-04-30): better-sqlite3 12.x, the store's native driver, is
# known to build there. `--build-arg NODE_VERSION=26` builds on the newer LTS line.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
# native addons (better-sqlite3) build from source where no prebuilt binary matches
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY proto/package.json proto/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY services/accounts/package.json services/accounts/
COPY services/achievements/package.json services/achievements/
COPY services/billing/package.json services/billing/
COPY services/brokerage/package.json services/brokerage/
COPY services/chat/package.json services/chat/
COPY services/import/package.json services/import/
COPY services/networth/package.json services/networth/
COPY services/portfolio/package.json services/portfolio/
COPY services/pricing/package.json services/pricing/

# the production dependencies, and nothing else, for the runtime image
FROM base AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# every dependency, the sources, and the build: web/dist and dist/server
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
# memory (docs/performance.md "Memory"): glibc's allocator keeps two arenas, not one per thread that ever
# allocated, and gives blocks over 128 KiB back when freed (its default threshold climbs to 32 MiB); V8's
# nursery of 2 MiB semi-spaces instead of 16, and a 512 MB old generation for every thread, under which V8
# lets a heap grow to 1.4 × what it kept alive instead of 4 × (docs/operations.md "The runtime"). Not V8's
# --optimize-for-size: it took 35 MiB off RSS but 40 % off the cached reads (docs/performance.md "Memory").
# package.json's start and the benches run the app the same way.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    NODE_OPTIONS="--max-semi-space-size=2 --max-old-space-size=512"
# package.json files and node_modules (the root's and any a workspace needs of its own)
COPY --from=prod-deps --chown=node:node /app /app
COPY --from=build --chown=node:node /app/dist /app/dist
COPY --from=build --chown=node:node /app/web/dist /app/web/dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# Node itself asks /healthz: the image carries no other HTTP client
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# compose overrides it per container: node dist/server/<gateway|service|create-topics>.js
CMD ["node", "dist/server/embedded.js"]
