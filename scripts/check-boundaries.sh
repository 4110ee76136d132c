#!/usr/bin/env sh
# Runs dependency-cruiser with the JavaScript TypeScript compiler it needs (scripts/depcruise-typescript.mjs):
# first the file rules of .dependency-cruiser.cjs, then the folder loops (scripts/check-folder-cycles.mjs)
# on the same import graph.
set -e
cruise="node --import ./scripts/depcruise-typescript.mjs node_modules/dependency-cruiser/bin"
graph="$(mktemp)"
trap 'rm -f "$graph"' EXIT
# One cruise: its JSON gives both the file rules' verdict (formatted as errors) and the import graph.
$cruise/dependency-cruise.mjs client server shared --config .dependency-cruiser.cjs --output-type json --output-to "$graph"
$cruise/depcruise-fmt.mjs --output-type err --exit-code "$graph"
node scripts/check-folder-cycles.mjs <"$graph"
