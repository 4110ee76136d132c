import { DOMAIN_PATHS } from "../../shared/api/domains";
import { publishDnsRecord } from "./dns-records";
import { expect, test, toast } from "./fixtures";
import { listVerifiedDomain } from "./listings";

test("a buyer's offer, the seller's counter, payment into escrow, the TXT proof and acceptance complete a sale", async ({
  page: seller,
  account: _seller,
  buyer,
}) => {
  test.slow();
  // The seller lists a verified domain.
  const { name } = await listVerifiedDomain(seller, "deal", "1200");

  // A buyer finds it on the public storefront and makes an offer.
  await buyer.goto(`/listings/${name}`);
  await expect(buyer.getByRole("heading", { name })).toBeVisible();
  await buyer.getByRole("link", { name: "Make offer" }).click();
  const start = buyer.getByTestId("start-deal");
  await expect(start).toContainText("$1,200.00");
  await start.getByLabel("Your offer (USD)").fill("1000");
  await start.getByLabel("Message to the seller (optional)").fill("Would you take 1,000?");
  await start.getByRole("button", { name: "Send Offer" }).click();
  await expect(toast(buyer).filter({ hasText: "Offer Sent!" })).toBeVisible();

  // The seller counters.
  await seller.goto("/marketplace/deals");
  const received = seller
    .getByRole("region", { name: "Offers on your listings" })
    .getByTestId("offer-thread");
  await expect(received).toContainText("Would you take 1,000?");
  await received.getByLabel("Counter amount (USD)").fill("1100");
  await received.getByRole("button", { name: "Counter" }).click();
  await expect(received).toContainText("countered");

  // The buyer accepts the counter and pays it into escrow on the sandbox checkout.
  await buyer.goto("/marketplace/deals");
  const made = buyer.getByRole("region", { name: "Offers you made" }).getByTestId("offer-thread");
  await made.getByRole("button", { name: "Accept" }).click();
  await made.getByRole("button", { name: "Pay into Escrow" }).click();
  await expect(buyer).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await buyer.getByRole("button", { name: "Pay with Stripe" }).click();
  await expect(buyer.getByText("Test mode, no money moves")).toBeVisible();
  await buyer.getByRole("button", { name: /^Pay \$1,100\.00$/ }).click();
  await expect(buyer.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  // The buyer publishes the TXT record once the seller moved the name, and confirms.
  await buyer.goto("/marketplace/deals");
  await buyer.getByTestId("sale-row").getByRole("link", { name }).click();
  const sale = buyer.getByTestId("sale-details");
  await expect(buyer.getByTestId("sale-status")).toHaveText("Awaiting transfer");
  const value = (await buyer.getByTestId("txt-value").textContent()) ?? "";
  expect(value).toMatch(/^parkpilot-verify=/);
  await publishDnsRecord({ name, txt: value });
  await sale.getByRole("button", { name: "Confirm Transfer" }).click();
  await expect(buyer.getByTestId("sale-status")).toHaveText("Inspection");
  await sale.getByRole("button", { name: "Accept Domain" }).click();
  await expect(buyer.getByTestId("sale-status")).toHaveText("Completed");

  // The seller sees the sale completed; the domain is in the buyer's portfolio.
  await seller.goto("/marketplace/deals");
  await expect(seller.getByTestId("sale-row").filter({ hasText: name })).toContainText("Completed");
  const portfolio = await buyer.request.get(DOMAIN_PATHS.list);
  expect(JSON.stringify(await portfolio.json())).toContain(name);
  await buyer.context().close();
});
