import { AUTH_PATHS, type TLoginBody, ZLoginAnswer } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Signs in with the password; `twoFactorRequired` means a code must follow (no session yet). */
export async function login(body: TLoginBody): Promise<{ twoFactorRequired: boolean }> {
  const res = await apiRequest("POST", AUTH_PATHS.login, body);
  const answer = ZLoginAnswer.parse(await res.json());
  return { twoFactorRequired: answer.twoFactorRequired === true };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
