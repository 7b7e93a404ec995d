# syntax=docker/dockerfile:1
#
# Plansmith in one image: the server (run by tsx, as `npm start` runs it, decision 0001) and the
# built client. How to run several of these: "Running several instances" in README.md; compose.yaml
# runs two behind a proxy. Written on a machine without Docker: never built there (decision 0029).

ARG NODE_VERSION=22

# --- build: all dependencies, the client build, then only what runs ---------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles itself when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# --- runtime: no compilers, no dev dependencies, not root -------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/assets ./assets
COPY --from=build /app/dist/client ./dist/client
# The viewer's first screen, rendered per request (decision 0040).
COPY --from=build /app/dist/ssr ./dist/ssr
# DATA_DIR: the SQLite file and uploads of a single instance (empty on PostgreSQL with S3).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers while the process serves, without touching the database; the proxy in front
# asks /readyz, which does (decision 0028).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is the main process: SIGTERM reaches the app, which drains and exits.
CMD ["node", "--import", "tsx", "src/server/main.ts"]
