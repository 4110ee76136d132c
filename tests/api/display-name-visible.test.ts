import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { signUp, userInput } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Names that render as nothing: zero-width, format, filler and blank characters only. */
const INVISIBLE_NAMES = [
  ["a zero-width space", "\u200b"],
  ["zero-width joiners and spaces", "\u200d\u200b\u2060"],
  ["a Hangul filler", "\u3164"],
  ["a blank Braille pattern between spaces", " \u2800 "],
  ["a soft hyphen and a variation selector", "\u00ad\ufe0f"],
  ["a combining accent alone", "\u0301"],
  ["an em space around a zero-width space", "\u2003\u200b\u3000"],
];

describe("display names need a visible character", () => {
  it.each(INVISIBLE_NAMES)(
    "registration refuses %s with 400 and creates no account",
    async (_label, name) => {
      const input = userInput({ name });

      const res = await request(t.app).post(AUTH_PATHS.register).send(input);

      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/visible character/);
      const { rows } = await t.db.execute(
        sql`select 1 from users where lower(username) = ${input.username.toLowerCase()}`,
      );
      expect(rows).toHaveLength(0);
    },
  );

  it.each(INVISIBLE_NAMES)("Settings refuses %s with 400 and keeps the name", async (_label, name) => {
    const { agent, input, user } = await signUp(t.app);

    const res = await agent
      .put(AUTH_PATHS.profile)
      .send({ name, email: input.email, username: input.username });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/visible character/);
    const { rows } = await t.db.execute<{ name: string }>(sql`select name from users where id = ${user.id}`);
    expect(rows[0].name).toBe(input.name);
  });

  it("a name with one visible character among invisible ones is kept as written", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.register)
      .send(userInput({ name: "\u200b李\u200b" }));

    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe("\u200b李\u200b");
  });
});
