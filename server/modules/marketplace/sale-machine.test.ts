import { describe, expect, it } from "vitest";
import { allowedEvents, LEASE_MACHINE, SALE_MACHINE, transition } from "./sale-machine";

const ENDS = ["cancelled", "refunded", "lease_ended"];

describe("the escrow state machines", () => {
  it.each([
    ["sale", SALE_MACHINE],
    ["lease", LEASE_MACHINE],
  ] as const)(
    "a %s never leaves an end state, and every state is reachable from awaiting_payment",
    (kind, machine) => {
      for (const end of ENDS) expect(allowedEvents(kind, end)).toEqual([]);
      const reached = new Set(["awaiting_payment"]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const state of [...reached])
          for (const next of Object.values(machine[state as keyof typeof machine] ?? {}))
            if (next && !reached.has(next)) {
              reached.add(next);
              grew = true;
            }
      }
      const unreachable = Object.keys(machine).filter((state) => !reached.has(state));
      // A sale never leases; a lease reaches every state.
      expect(unreachable).toEqual(kind === "sale" ? ["leasing", "lease_ended"] : []);
    },
  );

  it("pays the seller only after the buyer accepts, inspection ends or staff release", () => {
    const intoCompleted = (machine: typeof SALE_MACHINE) =>
      Object.entries(machine).flatMap(([state, events]) =>
        Object.entries(events)
          .filter(([, next]) => next === "completed" && state !== "completed")
          .map(([event]) => event),
      );
    expect(new Set(intoCompleted(SALE_MACHINE))).toEqual(
      new Set(["accepted", "inspection_ended", "released"]),
    );
    expect(new Set(intoCompleted(LEASE_MACHINE))).toEqual(
      new Set(["accepted", "inspection_ended", "released"]),
    );
  });

  it("money taken back after completion undoes the sale; a partial refund keeps its state", () => {
    expect(transition("sale", "completed", "refunded")).toBe("refunded");
    expect(transition("sale", "completed", "charged_back")).toBe("charged_back");
    expect(transition("sale", "completed", "partly_refunded")).toBe("completed");
    expect(transition("sale", "charged_back", "chargeback_won")).toBe("disputed");
  });

  it("a lease's instalment taken back while it runs ends the lease; an unknown event means nothing", () => {
    expect(transition("lease", "leasing", "charged_back")).toBe("lease_ended");
    expect(transition("lease", "leasing", "refunded")).toBe("lease_ended");
    expect(transition("lease", "leasing", "last_instalment_paid")).toBe("awaiting_transfer");
    expect(transition("sale", "awaiting_payment", "accepted")).toBeNull();
    expect(transition("sale", "no-such-state", "paid")).toBeNull();
  });
});
