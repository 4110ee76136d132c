import type { Response } from "@playwright/test";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { LEAD_CONSENT } from "../../shared/lead-consent";
import { expect, test, toast } from "./fixtures";

/** A name only React DOM's code contains, kept by the minifier. */
const REACT_DOM_MARK = "__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE";

test.describe("landing page lead form", () => {
  test("invalid input shows each field's message and sends nothing", async ({ page }) => {
    const leadRequests: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === LEADS_PATH) leadRequests.push(req.method());
    });
    await page.goto("/");

    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("ZIP Code").fill("12a3");
    await page.getByRole("button", { name: "Get Free Quotes Now" }).click();

    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("ZIP code must be exactly 5 digits")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email Address")).toBeFocused();
    expect(leadRequests).toEqual([]);
  });

  test("the ZIP field keeps digits only, at most five", async ({ page }) => {
    await page.goto("/");
    const zip = page.getByLabel("ZIP Code");

    await zip.pressSequentially("9a0-2 1");
    await expect(zip).toHaveValue("9021");
    await zip.pressSequentially("0999");
    await expect(zip).toHaveValue("90210");
    await zip.fill("ZIP: 10001-1234");
    await expect(zip).toHaveValue("10001");
  });

  test("a valid lead is sent, the form clears, and 2 seconds later a quotes tab opens with campaign parameters", async ({
    page,
    context,
  }) => {
    await context.route("**/__quotes**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Quotes</title><h1>Your quotes</h1>" }),
    );
    // Hold the answer back a little so that the submitting state can be seen.
    await page.route("**/api/leads", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto("/");

    await page.getByLabel("Email Address").fill("driver@example.com");
    await page.getByLabel("ZIP Code").fill("10001");
    const sent = page.waitForRequest("**/api/leads");
    const answered = page.waitForResponse("**/api/leads");
    const quotesTab = context.waitForEvent("page", { timeout: 10_000 });
    await page.getByRole("button", { name: "Get Free Quotes Now" }).click();

    // As the spec sends it: the consent record's page is the one the server served, never the body's.
    expect((await sent).postDataJSON()).toEqual({
      email: "driver@example.com",
      zipCode: "10001",
      source: "car-insurance-landing",
      value: 75,
    });
    const submitting = page.getByRole("button", { name: "Finding Your Deals..." });
    await expect(submitting).toBeDisabled();

    expect((await answered).status()).toBe(201);
    const answeredAt = Date.now();
    await expect(toast(page)).toContainText("Success!");
    await expect(toast(page)).toContainText("We're finding you the best deals in your area...");
    await expect(page.getByLabel("Email Address")).toHaveValue("");
    await expect(page.getByLabel("ZIP Code")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Get Free Quotes Now" })).toBeEnabled();

    const tab = await quotesTab;
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(1800);
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    expect(url.pathname).toBe("/__quotes");
    expect(url.searchParams.get("utm_source")).toBeTruthy();
    expect(url.searchParams.get("utm_medium")).toBeTruthy();
    expect(url.searchParams.get("utm_campaign")).toBe("car-insurance-landing");
  });

  test("a ZIP code that does not exist gets the server's message in an error toast", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Email Address").fill("driver@example.com");
    await page.getByLabel("ZIP Code").fill("00000");
    await page.getByRole("button", { name: "Get Free Quotes Now" }).click();

    await expect(toast(page)).toContainText("Error");
    await expect(toast(page)).toContainText("We couldn't find that ZIP code.");
    await expect(toast(page)).not.toContainText("{");
    await expect(page.getByLabel("ZIP Code")).toHaveValue("00000");
  });

  test("when the server answers an error without a body, its status text is shown", async ({ page }) => {
    await page.route("**/api/leads", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/");
    await page.getByLabel("Email Address").fill("driver@example.com");
    await page.getByLabel("ZIP Code").fill("10001");
    await page.getByRole("button", { name: "Get Free Quotes Now" }).click();

    // The status text stands in for an empty body, so the message part is "Service Unavailable".
    await expect(toast(page)).toContainText("Error");
    await expect(toast(page)).toContainText("Service Unavailable");
    await expect(page.getByRole("button", { name: "Get Free Quotes Now" })).toBeEnabled();
  });

  test("the closing call to action brings the visitor back to the email field", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Get My Free Quotes" }).click();

    const email = page.getByLabel("Email Address");
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
  });

  test("the landing page loads no dashboard code, no chart library and not React DOM", async ({ page }) => {
    const scripts: Response[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") scripts.push(res);
    });
    await page.goto("/", { waitUntil: "networkidle" });

    await expect(page.getByRole("heading", { level: 1 })).toContainText("Save up to 70%");
    expect(scripts.length).toBeGreaterThan(0);
    const paths = scripts.map((res) => new URL(res.url()).pathname);
    expect(paths.filter((s) => /account-routes|dashboard-routes|recharts|react-query/i.test(s))).toEqual([]);
    // The page runs on Preact (vite.landing.config.ts): React DOM's internals are in no script.
    const bodies = await Promise.all(scripts.map((res) => res.text()));
    expect(paths.filter((_, i) => bodies[i].includes(REACT_DOM_MARK))).toEqual([]);
  });

  test("the form shows the consent line, naming the insurance partners the details go to", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Get free car insurance quotes" });
    await expect(form.getByTestId("lead-consent")).toContainText(LEAD_CONSENT.text);
    await expect(form.getByTestId("lead-consent")).toContainText("car-insurance partners");
  });

  test("the header links to the dashboard, the form to the privacy notice, whose header leads back", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await page.getByRole("link", { name: "Privacy Notice" }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();

    // And back: the app's header leads to the landing page's own document.
    await page.getByRole("banner").getByRole("link", { name: "ParkPilot home" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Save up to 70%");
  });
});
