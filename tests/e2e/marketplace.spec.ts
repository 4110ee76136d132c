import type { Browser, Page } from "@playwright/test";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { verifyDomainThroughDns } from "./dns-records";
import { type Account, expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";

/** A second signed-in user in its own browser context. */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = uniqueAccount();
  await registerThroughApi(page, account);
  return { page, account };
}

/** Adds a domain and proves it (only a verified domain can be listed for sale). */
async function addDomain(page: Page, name: string) {
  const res = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  const domain = (await res.json()) as { id: string; name: string };
  await verifyDomainThroughDns(page, domain);
  return domain;
}

/** The toast on screen, whatever role its list item carries. */

const uniqueLabel = () => `mkt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a seller lists a domain, a buyer finds it by search and filters and writes to the seller, who reads it", async ({
  page: seller,
  account: sellerAccount,
  browser,
  baseURL,
}) => {
  test.slow();
  const label = uniqueLabel();
  const domainName = `${label}.io`;
  await addDomain(seller, domainName);
  const spareName = `${label}-spare.com`;
  await addDomain(seller, spareName);

  // The seller lists the domain.
  await seller.goto("/marketplace");
  await expect(seller.getByRole("heading", { name: "Domain Marketplace" })).toBeVisible();
  await seller.getByRole("button", { name: "List Domain for Sale" }).click();
  const listDialog = seller.getByRole("dialog", { name: "List Domain for Sale" });
  const confirm = listDialog.getByRole("button", { name: "List Domain", exact: true });
  await expect(confirm).toBeDisabled();
  await listDialog.getByLabel("Domain").selectOption({ label: domainName });
  await expect(confirm).toBeDisabled();
  const price = listDialog.getByLabel("Asking price (USD)");
  await expect(price).toHaveAttribute("step", "0.01");
  await price.fill("2400");
  await confirm.click();
  await expect(toast(seller)).toContainText("Domain Listed!");
  await expect(listDialog).toBeHidden();
  await expect(seller.getByTestId("listing-card").filter({ hasText: domainName })).toContainText(
    "Your listing",
  );

  // The listed domain has left the listable choices; the spare is listed too, at a lower price.
  await seller.getByRole("button", { name: "List Domain for Sale" }).click();
  const options = await listDialog.getByLabel("Domain").locator("option").allTextContents();
  expect(options).toContain(spareName);
  expect(options).not.toContain(domainName);
  await listDialog.getByLabel("Domain").selectOption({ label: spareName });
  await listDialog.getByLabel("Asking price (USD)").fill("950.50");
  await listDialog.getByRole("button", { name: "List Domain", exact: true }).click();
  await expect(listDialog).toBeHidden();

  // A buyer finds them by a case-insensitive search, then narrows and orders them with the filters.
  const { page: buyer, account: buyerAccount } = await signedInPage(browser, baseURL);
  await buyer.goto("/marketplace");
  await buyer.getByRole("searchbox", { name: "Search domains" }).fill(label.toUpperCase());
  const cards = buyer.getByTestId("listing-card");
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ hasText: domainName });
  await expect(card).toContainText("For Sale");
  await expect(card).toContainText("$2,400.00");
  await expect(card.getByRole("button", { name: "Contact Seller" })).toBeEnabled();

  await buyer.getByRole("button", { name: "Filters" }).click();
  await buyer.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  await expect(cards.first()).toContainText(spareName);
  await buyer.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  await expect(cards.first()).toContainText(domainName);
  await buyer.getByLabel("TLD").selectOption({ label: ".io" });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(domainName);
  await buyer.getByLabel("Min price").fill("2500");
  await expect(cards).toHaveCount(0);
  await expect(buyer.getByText("No domains match your search.")).toBeVisible();
  await buyer.getByRole("button", { name: "Reset" }).click();
  await expect(cards).toHaveCount(2);
  await buyer.getByLabel("Max price").fill("1000");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(spareName);
  await buyer.getByLabel("Max price").fill("");
  await buyer.getByLabel("TLD").selectOption({ label: ".io" });
  await expect(cards).toHaveCount(1);

  // The details: no parking revenue yet, so no revenue multiple.
  await cards.first().getByRole("button", { name: "View Details" }).click();
  const details = buyer.getByRole("dialog", { name: domainName });
  await expect(details).toContainText("$2,400.00");
  await expect(details).toContainText("Revenue Multiple");
  await expect(details).toContainText("—");

  // Contact the seller from the details.
  await details.getByRole("button", { name: "Contact Seller" }).click();
  const contact = buyer.getByRole("dialog", { name: "Contact Seller" });
  const send = contact.getByRole("button", { name: "Send Message" });
  await contact.getByLabel("Message").fill("   ");
  await expect(send).toBeDisabled();
  await contact.getByLabel("Message").fill(`Would you take $2,000 for ${domainName}?`);
  await send.click();
  await expect(toast(buyer)).toContainText("Message Sent!");
  await expect(contact).toBeHidden();

  // The seller reads it, with the buyer's email, and marks it read.
  await seller.reload();
  const inbox = seller.getByRole("region", { name: /Seller Inbox/ });
  await expect(inbox).toContainText("1 unread");
  const message = inbox.getByTestId("seller-message").filter({ hasText: domainName });
  await expect(message).toContainText(`Would you take $2,000 for ${domainName}?`);
  await expect(message.getByRole("link", { name: buyerAccount.email })).toBeVisible();
  await message.getByRole("button", { name: "Mark as read" }).click();
  await expect(inbox).not.toContainText("unread");
  await expect(message.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  // The buyer's own inbox shows nothing of it, and the seller's email is nowhere on the buyer's page.
  await buyer.reload();
  await expect(buyer.getByRole("region", { name: /Seller Inbox/ })).toContainText("No messages yet", {
    timeout: 15_000,
  });
  await expect(buyer.locator("body")).not.toContainText(sellerAccount.email);
});

test("a seller buys a premium listing for a domain and pays for it on the sandbox checkout", async ({
  page,
  account: _account,
}) => {
  const domain = await addDomain(page, `${uniqueLabel()}.com`);
  // A Premium Listing places a listing: only a listed name is offered.
  const listed = await page.request.post(marketplacePaths.list, {
    data: { domainId: domain.id, price: "2500" },
  });
  expect(listed.status()).toBe(201);
  await page.goto("/marketplace");

  await page.getByRole("button", { name: "Get Premium Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Premium Listing" });
  const buy = dialog.getByRole("button", { name: "Activate Premium Listing" });
  await expect(buy).toBeDisabled();
  await dialog.getByLabel("Listing type").selectOption("premium");
  await expect(dialog).toContainText("$99.99");
  await expect(dialog.getByTestId("tier-places")).toContainText("Category top");
  await dialog.getByLabel("Listed domain").selectOption({ label: domain.name });
  await expect(buy).toBeEnabled();
  await buy.click();

  // Nothing is "activated" before the payment.
  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Premium Listing Activated!")).toHaveCount(0);
  const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";

  // The order's checkout shows what was bought, and the sandbox takes the payment.
  await expect(page.getByRole("heading", { name: "Premium Listing" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(domain.name).first()).toBeVisible();
  await expect(page.getByText("$99.99").first()).toBeVisible();
  await page.getByRole("button", { name: "Pay with Stripe" }).click();
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $99.99" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/success\\?order=${orderId}$`));
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByTestId("order-activated")).toContainText("Premium Listing Activated!");

  const order = await page.request.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));
  expect(await order.json()).toMatchObject({ status: "paid", price: "99.99" });
});

