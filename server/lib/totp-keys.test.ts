import { describe, expect, it } from "vitest";
import { readTotpKeys, sessionKeyId } from "./config";
import { createSecretBox } from "./secret-box";

const SESSION = "a-session-secret-of-some-length";
const LONG = "x".repeat(32);

describe("TOTP_ENCRYPTION_KEY", () => {
  it("unset, is one key derived from SESSION_SECRET, named for it", () => {
    const keys = readTotpKeys(undefined, SESSION);
    expect(keys).toEqual([{ id: sessionKeyId(SESSION), secret: SESSION }]);
    expect(sessionKeyId(SESSION)).toMatch(/^session-[0-9a-f]{8}$/);
    expect(sessionKeyId("another-session-secret")).not.toBe(sessionKeyId(SESSION));
  });

  it("lists its keys in order, the first sealing, with the derived key last for reading", () => {
    const keys = readTotpKeys(`k2:${LONG}, k1:${LONG}y`, SESSION);
    expect(keys.map((k) => k.id)).toEqual(["k2", "k1", sessionKeyId(SESSION)]);
  });

  it.each([
    ["a short secret", "k1:short"],
    ["no id", LONG],
    ["an id with a space", `my key:${LONG}`],
    ["the same id twice", `k1:${LONG},k1:${LONG}`],
  ])("refuses %s, without echoing a secret", (_label, value) => {
    expect(() => readTotpKeys(value, SESSION)).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => readTotpKeys(value, SESSION)).not.toThrow(LONG);
  });
});

describe("the secret box", () => {
  const box = createSecretBox(
    [
      { id: "new", secret: "n".repeat(32) },
      { id: "old", secret: "o".repeat(32) },
    ],
    "test",
  );
  const oldOnly = createSecretBox([{ id: "old", secret: "o".repeat(32) }], "test");

  it("seals under the first key, differently each time, and opens what it sealed", () => {
    const a = box.seal("JBSWY3DPEHPK3PXP", "user-1");
    const b = box.seal("JBSWY3DPEHPK3PXP", "user-1");
    expect(a.keyId).toBe("new");
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.open(a.sealed, a.keyId, "user-1")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("opens what an older key sealed, while that key is listed", () => {
    const sealed = oldOnly.seal("secret", "user-1");
    expect(box.open(sealed.sealed, "old", "user-1")).toBe("secret");
  });

  it("refuses another owner's value, an altered one and an unknown key", () => {
    const { sealed } = box.seal("secret", "user-1");
    expect(() => box.open(sealed, "new", "user-2")).toThrow();
    const flipped = Buffer.from(sealed, "base64url");
    flipped[14] ^= 1;
    expect(() => box.open(flipped.toString("base64url"), "new", "user-1")).toThrow();
    expect(() => oldOnly.open(sealed, "new", "user-1")).toThrow(/no key/);
  });
});
