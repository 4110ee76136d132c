import { describe, expect, it } from "vitest";
import { normalizeZip } from "./normalize-zip";

describe("the lead form's ZIP code", () => {
  it("keeps a ZIP code to its first five digits", () => {
    expect(normalizeZip("ZIP: 10001-1234")).toBe("10001");
    expect(normalizeZip("9a0-2 1")).toBe("9021");
    expect(normalizeZip("")).toBe("");
  });
});
