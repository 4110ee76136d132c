import { describe, expect, it } from "vitest";
import { errorAfterColon, errorAfterStatus, extractMessage } from "@/lib/error-text";

describe("error text for toasts", () => {
  it("takes the JSON message out of an API error", () => {
    const error = new Error('409: {"message":"This username is already taken."}');
    expect(errorAfterColon(error, "fallback")).toBe("This username is already taken.");
    expect(errorAfterStatus(error, "fallback")).toBe("This username is already taken.");
  });

  it("keeps plain text after the first colon only", () => {
    expect(errorAfterColon(new Error("500: Internal: broken"), "fallback")).toBe("Internal: broken");
  });

  it("uses the fallback when there is no colon or nothing after it", () => {
    expect(errorAfterColon(new Error("Failed to fetch"), "Login failed.")).toBe("Login failed.");
    expect(errorAfterColon(new Error("401: "), "Login failed.")).toBe("Login failed.");
    expect(errorAfterColon("not an error", "Login failed.")).toBe("Login failed.");
  });

  it("for leads, shows a message without a status as it is, and the fallback only when empty", () => {
    expect(errorAfterStatus(new Error("Failed to fetch"), "Please try again in a moment.")).toBe(
      "Failed to fetch",
    );
    expect(errorAfterStatus(new Error(""), "Please try again in a moment.")).toBe(
      "Please try again in a moment.",
    );
    expect(errorAfterStatus(new Error("503: Service Unavailable"), "x")).toBe("Service Unavailable");
  });

  it("leaves JSON without a string message as text", () => {
    expect(extractMessage('{"error":1}')).toBe('{"error":1}');
    expect(extractMessage("{not json")).toBe("{not json");
  });
});
