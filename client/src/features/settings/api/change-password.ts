import { AUTH_PATHS, type TChangePasswordBody } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Checks the current password, sets the new one and signs the user's other sessions out. */
export async function changePassword(body: TChangePasswordBody): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.changePassword, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
