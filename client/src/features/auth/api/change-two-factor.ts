import {
  SECURITY_PATHS,
  type TTwoFactorSetup,
  ZRecoveryCodesAnswer,
  ZTwoFactorSetup,
} from "@shared/api/auth/security";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Starts enrolment: a new secret and its QR code, not yet in force. */
export async function setupTwoFactor(): Promise<TTwoFactorSetup> {
  const res = await apiRequest("POST", SECURITY_PATHS.twoFactorSetup, {});
  return ZTwoFactorSetup.parse(await res.json());
}

/** Turns two-factor sign-in on with a first code; answers the ten recovery codes (shown once). */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const res = await apiRequest("POST", SECURITY_PATHS.twoFactorEnable, { code });
  return ZRecoveryCodesAnswer.parse(await res.json()).recoveryCodes;
}

export async function disableTwoFactor(code: string): Promise<void> {
  await apiRequest("POST", SECURITY_PATHS.twoFactorDisable, { code });
}

/** Replaces every recovery code with ten new ones. */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  const res = await apiRequest("POST", SECURITY_PATHS.recoveryCodes, { code });
  return ZRecoveryCodesAnswer.parse(await res.json()).recoveryCodes;
}

/** A mutation that refreshes the 2FA status (and the security log) when it succeeds. */
function useTwoFactorMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auditLog });
    },
  });
}

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
export const useEnableTwoFactor = () => useTwoFactorMutation(enableTwoFactor);
export const useDisableTwoFactor = () => useTwoFactorMutation(disableTwoFactor);
export const useRegenerateRecoveryCodes = () => useTwoFactorMutation(regenerateRecoveryCodes);
