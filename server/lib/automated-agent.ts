import { isbot } from "isbot";
import { headerMemo } from "./header-memo";

const agents = headerMemo<boolean>();

/**
 * Whether a request's user agent is a crawler, a script or a headless browser by its own words:
 * the `isbot` package's maintained list (Googlebot, curl, python-requests, HeadlessChrome…), or
 * no user agent at all. Such a request is served like anyone and counted nowhere.
 */
export function isAutomatedAgent(userAgent: string | undefined): boolean {
  return !userAgent || agents(userAgent, () => isbot(userAgent));
}
