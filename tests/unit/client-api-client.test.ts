import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "@/features/auth/api/get-session";
import { apiRequest } from "@/lib/api-client";

function answer(status: number, body: string, statusText = "") {
  return new Response(body || null, { status, statusText });
}

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("sends JSON with cookies", async () => {
    const fetchMock = vi.fn(async () => answer(201, '{"ok":true}'));
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("POST", "/api/leads", { email: "a@b.co" });
    expect(fetchMock).toHaveBeenCalledWith("/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a@b.co"}',
      credentials: "include",
    });
  });

  it("turns a failed answer into '<status>: <body>', or the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", async () => answer(409, '{"message":"taken"}'));
    await expect(apiRequest("POST", "/x", {})).rejects.toThrow('409: {"message":"taken"}');
    vi.stubGlobal("fetch", async () => answer(503, "", "Service Unavailable"));
    await expect(apiRequest("GET", "/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("reads the session as null when signed out and as an error on any other failure", async () => {
    vi.stubGlobal("fetch", async () => answer(401, '{"message":"Please sign in"}'));
    await expect(getSession()).resolves.toBeNull();
    vi.stubGlobal("fetch", async () => answer(500, '{"message":"down"}'));
    await expect(getSession()).rejects.toThrow('500: {"message":"down"}');
  });

  it("refuses a session answer that is not the user", async () => {
    vi.stubGlobal("fetch", async () => answer(200, '{"user":{"id":1}}'));
    await expect(getSession()).rejects.toThrow();
  });
});
