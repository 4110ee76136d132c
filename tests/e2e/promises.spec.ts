import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { addDomainThroughApi, expect, test, toast } from "./fixtures";

// What the screens promise, they do: each test below failed before its fix.
test.describe.configure({ timeout: 120_000 });

const FIRST_LOAD = { timeout: 30_000 };

async function signInAsDemo(page: Page) {
  const res = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: "demo@example.com", password: "demo-password" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\n")}\n`),
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("Payments says the minimum exactly as written: Minimum $50 required", async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  await page.goto("/payments");
  await expect(page.getByText("Minimum $50 required", { exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText("Minimum $50.00 required")).toHaveCount(0);
});

test("a new account with a pending domain and $0 is offered the ad-network upgrade and the recruiting bonus", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await addDomainThroughApi(page);
  await page.goto("/dashboard");
  const suggestions = page.getByRole("list", { name: "Suggestions" });
  await expect(suggestions).toBeVisible(FIRST_LOAD);
  await expect(
    suggestions.getByRole("listitem").filter({ hasText: "Upgrade your ad network" }),
  ).toContainText("$29.99");
  await expect(
    suggestions.getByRole("listitem").filter({ hasText: "Recruit more affiliates" }),
  ).toContainText("$99.99");
  await expect(page.getByText("Suggestions appear here")).toHaveCount(0);
});

test("an empty portfolio's premium-services panel shows the four services' prices", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await page.goto("/domains");
  const prices = page.getByRole("list", { name: "Premium Services prices" });
  await expect(prices).toBeVisible(FIRST_LOAD);
  for (const [service, price] of [
    ["SEO Optimization", "$149.99"],
    ["Backlink Building", "$299.99"],
    ["Brand Development", "$499.99"],
    ["Traffic Boost", "$199.99"],
  ]) {
    await expect(prices.getByRole("listitem").filter({ hasText: service })).toContainText(price);
  }
});

