import { describe, expect, it } from "vitest";
import { loginHref, safeNextPath } from "@/lib/next-path";

describe("where the sign-in page goes next", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeNextPath("/team/accept?token=abc_DEF-123")).toBe("/team/accept?token=abc_DEF-123");
    expect(safeNextPath("/dashboard")).toBe("/dashboard");
    expect(safeNextPath("/settings#billing")).toBe("/settings#billing");
    expect(safeNextPath("/marketplace/deals?buy=1&from=lander")).toBe("/marketplace/deals?buy=1&from=lander");
  });

  it("refuses nothing, an empty value and anything that is not a path", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath("")).toBeNull();
    expect(safeNextPath("dashboard")).toBeNull();
    expect(safeNextPath("./dashboard")).toBeNull();
    expect(safeNextPath("?next=/dashboard")).toBeNull();
  });

  it("refuses every way of naming another site", () => {
    for (const raw of [
      "https://evil.example/team/accept",
      "http://evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example",
      "//evil.example/team/accept?token=x",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      " /dashboard",
      "/ /evil.example",
      "/\u0001/evil.example",
      "/\u007f",
    ]) {
      expect(safeNextPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it("keeps an encoded slash or backslash encoded, which browsers never read as a new origin", () => {
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeNextPath("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("refuses a path longer than any link of the product", () => {
    expect(safeNextPath(`/${"a".repeat(2047)}`)).toBe(`/${"a".repeat(2047)}`);
    expect(safeNextPath(`/${"a".repeat(2048)}`)).toBeNull();
  });

  it("builds the sign-in link that comes back, with the next path encoded once", () => {
    const next = "/team/accept?token=abc_DEF-123";
    const href = loginHref({ next, register: true, email: "ana+team@example.com" });
    expect(href).toBe(
      "/login?mode=register&email=ana%2Bteam%40example.com&next=%2Fteam%2Faccept%3Ftoken%3Dabc_DEF-123",
    );
    const params = new URLSearchParams(href.split("?")[1]);
    expect(safeNextPath(params.get("next"))).toBe(next);
    expect(params.get("email")).toBe("ana+team@example.com");
    expect(loginHref()).toBe("/login");
    expect(loginHref({ next: "/dashboard" })).toBe("/login?next=%2Fdashboard");
  });
});
