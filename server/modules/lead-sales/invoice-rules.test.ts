import { describe, expect, it } from "vitest";
import { invoiceNumber, invoiceToken, tokenHash } from "./invoice-token";
import { previousMonth } from "./issue-invoice";

const settings = { appUrl: "https://parkpilot.test", tokenSecret: "a-secret-of-some-length" };

describe("lead invoice rules", () => {
  it("the monthly run bills the UTC month before, across a year's end", () => {
    expect(previousMonth(new Date("2026-11-01T06:00:00Z"))).toBe("2026-10");
    expect(previousMonth(new Date("2027-01-01T00:00:00Z"))).toBe("2026-12");
    expect(previousMonth(new Date("2026-03-31T23:59:59Z"))).toBe("2026-02");
  });

  it("a pay token is the same for one invoice, differs between invoices and secrets, and its hash is not it", () => {
    const id = "11111111-2222-4333-8444-555555555555";
    const token = invoiceToken(settings, id);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(invoiceToken(settings, id)).toBe(token);
    expect(invoiceToken(settings, "11111111-2222-4333-8444-555555555556")).not.toBe(token);
    expect(invoiceToken({ ...settings, tokenSecret: "another-secret-entirely" }, id)).not.toBe(token);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token);
  });

  it("numbers read LI and six digits", () => {
    expect(invoiceNumber(42)).toBe("LI-000042");
    expect(invoiceNumber(1234567)).toBe("LI-1234567");
  });
});
