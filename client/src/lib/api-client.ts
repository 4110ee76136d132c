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
