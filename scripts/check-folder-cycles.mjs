/**
 * No two folders need each other: reads dependency-cruiser's JSON (stdin), folds every file into
 * its folder (a module of `server/modules/`, another folder of `server/`, a feature of
 * `client/src/features/`) and fails when an import between two folders closes a loop of folders.
 */
import { readFileSync } from "node:fs";

const FOLDER = /^(server\/modules\/[^/]+|server\/[^/]+(?=\/)|client\/src\/features\/[^/]+)\//;

const folderOf = (file) => FOLDER.exec(file)?.[1] ?? null;

/** Folder → folder → the first file import that makes the edge, for the message. */
function folderGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected folders (Tarjan): each set of two or more is a loop. */
function loops(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const loop = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      loop.add(member);
    } while (member !== folder);
    if (loop.size > 1) found.push(loop);
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

const result = JSON.parse(readFileSync(0, "utf8"));
const graph = folderGraph(result.modules);
const inLoops = [];
for (const loop of loops(graph))
  for (const from of loop)
    for (const [to, via] of graph.get(from) ?? [])
      if (loop.has(to)) inLoops.push({ edge: `${from} → ${to}`, via });
inLoops.sort((a, b) => a.edge.localeCompare(b.edge));

for (const e of inLoops)
  console.error(`  error no-folder-cycles: ${e.edge}\n      (${e.via}) closes a loop of folders`);
if (inLoops.length > 0) {
  console.error(
    `\nx ${inLoops.length} folder imports close a loop. Import the other way, or move what both need down.`,
  );
  process.exit(1);
}
console.log("✔ no folder cycles");
