import {
  PASSKEY_PATHS,
  type TPasskeyKind,
  type TPasskeysAnswer,
  ZPasskeysAnswer,
} from "@shared/api/auth/passkeys";
import { pathTo } from "@shared/path-to";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { readSignInResult, type SignInResult } from "./sign-in-result";

/** The account's passkeys and security keys, and which add-ons make them usable. */
export async function getPasskeys(): Promise<TPasskeysAnswer> {
  const res = await apiRequest("GET", PASSKEY_PATHS.list);
  return ZPasskeysAnswer.parse(await res.json());
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.passkeys, queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** Adds a passkey (or security key): the server's options, the browser's ceremony, the server's check. */
export async function addPasskey(input: { kind: TPasskeyKind; name?: string }): Promise<void> {
  const options = await apiRequest("POST", PASSKEY_PATHS.registerOptions, { kind: input.kind });
  const response = await startRegistration({ optionsJSON: await options.json() });
  await apiRequest("POST", PASSKEY_PATHS.registerVerify, { response, name: input.name });
}

/** Signs in with a passkey: alone, or as the second factor after the password. */
export async function signInWithPasskey(): Promise<SignInResult> {
  const options = await apiRequest("POST", PASSKEY_PATHS.loginOptions, {});
  const response = await startAuthentication({ optionsJSON: await options.json() });
  return readSignInResult(await apiRequest("POST", PASSKEY_PATHS.loginVerify, { response }));
}

export async function renamePasskey(input: { id: string; name: string }): Promise<void> {
  await apiRequest("PATCH", pathTo(PASSKEY_PATHS.one, { id: input.id }), { name: input.name });
}

export async function removePasskey(id: string): Promise<void> {
  await apiRequest("DELETE", pathTo(PASSKEY_PATHS.one, { id }));
}

export async function setTwoFactorRequired(required: boolean): Promise<void> {
  await apiRequest("PUT", PASSKEY_PATHS.requireTwoFactor, { required });
}

/** A change that refreshes the list, the 2FA status and the security log when it succeeds. */
function usePasskeyMutation<A>(fn: (arg: A) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
      void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auditLog });
    },
  });
}

export const useAddPasskey = () => usePasskeyMutation(addPasskey);
export const useRenamePasskey = () => usePasskeyMutation(renamePasskey);
export const useRemovePasskey = () => usePasskeyMutation(removePasskey);
export const useSetTwoFactorRequired = () => usePasskeyMutation(setTwoFactorRequired);
export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });
