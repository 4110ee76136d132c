/** The name a request arrived on, as a domain row stores it: lowercase, no port, no `www.`, no trailing dot. */
export function normalizeHost(host: string | undefined): string {
  if (!host) return "";
  return host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}
