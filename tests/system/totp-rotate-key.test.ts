import { beforeAll, describe, expect, it } from "vitest";
import { npmRun } from "../setup/child-process";
import { serverDatabaseForTests } from "../setup/server-database";

/** `npm run totp:rotate-key` on a PostgreSQL server: clear and old-key secrets end under the first key. */
const K1 = `k1:${"1".repeat(40)}`;
const K2 = `k2:${"2".repeat(40)}`;
const CLEAR = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

const database = serverDatabaseForTests();
beforeAll(async () => {
  const { rows } = await database.client.query(`
    insert into users (name, username, email, password_hash, referral_code)
    values ('Clear Secret', 'clear_secret', 'clear-secret@example.com', 'x', 'CLEARSECRET') returning id
  `);
  await database.client.query("insert into two_factor (user_id, secret, enabled_at) values ($1, $2, now())", [
    rows[0].id,
    CLEAR,
  ]);
});

const rotate = (key: string) =>
  npmRun("totp:rotate-key", { DATABASE_URL: database.url, TOTP_ENCRYPTION_KEY: key }, { timeoutMs: 90_000 });
const stored = async () =>
  (await database.client.query("select secret, secret_key_id from two_factor")).rows[0] as {
    secret: string;
    secret_key_id: string | null;
  };

describe("npm run totp:rotate-key", () => {
  it("encrypts a clear secret under the first key, then moves it to a new first key", async () => {
    const first = await rotate(K1);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('1 authenticator secrets are now encrypted under key "k1"');
    const underK1 = await stored();
    expect(underK1.secret_key_id).toBe("k1");
    expect(underK1.secret).not.toContain(CLEAR);

    const second = await rotate(`${K2},${K1}`);
    expect(second.code, second.stderr).toBe(0);
    const underK2 = await stored();
    expect(underK2.secret_key_id).toBe("k2");
    expect(underK2.secret).not.toBe(underK1.secret);
  });

  it("exits 1, naming the key, when a secret's key is no longer configured", async () => {
    const refused = await rotate(`k3:${"3".repeat(40)}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"k2"');
    expect((await stored()).secret_key_id).toBe("k2");
  });
});
