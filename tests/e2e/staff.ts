import type { Page } from "@playwright/test";
import { EMAIL_PATHS } from "../../shared/api/auth/email";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { totpCode } from "../factories/two-factor";
import { expect, registerThroughApi, uniqueAccount } from "./fixtures";
import { withMailSink } from "./mail-sink";

/**
 * Signs `page` in as staff with a second factor. `email` must be one of the browser server's
 * ADMIN_EMAILS (playwright.config.ts), and each test uses its own: an address registers once. The
 * listed address makes staff only once proven, so the confirmation link mailed at registration is
 * opened first.
 */
export async function signInAsStaff(page: Page, email: string) {
  const staff = uniqueAccount({ email });
  await withMailSink(async (smtp) => {
    await registerThroughApi(page, staff);
    const mail = await smtp.mailTo(email, 10_000, "Confirm your ParkPilot email");
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    const confirmed = await page.request.post(EMAIL_PATHS.confirm, { data: { token } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  });
  const setup = await (await page.request.post(SECURITY_PATHS.twoFactorSetup, { data: {} })).json();
  const enabled = await page.request.post(SECURITY_PATHS.twoFactorEnable, {
    data: { code: totpCode(setup.secret) },
  });
  expect(enabled.ok()).toBe(true);
  await page.request.post(AUTH_PATHS.logout, { data: {} });
  const login = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: staff.email, password: staff.password },
  });
  expect((await login.json()).twoFactorRequired).toBe(true);
  const verified = await page.request.post(SECURITY_PATHS.twoFactorVerify, {
    data: { code: totpCode(setup.secret, 1) },
  });
  expect(verified.ok()).toBe(true);
  return staff;
}
