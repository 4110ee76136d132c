import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { pathTo } from "../../shared/path-to";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

/** Orders an offer through the API and pays it on the sandbox's checkout, as the signed-in page. */
async function buyInSandbox(page: Page, path: string, data: Record<string, unknown>) {
  const order = await page.request.post(path, { data });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const pay = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(pay.status()).toBe(303);
}

test("an affiliate downloads a banner carrying their link and reads a lesson of the course they bought", async ({
  page,
  account: _signedIn,
}) => {
  await buyInSandbox(page, "/api/affiliates/marketing-tools", {
    tools: ["creative-assets"],
    totalPrice: "29.00",
  });
  await buyInSandbox(page, "/api/affiliates/training-course", {
    courseId: "affiliate-mastery",
    price: "297.00",
  });

  await page.goto("/affiliates");
  await page.getByRole("link", { name: /Creative Assets/ }).click();
  await expect(page.getByRole("heading", { name: "Creative Assets" })).toBeVisible();
  const banner = page.getByTestId("creative-banner-300x250");
  await expect(banner).toContainText("/r/");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    banner.getByRole("link", { name: "PNG" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("parkpilot-banner-300x250.png");
  const png = await readFile(await download.path());
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 250]);

  await page.goto("/affiliates");
  await page.getByRole("link", { name: /Training Courses/ }).click();
  const course = page.getByTestId("course-affiliate-mastery");
  await expect(course).toContainText("0 of 5 lessons read");
  // A course not bought lists its lessons but opens none: its one link is where to buy it.
  const notBought = page.getByTestId("course-email-marketing").getByRole("link");
  await expect(notBought).toHaveCount(1);
  await expect(notBought).toHaveText("Affiliates page");
  await expect(notBought).toHaveAttribute("href", "/affiliates");
  await course.getByRole("link", { name: "Start the course" }).click();

  await expect(
    page.getByRole("heading", { name: "How the ParkPilot affiliate programme pays" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "When the money is yours" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Diamond tier");
  await page.getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByRole("button", { name: "Read" })).toBeDisabled();
  await page.getByRole("link", { name: "Next lesson" }).click();
  await expect(page.getByRole("heading", { name: "Your referral link and invitations" })).toBeVisible();
  await page.getByRole("link", { name: "All courses" }).click();
  await expect(page.getByTestId("course-affiliate-mastery")).toContainText("1 of 5 lessons read");
});
