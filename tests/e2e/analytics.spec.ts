import type { Page } from "@playwright/test";
import { ANALYTICS_EXPORT_PATH, ANALYTICS_PATH } from "../../shared/api/analytics";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { OPEN_DIALOG, seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The fixture accounts live in New York; the analytics days are that zone's calendar days. */
const ZONE = "America/New_York";
const DAY_MS = 86_400_000;

function zoneDay(k: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - k * DAY_MS).toISOString().slice(0, 10);
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A parked domain with an imported Sedo report: one row per day `k` days ago, earning 10 + k
 * dollars. Returns the cents each range should total.
 */
async function seedParkingHistory(page: Page, daysAgo: number[]) {
  const name = `analytics-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(domain.status(), await domain.text()).toBe(201);
  // Reports may start on the day the domain was acquired: before the oldest seeded day.
  const { id } = (await domain.json()) as { id: string };
  const acquired = await page.request.patch(pathTo(DOMAIN_PATHS.one, { id }), {
    data: { registrationDate: zoneDay(120) },
  });
  expect(acquired.status(), await acquired.text()).toBe(200);
  const rows = daysAgo.map((k) => `${zoneDay(k)},${name},${100 + k},${k},${10 + k}.00`);
  const csv = ["date,domain,visitors,clicks,revenue", ...rows].join("\n");
  const report = await page.request.post("/api/parking-reports/sedo", {
    headers: { "Content-Type": "text/csv" },
    data: csv,
  });
  expect(report.status(), await report.text()).toBe(201);
  const centsWithin = (days: number) =>
    daysAgo.filter((k) => k < days).reduce((sum, k) => sum + (10 + k) * 100, 0);
  return { "7d": centsWithin(7), "30d": centsWithin(30), "90d": centsWithin(90) };
}

/** The first visit compiles the page in the development server; later ones are quick. */
const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 90_000 });

const revenueBars = (page: Page) => page.getByTestId("revenue-chart").locator(".recharts-bar-rectangle");

/** Buys the Pro analytics plan (90 days of history) through the sandbox checkout. */
async function buyProAnalytics(page: Page) {
  const order = await page.request.post("/api/analytics/premium", { data: { plan: "pro", price: "97.00" } });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);
}

test("a free account sees 30D locked with the plan that opens it, and no export", async ({
  page,
  account: _,
}) => {
  await page.goto("/analytics");
  await expect(page.getByTestId("revenue-chart")).toHaveAttribute("data-days", "7", FIRST_LOAD);
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  await expect(page.getByTestId("breakdowns-locked")).toBeVisible();

  await page.getByRole("button", { name: "30D" }).click();

  await expect(page.getByTestId("plan-required")).toContainText(
    "30 days of history need the Pro analytics plan",
  );
});

test("switching 7D, 30D and 90D re-queries the range and redraws the chart", async ({ page, account: _ }) => {
  const daysAgo = [1, 2, 3, 5, 6, 8, 12, 20, 29, 45, 70];
  const expected = await seedParkingHistory(page, daysAgo);
  await buyProAnalytics(page);
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible(FIRST_LOAD);

  const chart = page.getByTestId("revenue-chart");
  const totalRevenue = page.getByTestId("analytics-summary").getByText(/^\$/).first();
  await expect(chart).toHaveAttribute("data-days", "7");
  await expect(chart).toHaveAttribute("data-from", zoneDay(6));
  await expect(totalRevenue).toHaveText(money(expected["7d"]));
  await expect(revenueBars(page)).toHaveCount(daysAgo.filter((k) => k < 7).length);
  await expect(page.getByRole("button", { name: "7D" })).toHaveAttribute("aria-pressed", "true");

  for (const [label, range, days] of [
    ["30D", "30d", 30],
    ["90D", "90d", 90],
  ] as const) {
    const answered = page.waitForResponse((res) => res.url().includes(`${ANALYTICS_PATH}?range=${range}`));
    await page.getByRole("button", { name: label }).click();
    expect((await answered).status()).toBe(200);

    await expect(page.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
    await expect(chart).toHaveAttribute("data-days", String(days));
    await expect(chart).toHaveAttribute("data-from", zoneDay(days - 1));
    await expect(totalRevenue).toHaveText(money(expected[range]));
    await expect(revenueBars(page)).toHaveCount(daysAgo.filter((k) => k < days).length);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `${ANALYTICS_EXPORT_PATH}?range=${range}`,
    );
  }
  await expect(page.getByRole("cell", { name: /analytics-/ }).first()).toBeVisible();
  // The plan's breakdowns: the domain's RPM, CTR and EPC from its report.
  await expect(page.getByTestId("domain-breakdown").getByRole("cell", { name: /analytics-/ })).toBeVisible();
});

test("a new account sees every range as zeros with the empty states", async ({ page, account: _ }) => {
  await page.goto("/analytics");
  await expect(page.getByTestId("revenue-chart")).toHaveAttribute("data-days", "7", FIRST_LOAD);
  await expect(page.getByText("No revenue in this period")).toBeVisible();
  await expect(page.getByText("No domain revenue in this period")).toBeVisible();
  await expect(page.getByTestId("plan-comparison").getByText("7-day retention").first()).toBeVisible();
});

test("buying Competitive Analysis for three competitors costs $286.00 and is paid through the sandbox checkout", async ({
  page,
  account: _,
}) => {
  await page.goto("/analytics");
  await page.getByRole("button", { name: "Analyze Competitors" }).click(FIRST_LOAD);
  const dialog = page.getByRole("dialog", { name: "Competitive Analysis" });
  const buy = dialog.getByRole("button", { name: "Start Analysis" });
  await expect(buy).toBeDisabled();

  await dialog.getByLabel("Competitors").fill("rival-one.com\n\n  rival-two.com\nrival-three.com\n");
  await expect(dialog.getByTestId("offer-total")).toHaveText("$286.00");
  await buy.click();

  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Competitive analysis of 3 competitors")).toBeVisible(FIRST_LOAD);
  await expect(page.getByText("$286.00").first()).toBeVisible();

  await page.getByRole("button", { name: "Pay with Stripe" }).click();
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $286.00" }).click();

  await expect(page).toHaveURL(/\/checkout\/success/, FIRST_LOAD);
  await expect(page.getByTestId("order-activated")).toContainText("Competitive Analysis Activated!");
  const transactions = await page.request.get(PAYMENT_PATHS.transactions);
  expect(transactions.status()).toBe(200);
  const paid = ((await transactions.json()) as { amount: string; status: string }[]).filter(
    (t) => t.amount === "286.00",
  );
  expect(paid).toHaveLength(1);
  expect(paid[0].status).toBe("completed");
});

test("the analytics page and an offer dialog have no serious accessibility problems", async ({
  page,
  account: _,
}) => {
  await seedParkingHistory(page, [1, 2, 3]);
  await page.goto("/analytics");
  await expect(page.getByTestId("revenue-chart")).toHaveAttribute("data-days", "7", FIRST_LOAD);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Choose Period" }).click();
  await expect(page.getByRole("dialog", { name: "AI Revenue Forecasting" })).toBeVisible();
  expect(await seriousViolations(page, OPEN_DIALOG)).toEqual([]);
});
