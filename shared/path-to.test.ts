import { describe, expect, it } from "vitest";
import { pathTo } from "./path-to";

describe("pathTo", () => {
  it("fills each parameter, a suffix after a dot included", () => {
    expect(pathTo("/api/billing/receipts/:orderId.pdf", { orderId: "o-1" })).toBe(
      "/api/billing/receipts/o-1.pdf",
    );
    expect(pathTo("/api/domains/:id/pages/:version", { id: "d", version: 3 })).toBe("/api/domains/d/pages/3");
  });

  it("encodes values, so that one cannot reach another route or add a query", () => {
    expect(pathTo("/api/support/tickets/:id", { id: "../admin?x=1#y" })).toBe(
      "/api/support/tickets/..%2Fadmin%3Fx%3D1%23y",
    );
  });

  it("leaves a pattern without parameters as it is", () => {
    expect(pathTo("/api/health")).toBe("/api/health");
  });

  it("refuses a missing value instead of sending ':id'", () => {
    expect(() => pathTo("/api/domains/:id", {} as { id: string })).toThrow("/api/domains/:id needs :id");
  });
});
