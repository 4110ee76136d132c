import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { publishDnsRecord } from "./dns-records";
import { expect, test, uniqueAccount } from "./fixtures";

/**
 * The toast on screen. Found by its container rather than its role: a modal dialog hides the
 * rest of the page, the toaster included, from the accessibility tree while it is open.
 */
const toast = (page: Page) => page.locator('[aria-label^="Notifications"] li');

// Whole flows on a shared, busy machine: a reload alone took more than 30 s there.
test.describe.configure({ timeout: 120_000 });

const uniqueName = () => `e2e-own-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}.com`;

test("an owner adds a domain, publishes the TXT record it shows, presses Verify now and sees it verified", async ({
  page,
  account,
}, testInfo) => {
  expect(account.email).toBeTruthy();
  const name = uniqueName();
  await page.goto("/domains");
  await expect(page.getByRole("heading", { name: "Domain Portfolio" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add Your First Domain" }).click();
  const add = page.getByRole("dialog", { name: "Add Domain" });
  // The pair is drawn for the name when it is added: the hint says where it will be shown.
  await expect(add.getByTestId("nameservers-hint")).toContainText("shown on the domain once you add it");
  await add.getByLabel("Domain name").fill(name);
  await add.getByRole("button", { name: "Add Domain" }).click();
  await expect(toast(page).first()).toContainText("Domain Added!");
  const added = ((await (await page.request.get(DOMAIN_PATHS.list)).json()) as TDomain[]).find(
    (d) => d.name === name,
  );
  const pair = added?.verification.nameservers ?? [];
  expect(pair).toHaveLength(2);

  // The card says it is pending and what to publish.
  const card = page.getByTestId("domain-card").filter({ hasText: name });
  await expect(card).toContainText("Pending");
  const instructions = card.getByTestId("domain-verification");
  await expect(instructions).toContainText("Verify ownership");
  const value = instructions.locator("dd").filter({ hasText: /^parkpilot-verify=/ });
  await expect(value).toHaveText(/^parkpilot-verify=[0-9a-f]{32}$/);
  const txtValue = (await value.textContent()) ?? "";
  await page.screenshot({ path: testInfo.outputPath("pending-card-desktop.png"), fullPage: true });

  // The manage dialog has the whole instructions: the TXT record or the account's nameserver pair.
  await card.getByRole("button", { name: "Manage Domain" }).click();
  const manage = page.getByRole("dialog", { name });
  const full = manage.getByTestId("domain-verification");
  await expect(full).toContainText(txtValue);
  await expect(full).toContainText(pair[0]);
  await expect(full).toContainText(pair[1]);
  await expect(full.getByRole("button", { name: "Copy record value" })).toBeVisible();
  await expect(full).toContainText("Not checked yet.");
  await page.screenshot({ path: testInfo.outputPath("manage-pending-desktop.png") });

  // Nothing published yet: not found, with the time of the check.
  await full.getByRole("button", { name: "Verify now" }).click();
  await expect(toast(page).filter({ hasText: "Not Found Yet" })).toContainText(`for ${name} (checked`);
  await expect(full).toContainText("Last checked");

  await publishDnsRecord({ name, txt: txtValue });
  await full.getByRole("button", { name: "Verify now" }).click();

  await expect(toast(page).filter({ hasText: "Domain Verified" })).toContainText(
    `${name} is verified and now active.`,
  );
  await expect(manage.getByTestId("domain-verified")).toContainText("Ownership verified on");
  await expect(manage.getByTestId("domain-verification")).toHaveCount(0);
  await manage.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(card).toContainText("Active");
  await expect(card.getByTestId("domain-verification")).toHaveCount(0);

  // Verified on the server, not only on screen.
  await page.reload();
  await expect(page.getByTestId("domain-card").filter({ hasText: name })).toContainText("Active");
});

test("a domain whose NS records name the pair shown for it is verified and parked, while another account's copy of the name is not", async ({
  page,
  account,
  playwright,
  baseURL,
}) => {
  expect(account.email).toBeTruthy();
  const name = uniqueName();
  // Another account, in its own client, adds the same name first.
  const other = await playwright.request.newContext({ baseURL });
  try {
    const signedUp = await other.post(AUTH_PATHS.register, { data: uniqueAccount() });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    const copy = await (await other.post(DOMAIN_PATHS.list, { data: { name } })).json();
    const mine = await (await page.request.post(DOMAIN_PATHS.list, { data: { name } })).json();
    expect(mine.verification.nameservers).not.toEqual(copy.verification.nameservers);
    await publishDnsRecord({ name, ns: mine.verification.nameservers });

    // Records naming this account's pair do not prove the other account's copy.
    const tried = await other.post(pathTo(DOMAIN_PATHS.verify, { id: copy.id }));
    expect((await tried.json()).verification.status).toBe("pending");

    await page.goto("/domains");
    const card = page.getByTestId("domain-card").filter({ hasText: name });
    await card.getByRole("button", { name: "Verify now" }).click();
    await expect(toast(page).filter({ hasText: "Domain Verified" })).toContainText(
      `${name} is verified and now parked.`,
    );
    await expect(card).toContainText("Parked");
  } finally {
    await other.delete(AUTH_PATHS.account).catch(() => undefined);
    await other.dispose();
  }
});

test("a pending domain's card and instructions fit a phone's width", async ({ page, account }, testInfo) => {
  expect(account.email).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  const name = uniqueName();
  const res = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(res.status()).toBe(201);
  await page.goto("/domains");
  const card = page.getByTestId("domain-card").filter({ hasText: name });
  await expect(card.getByRole("button", { name: "Verify now" })).toBeVisible({ timeout: 30_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("pending-card-390.png"), fullPage: true });
  await card.getByRole("button", { name: "Manage Domain" }).click();
  await expect(page.getByRole("dialog", { name }).getByTestId("domain-verification")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("manage-pending-390.png") });
});
