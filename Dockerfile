# One image runs every role: the gateway, any service (SERVICE), API or worker (ROLE), or the embedded app.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY proto/package.json proto/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY services/accounts/package.json services/accounts/
COPY services/portfolio/package.json services/portfolio/
COPY services/pricing/package.json services/pricing/
COPY services/networth/package.json services/networth/
COPY services/brokerage/package.json services/brokerage/
COPY services/billing/package.json services/billing/
COPY services/chat/package.json services/chat/
COPY services/import/package.json services/import/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080
COPY --from=build /app /app
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
# the import-uploads volume (docker-compose.yml) takes this folder's owner when Docker first creates it
RUN mkdir -p /tmp/folio/import-uploads && chown -R node:node /tmp/folio && chmod 700 /tmp/folio/import-uploads
USER node
EXPOSE 8080
# overridden per container in docker-compose.yml
CMD ["node", "--import", "tsx", "gateway/src/embedded.ts"]
