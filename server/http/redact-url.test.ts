import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("the request URL the log keeps", () => {
  it.each([
    ["/api/lead-invoices/abcDEF123_-x/checkout", "/api/lead-invoices/[redacted]/checkout"],
    ["/api/lead-invoices/abc?x=1", "/api/lead-invoices/[redacted]?x=1"],
    ["/pay/invoice/abc123?paid=1", "/pay/invoice/[redacted]?paid=1"],
    ["/team/accept?token=s3cret&x=1", "/team/accept?token=[redacted]&x=1"],
    ["/api/unsubscribe?t=s3cret", "/api/unsubscribe?t=[redacted]"],
  ])("hides the secret in %s", (url, kept) => {
    expect(redactUrl(url)).toBe(kept);
  });

  it("keeps a URL without secrets as it is", () => {
    expect(redactUrl("/api/domains?sort=name&limit=50")).toBe("/api/domains?sort=name&limit=50");
  });
});
