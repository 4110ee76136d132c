import { SECURITY_PATHS } from "@shared/api/auth/security";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Mails a reset link if the address has an account; the answer is the same either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest("POST", SECURITY_PATHS.passwordReset, { email });
}

/** Sets the new password from a reset link's token; every session of the account ends. */
export async function confirmPasswordReset(body: { token: string; password: string }): Promise<void> {
  await apiRequest("POST", SECURITY_PATHS.passwordResetConfirm, body);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
