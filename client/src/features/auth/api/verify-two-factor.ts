import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The second step of sign-in: an authenticator code or a recovery code. */
export async function verifyTwoFactor(code: string): Promise<void> {
  await apiRequest("POST", "/api/auth/2fa/verify", { code });
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
