# syntax=docker/dockerfile:1
# The reference image of Lombard: the API (compiled to one JavaScript module) serving the built web app.
# Multi-stage: the build stage has the whole toolchain; the runtime stage only Node, the production
# dependencies and the built files, and runs as an unprivileged user. See deploy/compose.yaml and the
# README's "Reference deployment" for how instances, PostgreSQL, Redis and the object store fit together.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: install everything, build the web app (client + server renderer) and the API bundle ---------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/api apps/api
RUN npm run build -w @lombard/web && npm run build -w @lombard/api
# Only what the server needs at run time: drop the development dependencies.
RUN npm prune --omit=dev --no-audit --no-fund

# --- runtime --------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/lombard
WORKDIR /app
# The bundle finds its locales, migrations and the web build beside it, in the repository's layout.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/start.sh apps/api/
COPY --from=build /app/apps/api/src/locales apps/api/src/locales
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
# Local files (when no object store is configured) and the embedded database live in DATA_DIR, owned by
# the unprivileged user; the application itself stays read-only to it.
RUN mkdir -p /var/lib/lombard && chown node:node /var/lib/lombard && chmod 0700 /var/lib/lombard
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# start.sh: the memory settings the server is measured with (docs/decisions/026); exec keeps node as PID 1.
CMD ["sh", "apps/api/start.sh", "--enable-source-maps", "apps/api/dist/server.js"]
