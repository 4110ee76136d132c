import { randomBytes } from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import type { TRegisterBody, TSessionUser } from "../../shared/api/auth/sign-in";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";

export function userInput(overrides: Partial<TRegisterBody> = {}): TRegisterBody {
  const tag = randomBytes(4).toString("hex");
  return {
    name: `Owner ${tag}`,
    username: `owner_${tag}`,
    email: `owner_${tag}@example.com`,
    password: "correct-horse-battery",
    timeZone: "UTC",
    ...overrides,
  };
}

/** Registers a user through the API and returns an agent that carries its session cookie. */
export async function signUp(app: Express, overrides: Partial<TRegisterBody> = {}) {
  const input = userInput(overrides);
  const agent = request.agent(app);
  const res = await agent.post(AUTH_PATHS.register).send(input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, input, user: res.body.user as TSessionUser };
}
