import { ApiError } from "./api-error";
import { reauthenticated } from "./reauth";

/** How a request is sent beyond its method, path and body. */
export interface RequestOptions {
  /** Cancels the request (a query that is no longer wanted). */
  signal?: AbortSignal;
  /** The type of a raw body (a file); its own type, or `application/octet-stream`, when left out. */
  contentType?: string;
  /** Headers beyond the body's type (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

function encode(body: unknown, options: RequestOptions): { headers?: HeadersInit; body?: BodyInit } {
  const extra = options.headers ?? {};
  if (body === undefined) return { headers: extra };
  if (body instanceof Blob) {
    return {
      headers: { ...extra, "Content-Type": options.contentType ?? (body.type || "application/octet-stream") },
      body,
    };
  }
  return { headers: { ...extra, "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

/**
 * The one way the client calls the API: cookies included, a body sent as JSON (a file as itself).
 * A refused request throws an `ApiError` with the answer's status, code, message and issues. A
 * change that needs a fresh sign-in asks for the password again and is retried once.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const send = () =>
    fetch(url, { method, ...encode(body, options), credentials: "include", signal: options.signal });
  let res = await send();
  if (await reauthenticated(res)) res = await send();
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}
