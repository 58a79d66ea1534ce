# Stride's container image, made with the release steps that CI tests (README "Production"): the build stage runs
# `npm run release`, the runtime stage installs the archive with scripts/release-install.sh (production dependencies
# only, as a non-root user) and starts it with the command below — CI's release stage (scripts/release-test.ts) runs
# that same script and starts the release with this CMD. The image itself is not built in CI (no Docker engine there).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run release

FROM node:${NODE_VERSION}-bookworm-slim
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
RUN mkdir -p /app /data && chown node:node /app /data
COPY --from=build /src/release/stride-*.tgz /tmp/stride.tgz
COPY --from=build /src/scripts/release-install.sh /tmp/release-install.sh
USER node
RUN sh /tmp/release-install.sh /tmp/stride.tgz /app && npm cache clean --force
WORKDIR /app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-old-space-size=512", "bin/stride.mjs", "start"]
