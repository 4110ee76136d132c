import { describe, expect, it } from "vitest";
import { TOAST_LIMIT, type ToasterToast, toastReducer } from "@/components/ui/use-toast";

const make = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

describe("toast store", () => {
  it("shows one toast at a time, the newest", () => {
    let state = { toasts: [] as ToasterToast[] };
    state = toastReducer(state, { type: "ADD_TOAST", toast: make("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: make("2") });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates, dismisses and removes a toast by id", () => {
    let state = { toasts: [make("1")] };
    state = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "1", title: "Changed" } });
    expect(state.toasts[0].title).toBe("Changed");
    state = toastReducer(state, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state.toasts[0].open).toBe(false);
    state = toastReducer(state, { type: "REMOVE_TOAST", toastId: "1" });
    expect(state.toasts).toEqual([]);
  });

  it("dismisses and removes every toast when no id is given", () => {
    let state = { toasts: [make("1")] };
    state = toastReducer(state, { type: "DISMISS_TOAST" });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
    state = toastReducer(state, { type: "REMOVE_TOAST" });
    expect(state.toasts).toEqual([]);
  });
});
