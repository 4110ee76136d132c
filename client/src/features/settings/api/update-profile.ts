import { type TProfileBody, type TSessionUser, ZSessionUser } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const PROFILE_PATH = "/api/auth/profile";
const ZProfileAnswer = z.object({ user: ZSessionUser });

/** Saves name, email and username; the server refuses a malformed or taken email or username. */
export async function updateProfile(body: TProfileBody): Promise<TSessionUser> {
  const res = await apiRequest("PUT", PROFILE_PATH, body);
  return ZProfileAnswer.parse(await res.json()).user;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
