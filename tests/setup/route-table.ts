import type { Express } from "express";

export interface RouteEntry {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
}

interface LayerLike {
  rawPath?: string | string[];
  slash?: boolean;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/**
 * Every API route the app serves, read from Express's own router, so that a suite built on it
 * covers a route the day it is added.
 */
export function listApiRoutes(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        for (const path of paths) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method === "_all") continue;
            routes.push({ method: method.toUpperCase() as RouteEntry["method"], path: join(prefix, path) });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = layer.slash ? "" : ([] as string[]).concat(layer.rawPath ?? "")[0];
        walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  const root = (app as unknown as { router: { stack: LayerLike[] } }).router;
  walk(root.stack, "");
  const seen = new Set<string>();
  return routes
    .filter((r) => r.path.startsWith("/api/"))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const join = (a: string, b: string) => `${a}/${b}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");

/** The route's path with each `:param` replaced by `values[param]` (or `fallback`). */
export function fillPath(path: string, values: Record<string, string>, fallback?: string): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? fallback ?? `:${name}`);
}

export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
