/**
 * Sensitive changes answer 403 REAUTH_REQUIRED when the sign-in is older than ten minutes. The
 * account area registers a handler that asks for the password (and a code) again and answers
 * whether the user confirmed; the api client then retries the request once.
 */
type ReauthHandler = () => Promise<boolean>;

let handler: ReauthHandler | undefined;

export function setReauthHandler(next: ReauthHandler | undefined): void {
  handler = next;
}

/** True when `res` asks for re-authentication and the user has just given it. */
export async function reauthenticated(res: Response): Promise<boolean> {
  if (res.status !== 403 || !handler) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code === "REAUTH_REQUIRED" ? handler() : false;
}
