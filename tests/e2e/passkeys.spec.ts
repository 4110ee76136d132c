import type { Page } from "@playwright/test";
import { type AppProcess, startAppProcess } from "../setup/app-process";
import { expect, test, toast, uniqueAccount } from "./fixtures";

/**
 * Passkeys in Chromium through the DevTools protocol's virtual authenticator, verified by the
 * server. WebAuthn needs a host name (an IP address is no relying party), so this suite runs its
 * own server whose public origin is http://localhost:<port>, the origin the passkey is bound to.
 */
let app: AppProcess;
let origin: string;

// The file's tests run one after the other in one worker, so that one app process serves them all.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  // Its own app process starts (a new database, migrated) beside the suite's server and three
  // browsers: on two busy cores that took more than a minute once.
  test.setTimeout(180_000);
  app = await startAppProcess(
    (port) => ({
      PUBLIC_URL: `http://localhost:${port}`,
      PGLITE_DIR: "memory://",
      SESSION_SECRET: "passkeys-e2e-session-secret",
    }),
    { startTimeoutMs: 170_000 },
  );
  origin = app.baseUrl.replace("127.0.0.1", "localhost");
});
test.afterAll(async () => {
  await app?.stop();
});

/** Orders a security plan over the API as the signed-in page and pays it in the sandbox. */
async function buySecurity(page: Page, data: { level: string; features: string[]; price: string }) {
  const order = await page.request.post(`${origin}/api/settings/security-upgrade`, { data });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await page.request.post(`${origin}/api/checkout/sandbox/${orderId}/pay?provider=stripe`, {
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** A virtual authenticator in the page's browser that answers on its own (CTAP2). */
async function virtualAuthenticator(
  page: Page,
  options: {
    transport: "internal" | "usb";
    hasResidentKey: boolean;
    hasUserVerification: boolean;
    isUserVerified?: boolean;
  },
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", automaticPresenceSimulation: true, ...options },
  });
  return { cdp, authenticatorId };
}

test("a passkey is added in Settings → Security and signs in alone; the Security card shows the add-on", async ({
  page,
}, testInfo) => {
  const account = uniqueAccount();
  const register = await page.request.post(`${origin}/api/auth/register`, { data: account });
  expect(register.status(), await register.text()).toBe(201);

  // Without the add-on there is nothing to add, and the API says which add-on it takes.
  const refused = await page.request.post(`${origin}/api/auth/passkeys/register/options`, { data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain("Biometric Login");

  await buySecurity(page, { level: "basic", features: ["biometric"], price: "38.00" });

  const { cdp, authenticatorId } = await virtualAuthenticator(page, {
    transport: "internal",
    hasResidentKey: true,
    hasUserVerification: true,
    isUserVerified: true,
  });

  await page.goto(`${origin}/settings`);
  const security = page.getByRole("region", { name: "Active security" });
  await expect(security).toContainText("Basic security", { timeout: 20_000 });
  await expect(security).toContainText(/Renews \w+ \d+, \d{4}/);
  await expect(security.getByRole("list", { name: "Active add-ons" })).toHaveText("Biometric Login");

  const card = page.getByRole("region", { name: "Passkeys & Security Keys" });
  await card.getByRole("button", { name: "Add a Passkey" }).click();
  await expect(toast(page)).toContainText("Passkey Added");
  const list = card.getByRole("list", { name: "Your passkeys and security keys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Passkey 1");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].rpId).toBe("localhost");
  expect(credentials[0].isResidentCredential).toBe(true);

  await list.getByRole("button", { name: "Rename" }).click();
  await list.getByLabel("Name").fill("This laptop");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list).toContainText("This laptop");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("passkeys-card.png") });

  // Signed out, the passkey alone signs in: no username, no password.
  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Use a Passkey", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  const me = await page.request.get(`${origin}/api/auth/me`);
  expect((await me.json()).user.email).toBe(account.email);
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);

  // Removed, it signs in no more.
  await page.goto(`${origin}/settings`);
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(list).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Use a Passkey", exact: true }).click();
  await expect(toast(page)).toContainText("Login Failed");
  await expect(page).toHaveURL(/\/login$/);
});

test("Premium 2FA: a security key confirms a password sign-in, and two-factor is required", async ({
  page,
}, testInfo) => {
  const account = uniqueAccount();
  const register = await page.request.post(`${origin}/api/auth/register`, { data: account });
  expect(register.status(), await register.text()).toBe(201);
  await buySecurity(page, { level: "advanced", features: ["2fa-premium"], price: "58.00" });

  const { cdp, authenticatorId } = await virtualAuthenticator(page, {
    transport: "usb",
    hasResidentKey: false,
    hasUserVerification: false,
  });

  await page.goto(`${origin}/settings`);
  const security = page.getByRole("region", { name: "Active security" });
  await expect(security).toContainText("Advanced security", { timeout: 20_000 });
  await expect(security.getByRole("list", { name: "Active add-ons" })).toHaveText("Premium 2FA");
  await security.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("active-security.png") });

  const card = page.getByRole("region", { name: "Passkeys & Security Keys" });
  await expect(card.getByRole("button", { name: "Add a Passkey" })).toHaveCount(0);
  await card.getByRole("button", { name: "Add a Security Key" }).click();
  await expect(toast(page)).toContainText("Security Key Added");
  await expect(card).toContainText("Security key 1");
  const required = card.getByRole("switch", { name: /Require two-factor on every sign-in/ });
  await required.click();
  await expect(required).toHaveAttribute("aria-checked", "true");
  // The only second factor cannot go while two-factor is required.
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page)).toContainText("Two-factor sign-in is required");
  await expect(card).toContainText("Security key 1");

  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await page.getByLabel("Username or Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Confirm this sign-in with your passkey or security key.")).toBeVisible();
  expect((await page.request.get(`${origin}/api/auth/me`)).status()).toBe(401);
  await page.getByRole("button", { name: "Use a Passkey or Security Key" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(false);
});
