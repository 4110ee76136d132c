import type { QueryFunction } from "@tanstack/react-query";
import { reauthenticated } from "./reauth";

/**
 * Turns a non-OK response into an error whose message is "<status>: <body text>", or
 * "<status>: <status text>" when the body is empty (spec §7, generic request behaviour).
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * The one way the client calls the API: cookies included, a body sent as JSON. A change that
 * needs a fresh sign-in asks for the password again and is retried once.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const send = () =>
    fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
    });
  let res = await send();
  if (await reauthenticated(res)) res = await send();
  await throwIfResNotOk(res);
  return res;
}

/** Segments of a query key become the path: ["/api/domains", id, "services"] → "/api/domains/<id>/services". */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  return queryKey
    .filter((part): part is string | number => typeof part === "string" || typeof part === "number")
    .join("/");
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** The default read: GET on the path made of the query key; a 401 either throws or yields null. */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToPath(queryKey), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
