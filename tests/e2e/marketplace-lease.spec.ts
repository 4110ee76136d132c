import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { pathTo } from "../../shared/path-to";
import { expect, test, toast } from "./fixtures";
import { listVerifiedDomain } from "./listings";

test("a buyer leases a financed listing to own: the term's schedule before paying, the first instalment at checkout, then the lease's progress, the lessee's redirect and the lessee's parked page", async ({
  page: seller,
  account: _seller,
  buyer,
}, testInfo) => {
  test.slow();
  const domain = await listVerifiedDomain(seller, "lease", "1200");
  const { name } = domain;
  const financing = await seller.request.post("/api/marketplace/financing", {
    data: { domainId: domain.id, terms: "12", setupFee: "299.99" },
  });
  const { orderId } = (await financing.json()) as { orderId: string };
  const paid = await seller.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);

  await buyer.goto(`/marketplace/deals?buy=${domain.id}`);
  const lease = buyer.getByTestId("lease-option");
  await expect(lease.getByLabel("Term")).toHaveValue("12");
  const quote = lease.getByTestId("lease-quote");
  await expect(quote).toContainText("5%");
  await expect(quote).toContainText("$102.73 × 11, then");
  await expect(quote).toContainText("$1,232.73 ($32.73 interest)");
  await lease.getByRole("button", { name: "Lease to Own for $102.73/month" }).click();

  await expect(buyer).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await buyer.getByRole("button", { name: "Pay with Stripe" }).click();
  await buyer.getByRole("button", { name: /^Pay \$102\.73/ }).click();
  await expect(buyer.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await buyer.goto("/marketplace/deals");
  const row = buyer.getByTestId("sale-row").filter({ hasText: name });
  await expect(row).toContainText("1 of 12 instalments");
  await expect(row).toContainText("Leasing");
  await row.getByRole("link", { name }).click();
  const status = buyer.getByTestId("lease-status");
  await expect(status).toContainText("1 of 12");
  await status.getByLabel(/Send the domain's visitors to/).fill("https://lessee.example/offer");
  await status.getByRole("button", { name: "Save" }).click();
  await status.getByRole("button", { name: "Use the Parked Page" }).click();
  await expect(status.getByRole("button", { name: "Use the Parked Page" })).toHaveCount(0);

  // The parked page is the lessee's while the lease runs: built from the deal, served on the name.
  await buyer.getByRole("link", { name: `Edit the parked page of ${name}` }).click();
  await expect(buyer.getByTestId("lease-control")).toContainText("You lease this domain");
  const first = buyer.getByRole("group", { name: /^Block 1: Headline and text/ });
  await first.getByLabel("Headline").fill("The lessee's own offer");
  await buyer.getByRole("button", { name: "Save and publish" }).click();
  await expect(toast(buyer).filter({ hasText: "Page Saved" })).toContainText("Version 1 is live");
  await buyer.setViewportSize({ width: 1440, height: 900 });
  await buyer.screenshot({ path: testInfo.outputPath("leased-page-lessee.png"), fullPage: true });
  await expect
    .poll(
      async () => (await buyer.request.get("/", { headers: { Host: name, Accept: "text/html" } })).text(),
      {
        timeout: 15_000,
      },
    )
    .toContain("The lessee&#39;s own offer");

  // The seller reads it and changes nothing.
  await seller.goto(`/domains/${domain.id}/page`);
  await expect(seller.getByTestId("lease-control")).toContainText("This domain is leased");
  await expect(
    seller.getByRole("group", { name: /^Block 1: Headline and text/ }).getByLabel("Headline"),
  ).toHaveValue("The lessee's own offer");
  await expect(seller.getByRole("button", { name: "Save and publish" })).toHaveCount(0);
  await seller.setViewportSize({ width: 390, height: 844 });
  await seller.screenshot({ path: testInfo.outputPath("leased-page-seller.png"), fullPage: true });

  await seller.goto("/marketplace/deals");
  await expect(seller.getByTestId("sale-row").filter({ hasText: name })).toContainText("You lease out");
  await buyer.context().close();
});
