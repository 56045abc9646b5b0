#!/bin/sh
# CI for the VS Code extension: a clean install from the lock file, the
# tests, the .vsix, and what is in it. Run from anywhere; needs Node 20+,
# npm and Go (the tests build robotslint unless $ROBOTSLINT names a binary).
# With $ROBOTSLINT_RELEASE set to a release directory (go run ./cmd/release
# -out DIR), it also packs the platform packages into DIR/vscode and tests
# them (test/vsix.test.mjs).
set -eu
cd "$(dirname "$0")/.."
start=$(date +%s)
npm ci --no-audit --no-fund
if [ -n "${ROBOTSLINT_RELEASE:-}" ]; then
	node scripts/package-platforms.mjs "$ROBOTSLINT_RELEASE"
fi
npm test
npm run package
vsix=robotslint-$(node -p 'require("./package.json").version').vsix
unzip -l "$vsix"
echo "scripts/ci.sh: $vsix built and tested in $(( $(date +%s) - start ))s"
