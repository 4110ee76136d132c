import { AUTH_PATHS, type TLoginBody, ZLoginAnswer } from "@shared/api/auth/sign-in";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * Signs in with the password; `twoFactorRequired` means a second factor must follow (no session
 * yet): a code, or a passkey or security key when `webauthn`; `deviceApprovalRequired` that this
 * device waits for approval.
 */
export async function login(body: TLoginBody): Promise<{
  twoFactorRequired: boolean;
  deviceApprovalRequired: boolean;
  totp: boolean;
  webauthn: boolean;
}> {
  const res = await apiRequest("POST", AUTH_PATHS.login, body);
  const answer = ZLoginAnswer.parse(await res.json());
  return {
    twoFactorRequired: answer.twoFactorRequired === true,
    deviceApprovalRequired: answer.deviceApprovalRequired === true,
    // An older server's answer names no factors: the code step, as before.
    totp: answer.secondFactors?.totp ?? true,
    webauthn: answer.secondFactors?.webauthn === true,
  };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
