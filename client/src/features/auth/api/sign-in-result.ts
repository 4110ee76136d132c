import { ZSignInStepAnswer } from "@shared/api/auth/devices";

/** Where a sign-in step left the user: signed in, or waiting for this device to be approved. */
export type SignInResult = "signed-in" | "device-approval";

export async function readSignInResult(res: Response): Promise<SignInResult> {
  const answer = ZSignInStepAnswer.parse(await res.json());
  return "deviceApprovalRequired" in answer ? "device-approval" : "signed-in";
}
