#!/usr/bin/env sh
# Runs dependency-cruiser with the JavaScript TypeScript compiler it needs (scripts/depcruise-typescript.mjs).
# With --baseline it rewrites the list of known crossings instead of checking against it.
set -e
cruise="node --import ./scripts/depcruise-typescript.mjs node_modules/dependency-cruiser/bin"
if [ "$1" = "--baseline" ]; then
  exec $cruise/depcruise-baseline.mjs client server shared --config .dependency-cruiser.cjs --output-to .dependency-cruiser-known-violations.json
fi
exec $cruise/dependency-cruise.mjs client server shared --config .dependency-cruiser.cjs --ignore-known --output-type err
