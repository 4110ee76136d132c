import { describe, expect, it } from "vitest";
import { loadOnce, requireOnce } from "./load-once";

describe("libraries loaded with their first use", () => {
  it("loads once however many callers ask, at once or later, and hands each the same library", async () => {
    let loads = 0;
    const library = loadOnce(async () => {
      loads += 1;
      return { name: "library" };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([library(), library()]);
    const later = await library();
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(later).toBe(first);
  });

  it("requires a CommonJS package with the first call and answers the package itself", () => {
    const qrcode = requireOnce<typeof import("qrcode")>("qrcode");
    expect(typeof qrcode().create).toBe("function");
    expect(qrcode()).toBe(qrcode());
  });
});
