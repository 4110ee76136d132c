import type { TChangePasswordBody } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const CHANGE_PASSWORD_PATH = "/api/auth/change-password";

/** Checks the current password, sets the new one and signs the user's other sessions out. */
export async function changePassword(body: TChangePasswordBody): Promise<void> {
  await apiRequest("POST", CHANGE_PASSWORD_PATH, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
