import { expect, test } from "./fixtures";
import { listVerifiedDomain } from "./listings";

test("a buyer leases a financed listing to own: the term's schedule before paying, the first instalment at checkout, then the lease's progress and the lessee's redirect", async ({
  page: seller,
  account: _seller,
  buyer,
}) => {
  test.slow();
  const domain = await listVerifiedDomain(seller, "lease", "1200");
  const { name } = domain;
  const financing = await seller.request.post("/api/marketplace/financing", {
    data: { domainId: domain.id, terms: "12", setupFee: "299.99" },
  });
  const { orderId } = (await financing.json()) as { orderId: string };
  const paid = await seller.request.post(`/api/checkout/sandbox/${orderId}/pay?provider=stripe`, {
    maxRedirects: 0,
  });
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
  await expect(status.getByRole("button", { name: "Use the Parked Page" })).toBeVisible();

  await seller.goto("/marketplace/deals");
  await expect(seller.getByTestId("sale-row").filter({ hasText: name })).toContainText("You lease out");
  await buyer.context().close();
});
