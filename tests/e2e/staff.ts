import type { Page } from "@playwright/test";
import { totpCode } from "../factories/two-factor";
import { expect, registerThroughApi, uniqueAccount } from "./fixtures";

/**
 * Signs `page` in as staff with a second factor. `email` must be one of the browser server's
 * ADMIN_EMAILS (playwright.config.ts), and each test uses its own: an address registers once.
 */
export async function signInAsStaff(page: Page, email: string) {
  const staff = uniqueAccount({ email });
  await registerThroughApi(page, staff);
  const setup = await (await page.request.post("/api/auth/2fa/setup", { data: {} })).json();
  const enabled = await page.request.post("/api/auth/2fa/enable", { data: { code: totpCode(setup.secret) } });
  expect(enabled.ok()).toBe(true);
  await page.request.post("/api/auth/logout", { data: {} });
  const login = await page.request.post("/api/auth/login", {
    data: { usernameOrEmail: staff.email, password: staff.password },
  });
  expect((await login.json()).twoFactorRequired).toBe(true);
  const verified = await page.request.post("/api/auth/2fa/verify", {
    data: { code: totpCode(setup.secret, 1) },
  });
  expect(verified.ok()).toBe(true);
  return staff;
}
