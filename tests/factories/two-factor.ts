import { Secret, TOTP } from "otpauth";
import type request from "supertest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** Turns two-factor sign-in on for the agent's account; answers the secret and recovery codes. */
export async function enableTwoFactor(agent: request.Agent) {
  const setup = await agent.post(SECURITY_PATHS.twoFactorSetup).send({});
  if (setup.status !== 200)
    throw new Error(`2FA setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const enabled = await agent.post(SECURITY_PATHS.twoFactorEnable).send({ code: totpCode(secret) });
  if (enabled.status !== 200) throw new Error(`2FA enable failed: ${enabled.status}`);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
