#!/bin/sh
# Install a Stride release archive (npm run release) into a folder: unpack it, then its production dependencies
# only — no build tools, no patch-package (the patched postgres.js is in the archive's vendor/). The Dockerfile's
# runtime stage runs this script, and so does the CI release test (scripts/release-test.mjs): the same steps.
#   scripts/release-install.sh <archive.tgz> <folder>
set -eu
archive="$1"
dir="$2"
mkdir -p "$dir"
tar -xzf "$archive" -C "$dir" --strip-components=1
cd "$dir"
npm ci --omit=dev --no-audit --no-fund
