import { AUTH_PATHS, type TProfileBody, type TSessionUser, ZSessionAnswer } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Saves name, email and username; the server refuses a malformed or taken email or username. */
export async function updateProfile(body: TProfileBody): Promise<TSessionUser> {
  const res = await apiRequest("PUT", AUTH_PATHS.profile, body);
  return ZSessionAnswer.parse(await res.json()).user;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
