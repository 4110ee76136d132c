import { describe, expect, it } from "vitest";
import { cleanDisplayName, hasVisibleCharacter } from "./display-name";

describe("a display name's visible characters", () => {
  it.each([
    "\u200b",
    "\u200c\u200d\u2060\ufeff",
    "\u3164\u115f\u1160\uffa0",
    "\u2800",
    "\u00ad",
    "\ufe0f\u{e0100}",
    "\u0301\u0308",
    "\u{e0041}",
    "\ue000",
    " \t\u3000\u00a0\u2028",
    "",
  ])("%j has none", (name) => {
    expect(hasVisibleCharacter(name)).toBe(false);
  });

  it.each(["A", "é", "李", "ا", "👍", "\u200bx", "-", "1"])("%j has one", (name) => {
    expect(hasVisibleCharacter(name)).toBe(true);
  });

  it("cleaning removes a right-to-left override, leaving the letters", () => {
    expect(cleanDisplayName("\u202eAnna\u202c ")).toBe("Anna");
  });
});
