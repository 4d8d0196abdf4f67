# The portal's image: one image, three commands (API, workers, operator scripts).
#   docker build -t portal .
#   docker run portal                                   # the API on :8000
#   docker run -e WORKER_QUEUES=mail portal node --import @portal/telemetry/register-workers workers/dist/main.js
#   docker run portal node scripts/dist/replay-jobs.js --dry-run

# 1. Build: every dependency, the SPA (Vite) and the server side (tsc -b, project references).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/dev-sso/package.json apps/dev-sso/
COPY workers/package.json workers/
COPY scripts/package.json scripts/
COPY e2e/package.json e2e/
COPY packages/process/package.json packages/process/
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY packages/queue/package.json packages/queue/
COPY packages/storage/package.json packages/storage/
COPY packages/webhooks/package.json packages/webhooks/
COPY testing/package.json testing/
COPY packages/telemetry/package.json packages/telemetry/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @portal/web && npx tsc -b && node scripts/production-layout.mjs /out

# 2. Run: production dependencies and the built output only, as the unprivileged user `node`.
FROM node:24-bookworm-slim AS runtime
# GLIBC_TUNABLES: file reads of 1 MB come from the heap and freed memory stays with the process,
# rather than being mapped, faulted in and returned for every chunk (scripts/bench/reports-measure.ts).
# HOST: a container listens on its own interfaces (the API's default is loopback, for npm start);
# which of the host's addresses reach it is the published port's choice (docker run -p).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    NODE_OPTIONS=--conditions=portal-build \
    GLIBC_TUNABLES=glibc.malloc.trim_threshold=536870912:glibc.malloc.mmap_threshold=33554432 \
    STORAGE_DIR=/data/files \
    MAIL_DIR=/data/mail
WORKDIR /app
COPY --from=build /out ./
# The production folder has fewer workspaces than the lock, which npm ci refuses: npm install pins
# the lock's versions and drops what those workspaces do not need (scripts/production-layout.mjs).
RUN npm install --omit=dev --no-audit --no-fund \
    && npm sbom --sbom-format cyclonedx --omit dev --package-lock-only > /app/sbom.cdx.json && npm cache clean --force \
    && mkdir -p /data/files /data/mail && chown -R node:node /data
USER node
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The register file starts OpenTelemetry tracing before pg, ioredis and pino load, when
# OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operating/tracing.md); without it, it does nothing.
CMD ["node", "--import", "@portal/telemetry/register-api", "apps/api/dist/server.js"]
