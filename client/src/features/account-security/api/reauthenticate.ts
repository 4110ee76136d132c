import { SECURITY_PATHS, type TReauthBody } from "@shared/api/security";
import { apiRequest } from "@/lib/api-client";

/** Confirms it's the user (password, and a code when 2FA is on) for the next ten minutes. */
export async function reauthenticate(body: TReauthBody): Promise<void> {
  await apiRequest("POST", SECURITY_PATHS.reauthenticate, body);
}
