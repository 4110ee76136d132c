import { describe, expect, it } from "vitest";
import { getSession } from "@/features/auth/api/get-session";
import { apiRequest } from "@/lib/api-client";
import { ApiError, apiErrorMessage, errorMessage } from "@/lib/api-error";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { localServerForFile, sendJson } from "./local-server";

const server = localServerForFile();

async function refusal(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the api client's one request function", () => {
  it("sends the body as JSON and answers the response when the request succeeds", async () => {
    server.handle((_req, res) => sendJson(res, 201, { ok: true }));
    const res = await apiRequest("POST", LEADS_PATH, { email: "a@b.co" });
    expect(await res.json()).toEqual({ ok: true });
    expect(server.received).toMatchObject([{ method: "POST", url: LEADS_PATH, body: { email: "a@b.co" } }]);
    expect(server.received[0].headers["content-type"]).toBe("application/json");
  });

  it("sends the headers it is given beside the body's type", async () => {
    server.handle((_req, res) => sendJson(res, 201, { ok: true }));
    await apiRequest(
      "POST",
      LEADS_PATH,
      { email: "a@b.co" },
      { headers: { "Idempotency-Key": "key-12345678" } },
    );
    await apiRequest("DELETE", LEADS_PATH, undefined, { headers: { "Idempotency-Key": "key-87654321" } });
    expect(
      server.received.map((r) => [r.method, r.headers["idempotency-key"], r.headers["content-type"]]),
    ).toEqual([
      ["POST", "key-12345678", "application/json"],
      ["DELETE", "key-87654321", undefined],
    ]);
  });

  it("throws an ApiError that keeps the server's status, code, message and field issues", async () => {
    const issues = [{ path: ["username"], message: "Username must be at least 3 characters" }];
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: Username must be at least 3 characters",
        code: "BAD_REQUEST",
        issues,
      }),
    );
    const error = await refusal(apiRequest("POST", AUTH_PATHS.register, {}));
    expect(error.status).toBe(400);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Invalid input: Username must be at least 3 characters");
    expect(error.issues).toEqual(issues);
  });

  it("reads an answer without a JSON body as its text, or its status text when it is empty", async () => {
    server.handle((_req, res) =>
      res.writeHead(502, { "Content-Type": "text/plain" }).end("Bad gateway upstream"),
    );
    const text = await refusal(apiRequest("GET", "/api/x"));
    expect([text.status, text.code, text.message, text.issues]).toEqual([
      502,
      undefined,
      "Bad gateway upstream",
      [],
    ]);

    server.handle((_req, res) => res.writeHead(503, "Service Unavailable").end());
    const empty = await refusal(apiRequest("GET", "/api/x"));
    expect([empty.status, empty.message]).toEqual([503, "Service Unavailable"]);
  });

  it("shows the server's reason, and the fallback for an error that is not the server's", async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, { message: "This username is already taken.", code: "CONFLICT" }),
    );
    const error = await refusal(apiRequest("PATCH", AUTH_PATHS.profile, {}));
    expect(apiErrorMessage(error, "fallback")).toBe("This username is already taken.");
    expect(apiErrorMessage(new TypeError("Failed to fetch"), "Login failed.")).toBe("Login failed.");
    expect(errorMessage(new TypeError("Failed to fetch"), "Please try again.")).toBe("Failed to fetch");
    expect(errorMessage(new Error(""), "Please try again.")).toBe("Please try again.");
  });

  it("reads the session as null when signed out and throws on any other failure", async () => {
    server.handle((_req, res) => sendJson(res, 401, { message: "Please sign in", code: "UNAUTHORIZED" }));
    await expect(getSession()).resolves.toBeNull();
    server.handle((_req, res) => sendJson(res, 500, { message: "down", code: "INTERNAL" }));
    const error = await refusal(getSession());
    expect([error.status, error.message]).toEqual([500, "down"]);
  });
});
