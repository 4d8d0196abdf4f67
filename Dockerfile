FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/dev-sso/package.json apps/dev-sso/
COPY workers/package.json workers/
COPY scripts/package.json scripts/
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY packages/queue/package.json packages/queue/
COPY packages/storage/package.json packages/storage/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build -w @portal/web
ENV NODE_ENV=production
EXPOSE 8000
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
