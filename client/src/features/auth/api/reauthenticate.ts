import { SECURITY_PATHS, type TReauthBody } from "@shared/api/auth/security";
import { apiRequest } from "@/lib/api-client";

/**
 * Confirms it's the user (password, and a code when 2FA is on) for the next ten minutes. The
 * answer is read to its end before the change is retried: the session store writes the
 * confirmation while the answer's end is still on its way.
 */
export async function reauthenticate(body: TReauthBody): Promise<void> {
  const res = await apiRequest("POST", SECURITY_PATHS.reauthenticate, body);
  await res.json();
}
