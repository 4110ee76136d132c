import { chromium } from "@playwright/test";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { PARKING_TEMPLATES } from "../../shared/prices";
import { testChromiumLaunchOptions } from "../setup/chromium";
import { expect, test } from "./fixtures";
import { listVerifiedDomain } from "./listings";

test.describe.configure({ timeout: 180_000 });

test("a listed name's parked page shows its price on every template and leads to the listing; its owner turns it off", async ({
  page,
  account,
  baseURL,
}, testInfo) => {
  expect(account.email).toBeTruthy();
  const listed: { id: string; name: string; template: string }[] = [];
  for (const template of PARKING_TEMPLATES) {
    const domain = await listVerifiedDomain(page, `lander-${template}-`, "4200");
    const set = await page.request.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }), {
      data: { parkingTemplate: template },
    });
    expect(set.status(), await set.text()).toBe(200);
    listed.push({ ...domain, template });
  }

  // A visitor's browser resolves the names to this machine, as DNS would send their traffic.
  const port = new URL(baseURL ?? "").port;
  const visitorBrowser = await chromium.launch({
    ...testChromiumLaunchOptions,
    args: [
      ...testChromiumLaunchOptions.args,
      `--host-resolver-rules=${listed.map((d) => `MAP ${d.name} 127.0.0.1`).join(", ")}`,
    ],
  });
  const visitor = await visitorBrowser.newPage();
  for (const domain of listed) {
    await visitor.goto(`http://${domain.name}:${port}/`);
    await expect(visitor.locator("body")).toHaveClass(`t-${domain.template}`);
    const sale = visitor.getByRole("complementary", { name: "For sale" });
    await expect(sale).toContainText("$4,200.00");
    await expect(sale.getByRole("link", { name: "Buy now" })).toBeVisible();
    await expect(sale.getByRole("link", { name: "Make offer" })).toBeVisible();
    for (const width of [1440, 390]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({
        path: testInfo.outputPath(`lander-${domain.template}-${width}.png`),
        fullPage: true,
      });
    }
  }
  const last = listed[listed.length - 1];
  await visitor.getByRole("link", { name: "Buy now" }).click();
  await expect(visitor).toHaveURL(`${baseURL}/listings/${last.name}?from=lander`);
  await expect(visitor.getByRole("heading", { name: last.name })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Buy now" })).toHaveAttribute(
    "href",
    `/marketplace/deals?buy=${last.id}&from=lander`,
  );

  // The owner sees the lander with the listing, and turns its price off.
  await page.goto("/marketplace");
  await page.getByPlaceholder("Search domains...").fill(last.name);
  const card = page.getByTestId("listing-card").filter({ hasText: last.name });
  const lander = card.getByRole("region", { name: "Price on the parked page" });
  await expect(lander.getByRole("definition").first()).toBeVisible();
  await expect(lander).toContainText("Views");
  await expect(lander).toContainText("Offers");
  await expect(lander).toContainText("Sales");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`marketplace-lander-${width}.png`) });
  }
  const toggle = lander.getByRole("switch");
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await visitor.goto(`http://${last.name}:${port}/`);
  await expect(visitor.locator("body")).toHaveClass(`t-${last.template}`);
  await expect(visitor.getByText("$4,200.00")).toHaveCount(0);
  await visitorBrowser.close();
});
