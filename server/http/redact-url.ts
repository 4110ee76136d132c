/**
 * A request's URL as the log keeps it: secrets that travel in URLs (a buyer invoice's pay token,
 * a `token` query parameter of an invitation, a reset or an unsubscribe link) are replaced.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(lead-invoices|pay\/invoice)\/[^/?#]+/g, "/$1/[redacted]")
    .replace(/([?&](?:token|t|code)=)[^&#]*/g, "$1[redacted]");
}
