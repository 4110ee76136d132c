import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { addDomainThroughApi, expect, test, toast } from "./fixtures";
import { sendVisitorLead } from "./visitor-lead";

const DEMO = { usernameOrEmail: "demo@example.com", password: "demo-password" };
/** An active domain of the demo portfolio: a lead captured on it is credited to the demo owner. */
const DEMO_DOMAIN = "autoquotehub.com";

async function signInAsDemo(page: Page) {
  const res = await page.request.post(AUTH_PATHS.login, { data: DEMO });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the dashboard; the first visit may wait for the page's code (charts) to load. */
async function openDashboard(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Revenue Dashboard" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("dashboard-skeleton")).toHaveCount(0, { timeout: 15_000 });
}

/** The figure shown on a metric card. */
const cardValue = (page: Page, title: string) => page.getByRole("group", { name: title }).locator("p").nth(1);

const money = (amount: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(amount));

test.describe("revenue dashboard", () => {
  // The page pulls in the charting code and polls; on a busy machine the first visit takes a while.
  test.beforeEach(() => test.slow());

  test("shows the demo portfolio: real figures on the cards, today by hour from 0:00 to 23:00, and every range", async ({
    page,
  }) => {
    await signInAsDemo(page);
    const answer = await (await page.request.get(REVENUE_PATHS.dashboard)).json();
    await openDashboard(page);
    await expect(cardValue(page, "Active Domains")).toHaveText("23");
    await expect(cardValue(page, "Monthly Revenue")).toHaveText(money(answer.metrics.monthlyRevenue));
    await expect(cardValue(page, "Today's Revenue")).toHaveText(money(answer.metrics.todayRevenue));
    await expect(cardValue(page, "Affiliate Earnings")).toHaveText(money(answer.metrics.affiliateEarnings));
    // The top domains' visitors say their period, the one the portfolio's cards use.
    const [top] = answer.topDomains;
    await expect(
      page.getByText(`${top.visitors.toLocaleString("en-US")} visitors in 30 days`, { exact: false }).first(),
    ).toBeVisible();
    // Only the first quarter hour of a New York day may still have nothing in it.
    const newYorkMinutes = Number(
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        hour: "numeric",
        minute: "numeric",
        hourCycle: "h23",
      })
        .formatToParts(new Date())
        .filter((p) => p.type === "hour" || p.type === "minute")
        .reduce((total, p) => (p.type === "hour" ? Number(p.value) * 60 : total + Number(p.value)), 0),
    );
    if (newYorkMinutes >= 15) expect(Number(answer.metrics.todayRevenue)).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Today's Revenue" })).toContainText(
      money(answer.metrics.todayRevenue),
    );

    // Today's axis runs 0:00–23:00 in the account's zone; the line stops at the hour it is now.
    const hour = Math.floor(newYorkMinutes / 60);
    expect([hour, (hour + 1) % 24]).toContain(answer.currentHour);
    const chart = page.getByTestId("revenue-trend-chart");
    await expect(chart).toHaveAttribute("data-points", "24");
    await expect(chart).toHaveAttribute("data-drawn-points", String(answer.currentHour + 1));
    await expect(chart).toHaveAttribute("data-last-label", "23:00");
    await expect(chart).toContainText("0:00");
    await expect(chart).toContainText("23:00");
    await page.getByRole("button", { name: "7D" }).click();
    await expect(chart).toHaveAttribute("data-range", "7d");
    await expect(chart).toHaveAttribute("data-points", "7");
    await page.getByRole("button", { name: "30D" }).click();
    await expect(chart).toHaveAttribute("data-points", "30");
    await expect(page.getByRole("button", { name: "30D" })).toHaveAttribute("aria-pressed", "true");

    const sources = page.getByRole("list", { name: "Revenue by source" });
    for (const label of ["Domain Parking", "Marketplace Sales", "Affiliate Commissions"]) {
      await expect(sources).toContainText(label);
    }
    // Reported revenue is marked; commission the platform holds is not.
    const source = (label: string) => sources.getByRole("listitem").filter({ hasText: label });
    await expect(source("Domain Parking")).toContainText("reported");
    await expect(source("Affiliate Commissions")).not.toContainText("reported");
    const domains = page.locator("tbody tr");
    await expect(domains).toHaveCount(5);
    // The domain's own status, the same badge as the portfolio's, with what it means on hover.
    await expect(domains.first().getByTestId("domain-status")).toHaveText(/^(Active|Parked)$/);
    await expect(domains.first().getByTestId("domain-status")).toHaveAttribute("title", /Verified/);
    await expect(domains.first()).toContainText("visitors");

    const performance = page.getByRole("region", { name: "Affiliate Program Performance" });
    // Three referrals joined and are active; the fourth invitation is still open, no referral yet.
    await expect(performance).toContainText("100%");
    await expect(performance).toContainText("All time");
  });

  test("shows the latest revenue in the live feed, and a new event within one poll", async ({
    page,
    request,
  }) => {
    await signInAsDemo(page);
    await openDashboard(page);
    const items = page.getByTestId("activity-item");
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThanOrEqual(8);
    await expect(items.first()).toContainText(/ ago/);

    const email = `driver-${Date.now().toString(36)}@example.com`;
    // A visitor's lead, not the demo owner's own browser (which would be flagged and credit nothing).
    const lead = await sendVisitorLead(request, DEMO_DOMAIN, {
      email,
      zipCode: "10001",
      source: "car-insurance-landing",
      value: 75,
    });
    expect(lead.status(), await lead.text()).toBe(201);

    // The feed polls every 10 seconds: the lead is there by the next poll.
    const newest = items.first();
    await expect(newest).toContainText(`Insurance lead on ${DEMO_DOMAIN}`, { timeout: 12_000 });
    await expect(newest).toContainText("Lead");
    await expect(newest).toContainText("+$75.00");
    await expect(newest).toContainText(/seconds? ago/);
  });

  test("a new account sees the empty states", async ({ page, account: _ }) => {
    await openDashboard(page);
    await expect(page.getByText("No data available")).toBeVisible();
    await expect(page.getByText("Start by adding your first domain to see revenue data.")).toBeVisible();
    // The one next step is said once: the empty domain and activity panels wait for a first domain.
    await expect(page.getByText(/first domain|Add domains to/)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Top Performing Domains" })).toHaveCount(0);
    await expect(page.getByText("No recent activity")).toHaveCount(1);
    await expect(page.getByText("No goals yet")).toBeVisible();
    await expect(page.getByRole("region", { name: "Today's Revenue" })).toContainText("$0.00");
    // The suggestion rules hold from the first day: $0 of parking and of affiliate earnings.
    await expect(page.getByText("Upgrade your ad network")).toBeVisible();
    await expect(page.getByText("Recruit more affiliates")).toBeVisible();
    await expect(page.getByText("Suggestions appear here as your figures come in.")).toHaveCount(0);

    await page.getByRole("link", { name: "Add Your First Domain" }).click();
    await expect(page).toHaveURL(/\/domains$/);
  });

  test("an account with a domain that earns nothing yet sees the spec's panel empty states", async ({
    page,
    account: _,
  }) => {
    await addDomainThroughApi(page);
    await openDashboard(page);
    await expect(page.getByText("No data available")).toHaveCount(0);
    const top = page.getByRole("heading", { name: "Top Performing Domains" });
    await expect(top).toBeVisible();
    await expect(page.getByText("Revenue streams will appear here as they're generated.")).toBeVisible();
  });

  test("sets a revenue goal, refusing one without a type or an amount", async ({ page, account: _ }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Set Goal" }).click();
    const dialog = page.getByRole("dialog", { name: "Set Revenue Goal" });
    await dialog.getByRole("button", { name: "Set Goal" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Please select a goal type and enter an amount.");
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Goal Type").selectOption({ label: "Domain Parking" });
    await dialog.getByLabel("Target Amount ($)").fill("2500.50");
    await expect(dialog.getByLabel("Timeframe")).toHaveValue("monthly");
    await dialog.getByLabel("Timeframe").selectOption({ label: "Quarterly" });
    await dialog.getByRole("button", { name: "Set Goal" }).click();
    await expect(toast(page)).toContainText("Revenue Goal Created!");
    await expect(dialog).toBeHidden();

    const goal = page.getByRole("listitem", { name: "Quarterly · Domain Parking" });
    await expect(goal).toContainText("$0.00 of $2,500.50");
    await expect(goal.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    const goals = await (await page.request.get(REVENUE_PATHS.goals)).json();
    expect(goals).toMatchObject([{ targetAmount: "2500.50", timeframe: "quarterly", category: "parking" }]);
  });

  test("the header, shortcuts and the Pro upgrade lead where they should", async ({ page, account: _ }) => {
    await addDomainThroughApi(page);
    await openDashboard(page);
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    // Nothing has happened yet: the bell opens an empty list, and no "new notifications" toast.
    await page.getByRole("button", { name: "Notifications", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toContainText("No notifications yet");
    await expect(toast(page)).toHaveCount(0);
    await page.keyboard.press("Escape");

    for (const [label, path] of [
      ["Add New Domain", "/domains"],
      ["Browse Marketplace", "/marketplace"],
      ["Invite Affiliate", "/affiliates"],
      ["View All", "/domains"],
      ["Manage Affiliates", "/affiliates"],
    ] as const) {
      await expect(page.getByRole("link", { name: label })).toHaveAttribute("href", path);
    }

    const upgrade = page.waitForRequest(
      (r) => r.url().endsWith("/api/subscriptions/upgrade") && r.method() === "POST",
    );
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    expect((await upgrade).postDataJSON()).toEqual({ planId: "pro-monthly" });
    await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
    await expect(page.getByText("$49.00").first()).toBeVisible();
    // Not upgraded yet: the success message waits for the payment.
    await expect(page.getByText("Upgrade Successful!")).toHaveCount(0);
    await expect(page.getByTestId("order-renewal")).toContainText("/month, renews on");
  });

  test("shows three skeleton rows while the feed loads, and the error state when the dashboard fails", async ({
    page,
    account: _,
  }) => {
    let releaseStreams = () => {};
    const streamsHeld = new Promise<void>((resolve) => {
      releaseStreams = resolve;
    });
    await addDomainThroughApi(page);
    await page.route(/\/api\/revenue\/streams(\?|$)/, async (route) => {
      await streamsHeld;
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.getByTestId("activity-skeleton")).toHaveCount(3, { timeout: 30_000 });
    releaseStreams();
    await expect(page.getByText("Revenue streams will appear here as they're generated.")).toBeVisible();

    await page.route("**/api/revenue/dashboard", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
    );
    await page.reload();
    await expect(page.getByText("Failed to load dashboard")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Please check your connection and try again.")).toBeVisible();
  });
});
