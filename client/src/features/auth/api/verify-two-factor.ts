import { SECURITY_PATHS } from "@shared/api/auth/security";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { readSignInResult, type SignInResult } from "./sign-in-result";

/** The second step of sign-in: an authenticator code or a recovery code. */
export async function verifyTwoFactor(code: string): Promise<SignInResult> {
  return readSignInResult(await apiRequest("POST", SECURITY_PATHS.twoFactorVerify, { code }));
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
