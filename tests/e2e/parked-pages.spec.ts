import { type APIRequestContext, chromium } from "@playwright/test";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { OFFERS } from "../../shared/catalog";
import { LEAD_CONSENT } from "../../shared/lead-consent";
import { pathTo } from "../../shared/path-to";
import { testChromiumLaunchOptions } from "../setup/chromium";
import { verifyDomainThroughDns } from "./dns-records";
import { expect, test, toast } from "./fixtures";

// A whole flow on a shared, busy machine: a purchase, a build of the page, sixty visitors.
test.describe.configure({ timeout: 180_000 });

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const uniqueName = () => `page${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;

/** A visitor with a browser of its own (its own cookies and address): opens the page, maybe sends a lead. */
async function simulatedVisitor(
  newContext: () => Promise<APIRequestContext>,
  host: string,
  n: number,
  sendsLeadOn: string,
): Promise<string> {
  const visitor = await newContext();
  // Each visitor from a network of its own: one network counts at most ten visitors in a test.
  const address = `198.51.${n % 250}.7`;
  const page = await visitor.get("/", {
    headers: { Host: host, Accept: "text/html", "X-Forwarded-For": address },
  });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const shown = /<h2>([^<]*)<\/h2>/.exec(html)?.[1] ?? "";
  // What the page's script does in a browser: tells the server it was seen, which counts the visitor.
  const seen = await visitor.post("/__pp/seen", {
    headers: { Host: host, Origin: `http://${host}`, "X-Forwarded-For": address },
  });
  expect(seen.status()).toBe(204);
  if (shown === sendsLeadOn) {
    const lead = await visitor.post(LEADS_PATH, {
      headers: { Host: host, "X-Forwarded-For": address },
      data: {
        email: `visitor-${n}-${host}@example.com`,
        zipCode: "10001",
        source: "car-insurance-landing",
        value: 75,
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
  }
  await visitor.dispose();
  return shown;
}

test("an owner builds a domain's page, sees it served on the domain's host, and split-tests a draft with visitors", async ({
  page,
  account,
  playwright,
  baseURL,
}, testInfo) => {
  expect(account.email).toBeTruthy();
  const name = uniqueName();
  const created = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(created.status()).toBe(201);
  const domain = (await created.json()) as { id: string; name: string };
  await verifyDomainThroughDns(page, domain);
  // Landing Page Builder and Split Testing, paid in the sandbox.
  const tools = ["landing-page-builder", "split-testing"];
  const order = await page.request.post(OFFERS.marketingTools.path, {
    data: { tools, totalPrice: OFFERS.marketingTools.price({ tools, totalPrice: "0" } as never) },
  });
  expect(order.status(), await order.text()).toBe(201);
  const paid = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: (await order.json()).orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);

  // The builder: premium template, a new headline, a related link; the preview follows the edits.
  await page.goto(`/domains/${domain.id}/page`);
  await expect(page.getByRole("heading", { name: "Parked Page" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Template").selectOption("premium");
  const first = page.getByRole("group", { name: /^Block 1: Headline and text/ });
  await first.getByLabel("Headline").fill("Hand-picked for you");
  await page.getByLabel("Add a block").selectOption("links");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const links = page.getByRole("group", { name: /Related links/ });
  await links.getByRole("button", { name: "Add link" }).click();
  await links.getByLabel("Label").fill("Driving guide");
  await links.getByLabel("Address").fill("https://example.org/driving");
  const preview = page.frameLocator('iframe[title="Page preview"]');
  await expect(preview.getByRole("heading", { name: "Hand-picked for you" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Driving guide" })).toBeVisible();
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(toast(page).filter({ hasText: "Page Saved" })).toContainText("Version 1 is live");
  await page.screenshot({ path: testInfo.outputPath("page-builder.png"), fullPage: true });

  // A visitor's browser resolves the domain to this machine and gets the page from the server.
  const port = new URL(baseURL ?? "").port;
  const visitorBrowser = await chromium.launch({
    ...testChromiumLaunchOptions,
    args: [...testChromiumLaunchOptions.args, `--host-resolver-rules=MAP ${name} 127.0.0.1`],
  });
  const visitorPage = await visitorBrowser.newPage({ javaScriptEnabled: true });
  const served = await visitorPage.goto(`http://${name}:${port}/`);
  expect(served?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(visitorPage).toHaveTitle(name);
  await expect(visitorPage.getByRole("heading", { name: "Hand-picked for you" })).toBeVisible();
  await expect(visitorPage.getByText(LEAD_CONSENT.text)).toBeVisible();
  await expect(visitorPage.locator("body")).toHaveClass("t-premium");
  await visitorPage.screenshot({ path: testInfo.outputPath("served-premium.png"), fullPage: true });
  // The lead form works on the parked page with its one small script.
  await visitorPage.getByLabel("Email").fill("driver@example.com");
  await visitorPage.getByLabel("ZIP code").fill("1234");
  await visitorPage.getByRole("button", { name: "Get Free Quotes Now" }).click();
  await expect(visitorPage.getByRole("status")).toHaveText("ZIP code must be exactly 5 digits");

  // A draft headline, tested against the live page: visitors arrive, those shown the draft send leads.
  await first.getByLabel("Headline").fill("Quotes in two minutes");
  await expect(preview.getByRole("heading", { name: "Quotes in two minutes" })).toBeVisible();
  await page.getByLabel("Goal").selectOption("lead");
  await page.getByRole("button", { name: "Test the draft against the live page" }).click();
  await expect(toast(page).filter({ hasText: "Split Test Started" })).toBeVisible();
  const newContext = () =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": BROWSER_UA } });
  const shown: string[] = [];
  for (let n = 0; n < 60; n++)
    shown.push(await simulatedVisitor(newContext, name, n, "Quotes in two minutes"));
  const draftVisitors = shown.filter((s) => s === "Quotes in two minutes").length;
  expect(draftVisitors).toBeGreaterThan(10);
  expect(shown.filter((s) => s === "Hand-picked for you").length).toBe(60 - draftVisitors);

  const results = page.getByRole("region", { name: "Split test for Leads" });
  await page.reload();
  const draftRow = results.getByRole("row").filter({ hasText: "Draft" });
  await expect(draftRow).toContainText(String(draftVisitors));
  await expect(draftRow.getByRole("cell").nth(2)).toHaveText(String(draftVisitors));
  await expect(draftRow).toContainText("100.0%");
  await expect(results).toContainText("Traffic split looks right");
  await page.screenshot({ path: testInfo.outputPath("split-test-results.png"), fullPage: true });

  // The owner stops the test and keeps the draft: it becomes the page on the domain's host.
  await results.getByRole("button", { name: "Stop and keep Draft" }).click();
  await expect(toast(page).filter({ hasText: "Split Test Stopped" })).toContainText("Draft is now the page");
  await expect(results).toContainText("Winner: Draft");
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { name: "Quotes in two minutes" })).toBeVisible();
  await visitorBrowser.close();
});
