/** The fake GoDaddy of the browser tests: its port (beside the app's, as the SMTP sink's) and its one account. */
export const E2E_GODADDY_PORT = Number(process.env.E2E_PORT ?? 5100) + 26;
export const E2E_GODADDY = { key: "e2e-godaddy-key", secret: "e2e-godaddy-secret" };

/** The registrar account registers a name (the fake's own door, from the test's process). */
export async function registerAtGoDaddy(domain: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_GODADDY_PORT}/__fake/domains`, {
    method: "POST",
    body: JSON.stringify({ domain }),
  });
  if (res.status !== 201) throw new Error(`the fake registrar refused ${domain}: ${res.status}`);
}
