import { describe, expect, it } from "vitest";
import { normalizeDomainName } from "./domain-name";

describe("which names can be added as domains", () => {
  it.each(["github.io", "blogspot.com", "herokuapp.com", "co.uk", "com"])(
    "%s is a public suffix (ICANN or private), not a domain",
    (name) => {
      expect(normalizeDomainName(name)).toEqual({
        ok: false,
        reason: expect.stringMatching(/public suffix|not a domain name/),
      });
    },
  );

  it.each([
    ["example.com", "example.com"],
    ["example.co.uk", "example.co.uk"],
    ["someone.github.io", "someone.github.io"],
    ["shop.uk.com", "shop.uk.com"],
  ])("%s is a registrable domain", (input, name) => {
    expect(normalizeDomainName(input)).toEqual({ ok: true, name });
  });

  it("a name below a site on a private suffix is a subdomain of that site", () => {
    expect(normalizeDomainName("blog.someone.github.io")).toEqual({
      ok: false,
      reason: "Enter the registrable domain (someone.github.io), not a subdomain",
    });
  });
});
