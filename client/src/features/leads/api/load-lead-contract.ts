/**
 * The lead form's rules and constants with their validator (zod's small build), and the api client. The
 * landing page loads them when the visitor starts on the form rather than with the page, which
 * keeps the page's first download small.
 */
export async function loadLeadContract() {
  const [contract, client] = await Promise.all([
    import("@shared/api/leads/form"),
    import("@/lib/api-client"),
  ]);
  return { ...contract, apiRequest: client.apiRequest };
}
