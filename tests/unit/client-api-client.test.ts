import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, getQueryFn, queryKeyToPath } from "@/lib/api-client";

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

  it("joins query key segments into the path", () => {
    expect(queryKeyToPath(["/api/domains", "abc", "services"])).toBe("/api/domains/abc/services");
    expect(queryKeyToPath(["/api/revenue/dashboard", { range: "7d" }])).toBe("/api/revenue/dashboard");
  });

  it("reads a 401 as null or as an error, as asked", async () => {
    vi.stubGlobal("fetch", async () => answer(401, '{"message":"Please sign in"}'));
    const client = new QueryClient();
    const asNull = getQueryFn<unknown>({ on401: "returnNull" });
    const asError = getQueryFn<unknown>({ on401: "throw" });
    await expect(client.fetchQuery({ queryKey: ["/api/auth/me"], queryFn: asNull })).resolves.toBeNull();
    await expect(client.fetchQuery({ queryKey: ["/api/auth/me", "x"], queryFn: asError })).rejects.toThrow(
      "401: ",
    );
  });
});
