import { test as base, expect, type Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";

export type Account = { name: string; username: string; email: string; password: string };

let counter = 0;

/** Credentials no other test uses; nothing is created until they are registered. */
export function uniqueAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Test Owner ${tag}`,
    username: `user_${tag}`,
    email: `owner-${tag}@example.com`,
    password: "correct-horse-battery",
    ...overrides,
  };
}

/** Registers an account through the API with the page's own cookies: the page is then signed in. */
export async function registerThroughApi(page: Page, account: Account): Promise<void> {
  const res = await page.request.post(AUTH_PATHS.register, {
    data: { ...account, timeZone: "America/New_York" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Deletes the account the page is signed in as (Settings → Delete Account, through the API), so
 * that a run leaves no accounts behind. A test that signed out, or left money or a renewing
 * subscription on the account, keeps it: the server refuses, and this is teardown, not a check.
 */
async function deleteSignedInAccount(page: Page): Promise<void> {
  await page.request.delete(AUTH_PATHS.account).catch(() => undefined);
}

type Fixtures = {
  /** A fresh account, registered; `page` is signed in as it. */
  account: Account;
  /** A fresh account, registered from a separate client; `page` stays signed out. */
  existingAccount: Account;
  /** A second browser, signed in as a fresh account of its own: the other party of a deal. */
  buyer: Page;
};

export const test = base.extend<Fixtures>({
  account: async ({ page }, use) => {
    const account = uniqueAccount();
    await registerThroughApi(page, account);
    await use(account);
    await deleteSignedInAccount(page);
  },
  existingAccount: async ({ playwright, baseURL }, use) => {
    const account = uniqueAccount();
    const client = await playwright.request.newContext({ baseURL });
    const res = await client.post(AUTH_PATHS.register, { data: account });
    expect(res.status(), await res.text()).toBe(201);
    await use(account);
    // Registering signed that client in: it deletes the account as it made it.
    await client.delete(AUTH_PATHS.account).catch(() => undefined);
    await client.dispose();
  },
  buyer: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const buyer = await context.newPage();
    await registerThroughApi(buyer, uniqueAccount());
    await use(buyer);
    await context.close();
  },
});

/** The toasts on screen (spec: one visible at a time). */
export function toast(page: Page) {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}
export { expect };

/** Adds a domain to the signed-in account through the API; answers the created domain. */
export async function addDomainThroughApi(
  page: Page,
  name = `owned-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`,
) {
  const res = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}
