import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_GODADDY, registerAtGoDaddy } from "./registrar";

/** The toast on screen, found by its container (an open dialog hides the rest of the page from the accessibility tree). */
const toast = (page: Page) => page.locator('[aria-label^="Notifications"] li');

test.describe.configure({ timeout: 120_000 });

test("an owner connects GoDaddy in Settings, its names arrive, and one is parked in one step", async ({
  page,
  account,
}, testInfo) => {
  expect(account.email).toBeTruthy();
  const name = `e2e-gd-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  await registerAtGoDaddy(name);

  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Connections" });
  await expect(card).toContainText("No registrar or parking network is connected yet.", { timeout: 30_000 });
  const form = card.getByRole("form", { name: "Connect a service" });
  await form.getByLabel("Service").selectOption("godaddy");
  await form.getByLabel("API key").fill(E2E_GODADDY.key);
  await form.getByLabel("API secret").fill("not-the-secret");
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByRole("alert")).toContainText("GoDaddy refused the API key and secret");

  await form.getByLabel("API secret").fill(E2E_GODADDY.secret);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(toast(page).filter({ hasText: "Connected" })).toBeVisible();
  // The first sync runs in the job queue; the card follows it until it is done.
  await expect(card.getByText("Up to date")).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText(/names? at the registrar: \d+ added/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.screenshot({ path: testInfo.outputPath("connections-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: testInfo.outputPath("connections-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto("/domains");
  const domainCard = page.getByTestId("domain-card").filter({ hasText: name });
  await expect(domainCard).toContainText("Pending", { timeout: 30_000 });
  await domainCard.getByRole("button", { name: "Manage Domain" }).click();
  const manage = page.getByRole("dialog", { name });
  await expect(manage).toContainText("Held at GoDaddy");
  await manage.getByRole("button", { name: "Park in one step" }).click();
  await expect(toast(page).filter({ hasText: "Domain Parked" })).toContainText(`${name} now points at`);
  await manage.screenshot({ path: testInfo.outputPath("park-in-one-step-1440.png") });
  await manage.getByRole("button", { name: "Close", exact: true }).first().click();
  await page.reload();
  await expect(page.getByTestId("domain-card").filter({ hasText: name })).toContainText("Parked");
});
