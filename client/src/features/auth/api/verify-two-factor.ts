import { SECURITY_PATHS } from "@shared/api/auth/security";
import { useMutation } from "@tanstack/react-query";
import { readSignInResult, type SignInResult } from "@/lib/api/sign-in-result";
import { apiRequest } from "@/lib/api-client";

/** The second step of sign-in: an authenticator code or a recovery code. */
export async function verifyTwoFactor(code: string): Promise<SignInResult> {
  return readSignInResult(await apiRequest("POST", SECURITY_PATHS.twoFactorVerify, { code }));
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
