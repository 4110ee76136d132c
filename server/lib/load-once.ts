import { createRequire } from "node:module";

/**
 * A library loaded with its first use rather than with the server's start, then kept: most starts
 * never send a mail, parse a registrar's XML or draw a banner, and every library loaded up front
 * is time before the first request is answered (docs/performance.md, cold start).
 *
 * `const parser = loadOnce(async () => new (await import("fast-xml-parser")).XMLParser())`
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * A CommonJS library required with its first use, for callers that answer at once and cannot
 * wait for an import: `const tldts = requireOnce<typeof import("tldts")>("tldts")`, `tldts().parse(name)`.
 */
export function requireOnce<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= createRequire(import.meta.url)(specifier) as T;
    return loaded;
  };
}
