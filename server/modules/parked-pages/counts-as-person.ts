import { isAutomatedAgent } from "../../lib/automated-agent";

/** What a request says about the browser that sent it. */
export interface BrowserSigns {
  userAgent: string | undefined;
  /** The `Sec-CH-UA` client hint. */
  clientHints: string | undefined;
  /** Whether the request came over https (client hints are sent to secure origins only). */
  secure: boolean;
}

/** Chromium browsers (Chrome, Edge, Opera, Brave…) send client hints to secure origins since version 90. */
const CHROMIUM = /\b(?:Chrome|Chromium|Edg|OPR)\/(\d+)/;

/**
 * Whether a view of a split-tested page may count as a person (docs/security.md#parked-pages):
 * not a known bot or script by its user agent (`isbot`), not a headless browser naming itself in
 * its client hints, and not a user agent claiming a Chromium browser that sent no client hints
 * over https, which every such browser does and a script copying its user agent does not.
 */
export function countsAsPerson(signs: BrowserSigns): boolean {
  if (isAutomatedAgent(signs.userAgent)) return false;
  if (signs.clientHints && /headless/i.test(signs.clientHints)) return false;
  const chromium = CHROMIUM.exec(signs.userAgent ?? "");
  if (chromium && Number(chromium[1]) >= 90 && signs.secure && !signs.clientHints) return false;
  return true;
}
