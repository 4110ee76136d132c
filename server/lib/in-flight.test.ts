import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight";

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("InFlight", () => {
  it("waits for the work tracked, and for work tracked while it waits", async () => {
    const inFlight = new InFlight();
    const done: string[] = [];
    void inFlight.track(later(20, "first")).then((v) => {
      done.push(v);
      void inFlight.track(later(20, "second")).then((w) => done.push(w));
    });
    await inFlight.settled();
    expect(done).toEqual(["first", "second"]);
    expect(inFlight.size).toBe(0);
  });

  it("answers the work unchanged, its rejection included, and a rejection does not end the wait early", async () => {
    const inFlight = new InFlight();
    const failing = inFlight.track(Promise.reject(new Error("no")));
    await expect(failing).rejects.toThrow("no");
    let slowDone = false;
    void inFlight.track(later(20, 1)).then(() => {
      slowDone = true;
    });
    expect(await inFlight.track(Promise.resolve(42))).toBe(42);
    await inFlight.settled();
    expect(slowDone).toBe(true);
  });
});
