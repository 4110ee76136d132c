import { API_V1_PATHS } from "../../shared/api/v1/common";
import { expect, test } from "./fixtures";

test("an API plan bought in the sandbox gives keys: created once in full, used by a script, counted by day, revoked", async ({
  page,
  request,
  account: _signedIn,
}, testInfo) => {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "API", exact: true });
  await expect(section).toContainText("API keys come with an API plan", { timeout: 20_000 });

  const order = await page.request.post("/api/settings/api-access", {
    data: { plan: "developer", price: "49.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  await page.goto(`/checkout/service/${orderId}`);
  await page.getByRole("button", { name: "Pay with Stripe" }).click({ timeout: 20_000 });
  await page.getByRole("button", { name: "Pay $49.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);

  await page.goto("/settings");
  await expect(section).toContainText("Developer plan: 0 of 10,000 calls used, 10,000 remaining", {
    timeout: 20_000,
  });
  await section.getByLabel("Key name").fill("Registrar sync");
  await section.getByLabel(/^Write:/).check();
  await section.getByRole("button", { name: "Create API Key" }).click();
  const shown = section.getByLabel("New API key");
  await expect(shown).toHaveValue(/^pp_test_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await section.getByRole("button", { name: "Done" }).click();
  await expect(section.getByLabel("New API key")).toHaveCount(0);
  const row = section.getByRole("list", { name: "API keys" }).getByRole("listitem").first();
  await expect(row).toContainText("Registrar sync");
  await expect(row).toContainText(`pp_test_…${key.slice(-4)}`);
  await expect(row).toContainText("never used");
  expect(await section.textContent()).not.toContain(key);

  // A script calls the API with the key alone: the request fixture carries no cookie of the page's.
  const call = await request.get(`${API_V1_PATHS.domains}?limit=5`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(call.status()).toBe(200);
  expect(call.headers().ratelimit).toMatch(/"monthly";r=9999;/);

  await page.reload();
  await expect(section).toContainText("1 of 10,000 calls used, 9,999 remaining", { timeout: 20_000 });
  await expect(section.getByTestId("api-usage-chart")).toBeVisible();
  await expect(row).toContainText("last used");
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("api-settings.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("api-settings-390.png") });

  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("Revoked");
  const refused = await page.request.fetch(API_V1_PATHS.domains, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});

test("the API reference renders the OpenAPI document under the production CSP", async ({
  page,
}, testInfo) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "ParkPilot API (1.0.0)" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Authorization: Bearer <key>").first()).toBeVisible();
  await page.getByText("Parking reports", { exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Import a parking report" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("api-reference.png") });
  // Redoc's footer logo is the one thing it would load from elsewhere, and the CSP keeps it out.
  const violations = problems.filter(
    (p) => /Content Security Policy/.test(p) && !p.includes("logo-mini.svg"),
  );
  expect(violations).toEqual([]);
});