test("API Access is named properly, says it renews monthly, and is called activated only once paid", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  const bought = await page.request.post("/api/settings/api-access", {
    data: { plan: "developer", price: 49 },
  });
  expect(bought.status()).toBe(201);
  const { checkoutUrl, orderId } = (await bought.json()) as { checkoutUrl: string; orderId: string };
  await page.goto(checkoutUrl);

  await expect(page.getByRole("heading", { name: "API Access", exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("order-renewal")).toContainText(/\/month, renews on \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByText("API Access Activated!")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay with Stripe" }).click();
  await page.getByRole("button", { name: "Pay $49.00" }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/success\\?order=${orderId}$`), FIRST_LOAD);
  await expect(page.getByTestId("order-activated")).toContainText("API Access Activated!");
});

test("Add Domain says every domain starts Pending, hints the nameservers the verification panel will show, and the card gives the TXT host as @", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await page.goto("/domains");
  await page.getByRole("button", { name: "Add Your First Domain" }).click(FIRST_LOAD);
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await expect(dialog.getByTestId("new-domain-status")).toContainText("Pending");
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveCount(0);
  // No pair before the name is added: it is drawn for the name, and the verification panel shows it.
  await expect(dialog.getByTestId("nameservers-hint")).toContainText("drawn for it");
  const name = `promise-${Date.now().toString(36)}.com`;
  await dialog.getByLabel("Domain name").fill(name);
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(toast(page)).toContainText("Domain Added!");

  const card = page.getByTestId("domain-card").filter({ hasText: name });
  await expect(card.getByTestId("domain-status")).toHaveText("Pending");
  const hint = card.getByTestId("domain-verification");
  await expect(hint).toContainText("Host@");
  const added = (
    (await (await page.request.get(DOMAIN_PATHS.list)).json()) as {
      name: string;
      verification: { nameservers: string[] };
    }[]
  ).find((d) => d.name === name);
  expect(added?.verification.nameservers).toHaveLength(2);
  await expect(hint.getByTestId("verification-nameservers")).toContainText(
    added?.verification.nameservers.join(" and ") ?? "",
  );
  // The badge says what it means, and the legend explains all three.
  await expect(card.getByTestId("domain-status")).toHaveAttribute("title", /Not verified yet/);
  await page.getByText("What do Active, Parked and Pending mean?").click();
  await expect(page.getByTestId("domain-status-legend")).toContainText("ParkPilot's nameservers");
});

test("a parking report that matched nothing says so, lists the unknown domain, and adds it with one action", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await addDomainThroughApi(page);
  const unknown = `report-only-${Date.now().toString(36)}.com`;
  await page.goto("/domains");
  await page.getByRole("button", { name: "Import Parking Report" }).click(FIRST_LOAD);
  const dialog = page.getByRole("dialog", { name: "Import Parking Report" });
  await dialog.getByLabel("Ad network").selectOption("parkingcrew");
  await dialog
    .getByLabel("Choose a ParkingCrew report")
    .setInputFiles(
      csvFile("report.csv", [
        "Date,Domain,Visits,Clicks,Revenue",
        `${daysAgo(3)},${unknown},100,3,4.00`,
        `${daysAgo(2)},${unknown},100,3,6.00`,
      ]),
    );

  const result = dialog.getByTestId("parking-import-result");
  await expect(result).toContainText("Nothing was imported.");
  await expect(result).not.toContainText("Imported");
  await expect(toast(page)).toContainText("Nothing Imported");
  const unknownList = result.getByTestId("unknown-report-domains");
  await expect(unknownList).toContainText(unknown);
  await unknownList.getByRole("button", { name: "Add this domain and import again" }).click();

  await expect(result).toContainText("Matched 1 of the report's 1 domain: imported 2 domain-days");
  await expect(result).toContainText("$10.00");
  await expect(result.getByTestId("unknown-report-domains")).toHaveCount(0);
});

test("the marketplace says Acquired and gives the revenue multiple against annual revenue", async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.goto("/marketplace");
  const card = page.getByTestId("listing-card").first();
  await expect(card).toContainText("Acquired", FIRST_LOAD);
  await expect(card).not.toContainText("Registered");
  await card.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog");
  await expect(details).toContainText("Annual Revenue");
  await expect(details).toContainText("Revenue Multiple (annual)");
  await expect(details).toContainText("the price divided by the annual revenue");
});

test("a domain without a purchase price shows no ROI and asks for the price", async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  const domain = await addDomainThroughApi(page);
  const edit = await page.request.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }), {
    data: { renewalCost: "100.00" },
  });
  expect(edit.status()).toBe(200);
  await page.goto("/domains");
  await page
    .getByTestId("domain-card")
    .filter({ hasText: domain.name })
    .getByRole("button", { name: "Manage Domain" })
    .click(FIRST_LOAD);
  const pnl = page.getByTestId("domain-pnl");
  await expect(pnl.getByRole("definition").nth(3)).toHaveText("—", FIRST_LOAD);
  await expect(page.getByTestId("pnl-price-missing")).toContainText("enter its purchase price");
});

test("the affiliate page states how commission is decided once, and shows no unsourced figures", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await page.goto("/affiliates");
  await expect(page.getByTestId("programme-economics")).toContainText("the higher of two", FIRST_LOAD);
  // Said once, on its card; the partner cards only link to it.
  await expect(page.getByText("How you earn", { exact: true }).and(page.locator(":not(a)"))).toHaveCount(1);
  await expect(page.getByRole("link", { name: "How you earn" }).first()).toHaveAttribute(
    "href",
    "#economics-title",
  );
  await expect(page.getByText("+400%")).toBeVisible();
  for (const unsourced of ["+180%", "+250%"]) await expect(page.getByText(unsourced)).toHaveCount(0);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the test-mode banner leaves the landing header's button uncovered and clickable", async ({
    page,
  }) => {
    await page.goto("/");
    const banner = page.getByRole("note").filter({ hasText: "Test mode" });
    await expect(banner).toBeVisible();
    const button = page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" });
    const [b, n] = [await button.boundingBox(), await banner.boundingBox()];
    expect(b && n).toBeTruthy();
    if (!b || !n) return;
    const overlaps =
      b.x < n.x + n.width && n.x < b.x + b.width && b.y < n.y + n.height && n.y < b.y + b.height;
    expect(overlaps).toBe(false);
    await button.click({ trial: true });
  });
});