test("a sold domain is no longer offered for listing, and a refusal raised inside the dialog is readable", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  const label = uniqueLabel();
  const sold = await addDomain(page, `${label}-sold.com`);
  const spareName = `${label}-spare.com`;
  const spare = await addDomain(page, spareName);
  const listed = await page.request.post(marketplacePaths.list, {
    data: { domainId: sold.id, price: "900" },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const sale = await page.request.post(marketplacePaths.sold, {
    data: { domainId: sold.id, price: "850" },
  });
  expect(sale.ok(), await sale.text()).toBe(true);

  await page.goto("/marketplace");
  await page.getByRole("button", { name: "List Domain for Sale" }).click();
  const listDialog = page.getByRole("dialog", { name: "List Domain for Sale" });
  // The owner's domains may still be on their way when the dialog opens.
  await expect(listDialog.getByLabel("Domain").locator("option", { hasText: spareName })).toHaveCount(1);
  const options = await listDialog.getByLabel("Domain").locator("option").allTextContents();
  expect(options).toContain(spareName);
  expect(options).not.toContain(sold.name);

  // The spare is listed and sold elsewhere while the dialog is open, so the server refuses it: the
  // dialog stays open and its toast is not hidden behind it (a role query finds only what
  // assistive technology can reach).
  await listDialog.getByLabel("Domain").selectOption({ label: spareName });
  await listDialog.getByLabel("Asking price (USD)").fill("700");
  for (const [path, price] of [
    [marketplacePaths.list, "700"],
    [marketplacePaths.sold, "650"],
  ] as const) {
    const res = await page.request.post(path, { data: { domainId: spare.id, price } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await listDialog.getByRole("button", { name: "List Domain", exact: true }).click();
  await expect(toast(page)).toContainText("Failed to list domain. Please try again.");
  await expect(listDialog).toBeVisible();
});
